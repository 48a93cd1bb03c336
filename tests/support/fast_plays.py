"""Seeded random runs played on the playtest's fast runtime itself (never its engine fallback),
for tests that watch what the runtime asks of the rules and the engine while it plays."""

from __future__ import annotations

from solo.adventure import loader
from solo.playtest import fast_run
from solo.playtest.runner import PlaytestSpec, RunResult


def play_fast(name: str, runs: int, master: int) -> list[RunResult]:
    """Runs 0 to ``runs - 1`` of adventure ``name`` (random policy, any character) under
    ``master``, each played by :class:`solo.playtest.fast_run._Run`.

    Every run must reach an ending: the runtime turns an exception raised inside a step into a
    run with an error status, so an assertion a test puts in a patched rule would otherwise be
    swallowed and the test would pass."""
    spec = PlaytestSpec(loader.load(name).adventure, runtime="fast")
    results = [fast_run._Run(spec, index, master).play() for index in range(runs)]
    failed = [(r.index, r.status, r.error) for r in results if r.status != "ended"]
    assert not failed, f"runs that did not end: {failed}"
    return results
