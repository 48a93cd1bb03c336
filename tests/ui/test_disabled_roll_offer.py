"""An offer on a roll shown disabled (``Offer.disabled``) in line mode, plain and rich: listed in
its place without a key, with the reason, the numbers after it kept; a companion's name from the
file in its text (hostile text) shows literally. The engine's side: tests/engine/test_disabled_offers.py.
"""

from __future__ import annotations

import io

from rich.console import Console

from solo.adventure import loader
from solo.engine import events as ev
from solo.ui.line import LineFront
from solo.ui.words import Words

HOSTILE = "[@click=app.quit]x[/] <img src=x onerror=alert(1)> \x1b[31mRED\x1b[0m"
REASON = "cannot change the result: +1 makes 7 against 8, still a loss"


def _offered(name: str) -> ev.ChoicesOffered:
    return ev.ChoicesOffered("roll", "The dice are down", [
        ev.Option("1", "Keep the roll", "keep"),
        ev.Option(None, "Spend 1 blessing die for +1", "help-1", False, REASON),
        ev.Option("3", "Spend 2 blessing dice for +dc2", "help-2", hint="then 25% to succeed"),
        ev.Option(None, f"Blessèd Convoy: {name} helps for +1 at no cost", "convoy-0", False, REASON),
    ])


def _shown(plain: bool) -> str:
    out = io.StringIO()
    words = Words(loader.load("blessed-harvest").adventure)
    console = None if plain else Console(file=out, width=200, color_system=None, force_terminal=False)
    front = LineFront(words, _Keep(), plain=plain, out=out, console=console, width=200)
    assert front.ask(_offered(HOSTILE)) == "1"
    return out.getvalue()


class _Keep:
    """A line source that answers every prompt with 1 and keeps what it was asked."""

    interactive = True

    def __init__(self) -> None:
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return "1"


def test_plain_line_mode_lists_it_without_a_key_saying_why():
    lines = [line for line in _shown(plain=True).splitlines() if line.strip()]
    assert lines[1] == "1) Keep the roll"
    assert lines[2] == f"(cannot take) Spend 1 blessing die for +1: {REASON}"
    assert lines[3].startswith("3) Spend 2 blessing dice for +dc2")
    assert lines[4].startswith("(cannot take) Blessèd Convoy: [@click=app.quit]x[/] <img src=x onerror=alert(1)>")
    assert "\x1b" not in "".join(lines)


def test_rich_line_mode_lists_it_greyed_with_a_dot_and_the_reason_and_text_as_written():
    text = _shown(plain=False)
    assert f"· Spend 1 blessing die for +1  — {REASON}" in text
    assert "3) Spend 2 blessing dice for +dc2" in text
    assert "[@click=app.quit]x[/] <img src=x onerror=alert(1)>" in text
    assert "\x1b" not in text and "2)" not in text
