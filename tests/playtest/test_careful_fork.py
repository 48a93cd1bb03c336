"""The careful bot reads ahead into a fork: a scene whose every choice is an ending picked by
what the player carries in (blessed-harvest's supper barn). A move into it weighs as the ending
its own effects settle, so the bot does not take a prize that only buys the mixed ending
(careful-top took the Kern Maiden back and never won blessed-harvest before it read this)."""

from __future__ import annotations

import random
from pathlib import Path

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.engine.game import Game
from solo.playtest.policies import CAREFUL_MIXED, CAREFUL_REWARD, CAREFUL_VICTORY, make_policy

FORK = Path(__file__).parent / "fork.yaml"


def _bedside():
    adventure = loader.load(str(FORK)).adventure
    scout = adventure.characters[0].character(adventure.system)
    game = Game(adventure, seed=1, character=scout, quiet=True, alternatives=False)
    game.start()
    return adventure, scout, game


def test_a_move_into_the_fork_weighs_as_the_ending_it_settles():
    _, _, game = _bedside()
    keys, weights = make_policy("careful", random.Random(0)).weigh(game)
    # the doll: a reward, but the mixed ending; counting steps: an effect not read ahead, no guess;
    # making friends: the victory
    assert weights == [CAREFUL_REWARD * CAREFUL_MIXED, 1.0, CAREFUL_VICTORY]
    assert game.state.flags == {"friend": False} and game.character.items == []  # read ahead, not done


def test_careful_top_wins_the_fork_every_time():
    adventure, scout, _ = _bedside()
    assert analyze(adventure, scout, "careful-top")["exact"]["feast"] == "1/1"
