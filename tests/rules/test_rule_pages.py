"""The rules pages (``r`` and ``:rules``) say what the engine does: each result class of a check,
rolled through the engine, reads as the page says it reads."""

from __future__ import annotations

import pytest

from solo.rules.guts_plus import odds
from solo.rules.guts_plus.words import VOCABULARY as GUTS

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


CONTEST = " ".join(GUTS.rules["contest"].text.split())


def test_guts_plus_contest_page_reads_attack_and_defence_as_the_engine_does():
    words = GUTS.outcomes
    # as the side that acts: ahead by 1-3 full, by more great, level near, behind 1-2 failure, more disaster
    for difference, said in ((2, "Ahead by 1 to 3 is a full success"), (5, "by more a great success"),
                             (0, "level is a near success"), (-2, "behind by 1 or 2 a failure"),
                             (-4, "by more a disaster")):
        assert said in CONTEST
        assert said.endswith(words[odds.LABELS[odds.contest_rank(difference)]])
    # defending, behind by 3 (Priya's 4 against the pink thing's 7): the attacker's full success, her failure
    assert odds.LABELS[odds.defender_rank(-3)] == "failure" and "its full success is your failure" in CONTEST
    assert odds.LABELS[odds.defender_rank(-4)] == "negative-impact" and "its great success your disaster" in CONTEST
    assert odds.LABELS[odds.defender_rank(3)] == "positive-impact" and "its disaster your great success" in CONTEST
