"""Dice notation for random tables: parsing, bounds and rolling."""

from __future__ import annotations

import pytest

from solo.rules.dice import Dice
from solo.rules.notation import DiceNotation, NotationError


@pytest.mark.parametrize("text, parts", [("1d6", (1, 6, 0)), ("d8", (1, 8, 0)), ("2d6+1", (2, 6, 1)),
                                         (" 3 d 4 - 2 ", (3, 4, -2))])
def test_parse(text, parts):
    notation = DiceNotation.parse(text)
    assert (notation.count, notation.sides, notation.modifier) == parts


@pytest.mark.parametrize("text", ["", "d", "2x6", "0d6", "21d6", "1d1", "1d1001", "1d6+", "1d6*2"])
def test_refused(text):
    with pytest.raises(NotationError):
        DiceNotation.parse(text)


def test_rolls_stay_within_bounds():
    notation = DiceNotation.parse("2d6+1")
    assert (notation.minimum, notation.maximum, str(notation)) == (3, 13, "2d6+1")
    dice = Dice(3)
    for _ in range(200):
        faces, total = notation.roll(dice)
        assert len(faces) == 2 and total == sum(faces) + 1 and 3 <= total <= 13
