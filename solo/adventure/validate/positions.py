"""Where in an expression a problem is: the offset of a name or a call, and a position already found.

File positions come from one place, :mod:`solo.adventure.yaml_source`: the document gives where
each value starts and :class:`~solo.adventure.yaml_source.ScalarPositions` the line and column of a
character inside one. This module finds which character: the offset of a name (:func:`_name_offset`)
or of a call's argument (:func:`_call_offset`) in an expression's text.
"""

from __future__ import annotations

import re
from typing import Any

from solo.adventure.expressions import NOT_LITERAL


_TOKEN = re.compile(r"\"(?:\\.|[^\"\\])*\"?|'(?:\\.|[^'\\])*'?|[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def _name_offset(text: str, name: str) -> int:
    """Where a variable name is first read in an expression (0 when it cannot be found)."""
    for match in _TOKEN.finditer(text):
        if match.group() == name and not text[match.end():].lstrip().startswith("("):
            return match.start()
    return 0


def _call_offset(text: str, function: str, arg: Any = NOT_LITERAL) -> int:
    """Where a call (or its literal argument) is in an expression (0 when it cannot be found)."""
    for match in _TOKEN.finditer(text):
        if match.group() != function:
            continue
        rest = re.match(r"\s*\(\s*", text[match.end():])
        if rest is None:
            continue
        at = match.end() + rest.end()
        if arg is NOT_LITERAL:
            return match.start()
        if isinstance(arg, str) and text[at : at + 1] in "\"'" and text[at + 1 : at + 1 + len(arg)] == arg:
            return at
    return 0



class _At(tuple):
    """A ``(line, col)`` already found, as opposed to a path into the document."""

    def __new__(cls, line: int, col: int) -> "_At":
        return tuple.__new__(cls, (line, col))
