"""Famous and Agreeable played through an adventure (tests/fixtures/hb-standing.yaml): the
odds on offer carry them, the famous player's +dc2 comes once against the reeve and never
against the more famous bard, and an agreeable answer reads its top face one lower."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.adventure.odds import percent, success_chance
from solo.adventure.validate import validate_path
from solo.engine.game import Game


@pytest.fixture
def fair(fixtures):
    return loader.load(fixtures / "hb-standing.yaml").adventure


def test_the_fixture_validates(fixtures):
    assert [p for p in validate_path(fixtures / "hb-standing.yaml") if p.severity == "error"] == []


def rolled(events):
    return next(e.to_dict()["record"] for e in events if e.type == "roll")


def codes(record):
    return [s.get("code") for s in record["steps"] if isinstance(s, dict)]


def test_fame_once_against_the_reeve_never_against_the_bard_and_the_odds_follow(fair):
    game = Game(fair, seed=4)
    game.start()
    assert game.character.conditions == ["famous"]
    spec = fair.scenes["fair"].choices[0].check
    first = success_chance(fair, game.ruleset, game.character, spec)
    assert game.offered.options[0].hint.endswith(f"{percent(first)} success")
    record = rolled(game.choose("1"))
    assert "famous" in codes(record) and "agreeable" in codes(record)  # the reeve is agreeable to you
    again = success_chance(fair, game.ruleset, game.character, spec)
    assert again < first and game.offered.options[0].hint.endswith(f"{percent(again)} success")
    assert "famous" not in codes(rolled(game.choose("1")))
    assert "famous" not in codes(rolled(game.choose("2")))  # the bard is the more famous


def test_warming_to_the_reeve_makes_your_answer_agreeable(fair):
    game = Game(fair, seed=2)
    game.start()
    spec = fair.scenes["fair"].choices[3].check
    before = success_chance(fair, game.ruleset, game.character, spec)
    game.choose("3")
    assert "agreeable:reeve" in game.character.conditions
    after = success_chance(fair, game.ruleset, game.character, spec)
    assert after < before
    key = next(o.key for o in game.offered.options if o.text.startswith("Let the reeve"))
    assert game.offered.options[int(key) - 1].hint.endswith(f"{percent(after)} success")
    record = rolled(game.choose(key))
    assert record["details"]["defending"] and "agreeable" in codes(record)
