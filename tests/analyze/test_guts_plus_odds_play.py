"""The GUTS+ bots play a roll the way its exact odds are computed: every bonus die the roll
earned, their pips placed by the best split, mastery's best change last (``odds.PLAY``, played
by ``policies.odds_offer``). Walked exactly over every face the dice can show
(:mod:`every_roll`), the outcome classes of the play the bots and the analyzer make
(``outcomes.play_roll``) are the analyzer's exact ones, for supply-ship's checks as its
pregens make them: plain, with a helper's dice, and with mastery (the quality at level 10 with
10 learning experiences, ``fewer_dice`` bringing the dice back to a few so the walk stays small).

Before sitting 13 the play placed the pips as soon as mastery was still to come, declining the
bonus dice not yet rolled, and never used mastery at all (its offers are keyed by die and value,
never ``mastery``): the mastery cases read otherwise than their odds.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from every_roll import distribution
from solo.adventure import loader
from solo.adventure.odds import check_params, opponent_of
from solo.analyze import outcomes
from solo.engine.game import Game
from solo.playtest.policies import dice_decision, odds_offer
from solo.rules import registry
from solo.rules.base import Character
from solo.rules.dice import Dice
from solo.rules.guts_plus import offers

SHIP = loader.load("supply-ship").adventure
FIXTURE = Path(__file__).parents[1] / "fixtures" / "guts-rules.yaml"
RULES = registry.get(SHIP.system)


def _pregen(pregen: str, master: str | None = None) -> Character:
    """A prepared pregen; with ``master``, that quality at level 10 with 10 learning experiences."""
    who = next(p for p in SHIP.characters if p.id == pregen).character(SHIP.system)
    if master is not None:
        who.stats[master] = 10
        who.resources.setdefault("learning", {})[master] = 10
    return RULES.prepare_character(who)


def _fewer(spec, dice: int):
    """``spec`` with ``dice`` fewer dice to roll (the check as a condition would make it)."""
    return dataclasses.replace(spec, params={**spec.params, "fewer_dice": dice})


WELD, BRACE, HATCH, CARBOY = ("cargo-breach", "Weld a plate"), ("cargo-breach", "Patch the hole"), \
    ("command-module", ""), ("creature-sighted", "Clap the glass carboy over it")

CASES = [
    # (pregen, the quality mastered or None, (scene, choice text), fewer dice, helper's dice, mastery)
    ("engineer", None, WELD, 0, 0, False),
    ("manager", None, BRACE, 0, 2, False),
    ("manager", None, HATCH, 0, 2, False),
    ("engineer", "fixing", WELD, 7, 0, True),
    ("engineer", "utility", BRACE, 8, 2, True),
    ("engineer", None, CARBOY, 0, 0, False),
    ("engineer", "utility", CARBOY, 8, 0, True),
]


def _check(scene: str, text: str):
    spec = next((c.check for c in SHIP.scenes[scene].choices
                 if c.check is not None and c.text.startswith(text)), None)
    assert spec is not None, (scene, text)
    return spec


@pytest.mark.parametrize("pregen, master, where, fewer, helper, mastery", CASES,
                         ids=[f"{c[0]}-{c[2][0]}-{'mastery' if c[5] else 'plain'}-{n}" for n, c in enumerate(CASES)])
def test_the_bots_roll_play_reads_as_the_exact_odds(pregen, master, where, fewer, helper, mastery):
    spec = _check(*where)
    if fewer:
        spec = _fewer(spec, fewer)
    character = _pregen(pregen, master)
    params = check_params(SHIP, RULES, spec)
    parsed = RULES.parse_check(params, character)
    assert (parsed.helper_dice, parsed.mastery) == (helper, mastery)
    assert parsed.dice <= 3  # the walk over every face stays small
    opponent = opponent_of(SHIP, RULES, spec) if spec.kind == "contest" else None

    def play(dice: Dice):
        who = Character.from_dict(character.to_dict())
        record = outcomes.play_roll(RULES, dice, who, opponent, params, spec)
        return record.outcome, outcomes.branch_key(spec, record.outcome, record.success)

    walked = distribution(play, floor=Fraction(1, 10**12))
    assert walked.unexplored == 0
    exact = outcomes.outcome_classes(SHIP, RULES, character, spec)
    assert {k: v for k, v in walked.probabilities.items() if v} == {k: v for k, v in exact.items() if v}


def test_the_odds_play_takes_every_bonus_die_before_placing_with_mastery_left():
    """The roll the finding named: two bonus dice, mastery still to use. After the first bonus
    die the best split is on offer (mastery is left after it); the play rolls the other bonus die
    first, then places the 2 pips by the best split, then uses mastery's best change, then keeps."""
    character = _pregen("engineer", "utility")
    params = check_params(SHIP, RULES, _fewer(_check(*BRACE), 7))
    dice = Dice(1)
    dice.force(1, 1, 6, 1, 1, 1, 1)  # the engineer's 1 1 6, Jonah's 1 1 (two matches); bonus 1, 1
    record = RULES.check(dice, character, params)
    assert record.details["bonus_left"] == 2
    taken: list[str] = []
    while (key := odds_offer(RULES, record, on_offer := RULES.offers(record, character))) is not None:
        if taken == ["bonus"]:
            assert any(o.key == "place:best" and not o.disabled for o in on_offer)  # placing was on offer
        taken.append(key)
        record = RULES.apply_offer(dice, record, character, key)
    assert taken == ["bonus", "bonus", "place:best", "mastery:2=6"]
    assert (record.details["placement"]["pips"], record.details["placement"]["declined"]) == (2, 0)
    assert (record.details["values"], record.outcome) == ([3, 6, 6], "positive-impact")


@pytest.mark.parametrize("pregen, text", [("master", "Tune the array"), ("cadet", "Push the crate")])
def test_the_engine_bot_plays_a_roll_as_the_exact_odds(pregen, text):
    """The bots' own answers (dice_decision, what every policy plays a roll by) through a game,
    every face walked: the guts-rules fixture's master tunes the array with mastery (thought 10,
    7 fewer dice), the cadet pushes the crate without."""
    adventure = loader.load(str(FIXTURE)).adventure
    game = Game(adventure, seed=5)
    game.start()
    game.choose(pregen)
    at = game.snapshot()
    choice = next(o.key for o in game.offered.options if o.text == text)
    spec = next(c.check for c in adventure.scenes["workshop"].choices if c.text == text)

    def play(dice: Dice):
        replay = Game.resume(adventure, at)
        replay.dice = dice
        replay.choose(choice)
        while replay.offered.kind == "roll":
            replay.choose(dice_decision(replay, replay.offered))
        last = replay.state.last_roll
        return last["outcome"], outcomes.branch_key(spec, last["outcome"], last["success"])

    walked = distribution(play, floor=Fraction(1, 10**12))
    assert walked.unexplored == 0
    exact = outcomes.outcome_classes(adventure, game.ruleset, game.character, spec)
    assert {k: v for k, v in walked.probabilities.items() if v} == {k: v for k, v in exact.items() if v}
