"""Loose and Fuzzy rules as an adventure meets them: double 1s, Luck's bound, experience trades,
and the odds `solo odds` prints, each through an adventure file or the command line."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.engine.game import Game


@pytest.fixture
def fen(fixtures):
    return loader.load(fixtures / "lf-fen-rules.yaml").adventure


def choose(game: Game, text: str) -> list:
    option = next(o for o in game.offered.options if o.text.startswith(text))
    return game.choose(option.key)


def test_double_ones_that_reach_the_target_run_the_costly_branch(fen):
    game = Game(fen, seed=1)
    game.start()
    game.dice.force(1, 1, 4, 4, 4)  # Body 5: the marked dice show 1 and 1, the sum 14 beats 4
    events = choose(game, "Heave")
    roll = next(e for e in events if e.type == "roll")
    assert roll.record["outcome"] == "costly-success" and roll.record["success"]
    assert roll.record["details"]["critical"] == "failure"
    assert game.state.ending == "costly"


def test_without_a_costly_branch_the_success_branch_runs(fen):
    game = Game(fen, seed=1)
    game.start()
    game.dice.force(1, 1, 4, 4, 4)
    events = choose(game, "Shove")
    assert game.state.ending == "free"  # before the fix: the critical-failure branch ("worse")
    # the branch can still tell that double 1s came up: roll.critical
    assert any(e.type == "text" and "croak" in e.text for e in events)


def test_luck_never_exceeds_five(fen):
    game = Game(fen, seed=1)
    game.start()
    events = choose(game, "Find a lucky charm")  # Luck 4 + 3
    assert game.character.resources["luck"] == 5
    assert any(e.type == "rules" and "at most 5" in e.text for e in events)


def test_a_voluntary_disability_and_a_luck_die_pay_experience(fen):
    game = Game(fen, seed=1)
    game.start()
    choose(game, "Swear an oath")
    assert game.character.extra["disabilities"] == {"Haunted": 1}
    assert game.character.resources["experience"] == 3  # the price of an ability at 1
    choose(game, "Swear an oath")
    assert game.character.extra["disabilities"] == {"Haunted": 2}
    assert game.character.resources["experience"] == 3 + 6
    events = choose(game, "Trade a Luck die")
    assert game.character.resources["luck"] == 3
    assert game.character.resources["experience"] == 9 + 12  # Luck 4 cost 3 x 4 to buy
    assert any(e.type == "rules" and "luck 4 → 3" in e.text for e in events)


def test_trading_luck_stops_at_one(fen):
    game = Game(fen, seed=1)
    game.start()
    for _ in range(3):
        choose(game, "Trade a Luck die")
    assert game.character.resources["luck"] == 1
    events = choose(game, "Trade a Luck die")
    assert game.character.resources["luck"] == 1
    assert any(e.type == "rules" and "not taken" in e.text for e in events)


def brute_force(count: int, target: int) -> dict[str, Fraction]:
    """Every face of ``count`` d6 (count >= 2): double 1s on the first two are a critical failure
    that the sum still decides; double 6s add an exploding bonus, at least 1, so any target the
    plain sum reaches is reached."""
    out = dict.fromkeys(("critical-failure", "costly-success", "failure", "success"), Fraction(0))
    crit = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=count):
        p = Fraction(1, 6**count)
        reached = sum(faces) >= target
        if faces[0] == faces[1] == 1:
            out["costly-success" if reached else "critical-failure"] += p
        elif faces[0] == faces[1] == 6:
            assert reached or sum(faces) + 1 < target  # the cases below never need the bonus
            crit += p if reached else 0
        else:
            out["success" if reached else "failure"] += p
    out["success"] += out["costly-success"] + crit
    out["failure"] += out["critical-failure"]
    return out


@pytest.mark.parametrize("count,target", [(5, 4), (2, 2), (3, 4), (4, 9)])
def test_solo_odds_agrees_with_brute_force(count, target):
    result = CliRunner().invoke(cli, ["odds", "loose-fuzzy", "--dice", str(count), "--target", str(target), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = brute_force(count, target)
    for label, p in expected.items():
        assert Fraction(data["exact"][label]) == p, label
    if (count, target) == (5, 4):
        assert data["outcomes"]["success"] == 1 and data["exact"]["success"] == "1/1"
        assert data["exact"]["costly-success"] == "1/36" and data["exact"]["critical-failure"] == "0/1"


LF_SHEET = """
name: Moss
system: loose-fuzzy
stats: {cleverness: 2, body: 2, knowledge: 2, perception: 2, tenacity: 2, poacher: 4, fiddler: 3}
"""


def test_character_advance_takes_a_disability_and_sells_luck(tmp_path):
    env = {"SOLO_SAVE_DIR": str(tmp_path)}
    sheet = tmp_path / "moss.yaml"
    sheet.write_text(LF_SHEET)

    def run(*args):
        result = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result

    run("character", "new", "--system", "loose-fuzzy", "--from", str(sheet))
    shown = json.loads(run("character", "show", "Moss", "--json").output)
    keys = {a["key"] for a in shown["advancement"]}
    assert {"disability", "lower:luck"} <= keys
    run("character", "advance", "Moss", "--buy", "disability:Afraid of Geese")
    run("character", "advance", "Moss", "--buy", "lower:luck")
    moss = json.loads((tmp_path / "characters" / "moss.json").read_text())["character"]
    # 17 dice, 5 under the baseline: Luck 2 + 5 = 7, kept at 5; selling one gives 3 x 5
    assert moss["extra"]["disabilities"] == {"Afraid of Geese": 1}
    assert moss["resources"]["luck"] == 4
    assert moss["resources"]["experience"] == 3 + 15
