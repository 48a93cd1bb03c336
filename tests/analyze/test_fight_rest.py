"""A fight call none of whose dice scripts finished within the cap is unexplored, not an error.

supply-ship's analysis reported ``list index out of range`` in creature-fight (0.13%): a fight
start draws three Gumption pools and more, the most-likely-first enumeration ran its 4,000
scripts without finishing one, and the single "rest" answer was read as class 0 of an empty
list. The engine itself plays that fight (the last test replays the analysis' route).
"""

from __future__ import annotations

import math
import time
from fractions import Fraction

import pytest

from solo.analyze import classes as cl
from solo.analyze import outcomes
from solo.analyze.fights import ClassedRules
from solo.engine.game import Game
from solo.rules.base import Character
from solo.rules.conflict import ConflictSetup, ConflictStep, Fighter
from solo.session import load_playable


class _ManyDice:
    """A procedure whose start draws twenty d6 one by one: 6**20 scripts."""

    procedure = "many"

    def begin(self, dice, setup):
        total = sum(dice.roll(6) for _ in range(20))
        return ConflictStep({"total": total}, [], 1, None)


class _Game:
    """What ClassedRules asks of the analysis game."""

    def __init__(self) -> None:
        self.classes = cl.Cache()
        self.deadline = math.inf
        self.clock = time.monotonic
        self.unread_rewards = frozenset()
        self.ruled_items = frozenset()
        self.ruleset = object()
        self.asked: list[str] = []

    def next_answer(self, what, choices):
        self.asked.append(what)
        raise AssertionError("a single answer is no random event")


def _setup() -> ConflictSetup:
    hero = Character(id="hero", name="Hero", system="guts-plus", stats={"gumption": 1})
    return ConflictSetup("many", [Fighter("player", "player", hero)])


def test_a_fight_start_whose_scripts_all_run_past_the_cap_is_unexplored_not_an_index_error():
    game = _Game()
    rules = ClassedRules(_ManyDice(), game, object())  # type: ignore[arg-type]
    with pytest.raises(outcomes.NotExact, match="more than 4000 ways, or an exploding tail"):
        rules.begin(None, _setup())  # type: ignore[arg-type]
    found = next(iter(game.classes.entries.values()))
    assert found.found == [] and found.rest == Fraction(1)
    assert game.asked == []


def test_the_engine_plays_creature_fight_for_the_technician_where_the_analysis_reported_an_error():
    adventure = load_playable("supply-ship").adventure
    technician = next(p for p in adventure.characters if p.id == "technician")
    for seed in range(6):
        game = Game(adventure, seed=seed, character=technician.character(adventure.system), quiet=True)
        game.start()
        game.jump("creature-fight")  # the start may already end it (Jonah and the thing go first)
        for _ in range(200):  # play it out: the first option each time
            if game.offered is None or game.state.ending is not None or game.state.scene != "creature-fight":
                break
            game.choose(game.offered.enabled_keys()[0])
        assert game.state.scene != "creature-fight", seed
