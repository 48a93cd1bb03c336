"""GAME perils an adventure file can set in a fight: the free avoidance attempt against area
damage (book: Block/Dodge and Leap/Tumble) and ensnaring (Throw/Ensnare, Wilderness/Escape),
played through tests/fixtures/game-perils.yaml."""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.rules.game.fight import kit as kits


@pytest.fixture
def yard(fixtures):
    return loader.load(fixtures / "game-perils.yaml").adventure


def start(adventure, who: str) -> Game:
    game = Game(adventure, seed=3)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.text == who))
    return game


def act(game: Game, action: str, *faces: int) -> list[dict]:
    game.dice.force(*faces)
    return [e.to_dict() for e in game.choose(next(o.key for o in game.offered.options if o.id == action))]


def lines(events: list[dict]) -> list[str]:
    return [e["text"] for e in events if e.get("text")]


def fp(game: Game) -> int:
    return game.character.resources["fp"]


def test_a_free_leap_clear_of_an_area_attack_escapes_it_whole_and_costs_no_action(yard):
    game = start(yard, "Wren")  # Leap/Tumble 5 beats her Block/Dodge 2
    # the sapper's fire-bomb hits (Throw/Ensnare 4 + 7: excess 3); Wren leaps (5 + 3 = 8)
    events = act(game, "advance:sapper", 7, 3)
    assert "You leap clear of Fire-bomb: success, excess 0, unscathed." in lines(events)
    assert fp(game) == 8 and not any("Damage on you" in t for t in lines(events))
    # her own move still happens: the advance was not spent on the leap
    assert "Sapper: 1 MU away." in lines(events)


def test_a_failed_avoidance_takes_the_blast_as_usual(yard):
    game = start(yard, "Wren")
    events = act(game, "advance:sapper", 7, 2, 4, 4, 4)  # leap 5 + 2 = 7 fails; 3 dice − AR 1
    assert "You try to leap clear of Fire-bomb: failure." in lines(events)
    assert fp(game) == 8 - 2


def test_in_heavy_armour_the_free_attempt_is_a_leap_never_a_dodge(yard):
    game = start(yard, "Holt")  # Block/Dodge 6 but a mail coat: only his Leap/Tumble 2
    events = act(game, "advance:sapper", 7, 5, 4, 4, 4)  # 2 + 5 = 7: he would have dodged on 6 + 5
    assert "You try to leap clear of Fire-bomb: failure." in lines(events)
    assert fp(game) == 8 - 1  # three dice, 3 FP − AR 2


def test_the_avoidance_chance_is_the_rulesets_exact_check_odds(yard):
    # every face of Wren's one die, played through the fight: the share that escapes is the
    # exact chance the ruleset (and `solo odds game --skill 5`) gives her Leap/Tumble check
    escaped = 0
    for face in range(1, 9):
        game = start(yard, "Wren")
        events = act(game, "advance:sapper", 7, face, 4, 4, 4)
        escaped += "You leap clear of Fire-bomb: success, excess %d, unscathed." % max(0, 5 + face - 8) in lines(events)
    check = game.ruleset.check_odds(game.character, {"stat": "Leap/Tumble", "difficulty": "easy"})
    assert Fraction(escaped, 8) == check.outcomes["success"] == Fraction(3, 4)


@pytest.mark.parametrize("value", ["yes", 1])
def test_area_must_be_true_or_false(value):
    assert kits.item_problems({"weapon": {"kind": "thrown", "area": value}}) == [
        (("weapon", "area"), f"area must be true or false (got {value!r})")]


def test_a_bad_area_flag_is_a_validation_error_naming_the_line(tmp_path, fixtures):
    from solo.adventure.validate import validate_path
    text = (fixtures / "game-perils.yaml").read_text().replace("area: true", "area: maybe")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    report = validate_path(path)
    found = [str(p) for p in report.errors] if hasattr(report, "errors") else [str(p) for p in report]
    assert any("area must be true or false" in f for f in found), found
