"""History scope and Synchronized Uncommonality played through an adventure
(tests/fixtures/hb-scope.yaml): a check written ``scope: clockwork`` offers History instead of the
stat written when the character's touchstones hold it (and an automatic success when the History
die covers the target), each at its exact odds, the same as ``solo odds``; ``scope_with: teo``
swaps History scopes with Teo for the scene (two blessing dice of equal worth), which opens the
checks Teo's touchstones cover and closes the player's own; a save keeps the swap, and leaving
the scene ends it.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.cli import cli
from solo.engine.game import Game

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-scope.yaml"


def _game(path: Path = FIXTURE, seed: int = 3) -> Game:
    game = Game(loader.load(path).adventure, seed=seed)
    game.start()
    return game


def _roll(events) -> dict:
    return next(e for e in (e.to_dict() for e in events) if e["type"] == "roll")["record"]


def _cli(die: str, target: str) -> Fraction:
    out = CliRunner().invoke(cli, ["odds", "humanity-blessed", "--die", die, "--target", target, "--json"])
    return Fraction(json.loads(out.output)["exact"]["success"])


def _offers(game: Game) -> dict[str, str]:
    return {o.id: o.hint for o in game.offered.options}


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.0f}%"


def _settle(game: Game) -> None:
    while game.offered is not None and game.offered.kind == "roll":
        game.choose("1")


def test_the_fixture_validates_and_scope_written_wrong_is_named_by_file_and_line(tmp_path):
    assert [p for p in validate_path(FIXTURE) if p.severity == "error"] == []
    text = FIXTURE.read_text()
    for old, new in (("stat: head\n          target: hard\n          scope: clockwork",
                      "stat: history\n          target: hard\n          scope: clockwork"),  # History is in scope as written
                     ("scope_with: teo", "scope_with: moll"),  # Moll has no touchstones
                     ("scope_with: teo", "scope_with: nobody"),
                     ("scope: [knots, rope work]", "scope: []")):
        bad = tmp_path / "bad.yaml"
        bad.write_text(text.replace(old, new, 1))
        assert bad.read_text() != text
        found = [p for p in validate_path(bad) if p.severity == "error"]
        assert found and all(p.line for p in found), new


def test_a_check_in_the_characters_scope_offers_history_at_exact_odds():
    game = _game()
    record = _roll(game.choose("1"))
    assert record["total"] is None and record["steps"] == [{"code": "scope-open", "touchstone": "clockwork"}]
    texts = {o.id: o.text for o in game.offered.options}
    assert texts == {"keep": "Roll Head d4 as written",
                     "scope-history": "Roll History d8 instead (your History covers clockwork)",
                     "scope-auto": "Succeed automatically with History d8 (outcome one size smaller)"}
    rs = game.ruleset
    from solo.rules.dice import RollRecord

    open_record = RollRecord.from_dict(record)
    me = game.character
    assert rs.offer_odds(open_record, me, "keep").outcomes["success"] == _cli("d4", "hard")
    assert rs.offer_odds(open_record, me, "scope-history").outcomes["success"] == _cli("d8", "hard")
    assert rs.offer_odds(open_record, me, "scope-auto").success_chance() == 1
    assert _offers(game)["scope-auto"] == "then 100% to succeed"
    rolled = _roll(game.choose("2"))
    assert rolled["stat"] == "history" and rolled["steps"][0] == {
        "code": "scope-history", "touchstone": "clockwork", "written": "head"}


def test_a_check_out_of_scope_rolls_as_written():
    game = _game()
    record = _roll(game.choose("2"))  # knots or rope work: not Ines's
    assert record["stat"] == "hand" and record["total"] is not None


def test_the_swap_is_paid_opens_the_companions_scope_and_closes_the_players_own():
    game = _game()
    record = _roll(game.choose("3"))
    assert record["steps"][0] == {"code": "scope-swap", "who": "Teo", "paid": [2, 2], "touchstones": ["river boats", "knots"]}
    assert game.character.resources["blessings"] == [3, 5]
    assert set(_offers(game)) == {"keep", "scope-history", "scope-auto"}
    assert _offers(game)["scope-history"] == f"then {_percent(_cli('d8', 'medium'))} to succeed"
    done = _roll(game.choose("3"))  # History d8 covers target 8: automatic, one size smaller
    assert done["success"] and done["details"]["size"] == "minor"
    _settle(game)
    assert _roll(game.choose("2"))["total"] is None  # knots: now in scope
    game.choose("1")
    _settle(game)
    assert _roll(game.choose("1"))["stat"] == "head"  # clockwork: Ines's own, given away for the scene
    _settle(game)
    again = _roll(game.choose("3"))
    assert again["steps"][0] == {"code": "scope-swap-held", "who": "Teo"} and game.character.resources["blessings"] == [3, 5]


def test_a_save_keeps_the_swap_and_the_next_scene_ends_it():
    game = _game()
    game.choose("3")  # the swap is made and the check waits for the player's pick: a save then is JSON
    saved = json.loads(json.dumps(game.snapshot()))
    waiting = Game.resume(loader.load(FIXTURE).adventure, saved)
    assert set(_offers(waiting)) == {"keep", "scope-history", "scope-auto"}
    _settle(game)
    saved = json.loads(json.dumps(game.snapshot()))
    again = Game.resume(loader.load(FIXTURE).adventure, saved)
    assert again.character.extra["scope_swap"] == {"with": "Teo", "touchstones": ["river boats", "knots"]}
    assert _roll(again.choose("2"))["total"] is None
    again.choose("1")
    _settle(again)
    notes = [e["text"] for e in (e.to_dict() for e in again.choose("4")) if e["type"] == "rules"]
    assert notes == ["Synchronized Uncommonality: your History is your own again; Teo takes back theirs."]
    assert "scope_swap" not in again.character.extra
    assert _roll(again.choose("1"))["stat"] == "hand"  # the market's knot: out of scope again


def test_without_the_ability_there_is_no_swap_and_the_roll_says_why(tmp_path):
    plain = tmp_path / "plain.yaml"
    plain.write_text(FIXTURE.read_text().replace("abilities: [Synchronized Spark, Synchronized Uncommonality]", "abilities: []"))
    game = _game(plain)
    record = _roll(game.choose("3"))
    assert record["steps"][0] == {"code": "no-scope-swap", "who": "Teo", "why": "no-ability"}
    assert record["stat"] == "hand" and game.character.resources["blessings"] == [2, 2, 3, 5]
    words = game.ruleset.step_words(record["steps"][0])
    assert "it needs Synchronized Uncommonality and Synchronized Spark" in words
