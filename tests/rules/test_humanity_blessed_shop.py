"""The Humanity, Blessed session shop through `solo character` and play: Ability, History,
Lifestyle and Item upgrades and the free adjustments, besides Stat Upgrades."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.engine import events as ev
from solo.engine.game import Game
from solo.rules.base import Character, RulesError
from solo.rules.humanity_blessed import HumanityBlessed

ERRAND = Path(__file__).parents[1] / "fixtures" / "hb-errand.yaml"
HB = HumanityBlessed()
SHEET = """
name: Juniper
system: humanity-blessed
stats: {head: d4, hand: d6, heart: d6, home: d4, hurt: d4, hurry: d6, history: d4}
items: [rope, lantern]
extra:
  best: hand
  lifestyle: Carefree
  value_system: Virtue and Vice
  abilities: [Efficiently Packed, Intuitive Eye]
  touchstones: [baking bread, village gossip]
"""


class Shop:
    """The CLI against one save folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def run(self, *args: str, answers: str = "", ok: bool = True):
        result = CliRunner().invoke(cli, list(args), input=answers, catch_exceptions=False,
                                    env={"SOLO_SAVE_DIR": str(self.folder)})
        if ok:
            assert result.exit_code == 0, result.output
        return result

    def stored(self) -> dict:
        path = self.folder / "characters" / "juniper.json"
        return json.loads(path.read_text(encoding="utf-8"))["character"]

    def keys(self) -> list[str]:
        shown = json.loads(self.run("character", "show", "Juniper", "--json").output)
        return [a["key"] for a in shown["advancement"]]

    def play(self, seed: int) -> None:
        self.run("play", str(ERRAND), "--character", "Juniper", "--seed", str(seed), "--json",
                 answers="3\n" * 3)  # straight to the bakery


@pytest.fixture
def shop(tmp_path: Path) -> Shop:
    sheet = tmp_path / "juniper.yaml"
    sheet.write_text(SHEET, encoding="utf-8")
    shop = Shop(tmp_path)
    shop.run("character", "new", "--system", "humanity-blessed", "--from", str(sheet))
    shop.play(1)  # a session ends: one free upgrade, and the errand's sixteen blessing dice
    juniper = shop.stored()
    assert juniper["resources"]["free_upgrades"] == 1
    assert len(juniper["resources"]["blessings"]) >= 16
    return shop


def test_the_shop_sells_every_kind_of_upgrade(shop):
    keys = shop.keys()
    assert {"stat:head", "stat:hand", "history", "lifestyle:Blossomed", "lifestyle:Prodigious",
            "lifestyle:Crafty", "lifestyle:Lost", "item:rope", "item:lantern"} <= set(keys)
    assert {"ability:Blessed Luck", "ability:Perfect Divination", "ability:Survival Instinct",
            "ability:Synchronized Spark"} <= set(keys)
    assert "ability:Efficiently Packed" not in keys  # had already
    assert "ability:Careful Practice" not in keys  # extends Survival Instinct, which she lacks
    assert "lifestyle:Driven" not in keys  # an Eager upgrade


def test_an_ability_with_a_free_swap_arrives_at_the_end_of_the_next_session(shop):
    shop.run("character", "advance", "Juniper", "--buy",
             "ability:Blessed Luck+swap:Intuitive Eye>Sharp Recall")
    juniper = shop.stored()
    assert juniper["extra"]["abilities"] == ["Efficiently Packed", "Intuitive Eye"]
    assert juniper["extra"]["pending_upgrades"] == [
        {"ability": "Blessèd Luck", "swap": ["Intuitive Eye", "Sharp Recall"]}]
    assert juniper["resources"]["free_upgrades"] == 0
    assert juniper["extra"].get("ability_upgrades", 0) == 0  # the first to extend Efficiently Packed
    shop.play(2)
    juniper = shop.stored()
    assert juniper["extra"]["abilities"] == ["Efficiently Packed", "Sharp Recall", "Blessèd Luck"]
    assert "pending_upgrades" not in juniper["extra"]


def test_paid_upgrades_history_item_and_lifestyle(shop):
    before = len(shop.stored()["resources"]["blessings"])
    shop.run("character", "advance", "Juniper", "--buy", "item:rope")  # the free one
    shop.run("character", "advance", "Juniper", "--buy",
             "history:add=knot tying;change=village gossip>market rumours")  # 3 dice
    shop.run("character", "advance", "Juniper", "--buy", "lifestyle:Crafty")  # 5 dice
    juniper = shop.stored()
    assert juniper["extra"]["quality_items"] == ["rope"]
    assert juniper["extra"]["touchstones"] == ["baking bread", "market rumours", "knot tying"]
    assert juniper["extra"]["pending_upgrades"] == [{"lifestyle": "Crafty"}]
    assert len(juniper["resources"]["blessings"]) == before - 3 - 5
    assert juniper["resources"]["upgrades_bought"] == 2
    left = len(juniper["resources"]["blessings"])
    third = shop.run("character", "advance", "Juniper", "--buy", "item:lantern", ok=False)
    if left >= 7:
        assert third.exit_code == 0 and shop.stored()["extra"]["quality_items"] == ["rope", "lantern"]
    else:
        assert third.exit_code == 1 and "costs 7" in third.output
    assert "lifestyle:Lost" not in shop.keys()  # one Lifestyle Upgrade on its way at a time
    shop.play(3)
    juniper = shop.stored()
    assert juniper["extra"]["lifestyle"] == "Crafty"
    assert juniper["extra"]["starting_lifestyle"] == "Carefree"
    keys = shop.keys()
    assert {"lifestyle:Blossomed", "lifestyle:Prodigious", "lifestyle:Lost"} <= set(keys)
    assert "lifestyle:Crafty" not in keys and "lifestyle:Carefree" not in keys


def test_a_stat_upgrade_with_a_free_move_and_history_edit(shop):
    shop.run("character", "advance", "Juniper", "--buy",
             "stat:history+move:hand>head+history:add=old songs")
    juniper = shop.stored()
    assert juniper["stats"]["history"] == "d6"
    assert (juniper["stats"]["hand"], juniper["stats"]["head"]) == ("d4", "d6")
    assert juniper["extra"]["touchstones"] == ["baking bread", "village gossip", "old songs"]
    assert juniper["extra"]["stat_upgrades"] == 1


def test_the_interactive_shop_asks_for_the_history_edits(shop):
    keys = shop.keys()
    number = keys.index("history") + 1
    result = shop.run("character", "advance", "Juniper", answers=f"{number}\nadd=sheep shearing\n")
    assert "bought history:add=sheep shearing" in result.output
    assert shop.stored()["extra"]["touchstones"][-1] == "sheep shearing"


def test_a_high_quality_item_aids_the_rolls_that_use_it(shop):
    shop.run("character", "advance", "Juniper", "--buy", "item:rope")
    juniper = Character.from_dict(shop.stored())
    game = Game(loader.load(ERRAND).adventure, seed=5, character=juniper)
    game.start()
    game.dice.force(3)  # hand d6 3 vs 6: a would-be failure; the rope gives +1
    option = next(o for o in game.offered.options if o.text.startswith("Lash"))
    events = game.choose(option.key)
    while game.offered.kind == "roll":
        events += game.choose("keep")
    record = next(e.record for e in events if isinstance(e, ev.RollMade) and e.final)
    assert record["details"]["aid"]["source"] == "high-quality rope"
    assert record["total"] == 4 and record["outcome"] == "failure"


@pytest.mark.parametrize("key, message", [
    ("ability:Careful Practice", "requires and extends Survival Instinct"),
    ("ability:Blessed Luck+swap:Efficiently Packed>Sharp Recall", "extended by another"),
    ("history:add=a;add=b;add=c", "one or two"),
    ("stat:hand+history:add=x", "changes the History die"),
    ("stat:hand+move:head>head", "two different stats"),
    ("stat:hand+move:head>heart", "d4 is the smallest"),
    ("lifestyle:Driven", "offers Blossomed, Prodigious, Crafty, Lost"),
    ("item:sword", "does not carry 'sword'"),
    ("stat:hand+swap:Intuitive Eye>Sharp Recall", "cannot go with a stat upgrade"),
])
def test_what_the_shop_refuses_leaves_the_character_as_it_was(shop, key, message):
    before = shop.stored()
    result = shop.run("character", "advance", "Juniper", "--buy", key, ok=False)
    assert result.exit_code == 1 and message in result.output
    assert shop.stored() == before


def test_the_ability_upgrade_counts_twice_at_most():
    juniper = HB.prepare_character(Character(
        name="Juniper", system="humanity-blessed",
        stats={"head": "d4", "hand": "d6", "heart": "d6", "home": "d4", "hurt": "d4",
               "hurry": "d6", "history": "d4"},
        resources={"free_upgrades": 5},
        extra={"abilities": ["Efficiently Packed", "Intuitive Eye"]}))
    HB.advance(juniper, "ability:Survival Instinct")
    HB.advance(juniper, "ability:Armored Skin")
    assert juniper.extra["ability_upgrades"] == 2
    keys = [a.key for a in HB.advancement(juniper)]
    assert "ability:Blessed Luck" in keys  # the first to extend Efficiently Packed: not counted
    assert "ability:Sharp Recall" not in keys
    HB.advance(juniper, "ability:Blessed Luck")
    assert "ability:Epic Fortitude" not in [a.key for a in HB.advancement(juniper)]
    with pytest.raises(RulesError, match="at most 2"):
        HB.advance(juniper, "ability:Sharp Recall")


def test_an_adventure_may_offer_the_shop_in_play(shop):
    juniper = Character.from_dict(shop.stored())  # one free upgrade from the last session
    game = Game(loader.load(ERRAND).adventure, seed=5, character=juniper)
    game.start()
    option = next(o for o in game.offered.options if o.text.startswith("Have the chandler"))
    notes = [e.text for e in game.choose(option.key) if isinstance(e, ev.RulesNote)]
    assert notes == ["advance item:rope: free_upgrades 1 → 0"]
    assert game.character.extra["quality_items"] == ["rope"]
    assert game.character.resources["free_upgrades"] == 0
