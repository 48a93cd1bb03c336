"""Problems found in an adventure file, each pinned to ``file:line:col``, and the error carrying them."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from solo.errors import SoloError

LONG_WORD = 200  # a run of characters without a space longer than this is echoed cut short
LONG_TEXT = 2000  # and so is a whole message or hint longer than this
_WORD = re.compile(r"\S{%d,}" % (LONG_WORD + 1))


def _cut(text: str, keep: int) -> str:
    return f"{text[:keep]}… ({len(text)} characters)"


def shortened(text: str) -> str:
    """``text`` with any overlong value cut, saying how long it was: a 1 MB value is not echoed back."""
    text = _WORD.sub(lambda m: _cut(m.group(0), 60), text)
    return text if len(text) <= LONG_TEXT else _cut(text, LONG_TEXT)


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    col: int
    message: str
    hint: str = ""
    severity: str = "error"  # "error" or "warning"
    code: str = ""  # a stable name for the class of problem, e.g. "unknown-scene"

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", shortened(self.message))
        object.__setattr__(self, "hint", shortened(self.hint))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.col}" if self.line else self.file
        text = f"{where}: {self.severity}: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class AdventureError(SoloError):
    """An adventure that cannot be loaded; ``problems`` says where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))
