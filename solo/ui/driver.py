"""The play loop: read a decision, hand it to the engine, show the events, autosave.

Front ends plug into one loop (:func:`play`): :class:`LineFront` writes for people, in colour
with rich or, with ``--plain`` (and whenever the output cannot encode Unicode), as plain words
for screen readers and ASCII terminals; :class:`JsonFront` writes one JSON object per event for
programs; the full-screen app brings its own. Input comes one line per decision, from a prompt
with line editing on a terminal or line by line from a pipe. Lines starting with ``:`` (and
``?``) are the shared commands of :mod:`solo.ui.commands`. End of input or Ctrl-C saves and
leaves with status 0.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

from solo.engine import events as ev
from solo.engine.game import EngineError, InvalidDecision
from solo.saves import SaveError
from solo.session import Session
from solo.ui import commands, live_preview
from solo.ui.commands import Context, Front, leave
from solo.ui.words import Words

__all__ = ["Front", "HELP", "JsonFront", "LineFront", "LineInput", "play"]

#: (usage, what it does) for every player command, for front ends that list them.
HELP = [(c.usage, c.text) for c in commands.listed()]


class LineInput:
    """Lines from a terminal prompt (with line editing) or from a pipe; None at end of input."""

    def __init__(self, stream: TextIO | None = None, prompt: Callable[[str], str] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdin
        self.prompt = prompt
        if prompt is not None:
            enable_line_editing()

    @property
    def interactive(self) -> bool:
        return self.prompt is not None

    def read(self, prompt_text: str) -> str | None:
        if self.prompt is not None:
            try:
                return self.prompt(prompt_text)
            except EOFError:
                return None
        line = self.stream.readline()
        if not line:
            return None
        return line.rstrip("\r\n")


def enable_line_editing() -> None:
    """Arrow keys, history and Ctrl-A/E at the prompt: ``input()`` uses readline once imported."""
    try:
        import readline  # noqa: F401  (importing it is what turns line editing on)
    except ImportError:  # Windows without pyreadline: plain input still works
        pass


class JsonFront:
    """Programs' front end: one JSON object per line, each with a ``type``."""

    def __init__(self, out: TextIO, source: LineInput, words: Words | None = None) -> None:
        self.out = out
        self.source = source
        self.words = words

    def emit(self, data: dict[str, Any]) -> None:
        self.out.write(json.dumps(data, ensure_ascii=False, sort_keys=False, default=_jsonable) + "\n")
        self.out.flush()

    def show(self, events: list[ev.Event]) -> None:
        for event in events:
            if not isinstance(event, ev.ChoicesOffered):
                self.emit(event.to_dict())

    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        self.emit({"type": kind, "text": text, **(data or {})})

    def view(self, kind: str, data: dict[str, Any]) -> None:
        if kind in ("story", "recap"):
            data = {"steps": [{"choice": s.choice, "key": s.key, "events": [e.to_dict() for e in s.events],
                               "notes": s.notes} for s in data["entries"].steps]}
        elif kind == "help":
            data = {"commands": dict(data.get("commands") or []), "terms": dict(data.get("terms") or [])}
        self.emit({"type": kind, **{k: v for k, v in data.items() if k != "rows"}})

    def ask(self, offered: ev.ChoicesOffered) -> str | None:
        self.emit(offered.to_dict())
        return self.source.read("")

    def wait_for_save(self) -> bool:
        """After an ending, with --watch: True when the file is saved again (False: leave)."""
        wait = getattr(self.source, "wait_for_save", None)
        if wait is None:
            return False
        self.emit({"type": "watching", "text": "the end; save the file to play its new version"})
        return bool(wait())

    def confirm(self, question: str) -> bool:
        self.emit({"type": "confirm", "text": question})
        answer = self.source.read("")
        return (answer or "").strip().lower() in ("y", "yes")


def _jsonable(value: Any) -> Any:
    if hasattr(value, "__dataclass_fields__"):
        from dataclasses import asdict

        return asdict(value)
    return str(value)


def play(session: Session, front: Front, *, resume: bool = False, offer_keep: bool = False) -> int:
    """Run the loop until the game ends or input ends. Returns the exit status.

    Ctrl-C anywhere saves and leaves with status 0; if it lands in the middle of a step, the
    step is undone first, so the save never holds half a step.
    """
    words = getattr(front, "words", None) or Words(session.adventure, session.game)
    words.game = session.game
    front = adapt(front, session)
    ctx = Context(session, front, words)
    try:
        status = _loop(ctx, resume)
    except KeyboardInterrupt:
        front.info("notice", "")
        return leave(ctx, "interrupted")
    if status == 0 and ctx.session.game.finished and offer_keep:
        _offer_keep(ctx)
    return status


class _Adapted:
    """A front end written for the first protocol (``sheet(session)``, ``help()``), given
    ``view`` and ``confirm``: views it has no method for become lines of text."""

    def __init__(self, front: Any, session: Session) -> None:
        self._front = front
        self._session = session

    def __getattr__(self, name: str) -> Any:
        return getattr(self._front, name)

    def view(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "sheet" and hasattr(self._front, "sheet"):
            self._front.sheet(self._session)
        elif kind == "help" and hasattr(self._front, "help"):
            self._front.help()
        elif kind == "card":
            return
        else:
            for text in _view_lines(kind, data):
                self._front.info("notice", text)

    def confirm(self, question: str) -> bool:
        confirm = getattr(self._front, "confirm", None)
        return bool(confirm(question)) if confirm is not None else False


def adapt(front: Any, session: Session) -> Front:
    """``front`` itself when it has the whole protocol, else wrapped in :class:`_Adapted`."""
    if hasattr(front, "view") and hasattr(front, "confirm"):
        return front
    return _Adapted(front, session)  # type: ignore[return-value]


def _view_lines(kind: str, data: dict[str, Any]) -> list[str]:
    if kind == "rules":
        lines = []
        roll = data.get("roll")
        if roll is not None:
            lines.append(f"{roll.title}: {roll.summary()} " + " ".join(roll.why))
        lines += [f"{r['title']}: {r['text']} (Source: {r['source']})" for r in data.get("rules") or []]
        return lines
    if kind == "journal":
        return [f"Turn {e.get('turn', 0)}, {e.get('scene_title', '')}: {e.get('text', '')}"
                for e in data.get("entries") or []] or ["Your journal is empty. Write in it with :note TEXT."]
    if kind in ("recap", "story"):
        from solo.ui.transcript import story_lines

        story = data["entries"]
        return [text for text, _ in story_lines(story, Words(story.adventure))]
    return []


def _loop(ctx: Context, resume: bool) -> int:
    session, front = ctx.session, ctx.front
    for note in session.notes:
        front.info("notice", note)
    if not resume:
        front.view("card", {"adventure": session.adventure.id})
    try:
        events = session.game.replay_view() if resume else session.game.start()
    except EngineError as exc:
        front.info("error", f"the adventure cannot start: {exc}")
        return 1
    ctx.last_events = events
    commands._autosave(ctx)  # saved before shown: a kill can never take a step the player saw
    front.show(events)
    if ctx.session.gm:
        _gm_notes(ctx, events)
    while True:
        if ctx.session.game.finished:
            # the live preview (solo play --watch) stays after an ending, to play the next version
            wait = getattr(front, "wait_for_save", None)
            if wait is None or not wait():
                return 0
            commands.run(ctx, live_preview.RELOAD)
            continue
        session = ctx.session
        ctx.words.game = session.game
        offered = session.game.offered
        if offered is None:
            front.info("error", "the game is stuck: no decision on offer")
            return 1
        line = front.ask(offered)
        if line is None:
            return leave(ctx, "input ended")
        line = line.strip()
        if not line:
            continue
        if line.startswith(":") or line.startswith("?"):
            result = commands.run(ctx, line)
            if result == commands.RESTART:
                _restart(ctx)
            elif isinstance(result, int):
                return result
            continue
        status = _step(ctx, line)
        if status is not None:
            return status


def _step(ctx: Context, line: str) -> int | None:
    """Hand one answer to the engine; None to go on, or an exit status."""
    session, front = ctx.session, ctx.front
    before = session.game.snapshot()
    try:
        events = session.choose(line, before)  # the session knows the dice an undone answer drew
    except InvalidDecision as exc:
        front.info("refused", str(exc))
        return None
    except EngineError as exc:
        front.info("error", f"the adventure broke: {exc}")
        session.restore(before)
        commands._autosave(ctx)
        return 1
    except KeyboardInterrupt:
        session.restore(before)
        raise
    ctx.words.game = session.game
    ctx.last_events = events
    commands._autosave(ctx)  # saved before shown: a kill can never take a step the player saw
    front.show(events)
    if session.gm:
        _gm_notes(ctx, events)
    return None


def _gm_notes(ctx: Context, events: list[ev.Event]) -> None:
    """GM mode: the author's notes of every scene just entered."""
    from solo.ui.gm_commands import show_notes

    show_notes(ctx.session.game, ctx.front, events)


def _restart(ctx: Context) -> None:
    from solo.session import keep_previous

    kept = ""
    if ctx.session.autosave and commands._autosave(ctx) is not None:  # the game as it stands is kept aside
        try:
            kept = keep_previous(ctx.session.store, ctx.session.slot)
        except SaveError as exc:
            ctx.front.info("error", f"could not keep the game aside: {exc}")
    ctx.session = ctx.session.restarted()
    ctx.words.game = ctx.session.game
    ctx.front.info("notice", "starting again from the beginning" + (f"; {kept}" if kept else ""), {"rewound": True})
    events = ctx.session.game.start()
    ctx.last_events = events
    commands._autosave(ctx)
    ctx.front.show(events)


def _offer_keep(ctx: Context) -> None:
    from solo.characters import CharacterStore

    character = ctx.session.game.state.character
    if character is None:
        return
    store = CharacterStore(ctx.session.store.folder)
    if ctx.front.confirm(f"Keep {character.name} as a stored character, to play in other adventures?"):
        try:
            path = store.save(character)
        except Exception as exc:  # a full disk must not cost the finished game its goodbye
            ctx.front.info("error", f"could not store the character: {exc}")
            return
        ctx.front.info("saved", f"stored {character.name} in {path}; play them with --character {character.name!r}")


# the line front end lives in its own module; imported here so ``solo.ui.driver`` keeps its API
from solo.ui.line import LineFront  # noqa: E402
