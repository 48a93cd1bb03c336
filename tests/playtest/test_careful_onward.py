"""The careful bot weighs a way on: turning back the way it came weighs less than a roll better
than even that moves the story on, and a roll into a room where a choice rewards weighs as a
reward, and a roll that moves on however it falls weighs above its chance (clockwork-heist's careful-top walked away from Dorrin's invitation at 79% and hid behind
the study's curtains at 38% rather than pick the lock to the drawer; it won 45-48% of Ottilie's
and Dorrin's runs, 83-88% since; Ottilie walked into the stokers' brawl rather than try a 14%
creep to the lift that reaches it failed or not)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.engine.game import Game
from solo.playtest.policies import CAREFUL_RETREAT, CAREFUL_REWARD, make_policy

ONWARD = Path(__file__).parent / "onward.yaml"


def _walked(to: int):
    """The game at the scene the hill's choice ``to`` leads to, and a careful bot that took it."""
    adventure = loader.load(str(ONWARD)).adventure
    scout = adventure.characters[0].character(adventure.system)
    game = Game(adventure, seed=1, character=scout, quiet=True, alternatives=False)
    game.start()
    bot = make_policy("careful", random.Random(0))
    key = game.offered.enabled_keys()[to]
    bot.remember(game, key)
    game.choose(key)
    return adventure, scout, game, bot


def test_turning_back_the_way_it_came_weighs_less_than_an_even_roll_on():
    _, _, game, bot = _walked(1)
    assert game.state.scene == "steps"
    # the doorman's roll (1/2, into the hall) against backing away to the hill it climbed from
    assert bot.weigh(game)[1] == [0.5, CAREFUL_RETREAT]
    # a bot that never took the hill's way here is not turning back: the same move weighs 1
    assert make_policy("careful", random.Random(0)).weigh(game)[1] == [0.5, 1.0]


def test_a_roll_into_a_room_with_a_prize_weighs_as_the_prize():
    _, _, game, bot = _walked(0)
    assert game.state.scene == "study"
    # the lock (1/3, into the drawer with the paper), the sheet (1/2, the paper itself, but a
    # failure is the defeat: squared), leaving; before, the lock weighed 1/3 and the sheet won
    lock, sheet, leave = bot.weigh(game)[1]
    assert (Fraction(lock).limit_denominator(1000), sheet, leave) == (Fraction(1, 3) * CAREFUL_REWARD,
                                                                      0.25 * CAREFUL_REWARD, CAREFUL_RETREAT)


def test_careful_top_picks_the_lock_before_the_long_shot():
    """By hand: the lock, 1/3 to the drawer; failed, it weighs 1 / 4 against the sheet's 3/4 and
    leaving's 1/2: the sheet, 1/2. Victory 1/3 + 2/3 x 1/2 = 2/3 (the sheet first would win 1/2)."""
    adventure, scout, _, _ = _walked(0)
    found = analyze(adventure, scout, "careful-top")
    assert found["method"] == "exact"
    assert found["exact"] == {"danced": "2/3", "caught": "1/3"}


def test_a_roll_that_moves_on_either_way_weighs_more_than_its_chance():
    _, _, game, bot = _walked(2)
    assert game.state.scene == "boilers"
    # both 1/3; the creep reaches the lift failed or not (a blow on the way), the chute may not
    creep, chute = bot.weigh(game)[1]
    assert (Fraction(creep).limit_denominator(1000), Fraction(chute).limit_denominator(1000)) == \
        (Fraction(2, 3), Fraction(1, 3))
