"""What ``solo playtest`` shows: a progress bar on stderr, then rich tables, JSON or HTML.

The command line passes its options here; this module resolves ``--character`` (a pregenerated
character's id, else a stored character's name), runs the playtest or the exhaustive sweep with a
progress bar (only when stderr is a terminal, so JSON on stdout stays clean), and prints.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from solo.playtest import report as report_mod
from solo.playtest.command import Options, playtest
from solo.session import load_playable


def resolve_character(adventure_name: str, name: str | None, save_dir: str | None) -> tuple[str | None, dict[str, Any] | None]:
    """``(pregen id, None)`` or ``(None, stored character data)`` for ``--character``."""
    if not name:
        return None, None
    adventure = load_playable(adventure_name).adventure
    for person in adventure.characters:
        if name in (person.id, person.name):
            return person.id, None
    from solo.characters import CharacterStore

    stored = CharacterStore(save_dir).load(name)
    if stored.system != adventure.system:
        raise ValueError(f"{stored.name} is a {stored.system} character; {adventure.title!r} is played with {adventure.system}")
    return None, stored.to_dict()


def run_playtest_command(*, adventure: str, runs: int, seed: int, character_name: str | None, policy: str,
                         workers: int, executor: str | None, step_limit: int, exhaustive: bool, as_json: bool,
                         html_file: str | None, replay_dir: str, save_dir: str | None, console: Console) -> None:
    pregen, character = resolve_character(adventure, character_name, save_dir)
    options = Options(adventure=adventure, runs=runs, seed=seed, policy=policy, pregen=pregen,
                      character=character, workers=workers, executor=executor, step_limit=step_limit,
                      replay_dir=replay_dir)
    if exhaustive:
        from solo.playtest.exhaustive import sweep

        result = sweep(options)
        if as_json:
            sys.stdout.write(report_mod.to_json(result))
        else:
            from solo.playtest.exhaustive import show

            show(result, console)
        return
    err = Console(stderr=True)
    show_bar = err.is_terminal
    with Progress(TextColumn("playtest"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, transient=True, disable=not show_bar) as bar:
        task = bar.add_task("runs", total=runs)
        report = playtest(options, progress=lambda n: bar.advance(task, n))
    loaded = load_playable(adventure).adventure
    if html_file:
        from solo.playtest.html import write_html

        write_html(report, loaded, Path(html_file))
    if as_json:
        sys.stdout.write(report_mod.to_json(report))
        return
    from solo.playtest.view import show as show_tables

    show_tables(report, loaded, console)
    if report["interrupted"]:
        console.print(f"interrupted: the report covers the {report['runs']} runs gathered", style="yellow", markup=False)
    if html_file:
        console.print(f"HTML report written to {html_file}", markup=False)
