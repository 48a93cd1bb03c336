"""Screens laid over the game for a moment: the full character sheet, help, and any text page.

Each closes with Escape (or its own key) and returns to the game where it was.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
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


def keys_table(keys: list[tuple[str, str]], commands: list[tuple[str, str]]) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    table.add_row(Text("Keys", style="bold underline"), "")
    for key, text in keys:
        table.add_row(key, text)
    table.add_row("", "")
    table.add_row(Text("Commands", style="bold underline"), Text("press : then type one", style="dim"))
    for command, text in commands:
        table.add_row(command, text)
    return table
