"""GUTS+ Essence played through an adventure file (``tests/fixtures/guts-essence.yaml``).

Wren has a hot aura at density 3 (range 10 ft) and knows Sense, Heat and Hit; Moss has Essence 1
with no aura written (it is rolled when the adventure begins) and knows Touch. What is checked is
what a player meets: the odds shown on an Essence check, a skill not known or a target beyond
range making no roll, choices offered by ``trait(...)``, strain from a negative impact (twice: a
head injury through protection), and Hit as an attack in a fight with its exact chance.
"""

from __future__ import annotations

import shutil
from fractions import Fraction

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.engine.game import Game
from solo.rules.base import Character
from solo.rules.guts_plus import AURAS, GutsPlus

WELL, BELL, LATCH, GATE, KEYS, STRAIN, FIGHT = (f"choice-{n}" for n in range(7))


@pytest.fixture
def yard(fixtures):
    return loader.load(fixtures / "guts-essence.yaml").adventure


def start(adventure, who: str = "wren", seed: int = 3) -> Game:
    game = Game(adventure, seed=seed)
    game.start()
    game.choose(who)
    assert game.offered.kind == "scene"
    return game


def option(game: Game, id_: str):
    return next(o for o in game.offered.options if o.id == id_)


def rolls(events) -> list[dict]:
    return [e.to_dict()["record"] for e in events if e.type == "roll"]


def texts(events, kind: str) -> list[str]:
    return [e.text for e in events if e.type == kind]


def test_an_essence_check_within_range_on_a_known_skill_shows_the_rulesets_exact_odds(yard):
    game = start(yard)
    exact = GutsPlus().check_odds(game.character, {"stat": "essence", "skill": "sense", "reach": 10})
    plain = GutsPlus().check_odds(Character("x", "guts-plus", {}), {"dice": 3})
    assert exact.outcomes == plain.outcomes  # density 3: three dice, nothing else changes
    shown = round(float(exact.success_chance()) * 100)
    assert option(game, WELL).hint == f"Essence: {shown}% success"
    game.dice.force(4, 5, 4)
    events = game.choose(WELL)
    if game.offered.kind == "roll":
        events += game.choose("keep")
    record = rolls(events)[-1]
    assert record["dice"] == [4, 5, 4] and record["outcome"] == "success"
    assert "Your essence brushes cold iron." in texts(events, "text")


def test_a_target_beyond_range_or_a_skill_not_known_is_a_failure_with_no_roll(yard):
    game = start(yard)
    for choice in (BELL, LATCH, KEYS):
        assert option(game, choice).hint == "Essence: 0% success"
    assert {o.id for o in game.offered.options if o.parent} == {f"{WELL}/voluntary-failure",
                                                                 f"{GATE}/voluntary-failure"}
    xp = game.character.resources["xp"]
    before = game.dice.get_state()["count"] if "count" in game.dice.get_state() else None
    events = game.choose(BELL)  # Sense at 20 ft: Wren's essence reaches 10
    (record,) = rolls(events)
    assert record["dice"] == [] and record["outcome"] == "failure"
    assert record["details"]["blocked"] == {"why": "reach", "reach": 20, "range": 10}
    assert texts(events, "text") == ["The bell hangs out of reach."]
    events = game.choose(KEYS)  # Grab: a honed skill Wren does not know
    (record,) = rolls(events)
    assert record["details"]["blocked"] == {"why": "skill", "skill": "grab"}
    assert game.character.resources["xp"] == xp  # no dice, no XP
    if before is not None:
        assert game.dice.get_state()["count"] == before  # nothing was rolled
    words = GutsPlus().step_words(record["steps"][0])
    assert words == "no roll: the skill grab is not one this essence knows → failure"


def test_trait_offers_the_hot_aura_skill_only_to_a_character_who_knows_it(yard):
    wren = start(yard, "wren")
    assert option(wren, GATE).enabled
    moss = start(yard, "moss")
    assert not option(moss, GATE).enabled
    assert option(moss, GATE).reason == "Only a hot aura can warm it."
    assert option(moss, LATCH).hint != "Essence: 0% success"  # Touch at 5 ft: Moss reaches 5


def test_an_aura_left_out_of_the_file_is_rolled_on_the_books_d6_when_the_adventure_begins(yard):
    seen = set()
    for seed in range(12):
        game = Game(yard, seed=seed)
        game.start()
        events = game.choose("moss")
        aura = game.character.extra["aura"]
        assert aura in AURAS.values()
        assert f"Moss's Essence aura: {aura} (rolled)." in texts(events, "rules")
        seen.add(aura)
    assert len(seen) > 1  # the die decides, not a fixed answer
    game = Game(yard, seed=0)
    game.start()
    events = game.choose("wren")  # written in the file: kept, nothing rolled
    assert game.character.extra["aura"] == "hot"
    assert not any("aura" in t for t in texts(events, "rules"))


def test_a_negative_impact_on_essence_strains_and_a_strain_effect_then_is_a_head_injury(yard):
    game = start(yard)
    game.dice.force(1, 1, 2)
    events = game.choose(WELL)
    if game.offered.kind == "roll":
        events += game.choose("keep")
    assert rolls(events)[-1]["outcome"] == "negative-impact"
    assert game.character.conditions == ["strained"]
    assert "Something in your head pulls tight." in texts(events, "text")
    game.choose(STRAIN)  # the adventure's own strain on a strained character
    assert game.character.extra["injuries"]["head"] == 1


def _turn(game: Game, key: str, *faces: int) -> list:
    game.dice.force(*faces)
    events = game.choose(key)
    if game.offered.kind == "conflict" and any(o.id == "aim:any" for o in game.offered.options):
        events += game.choose("aim:any")
    return events


def test_hit_is_an_essence_attack_in_a_fight_whose_negative_impact_strains_and_wears_off(yard):
    game = start(yard)
    game.dice.force(6, 1, 1, 1)  # initiative: Wren 6, the Warden 3: Wren goes first
    game.choose(FIGHT)
    hit = option(game, "attack:warden:essence-hit")
    assert hit.text == "Attack the Warden with your essence (Hit)"
    warden = game.adventure.npcs["warden"]
    odds = GutsPlus().contest_odds(game.character, _npc(warden), {"stat": "essence", "opponent_stat": "gumption"})
    assert Fraction(hit.odds) == odds.outcomes["success"] + odds.outcomes["positive-impact"] + odds.outcomes["near-success"]
    # round 1: Wren 1 1 2 against the Warden's 6 5 4: a negative impact, so Wren is strained;
    # the Warden swings back and misses (Wren's 6 against its 1 1 2)
    events = _turn(game, "attack:warden:essence-hit", 1, 1, 2, 6, 5, 4, 6, 1, 1, 2)
    said = texts(events, "conflict-action")
    assert any(t.startswith("You strike at the Warden with your essence (Hit): it goes badly wrong") for t in said)
    assert "You are strained." in said and game.character.conditions == ["strained"]
    # round 2: the same again: strained twice is a head injury the cap does not stop
    events = _turn(game, "attack:warden:essence-hit", 1, 1, 2, 6, 5, 4, 6, 1, 1, 2)
    assert game.character.extra["injuries"]["head"] == 1
    assert game.character.extra["protection"]["head"] == 0
    assert ("You are already strained: your head takes an injury that no protection stops."
            in texts(events, "conflict-action"))
    assert "Round 3: free for all." in texts(events, "conflict-action")
    assert game.character.conditions == ["strained"]  # strained anew in round 2: it holds
    # round 3: bare hands (no Essence), a miss each way; as round 4 opens a full round has
    # passed since Wren last strained, and the strain wears off
    events = _turn(game, "attack:warden:hands", 4, 1, 2, 3, 6, 1, 1, 2)
    said = texts(events, "conflict-action")
    assert said.index("Round 4: free for all.") < said.index("Your strain wears off.")
    assert "strained" not in game.character.conditions
    assert not game.dice.forced_pending


def _npc(npc) -> Character:
    return GutsPlus().prepare_character(npc.character("guts-plus"))


def test_validate_refuses_skills_of_another_aura_or_beyond_the_density(fixtures, tmp_path):
    text = (fixtures / "guts-essence.yaml").read_text()
    bad = text.replace("essence_skills: [sense, heat, hit]", "essence_skills: [sense, cool, hit]")
    path = tmp_path / "bad.yaml"
    path.write_text(bad)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1
    assert "cool is a skill of the cold aura" in result.output and "bad.yaml:" in result.output
    many = text.replace("essence_skills: [sense, heat, hit]", "essence_skills: [sense, heat, hit, grab]")
    path.write_text(many)
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and "at most 1 honed skill" in result.output
    path.write_text(text.replace("reach: 20", "reach: -5"))
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and "reach" in result.output
