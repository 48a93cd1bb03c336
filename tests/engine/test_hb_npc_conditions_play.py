"""Humanity, Blessed conditions on an NPC, given in the adventure (``conditions:`` under ``npcs:``):
the book's conditions are on characters, whoever plays them, and the rules read them on whoever
rolls. A Disarmed NPC that attacks has its violent maximum read as very major, in the odds shown
and in the roll (fixture: tests/fixtures/hb-disarmed-npc.yaml, a disarmed deserter and his
armed twin). Each condition the rules list in ``npc_conditions`` changes an NPC's contest odds."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.engine import events as ev
from solo.engine.game import Game
from solo.rules.base import Character
from solo.rules.humanity_blessed import HumanityBlessed
from solo.rules.humanity_blessed.conditions import NPC_CONDITIONS

FIXTURE = Path(__file__).parents[1] / "fixtures" / "hb-disarmed-npc.yaml"
RULES = HumanityBlessed()


@pytest.fixture(scope="module")
def lane():
    return loader.load(FIXTURE).adventure


def test_an_npc_starts_with_the_conditions_the_file_gives_it(lane):
    assert lane.npcs["deserter"].character(lane.system).conditions == ["disarmed"]
    assert lane.npcs["sergeant"].character(lane.system).conditions == []


@pytest.mark.parametrize("npc", ["sergeant", "deserter"])
def test_a_disarmed_npc_s_blow_by_10_is_very_major_where_the_armed_one_s_is_the_maximum(lane, npc):
    game = Game(lane, seed=3)
    game.dice.force(1, 1)  # the lucky number: both 1, so there is none
    game.start()
    disarmed = npc == "deserter"
    dodge = next(o for o in game.offered.options if o.text.startswith("Dodge the " + npc))
    opponent = RULES.prepare_character(lane.npcs[npc].character(lane.system))
    odds = RULES.contest_odds(game.character, opponent, {"stat": "hurry", "violent": True, "defending": True}).outcomes
    armed = RULES.contest_odds(game.character, RULES.prepare_character(lane.npcs["sergeant"].character(lane.system)),
                               {"stat": "hurry", "violent": True, "defending": True}).outcomes
    assert armed["maximum"] > 0
    if disarmed:
        assert odds["maximum"] == 0 and odds["very-major"] == armed["very-major"] + armed["maximum"]
    game.dice.force(1, 1, 10, 2)  # his Hurt d10 bumps twice: 1 + 1 + 10 = 12; Ada's Hurry 2
    events = game.choose(dodge.key)
    record = next(e.record for e in events if isinstance(e, ev.RollMade) and e.final)
    assert record["measures"] == {"size": "very-major" if disarmed else "maximum", "margin": -10}
    assert f"The blow lands: {'very-major' if disarmed else 'maximum'}." in " ".join(
        e.text for e in events if isinstance(e, ev.Narration))


def _npc(*conditions: str) -> Character:
    return RULES.prepare_character(Character(
        id="thug", name="Thug", system="humanity-blessed", conditions=list(conditions),
        stats={"hurt": "d10", "hurry": "d6", "head": "d6", "hand": "d8", "heart": "d6", "home": "d6"}))


@pytest.mark.parametrize("condition", NPC_CONDITIONS)
def test_each_condition_the_rules_read_on_an_npc_changes_its_contest_odds(condition):
    player = RULES.prepare_character(Character(
        name="Ada", system="humanity-blessed",
        stats={"hurt": "d6", "hurry": "d4", "head": "d6", "hand": "d6", "heart": "d8", "home": "d6"}))
    params = {"stat": "hurry", "violent": True, "defending": True, "opponent_aid": 1}
    assert RULES.contest_odds(player, _npc(condition), params).outcomes != RULES.contest_odds(player, _npc(), params).outcomes
