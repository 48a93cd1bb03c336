"""The ``:`` commands every front end shares: ``:sheet``, ``:undo``, ``:note``, ``:oracle`` ...

A command is one function registered with :func:`command`; it gets a :class:`Context` (the session,
the front end, the words) and the text after its name, and talks to the player only through the
front end (:meth:`Front.info`, :meth:`Front.view`, :meth:`Front.show`, :meth:`Front.confirm`). So
line mode, ``--json`` and the full-screen app behave the same, and adding a command (GM mode's
``:goto``, ``:set`` ...) is one decorated function in the module that owns it::

    @command("goto", usage=":goto SCENE", text="move to a scene (GM mode)", group="gm")
    def _goto(ctx: Context, rest: str) -> Result:
        ...

A command returns None to go on, an exit status to leave the game, or :data:`RESTART`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from solo.engine import events as ev
from solo.saves import SaveError, SaveStore, check_slot, is_unfinished
from solo.session import Session
from solo.ui.words import Words

#: A command's answer to the play loop: None (go on), an exit status, or RESTART.
RESTART = "restart"
#: Whether ``:save FOLDER/`` may write in another folder. ``solo serve``'s games set it False: a
#: page in a browser never chooses where files are written.
OTHER_FOLDERS = True
Result = "int | str | None"


class Front(Protocol):
    """What the play loop and the commands need from a front end."""

    def show(self, events: list[ev.Event]) -> None: ...
    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None: ...
    def view(self, kind: str, data: dict[str, Any]) -> None: ...
    def ask(self, offered: ev.ChoicesOffered) -> str | None: ...
    def confirm(self, question: str) -> bool: ...


@dataclass
class Context:
    """What a command may use."""

    session: Session
    front: Front
    words: Words
    #: the events of the last step shown (for :look), kept by the play loop
    last_events: list[ev.Event] = field(default_factory=list)

    @property
    def game(self):
        return self.session.game


@dataclass(frozen=True)
class Command:
    name: str
    run: Callable[[Context, str], Any]
    usage: str
    text: str
    aliases: tuple[str, ...] = ()
    group: str = "play"  # "play", or e.g. "gm" for commands only GM mode lists


COMMANDS: dict[str, Command] = {}
_ALIASES: dict[str, str] = {}


def command(name: str, *aliases: str, usage: str = "", text: str = "", group: str = "play"):
    """Register a command under ``:name`` (and ``:alias``...)."""

    def register(fn: Callable[[Context, str], Any]) -> Callable[[Context, str], Any]:
        COMMANDS[name] = Command(name, fn, usage or f":{name}", text, tuple(aliases), group)
        for alias in (name, *aliases):
            _ALIASES[alias] = name
        return fn

    return register


def find(word: str) -> Command | None:
    """The command a typed word names (``:q`` -> quit); None if none does."""
    name = _ALIASES.get(word.lstrip(":").lower())
    return COMMANDS.get(name) if name else None


def listed(group: str = "play") -> list[Command]:
    return [c for c in COMMANDS.values() if c.group == group]


def run(ctx: Context, line: str) -> Any:
    """Run one ``:command`` line (``?`` is ``:rules``); returns what the command returns."""
    line = line.strip()
    if line == "?" or line.startswith("? "):
        line = ":rules" + line[1:]
    word, _, rest = line.partition(" ")
    found = find(word)
    if found is None:
        ctx.front.info("refused", f"unknown command {word!r}; :help lists them")
        return None
    return found.run(ctx, rest.strip())


# -- the commands -------------------------------------------------------------------------------

@command("sheet", "s", "c", usage=":sheet", text="your character: stats, items, what you know")
def _sheet(ctx: Context, rest: str) -> None:
    character = ctx.game.state.character
    ctx.front.view("sheet", {
        "rows": ctx.words.sheet(),
        "character": None if character is None else character.to_dict(),
        "objectives": {o: done for o, done in ctx.game.state.objectives.items() if ctx.words.visible("objective", o)},
    })


@command("save", usage=":save [SLOT | FOLDER/]",
         text="save now; with SLOT, save a copy there and go on in it; with FOLDER/ (a path), save into that folder")
def _save(ctx: Context, rest: str) -> None:
    session = ctx.session
    if rest and ("/" in rest or rest.startswith(("~", "."))):  # a folder: save there (when this one fails)
        if not OTHER_FOLDERS:
            ctx.front.info("refused", "this game is played through solo serve: it saves only in the server's "
                                      "save folder (:save NAME saves a copy in another slot there)")
            return None
        try:
            moved = SaveStore(Path(rest).expanduser())
            moved.lock(session.slot)
        except SaveError as exc:
            ctx.front.info("error", f"could not use {rest}: {exc}")
            return None
        session.store = moved
        rest = ""
    if rest:
        try:
            slot = check_slot(rest)
        except SaveError as exc:
            ctx.front.info("refused", str(exc))
            return None
        held = session.store.peek(slot) if slot != session.slot else None
        if held is not None and is_unfinished(held) and not ctx.front.confirm(
                f"Slot {slot!r} holds another unfinished game ({held.get('adventure', {}).get('title', '?')}). Replace it?"):
            ctx.front.info("refused", f"kept slot {slot!r} as it was")
            return None
        session.slot = slot
    try:
        path = session.save()
    except SaveError as exc:
        ctx.front.info("error", f"could not save: {exc}")
        return None
    ctx.front.info("saved", f"saved in slot {session.slot!r} ({path})", {"path": str(path), "slot": session.slot})
    return None


@command("undo", "u", usage=":undo", text="step the story back one decision to fix a misclick: the same choice rolls the same dice again "
              "(only GM mode and --forgiving re-roll)")
def _undo(ctx: Context, rest: str) -> None:
    session = ctx.session
    if session.ironman:
        ctx.front.info("refused", "ironman game: no undo")
    elif session.undo():
        ctx.words.game = session.game
        said = ("the next roll will be a new one (forgiving undo)" if session.rerolls_on_undo
                else "the same choice rolls the same dice again; another choice rolls new ones")
        ctx.front.info("notice", f"stepped back one decision; {said}", {"rewound": True})
        ctx.last_events = session.game.replay_view()[:-1] if session.game.offered else []
        ctx.front.show(ctx.last_events)
        _autosave(ctx)
    else:
        ctx.front.info("refused", "nothing to undo")
    return None


@command("quit", "q", "exit", usage=":quit", text="save and leave; `solo continue` picks up here")
def _quit(ctx: Context, rest: str) -> int:
    return leave(ctx, "you left")


@command("help", "h", usage=":help [TERM]", text="these commands and the game's terms")
def _help(ctx: Context, rest: str) -> None:
    terms = ctx.words.terms()
    if rest:
        wanted = rest.lower()
        found = [(t, m) for t, m in terms if wanted in t.lower()]
        if not found:
            ctx.front.info("refused", f"no term {rest!r}; :help lists them all")
            return None
        ctx.front.view("help", {"commands": [], "terms": found})
        return None
    shown = listed() + (listed("gm") if getattr(ctx.session, "gm", False) else [])
    ctx.front.view("help", {
        "commands": [(c.usage, c.text) for c in shown],
        "terms": terms,
        "keys": "Type a choice's number (or its key, such as 1a) and press Enter. ? explains the last roll.",
    })
    return None


@command("rules", "r", usage=":rules [TOPIC]", text="the rule behind the last roll (or a topic), and where the book says it")
def _rules(ctx: Context, rest: str) -> None:
    words = ctx.words
    roll = None
    if rest:
        topic = rest.lower().replace(" ", "-")
        rules = [r for key, r in words.vocab.rules.items() if topic in key or topic in r.title.lower()]
        if not rules:
            known = ", ".join(words.vocab.rules) or "none"
            ctx.front.info("refused", f"no rule about {rest!r} (topics: {known})")
            return None
    else:
        record = _last_roll(ctx)
        if record is not None:
            roll = words.roll(record, "", True)
            rule = words.rule(roll.topic)
            rules = [rule] if rule is not None else []
            if _in_fight(ctx) and "fight" in words.vocab.rules:  # the fight's own rule, with the book's section
                rules.append(words.vocab.rules["fight"])
        else:
            rules = words.rules()
    ctx.front.view("rules", {"rules": [{"title": r.title, "text": r.text, "source": r.source} for r in rules],
                             "roll": roll})
    return None


@command("note", "n", usage=":note TEXT", text="write a note in your journal")
def _note(ctx: Context, rest: str) -> None:
    if not rest:
        ctx.front.info("refused", "write the note after the command: :note the captain lied")
        return None
    ctx.front.show([ctx.session.note(rest)])
    _autosave(ctx)
    return None


@command("journal", "j", usage=":journal", text="your notes, oracle answers and free rolls so far")
def _journal(ctx: Context, rest: str) -> None:
    entries = [dict(e, scene_title=ctx.words.scene(e.get("scene"))) for e in ctx.game.state.journal]
    ctx.front.view("journal", {"entries": entries})
    return None


@command("look", "l", usage=":look", text="show the scene again, with the last roll")
def _look(ctx: Context, rest: str) -> None:
    shown = [e for e in ctx.game.replay_view() if not isinstance(e, ev.ChoicesOffered)]
    rolls = [e for e in ctx.last_events if isinstance(e, ev.RollMade)]
    ctx.front.show(shown + rolls[-1:])
    return None


@command("recap", usage=":recap", text="the story so far, from the beginning")
def _recap(ctx: Context, rest: str) -> None:
    from solo.story import retell_session

    ctx.front.view("recap", {"entries": retell_session(ctx.session)})
    return None


@command("restart", usage=":restart", text="start this adventure again from the beginning")
def _restart(ctx: Context, rest: str) -> Any:
    if ctx.front.confirm("Start this adventure again from the beginning? This game is kept in a slot of its own."):
        return RESTART
    ctx.front.info("notice", "carrying on")
    return None


@command("oracle", "o", usage=":oracle QUESTION [likely|unlikely|...]",
         text="ask a yes/no question the story leaves open")
def _oracle(ctx: Context, rest: str) -> None:
    from solo.oracle import ask, OracleError

    if not rest:
        ctx.front.info("refused", "ask a yes/no question: :oracle is the captain awake? likely")
        return None
    try:
        answer = ask(rest, ctx.session.side_dice())
    except OracleError as exc:
        ctx.front.info("refused", str(exc))
        return None
    ctx.front.show([ctx.session.note(answer.text(), "oracle")])
    _autosave(ctx)
    return None


@command("roll", usage=":roll DICE", text="roll any dice: 2d6, d20+3 (not a check: nothing in the story changes)")
def _roll(ctx: Context, rest: str) -> None:
    from solo.rules.notation import DiceNotation, NotationError

    try:
        notation = DiceNotation.parse(rest or "1d6")
    except NotationError as exc:
        ctx.front.info("refused", str(exc))
        return None
    faces, total = notation.roll(ctx.session.side_dice())
    ctx.front.show([ctx.session.note(roll_text(notation, faces, total), "roll")])
    _autosave(ctx)
    return None


def roll_text(notation: Any, faces: list[int], total: int) -> str:
    shown = " + ".join(map(str, faces))
    if notation.modifier:
        shown += f" {'+' if notation.modifier > 0 else '-'} {abs(notation.modifier)}"
    return f"{notation}: {shown} = {total}" if len(faces) > 1 or notation.modifier else f"{notation}: {total}"


# -- shared by the loop ---------------------------------------------------------------------------

def _in_fight(ctx: Context) -> bool:
    """A fight is on, or the last step had one (its beats are what the player just read)."""
    pending = ctx.game.state.pending
    if pending is not None and getattr(pending, "kind", "") == "conflict":
        return True
    return any(type(e).__name__.startswith("Conflict") for e in ctx.last_events)


def _last_roll(ctx: Context) -> dict[str, Any] | None:
    for event in reversed(ctx.last_events):
        if isinstance(event, ev.RollMade):
            return event.record
    rolls = ctx.game.state.rolls
    return rolls[-1] if rolls else None


def _autosave(ctx: Context):
    session = ctx.session
    if not session.autosave:
        return None
    try:
        path = session.save()
    except SaveError as exc:
        if session.save_error != str(exc):  # said once, not after every step
            ctx.front.info("error", f"could not save: {exc}. The game goes on in memory; "
                                    f"type :save FOLDER/ to save it into another folder")
        session.save_error = str(exc)
        return None
    session.save_error = ""
    return path


def where_saved(slot: str, finished: bool, path: Any = None) -> str:
    """Lines for after the game: where it is saved (the file on a line of its own, so a narrow
    terminal does not cut the sentence in the middle of the path), and the command that resumes
    or re-reads it."""
    at = f":\n  {path}" if path else "."
    if finished:
        return f"The story is saved in slot {slot!r}{at}\nRe-read it with: solo transcript {slot}"
    return f"Progress saved in slot {slot!r}{at}\nResume with: solo continue {slot}"


def leave(ctx: Context, why: str) -> int:
    path = _autosave(ctx)
    if ctx.session.autosave and path is None:  # never "saved" when it was not
        ctx.front.info("error", f"{why}: progress NOT saved ({ctx.session.save_error or 'the save failed'}).",
                       {"slot": ctx.session.slot, "saved": False})
        return 1
    where = f" in slot {ctx.session.slot!r}" if path else ""
    ctx.front.info("saved", f"{why}: progress saved{where}.\nResume with: solo continue {ctx.session.slot}",
                   {"slot": ctx.session.slot})
    return 0


# GM mode's commands (group "gm") register themselves from their own module.
from solo.ui import gm_commands  # noqa: E402,F401
# The live preview's :reload (group "author") likewise.
from solo.ui import live_preview  # noqa: E402,F401
