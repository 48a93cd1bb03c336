"""What ``solo playtest`` shows: a progress bar on stderr, then rich tables, JSON or HTML.

The command line passes its options here; this module resolves ``--character`` (a pregenerated
character's id, else a stored character's name), runs the playtest or the exhaustive sweep with a
progress bar (only when stderr is a terminal, so JSON on stdout stays clean), and prints.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from solo.budget import DEFAULT_MEMORY_MB, DEFAULT_SECONDS
from solo.errors import BadRequest
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
        raise BadRequest(f"{stored.name} is a {stored.system} character; {adventure.title!r} is played with {adventure.system}")
    return None, stored.to_dict()


def run_playtest_command(*, adventure: str, runs: int, seed: int, character_name: str | None, policy: str,
                         workers: int, executor: str | None, step_limit: int, exhaustive: bool, as_json: bool,
                         html_file: str | None, replay_dir: str, save_dir: str | None, console: Console,
                         seconds: float = DEFAULT_SECONDS, memory_mb: float = DEFAULT_MEMORY_MB,
                         runtime: str = "fast") -> None:
    pregen, character = resolve_character(adventure, character_name, save_dir)
    options = Options(adventure=adventure, runs=runs, seed=seed, policy=policy, pregen=pregen,
                      character=character, workers=workers, executor=executor, step_limit=step_limit,
                      replay_dir=replay_dir, seconds=seconds, memory_mb=memory_mb, runtime=runtime)
    if exhaustive:
        from solo.playtest.exhaustive import progress_text, sweep
        from solo.progress import ProgressLine

        with ProgressLine() as line:
            result = sweep(options, progress=lambda found: line.show(progress_text(found)))
        if html_file:
            from solo.playtest.sweep_html import write_sweep_html

            write_sweep_html(result, load_playable(adventure).adventure, Path(html_file))
        if as_json:
            sys.stdout.write(report_mod.to_json(result))
        else:
            from solo.playtest.exhaustive import show

            show(result, console)
            if html_file:
                console.print(f"HTML report written to {html_file}", markup=False)
        return
    err = Console(stderr=True)
    show_bar = err.is_terminal
    with Progress(TextColumn("playtest"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                  TextColumn(f"(budget {seconds:g} s)"), console=err, transient=True, disable=not show_bar) as bar:
        task = bar.add_task("runs", total=runs, rate="")
        started = time.monotonic()

        def advance(n: int) -> None:
            bar.advance(task, n)
            done = bar.tasks[0].completed
            bar.update(task, rate=f"{done / max(1e-9, time.monotonic() - started):.0f} runs/s")

        report = playtest(options, progress=advance)
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
        why = report.get("stopped") or "interrupted"
        console.print(f"{why}: the report covers the {report['runs']} runs gathered", style="yellow", markup=False)
    if html_file:
        console.print(f"HTML report written to {html_file}", markup=False)
