"""The one progress line the long GM tools (analyze, playtest, the exhaustive sweep) show.

A :class:`ProgressLine` rewrites one line of stderr in place (only when stderr is a terminal,
so JSON on stdout and logs stay clean, unless ``force`` is set) and clears it when done. What
goes on the line is the caller's plain text; this only shows it, at most every quarter second.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

INTERVAL = 0.25


class ProgressLine:
    def __init__(self, stream: TextIO | None = None, force: bool = False) -> None:
        self.stream = stream or sys.stderr
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
        self.stream.write("\r\x1b[K" + clean)
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
