"""Synchronized Skill played through an adventure (tests/fixtures/hb-loan.yaml): a check written
``loan_from: teo`` with ``loan: Advanced Training`` has Teo (who has Synchronized Skill) lend the
player that ability: the player's pool pays a pair of equal worth, the ability is in force for
every roll of the scene (the hints say so), a save mid-scene keeps the loan, and it goes back
when play enters another scene. The odds offered, the adventure odds and ``solo odds`` agree.
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

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-loan.yaml"
RS = registry.get("humanity-blessed")


def _game(path: Path = FIXTURE, seed: int = 3) -> Game:
    game = Game(loader.load(path).adventure, seed=seed)
    game.start()
    return game


def _events(events) -> list[dict]:
    return [e.to_dict() for e in events]


def _roll(events) -> dict:
    return next(e for e in _events(events) if e["type"] == "roll")["record"]


def _hints(game: Game) -> dict[str, str]:
    return {o.id: o.hint for o in game.offered.options}


def _cli_chance(*args: str) -> float:
    out = CliRunner().invoke(cli, ["odds", "humanity-blessed", "--die", "d8", "--target", "medium", *args, "--json"])
    return json.loads(out.output)["success_chance"]


def _keep(game: Game) -> list[dict]:
    """Keep a roll that waits for Help (if it does)."""
    if game.offered is not None and game.offered.kind == "roll":
        return _events(game.choose("1"))
    return []


def test_the_fixture_validates_and_a_loan_that_cannot_be_is_named_by_file_and_line(tmp_path):
    assert [p for p in validate_path(FIXTURE) if p.severity == "error"] == []
    text = FIXTURE.read_text()
    first = "loan_from: teo\n          loan: Advanced Training\n          outcomes:\n            success: {text: \"The escapement"
    for new in ("loan_from: moll\n          loan: Advanced Training",  # Moll lacks Synchronized Skill
                "loan_from: teo\n          loan: Blessed Luck",  # not one of Teo's
                "loan_from: teo\n          loan: Synchronized Skill",  # not itself
                "loan: Advanced Training",  # no lender
                "loan_from: teo",  # no ability
                "loan_from: master\n          loan: Advanced Training",  # not a companion
                "loan_from: nobody\n          loan: Advanced Training"):
        bad = tmp_path / "bad.yaml"
        bad.write_text(text.replace(first, new + first[len("loan_from: teo\n          loan: Advanced Training"):], 1))
        assert bad.read_text() != text
        found = [p for p in validate_path(bad) if p.severity == "error"]
        assert found and all(p.line for p in found), new
        assert all(p.line in range(37, 44) for p in found), (new, [(p.line, p.message) for p in found])


def test_the_loan_is_paid_and_in_force_for_the_rest_of_the_scene_at_the_odds_offered_everywhere():
    game = _game()
    adventure, me = game.adventure, game.character
    lent, plain = (adventure.scenes["workshop"].choices[i].check for i in (0, 1))
    with_loan = spec_odds(adventure, RS, me, lent).success_chance()
    alone = spec_odds(adventure, RS, me, plain).success_chance()
    assert float(with_loan) == _cli_chance("--training") and float(alone) == _cli_chance()
    assert with_loan > alone
    hints = _hints(game)
    assert hints["choice-0"] == f"Hand: {percent(with_loan)} success" and hints["choice-1"] == f"Hand: {percent(alone)} success"
    record = _roll(game.choose("1"))
    assert {"code": "loan", "who": "Teo", "ability": "Advanced Training", "paid": [2, 2]} == record["steps"][0]
    assert me.resources["blessings"] == [3, 5]
    assert me.extra["loans"] == [{"ability": "Advanced Training", "from": "Teo"}]
    _keep(game)
    # the plain check of the same scene now rolls with the loan: its hint says so
    assert _hints(game)["choice-1"] == f"Hand: {percent(with_loan)} success"
    # asking again for the loan in force pays nothing
    again = _roll(game.choose("1"))
    assert again["steps"][0] == {"code": "loan-held", "who": "Teo", "ability": "Advanced Training"}
    assert me.resources["blessings"][:2] == [3, 5]


def test_a_save_mid_scene_keeps_the_loan_and_leaving_the_scene_gives_it_back(tmp_path):
    game = _game()
    game.choose("1")
    _keep(game)
    saved = json.loads(json.dumps(game.snapshot()))
    again = Game.resume(loader.load(FIXTURE).adventure, saved)
    assert again.character.extra["loans"] == [{"ability": "Advanced Training", "from": "Teo"}]
    lent = spec_odds(again.adventure, RS, again.character, again.adventure.scenes["workshop"].choices[0].check)
    assert _hints(again)["choice-1"] == f"Hand: {percent(lent.success_chance())} success"
    events = _events(again.choose("4"))  # out to the yard: the scene ends
    notes = [e["text"] for e in events if e["type"] == "rules"]
    assert notes == ["Synchronized Skill: Advanced Training goes back to Teo as the scene ends."]
    assert "loans" not in again.character.extra
    plain = spec_odds(again.adventure, RS, again.character, again.adventure.scenes["yard"].choices[0].check)
    assert float(plain.success_chance()) == _cli_chance()
    assert _hints(again)["choice-0"] == f"Hand: {percent(plain.success_chance())} success"


def test_without_a_pair_the_loan_is_not_made_and_the_roll_says_why(tmp_path):
    poor = tmp_path / "poor.yaml"
    poor.write_text(FIXTURE.read_text().replace("blessings: [2, 2, 3, 5]", "blessings: [2, 3, 5]"))
    game = _game(poor)
    me, adventure = game.character, game.adventure
    lent, plain = (adventure.scenes["workshop"].choices[i].check for i in (0, 1))
    assert spec_odds(adventure, RS, me, lent).outcomes == spec_odds(adventure, RS, me, plain).outcomes
    record = _roll(game.choose("1"))
    assert record["steps"][0] == {"code": "no-loan", "who": "Teo", "ability": "Advanced Training"}
    assert "loans" not in me.extra and me.resources["blessings"] == [2, 3, 5]
    words = RS.step_words(record["steps"][0])
    assert "Teo's Advanced Training" in words


def test_a_contest_borrows_too_and_the_step_reads_as_words():
    game = _game()
    adventure, me = game.adventure, game.character
    spec = adventure.scenes["workshop"].choices[2].check
    offered = spec_odds(adventure, RS, me, spec).success_chance()
    master = RS.prepare_character(adventure.npcs["master"].character(adventure.system))
    assert offered != RS.contest_odds(me, master, {"stat": "head"}).success_chance()
    assert _hints(game)["choice-2"] == f"Head vs The old master: {percent(offered)} success"
    record = _roll(game.choose("3"))
    assert record["steps"][0]["code"] == "loan" and me.resources["blessings"] == [3, 5]
    assert RS.step_words(record["steps"][0]) == (
        "  Synchronized Skill: Teo lends you Advanced Training until the scene ends; paid blessing dice 2 and 2")
