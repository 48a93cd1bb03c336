"""Loose and Fuzzy checks read by ``roll.critical`` as outcome classes in closed form.

lantern-fen reads ``roll.critical`` after almost every check, and double 6s that miss the
target read ``failure`` with ``critical == "success"``, so the analyzer could not split a check
by label and enumerated it die by die: a pool of six dice went past the 20,000 scripts of its
cap and the rest was left unexplored (erasmus's best play stayed bounded by it). The ruleset's
``check_classes`` hook (:mod:`solo.rules.loose_fuzzy.check_classes`) now gives the classes; here
they are held to brute force, and a six-dice check that was cut is analysed exactly.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from solo.analyze import outcomes
from solo.analyze.command import analyze
from solo.rules import registry
from solo.rules.base import Character
from solo.rules.loose_fuzzy import outcome_classes as oc
from solo.session import load_playable

SIX_DICE = Path(__file__).parent / "fixtures" / "lf-six-dice.yaml"
LF = registry.get("loose-fuzzy")


def _who(rating: int) -> Character:
    return Character(name="Oda", system="loose-fuzzy", stats={"cleverness": rating, "body": 1, "knowledge": 1,
                                                              "perception": 1, "tenacity": 1})


def _brute(who: Character, params: dict, reads: tuple[str, ...], depth: int) -> dict[tuple, Fraction]:
    """Every ordered script of faces of one check (the exploding bonus to ``depth`` dice), by
    what ``reads`` keeps of its record."""
    found: dict[tuple, Fraction] = {}
    stack: list[tuple[int, ...]] = [()]
    while stack:
        script = stack.pop()
        try:
            record = LF.check(oc._Faces(script), who, params)
        except Exception:  # out of faces: the next die
            stack.extend(script + (f,) for f in range(1, 7))
            continue
        if len(record.details["bonus_dice"]) > depth:
            continue
        key = (record.outcome, record.measures["critical"] if "critical" in reads else None,
               record.measures["margin"] if "margin" in reads else None)
        found[key] = found.get(key, Fraction(0)) + Fraction(1, 6 ** len(script))
    return found


@pytest.mark.parametrize("rating,target,bonus,reads", [
    (1, 6, 0, ("critical",)),
    (2, 8, 1, ("critical",)),
    (3, 19, 0, ("critical",)),  # double 6s need a bonus die or more
    (3, 30, 0, ()),  # double 6s need three sixes in a row at least
    (2, 9, 0, ("critical", "margin")),
])
def test_check_classes_are_the_brute_force_ones(rating, target, bonus, reads):
    who = _who(rating)
    params = {"stat": "cleverness", "target": target, "bonus": bonus}
    listed, left_out = LF.check_classes(who, None, params, "check", reads)
    depth = 5
    brute = _brute(who, params, reads, depth)
    tail = Fraction(1, 6) ** depth  # what chains of more bonus dice can weigh, at most
    closed: dict[tuple, Fraction] = {}
    for p, faces in listed:  # each class's faces play as that class, drawing them all
        dice = oc._Faces(tuple(faces))
        record = LF.check(dice, who, params)
        key = (record.outcome, record.measures["critical"] if "critical" in reads else None,
               record.measures["margin"] if "margin" in reads else None)
        assert key not in closed, key  # one class per distinct reading
        closed[key] = p
    assert sum(closed.values()) + left_out == 1
    assert set(brute) <= set(closed)
    for key, p in closed.items():
        assert brute.get(key, Fraction(0)) <= p <= brute.get(key, Fraction(0)) + tail, key
    assert (left_out == 0) == ("margin" not in reads)


def test_check_classes_lump_the_explosions_that_reach_the_target_when_no_margin_is_read():
    who = _who(3)
    params = {"stat": "cleverness", "target": 19}
    listed, left_out = LF.check_classes(who, None, params, "check", ("critical",))
    # double 6s (1/36) and a third die: 12 + 1..6, with bonus dice from 1 up; they reach 19 at
    # 13 + bonus >= 19, so only bonus 1-5 (the first bonus die not a 6) can fall short
    assert left_out == 0 and len(listed) == 4
    short = sum(Fraction(1, 36) * Fraction(1, 6) * Fraction(1, 6) for third in range(1, 7)
                for bonus in range(1, 6) if 12 + third + bonus < 19)
    records = [(p, LF.check(oc._Faces(tuple(f)), who, params)) for p, f in listed]
    assert [p for p, r in records if r.measures["critical"] == "success" and not r.success] == [short]


@pytest.mark.parametrize("params", [
    {"dice": 2, "opponent_dice": 3, "bonus": 1},
    {"dice": 1, "opponent_dice": 1},
    {"dice": 4, "opponent_dice": 2, "opponent_bonus": 2},
])
def test_contest_classes_hold_the_contest_odds_of_each_label(params):
    listed, left_out = LF.check_classes(_who(1), _who(1), params, "contest", ("critical",))
    shares = outcomes.label_shares(LF, LF.contest_odds(_who(1), _who(1), params), "contest")
    closed: dict[str, Fraction] = {}
    seen = set()
    for p, faces in listed:  # the faces play one untied attempt of the class, all of them drawn
        dice = oc._Faces(tuple(faces))
        record = LF.contest(dice, _who(1), _who(1), params)
        assert dice.used == len(faces)
        key = (record.outcome, record.measures["critical"])
        assert key not in seen, key
        seen.add(key)
        closed[record.outcome] = closed.get(record.outcome, Fraction(0)) + p
    assert 0 < left_out < Fraction(1, 10 ** 5) and sum(closed.values()) + left_out == 1
    slack = Fraction(1, 10 ** 12)  # the odds' own cut of the exploding tails
    for label, share in shares.items():  # listed shares are never above the true ones
        assert closed.get(label, Fraction(0)) <= share + slack <= closed.get(label, Fraction(0)) + left_out + 2 * slack, label


def test_a_contest_read_for_a_field_the_classes_do_not_keep_is_enumerated():
    assert LF.check_classes(_who(2), _who(2), {"stat": "cleverness"}, "contest", ("total",)) is None
    assert LF.check_classes(_who(2), None, {"stat": "cleverness"}, "contest", ()) is None


def _six_dice_odds() -> tuple[Fraction, Fraction]:
    """(reaching 24 on six dice, double 6s and missing it) by brute force over the 6**6 pools,
    the exploding bonus summed exactly: ``at_least(n)`` is the chance the bonus adds n or more."""
    def at_least(n: int) -> Fraction:
        if n <= 1:
            return Fraction(1)
        return Fraction(sum(1 for last in range(1, 6) if last >= n), 6) + Fraction(1, 6) * at_least(n - 6)

    reach = near = Fraction(0)
    for pool in itertools.product(range(1, 7), repeat=6):
        p = Fraction(1, 6 ** 6)
        if pool[0] == pool[1] == 6:
            hit = at_least(24 - sum(pool))
            reach += p * hit
            near += p * (1 - hit)
        elif sum(pool) >= 24:
            reach += p
    return reach, near


def test_a_six_dice_check_read_by_its_critical_is_analysed_exactly():
    # before the hook: "a check in weir can go more than 20000 ways", 77% of it unexplored
    result = analyze(load_playable(SIX_DICE).adventure, bound=0)
    reach, near = _six_dice_odds()
    assert result["method"] == "exact"
    assert result["exact"]["across"] == str(reach)
    # the close call (double 6s, short of 24) offers the post, which a random player takes half the time
    assert result["exact"]["near"] == str(near / 2)
    assert Fraction(result["exact"]["gone"]) == 1 - reach - near / 2
