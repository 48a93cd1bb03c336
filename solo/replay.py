"""Replays: re-running a save's seed and choice log from the start, the bug-report format.

Every save holds the seed, the character it started with and every decision's key. Replaying
them on a fresh game must arrive at the saved state; :func:`replay_payload` says whether it does
and where it first differs.
"""

from __future__ import annotations

import os

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from solo.engine.game import EngineError, Game, InvalidDecision, withheld_option
from solo.engine.gm import GMError
from solo.rules.base import Character
from solo.saves import SaveError, SaveStore, read_file
from solo.session import UNDO, Session, forgives, gm_command, load_adventure_for

#: The most decisions a replay re-enacts (a long game is a few thousand); every decision is
#: bounded in work by the engine's step budgets, so a replay is bounded too.
MAX_REPLAY_STEPS = 100_000

#: State fields compared by a replay (timestamps and the undo history are not game state).
COMPARED = ("scene", "flags", "counters", "clocks", "objectives", "visits", "turn", "character",
            "rolls", "choices", "ending", "dice", "pending")


@dataclass
class ReplayResult:
    game: Game
    same: bool
    differences: list[str] = field(default_factory=list)
    steps: int = 0
    session: Session | None = None


def read_replay(source: str, store: SaveStore | None = None) -> dict[str, Any]:
    """A save payload from a file path, or from a slot name in the store."""
    path = Path(source)
    if path.suffix == ".json" or os.path.exists(path):
        return read_file(path)
    if store is None:
        raise SaveError(f"no replay file {source!r}")
    return store.read(source).payload


def transcript_of(payload: dict[str, Any]) -> list[str]:
    """The answers to re-enact: the session transcript (with ``:undo``), else the choice log."""
    return [str(k) for k in payload.get("transcript") or payload.get("choices", [])]


def replay_payload(payload: dict[str, Any], observer: Observer | None = None) -> ReplayResult:
    """Re-run a save from its seed and answers on a fresh game; compare with the saved state.

    ``observer``, if given, is called after the start and after every answer with the answer
    (``""`` for the start, ``:undo`` for an undo), the option it chose (None for the start and
    undo), the events it caused and the game: how the story is retold (:mod:`solo.story`).
    """
    answers = transcript_of(payload)
    if len(answers) > MAX_REPLAY_STEPS:
        raise SaveError(f"the replay has {len(answers)} decisions, more than the limit of {MAX_REPLAY_STEPS}")
    adventure, _ = load_adventure_for(payload)
    state = payload["state"]
    start = state.get("start_character")
    character = Character.from_dict(start) if start else None
    game = Game(adventure, seed=_seed(payload, state), character=character)
    game.state.numbering = _numbering(state)  # the keys in its log are numbered as the save's game numbered them
    session = Session(game, adventure, SaveStore(), "replay", autosave=False,
                      ironman=bool(payload.get("ironman", False)), gm=bool(payload.get("gm", False)),
                      forgiving=forgives(payload))
    started = session.game.start()
    if observer is not None:
        observer("", None, started, session.game)
    steps = 0
    for key in answers:
        steps += 1
        if key == UNDO:
            if not session.undo():
                return ReplayResult(session.game, False, [f"step {steps}: nothing to undo"], steps - 1)
            if observer is not None:
                observer(UNDO, None, [], session.game)
            continue
        gm = gm_command(key)
        if gm is not None:
            try:
                done = session.gm_act(*gm)
            except (GMError, EngineError) as exc:
                return ReplayResult(session.game, False, [f"step {steps} ({key!r}) failed: {exc}"], steps - 1)
            if observer is not None:
                observer(key, None, done if isinstance(done, list) else [], session.game)
            continue
        if session.game.offered is None:
            return ReplayResult(session.game, False, [f"the game ended before step {steps}"], steps - 1)
        try:
            option = _option(session.game.offered, key)
            events = session.choose(key, recorded=True)  # an offer since withheld is still taken
            if observer is not None:
                observer(key, option, events, session.game)
        except (InvalidDecision, EngineError) as exc:
            return ReplayResult(session.game, False, [f"step {steps} ({key!r}) failed: {exc}"], steps - 1)
    replayed = session.game.snapshot()
    differences = [
        f"{name} differs" for name in COMPARED
        if not _same(_normal(replayed.get(name)), _normal(state.get(name)))
    ]
    return ReplayResult(session.game, not differences, differences, steps, session)


Observer = Callable[[str, Any, list, Game], None]


def _seed(payload: dict[str, Any], state: dict[str, Any]) -> int:
    """The seed a replay starts from: the save's, else its state's; a save with neither is refused."""
    seed = payload.get("seed", state.get("seed"))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError("the save holds no seed, so it cannot be replayed")
    return seed


def _numbering(state: dict[str, Any]) -> int:
    """How the saved game numbered a scene's choices (:attr:`GameState.numbering`): a save
    without the field was written before greyed choices kept their numbers."""
    value = state.get("numbering", 1)
    return value if value in (1, 2) and not isinstance(value, bool) else 1


def _option(offered: Any, key: str) -> Any:
    for option in getattr(offered, "options", ()):
        if option.key == key or option.id == key:
            return option
    return withheld_option(offered, key) if offered is not None else None


def _same(replayed: Any, saved: Any) -> bool:
    """Whether a replayed part of the state is the saved one. A roll record saved before records
    kept reasons holds its steps as words (:func:`solo.rules.reasons.said`): its dice, outcome and
    details are compared, its words are not (a replay makes them as reasons), and neither are the
    details a newer release records that the old record never held (a new detail is not a
    different game)."""
    from solo.rules.reasons import is_said

    def strip(new: Any, old: Any) -> None:
        if isinstance(new, dict) and isinstance(old, dict):
            steps = old.get("steps")
            if isinstance(steps, list) and any(is_said(step) for step in steps) and "steps" in new:
                new.pop("steps")
                old.pop("steps")
                if isinstance(new.get("details"), dict) and isinstance(old.get("details"), dict):
                    for added in new["details"].keys() - old["details"].keys():
                        new["details"].pop(added)
            for key in new.keys() & old.keys():
                strip(new[key], old[key])
        elif isinstance(new, list) and isinstance(old, list):
            for a, b in zip(new, old):
                strip(a, b)

    if replayed == saved:
        return True
    strip(replayed, saved)
    return replayed == saved


def _normal(value: Any) -> Any:
    import json

    return json.loads(json.dumps(value, sort_keys=True))


def replay_into_session(source: str, *, store: SaveStore, slot: str) -> Session:
    """A session positioned where a replay file's run stopped, saving to ``slot``."""
    store.lock(slot)
    payload = read_replay(source, store)
    result = replay_payload(payload)
    if result.differences and result.steps < len(transcript_of(payload)):
        raise SaveError(f"the replay cannot be reproduced: {result.differences[0]}")
    adventure = result.game.adventure
    notes = [f"replayed {result.steps} decisions from {source}"]
    if not result.same:
        notes.append("the replayed state differs from the recorded one: " + ", ".join(result.differences))
    session = result.session or Session(result.game, adventure, store, slot)
    session.store, session.slot, session.notes, session.autosave = store, slot, notes, True
    return session
