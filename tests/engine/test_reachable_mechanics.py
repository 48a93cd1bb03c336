"""Book mechanics an author reaches from an adventure file, each played through a fixture:
the exact odds the player is shown equal `solo odds` for the same roll, and the roll made in
play follows the parameters the file gives."""

from __future__ import annotations

import json
from fractions import Fraction

from click.testing import CliRunner

from solo.adventure import loader
from solo.adventure.validate import validate_paths
from solo.cli import cli
from solo.engine.game import Game


def cli_odds(*args: str) -> dict:
    shown = CliRunner().invoke(cli, ["odds", *args, "--json"])
    assert shown.exit_code == 0, shown.output
    return json.loads(shown.output)["outcomes"]


def test_game_plain_contest_against_a_group_acting_together(fixtures):
    """tests/fixtures/game-gang-contest.yaml: Lift/Smash 4 against three dockers (rating 2)
    pulling as one, `opponent_group: 3`, the odds of `solo odds game --versus-group`."""
    path = fixtures / "game-gang-contest.yaml"
    assert [p for p in validate_paths([str(path)]) if p.severity == "error"] == []
    game = Game(loader.load(path).adventure, seed=1)
    game.start()
    expected = cli_odds("game", "--skill", "4", "--versus", "2", "--versus-group", "3")
    alone = cli_odds("game", "--skill", "4", "--versus", "2")
    assert expected["success"] == float(Fraction(125, 512)) and expected["success"] < alone["success"]
    assert game.offered.options[0].hint == "Lift/Smash vs The Dockers: 24% success"
    rolled = [e for e in game.choose("1") if e.type == "roll"]
    extra = rolled[0].record["details"]["opponent"]["extra"]
    assert [(d["succeeds_on"], d["reason"]) for d in extra] == [(3, "group of 3")]


def test_game_no_dodging_in_heavy_armour(fixtures, tmp_path):
    """tests/fixtures/game-fight.yaml with Mira in a chain coat and no shield: the book says a
    dodge needs no or light armour, so her dodge is on show but refused, with the reason."""
    import yaml

    data = yaml.safe_load((fixtures / "game-fight.yaml").read_text())
    mira = next(c for c in data["characters"] if c["id"] == "mira")
    mira["items"] = ["maul", "chain"]
    path = tmp_path / "game-fight.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    game = Game(loader.load(path).adventure, seed=1)
    game.start()
    for _ in range(10):
        if game.offered.kind == "conflict":
            break
        if game.offered.kind == "character":
            game.choose(next(o.key for o in game.offered.options if "Mira" in o.text))
        else:
            game.choose(game.offered.enabled_keys()[0])
    dodge = next(o for o in game.offered.options if o.id == "block")
    assert not dodge.enabled and dodge.reason == "no dodging in heavy armour (and nothing to block with)"
