"""Screens laid over the game for a moment: a page (sheet, help, rules, journal, story). Each
closes with Escape (or its own keys) and returns to the game where it was. (A yes/no question is
asked in the choices box instead, so the story above it stays readable.)
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
            page.border_title = Text(self.page_title)  # may hold adventure text: never markup
            page.border_subtitle = "Esc: back"
            yield Static(self.body, id="page-body")

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
