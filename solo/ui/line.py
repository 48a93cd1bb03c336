"""Line mode for people: the story scrolling in the terminal, in colour or in plain words.

:class:`LineFront` shows what :mod:`solo.ui.words` says, either with rich (panels, colours, dice
glyphs) or, in plain mode, as plain lines for screen readers and ASCII terminals (no colour, no
box drawing, no emoji, no animation). Before each prompt a status line says where the player
stands (only when it changed); a roll is printed once, its result line alone when kept as it was.
"""

from __future__ import annotations

import shutil
import sys
from typing import Any, TextIO

from solo.engine import events as ev
from solo.ui import words as w
from solo.ui.plain_text import to_terminal, wrap
from solo.ui.words import Words

CONFLICT_EVENTS = tuple(getattr(ev, name) for name in ("ConflictStarted", "ConflictAction", "ConflictRound",
                                                        "ConflictEnded") if hasattr(ev, name))
#: The widest the story runs, in columns: a comfortable measure for reading, however wide the terminal.
MEASURE = 80
#: Plain mode's words for tones that colour would carry (a screen reader hears them).
PLAIN_PREFIX = {w.REWARD: "Gained: ", w.LOSS: "Lost: "}
#: Styles of the retold story's kinds of line (:mod:`solo.ui.transcript`).
RECAP_STYLE = {"title": "bold magenta", "scene": "bold cyan", "end": "bold", "choice": "bold",
               "why": "dim", "note": "italic", "good": "green", "bad": "red", "warn": "yellow",
               "reward": "yellow", "loss": "red"}


class LineFront:
    """People's front end for line mode; ``plain`` for words only."""

    def __init__(self, words: Words, source: Any, *, plain: bool = False, out: TextIO | None = None,
                 console: Any = None, width: int | None = None) -> None:
        self.words = words
        self.source = source
        self.plain = plain
        self.out = out if out is not None else sys.stdout
        self.width = width or min(MEASURE, shutil.get_terminal_size((80, 24)).columns)
        self.console = console
        self._fight_notes: dict[str, Any] = {}  # the fight notes last shown (conflict_view.fresh_notes)
        if not plain and console is None:
            from rich.console import Console

            self.console = Console(highlight=False, soft_wrap=False, emoji=False, markup=False, file=self.out,
                                   width=self.width)
        self._shown: ev.ChoicesOffered | None = None
        self._status = ""
        self._open_roll: w.RollWords | None = None  # the last roll shown while it could still change

    # -- writing ------------------------------------------------------------------------------
    def write(self, text: str = "") -> None:
        if self.plain:  # a screen reader says "middle dot"; a semicolon is a pause
            text = text.replace(" · ", "; ").replace(" ·\n", ";\n")
        encoding = getattr(self.out, "encoding", None) or "utf-8"
        self.out.write(to_terminal(text, encoding) + "\n")
        self.out.flush()

    def para(self, text: str, indent: str = "") -> None:
        if self.plain:
            text = text.replace(" · ", "; ")
        self.write(wrap(text, self.width, indent))

    def print(self, renderable: Any) -> None:
        self.console.print(renderable)

    # -- the protocol -------------------------------------------------------------------------
    def show(self, events: list[ev.Event]) -> None:
        batch: list[ev.Event] = []
        for event in events:
            if isinstance(event, ev.ChoicesOffered):
                continue
            if isinstance(event, CONFLICT_EVENTS):
                self._lines(batch)
                batch = []
                self._conflict(event)
            elif isinstance(event, (ev.SceneEntered, ev.RollMade, ev.EndingReached, ev.AdventureStarted,
                                    ev.CharacterChosen)):
                self._lines(batch)
                batch = []
                self._event(event)
            else:
                batch.append(event)
        self._lines(batch)

    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        if self.plain:
            prefix = {"error": "Error: ", "refused": "", "saved": ""}.get(kind, "")
            if text:
                self.para(prefix + text)
            else:
                self.write()
            return
        from rich.text import Text

        style = {"error": "bold red", "refused": "yellow", "saved": "dim green"}.get(kind, "dim")
        self.print(Text(w.clean(text), style=style))

    def ask(self, offered: ev.ChoicesOffered) -> str | None:
        if offered is not self._shown:  # an empty line or a refusal re-asks without redrawing
            self._choices(offered)
            self._shown = offered
        status = self.words.status(self.width)
        if status and status != self._status:
            self._status = status
            if self.plain:
                self.para("Status: " + status.replace("\n", " · "))
            else:
                from rich.text import Text

                for row in status.splitlines():
                    self.print(Text(row, style="dim reverse"))
        hint = w.keys_hint(offered.options)
        prompt = f"{hint} or :help > " if hint else ":help > "
        return self.source.read(to_terminal(prompt, getattr(self.out, "encoding", None)))

    def wait_for_save(self) -> bool:
        """After an ending, with --watch: True when the file is saved again (False: leave)."""
        wait = getattr(self.source, "wait_for_save", None)
        if wait is None:
            return False
        self.info("notice", "The end. Still watching the file: save it to play its new version, "
                            "or press Enter to leave.")
        return bool(wait())

    def confirm(self, question: str) -> bool:
        if not getattr(self.source, "interactive", False):
            return False
        *above, last = wrap(f"{question} [y/N]", self.width).split("\n")  # never cut mid-word by the terminal
        for line in above:
            self.write(line)
        answer = self.source.read(to_terminal(f"{last} ", getattr(self.out, "encoding", None)))
        return (answer or "").strip().lower() in ("y", "yes")

    def view(self, kind: str, data: dict[str, Any]) -> None:
        handler = getattr(self, f"_view_{kind}", None)
        if handler is not None:
            handler(data)
        self._shown = None  # the choices are drawn again after a view
        self._status = ""

    # -- events -------------------------------------------------------------------------------
    def _lines(self, events: list[ev.Event]) -> None:
        for item in self.words.events(events):
            if self.plain:
                prefix = PLAIN_PREFIX.get(item.tone, "")
                if item.kind == "clock":
                    prefix = "Clock: "
                self.para(prefix + item.text)
            else:
                from solo.ui.render import line

                self.print(line(item))

    def _event(self, event: ev.Event) -> None:
        if isinstance(event, ev.AdventureStarted):
            if event.intro:
                self._prose(event.intro, italic=True)
        elif isinstance(event, ev.CharacterChosen):
            text = f"You play {w.clean(event.name)}."
            if self.plain:
                self.para(text)
            else:
                from rich.text import Text

                self.print(Text(text, style="bold"))
        elif isinstance(event, ev.SceneEntered):
            self._open_roll = None
            if self.plain:
                self.write()
                self.para(f"Scene: {w.clean(event.title)}")
                for p in w.reflow(event.text):
                    self.para(p)
                    self.write()
            else:
                from solo.ui.render import scene_panel

                self.print("")
                self.print(scene_panel(event))
        elif isinstance(event, ev.RollMade):
            self._roll(event)
        elif isinstance(event, ev.EndingReached):
            self._ending(event)

    def _conflict(self, event: ev.Event) -> None:
        if self.plain:
            for item in self.words.conflict(event):
                self.para(item.text)
            return
        from solo.rules.vocabulary import for_system
        from solo.ui.conflict_view import render_conflict

        for renderable in render_conflict(event, for_system(self.words.adventure.system).outcomes, self._fight_notes):
            self.print(renderable)

    def _prose(self, text: str, italic: bool = False) -> None:
        paragraphs = w.reflow(text)
        if self.plain:
            for p in paragraphs:
                self.para(p)
                self.write()
            return
        from rich.text import Text

        self.print(Text("\n\n".join(paragraphs), style="italic" if italic else ""))

    def _roll(self, event: ev.RollMade) -> None:
        previous = self._open_roll
        rw = self.words.roll(event.record, event.label, event.final)
        self._open_roll = rw
        if not self.plain:
            from solo.ui.render import roll_view

            self.print(roll_view(event, self.words, previous=previous))
            return
        dice_changed, reasons = rw.news(previous)
        if not rw.follows(previous):
            self.para(f"Roll: {rw.title}" + (f", {rw.stat}" if rw.stat else "") + ".")
        if rw.dice and dice_changed:
            shown = ", ".join(f"{d.value} {d.reading}".strip() for d in rw.dice)
            shown += "".join(f"; {name} {', '.join(str(d.value) for d in extra)}" for name, extra in rw.extras)
            self.para(f"Dice: {shown}.", "  ")
        if rw.final:
            self.para(f"Result: {rw.summary()}", "  ")
        else:
            self.para(f"{rw.so_far()} You can still act on this roll.", "  ")
        for why in reasons:
            self.para(why, "  ")

    def _ending(self, event: ev.EndingReached) -> None:
        game = self.words.game
        summary = self.words.ending(event, list(game.state.rolls) if game is not None else [])
        advances = _advances(game)
        if not self.plain:
            from solo.ui.render import ending_view

            self.print("")
            self.print(ending_view(summary, advances))
            return
        self.write()
        self.para(f"The end: {summary['title']} ({summary['outcome']}).")
        for p in summary["summary"]:
            self.para(p)
        for text in summary["met"]:
            self.para(f"Objective met: {text}")
        for text in summary["missed"]:
            self.para(f"Objective missed: {text}")
        if summary["resources"]:
            self.para("You end with: " + ", ".join(f"{k} {v}" for k, v in summary["resources"]) + ".")
        self.para(f"Rolls: {summary['rolls']}, {summary['luck']}.")
        for sentence in advances:
            self.para(sentence)

    def _choices(self, offered: ev.ChoicesOffered) -> None:
        if not self.plain:
            from solo.ui.render import choices_view

            self.print(choices_view(offered, self.words))
            return
        self.para(w.clean(offered.prompt))
        for option in offered.options:
            # a scene's choice may open later; an offer on a roll shown disabled never will
            key = f"{option.key})" if option.key else "(cannot take)" if offered.kind == "roll" else "(not now)"
            text = w.clean(option.text)
            if offered.kind == "character":
                person = next((p for p in self.words.adventure.characters if p.id == option.id), None)
                good = self.words.good_at(person) if person is not None else ""
                self.para(f"{key} {text}" + (f", {good}." if good else ""))
                if option.detail:
                    self.para(" ".join(w.reflow(option.detail)), "   ")
                if person is not None:
                    self.para(self.words.stats_line(person.stats) + ".", "   ")
                continue
            if option.parent:
                continue  # said once, after the list
            if option.hint:
                text += f" ({w.compact_hint(option.hint)})"
            if not option.enabled and option.reason:
                text += f": {w.clean(option.reason)}"
            self.para(f"{key} {text}")
        others = w.alternatives_line(offered.options)
        if others:
            self.para(f"Or {others[:1].lower()}{others[1:]}.")

    # -- views --------------------------------------------------------------------------------
    def _view_card(self, data: dict[str, Any]) -> None:
        lines = self.words.card()
        if self.plain:
            for item in lines:
                self.para(item.text)
                self.write()
            return
        from rich.panel import Panel
        from rich.console import Group
        from rich.text import Text

        from solo.ui.render import TONE_STYLE

        body = [Text(item.text, style=TONE_STYLE.get(item.tone, "")) for item in lines[1:]]
        parts: list[Any] = []
        for n, item in enumerate(body):
            if n:
                parts.append(Text(""))
            parts.append(item)
        self.print(Panel(Group(*parts), title=Text(lines[0].text, style="bold magenta"), title_align="left",
                         border_style="magenta", padding=(0, 1)))

    def _view_sheet(self, data: dict[str, Any]) -> None:
        rows = data["rows"]
        if self.plain:
            self.para("Character sheet.")
            for heading, text, _ in rows:
                self.para(f"{heading}: {text}" if heading else text)
            return
        from solo.ui.render import rows_table

        self.print(rows_table(rows, "Character sheet"))

    def _view_help(self, data: dict[str, Any]) -> None:
        if data.get("keys"):
            self.para(data["keys"]) if self.plain else self.print(data["keys"])
        rows = [("Commands", f"{usage}  {text}", "") for usage, text in data.get("commands") or []]
        rows += [("Terms", f"{term}: {meaning}", "") for term, meaning in data.get("terms") or []]
        self._rows(rows)

    def _view_rules(self, data: dict[str, Any]) -> None:
        roll = data.get("roll")
        if roll is not None:
            self._say(f"{roll.title}: {roll.summary()}", "bold")
            for why in roll.why:
                self._say("  " + why)
            if roll.steps:
                self._say("  The dice step by step: " + "; ".join(roll.steps) + ".", "dim")
        for rule in data.get("rules") or []:
            self._say(rule["title"], "bold")
            self._say(rule["text"])
            self._say(f"Source: {rule['source']}", "dim")

    def _view_journal(self, data: dict[str, Any]) -> None:
        entries = data.get("entries") or []
        if not entries:
            self._say("Your journal is empty. Write in it with :note TEXT.")
            return
        self._say("Journal", "bold")
        for entry in entries:
            self._say(f"Turn {entry.get('turn', 0)}, {entry.get('scene_title', '')}: {w.clean(entry.get('text', ''))}")

    def _view_recap(self, data: dict[str, Any]) -> None:
        from solo.ui.transcript import story_lines

        for text, kind in story_lines(data["entries"], self.words):
            if kind in ("scene", "end", "choice") and not self.plain:
                self._say("")
            self._say(text, RECAP_STYLE.get(kind, ""))

    _view_story = _view_recap

    def _rows(self, rows: list[tuple[str, str, str]]) -> None:
        if self.plain:
            last = None
            for heading, text, _ in rows:
                if heading != last:
                    self.para(heading + ":")
                    last = heading
                self.para(text, "  ")
            return
        from solo.ui.render import rows_table

        self.print(rows_table(rows))

    def _say(self, text: str, style: str = "") -> None:
        if self.plain:
            self.para(text)
            return
        from rich.text import Text

        self.print(Text(w.clean(text), style=style))


def _advances(game: Any) -> list[str]:
    """What the character's experience can buy now, in one sentence (see :meth:`Words.spending`)."""
    if game is None:
        return []
    sentence = Words(game.adventure, game).spending()
    return [sentence] if sentence else []
