"""Seeded playthroughs whose results are pinned: what "same behaviour" means for engine speed-ups.

:func:`digests` plays every bundled adventure (and a few fixtures) with fixed seeds, through the
playtest runner (every policy) and through a plain driver that keeps every event, and returns one
SHA-256 per (adventure, way of playing). ``test_pinned_runs.py`` compares them with
``pinned_runs.json``, computed on the engine before it was made faster. Rewrite the file only when
a behaviour change is intended:

    python tests/engine/pinned_runs.py > tests/engine/pinned_runs.json
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_NAMES = ("small.yaml", "hb-fight.yaml", "guts-fight.yaml", "four-s-fight.yaml", "game-fight.yaml", "lf-fight.yaml")
POLICY_RUNS = {"random": 12, "careful": 4, "cautious": 3, "greedy": 3, "explorer": 3}
EVENT_RUNS = 3


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _events_of(adventure, seed: int) -> str:
    """Every event of one game driven by seeded random keys, hints read, as JSON lines."""
    from solo.engine.game import Game

    game = Game(adventure, seed=seed)
    answers = random.Random(seed)
    lines: list[str] = []
    events = game.start()
    for _ in range(400):
        for event in events:
            data = event.to_dict()
            if event.type == "choices":
                data["hints"] = [o.hint for o in event.options]
            lines.append(_json(data))
        if game.finished:
            break
        keys = game.offered.enabled_keys()
        events = game.choose(answers.choice(keys))
    lines.append(_json(game.snapshot()))
    return "\n".join(lines)


#: What a run's result holds beyond the pinned fields: derived from the pinned ones (the scene
#: moves are the path's steps counted), so a new report field does not unpin every run.
DERIVED = ("moves",)


def _result(run: Any) -> dict[str, Any]:
    return {k: v for k, v in dataclasses.asdict(run).items() if k not in DERIVED}


def digests(paths: list[str]) -> dict[str, str]:
    from solo.adventure import loader
    from solo.playtest.runner import PlaytestSpec, run_one

    found: dict[str, str] = {}
    for path in paths:
        adventure = loader.load(path).adventure
        for policy, runs in POLICY_RUNS.items():
            spec = PlaytestSpec(adventure, policy=policy)
            text = "\n".join(_json(_result(run_one(spec, i, 11))) for i in range(runs))
            found[f"{adventure.id} {policy}"] = hashlib.sha256(text.encode()).hexdigest()
        text = "\n".join(_events_of(adventure, seed) for seed in range(EVENT_RUNS))
        found[f"{adventure.id} events"] = hashlib.sha256(text.encode()).hexdigest()
    return found


def pinned_paths() -> list[str]:
    from solo.adventure import loader

    fixtures = [str(ROOT / "tests" / "fixtures" / n) for n in FIXTURE_NAMES]
    return [str(p) for p in loader.bundled_files()] + fixtures + [str(ROOT / "bench" / "choices.yaml")]


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests" / "engine"))
    from plain_d6 import PlainD6

    from solo.rules import registry

    registry.register("plain-d6", PlainD6)
    print(json.dumps(digests(pinned_paths()), indent=1, sort_keys=True))
