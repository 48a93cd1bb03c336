"""Humanity, Blessed outcome classes in closed form, held to brute-force enumeration of the
real rules (solo/rules/humanity_blessed/outcome_classes.py, solo/rules/drawn.py) and the state
key's view of an HB character (analysis_view.py)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from solo.analyze import classes as cl
from solo.analyze.outcomes import NotExact
from solo.rules import registry
from solo.rules.base import Character
from solo.rules.dice import QueuedDice
from solo.rules.humanity_blessed import blessings, outcome_classes
from solo.rules.humanity_blessed.analysis_view import view

HB = registry.get("humanity-blessed")
STATS = {"head": "d6", "hand": "d6", "heart": "d4", "home": "d6", "hurt": "d4", "hurry": "d4", "history": "d4"}


def person(pool: list[int], lucky: int | None, big: bool = False, abilities: tuple[str, ...] = ()) -> Character:
    return Character(id="t", name="T", system="humanity-blessed", stats=dict(STATS), resources={"blessings": list(pool)},
                     items=[], conditions=[], extra={"abilities": list(abilities),
                                                     "session": {"lucky_number": lucky, "lucky_faces": [1, lucky or 1],
                                                                 "big_win": big}})


def _runner(who: Character, params: dict, opponent: Character | None = None):
    """Play the roll as the analyzer does (settled, what it earns added); the result as the
    game can tell it apart."""
    def run(dice):
        me = Character.from_dict(who.to_dict())
        if opponent is None:
            record = HB.check(dice, me, params)
        else:
            record = HB.contest(dice, me, Character.from_dict(opponent.to_dict()), params)
        record = HB.settle(dice, record, me, params, frozenset())
        HB.experience(record, me)
        return (record.outcome, record.measures.get("size"), tuple(sorted(me.resources["blessings"])),
                me.extra["session"].get("big_win"))
    return run


def _by_result(run, listed) -> tuple[dict, Fraction]:
    """Each class played on its faces, and the random events after them (the blessing dice a
    roll earns, drawn as classes of their own) enumerated: results with probabilities, and the
    probability those enumerations left out."""
    found: dict = {}
    left = Fraction(0)
    for p, faces in listed:
        def after(dice, faces=faces):
            queued = QueuedDice(list(faces), dice)
            result = run(queued)
            assert not queued.faces  # the faces are exactly the dice the rules draw
            return result

        more = cl.enumerate_classes(after, lambda k: k, max_runs=200)
        left += p * more.rest
        for q, script in more.found:
            try:
                key = after(cl.Replay(list(script)))
            except NotExact:  # the least likely blessing dice, left out by their classes
                left += p * q
                continue
            found[key] = found.get(key, Fraction(0)) + p * q
    return found, left


def _agree(given, run, max_runs: int) -> None:
    listed, rest = given
    assert sum((p for p, _ in listed), Fraction(0)) + rest == 1
    closed, left = _by_result(run, listed)
    enumerated = cl.enumerate_classes(run, lambda k: k, max_runs=max_runs)
    brute: dict = {}
    for p, script in enumerated.found:
        try:
            key = run(cl.Replay(list(script)))
        except NotExact:
            left += p
            continue
        brute[key] = brute.get(key, Fraction(0)) + p
    slack = rest + left + enumerated.rest
    assert rest < Fraction(1, 10**3)
    for key in set(closed) | set(brute):
        assert abs(closed.get(key, 0) - brute.get(key, 0)) <= slack, key


@pytest.mark.parametrize("params, who", [
    ({"stat": "head", "target": 4}, person([2, 3], 5)),  # lucky hits earn a chain of dice
    ({"stat": "heart", "target": 3, "aid": "dc2"}, person([], None)),  # aid on a would-be failure
    ({"stat": "hand", "spark": "head", "target": 8}, person([3, 3, 5], 12, big=True)),  # a spark paid
    ({"stat": "hurt", "target": 2}, person([4, 4], 9)),  # late spark (open first roll), big win
])
def test_check_classes_agree_with_enumeration(params, who):
    given = HB.check_classes(who, None, params, "check", ("size",))
    assert given is not None
    _agree(given, _runner(who, params), 1500)


def test_check_classes_keep_the_total_when_expressions_read_it():
    who = person([], None)
    lumped, _ = HB.check_classes(who, None, {"stat": "home", "target": 4}, "check", ("size",))
    whole, rest = HB.check_classes(who, None, {"stat": "home", "target": 4}, "check", ("size", "margin"))
    assert len(whole) > len(lumped) and 0 < rest < Fraction(1, 10**6)


def test_contest_classes_agree_with_enumeration():
    who = person([2], 6)
    other = Character(id="o", name="O", system="humanity-blessed", stats={"heart": "d4"}, resources={}, items=[],
                      conditions=[], extra={})
    params = {"stat": "heart", "tags": ["persuade"]}
    given = HB.check_classes(who, other, params, "contest", ("size",))
    assert given is not None
    _agree(given, _runner(who, params, other), 1500)


def test_a_check_that_opens_the_session_is_left_to_enumeration():
    who = person([], None)
    who.extra.pop("session")
    assert HB.check_classes(who, None, {"stat": "head", "target": 4}, "check", ()) is None


def test_lucky_number_classes_are_the_higher_of_2d10():
    listed, rest = blessings.lucky_classes()
    brute: dict = {}
    for a, b in itertools.product(range(1, 11), repeat=2):
        number = None if (a, b) == (1, 1) else max(a, b)
        brute[number] = brute.get(number, Fraction(0)) + Fraction(1, 100)
    closed = {blessings._lucky(cl.Replay(list(faces)))[0]: p for p, faces in listed}
    assert rest == 0 and closed == brute


@pytest.mark.parametrize("count", [1, 2])
def test_gained_dice_classes_agree_with_enumeration(count):
    given = outcome_classes.gain_classes(count)
    assert given is not None

    def run(dice):
        return tuple(sorted(blessings._gain(dice, count)))

    listed, rest = given
    closed = {run(cl.Replay(list(f))): p for p, f in listed}
    enumerated = cl.enumerate_classes(run, lambda k: k, max_runs=3000)
    brute = {run(cl.Replay(list(s))): p for p, s in enumerated.found}
    assert rest < Fraction(1, 10**3)
    for key in closed:
        assert abs(closed[key] - brute.get(key, 0)) <= enumerated.rest, key


def test_the_engine_draws_gained_dice_as_before():
    """Outside the analyzer the dice are drawn one by one as they always were (seeds replay)."""
    from solo.rules.dice import Dice

    assert blessings.gain_blessings(Dice(7), 3) == blessings._gain(Dice(7), 3)
    assert blessings.roll_lucky_number(Dice(3)) == blessings._lucky(Dice(3))


def test_the_view_sorts_the_pool_and_drops_the_lucky_faces():
    one, two = person([5, 2, 2], 7), person([2, 5, 2], 7)
    two.extra["session"]["lucky_faces"] = [7, 3]
    assert view(one).to_dict() == view(two).to_dict()
    assert view(one).to_dict() != view(person([2, 2, 6], 7)).to_dict()  # other dice: another state
    assert view(one).to_dict() != view(person([5, 2, 2], 8)).to_dict()  # another lucky number
    assert one.resources["blessings"] == [5, 2, 2]  # the character itself is not changed


def test_an_enumerated_check_replays_its_earned_dice_in_the_explorer():
    """A check left to enumeration (it opens the session) whose classes hold drawn events (the
    lucky number, gained dice) replays on the engine with those answers queued: the explorer's
    dice answer a drawn event from the queue while it holds the roll's script."""
    from solo.analyze.explore import AnalysisGame
    from solo.adventure.loader import load

    adventure = load("blessed-harvest").adventure
    game = AnalysisGame(adventure, adventure.characters[1].character(adventure.system))
    dice = game.scripted
    listed, _ = blessings.lucky_classes()
    five = next(i for i, (_, faces) in enumerate(listed) if faces == [(1, 5)])
    dice.queue = [five, 5, 0]  # lucky number 5 (its class), a die showing 5, gained-dice class 0
    assert blessings.roll_lucky_number(dice) == (5, [1, 5])
    assert dice.roll(6) == 5
    gained = blessings.gain_blessings(dice, 1)
    assert gained == outcome_classes.gain_classes(1)[0][0][1] and not dice.queue
