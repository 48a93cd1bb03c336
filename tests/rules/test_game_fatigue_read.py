"""GAME fatigue's quick reading of plain whole numbers gives what the checked reading gives.

``incapacitated``, ``is_exhausted`` and ``cannot_stand`` are asked on every step and check; they
read the four numbers without building a ``Fatigue`` and take them as they are when they are
plain ints. Here every mix of plain, textual, float, boolean and missing values is read both
ways: the same numbers, or the same error.
"""

from __future__ import annotations

from itertools import product

import pytest

from solo.rules.base import Character, RulesError
from solo.rules.game import fatigue
from solo.rules.game.skills import MAX_FP, as_int

VALUES = (None, 0, 3, 8, -1, "5", " 2 ", 4.0, True, "x")


def _checked(character: Character) -> fatigue.Fatigue:
    """The reading as it was before the quick path: every number through as_int."""
    res = character.resources
    max_fp = as_int(res.get("max_fp", MAX_FP), "resources.max_fp")
    fp = as_int(res.get("fp", max_fp), "resources.fp")
    exertion = as_int(res.get("exertion", 0) or 0, "resources.exertion")
    enc = res.get("enc", character.extra.get("enc", 0))
    return fatigue.Fatigue(fp, max_fp, exertion, as_int(enc or 0, "resources.enc"))


def _outcome(read, character):
    try:
        return read(character)
    except RulesError as error:
        return ("error", str(error))


def _characters():
    for fp, max_fp, exertion, enc, extra_enc in product(VALUES, (None, 8, 10, "8"), (None, 0, 2, "1"),
                                                        VALUES, (None, 2)):
        res = {k: v for k, v in (("fp", fp), ("max_fp", max_fp), ("exertion", exertion), ("enc", enc))
               if v is not None}
        extra = {} if extra_enc is None else {"enc": extra_enc}
        yield Character("x", "game", {}, resources=res, extra=extra)


def test_the_quick_reading_is_the_checked_one():
    seen = set()
    for character in _characters():
        want = _outcome(_checked, character)
        assert _outcome(fatigue.read_fatigue, character) == want
        assert _outcome(fatigue.current_fp, character) == (want if isinstance(want, tuple) else want.fp)
        assert _outcome(fatigue.max_fp_of, character) == (want if isinstance(want, tuple) else want.max_fp)
        if isinstance(want, tuple) or "fp" not in character.resources:
            continue
        seen.add((want.exhausted, want.overloaded, want.fp <= 0))
        assert fatigue.is_exhausted(character) is want.exhausted
        assert fatigue.incapacitated(character) == ("0 FP" if want.fp <= 0 else None)
        for skill in _two_skills():
            stands = want.overloaded and fatigue.CHARACTERISTIC_OF[skill] in fatigue.STANDING_CHARACTERISTICS
            assert fatigue.cannot_stand(character, skill) is stands
    assert len(seen) >= 5  # fresh, exhausted, overloaded, down: the cases all came up


def _two_skills():
    standing = next(s for s, c in fatigue.CHARACTERISTIC_OF.items() if c in fatigue.STANDING_CHARACTERISTICS)
    sitting = next(s for s, c in fatigue.CHARACTERISTIC_OF.items() if c not in fatigue.STANDING_CHARACTERISTICS)
    return standing, sitting


@pytest.mark.parametrize("bad", [True, "x", 2.5])
def test_a_value_that_is_not_a_whole_number_still_fails_every_reading(bad):
    character = Character("x", "game", {}, resources={"fp": 5, "enc": bad})
    for read in (fatigue.incapacitated, fatigue.is_exhausted):
        with pytest.raises(RulesError, match="resources.enc"):
            read(character)
