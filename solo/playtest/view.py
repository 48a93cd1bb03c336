"""A playtest report as rich tables for the terminal (``solo playtest`` without ``--json``)."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from solo.adventure.model import Adventure


def _pct(x: float) -> str:
    return f"{x * 100:.1f}%"


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold")
    for n, column in enumerate(columns):
        table.add_column(column, justify="left" if n == 0 else "right")
    return table


def render(report: dict[str, Any], adventure: Adventure) -> Group:
    parts: list[Any] = []
    head = (f"{adventure.title} ({adventure.id}): {report['runs']} runs, seed {report['seed']}, "
            f"policy {report['policy']}, character {report['character']}")
    if report["interrupted"]:
        why = report.get("stopped") or "interrupted"
        head += f"  [{why}: {report['runs']} of {report['runs_asked']} runs]"
    parts.append(Text(head, style="bold"))

    endings = _table("Endings (95% confidence interval)", "ending", "outcome", "runs", "rate", "95% CI")
    for sid, count in sorted(report["endings"].items(), key=lambda kv: -kv[1]):
        rate = report["ending_rates"][sid]
        lo, hi = rate["ci95"]
        endings.add_row(Text(f"{adventure.scenes[sid].title} ({sid})"), str(rate["outcome"]), str(count),
                        _pct(rate["rate"]), f"{_pct(lo)} – {_pct(hi)}")
    parts.append(endings)

    if report["objectives"]:
        objectives = _table("Objectives", "objective", "completed")
        for oid, rate in report["objectives"].items():
            objectives.add_row(Text(adventure.objectives[oid].text), _pct(rate))
        parts.append(objectives)

    if report["resources"] or report["conflicts"]:
        res = _table("Character at the end", "resource", "mean", "sd", "min", "max")
        for name, s in report["resources"].items():
            res.add_row(name, f"{s['mean']:.2f}", f"{s['sd']:.2f}", str(s["min"]), str(s["max"]))
        res.add_row("rerolls spent", str(report["rerolls"]), "", "", "")
        for how, count in report["conflicts"].items():
            res.add_row(f"conflicts {how}", str(count), "", "", "")
        parts.append(res)

    length = _table("Length", "per run", "mean", "sd", "median", "min", "max")
    for name, s in report["length"].items():
        length.add_row(name, f"{s['mean']:.1f}", f"{s['sd']:.1f}", f"{s['median']:.0f}", str(s["min"]), str(s["max"]))
    parts.append(length)

    if report["checks_failed_most"]:
        checks = _table("Checks failed most", "check", "attempts", "failures", "failure rate")
        for entry in report["checks_failed_most"]:
            sid, _, index = entry["check"].partition("#")
            text = adventure.scenes[sid].choices[int(index)].text if sid in adventure.scenes else entry["check"]
            checks.add_row(Text(f"{sid}: {text}"), str(entry["attempts"]), str(entry["failures"]),
                           _pct(entry["failure_rate"]))
        parts.append(checks)

    scenes = _table("Scenes seen least", "scene", "runs that saw it", "visits")
    for sid, reach in sorted(report["scene_reach"].items(), key=lambda kv: (kv[1], kv[0]))[:10]:
        scenes.add_row(Text(f"{adventure.scenes[sid].title} ({sid})"), _pct(reach), str(report["scenes"][sid]))
    parts.append(scenes)

    problems = Text()
    if report["unreached_scenes"]:
        problems.append("Never reached: " + ", ".join(report["unreached_scenes"]) + "\n", style="yellow")
    if report["unreached_choices"]:
        problems.append(f"Choices never taken ({len(report['unreached_choices'])}): "
                        + ", ".join(report["unreached_choices"][:20])
                        + (" …" if len(report["unreached_choices"]) > 20 else "") + "\n", style="yellow")
    for entry in report["stuck"]:
        where = adventure.scenes[entry["scene"]].title if entry["scene"] in adventure.scenes else entry["scene"]
        line = f"Stuck ({entry['kind']}) in {where} ({entry['scene']}): {entry['runs']} runs, first seed {entry['first_seed']}"
        if entry["loop"]:
            line += f"; looping through {', '.join(entry['loop'])}"
        problems.append(line + "\n", style="red")
    for error in report["errors"][:10]:
        problems.append(f"Run {error['run']} (seed {error['seed']}) failed in {error['scene']}: "
                        f"{error['error']}; replay: {error['replay']}\n", style="red")
    if len(report["errors"]) > 10:
        problems.append(f"… and {len(report['errors']) - 10} more failed runs (see --json)\n", style="red")
    if not problems.plain:
        problems.append("Every scene and choice was reached; no run got stuck.", style="green")
    parts.append(problems)
    return Group(*parts)


def show(report: dict[str, Any], adventure: Adventure, console: Console) -> None:
    console.print(render(report, adventure))
