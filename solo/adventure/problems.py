"""Problems found in an adventure file, each pinned to ``file:line:col``, and the error carrying them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from solo.errors import SoloError


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    col: int
    message: str
    hint: str = ""
    severity: str = "error"  # "error" or "warning"
    code: str = ""  # a stable name for the class of problem, e.g. "unknown-scene"

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
