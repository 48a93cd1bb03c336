"""Every bundled adventure plays to an ending for random players of every pregenerated character."""

from __future__ import annotations

import random

import pytest

from solo.adventure import loader
from solo.engine.game import Game

BUNDLED = [p.stem for p in loader.bundled_files()]


@pytest.mark.parametrize("name", BUNDLED)
def test_random_players_always_reach_an_ending(name):
    adventure = loader.load(name).adventure
    endings = set()
    for seed in range(12):
        game = Game(adventure, seed=seed)
        game.start()
        answers = random.Random(seed)
        first = True
        for _ in range(1000):
            if game.finished:
                break
            keys = game.offered.enabled_keys()
            if first and game.offered.kind == "character":
                key = keys[seed % len(keys)]  # every pregen gets played
            else:
                key = answers.choice(keys)
            first = False
            game.choose(key)
        assert game.finished, f"{name} seed {seed} did not end"
        endings.add(game.state.ending)
    assert endings <= set(adventure.endings)


def test_the_default_and_flagship_adventures_are_bundled():
    assert {"supply-ship", "clockwork-heist"} <= set(BUNDLED)
    systems = {loader.load(n).adventure.system for n in BUNDLED}
    assert systems == {"guts-plus", "game", "loose-fuzzy", "humanity-blessed", "four-s"}
