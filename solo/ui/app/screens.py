"""Screens laid over the game for a moment: a page (sheet, help, rules, journal, story) or a
yes/no question. Each closes with Escape (or its own keys) and returns to the game where it was.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class PageScreen(ModalScreen[None]):
    """A scrollable page (the sheet, help, the journal) over the game."""

    BINDINGS = [
        Binding("escape,q,enter", "dismiss", "Back to the game"),
        Binding("c", "dismiss", "Back", show=False),
        Binding("question_mark", "dismiss", "Back", show=False),
    ]

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.page_title = title
        self.body = body

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="page") as page:
            page.border_title = self.page_title
            page.border_subtitle = "Esc: back"
            yield Static(self.body, id="page-body")

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question over the game (replace a save, start again, keep the character)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="confirm") as box:
            box.border_title = "Question"
            box.border_subtitle = "y: yes   n: no"
            yield Static(Text(self.question), id="confirm-question")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
