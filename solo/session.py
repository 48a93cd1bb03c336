"""A playthrough tied to disk: start a game from an adventure, autosave it, resume it from a slot.

This is the one place where the engine (no I/O) meets the adventure loader and the save store.
The terminal driver, the JSON driver, ``solo continue`` and ``solo replay`` all go through it.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.adventure import loader
from solo.adventure.model import Adventure
from solo.adventure.problems import AdventureError
from solo.engine.game import EngineError, Game
from solo.errors import note_replay
from solo.rules.base import Character
from solo.saves import LoadedSave, SaveError, SaveStore, is_unfinished, make_payload
from solo.undo import answer_of, draw_taped, keep_drawn, mark, place_of, rebuild, story_point


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
    #: story snapshots for :undo: the state before each decision without the dice and with the
    #: append-only logs (rolls, choices) as lengths, so that each costs little in a save
    history: list[dict[str, Any]] = field(default_factory=list)
    ironman: bool = False
    gm: bool = False  # GM mode (solo play --gm): its saves say so
    #: ``solo play --forgiving``: an undone roll may be rolled again (its saves say so, like GM mode)
    forgiving: bool = False
    #: honest undo: what each undone decision drew, by its place (the story point and the answer):
    #: giving the same answer there again draws the same dice
    redo: dict[str, list[int]] = field(default_factory=dict)
    #: Every answer given, ``:undo`` included, in order: what a replay re-enacts. (The game's
    #: own choice log loses undone steps, and an undo keeps spent rerolls spent, so replaying
    #: the choice log alone would not arrive at the same state.)
    transcript: list[str] = field(default_factory=list)
    #: Why the last save failed ("" when it succeeded): the driver never says "saved" then.
    save_error: str = ""

    def payload(self) -> dict[str, Any]:
        state = self.game.snapshot()
        scene = self.adventure.scenes.get(state.get("scene") or "")
        from solo.ui.words import Words

        words = Words(self.adventure, self.game)  # `solo saves` shows this: no hidden objective, no id
        known = [v for k, v in state["objectives"].items() if words.visible("objective", k)]
        done, total = sum(1 for v in known if v), len(known)
        progress = f"{done}/{total} objectives, turn {state['turn']}"
        ending = self.adventure.scenes.get(state.get("ending") or "")
        if state.get("ending"):
            progress = f"ended: {ending.title if ending is not None and ending.title else 'the end'}, {done}/{total} objectives"
        return make_payload(
            adventure_id=self.adventure.id,
            adventure_title=self.adventure.title,
            adventure_digest=self.adventure.digest,
            adventure_source=self.adventure.source,
            state=state,
            scene_title=scene.title if scene else "",
            progress=progress,
            created=self.created,
            extra={"ironman": self.ironman, "gm": self.gm, "forgiving": self.forgiving, "redo": self.redo, "undo": self.history[-UNDO_SAVED:], "transcript": self.transcript},
            with_checksum=False,
        )

    def save(self) -> Path:
        payload = self.payload()
        self.created = payload["created"]
        path = self.store.write(self.slot, payload)
        note_replay(path)  # a bug met from here on is reported with this file, which replays the game
        return path

    @property
    def rerolls_on_undo(self) -> bool:
        """Whether an undone roll may come out differently: GM mode and ``--forgiving`` only."""
        return self.gm or self.forgiving

    def remember(self, snapshot: dict[str, Any], key: str, *, place: str = "", drawn: list[int] | None = None) -> None:
        """Record a decision just made: its key, and the story from before it for :undo (with
        where it was taken and the dice it drew, so that taking it again draws them again)."""
        self.transcript.append(key)
        if not self.ironman:
            self.history.append(mark(story_point(snapshot), place, list(drawn or [])))
            del self.history[:-UNDO_DEPTH]

    def gm_act(self, word: str, rest: str) -> Any:
        """Carry out a changing GM command (:data:`solo.engine.gm.CHANGES`) and record it among
        the decisions, so the save replays; :class:`~solo.engine.gm.GMError` when it cannot be
        done (nothing is recorded then). An undo steps back past it to before the last choice."""
        from solo.engine.gm import GameMaster, act

        result = act(GameMaster(self.game), word, rest)
        self.transcript.append(gm_line(word, rest))
        return result

    def choose(self, key: str, before: dict[str, Any] | None = None, *, recorded: bool = False) -> list:
        """Make a decision through the session, so undo and replays know of it.

        Without GM mode or ``--forgiving``, an answer given again where it was undone draws the
        dice it drew then (queued as forced values); any other answer draws new dice.
        ``recorded``: the answer comes from a save's log (see :meth:`Game.choose`).
        """
        before = self.game.snapshot() if before is None else before
        place = "" if self.rerolls_on_undo or self.ironman else place_of(before, self._answer_id(key))
        events, drawn = draw_taped(self.game.dice, self.redo.get(place) if place else None,
                                   lambda: self.game.choose(key, recorded=True) if recorded else self.game.choose(key))
        self.remember(before, self.game.state.choices[-1], place=place, drawn=drawn)
        return events

    def _answer_id(self, key: str) -> str:
        return answer_of(self.game.offered, key)

    def restore(self, snapshot: dict[str, Any]) -> None:
        """Put the game back exactly as a snapshot holds it (a step cut off half way)."""
        self.game = Game.resume(self.adventure, snapshot)

    def undo(self) -> bool:
        """Step back one decision in the story, honestly: undo fixes a misclick, not a roll.

        The decision undone is remembered with the dice it drew: taking it again draws the same
        dice (and a reroll spent is given back, since spending it again rolls the same), while
        any other answer draws dice never seen. In GM mode and with ``--forgiving`` the dice go
        on instead, so an undone roll may come out differently, and rerolls spent stay spent.
        The journal keeps every note. A replay re-enacts ``:undo`` the same way.
        """
        if self.ironman or not self.history:
            return False
        point = self.history.pop()
        now = self.game.snapshot()
        rerolls_now = _spent_resources(self.game)
        game = Game.resume(self.adventure, rebuild(point, now))
        if self.rerolls_on_undo:
            _keep_spent(game, rerolls_now)
        else:
            keep_drawn(self.redo, point)
        self.game = game
        self.transcript.append(UNDO)
        return True

    def restarted(self) -> "Session":
        """A new game of the same adventure in the same slot, with the same starting character
        if one was brought in, and new dice."""
        start = self.game.state.start_character
        character = Character.from_dict(start) if start else None
        game = Game(self.adventure, character=character)
        return Session(game, self.adventure, self.store, self.slot, ironman=self.ironman, gm=self.gm,
                       forgiving=self.forgiving)

    def side_dice(self):
        """Dice for the oracle and free rolls, apart from the game's: asking never changes a check.

        Seeded from the game's seed and the journal's length, so the answers are reproducible
        and an undo does not offer the same answer again (the journal survives undo).
        """
        from solo.rules.dice import Dice

        return Dice((self.game.state.seed * 1_000_003 + len(self.game.state.journal) + 1) % 2**63)

    def note(self, text: str, kind: str = "note"):
        """Write in the journal; returns the engine's event for it."""
        return self.game.note(text, kind)


UNDO = ":undo"


def gm_line(word: str, rest: str) -> str:
    """How a GM command is written among a save's decisions: ``:goto hallway``."""
    return f":{word} {' '.join(rest.split())}".rstrip()


def gm_command(line: str) -> tuple[str, str] | None:
    """A save's decision that is a changing GM command, as (word, rest); None for any other."""
    from solo.engine.gm import CHANGES

    if not line.startswith(":") or line == UNDO:
        return None
    word, _, rest = line[1:].partition(" ")
    return (word, rest) if word in CHANGES else None
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


def forgives(payload: dict[str, Any]) -> bool:
    """Whether a save's undo may re-roll: it says so, or it predates honest undo and used :undo
    (its dice went on then, so it replays and goes on that way)."""
    if "forgiving" in payload:
        return bool(payload["forgiving"])
    return UNDO in (payload.get("transcript") or [])


def keep_previous(store: SaveStore, slot: str) -> str:
    """Before a new game takes ``slot``: move the game there aside rather than replace it.

    A finished story goes to ``SLOT.ended-YYYYMMDD-HHMM``, an unfinished one the player chose to
    start over goes to ``SLOT.replaced-...`` (a game with no decision yet is simply replaced).
    Returns what to tell the player ("" when nothing was kept).
    """
    held = store.peek(slot)
    if held is None:
        return ""
    finished = not is_unfinished(held)
    if not finished and not (held.get("transcript") or held.get("choices") or (held.get("state") or {}).get("journal")):
        return ""
    kept = store.set_aside(slot, "ended" if finished else "replaced")
    if kept is None:
        return ""
    what = "Your finished story" if finished else "The game you started over"
    return (f"{what} in slot {slot!r} is kept as slot {kept!r}: re-read it with `solo transcript {kept}` "
            f"or `solo continue {kept}`")


#: How many loaded adventures :func:`load_playable` keeps (a process plays a handful of files).
PLAYABLE_KEPT = 16
_playable: OrderedDict[tuple[str, str], tuple[loader.Loaded, object]] = OrderedDict()


def load_playable(name: str | Path) -> loader.Loaded:
    """Load an adventure and refuse it if ``solo validate`` finds errors in it (warnings pass).

    A file that breaks the rules of the format fails here with file:line:col, not in the middle
    of a game.

    A file that passed is kept, by its path and the SHA-256 of its bytes, with the ruleset it
    was checked against: asked again for the same bytes (a playtest's batches, a resumed save,
    every game of a test run) it comes back without being parsed and validated again. An edited
    file has other bytes, so it is read again whatever its timestamps say; the adventure model
    is frozen, so sharing it is safe. Refused files are not kept.
    """
    from solo.rules import registry

    path = loader.resolve(str(name))
    key = _playable_key(path)
    if key is not None and key in _playable:
        loaded, ruleset = _playable[key]
        if _ruleset_of(registry, loaded.adventure.system) is ruleset:  # a ruleset registered since: check again
            _playable.move_to_end(key)
            return loaded
    loaded = _load_and_validate(path)
    if key is not None:
        _playable[key] = (loaded, _ruleset_of(registry, loaded.adventure.system))
        while len(_playable) > PLAYABLE_KEPT:
            _playable.popitem(last=False)
    return loaded


def _playable_key(path: Path) -> tuple[str, str] | None:
    """The path and the digest of the file's bytes; None when it cannot be read within the size
    limit (the loader then says why)."""
    try:
        raw = loader.read_bytes(path)
    except OSError:
        return None
    if len(raw) > loader.MAX_BYTES:
        return None
    return str(path), hashlib.sha256(raw).hexdigest()


def _ruleset_of(registry: Any, system: str) -> object:
    try:
        return registry.get(system)
    except Exception:  # an unknown or broken system: validation has said so, nothing to compare
        return None


def _load_and_validate(path: Path) -> loader.Loaded:
    from solo.adventure.validate import validate

    loaded = loader.load(path)
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
    gm: bool = False,
    forgiving: bool = False,
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
    return Session(game, loaded.adventure, store, slot, notes=list(loaded.notes), ironman=ironman, gm=gm,
                   forgiving=forgiving)


def _adventure_file(source: str) -> bool:
    """Whether a save's recorded adventure file may be opened: a save is a stranger's text too,
    so it names an adventure file (``.yaml``/``.yml``, a regular file), never any file at all."""
    if not source or Path(source).suffix.lower() not in (".yaml", ".yml"):
        return False
    try:
        return Path(source).resolve().is_file()
    except (OSError, RuntimeError):  # a loop of links, a name too long
        return False


def load_adventure_for(payload: dict[str, Any]) -> tuple[Adventure, list[str]]:
    """The adventure a save belongs to: its file if still there (only an adventure file: see
    :func:`_adventure_file`), else the bundled or pack one by id."""
    info = payload["adventure"]
    notes: list[str] = []
    source = info.get("source") or ""
    candidates = [source] if _adventure_file(source) else []
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
    """The game saved in ``slot``, locked for this process; a main file that cannot be resumed
    (damaged, edited, no longer fitting its adventure) falls back to the ``.bak`` copy with a note."""
    store.lock(slot)
    loaded: LoadedSave = store.read(slot)
    try:
        return _resume(store, slot, loaded)
    except SaveError as exc:
        if loaded.from_backup:
            raise
        return _resume(store, slot, store.read_backup(slot, exc))


def _resume(store: SaveStore, slot: str, loaded: LoadedSave) -> Session:
    payload = loaded.payload
    adventure, notes = load_adventure_for(payload)
    if loaded.note:
        notes.insert(0, loaded.note)
    try:
        game = Game.resume(adventure, payload["state"])
        history = list(payload.get("undo", []))
        transcript = [str(k) for k in payload.get("transcript", payload.get("choices", []))]
    except Exception as exc:  # an edited save can break anything the engine reads
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise SaveError(f"{loaded.path} no longer fits the adventure {adventure.id!r}: {reason}") from None
    session = Session(
        game,
        adventure,
        store,
        slot,
        created=payload.get("created"),
        notes=notes,
        ironman=bool(payload.get("ironman", False)),
        gm=bool(payload.get("gm", False)),
        forgiving=forgives(payload),
    )
    session.history = history
    session.transcript = transcript
    session.redo = {str(k): [int(v) for v in vs] for k, vs in (payload.get("redo") or {}).items()}
    return session
