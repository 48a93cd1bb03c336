"""The full-screen game: story, choices, character, dice, all in view, driven from the keyboard.

:class:`SoloApp` lays out the panes (layout and colours are in ``solo.tcss``), runs the same play
loop as the line mode in a worker thread through :class:`~solo.ui.app.bridge.AppFront`, draws the
events that loop hands it and sends the player's keys back as answers. It holds no game rule:
what a choice does, what a roll means and what the character knows all come from the engine and
:mod:`solo.ui.status`.
"""

from __future__ import annotations

import io
import threading
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, Static
from textual.worker import Worker, WorkerState

from solo.engine import events as ev
from solo.ui.app.bridge import AppFront
from solo.ui.app import pages
from solo.ui.app.screens import PageScreen
from solo.ui.app.widgets import ChoicePanel, ConflictPanel, DicePanel, SheetPanel, StatusLine, StoryPane, cut_words
from solo.ui.render import EventView, safe
from solo.ui.safe_text import literal
from solo.ui.status import Status
from solo.rules.vocabulary import for_system
from solo.ui.words import Words, reflow

if TYPE_CHECKING:
    from solo.session import Session

KEYS = [
    ("1-9", "pick that choice; with ten or more, 1 then 3 picks 13 (1 alone: wait, or Enter)"),
    ("↑ ↓  Enter", "move through the choices and pick one"),
    ("PgUp PgDn", "scroll the story (the whole game stays there); Tab: the next pane"),
    ("c", "the full character sheet"),
    ("j", "your journal; n writes a note in it"),
    ("r", "the rule behind the last roll, and where the book says it"),
    ("o", "ask the oracle a yes/no question"),
    ("u", "undo: step back one decision; the same choice rolls the same dice"),
    ("s", "save now (the game also saves after every step)"),
    (":", "type any command below"),
    ("?", "this help"),
    ("q", "save and leave"),
]

#: The side panel (character, dice, fight) is shown from this many columns; narrower, the story
#: takes the width, a status line sits under the choices and the sheet is on ``c``.
SIDE_PANEL_FROM = 100
#: Lines the story keeps, at least, however many options the choices box lists (it scrolls).
STORY_MIN_LINES = 12
#: Seconds a first digit waits for a second when ten or more options are on offer.
DIGIT_WAIT = 1.0
CLOSE_WAIT = 10.0  # seconds the app waits, when closing, for the loop to save


def prose(text: str, style: str = "") -> RenderableType:
    """Adventure prose as paragraphs that wrap to the pane, one blank line between them."""
    blocks: list[RenderableType] = []
    for paragraph in reflow(text):
        if blocks:
            blocks.append(Text(""))
        blocks.append(Text(paragraph, style=style))
    return Group(*blocks)


def start_block(event: ev.AdventureStarted) -> RenderableType:
    """The adventure's opening words (its title, rules and summary are on the card above)."""
    return prose(event.intro, "italic") if event.intro else Text("")


def scene_block(event: ev.SceneEntered) -> RenderableType:
    """A scene in the story pane: its title as a rule, then its prose wrapped to the pane."""
    title = safe(event.title) + (f"  · {safe(event.group)}" if event.group else "")
    return Group(Rule(Text(title, style="bold"), align="left", style="cyan"), prose(event.text))


COMMAND_PLACEHOLDER = ":command  (Enter to send, Esc to cancel)"


def cast_block(offered: ev.ChoicesOffered, words: Words) -> RenderableType:
    """The characters on offer, described in the story pane (the choice list keeps one line each)."""
    parts: list[RenderableType] = [Text(safe(offered.prompt), style="bold")]
    for option in offered.options:
        person = next((p for p in words.adventure.characters if p.id == option.id), None)
        head = Text(f"{option.key}  ", style="bold cyan").append(safe(option.text), style="bold")
        if person is not None and words.good_at(person):
            head.append(f", {words.good_at(person)}", style="italic")
        parts += [Text(""), head]
        if option.detail:
            parts.append(prose(option.detail))
        if person is not None:
            parts.append(Text(words.stats_line(person.stats), style="dim"))
    return Group(*parts)


class SoloApp(App[int]):
    """One game of ``solo`` on the full screen (or in a browser through ``solo serve``)."""

    CSS_PATH = "solo.tcss"
    TITLE = "solo"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [
        Binding("c", "send(':sheet')", "Sheet"),
        Binding("j", "send(':journal')", "Journal"),
        Binding("n", "type(':note ')", "Note", show=False),
        Binding("o", "type(':oracle ')", "Oracle", show=False),
        Binding("r", "send(':rules')", "Rules", show=False),
        Binding("u", "send(':undo')", "Undo"),
        Binding("s", "send(':save')", "Save"),
        Binding("colon", "type(':')", "Command"),
        Binding("y", "yes", "Yes", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "leave", "Quit"),
        Binding("ctrl+q", "leave", "Quit", show=False, priority=True),
        Binding("pageup", "scroll_story(-1)", "Scroll up", show=False, priority=True),
        Binding("pagedown", "scroll_story(1)", "Scroll down", show=False, priority=True),
    ] + [Binding(str(n), f"pick('{n}')", show=False) for n in range(0, 10)]

    def __init__(self, session: "Session", *, resume: bool = False, offer_keep: bool = False, notice: str = "",
                 watch: str | None = None) -> None:
        super().__init__()
        self.watch = watch  # the adventure file of the live preview (`solo play --watch`), if any
        self._reload_due = False
        self.session = session
        self.notice = notice  # said at the top of the story (e.g. which slot a browser tab plays in)
        self.resume = resume
        self.offer_keep = offer_keep
        self.front = AppFront(self, session)
        self.events_view = EventView(words=self.front.words)
        self.waiting = False  # a decision is on offer and the loop waits for the answer
        self.status_code = 0
        self.loop_done = threading.Event()
        self.last_status: Status | None = None
        self._leaving = False
        self._answering = False  # the command box is open for a typed answer, not a command
        self._anchor: Static | None = None  # the story block the current step's output starts at
        self._cast_shown = False  # the pregenerated characters were described in the story
        self._confirming = False  # a yes/no question waits in the choices box
        self._fight_shown: Any = None  # the fight's state last drawn in the story (narrow screens)
        self._typed = ""  # digits typed for a two-digit choice, waiting for the next
        self._digit_timer: Any = None
        self.title = safe(session.adventure.title)

    # -- layout ---------------------------------------------------------------------------------
    @property
    def main(self):
        """The game's own screen (pages such as the sheet are pushed over it)."""
        return self.screen_stack[0]

    def compose(self) -> ComposeResult:
        yield Static(id="titlebar")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield StoryPane(id="story")
                yield Input(id="command", placeholder=COMMAND_PLACEHOLDER)
                yield ChoicePanel(id="choices")
            with Vertical(id="side"):
                yield ConflictPanel(id="conflict")
                yield DicePanel(id="dice")
                with VerticalScroll(id="sheet-scroll"):
                    yield SheetPanel(id="sheet")
        yield StatusLine(id="statusline")
        yield Footer()

    def on_mount(self) -> None:
        self.main.query_one("#command", Input).display = False
        self.main.query_one("#side").border_title = "Character"
        self.main.query_one(ChoicePanel).words = self.front.words
        self.main.query_one(ChoicePanel).focus()
        self._set_titlebar(None)
        self._fit_layout()
        if self.notice:
            self.show_info("notice", self.notice)
        self.run_worker(self._run_loop, thread=True, name="play loop", exit_on_error=False)
        if self.watch:
            from solo.ui.live_preview import POLL, RELOAD, watching

            changed = watching(self.watch)

            def look() -> None:
                # a save while the loop is busy is kept until it next waits for an answer
                self._reload_due = changed() or self._reload_due
                if self._reload_due and not self._confirming and self.send(RELOAD):
                    self._reload_due = False
                    self._leaving = False
                    self.forget_roll()

            self.set_interval(POLL, look)

    def _run_loop(self) -> int:
        from solo.ui.driver import play

        try:
            return play(self.session, self.front, resume=self.resume, offer_keep=self.offer_keep)
        finally:
            self.loop_done.set()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "play loop":
            return
        if event.state == WorkerState.SUCCESS:
            self.status_code = int(event.worker.result or 0)
            self._after_loop()
        elif event.state == WorkerState.ERROR:
            self.status_code = 1
            self.show_info("error", f"the game stopped: {event.worker.error}")
            self._after_loop()

    def _after_loop(self) -> None:
        """The loop has ended: the story is over (stay to re-read it) or the player left."""
        self.waiting = False
        if not self.front.words.game.finished or self._leaving:
            self.exit(self.status_code)
            return
        choices = self.main.query_one(ChoicePanel)
        choices.offer(None, closing=[("q", "Leave (the game is saved); PgUp and PgDn scroll the story")])
        choices.focus()

    def on_unmount(self) -> None:
        # Closing the window or the browser tab: the loop saves and leaves as at end of input.
        if not self.loop_done.is_set():
            self.front.close()
            self.loop_done.wait(CLOSE_WAIT)

    # -- drawing what the loop hands over (called in the app's thread) ---------------------------
    def _set_titlebar(self, status: Status | None) -> None:
        room = max(1, self.size.width - 2)
        title = cut_words(safe(self.session.adventure.title), room)
        text = Text(title, style="bold")
        if status is not None and status.scene and len(title) + 10 < room:  # the scene's name, cut at a word
            text.append("  ·  " + cut_words(safe(status.scene), room - len(title) - 5))
        book = f"   {for_system(self.session.adventure.system).book}"
        if text.cell_len + len(book) < self.size.width:  # the rules' name only when it fits whole
            text.append(book, style="dim")
        self.main.query_one("#titlebar", Static).update(text)

    def on_resize(self, event: Any) -> None:
        """A new size: the side panel picks the layout that fits again (and the title bar)."""
        self._set_titlebar(self.last_status)
        self._fit_layout()
        self.call_after_refresh(self.main.query_one(SheetPanel).refresh, layout=True)

    def _fit_layout(self) -> None:
        """The layout for this size: the side panel only where it leaves the story room, and a
        choices box that never takes the story below :data:`STORY_MIN_LINES` lines."""
        width, height = self.size
        narrow = width < SIDE_PANEL_FROM
        self.main.set_class(narrow, "narrow")
        rows = height - 2 - (1 if narrow else 0)  # title bar, footer, status line
        room = max(5, min(rows // 2, rows - STORY_MIN_LINES))
        self.main.query_one(ChoicePanel).styles.max_height = room

    def _set_status(self, status: Status) -> None:
        self.last_status = status
        self.main.query_one(StatusLine).status = status
        self.main.query_one(SheetPanel).status = status
        side = self.main.query_one("#side")
        side.border_title = literal(status.name) if safe(status.name) else "Character"
        self._set_titlebar(status)

    def show_events(self, events: list[ev.Event], status: Status) -> None:
        story = self.main.query_one(StoryPane)
        first = self._anchor
        self._anchor = None
        for event in events:
            if isinstance(event, (ev.ConflictStarted, ev.ConflictRound)):
                self.main.query_one(ConflictPanel).view = event.view
                self.main.query_one("#side").set_class(True, "fighting")  # wider: the fight's gauges
            elif isinstance(event, ev.ConflictEnded) or (
                    isinstance(event, ev.ChoicesOffered) and event.kind in ("scene", "character")):
                # over, or undone to before it began: a scene's own choices mean no fight is on
                self.main.query_one(ConflictPanel).view = None
                self.main.query_one("#side").set_class(False, "fighting")
            roll = event if isinstance(event, ev.RollMade) else None
            if isinstance(event, ev.ConflictAction) and event.roll and event.actor == "player":
                roll = ev.RollMade(event.roll, event.label or event.text)
            if roll is not None:
                dice = self.main.query_one(DicePanel)
                dice.words = self.front.words.roll(roll.record, roll.label, roll.final)
                dice.roll = roll
                self.call_after_refresh(self.main.query_one(SheetPanel).refresh, layout=True)  # less room
            for block in self._blocks(event):
                added = story.add(block, classes=event.type)
                first = first or added
        if first is not None:
            story.reveal(first)
        self._set_status(status)

    def forget_roll(self) -> None:
        """The story stepped back (undo, restart): the dice panel no longer shows a roll undone."""
        self.main.query_one(DicePanel).roll = None
        self.call_after_refresh(self.main.query_one(SheetPanel).refresh, layout=True)  # more room

    def _blocks(self, event: ev.Event) -> list[RenderableType]:
        """What one event adds to the story: prose reflowed here, the rest as the line mode draws it."""
        if isinstance(event, ev.SceneEntered):
            return [scene_block(event)]
        if isinstance(event, ev.AdventureStarted):
            return [start_block(event)] if event.intro else []
        if isinstance(event, ev.Narration):
            return [prose(event.text)]
        if isinstance(event, ev.ConflictRound):  # the side panel shows where the fight stands, when shown
            if not self.main.has_class("narrow"):
                return []
            from solo.ui.conflict_view import state_view

            shown = state_view(event.view, f"Where the fight stands in round {event.view.get('round', 0)}")
            drawn = _plain(shown)  # in the story, a fight's state is shown only when what it says changed
            if drawn == self._fight_shown:  # (a new phase or question alone is not news)
                return []
            self._fight_shown = drawn
            return [shown]
        return [r for r in self.events_view.render([event]) if not (isinstance(r, Text) and not r.plain)]

    def show_watching(self) -> None:
        """After an ending in the live preview: wait for the next save (the timer sends :reload)."""
        self.show_info("notice", "The end. Still watching the file: save it to play its new version, or press q to leave.")
        self._anchor = None  # the reload's own notice starts the next part of the story
        choices = self.main.query_one(ChoicePanel)
        choices.offer(None, closing=[("q", "Leave (the game is saved)")])
        choices.focus()
        self._leaving = True  # anything but a reload now leaves
        self.waiting = True

    def show_offer(self, offered: ev.ChoicesOffered, status: Status) -> None:
        self._set_status(status)
        if offered.kind == "character" and not self._cast_shown:  # who they are, in the story
            self._cast_shown = True
            self.main.query_one(StoryPane).add(cast_block(offered, self.front.words), classes="cast")
        choices = self.main.query_one(ChoicePanel)
        choices.offer(offered)
        if not self.main.query_one("#command", Input).display:
            choices.focus()
        self.waiting = True

    def show_info(self, kind: str, text: str) -> None:
        severity = {"error": "error", "refused": "warning"}.get(kind, "information")
        if kind in ("error", "notice"):
            style = "bold red" if kind == "error" else "italic"
            story = self.main.query_one(StoryPane)
            self._anchor = self._anchor or story.add(Text(safe(text), style=style), classes=kind)
            story.reveal(self._anchor)
        self.notify(safe(text), severity=severity, timeout=4, markup=False)

    def show_page(self, title: str, body: RenderableType) -> None:
        self.push_screen(PageScreen(title, body))

    def show_card(self, card: RenderableType) -> None:
        self._anchor = self.main.query_one(StoryPane).add(card, classes="card")  # read from the card on

    def ask_confirm(self, question: str) -> None:
        """A yes/no question in the choices box, so the story above stays in view and scrolls."""
        self._confirming = True
        choices = self.main.query_one(ChoicePanel)
        choices.ask(question)
        if not self.main.query_one("#command", Input).display:
            choices.focus()

    def answer(self, yes: bool) -> None:
        """The player's answer to the question :meth:`ask_confirm` put."""
        if self._confirming:
            self._confirming = False
            self.main.query_one(ChoicePanel).offer(None)
            self.front.answer_confirm(yes)

    # -- the player's keys -------------------------------------------------------------------------
    def send(self, line: str, echo: str = "") -> bool:
        """Hand one answer to the loop, if it is waiting for one."""
        if not self.waiting:
            return False
        self.waiting = False
        if echo:
            self._anchor = self.main.query_one(StoryPane).add(Text(f"▸ {safe(echo)}", style="bold cyan"), classes="picked")
        self.front.answer(line)
        return True

    @on(StoryPane.MoreBelow)
    def _more_below(self, message: StoryPane.MoreBelow) -> None:
        self.main.query_one(ChoicePanel).border_subtitle = "▼ more story below: PgDn" if message.more else ""

    @on(ChoicePanel.Picked)
    def _picked(self, message: ChoicePanel.Picked) -> None:
        self._set_typed("")  # Enter on a highlighted first digit picks it at once
        if self._confirming and message.key in ("y", "n"):
            self.answer(message.key == "y")
            return
        if message.key == "q" and self.loop_done.is_set():
            self.exit(self.status_code)
            return
        self.send(message.key, echo=message.text)

    @on(ChoicePanel.Typing)
    def _typing(self, message: ChoicePanel.Typing) -> None:
        """An option answered by typing: open the box empty, its text as the placeholder."""
        if not self.waiting:
            return
        box = self.main.query_one("#command", Input)
        box.display = True
        box.value = ""
        box.placeholder = f"{safe(message.text)}  (Enter to send, Esc to cancel)"
        self._answering = True
        box.focus()

    def action_pick(self, key: str) -> None:
        """A digit: picks its option at once, unless longer keys start with it (ten or more
        options): then it waits :data:`DIGIT_WAIT` for the next digit, shown above the keys."""
        if not self.waiting:
            return
        choices = self.main.query_one(ChoicePanel)
        keys = choices.keys()
        typed = self._typed + key
        if self._typed and not any(k.startswith(typed) for k in keys):
            self._pick_typed()  # "1" then a digit no key goes on with: 1 now, then this digit
            if self.waiting:
                self.action_pick(key)
            return
        self._set_typed("")
        longer = [k for k in keys if k.isdigit() and k.startswith(typed) and k != typed]
        if longer:
            self.main.query_one(StatusLine).longer = longer[0] if len(longer) == 1 else f"{longer[0]}-{longer[-1]}"
            self._set_typed(typed)
            choices.highlight_key(typed)
            self._digit_timer = self.set_timer(DIGIT_WAIT, self._pick_typed)
            return
        choices.pick_key(typed)

    def _set_typed(self, typed: str) -> None:
        self._typed = typed
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None
        line = self.main.query_one(StatusLine)
        line.typed = typed
        line.set_class(bool(typed), "typing")

    def _pick_typed(self) -> None:
        """The wait is over (or Enter): pick what was typed, if it is a choice."""
        typed = self._typed
        self._set_typed("")
        if typed and self.waiting:
            self.main.query_one(ChoicePanel).pick_key(typed)

    def action_send(self, line: str) -> None:
        """A key for a command: to the loop when it waits; after the story, what still makes sense."""
        if self.send(line):
            return
        if self.loop_done.is_set():
            words = self.front.words
            if line == ":sheet":
                self.show_page(*pages.page("sheet", {"rows": words.sheet()}, words, KEYS))
            elif line == ":journal":
                entries = [dict(e, scene_title=words.scene(e.get("scene"))) for e in words.game.state.journal]
                self.show_page(*pages.page("journal", {"entries": entries}, words, KEYS))

    def action_help(self) -> None:
        if not self.send(":help"):
            self.show_page(*pages.page("help", {"keys": ""}, self.front.words, KEYS))

    def action_leave(self) -> None:
        if self.loop_done.is_set():
            self.exit(self.status_code)
            return
        self._leaving = True
        if not self.send(":quit"):
            self.front.close()

    def action_scroll_story(self, direction: int) -> None:
        story = self.main.query_one(StoryPane)
        if direction < 0:
            story.scroll_page_up(animate=False)
        else:
            story.scroll_page_down(animate=False)

    def action_type(self, start: str) -> None:
        """Open the command line, with ``start`` typed (":" or a command and a space)."""
        if self._confirming and start.startswith(":note"):  # n answers a question with no
            self.answer(False)
            return
        box = self.main.query_one("#command", Input)
        box.display = True
        box.value = start
        box.focus()
        # focusing may select the whole text (typing would replace it): put the cursor at the end
        self.call_after_refresh(setattr, box, "cursor_position", len(start))

    def _close_command(self) -> None:
        box = self.main.query_one("#command", Input)
        box.display = False
        box.value = ""
        box.placeholder = COMMAND_PLACEHOLDER
        self._answering = False
        self.main.query_one(ChoicePanel).focus()

    @on(Input.Submitted, "#command")
    def _command_sent(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        answering = self._answering
        self._close_command()
        if answering and line and not line.startswith(":"):
            if not self.send(line, echo=line):
                self.notify("wait for the game to ask", severity="warning")
            return
        if line and line != ":":
            if not line.startswith(":"):
                line = ":" + line
            if line.split()[0] in (":quit", ":q", ":exit"):
                self._leaving = True
            if not self.send(line):
                self.notify("wait for the game to ask", severity="warning")

    def on_key(self, event: Any) -> None:
        box = self.main.query_one("#command", Input)
        if event.key == "escape" and box.display:
            event.stop()
            self._close_command()
        elif event.key == "escape" and self._confirming:
            event.stop()
            self.answer(False)

    def action_yes(self) -> None:
        self.answer(True)


def play_full(session: "Session", *, resume: bool = False, offer_keep: bool = False, notice: str = "",
              watch: str | None = None) -> int:
    """Play ``session`` on the full screen until the player leaves; returns the exit status.
    With ``watch``, the game reloads that file whenever it is saved (``solo play --watch``)."""
    from solo import stopping

    app = SoloApp(session, resume=resume, offer_keep=offer_keep, notice=notice, watch=watch)
    with stopping.python_interrupts():  # asyncio's Ctrl-C handling, as before solo had its own
        app.run()
    return app.status_code


def _plain(renderable: RenderableType) -> str:
    """What a renderable says, as plain text at a fixed width (to tell whether it changed)."""
    console = Console(width=100, file=io.StringIO(), color_system=None, record=True)
    console.print(renderable)
    return console.export_text()
