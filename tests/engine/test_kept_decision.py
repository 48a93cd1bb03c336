"""The decision a procedure last offered is handed back only for the very same question.

solo/rules/kept_decision.py lets Humanity, Blessed fights and endeavours check the player's key
against the decision just offered instead of pricing every action again. These tests catch a
kept decision handed to another procedure, ruleset, setup or state (a stale menu that would let
a key through that is not on offer now) and one spoiled by the caller changing its own setup
after offering; and a game whose fight keeps its decisions still refuses a key not on offer.
"""

from __future__ import annotations

import random

import pytest

from solo.adventure import loader
from solo.engine.game import Game, InvalidDecision
from solo.rules import kept_decision
from solo.rules.base import Character
from solo.rules.conflict import ENEMY, PLAYER, Action, ConflictError, ConflictSetup, Decision, Fighter


class One:
    pass


class Other:
    pass


def _setup() -> ConflictSetup:
    return ConflictSetup("fight", [Fighter("player", PLAYER, Character("Ada", "x", {"hurt": "d6"})),
                                   Fighter("lout", ENEMY, Character("Lout", "x", {"hurt": "d4"}))])


DECISION = Decision("What now?", (Action("attack:lout", "Attack the lout", None, ""),))


def test_the_same_question_asked_again_gets_the_kept_decision():
    ruleset = object()
    setup, state = _setup(), {"round": 1, "ask": {"kind": "declare"}}
    kept_decision.remember(One, ruleset, setup, state, DECISION)
    assert kept_decision.recall(One, ruleset, _setup(), {"round": 1, "ask": {"kind": "declare"}}) is DECISION


def test_any_other_question_gets_none():
    ruleset = object()
    setup, state = _setup(), {"round": 1, "ask": {"kind": "declare"}}
    kept_decision.remember(One, ruleset, setup, state, DECISION)
    assert kept_decision.recall(Other, ruleset, _setup(), state) is None
    assert kept_decision.recall(One, object(), _setup(), state) is None
    assert kept_decision.recall(One, ruleset, _setup(), {"round": 2, "ask": {"kind": "declare"}}) is None
    hurt = _setup()
    hurt.fighters[1].character.conditions.append("pain")
    assert kept_decision.recall(One, ruleset, hurt, state) is None


def test_a_caller_changing_its_own_setup_or_state_later_does_not_change_what_was_kept():
    ruleset = object()
    setup, state = _setup(), {"round": 1, "ask": {"kind": "declare"}}
    kept_decision.remember(One, ruleset, setup, state, DECISION)
    setup.fighters[0].character.resources["blessings"] = [1]
    state["round"] = 2
    assert kept_decision.recall(One, ruleset, setup, state) is None
    assert kept_decision.recall(One, ruleset, _setup(), {"round": 1, "ask": {"kind": "declare"}}) is DECISION


def test_a_fight_refuses_a_key_not_on_offer_after_offering_its_decision(fixtures):
    game = Game(loader.load(fixtures / "hb-fight.yaml").adventure, seed=1)
    game.start()
    rng = random.Random(1)
    for _ in range(5):
        assert game.offered.kind == "conflict"
        with pytest.raises((ConflictError, InvalidDecision)):
            game.choose("no-such-key")
        game.choose(rng.choice(game.offered.enabled_keys()))
