"""``--exhaustive`` forces fights onto the results not yet taken, as it forces checks' branches."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.engine.game import Game
from solo.playtest.exhaustive import fight_plan
from solo.session import load_playable

BRAWL = Path(__file__).parent / "broken" / "brawl.yaml"


@pytest.mark.parametrize("wanted", ["won", "lost", "fled"])
def test_a_fight_plan_replayed_on_the_game_ends_the_fight_as_wanted(wanted):
    adventure = load_playable(BRAWL).adventure
    game = Game(adventure, seed=3, character=adventure.characters[0].character(adventure.system))
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.text == "Cross the yard"))
    assert game.offered.kind == "conflict"
    found = fight_plan(game, [wanted], random.Random(wanted))
    assert found is not None
    faces, actions, result = found
    assert result == wanted
    game.dice.force(*faces)
    ended = []
    for key in actions:
        ended += [e.result for e in game.choose(key) if e.type == "conflict-end"]
    assert ended == [wanted]


def test_the_sweep_takes_every_result_of_the_fight_by_forcing_it_and_still_names_the_soft_lock():
    result = CliRunner().invoke(cli, ["playtest", str(BRAWL), "--exhaustive", "--runs", "20", "--step-limit", "80",
                                      "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found["branches"] == {"tested": 3, "total": 3} and found["untested_branches"] == []
    assert found["forced_fights"] >= 2  # one plan per result not yet taken when the fight began
    assert "cellar" in found["stuck_in"]  # behind the lost fight
    assert found["unreached_scenes"] == ["vault"]
