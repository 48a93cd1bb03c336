"""The rules pages (``r`` and ``:rules``) say what the engine does: each result class of a check,
rolled through the engine, reads as the page says it reads."""

from __future__ import annotations

import pytest

from solo.rules.guts_plus import odds
from solo.rules.vocabulary import GUTS

PAGE = " ".join(GUTS.rules["check"].text.split())

# dice, the engine's reading, the words of the page that give that reading
GUTS_CASES = [
    ([1, 1, 2], "negative-impact", "If one reading holds more than half of the dice left, that is the result"),
    ([2, 2, 5], "failure", "If one reading holds more than half of the dice left, that is the result"),
    ([3, 3, 1], "near-success", "If one reading holds more than half of the dice left, that is the result"),
    ([4, 5, 2], "success", "If one reading holds more than half of the dice left, that is the result"),
    ([6, 6, 6, 4], "positive-impact", "If one reading holds more than half of the dice left, that is the result"),
    ([1, 2, 3, 5], "failure", "more bad dice is a failure"),
    ([5, 2, 3], "success", "as many or fewer, a full success"),  # a tie of hits and misses, by the book
    ([5, 3, 3, 2], "success", "as many or fewer, a full success"),
    ([6, 1], "near-success", "If sixes and ones cancel every die, it is a near success"),
    ([6, 1, 6, 1, 2], "failure", "A 6 cancels a 1"),
]


@pytest.mark.parametrize("dice,reading,words", GUTS_CASES, ids=[" ".join(map(str, c[0])) for c in GUTS_CASES])
def test_guts_plus_check_page_reads_each_result_as_the_engine_does(dice, reading, words):
    assert odds.read(dice) == reading
    assert words in PAGE


def test_guts_plus_page_no_longer_calls_a_tie_a_near_success():
    assert "a tie is a near success" not in PAGE
    assert odds.read([4, 2]) == "success"
    near = dict(GUTS.terms)["near success"]
    assert "no clear winner" not in near
