"""GAME snares that can hold a weak escaper for good: the book's rule stands, `solo validate` warns.

Played on ``tests/fixtures/game-perils.yaml``: the netter throws its net with Throw/Ensnare 4, so
a hit can reach intensity 4; Wren's best Easy Wilderness/Escape excess is 3 and Holt's 2, so a hit
of that intensity leaves them no chance to get free (the escape must reach the intensity).
"""

from __future__ import annotations

from fractions import Fraction

from click.testing import CliRunner

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.cli import cli
from solo.rules.game.fight.checks import escape_reach
from solo.rules.registry import get


def test_validate_warns_at_the_opponent_when_a_pregens_escape_chance_can_be_zero(fixtures):
    problems = [p for p in validate_path(fixtures / "game-perils.yaml") if p.code == "conflict-caution"]
    assert [(p.severity, p.line) for p in problems] == [("warning", 63), ("warning", 63)]
    text = (fixtures / "game-perils.yaml").read_text().splitlines()[62]
    assert "netter" in text  # the line of the opponent whose net it is
    messages = [p.message for p in problems]
    assert messages == [
        "Netter's Net can hold Wren for good: a hit of intensity 4 leaves an escape chance of 0 "
        "(Wilderness/Escape excess at most 3)",
        "Netter's Net can hold Holt for good: a hit of intensity 3 to 4 leaves an escape chance of 0 "
        "(Wilderness/Escape excess at most 2)",
    ]
    result = CliRunner().invoke(cli, ["validate", str(fixtures / "game-perils.yaml")])
    assert result.exit_code == 0  # a warning: the book's rule is kept
    assert "game-perils.yaml:63:19: warning: Netter's Net can hold Wren for good" in result.output


def test_the_zero_is_the_rulesets_exact_escape_chance_and_a_better_escaper_is_not_warned(fixtures, tmp_path):
    adventure = loader.load(fixtures / "game-perils.yaml").adventure
    rules = get("game")
    person = next(p for p in adventure.characters if p.id == "wren")
    wren = rules.prepare_character(person.character("game"))
    assert escape_reach(rules, wren) == 3
    odds = rules.check_odds(wren, {"stat": "Wilderness/Escape", "difficulty": "easy"})
    excess = odds.distributions["excess"]
    assert sum((p for e, p in excess.items() if e >= 4), Fraction(0)) == 0  # intensity 4: no way out
    assert sum((p for e, p in excess.items() if e >= 3), Fraction(0)) > 0
    text = (fixtures / "game-perils.yaml").read_text()
    path = tmp_path / "perils.yaml"
    path.write_text(text.replace("Wilderness/Escape: 3", "Wilderness/Escape: 4")
                        .replace("Wilderness/Escape: 2", "Wilderness/Escape: 4"))
    assert not [p for p in validate_path(path) if p.code == "conflict-caution"]
