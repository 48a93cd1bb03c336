"""Tests for the FOUR-S ruleset (solo/rules/four_s/): book examples, exact odds, levelling."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import icepool
import pytest
from every_roll import assert_matches, distribution
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.rules import registry
from solo.rules.base import Character, Ruleset, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.four_s import (
    GOALS,
    STATS,
    FourS,
    apply_critical,
    base_max_health,
    buy_rolls,
    combat_roleplay_chance,
    contest_outcomes,
    d3_from_d6,
    enemy_health,
    normalise_tiers,
    parse_goal,
    party_stat_points,
    read_contest,
    roleplay_bonus,
    roll_critical,
    roll_distribution,
    rolls_cost,
    sp_budget,
    strength_health,
    success_chance,
    tiers_from_total,
)
from solo.rules.reasons import step_lines

FOUR = FourS()


def make_pc(level: int = 0, **stats) -> Character:
    base = {"strength": 3, "skill": 3, "support": 3, "scharisma": 3}
    base.update(stats)
    pc = Character(name="John", system="four-s", stats=base, resources={"level": level})
    return FOUR.prepare_character(pc)


# ---------------------------------------------------------------------------------------------
# protocol, stats, tiers
# ---------------------------------------------------------------------------------------------


def test_registered_and_implements_protocol():
    ruleset = registry.get("four-s")
    assert isinstance(ruleset, FourS) and isinstance(ruleset, Ruleset)
    assert ruleset.stat_names == STATS
    assert ruleset.is_success("success") and not ruleset.is_success("draw")
    record = RollRecord("four-s", "check", "skill", [3], "success", True)
    assert ruleset.offers(record, make_pc()) == []
    assert ruleset.alternatives(make_pc(), {"stat": "skill"}) == []


def test_tiers_from_totals_fill_in_order():
    assert tiers_from_total(3) == [3, 0, 0, 0, 0, 0]
    assert tiers_from_total(7) == [6, 1, 0, 0, 0, 0]
    assert tiers_from_total(36) == [6] * 6
    with pytest.raises(RulesError, match=r"a stat holds 0-36 SP \(got 37\)"):
        tiers_from_total(37)


def test_tier_rule():
    assert normalise_tiers([6, 2]) == [6, 2, 0, 0, 0, 0]
    with pytest.raises(RulesError, match=r"tier 2 only when tier 1 holds 6 SP"):
        normalise_tiers([5, 1, 0, 0, 0, 0], "strength")
    with pytest.raises(RulesError, match="a tier holds 0-6 SP"):
        normalise_tiers([7, 0, 0, 0, 0, 0])
    with pytest.raises(RulesError, match="a stat has 6 tiers"):
        normalise_tiers([6] * 7)


def test_the_highest_roll_by_level_follows_the_worked_example_not_the_gm_remark():
    """Book line 76 puts 4 SP into Strength at level 1 to open tier 2 (+2); line 360 says a
    level-1 player rolls at most 7. Decision: line 360's "level 1" is a new character (level 0
    here): at most 7 at level 0, 8 once a level opens a tier 2, 12 for anyone."""
    for spread in product(range(3, 7), repeat=4):  # every legal level-0 sheet (12 SP, tier 1 only)
        if sum(spread) != 12:
            continue
        pc = make_pc(0, **dict(zip(STATS, spread)))
        for stat in STATS:
            assert FOUR.check_odds(pc, {"stat": stat, "goal": 7}).success_chance() == Fraction(1, 6)
            assert FOUR.check_odds(pc, {"stat": stat, "goal": 8}).success_chance() == 0
    opened = make_pc(1, strength=7)  # the example: 4 more SP in Strength at level 1
    assert FOUR.check_odds(opened, {"stat": "strength", "goal": 8}).success_chance() == Fraction(1, 6)
    assert FOUR.check_odds(opened, {"stat": "strength", "goal": 9}).success_chance() == 0
    top = make_pc(6, strength=36)
    assert FOUR.check_odds(top, {"stat": "strength", "goal": 12}).success_chance() == Fraction(1, 6)
    assert FOUR.check_odds(top, {"stat": "strength", "goal": 13}).success_chance() == 0


def test_roleplay_bonus_is_highest_tier_with_sp():
    assert roleplay_bonus([3, 0, 0, 0, 0, 0]) == 1
    assert roleplay_bonus([6, 1, 0, 0, 0, 0]) == 2
    assert roleplay_bonus([6, 6, 6, 6, 6, 1]) == 6
    assert roleplay_bonus([0] * 6) == 0


def test_prepare_accepts_tiers_or_totals():
    stats = {"Strength": 7, "skill": [3, 0, 0, 0, 0, 0], "SUPPORT": 3, "scharisma": 3}
    pc = FOUR.prepare_character(Character("J", "four-s", stats, resources={"level": 1}))
    assert pc.stats["strength"] == [6, 1, 0, 0, 0, 0]
    assert pc.stats["skill"] == [3, 0, 0, 0, 0, 0]
    assert "Strength" not in pc.stats
    # Strength 7 opens tier 2: 5 max Health more than the level's 20
    assert pc.resources == {"level": 1, "max_health": 25, "health": 25, "sp_unspent": 0,
                            "level_ups": 0}
    FOUR.validate_character(pc, creation=True)


def test_level_budget_and_health():
    assert sp_budget(0) == 12 and sp_budget(1) == 16 and sp_budget(5) == 32
    assert base_max_health(0) == 10 and base_max_health(1) == 20
    pc = make_pc(level=2)  # 12 placed, 20 budget
    assert pc.resources["sp_unspent"] == 8


@pytest.mark.parametrize(
    "stats, resources, message",
    [
        ({"strength": 2, "skill": 4}, {},
         r"every stat starts with 3 SP in tier 1 \(got strength 2\)"),
        ({"strength": 4}, {}, r"a level 0 character has 12 SP \(got 13: 13 placed \+ 0 unspent\)"),
        ({"strength": [5, 1]}, {}, "tier 2 only when tier 1 holds 6 SP"),
        ({"charm": 3}, {}, "unknown stat 'charm'"),
        ({}, {"level": -1}, r"level starts at 0 \(got -1\)"),
        ({}, {"health": 12}, r"Health runs 0 to max Health 10 \(got 12\)"),
        ({}, {"max_health": 5, "health": 5}, r"max Health at level 0 is at least 10"),
    ],
)
def test_illegal_characters_name_the_rule(stats, resources, message):
    base = {"strength": 3, "skill": 3, "support": 3, "scharisma": 3}
    base.update(stats)
    pc = Character("X", "four-s", base, resources=dict(resources))
    with pytest.raises(RulesError, match=message):
        FOUR.validate_character(pc, creation=True)


def test_missing_stat():
    pc = Character("X", "four-s", {"strength": 3, "skill": 3, "support": 3})
    with pytest.raises(RulesError, match=r"all four stats \(missing: scharisma\)"):
        FOUR.validate_character(pc, creation=True)
    FOUR.validate_character(pc)  # outside creation: enemies and NPCs may lack stats
    FOUR.validate_character(Character("Goblin", "four-s", {}))


# ---------------------------------------------------------------------------------------------
# rolls: book examples
# ---------------------------------------------------------------------------------------------


def test_goal_names_and_numbers():
    assert GOALS == {"very-easy": 3, "easy": 4, "kind-of-hard": 5, "hard": 7,
                     "extremely-hard": 9, "heroic": 10, "almost-impossible": 12}
    assert parse_goal("Kind of Hard") == (5, "kind-of-hard")
    assert parse_goal("almost_impossible") == (12, "almost-impossible")
    assert parse_goal(8) == (8, None)
    assert parse_goal("9") == (9, "extremely-hard")
    with pytest.raises(RulesError, match="goal must be a number or one of"):
        parse_goal("tough")


def test_john_claims_the_treasure_example():
    pc = make_pc()  # Skill has 3 SP in tier 1: Roleplay Bonus +1
    dice = Dice(1)
    dice.force(2)
    rec = FOUR.check(dice, pc, {"stat": "skill", "goal": "very-easy"})
    assert rec.dice == [2] and rec.total == 3 and rec.success and rec.outcome == "success"
    assert rec.details["bonus"] == 1 and rec.details["goal"] == 3
    assert step_lines(rec)[-1] == "3 ≥ goal 3 (very easy) → success"
    dice.force(2)
    assert not FOUR.check(dice, pc, {"stat": "skill", "goal": "easy"}).success


def test_competing_rolls_examples():
    john = make_pc(level=1, skill=4)  # tier 1 only: +1
    cristy = make_pc(level=1, skill=7)  # reaches tier 2: +2
    cristy.name = "Cristy"
    dice = Dice(3)
    dice.force(2, 2)  # both roll 2; Cristy's +2 beats John's +1
    rec = FOUR.contest(dice, john, cristy, {"stat": "skill", "enemy": False})  # two players
    assert rec.kind == "contest" and rec.outcome == "failure" and rec.total == -1
    # both roll 1 with +2: a tie, nothing happens
    john2 = make_pc(level=1, skill=7)
    dice.force(1, 1)
    assert FOUR.contest(dice, john2, cristy, {"stat": "skill", "enemy": False}).outcome == "draw"
    # PvP: Cristy steals from John, who defends; both roll 3 with +2: the defendant wins
    dice.force(3, 3)
    rec = FOUR.contest(dice, cristy, john2, {"stat": "strength", "opponent_bonus": 2,
                                             "bonus": 2, "pvp": True})
    assert rec.outcome == "failure" and "defendant wins" in step_lines(rec)[-1]
    dice.force(3, 3)
    rec = FOUR.contest(dice, john2, cristy, {"stat": "strength", "bonus": 2, "opponent_bonus": 2,
                                             "pvp": True, "defendant": "character"})
    assert rec.outcome == "success"


def test_read_contest():
    assert read_contest(5, 4) == "success"
    assert read_contest(4, 5) == "failure"
    assert read_contest(4, 4) == "draw"
    assert read_contest(4, 4, pvp=True) == "failure"
    assert read_contest(4, 4, pvp=True, defendant="character") == "success"


def test_stat_lookup_is_forgiving():
    pc = make_pc(scharisma=[6, 3])
    pc.resources["sp_unspent"] = 0
    assert FOUR.parse_check({"stat": "Charisma"}, pc).side.bonus == 2
    assert FOUR.parse_check({"stat": "SCHARISMA"}, pc).side.stat == "scharisma"
    with pytest.raises(RulesError, match="unknown stat 'wits'"):
        FOUR.parse_check({"stat": "wits"}, pc)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=3, max_value=36), min_size=4, max_size=4))
def test_book_bounds_lowest_two_highest_twelve(totals):
    pc = make_pc(**dict(zip(STATS, totals)))
    for stat in STATS:
        dist = FOUR.check_odds(pc, {"stat": stat}).distributions["total"]
        assert min(dist) >= 2 and max(dist) <= 12


def test_d3_from_d6_rounds_up():
    assert [d3_from_d6(f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    with pytest.raises(RulesError):
        d3_from_d6(7)


def test_combat_roleplay_rolls_one_d3_per_ap():
    pc = make_pc(level=1, strength=7)
    dice = Dice(9)
    dice.force(3, 1)
    rec = FOUR.check(dice, pc, {"stat": "strength", "ap": 2, "goal": "hard"})
    assert rec.dice == [3, 1] and rec.total == 6 and not rec.success
    assert rec.details["die"] == "d3" and rec.details["ap"] == 2
    with pytest.raises(RulesError, match=r"'ap' runs 1-6 Action Points \(got 7\)"):
        FOUR.check(dice, pc, {"stat": "strength", "ap": 7})
    assert combat_roleplay_chance(1, 2, 5) == Fraction(1, 3)
    assert combat_roleplay_chance(2, 1, 5) == Fraction(6, 9)


def test_an_opponent_who_is_not_an_enemy_and_lacks_the_stat_rolls_with_bonus_0():
    pc = make_pc()
    goblin = Character("Goblin", "four-s", {})
    dice = Dice(2)
    dice.force(2, 3)
    rec = FOUR.contest(dice, pc, goblin, {"stat": "strength", "opponent_ap": 1, "enemy": False})
    assert rec.dice == [2, 3] and rec.outcome == "draw"
    assert "opponent has no strength: bonus 0" in step_lines(rec)


def test_an_enemy_rolls_one_d3_by_default_whatever_its_stats():
    """Book line 462: an enemy opposing role-play automatically rolls 1d3."""
    pc = make_pc()  # strength tier 1: +1
    rival = make_pc(level=1, strength=7)  # tier 2: would add +2 to a d6
    dice = Dice(2)
    dice.force(3, 3)  # 3 + 1 = 4 against the enemy's d3 showing 3
    rec = FOUR.contest(dice, pc, rival, {"stat": "strength"})
    assert rec.details["opponent"]["enemy"] and rec.details["opponent"]["ap"] == 1
    assert rec.dice == [3, 3] and rec.outcome == "success" and rec.total == 1
    assert step_lines(rec)[1] == "opponent: enemy 1d3: 3 = 3"
    odds = FOUR.contest_odds(pc, rival, {"stat": "strength"})
    mine = {f + 1: Fraction(1, 6) for f in range(1, 7)}
    theirs = {t: Fraction(1, 3) for t in (1, 2, 3)}
    win = sum(p * q for a, p in mine.items() for b, q in theirs.items() if a > b)
    assert odds.outcomes["success"] == win
    # the GM may spend more rolls and Combat Points on it
    more = FOUR.contest_odds(pc, rival, {"stat": "strength", "opponent_ap": 2, "opponent_modifier": 1})
    assert more.outcomes["success"] < odds.outcomes["success"]
    with pytest.raises(RulesError, match="an enemy rolls 1d3, not a stat"):
        FOUR.contest(dice, pc, rival, {"stat": "strength", "opponent_stat": "strength"})


def test_criticals():
    assert apply_critical(5, 6) == 10 and apply_critical(5, 5) == 5
    dice = Dice(1)
    dice.force(6)
    assert roll_critical(dice, 4) == (6, 8)


# ---------------------------------------------------------------------------------------------
# exact odds
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ap", [None, 1, 2, 3, 4])
@pytest.mark.parametrize("bonus", [0, 1, 3, 6])
def test_roll_distribution_matches_brute_force_and_icepool(ap, bonus):
    faces = [range(1, 7)] if ap is None else [range(1, 4)] * ap
    outcomes = list(product(*faces))
    brute: dict[int, Fraction] = {}
    for roll in outcomes:
        brute[sum(roll) + bonus] = brute.get(sum(roll) + bonus, 0) + Fraction(1, len(outcomes))
    assert roll_distribution(bonus, ap) == brute
    oracle = (icepool.d6 if ap is None else ap @ icepool.d3) + bonus
    assert {t: oracle.probability(t) for t in oracle.outcomes()} == brute
    for goal in GOALS.values():
        assert success_chance(bonus, goal, ap) == oracle.probability(">=", goal)


def test_contest_odds_match_icepool():
    for mine_ap, theirs_ap, pvp in product((None, 2), (None, 1), (False, True)):
        mine = roll_distribution(2, mine_ap)
        theirs = roll_distribution(1, theirs_ap)
        a = (icepool.d6 if mine_ap is None else mine_ap @ icepool.d3) + 2
        b = (icepool.d6 if theirs_ap is None else theirs_ap @ icepool.d3) + 1
        margin = a - b
        out = contest_outcomes(mine, theirs, pvp)
        assert out["success"] == margin.probability(">", 0)
        tie = margin.probability(0)
        assert out["draw"] == (0 if pvp else tie)
        assert out["failure"] == margin.probability("<", 0) + (tie if pvp else 0)


def test_check_odds_for_a_character():
    pc = make_pc(level=2, support=[6, 6, 1])  # tier 3: +3
    odds = FOUR.check_odds(pc, {"stat": "support", "goal": "hard"})
    assert odds.outcomes == {"failure": Fraction(1, 2), "success": Fraction(1, 2)}
    assert sum(odds.distributions["total"].values()) == 1
    json.dumps(odds.to_json())


def test_contest_odds_margin():
    odds = FOUR.odds_for_args({"bonus": "2", "versus": "2"})
    assert odds.outcomes["draw"] == Fraction(1, 6)
    assert odds.outcomes["success"] == odds.outcomes["failure"] == Fraction(5, 12)
    assert odds.distributions["margin"][0] == Fraction(1, 6)
    pvp = FOUR.odds_for_args({"bonus": "2", "versus": "2", "pvp": True})
    assert pvp.outcomes["draw"] == 0 and pvp.outcomes["failure"] == Fraction(7, 12)


def test_every_roll_of_the_real_code_agrees_with_exact_odds():
    pc = make_pc(level=1, strength=7)
    params = {"stat": "strength", "goal": "hard"}
    found = distribution(lambda dice: FOUR.check(dice, pc, params).success)
    p = FOUR.check_odds(pc, params).outcomes["success"]
    assert_matches(found, {True: p, False: 1 - p})

    foe = Character("Goblin", "four-s", {})
    cparams = {"stat": "strength", "ap": 2, "opponent_ap": 1, "opponent_modifier": 2}
    odds = FOUR.contest_odds(pc, foe, cparams)
    found = distribution(lambda dice: FOUR.contest(dice, pc, foe, cparams).outcome)
    assert_matches(found, dict(odds.outcomes))


def test_same_seed_same_record():
    pc = make_pc()
    a = FOUR.check(Dice(5), pc, {"stat": "support", "goal": 4}).to_dict()
    b = FOUR.check(Dice(5), pc, {"stat": "support", "goal": 4}).to_dict()
    assert a == b
    rec = FOUR.contest(Dice(5), pc, make_pc(), {"stat": "support", "ap": 3})
    assert RollRecord.from_dict(json.loads(json.dumps(rec.to_dict()))) == rec


# ---------------------------------------------------------------------------------------------
# levelling
# ---------------------------------------------------------------------------------------------


def test_level_up_needs_a_level_granted_by_the_gm():
    pc = make_pc()
    assert FOUR.experience(FOUR.check(Dice(1), pc, {"stat": "skill"}), pc) == []
    with pytest.raises(RulesError, match="level-up needs a level granted by the GM"):
        FOUR.advance(pc, "level-up")
    pc.resources["level_ups"] = 1
    assert {a.key: a.cost for a in FOUR.advancement(pc)}["level-up"] == {"level_ups": 1}
    FOUR.advance(pc, "level-up")
    assert pc.resources["level"] == 1 and pc.resources["max_health"] == 20
    assert pc.resources["health"] == 20 and pc.resources["sp_unspent"] == 4
    assert pc.resources["level_ups"] == 0


def test_book_level_one_example_strength_by_four_reaches_tier_two():
    pc = make_pc()
    pc.resources["level_ups"] = 1
    FOUR.advance(pc, "level-up")
    for _ in range(4):
        FOUR.advance(pc, "spend-sp:Strength")
    assert pc.stats["strength"] == [6, 1, 0, 0, 0, 0]
    assert FOUR.parse_check({"stat": "strength"}, pc).side.bonus == 2
    assert pc.resources["sp_unspent"] == 0
    with pytest.raises(RulesError, match=r"needs 1 unspent SP \(got 0\)"):
        FOUR.advance(pc, "spend-sp:skill")
    FOUR.validate_character(pc, creation=True)
    assert list(pc.stats) == list(STATS)


def test_spend_sp_respects_the_tier_rule_and_the_cap():
    pc = make_pc(level=6, skill=36)  # 45 placed of 36 budget: not a creation check here
    pc.resources["sp_unspent"] = 2
    options = {a.key for a in FOUR.advancement(pc)}
    assert "spend-sp:skill" not in options and "spend-sp:support" in options
    with pytest.raises(RulesError, match="already holds 36 SP"):
        FOUR.advance(pc, "spend-sp:skill")
    with pytest.raises(RulesError, match="unknown advance"):
        FOUR.advance(pc, "train:skill")
    FOUR.advance(pc, "spend-sp:support")
    assert pc.stats["support"] == [4, 0, 0, 0, 0, 0]
    assert FOUR.end_of_adventure(pc) == []


# ---------------------------------------------------------------------------------------------
# the GM's side of combat
# ---------------------------------------------------------------------------------------------


def test_enemy_health_book_example():
    party = [make_pc(level=1) for _ in range(4)]  # 16 SP each
    psp = party_stat_points(party)
    assert psp == 64
    assert enemy_health(psp, "easy") == 32
    assert enemy_health(psp, "normal") == 64
    assert enemy_health(psp, "Hard") == 128
    assert enemy_health(33, "easy") == 17  # always round up
    with pytest.raises(RulesError, match="easy, normal or hard"):
        enemy_health(10, "deadly")


def test_buying_enemy_rolls():
    assert rolls_cost(2, 3) == 36
    with pytest.raises(RulesError, match="differ by at most 1"):
        rolls_cost(2, 4)
    assert rolls_cost(1, 0, 3) == 15
    assert rolls_cost(1, 1, player_phase=True) == 32
    assert buy_rolls(64) == (4, 4, 0)
    assert buy_rolls(30) == (2, 1, 2)
    assert buy_rolls(20) == (1, 2, 0)
    assert buy_rolls(24) == (1, 2, 4)
    for psp in range(0, 100):
        d6, d3, cp = buy_rolls(psp)
        assert rolls_cost(d6, d3, cp) == psp


# ---------------------------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------------------------


def test_cli_odds_and_roll():
    odds = FOUR.odds_for_args({"bonus": "2", "goal": "hard"})
    assert odds.outcomes["success"] == Fraction(1, 3)
    assert FOUR.odds_for_args({"goal": "12"}).outcomes["success"] == 0  # default bonus 1
    assert FOUR.odds_for_args({"bonus": "1", "ap": "3", "goal": "5"}).outcomes["success"] == \
        success_chance(1, 5, 3)
    rec = FOUR.roll_for_args(Dice(4), {"bonus": "3", "goal": "heroic"})
    assert rec.details["goal"] == 10 and len(rec.dice) == 1
    with pytest.raises(RulesError, match="--goal must be a number"):
        FOUR.odds_for_args({"goal": "tough"})
    with pytest.raises(RulesError, match="--bonus must be a whole number"):
        FOUR.odds_for_args({"bonus": "x"})
    with pytest.raises(RulesError, match="unknown option --skill"):
        FOUR.odds_for_args({"skill": "3"})
    with pytest.raises(RulesError, match="need --versus"):
        FOUR.odds_for_args({"pvp": True})
    with pytest.raises(RulesError, match="--ap runs 1-6"):
        FOUR.odds_for_args({"ap": "0"})


def test_each_strength_tier_opened_beyond_the_first_adds_five_max_health():
    """Book line 86: Strength raises max Health (no figure: the Decision is 5 per tier opened)."""
    strong, weak = make_pc(1, strength=7), make_pc(1, skill=7)
    assert weak.resources["max_health"] == base_max_health(1) == 20
    assert strong.resources["max_health"] == strong.resources["health"] == 25
    assert [strength_health(tiers_from_total(n)) for n in (0, 3, 6, 7, 12, 13, 31, 36)] == [0, 0, 0, 5, 5, 10, 25, 25]


def test_the_sp_that_opens_a_strength_tier_raises_max_health_and_health_at_once():
    pc = make_pc(1, strength=6)  # tier 1 full
    pc.resources["sp_unspent"] = 2
    pc.resources["health"] = 12
    assert pc.resources["max_health"] == 20
    FOUR.advance(pc, "spend-sp:strength")  # the 7th SP opens tier 2
    assert pc.resources["max_health"] == 25 and pc.resources["health"] == 17
    FOUR.advance(pc, "spend-sp:strength")  # the 8th fills tier 2 further: no more
    assert pc.resources["max_health"] == 25 and pc.resources["health"] == 17


def test_a_file_that_gives_max_health_keeps_it_and_an_award_may_add_more():
    pc = FOUR.prepare_character(Character("J", "four-s", {"strength": 13, "skill": 3, "support": 3, "scharisma": 3},
                                          resources={"level": 2, "max_health": 30}))
    assert pc.resources["max_health"] == 30  # the author's figure, not 30 + 10
    assert FOUR.gain(Dice(1), pc, "max_health", 5) is None  # left to the engine: it adds
    pc.resources["max_health"] += 5
    assert FOUR.gain(Dice(1), pc, "health", 10) == ["Health is at its maximum, 35."]


def test_a_contest_against_a_persons_own_roll_says_which_stat_they_rolled():
    """A non-enemy opponent's roll read "Your 8 against their roll: 2"; it now names the stat."""
    from solo.rules.four_s.words import explain

    class Names:
        def stat(self, name):
            return str(name).title()

        def person(self, person_id):
            return person_id

    pc = make_pc()
    rival = make_pc(level=1, strength=7)
    dice = Dice(2)
    dice.force(5, 1)
    rec = FOUR.contest(dice, pc, rival, {"stat": "strength", "enemy": False, "opponent_stat": "strength"})
    why = explain(rec.to_dict(), Names()).why
    assert any(line.startswith(f"Your {rec.details['you']['total']} (5, ") and " against their Strength roll of " in line
               for line in why), why
