"""A playthrough tied to disk: start a game from an adventure, autosave it, resume it from a slot.

This is the one place where the engine (no I/O) meets the adventure loader and the save store.
The terminal driver, the JSON driver, ``solo continue`` and ``solo replay`` all go through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.adventure import loader
from solo.adventure.model import Adventure
from solo.adventure.problems import AdventureError
from solo.engine.game import EngineError, Game
from solo.rules.base import Character
from solo.saves import LoadedSave, SaveError, SaveStore, make_payload


@dataclass
class Session:
    """One game with the slot it saves to."""

    game: Game
    adventure: Adventure
    store: SaveStore
    slot: str
    created: str | None = None
    notes: list[str] = field(default_factory=list)
    autosave: bool = True
    history: list[dict[str, Any]] = field(default_factory=list)  # snapshots for :undo
    ironman: bool = False
    #: Every answer given, ``:undo`` included, in order: what a replay re-enacts. (The game's
    #: own choice log loses undone steps, and an undo keeps spent rerolls spent, so replaying
    #: the choice log alone would not arrive at the same state.)
    transcript: list[str] = field(default_factory=list)

    def payload(self) -> dict[str, Any]:
        state = self.game.snapshot()
        scene = self.adventure.scenes.get(state.get("scene") or "")
        done = sum(1 for v in state["objectives"].values() if v)
        total = len(state["objectives"])
        progress = f"{done}/{total} objectives, turn {state['turn']}"
        if state.get("ending"):
            progress = f"ended ({state['ending']}), {done}/{total} objectives"
        return make_payload(
            adventure_id=self.adventure.id,
            adventure_title=self.adventure.title,
            adventure_digest=self.adventure.digest,
            adventure_source=self.adventure.source,
            state=state,
            scene_title=scene.title if scene else "",
            progress=progress,
            created=self.created,
            extra={"ironman": self.ironman, "undo": self.history[-UNDO_SAVED:], "transcript": self.transcript},
        )

    def save(self) -> Path:
        payload = self.payload()
        self.created = payload["created"]
        return self.store.write(self.slot, payload)

    def remember(self, snapshot: dict[str, Any], key: str) -> None:
        """Record a decision just made: its key, and the snapshot from before it for :undo."""
        self.transcript.append(key)
        if not self.ironman:
            self.history.append(snapshot)
            del self.history[:-UNDO_DEPTH]

    def choose(self, key: str) -> list:
        """Make a decision through the session, so undo and replays know of it."""
        before = self.game.snapshot()
        events = self.game.choose(key)
        self.remember(before, self.game.state.choices[-1])
        return events

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Put the game back exactly as a snapshot holds it (a step cut off half way)."""
        self.game = Game.resume(self.adventure, snapshot)

    def undo(self) -> bool:
        """Step back one decision. The dice are not re-rolled: the same choice gives the same dice."""
        if self.ironman or not self.history:
            return False
        snapshot = self.history.pop()
        rerolls_now = _spent_resources(self.game)
        game = Game.resume(self.adventure, snapshot)
        # Undo never refunds rerolls or other spent resources and never changes future dice:
        # the dice state after undo is where the undone step started, so the same choice
        # replays the same dice; resources spent since stay spent.
        _keep_spent(game, rerolls_now)
        self.game = game
        self.transcript.append(UNDO)
        return True


UNDO = ":undo"
SPENT_ON_UNDO = ("rerolls",)
UNDO_DEPTH = 50  # steps :undo can go back in one sitting
UNDO_SAVED = 10  # of those, kept in the save file


def _spent_resources(game: Game) -> dict[str, Any]:
    if game.state.character is None:
        return {}
    return {k: game.state.character.resources.get(k) for k in SPENT_ON_UNDO if k in game.state.character.resources}


def _keep_spent(game: Game, spent: dict[str, Any]) -> None:
    if game.state.character is None:
        return
    for key, value in spent.items():
        before = game.state.character.resources.get(key)
        if isinstance(before, int) and isinstance(value, int) and value < before:
            game.state.character.resources[key] = value


def load_playable(name: str | Path) -> loader.Loaded:
    """Load an adventure and refuse it if ``solo validate`` finds errors in it (warnings pass).

    A file that breaks the rules of the format fails here with file:line:col, not in the middle
    of a game.
    """
    from solo.adventure.validate import validate

    loaded = loader.load(name)
    errors = [p for p in validate(loaded.adventure, loaded.document) if p.severity == "error"]
    if errors:
        raise AdventureError(errors)
    return loaded


def new_session(
    adventure_name: str,
    *,
    store: SaveStore,
    slot: str,
    seed: int | None = None,
    character: Character | None = None,
    ironman: bool = False,
) -> Session:
    loaded = load_playable(adventure_name)
    if character is not None:
        adventure = loaded.adventure
        if character.system != adventure.system:
            raise SaveError(
                f"{character.name} is a {character.system} character; "
                f"{adventure.title!r} is played with {adventure.system}"
            )
        if not adventure.allow_custom:
            raise SaveError(f"{adventure.title!r} is played with its own characters only (allow_custom: false)")
    game = Game(loaded.adventure, seed=seed, character=character)
    return Session(game, loaded.adventure, store, slot, notes=list(loaded.notes), ironman=ironman)


def load_adventure_for(payload: dict[str, Any]) -> tuple[Adventure, list[str]]:
    """The adventure a save belongs to: its file if still there, else the bundled one by id."""
    info = payload["adventure"]
    notes: list[str] = []
    source = info.get("source") or ""
    candidates = [source] if source and Path(source).is_file() else []
    candidates.append(info["id"])
    last: AdventureError | None = None
    for name in candidates:
        try:
            adventure = load_playable(name).adventure
        except AdventureError as exc:
            last = exc
            continue
        if adventure.id != info["id"]:
            continue
        if adventure.digest != info.get("digest"):
            notes.append("the adventure file changed since this save; continuing where it still fits")
        return adventure, notes
    raise SaveError(
        f"the adventure {info['id']!r} of this save cannot be found"
        + (f" ({str(last).splitlines()[0]})" if last else "")
    )


def resume_session(store: SaveStore, slot: str) -> Session:
    loaded: LoadedSave = store.read(slot)
    payload = loaded.payload
    adventure, notes = load_adventure_for(payload)
    if loaded.note:
        notes.insert(0, loaded.note)
    try:
        game = Game.resume(adventure, payload["state"])
    except (EngineError, KeyError, ValueError, TypeError) as exc:
        raise SaveError(f"this save no longer fits the adventure {adventure.id!r}: {exc}") from None
    session = Session(
        game,
        adventure,
        store,
        slot,
        created=payload.get("created"),
        notes=notes,
        ironman=bool(payload.get("ironman", False)),
    )
    session.history = list(payload.get("undo", []))
    session.transcript = [str(k) for k in payload.get("transcript", payload.get("choices", []))]
    return session
