"""Ascendant Spark played through an adventure (tests/fixtures/hb-ascendant.yaml): a check that
names two more stats (`spark: [heart, home]`) rolls three balanced d8s as one spark and pays
two pairs of blessing dice; the odds offered are those of the three dice; without the ability
the third stat is left out and the roll says why.
"""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.conflict import percent

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-ascendant.yaml"
RS = registry.get("humanity-blessed")


def test_the_fixture_validates_and_a_spark_list_must_name_two_stats(tmp_path):
    assert [p for p in validate_path(FIXTURE) if p.severity == "error"] == []
    bad = tmp_path / "bad.yaml"
    bad.write_text(FIXTURE.read_text().replace("spark: [heart, home]", "spark: [heart]"))
    found = [p for p in validate_path(bad) if p.severity == "error"]
    assert found and all(p.line for p in found)


def test_three_stats_roll_as_one_spark_paid_twice_at_the_odds_offered():
    adventure = loader.load(FIXTURE).adventure
    game = Game(adventure, seed=1)
    game.start()
    me = game.character
    three = RS.check_odds(me, {"stat": "head", "spark": ["heart", "home"], "target": "trial"}).outcomes["success"]
    two = RS.check_odds(me, {"stat": "head", "spark": "heart", "target": "trial"}).outcomes["success"]
    assert three > two
    hints = {o.id: o.hint for o in game.offered.options}
    assert hints["choice-0"] == f"Head + Heart + Home spark (4 blessing dice): {percent(three)} success"  # read11: says what it pays
    events = [e.to_dict() for e in game.choose("1")]
    record = next(e for e in events if e["type"] == "roll")["record"]
    assert record["details"]["stats"] == ["head", "heart", "home"]
    assert sorted(record["details"]["spark_paid"]) == [2, 2, 3, 3] and me.resources["blessings"][:1] == [5]


def test_without_the_ability_the_third_stat_is_left_out_and_the_roll_says_why(tmp_path):
    plain = tmp_path / "plain.yaml"
    plain.write_text(FIXTURE.read_text().replace("abilities: [Radical Self-Acceptance, Ascendant Spark]",
                                                 "abilities: [Radical Self-Acceptance]"))
    game = Game(loader.load(plain).adventure, seed=1)
    game.start()
    events = [e.to_dict() for e in game.choose("1")]
    record = next(e for e in events if e["type"] == "roll")["record"]
    assert record["details"]["stats"] == ["head", "heart"]
    assert {"code": "no-ascendant", "why": "no-ability"} in record["steps"]
    me = game.character
    me.resources["blessings"] = [2, 2, 3, 3]
    assert RS.check_odds(me, {"stat": "head", "spark": ["heart", "home"], "target": "trial"}).outcomes == \
        RS.check_odds(me, {"stat": "head", "spark": "heart", "target": "trial"}).outcomes
