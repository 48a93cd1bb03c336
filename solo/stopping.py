"""Being told to stop: SIGTERM and SIGHUP reach solo's code as :class:`Stopped`, Ctrl-C
(SIGINT) as :class:`Interrupted`.

:class:`Stopped` is a KeyboardInterrupt, so every place that undoes a half-done step and saves
on Ctrl-C does the same when solo is killed or its terminal closes; the command line then
leaves quietly with 128 + the signal's number.

It is a subclass, not KeyboardInterrupt itself, for one reason: CPython (3.11 at least) marks a
plain KeyboardInterrupt that escapes code run from a string (``exec``, which ``dataclasses``
uses while a module is imported) as "unhandled" for the whole process, even when solo catches
it further up, and then ends the process by SIGINT (status -2) instead of the status solo
asked for. Only the exact class is marked, so a stop raised as a subclass leaves with 143.

Ctrl-C gets a handler of its own too: Python's raises KeyboardInterrupt wherever it lands, and
during start-up's imports that is now and then a finaliser or the import system's lock callback,
where it is printed as "Exception ignored" and lost. Solo's keeps it for just after, as for
SIGTERM, and raises :class:`Interrupted`, which is caught wherever KeyboardInterrupt is.
Around an asyncio loop (the full screen) Python's own handler is put back for the loop's length
(:func:`python_interrupts`), since asyncio installs its Ctrl-C handling only over Python's.

This module is imported before the command line (click, rich) so that the handlers are in
place as early as possible: a signal that lands before them ends the process by its default
action, before any of solo's code ran.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

#: The signals that stop solo the way Ctrl-C does (those this platform has).
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))

#: The signal that told solo to stop, once one has (kept even when a library turns the
#: interrupt into one of its own exceptions on the way up).
told: list[int] = []


class Interrupted(KeyboardInterrupt):
    """The user pressed Ctrl-C (SIGINT): leave with 130, saying so."""


class Stopped(KeyboardInterrupt):
    """Solo was told to stop by a signal (not by Ctrl-C)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


def _drops_exceptions(frame: FrameType | None) -> bool:
    """Whether an exception raised in ``frame`` would be printed as "Exception ignored" and
    lost instead of reaching solo: it runs inside a ``__del__`` or inside the import system's
    module-lock callback (where a stop during start-up's imports lands now and then)."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "__del__" or (code.co_name == "cb" and code.co_filename.startswith("<frozen importlib")):
            return True
        frame = frame.f_back
    return False


def _stop_for(signum: int) -> KeyboardInterrupt:
    return Interrupted() if signum == signal.SIGINT else Stopped(signum)


def _raise_later(signum: int) -> Any:
    """A trace function that raises the stop for ``signum`` at the first call or line run
    outside a frame that drops exceptions, then is gone (an exception from a trace function
    ends tracing)."""

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        if _drops_exceptions(frame):
            return None
        raise _stop_for(signum)

    return trace


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    if signum != signal.SIGINT and signum not in told:
        told.append(signum)
    if _drops_exceptions(frame):  # raised here it would be printed and lost: raise it just after
        trace = _raise_later(signum)
        outer = frame
        while outer is not None and _drops_exceptions(outer):
            outer = outer.f_back
        if outer is not None:
            outer.f_trace = trace  # its next line, if it runs one before calling anything
        sys.settrace(trace)  # else the next call
        return
    raise _stop_for(signum)


def install() -> None:
    """Make SIGTERM and SIGHUP raise :class:`Stopped` in the main thread, and Ctrl-C
    :class:`Interrupted` unless SIGINT is ignored (a background job) or already someone
    else's (idempotent). Ctrl-C's handler goes first: once SIGTERM's is seen, both are in."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _raise_stopped)
    for signum in STOP_SIGNALS:
        signal.signal(signum, _raise_stopped)


@contextmanager
def python_interrupts() -> Iterator[None]:
    """Python's own Ctrl-C handler for the length of the block (an asyncio loop installs its
    own Ctrl-C handling only over Python's); solo's is back afterwards if it was in."""
    ours = signal.getsignal(signal.SIGINT) is _raise_stopped
    if ours:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        if ours:
            signal.signal(signal.SIGINT, _raise_stopped)
