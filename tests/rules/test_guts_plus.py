"""Tests for the GUTS+ ruleset: book examples, exact odds against brute force and icepool,
Monte-Carlo agreement, experience, validation, injuries, Essence and the CLI helpers."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest
from every_roll import assert_matches, distribution
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.rules.guts_plus import odds as go
from solo.rules.base import Character, Ruleset, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.reasons import step_lines
from solo.engine.game import InvalidDecision
from solo.rules.guts_plus import (
    GutsPlus,
    essence_range,
    essence_skills,
    healing_days,
    heal,
    injure,
    protect,
    readjust,
    roll_aura,
    strain,
    unconscious,
    unusable_parts,
)

LABELS = ("negative-impact", "failure", "near-success", "success", "positive-impact")
RANK = {label: i for i, label in enumerate(LABELS)}


@pytest.fixture
def rules() -> GutsPlus:
    return GutsPlus()


def maria(**stats) -> Character:
    base = {"gumption": 2, "utility": 1, "thought": 1, "slyness": 2, "Parkour": 2}
    base.update(stats)
    return Character(name="Maria", system="guts-plus", stats=base, items=["rope", "lighter"])


def hero(level: int = 3, **resources) -> Character:
    character = Character(
        name="Hero", system="guts-plus",
        stats={"gumption": level, "utility": level, "thought": level, "slyness": level,
               "Essence": level},
        resources=dict(resources),
    )
    return GutsPlus().prepare_character(character)


# -- an independent reading of the digest, for the oracles ------------------------------------


def naive_read(values) -> str:
    vals = list(values)
    while 6 in vals and 1 in vals:
        vals.remove(6)
        vals.remove(1)
    if not vals:
        return "near-success"
    name = {1: "negative-impact", 2: "failure", 3: "near-success", 4: "success",
            5: "success", 6: "positive-impact"}
    counts = Counter(name[v] for v in vals)
    for label, count in counts.items():
        if count > len(vals) / 2:
            return label
    good = sum(v >= 4 for v in vals)
    bad = sum(v <= 2 for v in vals)
    if good >= bad and good > 0:
        return "success"
    if bad > good:
        return "failure"
    return "near-success"


def naive_key(values) -> tuple:
    return (
        RANK[naive_read(values)],
        sum(v >= 4 for v in values),
        sum(v == 6 for v in values),
        sum(v >= 3 for v in values),
        sum(v >= 2 for v in values),
    )


@lru_cache(maxsize=None)
def naive_split(values: tuple, pips: int) -> tuple:
    """Best sorted result over every per-die allocation of the pips (all placed if room)."""
    room = sum(6 - v for v in values)
    placed = min(pips, room)
    best, best_key = None, None
    for alloc in itertools.product(*(range(7 - v) for v in values)):
        if sum(alloc) != placed:
            continue
        result = tuple(sorted(v + a for v, a in zip(values, alloc)))
        key = naive_key(result)
        if best_key is None or key > best_key:
            best, best_key = result, key
    return best


def naive_pairs(faces, helper) -> int:
    """Most disjoint pairs: two of the roller's dice equal and above 1, or a roller die and a
    helper die equal (1s included). Exhaustive search."""
    faces, helper = list(faces), list(helper)
    if not faces:
        return 0
    first, rest = faces[0], faces[1:]
    best = naive_pairs(rest, helper)  # first die unpaired
    if first > 1:
        for j, other in enumerate(rest):
            if other == first:
                best = max(best, 1 + naive_pairs(rest[:j] + rest[j + 1:], helper))
    for k, theirs in enumerate(helper):
        if theirs == first:
            best = max(best, 1 + naive_pairs(rest, helper[:k] + helper[k + 1:]))
    return best


def naive_mastery(values: tuple) -> tuple:
    """Mastery: the one die and any value 1-6 that read best (the dice as they are if none)."""
    options = [values] + [tuple(sorted(values[:i] + (v,) + values[i + 1:]))
                          for i in range(len(values)) for v in range(1, 7)]
    return max(options, key=naive_key)


@lru_cache(maxsize=None)
def naive_after(values: tuple, bonus: int, mastery: bool) -> tuple:
    """Every bonus die taken, all their pips pooled and placed by the best split, mastery last."""
    dist = [Fraction(0)] * 5
    for faces in itertools.product(range(1, 7), repeat=bonus):
        placed = naive_split(values, sum(faces))
        if mastery:
            placed = naive_mastery(placed)
        dist[RANK[naive_read(placed)]] += Fraction(1, 6**bonus)
    return tuple(dist)


def brute_force(n: int, modifier: int = 0, mastery: bool = False, helper: int = 0) -> dict:
    total = [Fraction(0)] * 5
    weight = Fraction(1, 6 ** (n + helper))
    for faces in itertools.product(range(1, 7), repeat=n):
        values = tuple(sorted(max(1, min(6, f + modifier)) for f in faces))
        for helper_faces in itertools.product(range(1, 7), repeat=helper):
            bonus = naive_pairs(faces, helper_faces)
            part = naive_after(values, bonus, mastery)
            total = [t + p * weight for t, p in zip(total, part)]
    return dict(zip(LABELS, total))


# -- reading -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dice, label",
    [((4, 6, 1), "success"), ((5, 2, 4), "success"), ((1, 5), "success"),
     ((3,), "near-success"), ((1,), "negative-impact"), ((2, 2, 1), "failure")],
)
def test_book_examples(dice, label):
    assert go.read(dice) == label
    assert naive_read(dice) == label


@given(st.lists(st.integers(1, 6), min_size=1, max_size=10))
@settings(deadline=None)
def test_reading_matches_independent_implementation(values):
    assert go.read(values) == naive_read(values)
    assert go.explain(values)  # always says something


def test_single_die_reading():
    assert [go.read([v]) for v in range(1, 7)] == [
        "negative-impact", "failure", "near-success", "success", "success", "positive-impact"]


def test_all_cancelled_is_near_success():
    assert go.read([6, 1, 6, 1]) == "near-success"


# -- doubles and splits ------------------------------------------------------------------------


def test_doubles_rules():
    assert go.doubles([2, 2, 2]) == [2]
    assert go.doubles([2, 2, 2, 2]) == [2, 2]
    assert go.doubles([1, 1, 3]) == []
    assert go.doubles([5, 5, 3, 3, 6]) == [3, 5]


def test_book_assist_example():
    # roller 2,1,4; helper rolls half of 3 rounded up = 2 dice: 1 and 3 -> one match (the 1s)
    assert go.pairs_with_helper([2, 1, 4], [1, 3]) == ([], [1])
    # a die serves in one pair only: 3,3 with helper 3 -> match one, the other is alone
    own, matches = go.pairs_with_helper([3, 3], [3])
    assert len(own) + len(matches) == 1
    own, matches = go.pairs_with_helper([3, 3, 3], [3])
    assert len(own) + len(matches) == 2


def test_book_split_example():
    assert go.best_split([5, 5], 2) == (1, 1)
    assert go.read([6, 6]) == "positive-impact"


def test_split_loses_pips_only_when_all_dice_are_six():
    assert go.best_split([6, 5], 4) == (0, 1)
    assert go.best_split([6, 6], 3) == (0, 0)


def test_split_is_deterministic_among_equal_dice():
    assert go.best_split([3, 3], 1) == (1, 0)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.integers(1, 6))
@settings(deadline=None)
def test_best_split_is_the_best_of_all_allocations(values, pips):
    split = go.best_split(values, pips)
    assert all(s >= 0 and v + s <= 6 for v, s in zip(values, split))
    assert sum(split) == min(pips, sum(6 - v for v in values))
    result = tuple(sorted(v + s for v, s in zip(values, split)))
    assert result == naive_split(tuple(sorted(values)), pips)


def test_best_mastery_picks_the_die_and_value_that_read_best():
    for values in ([1, 2, 4], [2, 2, 3, 3], [1, 1, 6], [3, 3, 3, 2, 2], [6, 2]):
        index, value = go.best_mastery(values)
        changed = list(values)
        changed[index] = value
        assert naive_key(sorted(changed)) == naive_key(naive_mastery(tuple(sorted(values))))
    assert go.best_mastery([6, 6]) is None  # nothing reads better than two 6s


# -- exact odds against brute force and icepool -----------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_check_odds_match_brute_force(n):
    assert go.check_probabilities(n) == brute_force(n)


@pytest.mark.parametrize("n, modifier", [(2, -1), (3, -2), (3, 1), (4, -1)])
def test_check_odds_with_modifier_match_brute_force(n, modifier):
    assert go.check_probabilities(n, modifier) == brute_force(n, modifier)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_check_odds_with_mastery_match_brute_force(n):
    assert go.check_probabilities(n, 0, True) == brute_force(n, mastery=True)


@pytest.mark.parametrize("n, helper", [(1, 1), (2, 1), (2, 2), (3, 2)])
def test_check_odds_with_helper_match_brute_force(n, helper):
    assert go.check_probabilities(n, 0, False, helper) == brute_force(n, helper=helper)


def test_check_odds_sum_to_one_for_every_pool():
    for n in range(1, 11):
        assert sum(go.check_probabilities(n).values()) == 1



# -- the fast odds machinery against the definitions it replaces --------------------------------


def _pool_values(pool, number: int) -> tuple:
    """The sorted dice values of multiset ``number`` of a pool."""
    counts = pool.counts[number]
    return tuple(value for value in range(1, 7) for _ in range(counts[value - 1]))


def test_multisets_count_every_ordered_roll():
    for n in range(1, 6):
        rolls = itertools.product(range(1, 7), repeat=n)
        expected = Counter(tuple(sorted(faces)) for faces in rolls)
        found = go.multisets(n)
        assert [faces for faces, _ in found] == sorted(expected)
        assert dict(found) == dict(expected)
    assert len(go.multisets(10)) == 3003
    assert sum(weight for _, weight in go.multisets(10)) == 6**10


def test_pool_numbers_every_multiset_once():
    for n in range(1, go.MAX_DICE + 1):
        pool = go._pool(n)
        assert len(pool.counts) == math.comb(n + 5, 5)
        assert sorted(_pool_values(pool, i) for i in range(len(pool.counts))) == sorted(
            faces for faces, _ in go.multisets(n))
        for i, values in enumerate(_pool_values(pool, i) for i in range(len(pool.counts))):
            assert pool.rank[i] == go.read_rank(values)


def test_pool_raise_table_is_exactly_the_searched_best_placement():
    """Every multiset of 1-10 dice and many pooled pip totals: the table gives
    best_raise_state's pick (every total up to 5n for up to 5 dice, a spread beyond).

    With as many pips as the dice can take (``5n`` less what they show above 1) or more, the
    search has one candidate, all 6s: from 6 dice up the table is held to that without running
    the search (which up to 5 dice is run there too). Each multiset's threshold state is worked
    out once. The same (multiset, total) pairs as before, at about half the CPU."""
    for n in range(1, go.MAX_DICE + 1):
        pool = go._pool(n)
        totals = range(5 * n + 2) if n <= 5 else [*range(9), 13, 21, 5 * n - 1, 60]
        states = [go.thresholds(_pool_values(pool, number)) for number in range(len(pool.counts))]
        sixes = (n,) * 6
        for pips in totals:
            table = pool.raise_to(pips)
            for state, raised in zip(states, table):
                if n > 5 and pips >= 5 * n - sum(state[1:]):
                    assert states[raised] == sixes, (state, pips)
                else:
                    assert states[raised] == go.best_raise_state(state, pips), (state, pips)


def test_pool_raise_table_matches_per_die_allocations():
    for n in (1, 2, 3, 4):
        pool = go._pool(n)
        for number in range(len(pool.counts)):
            values = _pool_values(pool, number)
            for pips in range(1, 5 * n + 2):
                assert _pool_values(pool, pool.raise_to(pips)[number]) == naive_split(values, pips)


def test_positive_impact_stays_positive_whatever_the_pips_or_mastery():
    for n in range(1, 7):
        pool = go._pool(n)
        for number, rank in enumerate(pool.rank):
            if rank != go.POSITIVE:
                continue
            assert go._mastered_rank(*pool.counts[number]) == go.POSITIVE
            for pips in range(1, 5 * n + 1):
                assert pool.rank[pool.raise_to(pips)[number]] == go.POSITIVE


def test_mastered_rank_is_the_rank_after_best_mastery():
    for n in range(1, go.MAX_DICE + 1):
        pool = go._pool(n)
        for number, counts in enumerate(pool.counts):
            values = list(_pool_values(pool, number))
            change = go.best_mastery(values)
            if change is not None:
                values[change[0]] = change[1]
            assert go._mastered_rank(*counts) == go.read_rank(values)


def test_helper_extra_ignores_the_order_of_values_two_to_six():
    for n in range(1, 7):
        for faces, _ in go.multisets(n):
            counts = tuple(faces.count(v) for v in range(1, 7))
            tail = tuple(sorted(counts[1:], reverse=True))
            for helper in range(1, 6):
                assert go._helper_extra(counts, helper) == go._helper_extra(
                    (counts[0],) + tail, helper)
                assert sum(w for _, w in go._helper_extra(counts, helper)) == 6**helper


@pytest.mark.parametrize("n, modifier, helper", [(4, -1, 1), (3, 0, 2)])
def test_check_odds_with_everything_match_brute_force(n, modifier, helper):
    assert go.check_probabilities(n, modifier, True, helper) == brute_force(
        n, modifier, True, helper)


@lru_cache(maxsize=None)
def _pip_sums(dice: int) -> tuple[tuple[int, int], ...]:
    """(total, ordered rolls) of ``dice`` bonus dice."""
    return tuple(Counter(map(sum, itertools.product(range(1, 7), repeat=dice))).items())


def searched_weights(n: int) -> list[int]:
    """Check weights by rank for ``n`` dice, every roll's pooled pips placed by the searched
    best placement (best_raise_state, not the pool's table): fast enough for 10 dice. Pips past
    what the dice can take (all 6s) are lost, so those totals are searched once, as that many."""
    max_bonus = n // 2
    weights = [0] * 5
    for faces, weight in go.multisets(n):
        bonus = len(go.doubles(faces))
        state = go.thresholds(faces)
        room = 5 * n - sum(state[1:])
        placed: Counter[int] = Counter()
        for pips, ways in _pip_sums(bonus):
            placed[min(pips, room)] += ways
        for pips, ways in placed.items():
            final = go.from_thresholds(go.best_raise_state(state, pips))
            weights[RANK[naive_read(final)]] += weight * ways * 6 ** (max_bonus - bonus)
    return weights


def test_issue_figures_for_pooled_bonus_pips():
    """Issue 9's figures: positive impact 1909/7776 with 4 dice (the digest's figure), about
    44.5% with 5 and 64.9% with 10, and those by an independent enumeration."""
    assert go.check_probabilities(4)["positive-impact"] == Fraction(1909, 7776)
    for n, about in ((5, 0.445), (10, 0.649)):
        weights, denominator, _ = go.check_weights(n)
        assert list(weights) == searched_weights(n)
        assert abs(weights[go.POSITIVE] / denominator - about) < 0.0005


def test_pooled_pips_reach_the_near_success_one_die_at_a_time_missed():
    """2,2,2,2 with bonus dice 2 then 1: placing each die on its own ends at a failure; the
    pooled 3 pips make 2,3,3,3, a near success."""
    one_at_a_time = go.best_raise((2, 2, 2, 2), 2)
    assert go.read(go.best_raise(one_at_a_time, 1)) == "failure"
    assert go.best_raise((2, 2, 2, 2), 3) == (2, 3, 3, 3)
    assert go.read((2, 3, 3, 3)) == "near-success"


def test_icepool_oracle_for_checks_with_bonus_dice():
    icepool = pytest.importorskip("icepool")
    d6 = icepool.d6

    def after(values, bonus):
        values = tuple(sorted(values))
        if bonus == 0:
            return RANK[naive_read(values)]
        return (bonus @ d6).map(lambda pips: RANK[naive_read(naive_split(values, pips))])

    for n in (2, 3, 4):
        die = d6.pool(n).expand().map(lambda faces: after(faces, len(go.doubles(faces))))
        expected = {LABELS[o]: Fraction(q, die.denominator()) for o, q in die.items()}
        got = {k: v for k, v in go.check_probabilities(n).items() if v}
        assert got == expected


def _icepool_side(icepool, n):
    d6 = icepool.d6

    def total(faces):
        bonus = len(go.doubles(faces))
        return sum(faces) + (bonus @ d6 if bonus else 0)

    return d6.pool(n).expand().map(total)


@pytest.mark.parametrize("mine, theirs", [(1, 1), (2, 3), (4, 3), (5, 5)])
def test_icepool_oracle_for_contests(mine, theirs):
    icepool = pytest.importorskip("icepool")
    # plain totals, no doubles
    for n in (mine, theirs):
        dist, den = go.side_total_weights(n, bonus=False)
        die = icepool.d6.pool(n).sum()
        assert {t: Fraction(w, den) for t, w in dist} == {
            o: Fraction(q, die.denominator()) for o, q in die.items()}
    # with bonus dice from doubles, as a difference
    difference = _icepool_side(icepool, mine) - _icepool_side(icepool, theirs)
    _, den, diffs = go.contest_weights(mine, theirs)
    assert {d: Fraction(w, den) for d, w in diffs} == {
        o: Fraction(q, difference.denominator()) for o, q in difference.items()}


def test_contest_odds_map_differences_per_digest(rules):
    odds = rules.odds_for_args({"contest": "4:3"})
    diff = odds.distributions["difference"]
    assert odds.outcomes["negative-impact"] == sum(p for d, p in diff.items() if d < -2)
    assert odds.outcomes["failure"] == sum(p for d, p in diff.items() if -2 <= d < 0)
    assert odds.outcomes["near-success"] == diff.get(0, 0)
    assert odds.outcomes["positive-impact"] == sum(p for d, p in diff.items() if d > 3)
    assert odds.outcomes["success"] == sum(p for d, p in diff.items() if 0 < d <= 3)
    assert odds.success_chance() == sum(p for d, p in diff.items() if d > 0)
    assert sum(odds.outcomes.values()) == 1
    assert sum(diff.values()) == 1


def test_contest_modifier_shifts_the_difference(rules):
    plain = rules.odds_for_args({"contest": "2:2"}).distributions["difference"]
    lowered = rules.odds_for_args({"contest": "2:2", "modifier": "-1"}).distributions["difference"]
    assert lowered == {d - 1: p for d, p in plain.items()}


def test_cli_check_odds_labels(rules):
    odds = rules.odds_for_args({"dice": "3"})
    exact = go.check_probabilities(3)
    assert list(odds.outcomes) == ["negative-impact", "failure", "near-success", "success", "positive-impact"]
    assert odds.outcomes == {label: exact[label] for label in odds.outcomes}
    assert sum(odds.outcomes.values()) == 1
    assert odds.success_chance() == exact["success"] + exact["positive-impact"]
    assert odds.distributions["reading"][3] == exact["success"]
    assert odds.values["success_with_oracle"] == (
        odds.success_chance() + odds.outcomes["near-success"] / 2)
    assert sum(odds.distributions["bonus_dice"].values()) == 1
    assert odds.truncated == 0


def test_cli_fewer_dice_and_modifier(rules):
    fewer = rules.odds_for_args({"dice": "4", "fewer-dice": "2"})
    assert fewer.outcomes == rules.odds_for_args({"dice": "2"}).outcomes
    floor = rules.odds_for_args({"dice": "2", "fewer-dice": "5"})
    assert floor.outcomes == rules.odds_for_args({"dice": "1"}).outcomes
    lowered = rules.odds_for_args({"dice": "2", "modifier": "-1"})
    assert lowered.success_chance() == sum(brute_force(2, -1)[k]
                                           for k in ("success", "positive-impact"))


@pytest.mark.parametrize(
    "args, fragment",
    [({}, "--dice"), ({"dice": "11"}, "--dice"), ({"dice": "x"}, "--dice"),
     ({"contest": "4-3"}, "--contest"), ({"dice": "2", "contest": "1:1"}, "either"),
     ({"dice": "2", "modifier": "lots"}, "--modifier"), ({"dice": "2", "bogus": "1"}, "--bogus")],
)
def test_cli_errors_name_the_option(rules, args, fragment):
    with pytest.raises(RulesError, match=fragment):
        rules.odds_for_args(args)


# -- the real code, every roll, against the exact odds ----------------------------------------


def _take_all(rules, dice, record, character):
    """Take every offer, first offer first: every bonus die, then the pooled pips' placement
    ``place:best``, then mastery's best proposal - what the exact odds assume."""
    while True:
        keys = [o.key for o in rules.offers(record, character) if not o.typed]
        if not keys:
            return record
        record = rules.apply_offer(dice, record, character, keys[0])


def test_every_roll_of_a_check_agrees_with_exact(rules):
    character = hero(3)
    found = distribution(lambda dice: _take_all(rules, dice, rules.check(dice, character, {"stat": "thought"}), character).outcome)
    exact = rules.check_odds(character, {"stat": "thought"}).distributions["reading"]
    assert_matches(found, {LABELS[r]: p for r, p in exact.items()})


def test_every_roll_of_a_check_with_condition_and_helper_agrees(rules):
    character = hero(2)
    character.conditions.append("afraid")
    helper = hero(2)
    params = {"stat": "gumption", "helper": helper}
    found = distribution(lambda dice: _take_all(rules, dice, rules.check(dice, character, params), character).outcome)
    exact = rules.check_odds(character, params).distributions["reading"]
    assert_matches(found, {LABELS[r]: p for r, p in exact.items()})


def test_every_roll_of_a_contest_agrees_with_exact(rules):
    me, foe = hero(2), hero(2)
    params = {"stat": "gumption"}
    found = distribution(lambda dice: _take_all(rules, dice, rules.contest(dice, me, foe, params), me).outcome)
    exact = rules.contest_odds(me, foe, params).distributions["reading"]
    assert_matches(found, {LABELS[r]: p for r, p in exact.items()})


# -- checks, offers, settle --------------------------------------------------------------------


def test_ruleset_protocol(rules):
    assert isinstance(rules, Ruleset)
    assert rules.outcome_labels == LABELS


def test_book_parkour_roll(rules):
    character = rules.prepare_character(maria())
    dice = Dice(1)
    dice.force(5, 5, 2)
    record = rules.check(dice, character, {"stat": "parkour"})
    assert record.outcome == "success"
    assert [o.key for o in rules.offers(record, character)] == ["bonus"]
    taken = rules.apply_offer(dice, record, character, "bonus")
    # the pips wait for the player; 6 6 is the only legal placement, so it is the only offer
    assert [o.key for o in rules.offers(taken, character)] == ["place:best"]
    after = rules.apply_offer(dice, taken, character, "place:best")
    assert after.details["bonus"] == [{"die": 2}]
    assert after.details["placement"] == {
        "dice": [2], "pips": 2, "split": [1, 1], "lost": 0, "values": [6, 6],
        "reading": "positive-impact", "how": "best", "declined": 0}
    assert after.outcome == "positive-impact" and after.success
    assert after.kept == [6, 6]
    assert rules.offers(after, character) == []  # bonus dice never make new doubles
    assert record.details["bonus_left"] == 1  # the original record is untouched


def test_two_qualities_add_up_to_ten_dice(rules):
    character = hero(6)
    record = rules.check(Dice(3), character, {"stat": ["gumption", "thought"]})
    assert len(record.dice) == 10
    assert record.stat == "gumption+thought"
    with pytest.raises(RulesError, match="two different"):
        rules.check(Dice(3), character, {"stat": ["thought", "Thought"]})
    with pytest.raises(RulesError, match="not a quality"):
        rules.check(Dice(3), character, {"stat": "piloting"})


def test_stat_lookup_ignores_case_and_separators(rules):
    character = Character(name="X", system="guts-plus",
                          stats={"gumption": 1, "utility": 1, "thought": 1, "slyness": 1,
                                 "Lock Picking": 3})
    record = rules.check(Dice(5), character, {"stat": "lock-picking"})
    assert len(record.dice) == 3 and record.stat == "Lock Picking"


def test_missing_core_quality_counts_as_level_one(rules):
    npc = Character(name="BOSS", system="guts-plus", stats={"thought": 3})
    assert len(rules.check(Dice(1), npc, {"stat": "gumption"}).dice) == 1


def test_modifier_and_fewer_dice(rules):
    character = hero(3)
    dice = Dice(1)
    dice.force(1, 4, 6)
    record = rules.check(dice, character, {"stat": "thought", "modifier": -2})
    assert record.kept == [1, 2, 4]
    record = rules.check(Dice(1), character, {"stat": "thought", "fewer_dice": 5})
    assert len(record.dice) == 1


def test_conditions_stack(rules):
    character = hero(4)
    character.conditions.extend(["afraid", "terrified", "tired", "exhausted x2", "strained"])
    spec = rules.parse_check({"stat": "gumption", "modifier": -1}, character)
    assert spec.modifier == -4
    assert spec.fewer == 5 and spec.dice == 1
    other = rules.parse_check({"stat": "thought"}, character)
    assert other.modifier == 0 and other.dice == 4
    character.conditions = ["blurry vision", "humiliated"]
    spec = rules.parse_check({"stat": "slyness"}, character)
    assert (spec.modifier, spec.fewer) == (-2, 1)


def test_adventure_defined_condition(rules):
    character = hero(3)
    character.extra["condition_effects"] = {"soaked": {"quality": "all", "modifier": -1}}
    character.conditions = ["soaked"]
    assert rules.parse_check({"stat": "Essence"}, character).modifier == -1


def test_mastery_offer_changes_the_die_that_reads_best(rules):
    character = hero(10)
    character.resources["learning"] = {"thought": 10}
    dice = Dice(4)
    dice.force(1, 2, 3, 4, 5, 1, 2, 3, 4, 5)
    record = rules.check(dice, character, {"stat": "thought"})
    offers = rules.offers(record, character)
    proposal = next(o.key for o in offers if o.key.startswith("mastery:") and not o.typed)
    index, value = go.best_mastery(record.kept)
    assert proposal == f"mastery:{index + 1}={value}"
    assert any(o.typed and o.key == "mastery:" for o in offers)
    after = rules.apply_offer(dice, record, character, proposal)
    assert after.details["mastery"]["used"] and after.kept[index] == value
    assert not [o for o in rules.offers(after, character) if o.key.startswith("mastery")]
    with pytest.raises(RulesError, match="not available"):
        rules.apply_offer(dice, after, character, proposal)
    # the key an older save holds still means the proposal
    assert rules.apply_offer(dice, record, character, "mastery").kept == after.kept


def test_settle_near_success_policies(rules):
    character = hero(1)
    dice = Dice(1)
    dice.force(3)
    record = rules.check(dice, character, {"stat": "thought"})
    assert record.outcome == "near-success" and not record.success
    branch = rules.settle(dice, record, character, {}, frozenset({"near-success"}))
    assert branch.details["near"] == {"policy": "branch"} and not branch.success
    yes = rules.settle(dice, record, character, {"near": "success"}, frozenset())
    assert yes.success and yes.outcome == "near-success"
    no = rules.settle(dice, record, character, {"near": "failure"}, frozenset())
    assert not no.success
    dice.force(5)
    oracle = rules.settle(dice, record, character, {}, frozenset({"success"}))
    assert oracle.details["near"] == {"policy": "oracle", "oracle_die": 5} and oracle.success
    assert rules.offers(oracle, character) == []
    with pytest.raises(RulesError, match="near"):
        rules.check(Dice(1), character, {"stat": "thought", "near": "maybe"})


def test_settle_leaves_other_outcomes_alone(rules):
    dice = Dice(1)
    dice.force(5)
    record = rules.check(dice, hero(1), {"stat": "thought"})
    assert rules.settle(dice, record, hero(1), {}, frozenset()) is record


def test_contest_book_bat_example(rules):
    # Maria rolls 2,2 (a double) and takes a 6: 10 against the bat's 5 -> +5 positive impact
    character = rules.prepare_character(maria())
    bat = Character(name="bat", system="guts-plus", stats={"gumption": 1})
    dice = Dice(1)
    dice.force(2, 2, 5, 6)
    record = rules.contest(dice, character, bat, {"stat": "gumption"})
    assert record.total == 4 and record.outcome == "failure"
    after = rules.apply_offer(dice, record, character, "bonus")
    assert after.total == 10 and after.details["difference"] == 5
    assert after.outcome == "positive-impact"
    assert rules.experience(after, character) == []


def test_contest_book_subtraction_examples():
    assert go.contest_rank(6 - 4) == go.SUCCESS
    assert go.contest_rank(3 - 6) == go.NEGATIVE
    assert go.contest_rank(5 - 6) == go.FAILURE
    assert go.contest_rank(0) == go.NEAR
    assert go.contest_rank(4) == go.POSITIVE


def test_contest_opponent_takes_bonus_dice(rules):
    dice = Dice(1)
    dice.force(1, 4, 4, 3)  # me 1 die; opponent 4,4 double + bonus 3
    record = rules.contest(dice, hero(1), None, {"dice": 1, "opponent_dice": 2})
    assert record.details["opponent"]["total"] == 11
    assert record.details["difference"] == -10 and record.outcome == "negative-impact"


def test_determinism(rules):
    def play(seed):
        character = hero(5)
        dice = Dice(seed)
        record = _take_all(rules, dice, rules.check(dice, character, {"stat": "utility"}),
                           character)
        return rules.settle(dice, record, character, {}, frozenset()).to_dict()

    assert play(42) == play(42)
    first = play(42)
    assert RollRecord.from_dict(first).to_dict() == first


def test_roll_for_args_takes_bonus_dice(rules):
    dice = Dice(8)
    dice.force(4, 4, 1)
    record = rules.roll_for_args(dice, {"dice": "2"})
    assert record.details["bonus_left"] == 0 and record.details["bonus"][0]["die"] == 1
    contest = rules.roll_for_args(Dice(8), {"contest": "3:2"})
    assert contest.kind == "contest"


# -- voluntary failure and experience ----------------------------------------------------------


def test_voluntary_failure(rules):
    character = hero(3)
    character.conditions.append("confused")
    offers = rules.alternatives(character, {"stat": "thought"})
    assert [(o.key, o.text) for o in offers] == [("voluntary-failure", "Fail on purpose: +3 XP")]
    record = rules.take_alternative(character, {"stat": "thought"}, "voluntary-failure")
    assert record.dice == [] and record.outcome == "failure" and record.xp == 3
    lines = rules.experience(record, character)
    assert character.resources["xp"] == 3 and character.resources["learning"] == {}
    assert lines and "voluntary" in lines[0]
    assert rules.alternatives(character, {"stat": "thought", "opponent": "x"}) == []


def test_xp_for_a_one_or_two_rolled(rules):
    character = hero(3)
    dice = Dice(1)
    dice.force(2, 5, 4)
    record = rules.check(dice, character, {"stat": "utility"})
    assert record.success and record.xp == 1
    rules.experience(record, character)
    assert character.resources["xp"] == 1
    dice.force(3, 5, 4)
    rules.experience(rules.check(dice, character, {"stat": "utility"}), character)
    assert character.resources["xp"] == 1


def test_xp_counts_rolled_faces_not_modified_values(rules):
    character = hero(1)
    dice = Dice(1)
    dice.force(3)
    record = rules.check(dice, character, {"stat": "utility", "modifier": -2})
    assert record.kept == [1] and record.xp == 0


def test_learning_experience_and_rise(rules):
    character = hero(2, learning={"thought": 9})
    dice = Dice(1)
    dice.force(1, 1)
    record = rules.check(dice, character, {"stat": "thought"})
    assert record.outcome == "negative-impact" and record.learning == {"thought": 1}
    lines = rules.experience(record, character)
    assert character.stats["thought"] == 3
    assert character.resources["learning"]["thought"] == 0
    assert any("rises to 3" in line for line in lines)


def test_learning_goes_to_the_main_quality(rules):
    character = hero(1)
    dice = Dice(1)
    dice.force(1, 1)
    record = rules.check(dice, character, {"stat": ["gumption", "thought"]})
    rules.experience(record, character)
    assert character.resources["learning"] == {"gumption": 1}


def test_mastery_by_learning_at_level_ten(rules):
    character = hero(10, learning={"slyness": 9})
    lines = rules.add_learning(character, "slyness")
    assert character.stats["slyness"] == 10
    assert character.resources["learning"]["slyness"] == 10
    assert "mastery" in lines[0]
    from solo.rules.guts_plus import has_mastery
    assert has_mastery(character, "Slyness")
    assert rules.add_learning(character, "slyness") == []


def test_essence_negative_impact_strains(rules):
    character = hero(1)
    dice = Dice(1)
    dice.force(1)
    record = rules.check(dice, character, {"stat": "essence"})
    rules.experience(record, character)
    assert "strained" in character.conditions
    dice.force(1)
    rules.experience(rules.check(dice, character, {"stat": "essence"}), character)
    assert character.extra["injuries"]["head"] == 1


def test_advancement(rules):
    character = hero(3)
    character.stats["thought"] = 10
    keys = [a.key for a in rules.advancement(character)]
    assert "raise:gumption" in keys and "raise:thought" not in keys and "new-quality" in keys
    assert all(a.cost == {"xp": 100} for a in rules.advancement(character))
    with pytest.raises(RulesError, match="100 XP"):
        rules.advance(character, "raise:gumption")
    character.resources["xp"] = 104
    rules.advance(character, "raise:gumption")
    assert character.stats["gumption"] == 4 and character.resources["xp"] == 0
    character.resources["xp"] = 100
    rules.advance(character, "new-quality:Cooking")
    assert character.stats["Cooking"] == 1
    character.resources["xp"] = 100
    with pytest.raises(RulesError, match="maximum"):
        rules.advance(character, "raise:thought")
    with pytest.raises(RulesError, match="name"):
        rules.advance(character, "new-quality")
    with pytest.raises(RulesError, match="already has"):
        rules.advance(character, "new-quality:cooking")
    assert rules.end_of_adventure(character) == []


def test_xp_notice_at_one_hundred(rules):
    character = hero(3, xp=99)
    dice = Dice(1)
    dice.force(2, 5, 5)
    lines = rules.experience(rules.check(dice, character, {"stat": "thought"}), character)
    assert character.resources["xp"] == 100 and "100 XP" in lines[-1]


# -- characters --------------------------------------------------------------------------------


def test_valid_book_character(rules):
    character = rules.prepare_character(maria(Gumption=2))
    rules.validate_character(character, creation=True)
    assert "gumption" in character.stats and "Parkour" in character.stats
    assert character.resources == {"xp": 0, "learning": {}}


@pytest.mark.parametrize(
    "change, message",
    [
        ({"thought": 4, "gumption": 1, "slyness": 1},
         r"a quality above 3 at creation \(thought is 4\)"),
        ({"Parkour": 1}, "exactly 3 points"),
        ({"Parkour": None}, "one custom quality is required"),
        ({"Essence": 1, "Parkour": None}, "Essence may not be the first"),
        ({"a": 1, "b": 1, "c": 1}, "at most 3 custom qualities"),
        ({"slyness": None}, "missing: slyness"),
        ({"thought": 0}, "from 1 to 10"),
        ({"thought": "high"}, "whole numbers"),
        ({"Thought": 1}, "named twice"),
    ],
)
def test_creation_errors_name_the_rule(rules, change, message):
    stats = {"gumption": 2, "utility": 1, "thought": 1, "slyness": 2, "Parkour": 2}
    for key, value in change.items():
        if value is None:
            stats.pop(key, None)
        else:
            stats[key] = value
    character = Character(name="X", system="guts-plus", stats=stats)
    with pytest.raises(RulesError, match=message) as info:
        rules.validate_character(character, creation=True)
    assert str(info.value).startswith("GUTS+:")


def test_essence_as_second_custom_is_fine(rules):
    stats = {"gumption": 2, "utility": 1, "thought": 1, "slyness": 1, "Parkour": 2, "Essence": 2}
    rules.validate_character(Character(name="X", system="guts-plus", stats=stats), creation=True)


def test_inventory_limits(rules):
    character = maria()
    character.items = [f"item{i}" for i in range(6)]
    with pytest.raises(RulesError, match="at most 5 items"):
        rules.validate_character(character, creation=True)
    rules.validate_character(character)
    # what fits depends on the adventure's items (worn ones take no room): carrying() says
    character.items = [f"item{i}" for i in range(11)] + ["item0"]  # a stack takes one slot
    assert "more than the 10 there is room for" in rules.carrying(character, {})
    assert rules.carrying(character, {"item3": {"worn": True}}) is None
    assert rules.carrying(character, {"item3": {"bag": True}}) is None  # 10 slots + 10
    assert "all there is room for" in rules.carrying(character, {"item3": {"worn": True}}, "rope")
    assert rules.carrying(character, {"item3": {"worn": True}}, "item5") is None  # a stack
    character.extra["bag"] = True
    assert rules.carrying(character, {}) is None


def test_levels_above_ten_are_illegal_even_later(rules):
    with pytest.raises(RulesError, match="from 1 to 10"):
        rules.validate_character(maria(thought=11))


# -- injuries ----------------------------------------------------------------------------------


def test_injuries_protection_and_unconscious():
    character = hero(3)
    protect(character, "Left Arm")
    assert "takes the blow" in injure(character, "left-arm")[0]
    injure(character, "left arm")
    assert character.extra["injuries"].get("left arm", 0) == 0
    lines = injure(character, "left arm", 2)
    assert "can no longer be used" in lines[-1]
    assert unusable_parts(character) == ["left arm"]
    readjust(character, "left arm")
    assert character.extra["protection"]["left arm"] == 0
    injure(character, "right leg", 2)
    assert not unconscious(character)
    lines = injure(character, "torso", 2)
    assert unconscious(character) and "unconscious" in character.conditions
    assert "falls unconscious" in lines[-1]
    heal(character, "torso")
    assert not unconscious(character) and "unconscious" not in character.conditions


def test_head_injury_knocks_out_and_strain_ignores_protection():
    character = hero(3)
    protect(character, "head")
    strain(character)
    strain(character)
    assert character.extra["injuries"]["head"] == 1
    strain(character)
    assert unconscious(character)


def test_extra_body_parts_and_bad_part():
    character = hero(3)
    character.extra["extra_parts"] = ["Tail"]
    injure(character, "tail")
    assert character.extra["injuries"]["tail"] == 1
    with pytest.raises(RulesError, match="injury part"):
        injure(character, "wing")


def test_healing_days():
    assert healing_days(1) == 1 and healing_days(2) == 5
    assert healing_days(1, resting=True) == Fraction(1, 2)
    assert healing_days(2, resting=True) == Fraction(5, 2)


# -- Essence -----------------------------------------------------------------------------------


def test_essence_tables():
    assert essence_skills(1) == (1, 0, 0)
    assert essence_skills(6) == (4, 2, 1)
    assert essence_skills(10) == (5, 4, 3)
    assert [essence_range(d) for d in range(1, 11)] == [5, 5, 10, 10, 15, 15, 20, 20, 25, 25]
    assert essence_range(10, mastery=True) == 30
    with pytest.raises(RulesError, match="density"):
        essence_skills(11)


def test_roll_aura():
    character = hero(3)
    dice = Dice(1)
    dice.force(4)
    assert roll_aura(dice, character) == "fast" and character.extra["aura"] == "fast"


def test_every_roll_of_mastery_with_fewer_dice_agrees(rules):
    # mastery comes with level 10; eight fewer dice leave 2 dice to keep the check small
    character = hero(10, learning={"utility": 10})
    params = {"stat": "utility", "fewer_dice": 8}
    exact = rules.check_odds(character, params).distributions["reading"]
    assert {LABELS[r]: p for r, p in exact.items()} == brute_force(2, mastery=True)
    found = distribution(lambda dice: _take_all(rules, dice, rules.check(dice, character, params), character).outcome)
    assert_matches(found, {LABELS[r]: p for r, p in exact.items()})


# -- placing bonus pips: the player may override the proposed split ---------------------------


def _pending(rules, values, *faces):
    """A check on ``values`` (which must hold a double per face) with bonus dice ``faces``
    taken, their pips pooled and not placed."""
    character = rules.prepare_character(
        Character(name="X", system="guts-plus", stats={"utility": len(values)}))
    dice = Dice(1)
    dice.force(*values, *faces)
    record = rules.check(dice, character, {"stat": "utility"})
    for _ in faces:
        record = rules.apply_offer(dice, record, character, "bonus")
    return character, dice, record


@pytest.mark.parametrize(
    "dice, label",
    [((4, 6, 1), "success"), ((5, 2, 4), "success"), ((1, 5), "success"),
     ((3,), "near-success"), ((1,), "negative-impact"), ((2, 2, 1), "failure")],
)
def test_book_examples_through_the_ruleset(rules, dice, label):
    character = rules.prepare_character(
        Character(name="X", system="guts-plus", stats={"utility": len(dice)}))
    roll = Dice(1)
    roll.force(*dice)
    record = rules.check(roll, character, {"stat": "utility"})
    assert record.outcome == label and record.kept == list(dice)
    if record.details["bonus_left"]:  # 2,2,1: pips waiting do not change the reading
        roll.force(4)
        taken = rules.apply_offer(roll, record, character, "bonus")
        assert taken.outcome == label and taken.kept == list(dice)
        assert taken.details["pending_bonus"] == {"dice": [4], "pips": 4}
        assert taken.details["bonus"] == [{"die": 4}]


def test_bonus_dice_pool_their_pips_until_they_are_placed(rules):
    character, dice, taken = _pending(rules, [3, 3, 5, 5], 2)
    assert taken.details["pending_bonus"] == {"dice": [2], "pips": 2}
    assert taken.details["bonus_left"] == 1 and taken.details["values"] == [3, 3, 5, 5]
    assert step_lines(taken)[-1] == "bonus die 2: 2 pips to place"
    offers = rules.offers(taken, character)
    assert [(o.key, o.text, o.typed) for o in offers] == [
        ("bonus", "Roll another bonus die (1 left) before placing the 2 pips", False),
        ("place:best", "Place the 2 pips by the best split: 4 4 5 5 → full success", False),
        ("place:1", "All pips on die 1: 5 3 5 5 → full success", False),  # die 2: the same
        ("place:3", "All pips on die 3 (1 spills to die 4): 3 3 6 6 → full success", False),
        ("place:4", "All pips on die 4 (1 spills to die 1): 4 3 5 6 → full success", False),
    ]  # these reach every result 2 pips can: no split to type is offered
    assert rules.read_offer(taken, character, "0 2 0 0") == "split:0,2,0,0"  # yet allowed
    with pytest.raises(RulesError, match="not available"):
        rules.apply_offer(dice, taken, character, "place:2")
    dice.force(3)
    both = rules.apply_offer(dice, taken, character, "bonus")
    assert both.details["pending_bonus"] == {"dice": [2, 3], "pips": 5}
    assert step_lines(both)[-1] == "bonus die 3: 5 pips to place" and both.details["bonus_left"] == 0
    assert [o.key for o in rules.offers(both, character)][:2] == ["place:best", "place:1"]
    placed = rules.apply_offer(dice, both, character, "place:best")
    assert placed.kept == [6, 3, 6, 6]  # three 6s of four: a positive impact
    assert placed.outcome == "positive-impact"
    assert placed.details["placement"]["pips"] == 5 and placed.details["placement"]["dice"] == [2, 3]


def test_placing_the_pool_declines_the_bonus_dice_not_taken(rules):
    character, dice, taken = _pending(rules, [3, 3, 5, 5], 2)
    placed = rules.apply_offer(dice, taken, character, "place:4")
    assert placed.details["placement"] == {
        "dice": [2], "pips": 2, "split": [1, 0, 0, 1], "lost": 0, "values": [4, 3, 5, 6],
        "reading": "success", "how": "die 4", "declined": 1}
    assert "pending_bonus" not in placed.details and placed.details["bonus_left"] == 0
    assert placed.kept == [4, 3, 5, 6] and placed.details["values"] == [4, 3, 5, 6]
    assert placed.details["readings"] == ["success", "near-success", "success", "positive-impact"]
    assert placed.outcome == "success" and placed.success
    assert step_lines(placed)[-2:] == ["2 bonus pips placed all on die 4: 4 3 5 6 → full success",
                                 "1 bonus die declined"]
    assert rules.offers(placed, character) == []
    assert taken.details["pending_bonus"] == {"dice": [2], "pips": 2}  # untouched


def test_a_typed_split_places_the_pool_as_the_player_says(rules):
    character, dice, taken = _pending(rules, [2, 2, 2, 2], 2, 1)
    assert taken.details["pending_bonus"] == {"dice": [2, 1], "pips": 3}
    for text in ("0 1 1 1", "0,1,1,1", "0+1+1+1", "split 0 1 1 1", "split:0,1,1,1"):
        assert rules.read_offer(taken, character, text) == "split:0,1,1,1"
    placed = rules.apply_offer(dice, taken, character, "split:0,1,1,1")
    assert placed.kept == [2, 3, 3, 3] and placed.outcome == "near-success"
    assert placed.details["placement"]["how"] == "typed"
    assert step_lines(placed)[-1] == "3 bonus pips placed as typed (0 1 1 1): 2 3 3 3 → near success"
    for text, why in [("1 1 1", "one number per die"), ("0 0 0 5", "at most 4 more"),
                      ("1 1 0 0", "must place all 3 pips"), ("m 1 6", "no mastery")]:
        with pytest.raises(RulesError, match=why):
            rules.read_offer(taken, character, text)
    assert rules.read_offer(taken, character, "2") is None  # a number alone is a menu key
    assert rules.read_offer(taken, character, "keep") is None
    with pytest.raises(RulesError, match="no bonus pips"):
        rules.read_offer(placed, character, "1 1 0 0")


def test_book_split_example_has_one_placement_and_spill_reaches_the_same(rules):
    """5,5 + bonus 2. "All on die 1" raises die 1 to 6 and spills the other pip to die 2 (the
    documented spill rule), giving 6,6 like the best split, so it is not offered again; with
    only one legal split there is nothing to type."""
    from solo.rules.guts_plus import placement_options, spill_split

    assert spill_split([5, 5], 2, 0) == (1, 1)
    assert spill_split([5, 5], 2, 1) == (1, 1)
    assert placement_options([5, 5], 2) == [("best", (1, 1))]
    character, dice, taken = _pending(rules, [5, 5], 2)
    assert [(o.key, o.text) for o in rules.offers(taken, character)] == [
        ("place:best", "Place the 2 pips by the best split: 6 6 → positive impact")]
    with pytest.raises(RulesError, match="not available"):
        rules.apply_offer(dice, taken, character, "place:1")


def test_spill_wraps_round_and_loses_pips_only_on_all_sixes():
    from solo.rules.guts_plus import placement_options, spill_split

    assert spill_split([2, 5, 6], 4, 1) == (3, 1, 0)  # die 2 takes 1, die 3 is full, wrap to 1
    assert spill_split([6, 6, 5], 4, 2) == (0, 0, 1)  # 3 lost: every die shows 6
    assert placement_options([6, 6, 5], 4) == [("best", (0, 0, 1))]
    assert placement_options([6, 6], 3) == [("best", (0, 0))]


def test_keeping_the_roll_places_pooled_pips_by_the_best_split(rules):
    character, dice, taken = _pending(rules, [3, 3, 5, 5], 2)
    kept = rules.settle(dice, taken, character, {}, frozenset())
    assert kept.details["placement"] == {
        "dice": [2], "pips": 2, "split": [1, 1, 0, 0], "lost": 0, "values": [4, 4, 5, 5],
        "reading": "success", "how": "keep", "declined": 1}
    assert "pending_bonus" not in kept.details and kept.kept == [4, 4, 5, 5]
    assert step_lines(kept)[-2] == (
        "2 bonus pips placed by the best split as the roll is kept: 4 4 5 5 → full success")
    assert dice.forced_pending == ()  # no die was rolled for it
    # keeping can still turn a near success into something else and then settle it
    character, dice, taken = _pending(rules, [3, 3], 1)
    assert taken.outcome == "near-success"
    kept = rules.settle(dice, taken, character, {}, frozenset())
    assert kept.kept == [4, 3] and kept.outcome == "success" and "near" not in kept.details
    assert taken.details["pending_bonus"] == {"dice": [1], "pips": 1}  # settle copies


def test_a_record_saved_with_one_unpooled_bonus_die_still_places(rules):
    """A save from before pooling holds ``pending_bonus: {"die": face}``."""
    character, dice, taken = _pending(rules, [3, 3, 5, 5], 2)
    old = RollRecord.from_dict(taken.to_dict())
    old.details["pending_bonus"] = {"die": 2}
    assert [o.key for o in rules.offers(old, character)] == [
        o.key for o in rules.offers(taken, character)]
    assert rules.apply_offer(dice, old, character, "place:3").kept == [3, 3, 6, 6]


@given(st.lists(st.integers(1, 6), min_size=1, max_size=10), st.integers(1, 30))
@settings(deadline=None)
def test_placement_options_are_legal_distinct_and_few(values, pips):
    from solo.rules.guts_plus import MAX_PLACEMENTS, placement_options

    options = placement_options(values, pips)
    assert options[0] == ("best", go.best_split(values, pips))
    assert 1 <= len(options) <= MAX_PLACEMENTS
    keys = [key for key, _ in options]
    assert len(set(keys)) == len(keys)
    results = set()
    room = sum(6 - v for v in values)
    for key, split in options:
        assert all(s >= 0 and v + s <= 6 for v, s in zip(values, split))
        assert sum(split) == min(pips, room)  # all pips placed unless every die shows 6
        if key != "best":
            assert values[int(key) - 1] < 6 and split[int(key) - 1] > 0
        results.add(tuple(sorted(v + s for v, s in zip(values, split))))
    assert len(results) == len(options)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=4), st.integers(1, 6),
       st.integers(1, 6))
@settings(deadline=None)
def test_every_placement_offer_applies_cleanly(values, face, second):
    rules = GutsPlus()
    values = [values[0], values[0]] + values + [4, 4]  # two doubles, two bonus dice
    if values[0] == 1:
        values[0] = values[1] = 2
    character, dice, taken = _pending(rules, values, face, second)
    pips = face + second
    offers = [o for o in rules.offers(taken, character) if o.key.startswith("place:")]
    assert offers and offers[0].key == "place:best"
    finals = set()
    for offer in offers:
        placed = rules.apply_offer(dice, taken, character, offer.key)
        assert all(v <= 6 for v in placed.kept) and "pending_bonus" not in placed.details
        assert sum(placed.kept) - sum(taken.kept) == min(pips, sum(6 - v for v in taken.kept))
        assert offer.text.endswith(f"{go.WORDS[RANK[placed.outcome]]}") or "lost" in offer.text
        assert " ".join(map(str, placed.kept)) in offer.text
        finals.add(tuple(sorted(placed.kept)))
    assert len(finals) == len(offers)


def test_a_record_with_pending_pips_survives_json(rules):
    import json

    character, dice, taken = _pending(rules, [3, 3, 5, 5], 2)
    data = json.loads(json.dumps(taken.to_dict()))
    back = RollRecord.from_dict(data)
    assert back.to_dict() == taken.to_dict()
    assert rules.offers(back, character) == rules.offers(taken, character)
    assert (rules.apply_offer(dice, back, character, "place:3").to_dict()
            == rules.apply_offer(dice, taken, character, "place:3").to_dict())


def test_every_bonus_die_then_the_best_placement_is_the_odds_model(rules):
    """Taking every offer in order (each bonus die, then place:best) consumes the same dice and
    ends on the same values as placing the pooled total by best_split (the odds' model)."""
    character = hero(6)
    for seed in range(300):
        new_dice, old_dice = Dice(seed), Dice(seed)
        record = _take_all(rules, new_dice, rules.check(new_dice, character, {"stat": "gumption"}),
                           character)
        old = rules.check(old_dice, character, {"stat": "gumption"})
        values = list(old.details["values"])
        pips = sum(old_dice.roll(6) for _ in range(old.details["bonus_total"]))
        values = [v + s for v, s in zip(values, go.best_split(values, pips))]
        assert record.kept == values and record.outcome == go.read(values)
        if old.details["bonus_total"]:
            assert record.details["placement"]["how"] == "best"
        assert new_dice.get_state() == old_dice.get_state()


def test_roll_for_args_places_every_bonus_die_by_the_best_split(rules):
    dice = Dice(8)
    dice.force(2, 2, 2, 2, 2, 1)
    record = rules.roll_for_args(dice, {"dice": "4"})
    assert record.details["bonus_left"] == 0 and "pending_bonus" not in record.details
    assert record.details["bonus"] == [{"die": 2}, {"die": 1}]
    assert record.details["placement"]["how"] == "best"
    assert sorted(record.kept) == [2, 3, 3, 3] and record.outcome == "near-success"


def test_mastery_stays_on_offer_until_used(rules):
    character = hero(10)
    character.resources["learning"] = {"thought": 10}
    dice = Dice(4)
    dice.force(1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3)
    record = rules.check(dice, character, {"stat": "thought"})
    taken = rules.apply_offer(dice, record, character, "bonus")
    keys = [o.key for o in rules.offers(taken, character)]
    assert keys[0] == "bonus" and "place:best" in keys
    assert any(k.startswith("mastery:") and k != "mastery:" for k in keys)
    placed = rules.apply_offer(dice, taken, character, "place:best")
    keys = [o.key for o in rules.offers(placed, character)]
    assert "place:best" not in keys and "bonus" not in keys
    assert keys[-1] == "mastery:" and len(keys) >= 2


def test_contest_bonus_dice_still_add_to_the_total_at_once(rules):
    dice = Dice(1)
    dice.force(3, 3, 1, 2, 4)  # me 3,3 (a double); opponent 1,2; my bonus 4
    record = rules.contest(dice, hero(2), None, {"dice": 2, "opponent_dice": 2})
    after = rules.apply_offer(dice, record, hero(2), "bonus")
    assert "pending_bonus" not in after.details and after.details["bonus"] == [{"die": 4}]
    assert after.total == 10 and rules.offers(after, hero(2)) == []


def _drill_game(fixtures, utility: int, *faces: int):
    from solo.adventure import loader
    from solo.engine.game import Game

    adventure = loader.load(fixtures / "guts-drill.yaml").adventure
    cadet = Character(name="Cadet", system="guts-plus", id="cadet",
                      stats={"gumption": 2, "utility": utility, "thought": 2, "slyness": 1,
                             "welding": 1})
    game = Game(adventure, seed=3, character=cadet)
    game.start()
    assert game.offered.kind == "scene"
    assert [o.key for o in game.offered.options][:2] == ["1", "1a"]  # roll, or fail on purpose
    game.dice.force(*faces)
    game.choose("1")  # Patch it: the choice rolls at once
    return game


def test_engine_lets_the_player_pick_or_type_the_split(fixtures):
    game = _drill_game(fixtures, 4, 2, 2, 2, 2)
    assert game.offered.kind == "roll"
    assert [o.id for o in game.offered.options] == ["keep", "bonus"]
    game.dice.force(2)
    game.choose("bonus")
    game.dice.force(1)
    game.choose("bonus")  # the second bonus die: 3 pips pooled
    options = game.offered.options
    assert [o.id for o in options] == ["keep", "place:best", "place:1", "split:"]
    assert options[1].text == "Place the 3 pips by the best split: 3 3 3 2 → near success"
    typed = options[-1]
    assert typed.key is None and typed.enabled and "type your own split" in typed.text
    with pytest.raises(InvalidDecision, match="at most 4 more"):
        game.choose("0 0 0 5")
    events = game.choose("1 1 1 0")
    assert events[0].type == "roll"
    record = game.state.rolls[-1]
    assert record["kept"] == [3, 3, 3, 2] and record["outcome"] == "near-success"
    assert record["details"]["placement"]["how"] == "typed"
    assert game.state.choices[-3:] == ["2", "2", "split:1,1,1,0"]
    assert game.finished and game.state.ending == "done"  # near: success, no more offers


def test_engine_keep_with_pending_pips_uses_the_best_split(fixtures):
    game = _drill_game(fixtures, 2, 3, 3)
    game.dice.force(1)
    game.choose("bonus")
    assert [o.id for o in game.offered.options] == ["keep", "place:best"]  # 4,3 only
    game.choose("keep")
    record = game.state.rolls[-1]
    assert record["kept"] == [4, 3] and record["outcome"] == "success"
    assert record["details"]["placement"]["how"] == "keep"
    assert "near" not in record["details"]
    assert game.dice.forced_pending == ()


@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.integers(1, 14))
@settings(deadline=None)
def test_a_typed_split_is_offered_only_when_it_can_reach_something_new(values, pips):
    from solo.rules.guts_plus.offers import _more_results_than

    room = sum(6 - v for v in values)
    results = {tuple(sorted(v + a for v, a in zip(values, alloc)))
               for alloc in itertools.product(*(range(7 - v) for v in values))
               if sum(alloc) == min(pips, room)}
    for count in range(len(results) + 2):
        assert _more_results_than(values, pips, count) == (len(results) > count)


def _taken_both_ways(rules, character, record, key, offered, faces):
    """``key`` carried out by apply_offer and by apply_given_offer on ``offered``, each on dice
    forced to ``faces`` (a bonus die draws one): the two records, or the two errors' texts."""
    out = []
    for take in (lambda d: rules.apply_offer(d, record, character, key),
                 lambda d: rules.apply_given_offer(d, record, character, key, offered)):
        dice = Dice(7)
        dice.force(*faces)
        try:
            out.append(take(dice).to_dict())
        except RulesError as exc:
            out.append(str(exc))
    return out


def test_an_offer_taken_from_the_given_ones_is_the_offer_worked_out_again(rules):
    """apply_given_offer (the engine's offers handed over) carries out each offer as
    apply_offer does, and a key not among them (or the older saves' "mastery") as it does too."""
    character = hero(10)
    character.resources["learning"] = {"thought": 10}
    dice = Dice(4)
    dice.force(1, 2, 3, 4, 5, 1, 2, 3, 4, 5)
    record = rules.check(dice, character, {"stat": "thought"})
    pending_character, _, pending = _pending(rules, [3, 3, 5, 5], 2)
    compared = 0
    for who, on in ((character, record), (pending_character, pending)):
        offered = rules.offers(on, who)
        keys = [o.key for o in offered if not o.typed] + ["mastery", "place:9", "bonus"]
        for key in keys:
            for given in (offered, [o for o in offered if o.key != key]):
                plain, taken = _taken_both_ways(rules, who, on, key, given, (6,))
                assert plain == taken, (key, plain, taken)
                compared += 1
    assert compared >= 12
