"""Loose and Fuzzy fight calls as outcome classes: a roll per random event, not a die.

lantern-fen's analysis reported ``EngineError ... list index out of range`` in pole-fight: the
exchange's 4d6 against 4d6 are drawn die by die (the marked dice are read by position), no
script of faces finished within the enumeration's cap, and the lone "rest" answer was read as
class 0 of an empty list. The engine itself plays the fight (the first test). The fight's calls
now give their classes through the ``OutcomeClasses`` hook (:mod:`solo.rules.loose_fuzzy.outcome_classes`),
pinned here against brute force and against the dice-by-dice enumeration.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from solo.analyze import classes as cl
from solo.analyze.command import analyze
from solo.engine.game import Game
from solo.rules.loose_fuzzy import outcome_classes as oc
from solo.rules.loose_fuzzy.fight.procedure import Fight
from solo.rules.loose_fuzzy.odds import contest_distribution
from solo.rules.loose_fuzzy.pool import roll_pool
from solo.session import load_playable

DUEL = Path(__file__).parent / "fixtures" / "lf-duel.yaml"


def test_the_engine_plays_pole_fight_for_nell_where_the_analysis_reported_an_error():
    adventure = load_playable("lantern-fen").adventure
    nell = next(p for p in adventure.characters if p.id == "nell")
    for seed in range(4):
        game = Game(adventure, seed=seed, character=nell.character(adventure.system), quiet=True)
        game.start()
        game.jump("pole-fight")
        for _ in range(300):  # "Fight on" each round, the first spending option after a win
            if game.offered is None or game.state.ending is not None or game.state.scene != "pole-fight":
                break
            game.choose(game.offered.enabled_keys()[0])
        assert game.state.scene != "pole-fight", seed


class _Faces:
    """Every script of faces of one pool, by brute force (explosions to a depth)."""

    @staticmethod
    def walk(count: int, depth: int):
        stack = [()]
        while stack:
            script = stack.pop()
            dice = oc._Faces(script)
            try:
                rolled = roll_pool(dice, count)
            except Exception:  # ran out of faces: branch on the next die
                if sum(1 for f in script if f == 6) > depth + 3:
                    continue
                stack.extend(script + (f,) for f in range(1, 7))
                continue
            if len(rolled.bonus_dice) > depth:
                continue
            yield script, rolled


@pytest.mark.parametrize("count", [1, 2, 3])
def test_pool_classes_are_the_brute_force_sums_by_critical_and_total(count):
    found, left_out = oc.pool_classes(count, depth=2)
    brute: dict[tuple, Fraction] = {}
    for script, rolled in _Faces.walk(count, 2):
        key = (rolled.critical, rolled.total)
        brute[key] = brute.get(key, Fraction(0)) + Fraction(1, 6 ** len(script))
    assert {key: p for p, _, key in found} == brute
    assert sum(brute.values()) + left_out == 1
    for p, faces, (critical, total) in found:  # each class's faces give that class
        rolled = roll_pool(oc._Faces(faces), count)
        assert (rolled.critical, rolled.total) == (critical, total)


def test_contest_classes_win_as_often_as_the_contest_odds_say():
    found, left_out = oc.contest_classes(4, 1, 4, 0)
    wins = sum(p for p, _, (margin, _a, _d) in found if margin > 0)
    exact = contest_distribution(4, 4, 1, 0).outcomes["success"]
    assert 0 < left_out < Fraction(1, 10**5)
    assert exact - left_out <= wins <= exact
    assert sum(p for p, _, _ in found) + left_out == 1


def _duel_exchange():
    adventure = load_playable(DUEL).adventure
    game = Game(adventure, seed=1, character=adventure.characters[0].character(adventure.system), quiet=True)
    game.start()
    spec = adventure.scenes["raft"].conflict
    rules = game.conflicts.rules(spec)
    setup = game.conflicts.setup(spec, game.conflicts.restore(game.state.pending.data))
    return rules, setup, game.state.pending.data["state"]


def test_every_class_of_an_exchange_replays_on_the_real_fight_to_a_result_of_its_own():
    rules, setup, state = _duel_exchange()
    found, left_out = rules.outcome_classes("exchange", setup, state, "stance:ordinary")
    assert 0 < left_out < Fraction(1, 10**5)
    assert sum(p for p, _ in found) + left_out == 1
    seen = set()
    for _p, faces in found:
        mine = oc._copy(setup)
        step = Fight(rules.ruleset).act(oc._Faces(tuple(faces)), mine, state, "stance:ordinary")
        seen.add(oc._readable(step, mine))
    assert len(seen) == len(found)


def test_an_exchange_has_the_classes_dice_by_dice_enumeration_finds_within_what_each_leaves_out():
    rules, setup, state = _duel_exchange()
    hook, hook_rest = rules.outcome_classes("exchange", setup, state, "stance:ordinary")

    def run(dice):
        mine = oc._copy(setup)
        return oc._readable(Fight(rules.ruleset).act(dice, mine, state, "stance:ordinary"), mine)

    by_dice = cl.enumerate_classes(run, lambda k: k, ordered=True, max_runs=2000)
    assert by_dice.rest < Fraction(15, 100)
    replayed = {run(oc._Faces(tuple(faces))): p for p, faces in hook}
    for p, script in by_dice.found:
        key = run(cl.Replay(list(script), ordered=True))
        # each side sums only some of a class's scripts: its figure is low by at most its rest
        mine = replayed.pop(key)
        assert p <= mine + hook_rest and mine <= p + by_dice.rest
    assert sum(replayed.values()) <= by_dice.rest  # what only the hook found: within the dice's rest


def test_a_short_duel_analyses_without_errors_to_a_bound_below_a_thousandth():
    result = analyze(load_playable(DUEL).adventure, bound=1e-3)
    assert result["errors"] == [] and result["bound"] < 1e-3
    assert result["endings"]["stair"] > 0.05 and result["endings"]["steps"] > 0.5


def test_fights_that_differ_only_in_the_unread_ledgers_are_one_analysis_state():
    from solo.analyze.explore import Explorer

    explorer = Explorer(load_playable(DUEL).adventure)
    game = Game(explorer.adventure, seed=1, character=explorer.adventure.characters[0].character("loose-fuzzy"),
                quiet=True)
    game.start()
    one = game.state.copy()
    other = game.state.copy()
    other.pending.data = {**other.pending.data, "state": {**other.pending.data["state"],
                                                          "gained": {"player": {"ferryman": 9}},
                                                          "spent": {"player": {"ferryman": 9}}}}
    assert explorer.keys.key(one) == explorer.keys.key(other)
    held = other.copy()
    held.pending.data = {**held.pending.data, "state": {**held.pending.data["state"], "ap": {"player": {"ferryman": 1}}}}
    assert explorer.keys.key(held) != explorer.keys.key(one)  # the points held are read
