"""Tests for loose-fuzzy: summed d6 checks, marked-dice criticals, Luck, experience, combat, odds."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import icepool
import pytest
from every_roll import distribution
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.rules.base import Character, RulesError
from solo.rules.dice import Dice
from solo.rules.loose_fuzzy import (
    LooseFuzzy,
    SYSTEM,
    ability_cost,
    advantage_points,
    check_distribution,
    class_pmfs,
    contest_distribution,
    defense_total,
    dice_spent,
    explosion_at_least,
    lottery,
    needs_tenacity_roll,
    roll_pool,
    starting_luck,
    wound_level,
    wound_penalty,
)

LF = LooseFuzzy()


def hero(**stats) -> Character:
    base = {"Cleverness": 2, "Body": 3, "Knowledge": 2, "Perception": 2, "Tenacity": 2,
            "Wizard": 3, "Cook": 2}  # 16 dice
    base.update(stats)
    ch = Character(name="Rin", system=SYSTEM, stats=base, extra={"disabilities": {"Clumsy": 1}})
    return LF.prepare_character(ch)


def blank() -> Character:
    return Character(name="", system=SYSTEM, stats={})


# -- oracles --------------------------------------------------------------------------------


def icepool_labels(count: int, target: int, bonus: int = 0) -> icepool.Die:
    """The four labels by icepool: marked dice, the rest, and an exploding bonus die. A chain of
    25 sixes is past any target used here, so the depth limit changes nothing."""
    bonus_die = icepool.d6.explode(depth=25)
    if count == 1:
        def read(a, c, e):
            if a == c == 1:
                return "costly-success" if 1 + bonus >= target else "critical-failure"
            if a == c == 6:
                return "critical-success" if 6 + e + bonus >= target else "failure"
            return "success" if a + bonus >= target else "failure"
        return icepool.map(read, icepool.d6, icepool.d6, bonus_die)
    rest = (count - 2) @ icepool.d6 if count > 2 else icepool.Die([0])

    def read(a, b, r, e):
        if a == b == 1:
            return "costly-success" if 2 + r + bonus >= target else "critical-failure"
        if a == b == 6:
            return "critical-success" if 12 + r + e + bonus >= target else "failure"
        return "success" if a + b + r + bonus >= target else "failure"
    return icepool.map(read, icepool.d6, icepool.d6, rest, bonus_die)


def brute_labels(count: int, target: int) -> dict[str, Fraction]:
    """Every face of the pool (and the confirming die) enumerated; the exploding bonus by
    walking its chain until the target is surely reached."""
    def bonus_reaches(need: int, depth: int = 0) -> Fraction:
        if need <= 0:
            return Fraction(1)
        p = Fraction(0)
        for f in range(1, 7):
            if f == 6:
                p += Fraction(1, 6) * bonus_reaches(need - 6, depth + 1)
            elif f >= need:
                p += Fraction(1, 6)
        return p

    out = {k: Fraction(0) for k in ("critical-failure", "failure", "costly-success", "success", "critical-success")}
    extra = 1 if count == 1 else 0
    n = count + extra
    for faces in itertools.product(range(1, 7), repeat=n):
        p = Fraction(1, 6**n)
        pool = faces[:count]
        marked = faces[:2]  # with one die: the die and its confirmation
        if marked[0] == marked[1] == 1:  # the sum still decides (book line 68)
            out["costly-success" if sum(pool) >= target else "critical-failure"] += p
        elif marked[0] == marked[1] == 6:
            reach = bonus_reaches(target - sum(pool))
            out["critical-success"] += p * reach
            out["failure"] += p * (1 - reach)
        elif sum(pool) >= target:
            out["success"] += p
        else:
            out["failure"] += p
    return out


@pytest.mark.parametrize("count,target", [(1, 4), (1, 7), (1, 12), (2, 7), (2, 14), (3, 11), (3, 20), (4, 14)])
def test_check_matches_brute_force(count, target):
    assert check_distribution(count, target) == brute_labels(count, target)


@pytest.mark.parametrize("count,target,bonus", [(1, 4, 0), (1, 9, 1), (2, 7, 0), (2, 18, 0),
                                                (3, 11, -1), (5, 18, 0), (5, 30, 2), (6, 24, 0)])
def test_check_matches_icepool(count, target, bonus):
    oracle = icepool_labels(count, target, bonus)
    ours = check_distribution(count, target, bonus)
    for label, p in ours.items():
        assert p == oracle.probability(label), label


def test_explosion_closed_form():
    bonus = icepool.d6.explode(depth=30)
    for value in range(-2, 40):
        assert explosion_at_least(value) == bonus.probability(">=", value)


# -- the digest's values --------------------------------------------------------------------


def test_named_targets_and_fit():
    odds = LF.odds_for_args({"dice": "2", "target": "average"})
    assert odds.values["target"] == 7
    assert LF.odds_for_args({"dice": "2", "target": "really-hard", "fit": "poor"}).values["target"] == 15
    assert LF.odds_for_args({"dice": "2", "target": "nigh impossible", "fit": "barely"}).values["target"] == 20
    assert [LF.odds_for_args({"dice": "1", "target": t}).values["target"] for t in ("easy", "hard")] == [4, 11]


def test_two_dice_average():
    odds = LF.odds_for_args({"dice": "2", "target": "7"})
    assert odds.outcomes["success"] == Fraction(21, 36)  # 6+6 is critical, 1+1 never reaches 7
    assert odds.outcomes["critical-failure"] == Fraction(1, 36)
    assert odds.outcomes["critical-success"] == Fraction(1, 36)
    assert odds.outcomes["success"] + odds.outcomes["failure"] == 1
    assert odds.outcomes["plain-success"] + odds.outcomes["critical-success"] == odds.outcomes["success"]
    assert odds.truncated == 0 and odds.values["total_tail"] < Fraction(1, 10**6)
    assert sum(odds.distributions["total"].values()) + odds.values["total_tail"] == 1


def test_expected_total():
    assert LF.odds_for_args({"dice": "3", "target": "11"}).values["expected"] == Fraction(21, 2) + Fraction(7, 60)
    for count in (1, 2, 4):
        classes, left_out = class_pmfs(count)
        assert left_out < Fraction(1, 10**15)
        listed_mean = sum(float(p) * v for pmf in classes.values() for v, p in pmf.items())
        assert listed_mean == pytest.approx(3.5 * count + 4.2 / 36, abs=1e-12)


def test_starting_luck_from_baseline():
    ch = hero()  # 16 good dice - 1 Clumsy = 15: 7 under 22
    assert dice_spent(ch) == 15
    assert starting_luck(ch) == (5, 1)  # 2 + 7, at most 5
    ch = hero(Wizard=5, Cook=5, Body=5)  # 23 - 1 = 22
    assert starting_luck(ch) == (2, 1)
    ch = hero(Wizard=7)  # 7 counts 9: 16 - 3 + 9 - 1 = 21
    assert ability_cost(7) == 9 and starting_luck(ch) == (3, 1)
    ch = hero(Wizard=8, Cook=5, Body=5)  # 23 - 5 + 11 - 1 = 28 → 6 over
    assert starting_luck(ch) == (2, 7)
    assert starting_luck(ch, baseline=30) == (4, 1)


def test_prepare_fills_luck_and_canonical_names():
    ch = LF.prepare_character(Character(name="x", system=SYSTEM, stats={
        "CLEVERNESS": 2, "body": 2, "Knowledge": 2, "Perception": 2, "Tenacity": 2,
        "Swordsman": 5, "Sailor": 5}))  # 20 dice: 2 under the baseline
    assert "cleverness" in ch.stats and "Swordsman" in ch.stats
    assert ch.resources == {"luck": 4, "unluck": 1, "experience": 0}
    LF.validate_character(ch, creation=True)


# -- rolling --------------------------------------------------------------------------------


def test_double_ones_that_reach_the_target_succeed_at_a_cost():
    """Book line 68: double 1s do not fail the roll by themselves; something bad happens all the
    same, so the label is costly-success (a success) and the record keeps the critical."""
    dice = Dice(0)
    dice.force(1, 1, 6, 6, 6)
    rec = LF.check(dice, hero(Wizard=5), {"stat": "wizard", "target": 18})
    assert rec.outcome == "costly-success" and rec.success
    assert rec.details["sum_success"] and rec.details["critical"] == "failure" and rec.total == 20
    dice.force(1, 1, 6, 6, 5)
    rec = LF.check(dice, hero(Wizard=5), {"stat": "wizard", "target": 20})
    assert rec.outcome == "critical-failure" and not rec.success and not rec.details["sum_success"]


def test_critical_success_explodes():
    dice = Dice(0)
    dice.force(6, 6, 2, 6, 6, 3)
    rec = LF.check(dice, hero(), {"stat": "Wizard", "target": "nigh-impossible"})
    assert rec.details["bonus_dice"] == [6, 6, 3] and rec.total == 29
    assert rec.outcome == "critical-success" and rec.dice == [6, 6, 2, 6, 6, 3]


def test_double_six_can_fall_short():
    dice = Dice(0)
    dice.force(6, 6, 2)
    rec = LF.check(dice, hero(), {"stat": "cook", "target": 20})
    assert rec.outcome == "failure" and rec.details["critical"] == "success" and rec.total == 14


def test_one_die_confirmation():
    ch = hero(Cleverness=1)
    dice = Dice(0)
    dice.force(6, 6, 4)  # confirmed: bonus die 4, the confirming die is not added
    rec = LF.check(dice, ch, {"stat": "cleverness", "target": 8})
    assert rec.outcome == "critical-success" and rec.total == 10 and rec.details["confirm"] == 6
    dice.force(6, 5)
    rec = LF.check(dice, ch, {"stat": "cleverness", "target": 6})
    assert rec.outcome == "success" and rec.total == 6 and rec.details["critical"] is None
    dice.force(1, 1)  # the confirming die is not added: a total of 1 still reaches a target of 1
    assert LF.check(dice, ch, {"stat": "cleverness", "target": 1}).outcome == "costly-success"
    dice.force(1, 1)
    assert LF.check(dice, ch, {"stat": "cleverness", "target": 2}).outcome == "critical-failure"
    dice.force(3)
    rec = LF.check(dice, ch, {"stat": "cleverness", "target": 4})
    assert rec.dice == [3] and rec.details["confirm"] is None


def test_explosion_cap():
    dice = Dice(0)
    dice.force(*([6] * 110))
    rolled = roll_pool(dice, 2)
    assert rolled.capped and len(rolled.bonus_dice) == 100


def test_penalties_reduce_dice_to_at_least_one():
    ch = hero()
    ch.conditions = ["Serious Wound", "moderate-wound"]
    rec = LF.check(Dice(1), ch, {"stat": "body", "target": 7})
    assert rec.details["dice_rolled"] == 1  # 3 - 2 (worst wound only)
    rec = LF.check(Dice(1), hero(), {"stat": "body", "target": 7, "disability": "clumsy"})
    assert rec.details["dice_rolled"] == 2
    rec = LF.check(Dice(1), hero(), {"stat": "body", "target": 7, "dice_penalty": 5})
    assert rec.details["dice_rolled"] == 1


def test_luck_and_disability_rolls():
    ch = hero()
    dice = Dice(0)
    dice.force(2, 3, 4, 4, 4)
    rec = LF.check(dice, ch, {"stat": "luck", "target": 7})
    assert rec.details["rating"] == 5 and rec.total == 17
    rec = LF.check(Dice(2), ch, {"stat": "Clumsy", "target": 4})
    assert rec.details["rating"] == 1


def test_lottery_ties_roll_again():
    dice = Dice(0)
    dice.force(6, 6, 3, 4, 2)  # a: 6, b: 6, c: 3 (out); then a: 4, b: 2 (names in sorted order)
    winner, rounds = lottery(dice, {"b": 1, "a": 1, "c": 1})
    assert winner == "a" and rounds == [{"a": 6, "b": 6, "c": 3}, {"a": 4, "b": 2}]


def test_errors_name_the_parameter():
    with pytest.raises(RulesError, match="target"):
        LF.check(Dice(0), hero(), {"stat": "body", "target": "tough"})
    with pytest.raises(RulesError, match="fit"):
        LF.check(Dice(0), hero(), {"stat": "body", "fit": "awful"})
    with pytest.raises(RulesError, match="no ability 'Sail'"):
        LF.check(Dice(0), hero(), {"stat": "Sail"})
    with pytest.raises(RulesError, match="--dice"):
        LF.odds_for_args({"target": "7"})
    with pytest.raises(RulesError, match="--target"):
        LF.odds_for_args({"dice": "3"})
    with pytest.raises(RulesError, match="dice"):
        LF.odds_for_args({"dice": "0", "target": "3"})


def test_same_seed_same_record():
    a = LF.check(Dice(11), hero(), {"stat": "wizard", "target": "hard"})
    b = LF.check(Dice(11), hero(), {"stat": "wizard", "target": "hard"})
    assert a.to_dict() == b.to_dict()
    assert LF.roll_for_args(Dice(4), {"dice": "3", "target": "11"}).to_dict() == \
        LF.roll_for_args(Dice(4), {"dice": "3", "target": "11"}).to_dict()


def _sigma_ok(hits: int, n: int, p: Fraction) -> bool:
    sd = math.sqrt(float(p) * (1 - float(p)) / n)
    return abs(hits / n - float(p)) <= 5 * sd + 1e-9


def test_every_roll_of_the_real_check_agrees_with_exact_odds():
    args = {"dice": "3", "target": "hard"}
    odds = LF.odds_for_args(args)
    found = distribution(lambda dice: LF.roll_for_args(dice, args).outcome)
    slack = float(found.unexplored + odds.truncated)
    assert slack < 1e-6
    for label in ("critical-failure", "critical-success"):
        assert abs(float(found[label] - odds.outcomes[label])) <= slack + 1e-15
    won = found["success"] + found["critical-success"]
    assert abs(float(won - odds.outcomes["success"])) <= slack + 1e-15


# -- contests -------------------------------------------------------------------------------


def test_contest_ties_are_rolled_again():
    ch, foe = hero(), hero()
    foe.name = "Foe"
    dice = Dice(0)
    dice.force(2, 3, 4,  4, 3, 2,   5, 5, 5,  1, 2, 3)
    rec = LF.contest(dice, ch, foe, {"stat": "body"})
    assert rec.details["ties"] == 1 and rec.success and rec.details["advantage"] == 9
    assert rec.details["margin"] == 9 and rec.total == 15


def test_contest_odds_against_icepool():
    bonus = icepool.d6.explode(depth=12)

    def side(count):
        if count == 1:
            return icepool.map(lambda a, c, e: (a + (e if a == c == 6 else 0), "f" if a == c == 1 else "s" if a == c == 6 else "n"),
                               icepool.d6, icepool.d6, bonus)
        rest = (count - 2) @ icepool.d6 if count > 2 else icepool.Die([0])
        return icepool.map(lambda a, b, r, e: (a + b + r + (e if a == b == 6 else 0), "f" if a == b == 1 else "s" if a == b == 6 else "n"),
                           icepool.d6, icepool.d6, rest, bonus)

    for mine, theirs in ((1, 1), (2, 3)):
        odds = contest_distribution(mine, theirs, 1, 0)
        a, d = side(mine), side(theirs)
        joint = icepool.map(
            lambda x, y: "tie" if x[0] + 1 == y[0] else (
                ("costly" if x[0] + 1 > y[0] else "crit") if x[1] == "f" else "win" if x[0] + 1 > y[0] else "lose"),
            a, d)
        decided = 1 - joint.probability("tie")
        assert float(odds.outcomes["critical-failure"]) == pytest.approx(float(joint.probability("crit") / decided), abs=1e-12)
        assert float(odds.outcomes["costly-success"]) == pytest.approx(float(joint.probability("costly") / decided), abs=1e-12)
        wins = (joint.probability("win") + joint.probability("costly")) / decided
        assert float(odds.outcomes["success"]) == pytest.approx(float(wins), abs=1e-12)
        assert odds.truncated < Fraction(1, 10**12)


def test_monte_carlo_contest_matches_odds():
    ch, foe = hero(), hero(Body=2)
    odds = LF.contest_odds(ch, foe, {"stat": "body", "bonus": 1})
    dice = Dice(5)
    n = 20000
    hits = sum(LF.contest(dice, ch, foe, {"stat": "body", "bonus": 1}).success for _ in range(n))
    assert _sigma_ok(hits, n, odds.outcomes["success"])


# -- characters -----------------------------------------------------------------------------


def test_validation_names_the_rule():
    LF.validate_character(hero(), creation=True)
    bad = hero()
    del bad.stats["tenacity"]
    with pytest.raises(RulesError, match="missing: tenacity"):
        LF.validate_character(bad)
    bad = hero(Body=0)
    with pytest.raises(RulesError, match="body: 0"):
        LF.validate_character(bad)
    bad = hero()
    del bad.stats["Cook"]
    with pytest.raises(RulesError, match="two or three special abilities at creation .got 1: Wizard"):
        LF.validate_character(bad, creation=True)
    LF.validate_character(bad)  # outside creation the count is free
    bad = hero()
    bad.resources["luck"] = 3
    with pytest.raises(RulesError, match="starting Luck .* 5 for 15 dice"):
        LF.validate_character(bad, creation=True)
    bad.extra["gm_adjusted"] = True
    LF.validate_character(bad, creation=True)
    bad = hero()
    bad.resources["luck"] = 6
    with pytest.raises(RulesError, match="Luck stays between 1 and 5"):
        LF.validate_character(bad)
    bad = hero()
    bad.extra["disabilities"] = {"Wizard": 2}
    with pytest.raises(RulesError, match="both an ability and a disability"):
        LF.validate_character(bad)
    bad = hero()
    bad.extra["disabilities"] = {"Old": "two"}
    with pytest.raises(RulesError, match="Old: 'two'"):
        LF.validate_character(bad)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=7, max_size=9), st.integers(0, 6))
def test_luck_rules_hold(ratings, disability):
    names = ["cleverness", "body", "knowledge", "perception", "tenacity"] + [f"s{i}" for i in range(len(ratings) - 5)]
    ch = Character(name="x", system=SYSTEM, stats=dict(zip(names, ratings)),
                   extra={"disabilities": {"Bad": disability} if disability else {}})
    luck, unluck = starting_luck(ch)
    spent = dice_spent(ch)
    assert 2 <= luck <= 5 and unluck >= 1
    assert (luck > 2) <= (spent < 22) and unluck == 1 + max(0, spent - 22)
    LF.prepare_character(ch)
    LF.validate_character(ch, creation=True)


# -- experience -----------------------------------------------------------------------------


def test_advancement_costs():
    ch = hero()
    ch.resources.update(experience=30, luck=3, unluck=2)
    options = {a.key: a.cost["experience"] for a in LF.advancement(ch)}
    assert options["raise:Wizard"] == 12  # 3 × 4
    assert options["lower:Clumsy"] == 3  # 3 × 1
    assert options["raise:luck"] == 12 and options["lower:unluck"] == 6
    LF.advance(ch, "raise:wizard")
    assert ch.stats["Wizard"] == 4 and ch.resources["experience"] == 18
    LF.advance(ch, "lower:Clumsy")
    assert "Clumsy" not in ch.extra["disabilities"] and ch.resources["experience"] == 15
    LF.advance(ch, "lower:unluck")
    assert ch.resources["unluck"] == 1 and ch.resources["experience"] == 9
    assert "lower:unluck" not in {a.key for a in LF.advancement(ch)}
    with pytest.raises(RulesError, match="Unluck cannot go below 1"):
        LF.advance(ch, "lower:unluck")
    with pytest.raises(RulesError, match="costs 12 experience .have 9"):
        LF.advance(ch, "raise:luck")
    LF.advance(ch, "new:Sailor")
    assert ch.stats["Sailor"] == 1 and ch.resources["experience"] == 6
    ch.resources.update(luck=5, experience=99)
    with pytest.raises(RulesError, match="Luck is at most 5"):
        LF.advance(ch, "raise:luck")


def test_experience_comes_from_the_adventure():
    ch = hero()
    rec = LF.check(Dice(0), ch, {"stat": "body", "target": 7})
    assert LF.experience(rec, ch) == [] and LF.end_of_adventure(ch) == []
    assert LF.offers(rec, ch) == [] and LF.alternatives(ch, {"stat": "body"}) == []


# -- combat helpers -------------------------------------------------------------------------


def test_combat_helpers():
    assert advantage_points(4) == 4 and advantage_points(-2) == 0
    assert defense_total(3, [-2, -2]) == 1 and defense_total(3, [1, 2]) == 6
    assert [wound_level(p, 3) for p in (2, 3, 5, 6, 9, 11, 12, 40)] == [
        None, "moderate", "moderate", "serious", "mortal", "mortal", "killed", "killed"]
    assert wound_penalty(["moderate", "serious", "moderate"]) == 2
    assert wound_penalty([]) == 0
    assert needs_tenacity_roll("serious") and not needs_tenacity_roll("killed")


def test_protocol_surface():
    from solo.rules.base import Ruleset

    assert isinstance(LF, Ruleset)
    assert LF.is_success("critical-success") and not LF.is_success("critical-failure")
    rec = LF.roll_for_args(Dice(3), {"dice": "2", "target": "7"})
    assert LF.settle(Dice(3), rec, blank(), {}, frozenset()) is rec
    assert rec.outcome in LF.outcome_labels
