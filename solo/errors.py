"""The error family: what a user can cause and fix, apart from what is a bug in solo.

Every problem a user can meet (a bad adventure file, a damaged save, an unknown ruleset, a
refused decision, a bad command-line value) is a :class:`SoloError`: it carries its exit code
and a one-line message, starting with ``file:line`` where there is one. The command line shows
that line on stderr and exits with the code; it never shows a traceback for it.

Anything else that escapes a command is a bug. The outermost handler (``solo.cli.main``) prints
:func:`bug_message`, a short message asking the user to report it, with the replay file (the
save of the game in progress, which replays it to the same state) when there is one, and exits
with :data:`BUG_EXIT` (``EX_SOFTWARE``); the traceback is shown only with ``solo --debug`` or
``SOLO_DEBUG=1``. Sessions say where their game is saved through :func:`note_replay`.

Classes keep their old built-in base beside this one (``ExpressionError(SoloError, ValueError)``)
so code that catches them by that base goes on working. No I/O here.
"""

from __future__ import annotations

import os

USER_EXIT = 1  # a problem the user can fix (click's usage errors are 2)
BUG_EXIT = 70  # EX_SOFTWARE: an internal error
DEBUG_ENV = "SOLO_DEBUG"

_replay: list[str] = []  # the save file of the game being played, once one was written
_debug: list[bool] = []  # solo --debug was given


class SoloError(Exception):
    """A problem the user can fix: one line for the user, and the exit code to leave with."""

    exit_code = USER_EXIT

    def __init__(self, message: object = "", *args: object, where: str = "") -> None:
        super().__init__(message, *args)
        self.where = where  # "file:line" (or "file") when the problem is in a file

    def one_line(self) -> str:
        """The message, led by ``file:line`` when it is known and not said already. (An
        adventure's problems are one line each, and all of them are said.)"""
        text = str(self).strip()
        if self.where and not text.startswith(self.where):
            text = f"{self.where}: {text}"
        return text

    def __str__(self) -> str:
        return str(self.args[0]) if len(self.args) == 1 else super().__str__()


class BadRequest(SoloError, ValueError):
    """What was asked for on the command line names nothing known or does not fit (an unknown
    policy, a character of another system)."""


def note_replay(path: str | os.PathLike[str]) -> None:
    """Remember the file that replays the game being played (its latest save)."""
    _replay[:] = [str(path)]


def want_debug() -> None:
    """``solo --debug``: show the traceback of a bug."""
    _debug[:] = [True]


def debugging() -> bool:
    """Whether tracebacks are wanted: ``--debug`` or ``SOLO_DEBUG`` set to anything but 0/empty."""
    return bool(_debug) or os.environ.get(DEBUG_ENV, "") not in ("", "0")


def bug_message(exc: BaseException) -> str:
    """What the user is told about a bug: what broke, and how to report it."""
    what = f"{type(exc).__name__}: {' '.join(str(exc).split())}".rstrip(": ")
    if len(what) > 200:
        what = what[:199] + "…"
    lines = [f"solo: internal error (a bug in solo, not in what you did): {what}",
             "Please report it to the solo project"]
    if _replay:
        lines[-1] += f" with the replay file {_replay[0]} (your game is saved there)"
    if not debugging():
        lines[-1] += f"; run again with --debug or {DEBUG_ENV}=1 for the details"
    return "\n".join(lines) + "."
