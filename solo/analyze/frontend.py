"""What ``solo analyze`` shows: JSON, or rich tables of endings, objectives, stuck states, checks."""

from __future__ import annotations

import json
import time
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from solo.adventure.model import Adventure
from solo.analyze.checks import check_table
from solo.analyze.command import analyze
from solo.rules.base import Character
from solo.session import load_playable


def _character(adventure: Adventure, name: str | None, save_dir: str | None) -> Character | None:
    if not name:
        return None
    for person in adventure.characters:
        if name in (person.id, person.name):
            return person.character(adventure.system)
    from solo.characters import CharacterStore

    stored = CharacterStore(save_dir).load(name)
    if stored.system != adventure.system:
        raise ValueError(f"{stored.name} is a {stored.system} character; {adventure.title!r} is played with {adventure.system}")
    return stored


def run_analyze_command(*, adventure: str, character_name: str | None, policy: str, checks: bool, max_states: int,
                        samples: int, as_json: bool, save_dir: str | None, console: Console) -> None:
    loaded = load_playable(adventure).adventure
    character = _character(loaded, character_name, save_dir)
    if checks:
        extra = character if character is not None and character.id not in {p.id for p in loaded.characters} else None
        table = check_table(loaded, extra)
        if as_json:
            console.out(json.dumps(table, indent=2), highlight=False)
        else:
            show_checks(table, console)
        return
    started = time.perf_counter()
    result = analyze(loaded, character, policy, max_states=max_states, samples=samples)
    elapsed = time.perf_counter() - started
    if as_json:
        console.out(json.dumps(result, indent=2), highlight=False)
        return
    show(result, loaded, console, elapsed)


def show(result: dict[str, Any], adventure: Adventure, console: Console, elapsed: float) -> None:
    how = (f"exact, {result['states']} states" if result["method"] == "exact"
           else f"sampled, {result.get('samples', 0)} runs, standard error up to {result.get('standard_error', 0):.4f}"
           if result["method"] == "sampling" else "not computed")
    console.print(Text(f"{adventure.title} ({adventure.id}): {result['policy']} play, {result['character']}; "
                       f"{how}; {elapsed:.2f} s", style="bold"))
    if result["method"] != "exact":
        console.print(Text(f"Why not exact: {result['reason']}", style="yellow"))
        if "note" in result:
            console.print(Text(result["note"], style="yellow"))
            return
    table = Table(title="Endings", title_justify="left")
    for column in ("ending", "outcome", "probability", "exact"):
        table.add_column(column, justify="left" if column == "ending" else "right")
    for sid, p in sorted(result["endings"].items(), key=lambda kv: -kv[1]):
        scene = adventure.scenes[sid]
        table.add_row(Text(f"{scene.title} ({sid})"), scene.ending.outcome if scene.ending else "",
                      f"{p * 100:.2f}%", result.get("exact", {}).get(sid, ""))
    console.print(table)
    if result["objectives"]:
        objectives = Table(title="Objectives", title_justify="left")
        objectives.add_column("objective")
        objectives.add_column("probability", justify="right")
        for oid, p in result["objectives"].items():
            objectives.add_row(Text(adventure.objectives[oid].text), f"{p * 100:.2f}%")
        console.print(objectives)
    for entry in result["stuck"]:
        title = adventure.scenes[entry["scene"]].title if entry["scene"] in adventure.scenes else entry["scene"]
        console.print(Text(f"Stuck (no ending can be reached any more) from {title} ({entry['scene']}): "
                           f"{entry['probability'] * 100:.2f}%", style="red"))
    for entry in result["errors"]:
        console.print(Text(f"The engine fails in {entry['scene']}: {entry['error']} "
                           f"({entry['probability'] * 100:.2f}%)", style="red"))
    for sid in result["unreachable_endings"]:
        console.print(Text(f"Ending {sid} is never reached with {result['policy']} play", style="yellow"))


def show_checks(table: dict[str, Any], console: Console) -> None:
    grid = Table(title=f"Checks of {table['adventure']}: chance of success", title_justify="left")
    grid.add_column("check")
    grid.add_column("tests")
    for who in table["characters"]:
        grid.add_column(who, justify="right")
    for row in table["checks"]:
        cells = [row["odds"][who].get("percent", "—") for who in table["characters"]]
        grid.add_row(Text(f"{row['scene']}: {row['choice']}"), Text(row["tests"]), *cells)
    console.print(grid)
