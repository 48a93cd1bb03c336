"""What one ``solo serve`` lets its pages ask for: how many games at once, how big a screen.

Each open tab is a game process of about 50 MB, and the memory a game's screen takes grows with
the size the page asks for; so the server seats at most ``--max-games`` games at once (a tab
beyond that is told so on the page) and clamps every size a page sends to what a real screen
shows. A message that is not what the page sends is ignored, never an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

DEFAULT_MOST_GAMES = 8
FEWEST_COLUMNS, MOST_COLUMNS = 20, 400  # a 4K screen in the smallest font the page offers
FEWEST_ROWS, MOST_ROWS = 8, 150
DEFAULT_COLUMNS, DEFAULT_ROWS = 80, 24


def clamp_size(width: Any, height: Any) -> tuple[int, int]:
    """A terminal size (columns, rows) from what a page sent, within the bounds above; a value that
    is not a whole number reads as the default size."""
    return (_clamp(width, DEFAULT_COLUMNS, FEWEST_COLUMNS, MOST_COLUMNS),
            _clamp(height, DEFAULT_ROWS, FEWEST_ROWS, MOST_ROWS))


def _clamp(value: Any, default: int, least: int, most: int) -> int:
    if isinstance(value, bool):
        return default
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            return default
    if not isinstance(value, int):
        return default
    return max(least, min(most, value))


def page_message(text: str) -> tuple[str, Any] | None:
    """A message from the page as (kind, data), or None when it is not one the page sends.

    The page sends JSON lists: ``["stdin", TEXT]``, ``["resize", {"width": W, "height": H}]``,
    ``["ping", TEXT]``, ``["focus"]`` and ``["blur"]``.
    """
    try:
        envelope = json.loads(text)
    except ValueError:
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
    if kind in ("stdin", "ping") and isinstance(data, str):
        return kind, data
    if kind == "resize" and isinstance(data, dict):
        return kind, clamp_size(data.get("width"), data.get("height"))
    if kind in ("focus", "blur"):
        return kind, None
    return None


@dataclass
class Seats:
    """How many games run, out of how many allowed. Taking a seat never waits: it is had or not."""

    most: int = DEFAULT_MOST_GAMES
    taken: int = 0

    def take(self) -> bool:
        if self.taken >= self.most:
            return False
        self.taken += 1
        return True

    def free(self) -> None:
        self.taken = max(0, self.taken - 1)

    def full_message(self) -> str:
        games = f"{self.most} game" + ("" if self.most == 1 else "s")
        return (f"This solo server already runs {games}, its limit. Close a tab with a game "
                f"in it (every game is saved as it goes) and reload this page.")
