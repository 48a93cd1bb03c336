"""Synchronized Spark played through an adventure (tests/fixtures/hb-synchronized.yaml): a check
or contest with ``spark_with: <companion>`` sparks the player's stat with the companion's stat
named by ``spark``, when both have the ability and the stats are balanced; the player's pool
pays the pair; the odds offered, the adventure odds and ``solo odds`` agree; without the
ability on either side the spark is refused and the roll says why.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from solo.adventure import loader
from solo.adventure.odds import spec_odds
from solo.adventure.validate import validate_path
from solo.cli import cli
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.conflict import percent

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-synchronized.yaml"
RS = registry.get("humanity-blessed")


def _game(path: Path = FIXTURE, seed: int = 3) -> Game:
    game = Game(loader.load(path).adventure, seed=seed)
    game.start()
    return game


def _roll(events) -> dict:
    return next(e for e in (e.to_dict() for e in events) if e["type"] == "roll")["record"]


def test_the_fixture_validates_and_a_stranger_or_a_list_is_named_by_file_and_line(tmp_path):
    assert [p for p in validate_path(FIXTURE) if p.severity == "error"] == []
    for old, new in (("spark_with: moll", "spark_with: watch"), ("spark_with: moll", "spark_with: nobody"),
                     ("spark_with: moll", "spark_with: [moll]"),
                     ("spark: hand\n          spark_with: teo", "spark: wits\n          spark_with: teo"),
                     ("spark: hand\n          spark_with: teo", "spark_with: teo")):
        bad = tmp_path / "bad.yaml"
        bad.write_text(FIXTURE.read_text().replace(old, new))
        found = [p for p in validate_path(bad) if p.severity == "error"]
        assert found and all(p.line for p in found), new
        assert bad.read_text() != FIXTURE.read_text()


def test_a_spark_with_a_synchronized_companion_rolls_their_stat_at_the_odds_offered_everywhere():
    game = _game()
    adventure, me = game.adventure, game.character
    spec = adventure.scenes["lane"].choices[0].check
    mine = spec_odds(adventure, RS, me, spec).success_chance()
    cli_odds = CliRunner().invoke(cli, ["odds", "humanity-blessed", "--die", "d8", "--spark", "--target", "trial", "--json"])
    assert json.loads(cli_odds.output)["success_chance"] == float(mine)  # two balanced d8s
    alone = RS.check_odds(me, {"stat": "head", "target": "trial"}).success_chance()
    assert mine > alone
    hints = {o.id: o.hint for o in game.offered.options}
    assert hints["choice-0"] == f"Head + a companion's Head spark (2 blessing dice): {percent(mine)} success"  # read11: says what it pays
    record = _roll(game.choose("1"))
    assert record["details"]["stats"] == ["head", "head"]
    assert sorted(record["details"]["spark_paid"]) == [2, 2] and me.resources["blessings"] == [3, 5]
    assert {"code": "synchronized", "who": "Teo", "stat": "head"} in record["steps"]


def test_a_contest_sparks_with_the_companions_hand_and_the_offer_carries_it():
    game = _game()
    adventure, me = game.adventure, game.character
    spec = adventure.scenes["lane"].choices[2].check
    synced = spec_odds(adventure, RS, me, spec).success_chance()
    watch = adventure.npcs["watch"].character(adventure.system)
    alone = RS.contest_odds(me, RS.prepare_character(watch), {"stat": "head"}).success_chance()
    assert synced > alone
    assert {o.id: o.hint for o in game.offered.options}["choice-2"] == f"Head + a companion's Hand spark (2 blessing dice) vs The night watch: {percent(synced)} success"
    record = _roll(game.choose("3"))
    assert record["details"]["stats"][:2] == ["head", "hand"]


def test_without_the_ability_on_either_side_the_spark_is_refused_and_the_roll_says_why(tmp_path):
    game = _game()
    me, adventure = game.character, game.adventure
    spec = adventure.scenes["lane"].choices[1].check  # Moll has no Synchronized Spark
    assert spec_odds(adventure, RS, me, spec).outcomes == RS.check_odds(me, {"stat": "head", "target": "trial"}).outcomes
    record = _roll(game.choose("2"))
    assert record["details"]["stats"] == ["head"] and me.resources["blessings"] == [2, 2, 3, 5]
    assert {"code": "no-spark", "why": "no-sync-mate", "who": "Moll"} in record["steps"]
    plain = tmp_path / "plain.yaml"
    plain.write_text(FIXTURE.read_text().replace("abilities: [Synchronized Spark, Synchronized Enmity]\nnpcs", "abilities: []\nnpcs"))
    record = _roll(_game(plain).choose("1"))
    assert record["details"]["stats"] == ["head"]
    assert {"code": "no-spark", "why": "no-sync", "who": "Teo"} in record["steps"]


def test_a_game_with_a_synchronized_roll_saves_as_json_and_resumes(tmp_path):
    game = _game()
    game.choose("1")
    saved = json.loads(json.dumps(game.snapshot()))  # the companion who sparked is kept as data
    again = Game.resume(loader.load(FIXTURE).adventure, saved)
    assert json.loads(json.dumps(again.snapshot())) == saved
    assert again.character.resources["blessings"] == [3, 5]
