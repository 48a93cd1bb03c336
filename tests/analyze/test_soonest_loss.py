"""The soonest-loss bot (solo/playtest/policies.py ``SoonestLossPolicy``) and the ceiling it gives
the worst play (solo/analyze/floors.py ``CEILING_PLAYS``), on the moor fixture worked by hand in
its header: the option nearest a loss by the scene graph, careful-bottom's pick among the nearest."""

from __future__ import annotations

import math
import random
from pathlib import Path

from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.analyze.floors import CEILING_PLAYS
from solo.engine.game import Game
from solo.playtest.policies import _facts, make_policy
from pregen_play import load_as

MOOR = Path(__file__).parent / "fixtures" / "moor.yaml"


def _moor():
    return load_as(MOOR)


def test_moves_to_a_loss_by_the_scene_graph_ignore_conditions():
    """The crossroads is one move from the bog by its shut bog path; victory never counts."""
    adventure, _ = _moor()
    facts = _facts(adventure)
    steps = {sid: facts.loss_steps(sid) for sid in adventure.scenes}
    assert steps == {"crossroads": 1, "lane": math.inf, "tor": 1, "meadow": 1, "home": math.inf,
                     "bog": 0, "ravine": 0}
    crossroads = adventure.scenes["crossroads"].choices
    assert [facts.choice_loss_steps(c, "crossroads") for c in crossroads] == [math.inf, 1, 2, 2]


def test_the_picks_worked_by_hand():
    """The stones first (tied with the tor, the first of the nearest), then the tor, then the leap."""
    adventure, scout = _moor()
    game = Game(adventure, seed=3, character=scout, quiet=True, alternatives=False)
    game.start()
    bot = make_policy("soonest-loss", random.Random(0))
    walked = []
    while game.offered is not None and len(walked) < 10:
        key = bot.choose(game)
        walked.append((game.state.scene, next(o.text for o in game.offered.options if o.key == key)))
        game.choose(key)
    assert walked[:3] == [("crossroads", "Circle the standing stones"), ("crossroads", "Climb the tor"),
                          ("tor", "Leap for the ledge")]
    assert game.state.scene in ("ravine", "bog")


def test_exact_odds_worked_by_hand():
    """Ravine 1/4, bog 3/4 in six states; careful-bottom walks home every time."""
    adventure, scout = _moor()
    found = analyze(adventure, scout, "soonest-loss")
    assert found["method"] == "exact" and found["states"] == 6
    assert found["exact"] == {"home": "0/1", "bog": "3/4", "ravine": "1/4"}
    assert analyze(adventure, scout, "careful-bottom")["exact"]["home"] == "1/1"


def test_the_ceiling_names_the_play_that_loses_most():
    """soonest-loss is the first ceiling; on the moor it loses every time, exactly, so the worst
    play is known at once and careful-bottom is not explored. Explored second, after careful-bottom
    (which wins every time), it is still the ceiling named."""
    assert [name for name, _ in CEILING_PLAYS] == ["soonest-loss", "careful-bottom"]
    assert CEILING_PLAYS[0][1] + CEILING_PLAYS[1][1] < 1  # each share counts from its own play's start
    adventure, scout = _moor()
    first = analyze(adventure, scout, "worst", budget=Budget(max_states=8), quick_first=False)
    assert [c["play"] for c in first["ceilings"]] == ["soonest-loss"]
    assert first["method"] == "exact" and first["goal_exact"] == "1/1" and first["play"]["name"] == "soonest-loss"
    second = analyze(adventure, scout, "worst", budget=Budget(max_states=8), quick_first=False,
                     ceiling_plays=(("careful-bottom", 0.3), ("soonest-loss", 0.6)))
    assert [(c["play"], c["goal"]) for c in second["ceilings"]] == [("careful-bottom", 0.0), ("soonest-loss", 1.0)]
    assert second["ceiling"]["play"] == "soonest-loss" and second["ceiling"]["victory_at_most"] == 0.0
    assert second["method"] == "exact" and second["goal_exact"] == "1/1"
