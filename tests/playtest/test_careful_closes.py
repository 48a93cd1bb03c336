"""The careful bot reads three things ahead (goblin-market, where careful-top lost every quince run
before it did): a move that sets a flag closing a rewarding choice open now weighs a reward less
(the gate's true name shuts Thimblerig's haggle); a move, or a roll's success, into a scene whose
every choice rewards weighs as a reward (the fiddle sets Tam's shadow loose, and both ways of
catching it give it back); and a move with no roll into a scene where a reward with no roll is
open now weighs as a reward (the jar stall; the Queen's court once Nan's jar is in hand)."""

from __future__ import annotations

import random

from solo.engine.game import Game
from solo.playtest.policies import CAREFUL_REWARD, make_policy
from solo.session import load_playable


def _at(pregen: str, *picks: str) -> Game:
    """A game of goblin-market with ``pregen``, the choices whose text starts with ``picks`` taken
    in turn (the dice seeded; the picks here roll nothing)."""
    adventure = load_playable("goblin-market").adventure
    person = next(p for p in adventure.characters if p.id == pregen)
    game = Game(adventure, seed=5, character=person.character(adventure.system), quiet=True, alternatives=False)
    game.start()
    for pick in picks:
        option = next(o for o in game.offered.options if o.enabled and o.text.startswith(pick))
        game.choose(option.key)
    return game


def _weights(game: Game) -> dict[str, float]:
    keys, weights = make_policy("careful", random.Random(0)).weigh(game)
    text = {o.key: o.text for o in game.offered.options}
    return {text[k][:20]: w for k, w in zip(keys, weights)}


def test_the_true_name_weighs_a_reward_less_for_the_haggle_it_closes():
    game = _at("quince", "Duck through")
    found = _weights(game)
    assert found["Give him your true n"] == 1.0 / CAREFUL_REWARD
    # easy Scharisma at +2 (5/6), going on to the same scene however it falls (halfway to 1):
    # no flag it sets closes anything
    assert found["Give him a name that"] == (1 + 5 / 6) / 2
    assert game.state.flags["name_given"] is False  # read ahead, not done


def test_the_fiddle_weighs_as_the_reward_every_way_of_catching_the_shadow_gives():
    game = _at("quince", "Duck through", "Give him your true", "Take the dark lane")
    found = _weights(game)
    assert found["Strike up a jig on y"] == 2 / 3 * CAREFUL_REWARD  # kind of hard at +2, into a scene of rewards
    # kind of hard at +1, into the backroom, where a choice rewards (the roll opens a prize:
    # test_careful_onward.py), though not every choice there does
    assert found["Peer round the breat"] == 1 / 2 * CAREFUL_REWARD


def test_careful_top_takes_the_false_name_and_haggles():
    game = _at("quince", "Duck through")
    bot = make_policy("careful-top", random.Random(0))
    keys, _ = bot.weigh(game)
    assert [o.text for o in game.offered.options if o.key == keys[0]][0].startswith("Give him a name that is not")


def test_a_move_to_a_reward_the_player_can_walk_up_and_take_weighs_as_a_reward():
    game = _at("bryony", "Sit by Old Nan", "Ask her who rules", "Thank her", "Give him your true")
    found = _weights(game)
    assert found["Take the lane of sto"] == CAREFUL_REWARD  # a laugh for Nan's, no roll
    assert found["Take the dark lane, "] == 1.0  # Thimblerig's rewards all roll
    assert found["Follow the moths to "] == 1.0  # the Queen's sure boons need the moth or the jar
    game = _at("bryony", "Sit by Old Nan", "Ask her who rules", "Thank her", "Give him your true",
               "Take the lane of stop", "Trade her your own")
    assert _weights(game)["Follow the moths to "] == CAREFUL_REWARD  # the jar in hand: Nan's laugh buys the shadow
