"""An expression's ``roll.<field>`` read through the game's variables (the fields and the
measures kept per ruleset at the first read) reads as ``_Variables._special`` works it out."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.game import ROLL_FIELDS, Game, _measures
from solo.rules import registry

BUNDLED = ("supply-ship", "goblin-market", "lantern-fen", "clockwork-heist", "blessed-harvest")
LAST_ROLLS = ({}, {"outcome": "success", "success": True, "total": 7}, {"margin": 3, "size": 2, "excess": 1},
              {"outcome": "failure", "success": False, "total": 0, "critical": True, "drain": 2})


def _read(read, name):
    try:
        return ("value", read(name))
    except KeyError as exc:
        return ("KeyError", exc.args)


def _names() -> list[str]:
    every = {m for system in registry.available() for m in _measures(registry.get(system))}
    return [f"roll.{name}" for name in (*ROLL_FIELDS, *sorted(every), "nonsense", "")]


@pytest.mark.parametrize("name", BUNDLED)
def test_roll_names_read_as_special_works_them_out(name):
    game = Game(loader.load(name).adventure, seed=3, quiet=True)
    game.start()
    variables = game.environment().variables
    for last in LAST_ROLLS:
        game.state.last_roll = dict(last)
        for roll_name in _names():
            assert _read(variables.__getitem__, roll_name) == _read(variables._special, roll_name), roll_name


def test_the_fields_follow_a_ruleset_put_in_later():
    game = Game(loader.load("lantern-fen").adventure, seed=3, quiet=True)
    game.start()
    variables = game.environment().variables
    game.state.last_roll = {"margin": 2, "excess": 5}
    assert variables["roll.margin"] == 2
    with pytest.raises(KeyError):
        variables["roll.excess"]  # not a Loose and Fuzzy measure
    game.ruleset = registry.get("game")
    assert variables["roll.excess"] == 5 == variables._special("roll.excess")
    with pytest.raises(KeyError):
        variables["roll.margin"]
