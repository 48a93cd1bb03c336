"""Seeded playthroughs computed once per pytest run and shared by its xdist workers.

Several tests read the same seeded playtests (supply-ship's random and careful bots per pregen);
under ``pytest -n`` each worker used to play them again. The session fixture ``shared_runs``
keeps each result, by a key that names everything it depends on, as JSON in a folder of this
run's temporary directory (the parent of the workers' own, which pytest makes new for every run,
so nothing survives into the next run and an edited adventure is always played again). A lock
per key makes the first worker that asks play it while another one waiting for it reads it after.
Without xdist, results are kept in memory for the run. They always come back through JSON, so a
test sees the same shapes with and without workers.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

try:
    import fcntl
except ImportError:  # no advisory locks (Windows): each worker plays its own
    fcntl = None  # type: ignore[assignment]


class SharedRuns:
    """Results by key: from this process's memory, else the run's folder, else computed."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.memory: dict[str, Any] = {}

    def get(self, key: str, compute: Callable[[], Any]) -> Any:
        if key not in self.memory:
            self.memory[key] = self._shared(key, compute) if self.folder is not None else json.loads(json.dumps(compute()))
        return self.memory[key]

    def _shared(self, key: str, compute: Callable[[], Any]) -> Any:
        assert self.folder is not None
        path = self.folder / (quote(key, safe="")[:200] + ".json")
        with open(path.with_suffix(".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # the other worker may be playing it: wait, then read
            try:
                if path.exists():
                    return json.loads(path.read_text())
                text = json.dumps(compute())
                partial = path.with_suffix(f".{os.getpid()}.tmp")
                partial.write_text(text)
                os.replace(partial, path)
                return json.loads(text)
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def shared_runs(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> SharedRuns:
    if fcntl is None or not hasattr(request.config, "workerinput"):  # one process: its memory is enough
        return SharedRuns(None)
    folder = tmp_path_factory.getbasetemp().parent / "shared-runs"  # a worker's folder is inside the run's
    folder.mkdir(exist_ok=True)
    return SharedRuns(folder)


#: supply-ship's shared sample: SUPPLY_SHIP_RUNS seeded games per pregen and bot at SUPPLY_SHIP_SEED,
#: read by tests/engine/test_supply_ship_adventure.py and tests/engine/test_guts_plus_conflicts.py
#: (one key, so one play a run). It was 80; the first 50 of the same seed are the same games, and
#: test_supply_ship_adventure.py's docstring gives what each check catches at 50.
SUPPLY_SHIP_RUNS, SUPPLY_SHIP_SEED = 50, 13


def seeded_playtest(shared: SharedRuns, tmp_path_factory: pytest.TempPathFactory, adventure: str, *,
                    runs: int, seed: int, pregen: str, policy: str = "random") -> dict:
    """``solo playtest ADVENTURE --runs RUNS --seed SEED --character PREGEN --policy POLICY``'s
    report, played once per test run whichever tests (in whichever worker) ask for it."""
    from solo.playtest.command import Options, playtest

    def play() -> dict:
        folder = tmp_path_factory.mktemp("failures")
        return playtest(Options(adventure=adventure, runs=runs, seed=seed, pregen=pregen, policy=policy,
                                replay_dir=str(folder)))

    return shared.get(f"{adventure} {policy} runs={runs} seed={seed} pregen={pregen}", play)
