"""Positions inside a scalar value: the line and column of a character of an expression or text.

The YAML document (:mod:`solo.adventure.yaml_source`) knows where each value starts; a problem inside
an expression (an unknown name, a bad call) is pinned to the character at fault by walking the
scalar as written (plain, quoted or block), escapes and folding included.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator

from solo.adventure.expressions import NOT_LITERAL


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", " ": " ", "/": "/", '"': '"', "\\": "\\",
            "e": "\x1b", "a": "\x07", "b": "\b", "f": "\f", "v": "\v", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029", "\t": "\t"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


class _Source:
    """The file's lines, to find the line and column of a character inside a scalar value.

    Folding, chomping and indentation only ever change whitespace, so the n-th non-space character
    of a value is the n-th non-space character of its source (escapes in quoted scalars are
    decoded on the way). When anything does not match, the value's own position is used.
    """

    def __init__(self, text: str | Callable[[], str | None] | None) -> None:
        self._text = text
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        """The source's lines, read and split the first time a position inside a value is wanted."""
        if self._lines is None:
            text = self._text() if callable(self._text) else self._text
            self._lines = text.splitlines() if text else []
        return self._lines

    def locate(self, line: int, col: int, value: str, offset: int) -> tuple[int, int]:
        if offset <= 0 or not self.lines or not 0 < line <= len(self.lines):
            return line, col
        offset = min(offset, len(value))
        target = offset
        while target > 0 and (target >= len(value) or value[target].isspace()):
            target -= 1
        if value[target].isspace():
            return line, col
        n = sum(1 for ch in value[:target] if not ch.isspace())
        for ch, at_line, at_col in self._stream(line, col):
            if ch.isspace():
                continue
            if n == 0:
                if ch != value[target]:
                    return line, col
                return at_line, at_col + (offset - target)
            n -= 1
        return line, col

    def _stream(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        first = self.lines[line - 1]
        start = first[col - 1] if col - 1 < len(first) else ""
        if start in "|>":
            yield from self._block(line)
        elif start == '"':
            yield from self._double(line, col)
        elif start == "'":
            yield from self._single(line, col)
        else:
            yield from self._plain(line, col)

    def _block(self, line: int) -> Iterator[tuple[str, int, int]]:
        indent = None
        for number in range(line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            if not text.strip():
                continue
            here = len(text) - len(text.lstrip(" "))
            if indent is None:
                indent = here
            elif here < indent:
                return
            for i in range(indent, len(text)):
                yield text[i], number, i + 1

    def _plain(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        text = self.lines[line - 1]
        for i in range(col - 1, len(text)):
            yield text[i], line, i + 1
        for number in range(line + 1, len(self.lines) + 1):
            text = self.lines[number - 1]
            for i in range(len(text)):
                yield text[i], number, i + 1

    def _double(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        number, i = line, col  # i: 0-based index just after the opening quote
        while number <= len(self.lines):
            text = self.lines[number - 1]
            while i < len(text):
                ch = text[i]
                if ch == '"':
                    return
                if ch == "\\":
                    nxt = text[i + 1] if i + 1 < len(text) else ""
                    if nxt in _HEX_ESCAPES:
                        digits = text[i + 2 : i + 2 + _HEX_ESCAPES[nxt]]
                        try:
                            yield chr(int(digits, 16)), number, i + 1
                        except ValueError:
                            return
                        i += 2 + _HEX_ESCAPES[nxt]
                        continue
                    if nxt:
                        yield _ESCAPES.get(nxt, nxt), number, i + 1
                    i += 2
                    continue
                yield ch, number, i + 1
                i += 1
            number, i = number + 1, 0

    def _single(self, line: int, col: int) -> Iterator[tuple[str, int, int]]:
        number, i = line, col
        while number <= len(self.lines):
            text = self.lines[number - 1]
            while i < len(text):
                ch = text[i]
                if ch == "'":
                    if text[i + 1 : i + 2] == "'":
                        yield "'", number, i + 1
                        i += 2
                        continue
                    return
                yield ch, number, i + 1
                i += 1
            number, i = number + 1, 0


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
