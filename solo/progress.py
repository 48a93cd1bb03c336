"""The one progress line the long GM tools (analyze, playtest, the exhaustive sweep) show.

A :class:`ProgressLine` rewrites one line of stderr in place (only when stderr is a terminal,
so JSON on stdout and logs stay clean, unless ``force`` is set) and clears it when done. What
goes on the line is the caller's plain text; this only shows it, at most every quarter second,
cut to the terminal's width (a line that wraps cannot be rewritten in place: each update would
leave a line behind).
"""

from __future__ import annotations

import shutil
import sys
import time
import unicodedata
from typing import TextIO

INTERVAL = 0.25


def fitted(text: str, columns: int) -> str:
    """``text`` cut to fewer than ``columns`` cells (wide characters take two), ending in "…"
    when cut: the last column stays free, as a terminal may wrap on writing into it."""
    room = max(columns - 1, 1)
    widths = [2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text]
    if sum(widths) <= room:
        return text
    out, used = [], 0
    for char, width in zip(text, widths):
        if used + width > room - 1:
            break
        out.append(char)
        used += width
    return "".join(out) + "…"


class ProgressLine:
    def __init__(self, stream: TextIO | None = None, force: bool = False, columns: int | None = None) -> None:
        self.stream = stream or sys.stderr
        #: The width to fit (None: the terminal's, asked at each update, as it may be resized).
        self.columns = columns
        self.enabled = force or bool(getattr(self.stream, "isatty", lambda: False)())
        self.last = 0.0
        self.shown = False

    def show(self, text: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        if not self.enabled or now - self.last < INTERVAL:
            return
        self.last = now
        # one line, the terminal's control characters out of it (the text holds ids from files)
        clean = "".join(c if c.isprintable() else "?" for c in text)
        columns = self.columns or shutil.get_terminal_size((80, 24)).columns
        self.stream.write("\r\x1b[K" + fitted(clean, columns))
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False

    def __enter__(self) -> "ProgressLine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
