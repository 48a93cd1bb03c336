"""Humanity, Blessed complex attacks (book: Complex Attacks): a contest's ``complex`` target the
attacker must also beat, a defender under it read as rolling it, in the rolls and the exact
odds; and in a fight every attack under the fight's ``complex``."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.rules import registry
from solo.rules.base import Character, RulesError
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.tables import CORE_STATS

RS = registry.get("humanity-blessed")


def person(name: str, **dice: str) -> Character:
    character = Character(name=name, system="humanity-blessed", stats={s: "d4" for s in CORE_STATS})
    character.stats.update(dice)
    character.extra["session"] = {"lucky_number": None, "lucky_faces": [1, 1], "big_win": True}
    return RS.prepare_character(character)


def brute_force(attacker: str, defender: str, target: int, bound: int = 80) -> Fraction:
    a = bumping.total_pmf(bumping.single(bumping.parse_die(attacker)), bound)
    d = bumping.total_pmf(bumping.single(bumping.parse_die(defender)), bound)
    return sum((pa * pd for x, pa in a.items() for y, pd in d.items() if x > max(y, target)), Fraction(0))


@pytest.mark.parametrize("attacker, defender, target", [("d6", "d4", 5), ("d8", "d8", 8), ("d4", "d10", 3),
                                                        ("d10", "d6", 12)])
def test_the_odds_are_those_of_beating_both_the_defender_and_the_target(attacker, defender, target):
    me, foe = person("Ada", hand=attacker), person("Foe", hand=defender)
    odds = RS.contest_odds(me, foe, {"stat": "hand", "complex": target}).outcomes["success"]
    assert abs(odds - brute_force(attacker, defender, target)) < Fraction(1, 10**12)
    plain = RS.contest_odds(me, foe, {"stat": "hand"}).outcomes["success"]
    assert odds < plain


def test_against_a_defender_who_always_rolls_one_it_is_the_check_to_beat_the_target():
    me, foe = person("Ada", hand="d6"), person("Foe", hand="dc1")
    odds = RS.contest_odds(me, foe, {"stat": "hand", "complex": "medium"}).outcomes
    check = RS.check_odds(me, {"stat": "hand", "target": 9}).outcomes
    assert abs(odds["success"] - check["success"]) < Fraction(1, 10**12)  # the contest's tail is cut at 1e-15


def test_a_low_defence_reads_as_the_target_and_the_attacker_must_beat_it():
    me, foe = person("Ada", hurt="d8"), person("Foe", hurry="d4")
    dice = Dice(1)
    dice.force(7, 2)  # 7 against 2, but 2 is read as the target 8: the attack fails
    record = RS.contest(dice, me, foe, {"stat": "hurt", "violent": True, "complex": 8})
    assert not record.success and record.details["opponent_total"] == 8 and record.details["margin"] == -1
    assert any(isinstance(s, dict) and s.get("code") == "complex" for s in record.steps)
    dice.force(1, 8, 3)  # 9 against 3 read as 8: won by 1, very minor
    record = RS.contest(dice, me, foe, {"stat": "hurt", "violent": True, "complex": 8})
    assert record.success and record.details["margin"] == 1 and record.details["size"] == "very-minor"
    dice.force(6, 4)  # a defence above the target stands as rolled
    record = RS.contest(dice, me, foe, {"stat": "hurt", "violent": True, "complex": 3})
    assert record.success and record.details["opponent_total"] == 4
    assert not any(isinstance(s, dict) and s.get("code") == "complex" for s in record.steps)


def test_complex_is_for_contests_and_a_defender_answering_one_holds_the_more_often():
    me = person("Ada", hurry="d6")
    with pytest.raises(RulesError, match="complex is for a contest"):
        RS.check(Dice(1), me, {"stat": "hurry", "complex": 5})
    foe = person("Foe", hurt="d8")
    hold = RS.contest_odds(me, foe, {"stat": "hurry", "violent": True, "defending": True, "complex": 6})
    attack = RS.contest_odds(foe, me, {"stat": "hurt", "violent": True, "opponent_stat": "hurry", "complex": 6})
    assert hold.outcomes["success"] == attack.outcomes["failure"]
    assert hold.outcomes["success"] > RS.contest_odds(
        me, foe, {"stat": "hurry", "violent": True, "defending": True}).outcomes["success"]
