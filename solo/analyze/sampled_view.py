"""What ``solo analyze`` shows of a sampled result (:mod:`solo.analyze.sampled`): the progress
line while sampling, and the tables, each figure with its 95% interval, saying plainly that the
figures are estimates from playthroughs, not exact and not bounded."""

from __future__ import annotations

import math
import shlex
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from solo.adventure.model import Adventure
    from solo.analyze.sampled import SampleProgress


def progress_text(p: SampleProgress) -> str:
    """The progress line while sampling: runs, rate, the widest half-width so far, time left."""
    left = max(0.0, p.budget.seconds - p.seconds)
    widest = "" if p.widest is None else f", widest ±{p.widest * 100:.2f} points (asked ±{p.bound * 100:g})"
    why = p.why if p.why.startswith("exact given up") else "exact out of reach"
    return (f"analyze: {why}, sampling whole playthroughs: {p.runs} runs, {p.rate:.0f}/s{widest}; "
            f"{p.seconds:.0f} s, stops within {left:.0f} s (budget)")


def points(p: float) -> str:
    return f"{p * 100:.2f}"


def figure(p: float, span: dict[str, float]) -> str:
    """One estimate as shown: the share of runs and its interval."""
    return f"{points(p)}% ±{points(span['half_width'])} ({points(span['low'])}–{points(span['high'])}%)"


def seconds_for(result: dict[str, Any]) -> float | None:
    """About the time budget that would bring the widest half-width to the one asked: the runs
    needed grow as the square of the narrowing (None: nothing to go by)."""
    sampling = result["seconds"] - result["explored"]["seconds"]
    if result["runs"] == 0 or sampling <= 0 or result["half_width_asked"] <= 0:
        return None
    return result["explored"]["seconds"] + sampling * (result["half_width"] / result["half_width_asked"]) ** 2


def show(result: dict[str, Any], adventure: Adventure, console: Console, elapsed: float, asked: Any = None) -> None:
    from rich.table import Table
    from rich.text import Text

    runs, widest = result["runs"], result["half_width"]
    console.print(Text(f"{adventure.title} ({adventure.id}): {result['policy']} play, {result['character']}; "
                       f"sampled (not exact, not bounded): {runs:,} whole playthroughs; {elapsed:.2f} s, "
                       f"peak {result['peak_mb']:.0f} MB", style="bold"))
    console.print(Text(f"Each figure is the share of {runs:,} random playthroughs, shown with its 95% interval "
                       f"({result['interval']}): a sample this size lands within ±{points(widest)} points of the "
                       f"true figure (the widest interval) 95% of the time."))
    found = result["explored"]
    console.print(Text(f"Why sampled: the exact analysis explored {found['states']:,} states and left "
                       f"{found['unexplored'] * 100:.1f}% of the play unexplored ({found['stopped']})", style="yellow"))
    if found.get("blowup"):
        console.print(Text("The variables that take the most values: "
                           + ", ".join(f"{b['variable']} ({b['values']})" for b in found["blowup"][:6]), style="yellow"))
    words = ["solo", "playtest", asked.adventure if asked is not None else adventure.id, "--seed", str(result["seed"]),
             "--runs", str(runs)]
    if asked is not None and asked.character:
        words += ["--character", asked.character]
    console.print(Text(f"The same runs: `{' '.join(shlex.quote(w) for w in words)}`"))
    if widest > result["half_width_asked"]:
        wanted = seconds_for(result)
        limit = None if wanted is None else f"{math.ceil(wanted * 1.2 / 10) * 10:g}"
        more = ("" if limit is None else f"; about `--time-limit {limit}` would reach it" if asked is None
                else f"; about `{asked.analyze_command(['--time-limit', limit])}` would reach it")
        console.print(Text(f"Stopped: {result['stopped']}, at ±{points(widest)} points, not the "
                           f"±{points(result['half_width_asked'])} asked{more}", style="yellow"))
    table = Table(title="Endings", title_justify="left")
    for column in ("ending", "outcome", "share of runs ± (95% interval)"):
        table.add_column(column, justify="left" if column == "ending" else "right")
    for sid, p in sorted(result["endings"].items(), key=lambda kv: -kv[1]):
        scene = adventure.scenes[sid]
        table.add_row(Text(f"{scene.title} ({sid})"), scene.ending.outcome if scene.ending else "",
                      figure(p, result["intervals"][sid]))
    console.print(table)
    if result["objectives"]:
        objectives = Table(title="Objectives", title_justify="left")
        objectives.add_column("objective")
        objectives.add_column("share of runs ± (95% interval)", justify="right")
        for oid, p in result["objectives"].items():
            objectives.add_row(Text(adventure.objectives[oid].text), figure(p, result["objectives_intervals"][oid]))
        console.print(objectives)
    for entry in result["stuck"]:
        title = adventure.scenes[entry["scene"]].title if entry["scene"] in adventure.scenes else entry["scene"]
        console.print(Text(f"Runs cut off at the step limit, circling in {title}: "
                           f"{figure(entry['probability'], entry)} (first: run {entry['run']})", style="red"))
    for entry in result["errors"]:
        console.print(Text(f"The engine fails in {entry['scene']}: {entry['error']} "
                           f"({figure(entry['probability'], entry)}; first: run {entry['run']})", style="red"))
    for sid in result["unseen_endings"]:
        console.print(Text(f"Ending {sid} was reached in none of the {runs:,} runs: at most "
                           f"{points(result['intervals'][sid]['high'])}% (95%) with {result['policy']} play",
                           style="yellow"))
