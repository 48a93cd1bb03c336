"""Which screen a game is played on: the full-screen app or the line mode.

The full-screen app needs a real terminal of a useful size that can draw Unicode, or a browser
(``solo serve`` starts the app with Textual's web driver). Everything else gets the line mode:
pipes, ``--json``, ``--plain``, small or narrow terminals, ``TERM=dumb``, output that cannot
encode Unicode. ``--full`` and ``--line`` (or ``SOLO_SCREEN=full|line``) override the guess.
This module only decides; it imports nothing heavy.
"""

from __future__ import annotations

import os
import shutil
import sys
from typing import TextIO

FULL = "full"
LINE = "line"
MIN_COLUMNS = 70  # the story gets 67+ columns; narrower reads better in line mode
MIN_ROWS = 20
ENV = "SOLO_SCREEN"
WEB_DRIVER_ENV = "TEXTUAL_DRIVER"  # set by textual-serve for the app it runs


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _unicode(stream: TextIO) -> bool:
    encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    return encoding.startswith("utf")


def choose(requested: str | None = None, *, as_json: bool = False, plain: bool = False,
           stdin: TextIO | None = None, stdout: TextIO | None = None) -> tuple[str, str]:
    """The screen to play on and why: ``(FULL or LINE, reason)``.

    ``requested`` is ``--full``/``--line`` from the command line (None when neither was given).
    """
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    if as_json:
        return LINE, "--json writes events, not a screen"
    if plain:
        return LINE, "--plain asks for the line mode"
    if os.environ.get(WEB_DRIVER_ENV, "").endswith("WebDriver"):
        return FULL, "served to a browser"
    wanted = requested or os.environ.get(ENV, "").strip().lower() or None
    if wanted == LINE:
        return LINE, "asked for"
    if wanted == FULL:
        return FULL, "asked for"
    if not (_is_tty(stdin) and _is_tty(stdout)):
        return LINE, "not a terminal"
    if os.environ.get("TERM", "") in ("dumb", "unknown"):
        return LINE, "TERM=dumb"
    if not _unicode(stdout):
        return LINE, "the terminal cannot show Unicode"
    size = shutil.get_terminal_size((0, 0))
    if size.columns < MIN_COLUMNS or size.lines < MIN_ROWS:
        return LINE, f"the terminal is smaller than {MIN_COLUMNS}×{MIN_ROWS}"
    return FULL, "a terminal"
