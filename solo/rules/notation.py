"""Dice notation for random tables: ``NdS`` with an optional ``+M``/``-M`` (``2d6+1``, ``d8``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from solo.errors import SoloError
from solo.rules.dice import Dice

_NOTATION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
MAX_DICE = 20
MAX_SIDES = 1000


class NotationError(SoloError, ValueError):
    """Text that is not dice notation, or dice beyond the limits."""


@dataclass(frozen=True)
class DiceNotation:
    count: int
    sides: int
    modifier: int = 0

    @classmethod
    def parse(cls, text: str) -> "DiceNotation":
        match = _NOTATION.match(str(text))
        if not match:
            raise NotationError(f"{text!r} is not dice notation (expected e.g. 1d6, 2d6+1)")
        count = int(match.group(1) or 1)
        sides = int(match.group(2))
        modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
        if not 1 <= count <= MAX_DICE:
            raise NotationError(f"{text!r}: between 1 and {MAX_DICE} dice (got {count})")
        if not 2 <= sides <= MAX_SIDES:
            raise NotationError(f"{text!r}: dice need 2 to {MAX_SIDES} sides (got {sides})")
        return cls(count, sides, modifier)

    @property
    def minimum(self) -> int:
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.modifier

    def roll(self, dice: Dice) -> tuple[list[int], int]:
        faces = dice.rolls(self.count, self.sides)
        return faces, sum(faces) + self.modifier

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"
