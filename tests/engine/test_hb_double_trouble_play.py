"""Double Trouble played through an adventure (tests/fixtures/hb-double-trouble.yaml): in a clash,
the player may pair two of their summons whose dice are balanced; the pair's roll is a spark of
one stat from each (the Synchronized Spark roll, one definition), paid with two of the player's
blessing dice of equal worth, offered at its exact chance and focus chance; the second summon
rolls nothing of its own that round.
"""

from __future__ import annotations

import json
from pathlib import Path

from solo.adventure import loader
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.base import Character
from solo.rules.conflict import percent
from solo.rules.humanity_blessed.words import notes

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-double-trouble.yaml"
PAIR = "pair:player~s1:player~s2"


def clash(seed: int = 0, abilities: list[str] | None = None) -> Game:
    game = Game(loader.load(FIXTURE).adventure, seed=seed)
    game.start()
    if abilities is not None:
        game.character.extra["abilities"] = abilities
    game.choose("1")
    return game


def test_a_pair_spark_is_offered_at_the_odds_of_one_spark_of_the_same_two_dice():
    game = clash()
    pair = next(o for o in game.offered.options if o.id == PAIR)
    assert pair.text == ("Double Trouble: Pell and Quill spark dc4 + dc4 together "
                         "(two blessing dice of equal worth; not your action)")
    hb = registry.get("humanity-blessed")
    one = Character(name="one", system="humanity-blessed", stats={"hand": "dc4", "home": "dc4"},
                    resources={"blessings": [2, 2]})
    spark = hb.check_odds(one, {"stat": "hand", "spark": "home", "target": 7, "focal": True}).success_chance()
    single = hb.check_odds(one, {"stat": "hand", "target": 7, "focal": True}).success_chance()
    assert spark > single
    assert pair.hint.startswith(f"{percent(spark)} success, ")


def test_pairing_pays_two_equal_dice_and_the_pair_rolls_one_spark_for_the_lead_summon():
    game = clash()
    events = [e.to_dict() for e in game.choose(PAIR)]
    assert "Double Trouble: Pell and Quill work together, a spark of one stat from each (paid 2 and 2)." in \
        [e.get("text") for e in events]
    assert game.character.resources["blessings"] == [3, 3]
    assert not any(o.id.startswith("pair:") for o in game.offered.options)  # once a round
    events = [e.to_dict() for e in game.choose("check:hand")]
    actions = [e for e in events if e["type"] == "conflict-action"]
    pell = next(e for e in actions if e["actor"] == "player~s1" and e.get("roll"))
    assert pell["text"] == "Pell tries Hand dc4 sparked with Quill's Hand dc4 (Double Trouble): 8."
    assert pell["roll"]["details"]["stats"] == ["hand", "hand"] and len(pell["roll"]["dice"]) == 2
    assert "spark_paid" not in pell["roll"]["details"]  # the summoner paid, not the summon
    said = notes(pell["roll"])  # what line mode and transcripts show under the roll
    assert [n.strip() for n in said if "Quill" in n] == ["Double Trouble: paired with Quill's hand."]
    assert not any("Synchronized Spark" in n for n in said)  # a pair needs no Synchronized Spark
    quill = [e for e in actions if e["actor"] == "player~s2"]
    assert [e["text"] for e in quill] == ["Quill sits out the focus roll."]
    view = next(e for e in events if e["type"] == "conflict-round")["view"]
    assert json.dumps(view).count("tries Hand dc4 sparked with Quill") == 1
    assert json.dumps(view).count("in Pell's pair") == 1


def test_a_game_saved_after_pairing_resumes_to_the_same_round():
    game = clash()
    game.choose(PAIR)
    saved = json.loads(json.dumps(game.snapshot()))
    again = Game.resume(loader.load(FIXTURE).adventure, saved)
    first = [e.to_dict() for e in game.choose("check:hand")]
    second = [e.to_dict() for e in again.choose("check:hand")]
    assert first == second


def test_without_the_ability_no_pair_is_offered():
    game = clash(abilities=["Concerted Effort"])
    assert not any(o.id.startswith("pair:") for o in game.offered.options)


def test_a_pair_needs_two_blessing_dice_of_equal_worth():
    game = Game(loader.load(FIXTURE).adventure, seed=0)
    game.start()
    game.character.resources["blessings"] = [2, 3]
    game.choose("1")
    assert not any(o.id.startswith("pair:") for o in game.offered.options)
    assert game.character.resources["blessings"] == [2, 3]
