"""Radical Self-Acceptance played through an adventure (tests/fixtures/hb-self-acceptance.yaml):
while Uncool, Moth may roll the Hand check with another stat, each choice offered at the exact
odds of the check so rolled; a success that way ends Uncool, a success as written does not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.conflict import percent

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-self-acceptance.yaml"
TRIP, MEND = "1", "2"
RS = registry.get("humanity-blessed")


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def uncool_at_the_check(adventure, seed: int) -> Game:
    game = Game(adventure, seed=seed)
    game.start()
    game.choose(TRIP)
    assert "uncool" in game.character.conditions
    game.choose(MEND)
    return game


def pick(game: Game, option_id: str) -> list[dict]:
    """Take one option, then keep the roll through any later offer (Optimal Solution's Help)."""
    key = next(o.key for o in game.offered.options if o.id == option_id)
    events = [e.to_dict() for e in game.choose(key)]
    while not any(e["type"] == "roll" and e["final"] for e in events):
        events += [e.to_dict() for e in game.choose(next(o.key for o in game.offered.options if o.id == "keep"))]
    return events


def final_roll(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "roll" and e["final"])


def test_the_fixture_validates(adventure):
    assert [p for p in validate_path(adventure.source) if p.severity != "info"] == []


def test_while_cool_the_check_is_rolled_as_written_at_once(adventure):
    game = Game(adventure, seed=0)
    game.start()
    events = [e.to_dict() for e in game.choose(MEND)]
    first = next(e for e in events if e["type"] == "roll")
    assert first["record"]["stat"] == "hand" and first["record"]["dice"]  # rolled at once
    assert not any(o.id.startswith("self-accept-") for o in game.offered.options)
    assert "self_acceptance" not in first["record"]["details"]


def test_while_uncool_each_other_stat_is_offered_at_the_exact_odds_of_the_check_so_rolled(adventure):
    game = uncool_at_the_check(adventure, 0)
    me = game.character
    offered = {o.id: o for o in game.offered.options}
    assert set(offered) == {"keep"} | {f"self-accept-{s}" for s in me.stats if s != "hand"}
    for key, option in offered.items():
        stat = "hand" if key == "keep" else key.removeprefix("self-accept-")
        chance = RS.check_odds(me, {"stat": stat, "target": "easy"}).outcomes["success"]
        assert option.hint == f"then {percent(chance)} to succeed", (key, option.hint)
    head = RS.check_odds(me, {"stat": "head", "target": "easy"}).outcomes["success"]
    hand = RS.check_odds(me, {"stat": "hand", "target": "easy"}).outcomes["success"]
    assert head > hand


def test_a_success_with_another_stat_ends_uncool_and_a_failure_or_the_written_stat_does_not(adventure):
    seen = set()
    for seed in range(12):
        game = uncool_at_the_check(adventure, seed)
        events = pick(game, "self-accept-head")
        record = final_roll(events)["record"]
        assert record["stat"] == "head" and record["details"]["self_acceptance"] == {"written": "hand", "rolled": "head"}
        notes = [e["text"] for e in events if e["type"] == "rules"]
        ended = any("no longer Uncool" in n for n in notes)
        assert ended == record["success"] == ("uncool" not in game.character.conditions)
        seen.add(record["success"])
        kept = uncool_at_the_check(adventure, seed)
        events = pick(kept, "keep")
        record = final_roll(events)["record"]
        assert record["stat"] == "hand" and "self_acceptance" not in record["details"]
        assert "uncool" in kept.character.conditions
    assert seen == {True, False}


def test_a_save_made_while_the_stat_is_being_chosen_resumes_there(adventure):
    game = uncool_at_the_check(adventure, 5)
    resumed = Game.resume(adventure, json.loads(json.dumps(game.snapshot())))
    assert resumed.offered == game.offered
    assert pick(resumed, "self-accept-head") == pick(game, "self-accept-head")
