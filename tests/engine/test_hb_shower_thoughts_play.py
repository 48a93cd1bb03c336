"""Shower Thoughts played through an adventure (tests/fixtures/hb-shower-thoughts.yaml): Wren's
Head check in the bath (tagged ``safe``) is remembered; the strongbox check after it offers to
roll as usual or to use the remembered value, each at its exact odds; the thought is used once.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules.base import Character
from solo.rules import registry
from solo.rules.conflict import percent

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-shower-thoughts.yaml"
RS = registry.get("humanity-blessed")
LOCK = {"stat": "hand", "target": "medium", "modifier": 1}


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def take(game: Game, option_id: str) -> list[dict]:
    key = next(o.key for o in game.offered.options if o.id == option_id)
    return [e.to_dict() for e in game.choose(key)]


def settle(game: Game, events: list[dict]) -> list[dict]:
    """Keep the roll through any later offer (Help) until it is final."""
    while not any(e["type"] == "roll" and e["final"] for e in events):
        events += take(game, "keep")
    return events


def final_roll(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "roll" and e["final"])["record"]


def bathed(adventure, seed: int) -> tuple[Game, dict]:
    game = Game(adventure, seed=seed)
    game.start()
    record = final_roll(settle(game, take(game, "choice-0")))
    return game, record


def test_the_fixture_validates(adventure):
    assert [p for p in validate_path(adventure.source) if p.severity != "info"] == []


def test_a_safe_head_check_is_remembered_with_its_total(adventure):
    game, record = bathed(adventure, 3)
    thought = game.character.extra["session"]["shower_thought"]
    assert thought == {"value": record["total"], "stat": "head"}


def test_without_a_thought_the_check_is_rolled_at_once(adventure):
    game = Game(adventure, seed=0)
    game.start()
    events = take(game, "choice-1")
    first = next(e for e in events if e["type"] == "roll")
    assert first["record"]["dice"] and "shower_thoughts" not in first["record"]["details"]
    assert not any(o.id == "shower-thought" for o in game.offered.options)


def test_the_next_check_offers_the_thought_and_rolling_each_at_exact_odds(adventure):
    for seed in range(8):
        game, bath = bathed(adventure, seed)
        take(game, "choice-1")
        offered = {o.id: o for o in game.offered.options}
        assert set(offered) == {"keep", "shower-thought"}
        rolling = RS.check_odds(game.character, LOCK).outcomes["success"]
        assert offered["keep"].hint == f"then {percent(rolling)} to succeed"
        certain = 1 if bath["total"] + 1 >= 8 else 0
        assert offered["shower-thought"].hint == f"then {percent(certain)} to succeed"
        assert str(bath["total"]) in offered["shower-thought"].text


def test_using_the_thought_rolls_nothing_and_spends_it(adventure):
    game, bath = bathed(adventure, 5)
    record = final_roll(settle(game, take(game, "choice-1") + take(game, "shower-thought")))
    assert record["dice"] == [] and record["total"] == bath["total"] + 1  # the lock's +1
    assert record["success"] == (record["total"] >= 8)
    assert game.character.extra["session"]["shower_thought"]["used"] is True
    take(game, "choice-1")  # the next check is rolled at once
    assert not any(o.id == "shower-thought" for o in game.offered.options)


def test_a_second_safe_check_does_not_replace_the_thought(adventure):
    game, bath = bathed(adventure, 2)
    settle(game, take(game, "choice-0"))
    assert game.character.extra["session"]["shower_thought"]["value"] == bath["total"]


def test_rolling_as_usual_keeps_the_thought_and_a_save_is_json(adventure):
    game, bath = bathed(adventure, 4)
    record = final_roll(settle(game, take(game, "choice-1") + take(game, "keep")))
    assert record["dice"] and "used" not in game.character.extra["session"]["shower_thought"]
    json.dumps(game.character.extra)
    take(game, "choice-1")
    assert any(o.id == "shower-thought" for o in game.offered.options)


def test_a_game_saved_while_the_thought_is_offered_resumes_and_uses_it(adventure):
    game, bath = bathed(adventure, 6)
    take(game, "choice-1")
    saved = json.loads(json.dumps(game.snapshot()))
    again = Game.resume(adventure, saved)
    assert {o.id for o in again.offered.options} == {"keep", "shower-thought"}
    record = final_roll(settle(again, take(again, "shower-thought")))
    assert record["dice"] == [] and record["total"] == bath["total"] + 1


def test_a_contest_the_player_starts_offers_the_thought_at_the_chance_the_bailiff_rolls_under_it(adventure):
    for seed in range(6):
        game, bath = bathed(adventure, seed)
        opened = next(e for e in take(game, "choice-2") if e["type"] == "roll")["record"]
        offered = {o.id: o for o in game.offered.options}
        assert set(offered) == {"keep", "shower-thought"} and opened["dice"] == []
        opponent = Character.from_dict(opened["details"]["shower_thoughts"]["opponent"])
        assert opponent.name == "The bailiff"
        thought = bath["total"] + 1  # the contest's +1
        holds = RS.check_odds(opponent, {"stat": "head", "target": thought}).outcomes["success"]
        assert offered["shower-thought"].hint.startswith(f"then {percent(1 - holds)} to succeed")
        record = final_roll(settle(game, take(game, "shower-thought")))
        assert record["kind"] == "contest" and record["total"] == thought
        assert record["success"] == (thought > record["details"]["opponent_total"])
        assert game.character.extra["session"]["shower_thought"]["used"] is True


def test_a_violent_contest_or_a_defence_is_rolled_as_usual_even_with_a_thought(adventure):
    from solo.rules.humanity_blessed import shower_thoughts

    game, _ = bathed(adventure, 1)
    opened = next(e for e in take(game, "choice-2") if e["type"] == "roll")["record"]
    bailiff = Character.from_dict(opened["details"]["shower_thoughts"]["opponent"])
    me = game.character
    assert shower_thoughts.opens_contest(me, bailiff, {"stat": "head"}) is not None
    assert shower_thoughts.opens_contest(me, bailiff, {"stat": "hurt", "violent": True}) is None
    assert shower_thoughts.opens_contest(me, bailiff, {"stat": "head", "defending": True}) is None


def test_the_safe_tag_on_a_contest_is_refused_at_file_and_line(tmp_path):
    text = FIXTURE.read_text(encoding="utf-8").replace(
        "opponent: bailiff\n", "opponent: bailiff\n          tags: [safe]\n")
    bad = tmp_path / "safe-contest.yaml"
    bad.write_text(text, encoding="utf-8")
    errors = [p for p in validate_path(bad) if p.severity == "error"]
    lines = text.splitlines()
    line = lines.index("          opponent: bailiff") + 2  # the tags line under the contest
    assert len(errors) == 1 and "tag 'safe' is for checks" in errors[0].message
    assert errors[0].line == line
