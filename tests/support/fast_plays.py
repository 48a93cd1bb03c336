"""Seeded random runs played on the playtest's fast runtime itself (never its engine fallback),
for tests that watch what the runtime asks of the rules and the engine while it plays."""

from __future__ import annotations

from solo.adventure import loader
from solo.playtest import fast_run
from solo.playtest.runner import PlaytestSpec, RunResult


def play_fast(name: str, runs: int, master: int) -> list[RunResult]:
    """Runs 0 to ``runs - 1`` of adventure ``name`` (random policy, any character) under
    ``master``, each played by :class:`solo.playtest.fast_run._Run`."""
    spec = PlaytestSpec(loader.load(name).adventure, runtime="fast")
    return [fast_run._Run(spec, index, master).play() for index in range(runs)]
