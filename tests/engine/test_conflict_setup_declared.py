"""A conflict's setup hands every decision the adventure's item rules, item names and house rules
made once per game: the values a setup built afresh holds, the same objects at each decision."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.conflicts import ConflictRunner
from solo.engine.game import Game

WITH_FIGHTS = ("supply-ship", "lantern-fen", "clockwork-heist", "goblin-market", "blessed-harvest")


def _fresh(adventure):
    return ({iid: item.rules for iid, item in adventure.items.items()},
            {iid: item.name for iid, item in adventure.items.items()},
            frozenset(adventure.house_rules))


@pytest.mark.parametrize("name", WITH_FIGHTS)
def test_a_setup_holds_what_a_fresh_one_would(name):
    adventure = loader.load(name).adventure
    game = Game(adventure, seed=1, quiet=True)
    spec = next(scene.conflict for scene in adventure.scenes.values() if scene.conflict is not None)
    first, again = game.conflicts.setup(spec, []), game.conflicts.setup(spec, [])
    items, names, house = _fresh(adventure)
    for setup in (first, again):
        assert (setup.items, setup.item_names, setup.house_rules) == (items, names, house)
        assert setup.params is spec.params and setup.rounds == spec.rounds and setup.quiet
    assert first.items is again.items and first.item_names is again.item_names


def test_another_adventure_gets_its_own():
    one, other = (loader.load(name).adventure for name in ("supply-ship", "clockwork-heist"))
    game = Game(one, seed=1, quiet=True)
    runner: ConflictRunner = game.conflicts
    spec = next(scene.conflict for scene in one.scenes.values() if scene.conflict is not None)
    runner.setup(spec, [])
    runner.context.adventure = other  # as a context made for another adventure would hold it
    assert runner.setup(spec, []).items == _fresh(other)[0]
