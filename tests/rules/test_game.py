"""Tests for the GAME ruleset (the solo/rules/game package): book values, exact odds, rules, experience."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from itertools import product

import icepool
import pytest
from every_roll import distribution

from solo.rules import registry
from solo.rules.base import Character, Ruleset, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.game import (
    BUILD_SKILLS,
    SKILLS,
    Game,
    GameCheck,
    book_success_chance,
    build_duration,
    combined_build_chance,
    combined_build_drain,
    contest_outcomes,
    critical_from,
    damage_dice_count,
    damage_distribution,
    drain,
    encumbrance_effect,
    excess_distribution,
    find_skill,
    lowest_die_distribution,
    parry_excess,
    read_check,
    read_damage,
    roll_damage,
    stun_chance,
    success_chance,
)
from solo.rules.reasons import step_lines

GAME = Game()
DIFFS = ("easy", "challenging", "hard")


def make_pc(**overrides) -> Character:
    """A legal new PC: 35 points, one 5, notable in Brawn."""
    stats = {
        "Hack/Slash": 5, "Lift/Smash": 3, "Throw/Ensnare": 2, "Shoot/Fire": 3,
        "Bargain/Appraise": 2, "Perception/Track": 4, "Social/Etiquette": 2, "Wilderness/Escape": 3,
        "Block/Dodge": 3, "Leap/Tumble": 2, "Ride/Pilot": 1, "Sneak/Hide": 2,
        "Alchemy": 1, "Chemstry": 0, "Machinery": 1, "Transmutery": 1,
    }
    assert sum(stats.values()) == 35
    stats.update(overrides.pop("stats", {}))
    extra = {"notable": "Brawn", "talents": {}, "traits": {}}
    extra.update(overrides.pop("extra", {}))
    pc = Character(name="Ayla", system="game", stats=stats, extra=extra, **overrides)
    return GAME.prepare_character(pc)


def rated(rating: int, **kw) -> GameCheck:
    return GameCheck("", rating, **kw)


# ---------------------------------------------------------------------------------------------
# protocol and names
# ---------------------------------------------------------------------------------------------


def test_registered_and_implements_protocol():
    ruleset = registry.get("game")
    assert isinstance(ruleset, Game)
    assert isinstance(ruleset, Ruleset)
    assert ruleset.stat_names == SKILLS and len(SKILLS) == 16
    assert ruleset.is_success("success") and not ruleset.is_success("failure")
    assert not ruleset.is_success("draw")


@pytest.mark.parametrize(
    "name, skill",
    [
        ("Hack/Slash", "Hack/Slash"), ("hack-slash", "Hack/Slash"), ("hack", "Hack/Slash"),
        ("SLASH", "Hack/Slash"), ("hack_slash", "Hack/Slash"),
        ("perception track", "Perception/Track"),
        ("track", "Perception/Track"), ("Chemistry", "Chemstry"), ("chemstry", "Chemstry"),
        ("transmutery", "Transmutery"), ("hide", "Sneak/Hide"),
    ],
)
def test_forgiving_skill_lookup(name, skill):
    assert find_skill(name) == skill


def test_unknown_skill_names_the_skills():
    with pytest.raises(RulesError, match=r"GAME: unknown skill 'swim'.*Hack/Slash"):
        find_skill("swim")


# ---------------------------------------------------------------------------------------------
# the digest's values
# ---------------------------------------------------------------------------------------------

BOOK_TABLE = {  # rating: (easy %, challenging %, hard %)
    0: (13, 2, 0), 1: (25, 6, 2), 2: (38, 14, 5), 3: (50, 25, 13), 4: (63, 39, 24),
    5: (75, 56, 42), 6: (88, 77, 67), 7: (100, 100, 100), 8: (100, 100, 100),
}


@pytest.mark.parametrize("rating", range(9))
def test_book_success_table(rating):
    for k, diff in enumerate(DIFFS, start=1):
        p = success_chance(rated(rating, difficulty=diff))
        assert p == book_success_chance(rating, k)
        if rating <= 6:
            assert p == Fraction(rating + 1, 8) ** k
        assert math.floor(p * 100 + Fraction(1, 2)) == BOOK_TABLE[rating][k - 1]


def test_rating_zero_exact_values():
    assert [success_chance(rated(0, difficulty=d)) for d in DIFFS] == [
        Fraction(1, 8), Fraction(1, 64), Fraction(1, 512)]


def test_cli_odds_skill_3_hard():
    odds = GAME.odds_for_args({"skill": "3", "difficulty": "hard"})
    assert odds.system == "game"
    assert odds.outcomes["success"] == Fraction(1, 8)
    assert odds.outcomes["failure"] == Fraction(7, 8)
    data = odds.to_json()
    assert data["outcomes"]["success"] == 0.125
    assert sum(data["excess"].values()) == pytest.approx(1)
    json.dumps(data)


def test_equals_eight_is_a_success_with_excess_zero():
    res = read_check(rated(5), [3])
    assert res.success and res.excess == 0 and res.total == 8
    res = read_check(rated(5), [2])
    assert not res.success and res.excess == -1


def test_lowest_die_counts_not_the_sum():
    res = read_check(rated(4, difficulty="hard"), [8, 4, 7])
    assert res.lowest == 4 and res.total == 8 and res.success


def test_seven_and_eight_always_succeed_but_not_equally():
    for diff in DIFFS:
        assert success_chance(rated(7, difficulty=diff)) == 1
        assert success_chance(rated(8, difficulty=diff)) == 1
    assert min(excess_distribution(rated(7))) == 0
    assert min(excess_distribution(rated(8))) == 1


def test_group_of_five_archers_example():
    archers = rated(2, group=5)  # normal check fails on 2 + 3
    assert read_check(archers, [3], 5).success
    assert read_check(archers, [3], 5).excess == 1  # would have been negative
    assert not read_check(archers, [3], 6).success
    assert success_chance(archers) == Fraction(3, 8) + Fraction(5, 8) * Fraction(5, 8)


def test_notable_die_succeeds_on_one_only():
    chk = rated(1, notable=True)
    assert read_check(chk, [2], 1).success and read_check(chk, [2], 1).excess == 1
    assert not read_check(chk, [2], 2).success
    res = read_check(chk, [8], 1)  # normal success: the extra die did not decide
    assert res.success and res.excess == 1 and not res.extra_decided


def test_extra_die_does_not_change_a_normal_excess():
    res = read_check(rated(4, group=3), [4], 1)
    assert res.normal_success and res.excess == 0 and res.extra_success and not res.extra_decided


def test_notable_and_group_share_one_extra_die():
    both = rated(0, notable=True, group=3)
    assert both.extra_threshold == 3 and both.extra_reason == "notable + group of 3"
    assert rated(0, notable=True, group=1).extra_threshold == 1
    assert rated(0, group=12).extra_threshold == 8
    assert success_chance(rated(0, group=8)) == 1


def test_bonus_and_exhaustion_modify_the_sum():
    assert read_check(rated(3, bonus=2), [3]).total == 8
    assert read_check(rated(3, bonus=2, exhausted=True), [3]).total == 7
    assert success_chance(rated(3, bonus=1)) == success_chance(rated(4))
    assert success_chance(rated(3, exhausted=True)) == success_chance(rated(2))


# ---------------------------------------------------------------------------------------------
# exact odds: brute force and icepool
# ---------------------------------------------------------------------------------------------

EXTRAS = [dict(), dict(notable=True), dict(group=3), dict(notable=True, group=2)]


def brute_force_excess(chk: GameCheck) -> dict[int, Fraction]:
    has_extra = chk.extra_threshold > 0
    faces = range(1, 9)
    count = chk.dice_count + (1 if has_extra else 0)
    dist: dict[int, Fraction] = {}
    for roll in product(faces, repeat=count):
        rolled, extra = (roll[:-1], roll[-1]) if has_extra else (roll, None)
        res = read_check(chk, rolled, extra)
        dist[res.excess] = dist.get(res.excess, 0) + Fraction(1, 8**count)
    return dist


@pytest.mark.parametrize("rating", [0, 3, 5, 6, 7])
@pytest.mark.parametrize("difficulty", DIFFS)
def test_odds_match_brute_force(rating, difficulty):
    for mods in (dict(), dict(bonus=1), dict(exhausted=True)):
        for extra in EXTRAS:
            chk = rated(rating, difficulty=difficulty, **mods, **extra)
            assert excess_distribution(chk) == brute_force_excess(chk), chk


def test_lowest_die_distribution_matches_icepool():
    for k in (1, 2, 3):
        oracle = icepool.d8.pool(k).lowest(1).sum()
        ours = lowest_die_distribution(k)
        assert {v: oracle.probability(v) for v in range(1, 9)} == ours


@pytest.mark.parametrize("rating", range(9))
def test_excess_matches_icepool(rating):
    for difficulty, mods, extra in product(DIFFS, (0, 2, -1), EXTRAS):
        chk = rated(rating, difficulty=difficulty, bonus=mods, **extra)
        lowest = icepool.d8.pool(chk.dice_count).lowest(1).sum()
        threshold = chk.extra_threshold

        def excess(low, ex, chk=chk, threshold=threshold):
            total = chk.rating + low + chk.modifier
            if total >= 8:
                return total - 8
            return 1 if ex <= threshold else total - 8

        extra_die = icepool.d8 if threshold else icepool.Die([9])  # 9 never succeeds
        oracle = icepool.map(excess, lowest, extra_die)
        ours = excess_distribution(chk)
        assert set(ours) == set(oracle.outcomes())
        assert all(oracle.probability(e) == p for e, p in ours.items())


def test_contest_odds_match_brute_force():
    mine, theirs = rated(4, difficulty="challenging"), rated(3, notable=True)
    counts = {"failure": 0, "draw": 0, "success": 0}
    for a, b, x in product(range(1, 9), range(1, 9), range(1, 9)):
        for c in range(1, 9):
            me = read_check(mine, [a, b]).success
            them = read_check(theirs, [c], x).success
            key = "draw" if me == them else ("success" if me else "failure")
            counts[key] += 1
    total = 8**4
    assert contest_outcomes(mine, theirs) == {k: Fraction(v, total) for k, v in counts.items()}


# ---------------------------------------------------------------------------------------------
# rolling with a character
# ---------------------------------------------------------------------------------------------


def test_check_record_with_forced_dice():
    pc = make_pc()
    dice = Dice(7)
    dice.force(6, 2, 5)
    rec = GAME.check(dice, pc, {"stat": "perception", "difficulty": "challenging", "bonus": 1})
    assert isinstance(rec, RollRecord)
    assert rec.system == "game" and rec.kind == "check" and rec.stat == "Perception/Track"
    assert rec.dice == [6, 2] and rec.kept == [2]
    assert rec.total == 4 + 2 + 1 and rec.outcome == "failure" and not rec.success
    assert rec.details["excess"] == -1 and rec.details["difficulty"] == "challenging"
    assert "extra" not in rec.details  # Perception is Brains; the PC is notable in Brawn
    assert rec.modifiers == {"bonus": 1}
    assert dice.forced_pending == (5,)
    assert all(len(s) <= 80 for s in step_lines(rec))


def test_notable_characteristic_rolls_the_extra_die():
    pc = make_pc(stats={"Hack/Slash": 0, "Lift/Smash": 8})
    dice = Dice(1)
    dice.force(1, 1)  # a hard check would need three dice; easy needs one plus the extra
    rec = GAME.check(dice, pc, {"stat": "Hack/Slash"})
    assert rec.dice == [1, 1]
    assert rec.success and rec.details["excess"] == 1
    extra = rec.details["extra"][0]
    assert extra == {"die": 1, "succeeds_on": 1, "reason": "notable", "succeeded": True,
                     "decided": True}
    assert "notable die 1" in step_lines(rec)[-1]


def test_extra_die_record_when_it_does_not_decide():
    dice = Dice(1)
    dice.force(8, 4)
    rec = GAME.check(dice, Character("x", "game", {}), {"rating": 3, "group": 4})
    assert rec.success and rec.details["excess"] == 3
    assert rec.details["extra"][0]["decided"] is False


def test_exhausted_from_condition_and_from_encumbrance():
    pc = make_pc()
    chk = GAME.parse_check({"stat": "lift"}, pc)
    assert not chk.exhausted
    pc.conditions.append("Exhausted")
    assert GAME.parse_check({"stat": "lift"}, pc).exhausted
    pc.conditions.clear()
    pc.resources["fp"] = 5
    pc.extra["enc"] = 3
    chk = GAME.parse_check({"stat": "lift"}, pc)
    assert chk.exhausted and chk.modifier == -1
    rec = GAME.check(Dice(3), pc, {"stat": "lift"})
    assert rec.modifiers["exhausted"] == -1


def test_encumbrance_effect():
    assert encumbrance_effect(8, 0) == "none"
    assert encumbrance_effect(8, 5) == "none"
    assert encumbrance_effect(8, 6) == "exhausted"
    assert encumbrance_effect(3, 1) == "exhausted"
    assert encumbrance_effect(2, 0) == "exhausted"
    assert encumbrance_effect(2, 2) == "overloaded"


def test_bad_check_parameters_name_the_field():
    pc = make_pc()
    with pytest.raises(RulesError, match="difficulty must be easy, challenging or hard.*'brutal'"):
        GAME.check(Dice(1), pc, {"stat": "hack", "difficulty": "brutal"})
    with pytest.raises(RulesError, match="'bonus' must be a whole number"):
        GAME.parse_check({"stat": "hack", "bonus": "lots"}, pc)
    with pytest.raises(RulesError, match="'group' counts characters"):
        GAME.parse_check({"stat": "hack", "group": 0}, pc)
    with pytest.raises(RulesError, match="'rating' runs 0-8"):
        GAME.parse_check({"rating": 9})
    with pytest.raises(RulesError, match="needs 'stat'"):
        GAME.parse_check({})
    assert GAME.parse_check({"stat": "hack", "difficulty": 3}, pc).difficulty == "hard"


def test_every_roll_of_the_real_code_agrees_with_exact_odds():
    pc = make_pc(stats={"Hack/Slash": 4})  # notable in Brawn: the extra die is rolled
    params = {"stat": "hack", "difficulty": "challenging", "bonus": 1}
    odds = GAME.check_odds(pc, params)

    def play(dice):
        record = GAME.check(dice, pc, params)
        return record.success, record.details["excess"] == 0

    found = distribution(play)
    assert sum(p for (won, _), p in found.probabilities.items() if won) == odds.outcomes["success"]
    assert sum(p for (_, none), p in found.probabilities.items() if none) == odds.distributions["excess"][0]


def test_same_seed_same_record():
    pc = make_pc()
    params = {"stat": "Sneak/Hide", "difficulty": "hard", "group": 2}
    a = [GAME.check(Dice(99), pc, params).to_dict() for _ in range(2)]
    assert a[0] == a[1]
    rec = GAME.check(Dice(99), pc, params)
    assert RollRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec


# ---------------------------------------------------------------------------------------------
# contests
# ---------------------------------------------------------------------------------------------


def test_contest_outcomes_with_forced_dice():
    pc = make_pc()
    foe = Character("Guard", "game", {"Perception/Track": 3})
    dice = Dice(5)
    dice.force(6, 4)  # PC Sneak/Hide 2 + 6 = 8 succeeds; guard 3 + 4 = 7 fails
    rec = GAME.contest(dice, pc, foe, {"stat": "sneak", "opponent_stat": "perception"})
    assert rec.kind == "contest" and rec.outcome == "success" and rec.success
    assert rec.dice == [6, 4]
    assert rec.details["opponent"]["rating"] == 3
    params = {"stat": "sneak", "opponent_stat": "perception"}
    dice.force(6, 5)  # both succeed
    assert GAME.contest(dice, pc, foe, params).outcome == "draw"
    dice.force(1, 1)  # both fail
    assert GAME.contest(dice, pc, foe, params).outcome == "draw"
    dice.force(1, 5)
    rec = GAME.contest(dice, pc, foe, params)
    assert rec.outcome == "failure" and not rec.success
    assert rec.outcome in GAME.contest_labels


def test_contest_odds_are_independent_products():
    pc = make_pc()
    foe = Character("Guard", "game", {"Perception/Track": 3})
    params = {"stat": "sneak", "opponent_stat": "perception", "difficulty": "challenging"}
    odds = GAME.contest_odds(pc, foe, params)
    p = success_chance(rated(2, difficulty="challenging"))
    q = success_chance(rated(3, difficulty="challenging"))
    assert odds.outcomes["success"] == p * (1 - q)
    assert odds.outcomes["failure"] == q * (1 - p)
    assert sum(odds.outcomes.values()) == 1


def test_cli_versus_gives_contest_odds():
    odds = GAME.odds_for_args({"skill": "5", "versus": "3"})
    p, q = Fraction(6, 8), Fraction(4, 8)
    assert odds.outcomes == {"failure": (1 - p) * q, "draw": p * q + (1 - p) * (1 - q),
                             "success": p * (1 - q)}


# ---------------------------------------------------------------------------------------------
# rerolls, experience, advancement
# ---------------------------------------------------------------------------------------------


def test_reroll_offer_and_apply():
    pc = make_pc()
    dice = Dice(11)
    dice.force(1)
    rec = GAME.check(dice, pc, {"stat": "bargain"})
    assert GAME.offers(rec, pc) == []  # no rerolls yet
    pc.resources["rerolls"] = 2
    offers = GAME.offers(rec, pc)
    assert [o.key for o in offers] == ["reroll"] and offers[0].cost == {"rerolls": 1}
    dice.force(7)
    new = GAME.apply_offer(dice, rec, pc, "reroll")
    assert pc.resources["rerolls"] == 1
    assert new.dice == [7] and new.success and new.details["excess"] == 1
    assert new.details["rerolled"] == [[1]] and new.details["rerolls_used"] == 1
    with pytest.raises(RulesError, match="no offer 'bonus'"):
        GAME.apply_offer(dice, new, pc, "bonus")


def test_reroll_in_a_contest_keeps_the_opponents_dice():
    pc = make_pc()
    pc.resources["rerolls"] = 1
    foe = Character("Guard", "game", {"Perception/Track": 3})
    dice = Dice(5)
    dice.force(1, 4)
    rec = GAME.contest(dice, pc, foe, {"stat": "sneak", "opponent_stat": "perception"})
    assert rec.outcome == "failure" or rec.outcome == "draw"
    dice.force(8)
    new = GAME.apply_offer(dice, rec, pc, "reroll")
    assert new.dice == [8, 4] and new.outcome == "success"
    assert pc.resources["rerolls"] == 0
    pc.resources["rerolls"] = 3
    assert GAME.offers(new, pc) == []  # a won contest needs no reroll


def test_experience_is_not_from_rolls():
    pc = make_pc()
    assert GAME.experience(GAME.check(Dice(1), pc, {"stat": "hack"}), pc) == []
    assert pc.resources["ep"] == 0


def test_end_of_adventure_drops_rerolls_keeps_ep():
    pc = make_pc()
    pc.resources.update(ep=3, rerolls=2)
    lines = GAME.end_of_adventure(pc)
    assert pc.resources["rerolls"] == 0 and pc.resources["ep"] == 3
    assert any("2 unspent rerolls lost" in line for line in lines)


def test_advancement_costs():
    pc = make_pc(stats={"Ride/Pilot": 1, "Alchemy": 1})
    pc.extra["talents"] = {"Hack/Slash": 2}
    options = {a.key: a.cost for a in GAME.advancement(pc)}
    assert options["raise:Hack/Slash"] == {"ep": 6}
    assert options["raise:Chemstry"] == {"ep": 1}
    assert options["talent:Hack/Slash"] == {"ep": 5}
    assert options["talent:Ride/Pilot"] == {"ep": 1}
    assert "talent:Alchemy" not in options  # Build skills have no talents
    assert "talent:Chemstry" not in options
    pc.stats["Lift/Smash"] = 8
    assert "raise:Lift/Smash" not in {a.key for a in GAME.advancement(pc)}


def test_advance_spends_ep_and_checks_rules():
    pc = make_pc()
    pc.resources["ep"] = 10
    GAME.advance(pc, "raise:hack")  # 5 -> 6 costs 6
    assert pc.stats["Hack/Slash"] == 6 and pc.resources["ep"] == 4
    GAME.advance(pc, "talent:Ride/Pilot")  # TL 0 -> 1 costs 1
    assert pc.extra["talents"]["Ride/Pilot"] == 1 and pc.resources["ep"] == 3
    with pytest.raises(RulesError, match="talent level may not exceed its skill's rating"):
        GAME.advance(pc, "talent:Ride/Pilot")  # rating 1
    with pytest.raises(RulesError, match="Build skills have no talents"):
        GAME.advance(pc, "talent:Alchemy")
    with pytest.raises(RulesError, match=r"costs 5 EP \(got 3 EP\)"):
        GAME.advance(pc, "raise:Perception/Track")
    with pytest.raises(RulesError, match="unknown advance"):
        GAME.advance(pc, "buy:sword")
    pc.stats["Lift/Smash"] = 8
    pc.resources["ep"] = 50
    with pytest.raises(RulesError, match="stop at 8"):
        GAME.advance(pc, "raise:lift")
    GAME.validate_character(pc)


# ---------------------------------------------------------------------------------------------
# characters
# ---------------------------------------------------------------------------------------------


def test_prepare_normalises_and_fills():
    pc = Character("B", "game", {"hack-slash": 5, "chemistry": 2, "sneak": 3},
                   extra={"notable": "brains", "talents": {"hack": 0},
                          "traits": {"advantage": "Danger Sense", "disadvantage": "shunned"}})
    GAME.prepare_character(pc)
    assert list(pc.stats) == list(SKILLS)
    assert pc.stats["Hack/Slash"] == 5 and pc.stats["Chemstry"] == 2 and pc.stats["Sneak/Hide"] == 3
    assert pc.stats["Alchemy"] == 0
    assert pc.extra["notable"] == "Brains" and pc.extra["talents"] == {"Hack/Slash": 0}
    assert pc.extra["traits"] == {"advantage": "danger sense", "disadvantage": "shunned"}
    assert pc.resources == {"ep": 0, "rerolls": 0, "fp": 8}


def test_legal_pc_passes():
    GAME.validate_character(make_pc(), creation=True)
    pc = make_pc(extra={"traits": {"advantage": "prophecy", "disadvantage": "weirdness magnet"}})
    GAME.validate_character(pc, creation=True)


@pytest.mark.parametrize(
    "stats, extra, message",
    [
        ({"Sneak/Hide": 5, "Perception/Track": 1}, {},
         r"GAME: at most one skill may be rated 5 at creation \(got 2: Hack/Slash, Sneak/Hide\)"),
        ({"Sneak/Hide": 3}, {}, r"spreads exactly 35 skill points \(got 36\)"),
        ({"Hack/Slash": 6, "Sneak/Hide": 1}, {},
         r"no skill may start above 5 \(got Hack/Slash 6\)"),
        ({"Hack/Slash": 9}, {}, r"ratings run 0-8 \(got Hack/Slash 9\)"),
        ({"Hack/Slash": "five"}, {}, "rating of Hack/Slash must be a whole number"),
        ({}, {"notable": None}, "notable in exactly one characteristic"),
        ({}, {"notable": ["Brawn", "Build"]}, r"exactly one characteristic \(got 2"),
        ({}, {"notable": "Muscle"}, "unknown characteristic 'Muscle'"),
        ({}, {"talents": {"Hack/Slash": 1}}, r"a new PC has no talents \(got Hack/Slash TL 1\)"),
        ({}, {"traits": {"advantage": "wealthy", "disadvantage": "impoverished"}},
         r"not be an opposing pair \(got wealthy / impoverished\)"),
        ({}, {"traits": {"advantage": "wealthy"}}, "one advantage plus one disadvantage"),
        ({}, {"traits": {"advantage": "shunned", "disadvantage": "disdain"}}, "unknown advantage"),
        ({"Swimming": 0}, {}, "unknown skill 'Swimming'"),
    ],
)
def test_illegal_pc_names_the_rule(stats, extra, message):
    pc = make_pc(stats=stats, extra=extra)
    with pytest.raises(RulesError, match=message):
        GAME.validate_character(pc, creation=True)


def test_talent_rules_outside_creation():
    pc = make_pc(extra={"talents": {"Ride/Pilot": 2}})
    message = r"may not exceed its skill's rating \(got Ride/Pilot TL 2, rating 1\)"
    with pytest.raises(RulesError, match=message):
        GAME.validate_character(pc)
    pc = make_pc(extra={"talents": {"Machinery": 1}})
    with pytest.raises(RulesError, match=r"Build skills have no talents \(got Machinery TL 1\)"):
        GAME.validate_character(pc)
    pc = make_pc(extra={"talents": {"Hack/Slash": 3}})
    GAME.validate_character(pc)  # fine after creation


# ---------------------------------------------------------------------------------------------
# damage, Build skills
# ---------------------------------------------------------------------------------------------


def test_damage_reading():
    hit = read_damage([8, 3, 1], ar=1)
    assert hit.criticals == 1 and hit.stun and hit.fp_lost == 3
    assert read_damage([2, 2], ar=3).fp_lost == 0
    group = read_damage([5, 4, 8], group=4)  # a group of four: 5-8 are criticals
    assert critical_from(4) == 5 and critical_from(1) == 8 and group.criticals == 2
    assert group.fp_lost == 5 and not group.stun


def test_damage_dice_helpers():
    assert damage_dice_count(3, riposte=2) == 5
    assert damage_dice_count(2, blocked=3) == 0
    assert parry_excess(4, talent=2) == 2 and parry_excess(-1, talent=2) == 0


@pytest.mark.parametrize("count, ar, group", [(1, 0, 1), (2, 1, 1), (3, 2, 4), (4, 0, 2)])
def test_damage_distribution_matches_brute_force(count, ar, group):
    dist: dict[int, Fraction] = {}
    stun = Fraction(0)
    for faces in product(range(1, 9), repeat=count):
        dmg = read_damage(faces, ar, group)
        dist[dmg.fp_lost] = dist.get(dmg.fp_lost, 0) + Fraction(1, 8**count)
        stun += Fraction(dmg.stun, 8**count)
    assert damage_distribution(count, ar, group) == dist
    assert stun_chance(count) == stun


def test_roll_damage_uses_the_dice():
    dice = Dice(2)
    dice.force(8, 8)
    dmg = roll_damage(dice, 2, ar=2)
    assert dmg.dice == (8, 8) and dmg.fp_lost == 2


def test_build_durations_and_drain():
    assert build_duration("Alchemy", 3) == (3, "days")
    assert build_duration("machinery", 2) == (2, "hours")
    assert build_duration("Transmutery", 1) == (1, "minutes")
    assert build_duration("Chemistry", 4) is None
    assert [drain(d, True) for d in DIFFS] == [0, 1, 2]
    assert [drain(d, False) for d in DIFFS] == [3, 4, 5]
    assert combined_build_drain("Alchemy", "Transmutery") == 3
    assert combined_build_drain("Alchemy", "Machinery") == 0
    with pytest.raises(RulesError, match="use Build skills"):
        combined_build_drain("Alchemy", "Hack/Slash")


def test_build_check_records_duration_and_drain():
    pc = make_pc(stats={"Transmutery": 5, "Hack/Slash": 1}, extra={"notable": "Balance"})
    dice = Dice(4)
    dice.force(6, 5)
    rec = GAME.check(dice, pc, {"stat": "transmutery", "difficulty": "challenging"})
    assert rec.details["excess"] == 2
    assert rec.details["duration"] == {"amount": 2, "unit": "minutes"}
    assert rec.details["drain"] == 1
    dice.force(1)
    rec = GAME.check(dice, pc, {"stat": "transmutery"})
    assert not rec.success and rec.details["drain"] == 3 and "duration" not in rec.details


def test_combined_build():
    assert combined_build_chance(5, 6) == Fraction(6, 8) ** 3 * Fraction(7, 8) ** 3
    pc = make_pc(stats={"Alchemy": 5, "Transmutery": 6, "Hack/Slash": 0},
                 extra={"notable": "Brains"})
    dice = Dice(3)
    dice.force(4, 5, 6, 2, 3, 4)
    rec = GAME.combined_build(dice, pc, "alchemy", "transmutery")
    assert rec.success and rec.kept == [4, 2] and rec.details["drain"] == 3
    dice.force(1, 5, 6, 2, 3, 4)
    assert not GAME.combined_build(dice, pc, "alchemy", "transmutery").success


# ---------------------------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------------------------


def test_cli_roll_and_errors():
    rec = GAME.roll_for_args(Dice(8), {"skill": "4", "difficulty": "challenging",
                                       "notable": True, "group": "3", "bonus": "1"})
    assert len(rec.dice) == 3 and rec.details["extra"][0]["succeeds_on"] == 3
    with pytest.raises(RulesError, match=r"--skill must be a rating 0-8 \(got '9'\)"):
        GAME.odds_for_args({"skill": "9"})
    with pytest.raises(RulesError, match="--skill must be a whole number"):
        GAME.odds_for_args({"skill": "high"})
    with pytest.raises(RulesError, match="--skill is required"):
        GAME.odds_for_args({})
    with pytest.raises(RulesError, match="--difficulty must be easy"):
        GAME.odds_for_args({"skill": "3", "difficulty": "brutal"})
    with pytest.raises(RulesError, match="unknown option --dice"):
        GAME.odds_for_args({"skill": "3", "dice": "2"})
    odds = GAME.odds_for_args({"skill": "0", "notable": True})
    assert odds.outcomes["success"] == Fraction(1, 8) + Fraction(7, 8) * Fraction(1, 8)
    assert odds.values["extra_decides"] == Fraction(7, 64)


def test_build_skills_constant():
    assert BUILD_SKILLS == ("Alchemy", "Chemstry", "Machinery", "Transmutery")
