"""Tests for humanity-blessed: bumping dice, checks, contests, blessings, creation and odds."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import icepool
import pytest
from every_roll import assert_matches, distribution, split
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.rules.humanity_blessed import bumping
from solo.rules.base import Character, RulesError
from solo.rules.dice import Dice
from solo.rules.reasons import step_lines
from solo.rules.humanity_blessed import (
    HumanityBlessed,
    LIFESTYLE_TABLE,
    SYSTEM,
    advantage_movement,
    check_distribution,
    choose_pair,
    choose_spend,
    contest_distribution,
    gain_blessings,
    help_bonus,
    move_on_line,
    roll_lucky_number,
    shop_cost,
    size_for_margin,
    size_for_total,
    spaces_for_size,
    starting_stats,
    worth,
)

HB = HumanityBlessed()


def blank() -> Character:
    return Character(name="", system=SYSTEM, stats={})


def hero(**extra) -> Character:
    stats = starting_stats("hand", "eager", "virtue and vice")  # hand d8, hurt d6
    ch = Character(
        name="Ana",
        system=SYSTEM,
        stats=stats,
        extra={"lifestyle": "Eager", "value_system": "Virtue and Vice", "best": "hand",
               "abilities": ["Survival Instinct", "Armored Skin"],
               "session": {"lucky_number": None, "big_win": False}},
    )
    ch.extra.update(extra)
    return HB.prepare_character(ch)


# -- brute force and icepool oracles --------------------------------------------------------


def brute_pmf(group: bumping.Group, upto: int) -> dict[int, Fraction]:
    """Enumerate every chain of rounds explicitly, stopping once the total passes ``upto``."""
    out: dict[int, Fraction] = {}
    faces = [d.readings for d in group.dice]

    def walk(total: int, p: Fraction) -> None:
        for readings in itertools.product(*faces):
            q = p / math.prod(len(f) for f in faces)
            value = total + sum(readings)
            if any(r in d.bumps_on for d, r in zip(group.dice, readings)):
                value += group.bonus
                if value <= upto:
                    walk(value, q)
            elif value <= upto:
                out[value] = out.get(value, Fraction(0)) + q

    walk(0, Fraction(1))
    return out


def icepool_die(group: bumping.Group, depth: int | None = None) -> icepool.Die:
    """The group as an icepool die: a bumping round is encoded +1000 so that explode() picks it
    up, then the encoding is stripped from the total. The default depth keeps every total up to
    20 exact (a bumping round adds at least 1 per die)."""
    if depth is None:
        depth = 21 if len(group.dice) == 1 else 11
    weights: dict[int, int] = {}
    for readings in itertools.product(*(d.readings for d in group.dice)):
        value = sum(readings)
        if any(r in d.bumps_on for d, r in zip(group.dice, readings)):
            value += group.bonus + 1000
        weights[value] = weights.get(value, 0) + 1
    exploded = icepool.Die(weights).explode(lambda x: x >= 1000, depth=depth)
    return exploded.map(lambda x: x % 1000)


GROUPS = {
    "d4": bumping.single(bumping.standard_die(4)),
    "d6": bumping.single(bumping.standard_die(6)),
    "d8+AT": bumping.single(bumping.standard_die(8), 1),
    "d10": bumping.single(bumping.standard_die(10)),
    "dc2": bumping.single(bumping.capped_die(2)),
    "dc3": bumping.single(bumping.capped_die(3)),
    "2d4": bumping.Group((bumping.standard_die(4),) * 2),
    "2d6": bumping.Group((bumping.standard_die(6),) * 2),
    "2d10+AT": bumping.Group((bumping.standard_die(10),) * 2, 1),
    "ache d4": bumping.single(bumping.with_ache(bumping.standard_die(4))),
    "EoF d8": bumping.single(bumping.with_bumps(bumping.standard_die(8), {1, 2})),
}


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_pmf_matches_brute_force(name):
    group = GROUPS[name]
    limit = 14 if len(group.dice) == 1 else 10
    assert bumping.total_pmf(group, limit) == brute_pmf(group, limit)


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_pmf_matches_icepool(name):
    group = GROUPS[name]
    oracle = icepool_die(group)
    ours = bumping.total_pmf(group, 20)
    for v in range(0, 21):
        assert ours.get(v, Fraction(0)) == oracle.probability(v), v


@pytest.mark.parametrize("name", ["d4", "d6", "d8+AT", "dc2", "2d6", "2d10+AT"])
def test_check_success_matches_icepool(name):
    group = GROUPS[name]
    oracle = icepool_die(group)
    for target in (3, 4, 8, 12, 16, 20):
        odds = check_distribution(group, target)
        assert odds.outcomes["success"] == 1 - sum(
            oracle.probability(v) for v in range(0, target)
        )
        assert odds.truncated == 0


def test_icepool_plain_explode_is_bumping_for_one_die():
    ours = bumping.total_pmf(GROUPS["d6"], 20)
    oracle = icepool.d6.explode([1], depth=30)
    assert all(ours.get(v, 0) == oracle.probability(v) for v in range(21))


# -- book values ----------------------------------------------------------------------------


def test_book_means():
    dc2 = bumping.capped_die(2)
    assert dc2.readings == (1, 2, 2, 2) and dc2.sides == 4
    assert bumping.mean(bumping.single(dc2)) == Fraction(7, 3)
    assert bumping.book_mean(dc2) == Fraction(7, 3)
    d8 = bumping.standard_die(8)
    assert bumping.mean(bumping.single(d8, 1)) == Fraction(37, 7)
    assert bumping.book_mean(d8, 1) == Fraction(37, 7)


def test_cli_expected_values():
    assert HB.odds_for_args({"die": "dc2", "target": "3"}).values["expected"] == Fraction(7, 3)
    odds = HB.odds_for_args({"die": "d8", "target": "medium", "training": True})
    assert odds.values["expected"] == Fraction(37, 7)


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_mean_agrees_with_book_formula_and_icepool(name):
    group = GROUPS[name]
    if len(group.dice) == 1:
        assert bumping.mean(group) == bumping.book_mean(group.dice[0], group.bonus)
    bump, _, base = bumping.round_weights(group)
    # the chains left out weigh under 1e-11: the icepool mean then differs from the exact one by at
    # most 6e-13 of it (2d10+AT; measured for every group), 1,000 times inside the tolerance, and
    # 2d4, 2d6 and 2d10+AT explode 4-6 levels less deep than for 1e-13 (0.7 s -> 0.5 s each)
    depth = math.ceil(math.log(1e-11) / math.log(sum(bump.values()) / base))
    assert float(bumping.mean(group)) == pytest.approx(float(icepool_die(group, depth).mean()), rel=1e-9)


def test_spark_mean_exact_for_2d6():
    # the book's b_s approximation gives 9.98; enumeration gives 7 / (25/36)
    assert bumping.mean(GROUPS["2d6"]) == Fraction(252, 25)


def test_capped_dice():
    assert bumping.capped_die(1).readings == (1,) and not bumping.capped_die(1).bumps_on
    assert bumping.capped_die(4).readings == bumping.standard_die(4).readings
    assert bumping.capped_die(5).readings == (1, 2, 3, 4, 5, 5)
    assert bumping.capped_die(7).sides == 8
    assert bumping.parse_die("DC10").sides == 10
    for bad in ("d12", "dc11", "dc0", "x", "d20"):
        with pytest.raises(bumping.DieError):
            bumping.parse_die(bad)
    # dc1 is never rolled and never bumps
    dice = Dice(1)
    rolled = bumping.roll(dice, bumping.single(bumping.capped_die(1)))
    assert rolled.total == 1 and rolled.faces == [] and dice.count == 0


def test_roll_bumps_and_groups():
    dice = Dice(0)
    dice.force(1, 1, 5)
    rolled = bumping.roll(dice, GROUPS["d6"])
    assert rolled.rounds == [[1], [1], [5]] and rolled.total == 7 and rolled.bumps == 2
    dice.force(3, 1, 4, 4)  # a 1 on either die rolls the whole group again
    rolled = bumping.roll(dice, GROUPS["2d6"])
    assert rolled.rounds == [[3, 1], [4, 4]] and rolled.total == 12
    dice.force(1, 5)
    rolled = bumping.roll(dice, GROUPS["d8+AT"])
    assert rolled.total == 7 and rolled.bonus == 1


def test_bump_chain_is_capped():
    dice = Dice(0)
    dice.force(*([1] * 5))
    rolled = bumping.roll(dice, GROUPS["d4"], max_bumps=4)
    assert rolled.capped and rolled.bumps == 4 and rolled.total == 5


# -- outcome sizes and odds labels ----------------------------------------------------------


def test_size_tables():
    assert [size_for_total(t) for t in (3, 4, 7, 8, 11, 12, 15, 16, 19, 20, 40)] == [
        "very-minor", "minor", "minor", "medium", "medium", "major", "major",
        "very-major", "very-major", "maximum", "maximum"]
    assert [size_for_margin(m) for m in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)] == [
        "very-minor", "minor", "minor", "medium", "medium", "major", "major",
        "very-major", "very-major", "maximum"]
    assert [spaces_for_size(s) for s in ("very-minor", "minor", "medium", "major", "very-major", "maximum")] == [1, 2, 3, 5, 8, 13]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(GROUPS)), st.integers(-3, 24), st.integers(-2, 2))
def test_sizes_add_up_to_success(name, target, modifier):
    odds = check_distribution(GROUPS[name], target, modifier)
    sizes = ("very-minor", "minor", "medium", "major", "very-major", "maximum")
    assert sum(odds.outcomes[s] for s in sizes) == odds.outcomes["success"]
    assert odds.outcomes["success"] + odds.outcomes["failure"] == 1


def test_maximum_is_exact():
    odds = HB.odds_for_args({"die": "d4", "target": "trial"})
    oracle = icepool_die(GROUPS["d4"])
    assert odds.outcomes["maximum"] == 1 - sum(oracle.probability(v) for v in range(20))
    assert odds.outcomes["maximum"] == odds.outcomes["success"]


def test_aid_odds_match_brute_force():
    group, aid = GROUPS["d6"], bumping.capped_die(2)
    odds = check_distribution(group, 8, 0, aid)
    pmf, aid_pmf = brute_pmf(group, 8), brute_pmf(bumping.single(aid), 8)
    expected = 1 - sum((p for v, p in pmf.items() if v < 8), Fraction(0))
    for v, p in pmf.items():
        if v < 8:
            expected += p * (1 - sum((q for x, q in aid_pmf.items() if v + x < 8), Fraction(0)))
    assert odds.outcomes["success"] == expected


def test_contest_odds_against_icepool():
    a, d = icepool_die(GROUPS["d6"], 60), icepool_die(GROUPS["d4"], 60)  # tails below 1e-30
    oracle = (a - d).map(lambda m: m > 0)
    odds = contest_distribution(GROUPS["d6"], GROUPS["d4"])
    assert odds.truncated < Fraction(1, 10**15)
    assert float(odds.outcomes["success"]) == pytest.approx(float(oracle.probability(True)), abs=1e-14)
    sizes = ("very-minor", "minor", "medium", "major", "very-major", "maximum")
    assert sum(odds.outcomes[s] for s in sizes) == odds.outcomes["success"]


# -- Monte Carlo agreement and determinism --------------------------------------------------


def test_rolled_checks_match_the_odds_exactly_above_a_floor_and_by_sample_below():
    """A sparked d6 against hard rolled by the CLI's path (roll_for_args) agrees with its odds
    (odds_for_args): the success and major shares and the expected total. Bumps make the tree of
    die faces infinite, so every path likelier than 1e-4 is played exactly (91% of the mass) and
    the rest is estimated from 1,000 random continuations drawn by probability (every_roll.split).

    It was 20,000 sampled rolls (4.4 s of CPU; 0.4 s now) within 5 standard errors: 1.6 points on
    the success share, 1.3 on the major share, 0.15 on the mean. The split's standard error is at
    most 0.15 points on a share and about 0.015 on the mean, so the same 5 of them are 0.75 points
    and 0.075: a real disagreement of 1 point in the success share is caught at least 95% of the
    time (4% before), one of 2 points always (92% before). The seed is pinned, and the chance
    that an unlucky seed makes it fail with the code right is below one in a million, as before."""
    args = {"die": "d6", "spark": True, "target": "hard"}
    odds = HB.odds_for_args(args)
    found = split(lambda dice: _read(HB.roll_for_args(dice, args)), floor=Fraction(1, 10**4), samples=1000, seed=2024)
    assert 0.05 < found.exact.unexplored < 0.15  # the sample has work to do, and little
    error = found.share_error()
    assert abs(found.share(lambda r: r[0]) - float(odds.outcomes["success"])) <= 5 * error
    assert abs(found.share(lambda r: r[1] == "major") - float(odds.outcomes["major"])) <= 5 * error
    mean, mean_error = found.mean(lambda r: r[2])
    assert abs(mean - float(odds.values["expected"])) <= 5 * mean_error


def _read(record) -> tuple[bool, str | None, int]:
    return record.success, record.details["size"], record.total


def test_character_check_with_conditions_and_aid_is_every_roll_of_the_real_code():
    # every way the dice can fall through HB.check (paths rarer than 1e-9 left out: 5e-7 of the
    # mass); it was 5,000 sampled checks within 5 standard errors (about 3 points)
    ch = hero()
    ch.conditions = ["uncool", "ache:hurry"]
    params = {"stat": "hurry", "target": "medium"}  # Survival Instinct gives +dc2 on a failure
    odds = HB.check_odds(ch, params)
    found = distribution(lambda dice: HB.check(dice, ch, params).success)
    assert found.unexplored < Fraction(1, 10**6)
    assert_matches(found, {True: odds.outcomes["success"], False: 1 - odds.outcomes["success"]})


def test_contest_odds_are_every_roll_of_the_real_code():
    # as above for HB.contest (paths rarer than 1e-7: 5e-5 of the mass); it was 5,000 sampled contests
    ch, npc = hero(), Character(name="Ogre", system=SYSTEM, stats={"hurt": "d8", "hurry": "d6"})
    params = {"stat": "hand", "violent": True}
    odds = HB.contest_odds(ch, npc, params)
    found = distribution(lambda dice: HB.contest(dice, ch, npc, params).success, floor=Fraction(1, 10**7))
    assert found.unexplored < Fraction(1, 10**4)
    assert_matches(found, {True: odds.outcomes["success"], False: 1 - odds.outcomes["success"]})


def test_same_seed_same_record():
    a = HB.check(Dice(5), hero(), {"stat": "hand", "target": 8})
    b = HB.check(Dice(5), hero(), {"stat": "hand", "target": 8})
    assert a.to_dict() == b.to_dict()


def test_spark_d10_odds_are_exact():
    odds = HB.odds_for_args({"die": "d10", "spark": True, "target": "trial"})
    assert odds.truncated == 0
    oracle = icepool_die(bumping.Group((bumping.standard_die(10),) * 2))
    assert odds.outcomes["success"] == 1 - sum(oracle.probability(v) for v in range(20))


# -- checks on characters -------------------------------------------------------------------


def test_check_record_reads_the_dice():
    ch = hero()
    dice = Dice(0)
    dice.force(1, 6)  # hand d8: 1 bumps, then 6
    rec = HB.check(dice, ch, {"stat": "Hand", "target": "medium"})
    assert rec.dice == [1, 6] and rec.total == 7 and rec.outcome == "failure"
    assert rec.details["rounds"] == [[1], [6]] and rec.details["bumps"] == 1
    assert step_lines(rec)[-1].startswith("result: 7 vs 8")
    dice.force(8)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 8})
    assert rec.success and rec.details["size"] == "medium"


def test_target_names_and_errors():
    ch = hero()
    with pytest.raises(RulesError, match="target"):
        HB.check(Dice(0), ch, {"stat": "hand", "target": "tough"})
    assert HB.check_odds(ch, {"stat": "hand"}).values["target"] == 8  # medium by default
    with pytest.raises(RulesError, match="no stat 'magic'"):
        HB.check(Dice(0), ch, {"stat": "magic", "target": 4})
    with pytest.raises(RulesError, match="--die"):
        HB.odds_for_args({"target": "4"})
    with pytest.raises(RulesError, match="die"):
        HB.odds_for_args({"die": "d12", "target": "4"})


def test_conditions():
    ch = hero()
    dice = Dice(0)
    ch.conditions = ["uncool", "pain:hand"]
    dice.force(6)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 4})
    assert rec.total == 4 and rec.modifiers == {"uncool": -1, "pain": -1}
    ch.conditions = ["ache"]
    dice.force(8)
    assert HB.check(dice, ch, {"stat": "hand", "target": 4}).total == 7
    ch.conditions = ["distracted"]
    dice.force(1)
    assert HB.check(dice, ch, {"stat": "hand", "target": 4}).total == 1
    ch.conditions = ["Surprised"]
    dice.force(1)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 4})
    assert rec.total == 1 and ch.conditions == [] and rec.details["consumed"] == ["Surprised"]
    ch.conditions = ["muddled"]
    dice.force(5)
    assert HB.check(dice, ch, {"stat": "hand", "target": 4}).total == 5  # not a focal roll
    dice.force(5)
    assert HB.check(dice, ch, {"stat": "hand", "target": 4, "focal": True}).total == 3
    assert ch.conditions == []


def test_advanced_training_and_ease_of_focus():
    ch = hero(abilities=["Advanced Training", "Ease of Focus"])
    dice = Dice(0)
    dice.force(2, 1, 3)  # d8: 2 bumps (Ease of Focus), 1 bumps, 3 stops; +1 per bump
    rec = HB.check(dice, ch, {"stat": "hand", "target": 4})
    assert rec.total == 2 + 1 + 3 + 2 and rec.details["training"] == 2
    dice.force(2)  # a d6 stat: no Ease of Focus
    assert HB.check(dice, ch, {"stat": "hurt", "target": 4}).total == 2


def test_situational_aid_only_on_failure():
    ch = hero()
    dice = Dice(0)
    dice.force(2, 3)  # hurry d4 shows 2, fails 4; Survival Instinct dc2 face 3 reads 2
    rec = HB.check(dice, ch, {"stat": "hurry", "target": 4})
    assert rec.success and rec.total == 4 and rec.details["aid"]["source"] == "Survival Instinct"
    dice.force(4)
    rec = HB.check(dice, ch, {"stat": "hurry", "target": 4})
    assert "aid" not in rec.details
    ch.conditions = ["weakness:hurry"]
    dice.force(2)
    rec = HB.check(dice, ch, {"stat": "hurry", "target": 4})
    assert "aid" not in rec.details and HB.offers(rec, ch) == []


def test_spark_check_pays_and_groups():
    ch = hero()
    ch.stats["heart"] = "d6"
    ch.resources["blessings"] = [2, 5, 2, 6]
    dice = Dice(0)
    dice.force(1, 4, 3, 3)  # 2d6 group: a 1 rolls both again
    rec = HB.check(dice, ch, {"stat": "hurt", "spark": "heart", "target": 8})
    assert rec.details["spark_paid"] == [2, 2] and ch.resources["blessings"] == [5, 6]
    assert rec.details["rounds"] == [[1, 4], [3, 3]] and rec.total == 11
    # no pair left: a basic check instead
    dice.force(3)
    rec = HB.check(dice, ch, {"stat": "hurt", "spark": "heart", "target": 8})
    assert rec.details["spark_refused"].startswith("the pool") and rec.total == 3
    ch.resources["blessings"] = [3, 3]
    ch.conditions = ["taxed"]
    dice.force(3)
    assert HB.check(dice, ch, {"stat": "hurt", "spark": "heart", "target": 8}).details["spark_refused"] == "taxed"
    ch.conditions = []
    dice.force(3)
    rec = HB.check(dice, ch, {"stat": "hand", "spark": "heart", "target": 8})
    assert "not balanced" in rec.details["spark_refused"] and ch.resources["blessings"] == [3, 3]


def test_help_offers_and_apply():
    ch = hero()
    ch.resources["blessings"] = [1, 4, 6]
    dice = Dice(0)
    dice.force(3)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 8})
    assert [o.key for o in HB.offers(rec, ch)] == ["help-1", "help-2", "help-3"]
    dice.force(3)  # dc3 reads 3
    new = HB.apply_offer(dice, rec, ch, "help-3")
    assert new.total == 6 and ch.resources["blessings"] == [] and new.details["help"]["die"] == "dc3"
    assert HB.offers(new, ch) == []  # once per roll, and the pool is empty
    ch.resources["blessings"] = [4]
    assert [o.key for o in HB.offers(new, ch)] == []
    with pytest.raises(RulesError, match="not available"):
        HB.apply_offer(dice, new, ch, "help-1")


def test_cursed_blessings_are_worth_less():
    assert worth(1, cursed=True) == 0 and worth(5, cursed=True) == 4
    assert choose_spend([1, 1, 3], 1, 1, cursed=True) == [2]
    assert choose_pair([2, 3, 3], cursed=False) == [1, 2]
    assert choose_pair([1, 1], cursed=True) is None
    ch = hero()
    ch.conditions = ["cursed"]
    ch.resources["blessings"] = [1, 1, 2]
    dice = Dice(0)
    dice.force(3)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 8})
    assert [o.key for o in HB.offers(rec, ch)] == ["help-1"]


def test_blessed_luck_repeats_a_paid_spark_only():
    ch = hero(abilities=["Efficiently Packed", "Blessed Luck"])
    ch.stats["heart"] = "d6"
    ch.resources["blessings"] = [2, 2]
    dice = Dice(0)
    dice.force(2, 2)
    rec = HB.check(dice, ch, {"stat": "hurt", "spark": "heart", "target": 12})
    assert rec.details["spark_paid"] == [2, 2] and ch.resources["blessings"] == []
    dice.force(3, 3)  # the retry is a spark again, not paid again
    again = HB.apply_offer(dice, rec, ch, "blessed-luck")
    assert again.details["rounds"] == [[3, 3]] and again.details["spark_paid"] == [2, 2]
    ch2 = hero(abilities=["Efficiently Packed", "Blessed Luck"])
    ch2.stats["heart"] = "d6"
    dice.force(2)
    rec = HB.check(dice, ch2, {"stat": "hurt", "spark": "heart", "target": 12})
    assert rec.details["spark_refused"]
    dice.force(3)  # no spark was paid, so the retry is a basic check too
    assert HB.apply_offer(dice, rec, ch2, "blessed-luck").details["rounds"] == [[3]]


def test_blessed_luck():
    ch = hero(abilities=["Efficiently Packed", "Blessed Luck"])
    ch.resources["blessings"] = [5]
    dice = Dice(0)
    dice.force(2)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 8})
    offer = [o for o in HB.offers(rec, ch) if o.key == "blessed-luck"][0]
    assert offer.cost == {}
    dice.force(3)
    again = HB.apply_offer(dice, rec, ch, "blessed-luck")
    assert again.total == 3 and again.details["blessed_luck"]["previous_total"] == 2
    offer = [o for o in HB.offers(again, ch) if o.key == "blessed-luck"][0]
    assert offer.cost == {"blessings": 1}  # now it needs the recharge
    dice.force(8)
    third = HB.apply_offer(dice, again, ch, "blessed-luck")
    assert third.success and ch.resources["blessings"] == []
    assert "blessed-luck" not in [o.key for o in HB.offers(third, ch)]


def test_blessings_gain_and_lucky_number():
    dice = Dice(0)
    dice.force(1, 1, 4, 6)
    assert gain_blessings(dice, 2) == [1, 1, 4, 6]
    dice.force(1, 1)
    assert roll_lucky_number(dice) == (None, [1, 1])
    dice.force(3, 9)
    assert roll_lucky_number(dice) == (9, [3, 9])
    ch = hero(session={"lucky_number": 6, "big_win": False})
    ch.resources["blessings"] = []
    dice.force(6, 2)  # hand d8 shows the lucky number; the blessing die shows 2
    rec = HB.check(dice, ch, {"stat": "hand", "target": 20})
    assert rec.details["blessings_earned"] == [2]
    assert HB.experience(rec, ch) and ch.resources["blessings"] == [2]
    assert HB.experience(rec, ch) == []  # applied once


def test_big_success_blessing_once_per_session():
    ch = hero()
    dice = Dice(0)
    dice.force(8, 5)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 2})
    assert rec.details["blessing_reasons"] == ["success by 6+"]
    HB.experience(rec, ch)
    dice.force(8)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 2})
    assert rec.details["blessings_earned"] == []


def test_session_started_lazily():
    ch = hero()
    del ch.extra["session"]
    dice = Dice(0)
    dice.force(4, 7, 5)
    rec = HB.check(dice, ch, {"stat": "hand", "target": 4})
    assert ch.extra["session"]["lucky_number"] == 7 and step_lines(rec)[0].startswith("Lucky number")
    assert rec.total == 5


def test_gain_rolls_blessing_dice():
    ch = hero()
    dice = Dice(0)
    dice.force(1, 3, 6, 2)
    assert HB.gain(dice, ch, "blessings", 3) == [
        "Blessing dice gained: 1, 3, 6, 2 (a blessing die that rolls 1 brings another: 1 more)"]
    assert ch.resources["blessings"] == [1, 3, 6, 2]
    assert HB.gain(dice, ch, "xp", 3) is None  # the engine handles other resources


def test_start_adventure_rolls_the_lucky_number():
    ch = hero()
    dice = Dice(0)
    dice.force(1, 1)
    assert HB.start_adventure(dice, ch) == ["Lucky number: none today (rolled 1 and 1)"]
    assert ch.extra["session"]["lucky_number"] is None
    assert HB.creation_defaults()["head"] == "d4" and "lifestyle" in HB.creation_extra


def test_help_bonus_table():
    assert help_bonus(1) == 1
    assert help_bonus(2).name == "dc2" and help_bonus(10).name == "dc10"
    with pytest.raises(RulesError):
        help_bonus(11)


# -- contests -------------------------------------------------------------------------------


def test_violent_contest_uses_hurt_and_hurry():
    ch = hero()
    ogre = Character(name="Ogre", system=SYSTEM, stats={"hurt": "d8", "hurry": "d4", "hand": "d10"},
                     extra={"abilities": ["Armored Skin"]})
    dice = Dice(0)
    dice.force(6, 2, 2)  # Ana hurt d6: 6; Ogre hurry d4: 2; Armored Skin dc2 reads 2
    rec = HB.contest(dice, ch, ogre, {"stat": "hand", "violent": True})
    assert rec.stat == "hurt" and rec.details["opponent_stat"] == "hurry"
    assert rec.details["opponent_total"] == 4 and rec.success and rec.details["size"] == "minor"


def test_contest_ties_go_to_the_defender():
    ch = hero()
    npc = Character(name="Clerk", system=SYSTEM, stats={"heart": "d6"})
    dice = Dice(0)
    dice.force(3, 3)
    rec = HB.contest(dice, ch, npc, {"stat": "heart"})
    assert not rec.success and rec.details["margin"] == 0


def test_disarmed_caps_violent_maximum():
    ch = hero()
    ch.conditions = ["disarmed"]
    ch.stats["hurt"] = "d10"
    npc = Character(name="X", system=SYSTEM, stats={"hurry": "d4"})
    dice = Dice(0)
    dice.force(1, 1, 10, 2)  # Ana's hurt d10 bumps twice to 12, X's hurry d4 shows 2
    rec = HB.contest(dice, ch, npc, {"stat": "hurt", "violent": True})
    assert rec.details["margin"] == 10 and rec.details["size"] == "very-major"
    assert HB.contest_odds(ch, npc, {"stat": "hurt", "violent": True}).outcomes["maximum"] == 0
    ch.conditions = []
    dice.force(1, 1, 10, 2)
    assert HB.contest(dice, ch, npc, {"stat": "hurt", "violent": True}).details["size"] == "maximum"


# -- automatic History ----------------------------------------------------------------------


def test_automatic_history():
    ch = hero()
    assert [o.key for o in HB.alternatives(ch, {"stat": "history", "target": 4})] == ["auto-history"]
    assert HB.alternatives(ch, {"stat": "history", "target": 5}) == []
    assert HB.alternatives(ch, {"stat": "head", "target": 3}) == []
    assert HB.alternatives(ch, {"stat": "history", "target": 4, "focal": True}) == []
    ch.stats["history"] = "d10"
    rec = HB.take_alternative(ch, {"stat": "history", "target": 16}, "auto-history")
    assert rec.success and rec.total == 16 and rec.details["size"] == "major" and rec.dice == []
    rec = HB.take_alternative(ch, {"stat": "history", "target": 3}, "auto-history")
    assert rec.details["size"] == "very-minor"


# -- characters -----------------------------------------------------------------------------


def test_creation_table():
    assert starting_stats("head", "carefree", "Fate and Knowledge") == {
        "head": "d8", "hand": "d4", "heart": "d4", "home": "d4", "hurt": "d6", "hurry": "d4",
        "history": "d4"}
    assert len(LIFESTYLE_TABLE) == 9
    for (life, values), pair in LIFESTYLE_TABLE.items():
        stats = starting_stats("history", life, values)
        ch = Character(name="x", system=SYSTEM, stats=stats,
                       extra={"lifestyle": life, "value_system": values, "best": "history"})
        HB.validate_character(ch, creation=True)


def test_creation_rules_are_named():
    good = hero()
    HB.validate_character(good, creation=True)
    bad = hero()
    bad.stats["head"] = "d6"
    with pytest.raises(RulesError, match="3 sizes in all"):
        HB.validate_character(bad, creation=True)
    bad = hero()
    bad.stats["hand"], bad.stats["heart"] = "d6", "d6"  # best heart, but the table pair is hand+hurt
    with pytest.raises(RulesError, match="with hand as best"):
        HB.validate_character(bad, creation=True)
    bad = hero(lifestyle="Driven")
    with pytest.raises(RulesError, match="starter Lifestyle"):
        HB.validate_character(bad, creation=True)
    bad = hero()
    bad.stats["hand"] = "d10"
    with pytest.raises(RulesError, match="d8 at most"):
        HB.validate_character(bad, creation=True)
    bad = hero()
    del bad.stats["home"]
    with pytest.raises(RulesError, match="missing: home"):
        HB.validate_character(bad)
    bad = hero()
    bad.stats["hand"] = "d12"
    with pytest.raises(RulesError, match="hand: 'd12'"):
        HB.validate_character(bad)
    bad = hero(abilities=["Blessed Luck", "Armored Skin"])
    with pytest.raises(RulesError, match="Starter"):
        HB.validate_character(bad, creation=True)
    bad = hero()
    bad.resources["blessings"] = 3
    with pytest.raises(RulesError, match="blessings"):
        HB.validate_character(bad)
    bad = hero()
    bad.stats["hex"], bad.stats["ham"] = "d4", "d4"
    with pytest.raises(RulesError, match="at most one stat"):
        HB.validate_character(bad)


def test_creation_without_lifestyle_infers_the_table():
    stats = {s: "d4" for s in ("head", "hand", "heart", "home", "hurt", "hurry", "history")}
    stats.update(heart="d6", hurry="d6", history="d6")
    HB.validate_character(Character(name="x", system=SYSTEM, stats=stats), creation=True)
    stats.update(hurry="d4", history="d8")  # heart + history: no table pair has history
    with pytest.raises(RulesError, match="do not fit"):
        HB.validate_character(Character(name="x", system=SYSTEM, stats=stats), creation=True)


def test_setting_stat_and_capped_values():
    ch = hero()
    ch.stats["Haze"] = "dc1"
    HB.validate_character(ch, creation=True)
    dice = Dice(0)
    rec = HB.check(dice, ch, {"stat": "haze", "target": 3})
    assert rec.total == 1 and rec.dice == []


# -- session shop ---------------------------------------------------------------------------


def test_session_shop():
    ch = hero()
    assert HB.advancement(ch)[0].cost == {"blessings": 3}
    assert HB.end_of_adventure(ch)[0].startswith("Session shop")
    assert ch.resources["free_upgrades"] == 1 and "session" not in ch.extra
    options = {a.key: a for a in HB.advancement(ch)}
    assert options["stat:head"].cost == {} and "stat:hand" in options
    HB.advance(ch, "stat:head")
    assert ch.stats["head"] == "d6" and ch.resources["free_upgrades"] == 0
    ch.resources["blessings"] = [1, 2, 3, 4, 5, 6, 6, 6]
    HB.advance(ch, "stat:head")  # costs 3 dice
    assert ch.stats["head"] == "d8" and ch.resources["blessings"] == [4, 5, 6, 6, 6]
    assert HB.advancement(ch)[0].cost == {"blessings": 5}
    HB.advance(ch, "stat:head")
    assert ch.stats["head"] == "d10" and ch.resources["blessings"] == []
    with pytest.raises(RulesError, match="costs 7"):
        HB.advance(ch, "stat:hand")
    ch.resources["blessings"] = [6] * 20
    with pytest.raises(RulesError, match="cannot be upgraded"):
        HB.advance(ch, "stat:head")
    assert shop_cost(0) == 3 and shop_cost(1) == 5 and shop_cost(2) == 7


def test_stat_upgrade_limit():
    ch = hero()
    ch.extra["stat_upgrades"] = 10
    ch.resources["free_upgrades"] = 1
    assert not [a for a in HB.advancement(ch) if a.key.startswith("stat:")]
    with pytest.raises(RulesError, match="at most 10"):
        HB.advance(ch, "stat:head")


def test_experience_without_earnings_is_empty():
    rec = HB.roll_for_args(Dice(3), {"die": "d6", "target": "4"})
    assert HB.experience(rec, hero()) == []


# -- endeavors ------------------------------------------------------------------------------


def test_endeavor_helpers():
    assert advantage_movement({"a": 7, "b": 4}) == {"a": 7, "b": 0}
    assert advantage_movement({"a": 7, "b": 7, "c": 2}) == {"a": 0, "b": 0, "c": 0}
    line = move_on_line({}, "a", spaces_for_size("major"))
    assert move_on_line(line, "a", 2) == {"a": 7}
    with pytest.raises(RulesError, match="outcome size"):
        spaces_for_size("huge")


def test_protocol_surface():
    from solo.rules.base import Ruleset

    assert isinstance(HB, Ruleset)
    assert HB.is_success("success") and not HB.is_success("failure")
    rec = HB.roll_for_args(Dice(1), {"die": "dc3", "target": "easy", "spark": True})
    assert rec.details["die"] == "2dc3"
    assert HB.settle(Dice(1), rec, blank(), {}, frozenset()) is rec


# -- vulnerability ---------------------------------------------------------------------------------


def _pair(conditions=()):
    rules = HumanityBlessed()
    stats = {k: "d6" for k in ("head", "hand", "heart", "home", "hurt", "hurry", "history")}
    me = rules.prepare_character(Character("Me", "humanity-blessed", dict(stats), conditions=list(conditions)))
    them = rules.prepare_character(Character("Them", "humanity-blessed", dict(stats)))
    return rules, me, them


def test_vulnerability_forces_a_winning_roll_to_be_rolled_again():
    rules, me, them = _pair(["vulnerability"])
    me.extra["session"] = {"lucky": None}
    dice = Dice(1)
    dice.force(5, 2, 3)  # I roll 5, they roll 2: a win, so I roll again: 3 stands
    record = rules.contest(dice, me, them, {"stat": "head"})
    assert record.details["vulnerability"] == {"first_total": 5}
    assert record.total == 3 and record.outcome == "success"
    dice.force(2, 5)  # a loss is not rerolled
    record = rules.contest(dice, me, them, {"stat": "head"})
    assert "vulnerability" not in record.details and record.outcome == "failure"


def test_vulnerability_odds_are_exact_and_agree_with_rolling():
    rules, me, them = _pair(["vulnerability"])
    _, plain_me, _ = _pair()
    plain = rules.contest_odds(plain_me, them, {"stat": "head"})
    vulnerable = rules.contest_odds(me, them, {"stat": "head"})
    # P(win) = P(win | d)^2 summed over the defender's totals: at most the plain chance
    assert vulnerable.outcomes["success"] < plain.outcomes["success"]
    assert abs(sum(vulnerable.outcomes[k] for k in ("success", "failure")) + vulnerable.truncated - 1) < Fraction(1, 10**12)
    # every way the dice fall through the real contest, paths rarer than 1e-5 left out (0.5% of
    # the mass, which bounds the difference): it was 5,000 sampled contests within 5 standard
    # errors, about 3 points, for 1.4 s of CPU (0.4 s now)
    me.extra["session"] = {"lucky": None}
    found = distribution(lambda dice: rules.contest(dice, me, them, {"stat": "head"}).success, floor=Fraction(1, 10**5))
    assert found.unexplored < Fraction(1, 200)
    assert_matches(found, {True: vulnerable.outcomes["success"], False: 1 - vulnerable.outcomes["success"]},
                   tolerance=vulnerable.truncated)
