"""Humanity, Blessed situational aid on a would-be loss (book: Receiving Situational Aid), from
the defending side: Armored Skin gives a defender +dc2 against violence, played through an
adventure file (tests/fixtures/hb-help-aid.yaml) in a fight and in a plain defending contest.
The chance to hold the player is offered carries the aid exactly, the aid die is rolled only
when the defence would otherwise lose, and the player sees what it added.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.conflict import percent
from solo.rules.reasons import step_lines

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-help-aid.yaml"
YARD, SWING = "3", "4"
HB = registry.get("humanity-blessed")

# Ada's hurry d6 answering a blow of 5 (a tie holds; a 1 bumps: 1 plus another roll). Worked by
# hand. Alone she holds on a 5 or 6, or on a 1 whose roll on makes 4 more: 2/6 + 1/6 * 23/36.
# With Armored Skin a would-be loss adds a dc2 (2, or 3+ one time in four): a 3 or 4 holds, a 2
# holds one time in four, a 1 always (its roll on makes at least 3): (4 + 1/4 + 1) / 6.
ALONE = Fraction(95, 216)
ARMORED = Fraction(7, 8)


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def blow_of_five(adventure, *abilities: str) -> Game:
    """A game in the yard fight where the bully has the focus and swings at Ada: 5."""
    game = Game(adventure, seed=0)
    game.start()
    game.character.extra["abilities"] = list(abilities)
    game.choose(YARD)
    game.dice.force(2, 5)  # focus: Tam 2, the bully's hurt d8 5 (Ada stands her ground)
    game.choose("hold")
    assert game.offered.prompt == "The miller's bully attacks you: 5. How do you answer?"
    return game


def defence(events) -> dict:
    return next(e.roll for e in events if e.to_dict()["type"] == "conflict-action" and e.roll)


def test_armored_skin_in_a_fight_offers_the_defence_with_the_aid_in_its_exact_chance(adventure):
    armored = {o.id: o for o in blow_of_five(adventure, "Armored Skin").offered.options}["defend:hurry"]
    alone = {o.id: o for o in blow_of_five(adventure).offered.options}["defend:hurry"]
    assert Fraction(armored.odds) == ARMORED and armored.hint == "88% to hold against 5"
    assert Fraction(alone.odds) == ALONE and alone.hint == f"{percent(ALONE)} to hold against 5"


def test_armored_skin_turns_a_would_be_loss_in_a_fight_and_says_so(adventure):
    game = blow_of_five(adventure, "Armored Skin")
    game.dice.force(3, 2)  # hurry 3 would lose to 5; Armored Skin's dc2 shows 2: 5, a tie holds
    events = game.choose("defend:hurry")
    record = defence(events)
    assert record["details"]["aid"] == {"source": "Armored Skin", "value": 2, "rounds": [[2]]}
    assert record["success"] and record["total"] == 5 and record["details"]["opponent_total"] == 5
    said = [e.to_dict().get("text") for e in events]
    assert said[:2] == ["The miller's bully attacks you: 5 against your Hurry 5.", "You hold."]
    assert "Ada aid (Armored Skin): +2" in [line.strip() for line in step_lines(record)]
    assert not game.character.conditions  # no wound

    game = blow_of_five(adventure)  # the same dice without the ability: the blow lands
    game.dice.force(3)
    record = defence(game.choose("defend:hurry"))
    assert "aid" not in record["details"] and not record["success"] and record["total"] == 3


def test_a_defence_that_holds_alone_draws_no_aid_die(adventure):
    game = blow_of_five(adventure, "Armored Skin")
    game.dice.force(5)  # hurry 5 holds against 5 by itself: the aid is for a would-be loss only
    count = game.dice.count
    record = defence(game.choose("defend:hurry"))
    assert record["success"] and "aid" not in record["details"]
    assert game.dice.count - count == 1  # the defence die, and no aid die


def test_armored_skin_answers_a_plain_violent_contest_the_player_defends(adventure):
    game = Game(adventure, seed=0)
    game.start()
    bully = adventure.npc_characters("bully", HB.prepare_character)[0]
    params = {"stat": "hurry", "violent": True, "defending": True}
    armored = HB.contest_odds(game.character, bully, params).outcomes["success"]
    option = next(o for o in game.offered.options if o.key == SWING)
    assert option.hint == f"Hurry vs The miller's bully: {percent(armored)} success"
    game.character.extra["abilities"] = []
    assert HB.contest_odds(game.character, bully, params).outcomes["success"] < armored
    game.character.extra["abilities"] = ["Armored Skin"]
    game.dice.force(6, 4, 3)  # the bully's hurt d8 6; Ada's hurry 4 would lose; the dc2's d4 shows 3, read as 2
    events = game.choose(SWING)
    while game.offered.kind == "roll":
        events += game.choose("keep")
    record = next(e.record for e in events if e.to_dict()["type"] == "roll" and e.final)
    assert record["details"]["aid"]["source"] == "Armored Skin" and record["total"] == 6
    assert "You take it on your shoulder and stand (0 to spare)." in [e.to_dict().get("text") for e in events]
