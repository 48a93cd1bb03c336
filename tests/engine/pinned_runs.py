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
#: The one-fight fixtures play only the runs that between them execute every line of solo/ that
#: all of POLICY_RUNS and EVENT_RUNS execute (policy -> run indices, "events" -> event seeds): the
#: same code for 30-45% of the CPU (hb-fight's 28 games cost 3.1 s, these 7 games 1.35 s). Found
#: by ``python tests/engine/pinned_runs.py --cover FIXTURE``, a greedy cover of each run's lines;
#: search again when a fixture or a policy changes. The bundled adventures keep every run: their
#: branches turn on values that a line count does not see.
COVERING_RUNS: dict[str, dict[str, tuple[int, ...]]] = {
    "hb-fight.yaml": {"random": (0, 4, 10), "careful": (0, 1), "explorer": (2,), "events": (1,)},
    "guts-fight.yaml": {"random": (0, 1, 7, 8, 10, 11), "careful": (2,), "explorer": (1,), "events": (1,)},
    "game-fight.yaml": {"random": (0, 3, 7), "careful": (1, 3), "explorer": (0,), "events": (0,)},
    "four-s-fight.yaml": {"random": (0, 1, 6, 7), "careful": (2,), "explorer": (0,), "events": (0,)},
    "lf-fight.yaml": {"random": (0, 8), "careful": (0,), "explorer": (2,), "events": (0, 2)},
}


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


def _runs(path: str) -> dict[str, tuple[int, ...]]:
    """The runs pinned for ``path``: policy -> run indices, and "events" -> event seeds."""
    every = {policy: tuple(range(runs)) for policy, runs in POLICY_RUNS.items()}
    return COVERING_RUNS.get(Path(path).name) or {**every, "events": tuple(range(EVENT_RUNS))}


def digests(paths: list[str]) -> dict[str, str]:
    from solo.adventure import loader
    from solo.playtest.runner import PlaytestSpec, run_one

    found: dict[str, str] = {}
    for path in paths:
        adventure = loader.load(path).adventure
        for policy, runs in _runs(path).items():
            if policy == "events":
                text = "\n".join(_events_of(adventure, seed) for seed in runs)
            else:
                spec = PlaytestSpec(adventure, policy=policy)
                text = "\n".join(_json(_result(run_one(spec, i, 11))) for i in runs)
            found[f"{adventure.id} {policy}"] = hashlib.sha256(text.encode()).hexdigest()
    return found


def covering_runs(path: str) -> dict[str, tuple[int, ...]]:
    """The fewest of every run of ``path`` (greedy: most new lines first) that execute every line
    of solo/ that all of them execute, by sys.settrace."""
    from solo.adventure import loader
    from solo.playtest.runner import PlaytestSpec, run_one

    adventure = loader.load(path).adventure
    seen: set[tuple[str, int]] = set()

    def trace(frame: Any, event: str, arg: Any) -> Any:
        if "/solo/" not in frame.f_code.co_filename:
            return None
        seen.add((frame.f_code.co_filename, frame.f_lineno))
        return trace

    lines: dict[tuple[str, int], set[tuple[str, int]]] = {}
    for policy, runs in {**POLICY_RUNS, "events": EVENT_RUNS}.items():
        spec = PlaytestSpec(adventure, policy=policy)
        for i in range(runs):
            seen.clear()
            sys.settrace(trace)
            _events_of(adventure, i) if policy == "events" else run_one(spec, i, 11)
            sys.settrace(None)
            lines[(policy, i)] = set(seen)
    every, got, chosen = set().union(*lines.values()), set(), []
    while got != every:
        best = max(lines, key=lambda run: len(lines[run] - got))
        chosen.append(best)
        got |= lines[best]
    return {policy: tuple(sorted(i for p, i in chosen if p == policy))
            for policy in [*POLICY_RUNS, "events"] if any(p == policy for p, _ in chosen)}


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
    if sys.argv[1:2] == ["--cover"]:  # python tests/engine/pinned_runs.py --cover hb-fight.yaml
        print(covering_runs(str(ROOT / "tests" / "fixtures" / sys.argv[2])))
    else:
        print(json.dumps(digests(pinned_paths()), indent=1, sort_keys=True))
