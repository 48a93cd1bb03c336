"""Replays: re-running a save's seed and choice log from the start, the bug-report format.

Every save holds the seed, the character it started with and every decision's key. Replaying
them on a fresh game must arrive at the saved state; :func:`replay_payload` says whether it does
and where it first differs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.engine.game import EngineError, Game, InvalidDecision
from solo.rules.base import Character
from solo.saves import SaveError, SaveStore, read_file
from solo.session import Session, load_adventure_for

#: State fields compared by a replay (timestamps and the undo history are not game state).
COMPARED = ("scene", "flags", "counters", "clocks", "objectives", "visits", "turn", "character",
            "rolls", "choices", "ending", "dice", "pending")


@dataclass
class ReplayResult:
    game: Game
    same: bool
    differences: list[str] = field(default_factory=list)
    steps: int = 0


def read_replay(source: str, store: SaveStore | None = None) -> dict[str, Any]:
    """A save payload from a file path, or from a slot name in the store."""
    path = Path(source)
    if path.suffix == ".json" or path.exists():
        return read_file(path)
    if store is None:
        raise SaveError(f"no replay file {source!r}")
    return store.read(source).payload


def replay_payload(payload: dict[str, Any]) -> ReplayResult:
    adventure, _ = load_adventure_for(payload)
    state = payload["state"]
    start = state.get("start_character")
    character = Character.from_dict(start) if start else None
    game = Game(adventure, seed=int(payload["seed"]), character=character)
    game.start()
    steps = 0
    for key in payload.get("choices", []):
        if game.offered is None:
            return ReplayResult(game, False, [f"the game ended before decision {steps + 1}"], steps)
        try:
            game.choose(key)
        except (InvalidDecision, EngineError) as exc:
            return ReplayResult(game, False, [f"decision {steps + 1} ({key!r}) failed: {exc}"], steps)
        steps += 1
    replayed = game.snapshot()
    differences = [
        f"{name} differs" for name in COMPARED if _normal(replayed.get(name)) != _normal(state.get(name))
    ]
    return ReplayResult(game, not differences, differences, steps)


def _normal(value: Any) -> Any:
    import json

    return json.loads(json.dumps(value, sort_keys=True))


def replay_into_session(source: str, *, store: SaveStore, slot: str) -> Session:
    """A session positioned where a replay file's run stopped, saving to ``slot``."""
    payload = read_replay(source, store)
    result = replay_payload(payload)
    if result.differences and result.steps < len(payload.get("choices", [])):
        raise SaveError(f"the replay cannot be reproduced: {result.differences[0]}")
    adventure = result.game.adventure
    notes = [f"replayed {result.steps} decisions from {source}"]
    if not result.same:
        notes.append("the replayed state differs from the recorded one: " + ", ".join(result.differences))
    return Session(result.game, adventure, store, slot, notes=notes)
