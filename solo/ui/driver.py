"""The play loop: read a decision, hand it to the engine, show the events, autosave.

Two front ends share one loop: :class:`RichFront` draws with rich for people (numbered choices,
panels, dice with readings) and :class:`JsonFront` writes one JSON object per event for programs.
Input comes one line per decision: from a prompt on a terminal, or line by line from a pipe.
Commands starting with ``:`` (``:sheet :save :undo :quit :help``) work at any prompt. End of
input or Ctrl-C saves and leaves with status 0.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Protocol, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from solo.engine import events as ev
from solo.engine.game import EngineError, InvalidDecision
from solo.saves import SaveError
from solo.session import Session
from solo.ui.render import EventView, plain, safe

HELP = [
    (":sheet", "your character: stats, items, conditions, experience, objectives"),
    (":save", "save now (the game also saves after every step)"),
    (":undo", "step back one decision (never re-rolls dice or refunds rerolls)"),
    (":quit", "save and leave; `solo continue` picks up here"),
    (":help", "this list"),
]


class Front(Protocol):
    """What the play loop needs from a front end; :class:`RichFront` and :class:`JsonFront` are two."""

    def show(self, events: list[ev.Event]) -> None: ...
    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None: ...
    def sheet(self, session: Session) -> None: ...
    def help(self) -> None: ...
    def ask(self, offered: ev.ChoicesOffered) -> str | None: ...


class LineInput:
    """Lines from a terminal prompt or from a pipe; None at end of input."""

    def __init__(self, stream: TextIO | None = None, prompt: Callable[[str], str] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdin
        self.prompt = prompt

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


class RichFront:
    """People's front end: rich panels and a numbered prompt."""

    def __init__(self, console: Console, source: LineInput, objectives: dict[str, str]) -> None:
        self.console = console
        self.source = source
        self.view = EventView(objectives)
        self._shown: ev.ChoicesOffered | None = None

    def show(self, events: list[ev.Event]) -> None:
        for renderable in self.view.render(e for e in events if not isinstance(e, ev.ChoicesOffered)):
            self.console.print(renderable)

    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        style = {"error": "bold red", "refused": "yellow", "saved": "dim green"}.get(kind, "dim")
        self.console.print(plain(text, style))

    def ask(self, offered: ev.ChoicesOffered) -> str | None:
        if offered is not self._shown:  # an empty line or a refusal re-asks without redrawing
            for renderable in self.view.render([offered]):
                self.console.print(renderable)
            self._shown = offered
        keys = offered.enabled_keys()
        if len(keys) == 1:
            hint = f"[{keys[0]}]"
        elif keys == [str(i) for i in range(1, len(keys) + 1)]:
            hint = f"[1-{len(keys)}]"
        else:
            hint = f"[{'/'.join(keys)}]"
        return self.source.read(f"{hint} or :help > ")

    def sheet(self, session: Session) -> None:
        self.console.print(character_sheet(session))
        self._shown = None

    def help(self) -> None:
        table = Table.grid(padding=(0, 2))
        for command, text in HELP:
            table.add_row(Text(command, style="bold cyan"), Text(text))
        self.console.print(table)
        self._shown = None


class JsonFront:
    """Programs' front end: one JSON object per line, each with a ``type``."""

    def __init__(self, out: TextIO, source: LineInput) -> None:
        self.out = out
        self.source = source

    def emit(self, data: dict[str, Any]) -> None:
        self.out.write(json.dumps(data, ensure_ascii=False, sort_keys=False) + "\n")
        self.out.flush()

    def show(self, events: list[ev.Event]) -> None:
        for event in events:
            if not isinstance(event, ev.ChoicesOffered):
                self.emit(event.to_dict())

    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        self.emit({"type": kind, "text": text, **(data or {})})

    def ask(self, offered: ev.ChoicesOffered) -> str | None:
        self.emit(offered.to_dict())
        return self.source.read("")

    def sheet(self, session: Session) -> None:
        character = session.game.state.character
        self.emit(
            {
                "type": "sheet",
                "character": None if character is None else character.to_dict(),
                "objectives": dict(session.game.state.objectives),
            }
        )

    def help(self) -> None:
        self.emit({"type": "help", "commands": dict(HELP)})


def character_sheet(session: Session) -> Table:
    game = session.game
    adventure = session.adventure
    outer = Table(title="Character sheet", show_header=False, box=None, padding=(0, 1), title_style="bold")
    outer.add_column(style="bold cyan", no_wrap=True)
    outer.add_column()
    character = game.state.character
    if character is None:
        outer.add_row("", "No character chosen yet.")
        return outer
    outer.add_row("Name", plain(character.name))
    outer.add_row("Stats", plain(", ".join(f"{k} {v}" for k, v in character.stats.items())))
    items = [adventure.item_name(i) for i in character.items]
    outer.add_row("Items", plain(", ".join(items) or "nothing"))
    if character.conditions:
        outer.add_row("Conditions", plain(", ".join(character.conditions)))
    for key, value in character.resources.items():
        outer.add_row(key.upper() if len(key) <= 3 else key.capitalize(), plain(_resource_text(value)))
    for oid, done in game.state.objectives.items():
        text = adventure.objectives[oid].text
        outer.add_row("Objective", Text(("✔ " if done else "☐ ") + safe(text), style="green" if done else ""))
    for cid, value in game.state.clocks.items():
        clock = adventure.clocks[cid]
        outer.add_row("Clock", plain(f"{clock.label or cid}: {'■' * value}{'□' * (clock.size - value)}"))
    return outer


def _resource_text(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {_resource_text(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return " ".join(map(str, value)) or "none"
    return str(value)


def play(session: Session, front: Front, *, resume: bool = False) -> int:
    """Run the loop until the game ends or input ends. Returns the exit status.

    Ctrl-C anywhere saves and leaves with status 0; if it lands in the middle of a step, the
    step is undone first, so the save never holds half a step.
    """
    try:
        return _loop(session, front, resume)
    except KeyboardInterrupt:
        front.info("notice", "")
        return _leave(session, front, "interrupted")


def _loop(session: Session, front: Front, resume: bool) -> int:
    for note in session.notes:
        front.info("notice", note)
    try:
        events = session.game.replay_view() if resume else session.game.start()
    except EngineError as exc:
        front.info("error", f"the adventure cannot start: {exc}")
        return 1
    front.show(events)
    _autosave(session, front)
    while not session.game.finished:
        offered = session.game.offered
        if offered is None:
            front.info("error", "the game is stuck: no decision on offer")
            return 1
        line = front.ask(offered)
        if line is None:
            return _leave(session, front, "input ended")
        line = line.strip()
        if not line:
            continue
        if line.startswith(":"):
            status = _command(session, front, line)
            if status is not None:
                return status
            continue
        status = _step(session, front, line)
        if status is not None:
            return status
    return 0


def _step(session: Session, front: Front, line: str) -> int | None:
    """Hand one answer to the engine; None to go on, or an exit status."""
    before = session.game.snapshot()
    try:
        events = session.game.choose(line)
    except InvalidDecision as exc:
        front.info("refused", str(exc))
        return None
    except EngineError as exc:
        front.info("error", f"the adventure broke: {exc}")
        session.restore(before)
        _autosave(session, front)
        return 1
    except KeyboardInterrupt:
        session.restore(before)
        raise
    session.remember(before, session.game.state.choices[-1])
    front.show(events)
    _autosave(session, front)
    return None


def _command(session: Session, front: Front, line: str) -> int | None:
    command = line.split()[0].lower()
    if command in (":quit", ":q", ":exit"):
        return _leave(session, front, "you left")
    if command == ":save":
        path = _autosave(session, front)
        if path is not None:
            front.info("saved", f"saved to {path}", {"path": str(path)})
        return None
    if command == ":sheet":
        front.sheet(session)
        return None
    if command == ":undo":
        if session.ironman:
            front.info("refused", "ironman game: no undo")
        elif session.undo():
            front.info("notice", "stepped back one decision")
            front.show(session.game.replay_view()[:-1] if session.game.offered else [])
            _autosave(session, front)
        else:
            front.info("refused", "nothing to undo")
        return None
    if command == ":help":
        front.help()
        return None
    front.info("refused", f"unknown command {command!r}; try :help")
    return None


def _autosave(session: Session, front: Front):
    if not session.autosave:
        return None
    try:
        return session.save()
    except SaveError as exc:
        front.info("error", f"could not save: {exc}")
        return None


def _leave(session: Session, front: Front, why: str) -> int:
    path = _autosave(session, front)
    where = f" to {path}" if path else ""
    front.info("saved", f"{why}: progress saved{where}.\nResume with: solo continue {session.slot}", {"slot": session.slot})
    return 0
