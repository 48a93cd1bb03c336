"""A whole playtest as ``solo playtest`` runs it: refuse a broken adventure, run, report.

:func:`playtest` loads the adventure the way ``solo play`` does (an adventure with validation
errors is refused before any run), gathers the runs through an executor, writes a replay file
for every run the engine raised in (its seed and decisions, readable by ``solo replay`` and
``solo play --replay``), and builds the report. The command line only parses options and shows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from solo.budget import DEFAULT_MEMORY_MB, DEFAULT_SECONDS, Limits
from solo.engine.game import Game
from solo.playtest.executors import gather, open_executor
from solo.playtest.report import build
from solo.playtest.runner import DEFAULT_STEP_LIMIT, PlaytestSpec, RunResult, _starting_character
from solo.saves import atomic_write, make_payload
from solo.session import load_playable

DEFAULT_REPLAY_DIR = "playtest-failures"


@dataclass
class Options:
    adventure: str
    runs: int = 1000
    seed: int = 1
    policy: str = "random"
    pregen: str | None = None
    character: dict[str, Any] | None = None
    workers: int = 1
    executor: str | None = None
    step_limit: int = DEFAULT_STEP_LIMIT
    replay_dir: str = DEFAULT_REPLAY_DIR
    seconds: float = DEFAULT_SECONDS  # the time budget; the report covers the runs done by then
    memory_mb: float = DEFAULT_MEMORY_MB
    runtime: str = "fast"  # or "engine" (see solo.playtest.fast_run)

    @property
    def limits(self) -> Limits:
        return Limits(self.seconds, self.memory_mb)


def make_spec(options: Options) -> PlaytestSpec:
    adventure = load_playable(options.adventure).adventure
    spec = PlaytestSpec(adventure=adventure, policy=options.policy, pregen=options.pregen,
                        character=options.character, step_limit=options.step_limit, runtime=options.runtime)
    _starting_character(spec)  # an unknown pregenerated character fails here, before any run
    return spec


def write_replay(spec: PlaytestSpec, result: RunResult, folder: Path) -> Path:
    """A replay file for a failed run: its state before the failing decision, and every
    decision (the failing one last), so that replaying it shows the failure again."""
    game = Game(spec.adventure, seed=result.seed, character=_starting_character(spec))
    game.start()
    for key in result.keys[:-1]:
        game.choose(key)
    state = game.snapshot()
    payload = make_payload(
        adventure_id=spec.adventure.id,
        adventure_title=spec.adventure.title,
        adventure_digest=spec.adventure.digest,
        adventure_source=spec.adventure.source,
        state=state,
        progress=f"playtest run {result.index}: {result.error}",
        extra={"transcript": list(result.keys), "playtest": {"run": result.index, "error": result.error}},
    )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{spec.adventure.id}-run{result.index}-seed{result.seed}.json"
    atomic_write(path, json.dumps(payload, indent=1).encode())
    return path


def playtest(options: Options, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run the playtest described by ``options``; the report (see :mod:`solo.playtest.report`)."""
    spec = make_spec(options)
    with open_executor(options.workers, options.executor) as (executor, workers):
        gathered = gather(spec, options.runs, options.seed, executor, workers, progress, options.limits)
    replays: dict[int, str] = {}
    for result in gathered.results:
        if result.keys and result.status in ("error", "dead-end", "loop"):
            try:
                replays[result.index] = str(write_replay(spec, result, Path(options.replay_dir)))
            except Exception as exc:  # the report still names the run and its seed
                replays[result.index] = f"(not written: {exc})"
    return build(spec, gathered.results, runs_asked=options.runs, seed=options.seed,
                 interrupted=gathered.interrupted, replays=replays, stopped=gathered.stopped)
