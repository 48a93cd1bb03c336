"""The live preview's reload (``solo play FILE --watch``): no I/O to the screen, no UI imports.

:class:`FileWatch` notices that the adventure file was saved (its modification time or size
changed; polling, so no extra dependency). :func:`reload_session` reads the file again and,
if it validates, replays the player's answers so far on the new version with the same seed and
starting character, so the author stays where they were; if an answer no longer fits, the replay
stops before it and :class:`Reloaded` says at which decision and why. A file with errors leaves
the game as it was and hands back the errors, in ``solo validate``'s words.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from solo.adventure.problems import AdventureError
from solo.engine.game import EngineError, Game, InvalidDecision
from solo.rules.base import Character
from solo.session import UNDO, Session, load_playable

__all__ = ["FileWatch", "Reloaded", "reload_session"]


class FileWatch:
    """Whether a file changed since the last look: modification time and size, polled."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._seen = self._stamp()

    def _stamp(self) -> tuple[int, int] | None:
        try:
            stat = os.stat(self.path)
        except OSError:  # being replaced by an editor's atomic save: look again next time
            return None
        return (stat.st_mtime_ns, stat.st_size)

    def changed(self) -> bool:
        """True once per save: the file is there and differs from the last look."""
        now = self._stamp()
        if now is None or now == self._seen:
            return False
        self._seen = now
        return True


@dataclass
class Reloaded:
    """What a reload did: the new session (None if the file has errors), how many answers were
    replayed, and why the replay stopped early ("" if every answer fitted)."""

    session: Session | None
    errors: list[str] = field(default_factory=list)
    replayed: int = 0
    answers: int = 0
    diverged: str = ""
    moved: str = ""  # the scene is not the one the author was in: where they are now


def reload_session(session: Session, path: str | Path | None = None) -> Reloaded:
    """The game of ``session`` rebuilt on the file as it is now (see the module doc)."""
    source = str(path or session.adventure.source)
    try:
        loaded = load_playable(source)
    except AdventureError as exc:
        return Reloaded(None, errors=[str(problem) for problem in exc.problems])
    adventure = loaded.adventure
    state = session.game.state
    start = state.start_character
    character = Character.from_dict(start) if start else None
    fresh = Session(Game(adventure, seed=state.seed, character=character), adventure, session.store, session.slot,
                    created=session.created, notes=list(loaded.notes), autosave=session.autosave,
                    ironman=session.ironman, gm=session.gm)
    fresh.game.state.numbering = state.numbering  # the transcript's keys, numbered as they were
    answers = list(session.transcript)
    result = Reloaded(fresh, answers=len(answers))
    try:
        fresh.game.start()
    except EngineError as exc:
        return Reloaded(None, errors=[f"{source}: the adventure cannot start: {exc}"])
    decision = 0
    for key in answers:
        if key == UNDO:
            fresh.undo()
            result.replayed += 1
            continue
        decision += 1
        if fresh.game.offered is None:
            result.diverged = f"decision {decision} ({key!r}): the game now ends before it"
            break
        try:
            fresh.choose(key)
        except (InvalidDecision, EngineError) as exc:
            result.diverged = f"decision {decision} ({key!r}): {exc}"
            break
        result.replayed += 1
    was, now = state.scene, fresh.game.state.scene
    if was != now:
        title = adventure.scenes[now].title if now in adventure.scenes else now
        result.moved = f"you are now in {title!r}" if title else ""
    return result
