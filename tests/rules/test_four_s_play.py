"""four-s rules as an adventure meets them: an enemy opposing role-play rolls 1d3."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game


@pytest.fixture
def stall(fixtures):
    return loader.load(fixtures / "four-s-haggle.yaml").adventure


def contest(game: Game, text: str, *faces: int) -> dict:
    game.dice.force(*faces)
    option = next(o for o in game.offered.options if o.text.startswith(text))
    events = game.choose(option.key)
    return next(e for e in events if e.type == "roll").record


def test_an_npc_opposing_role_play_rolls_one_d3(stall):
    """Book line 462. The pedlar has Scharisma up to tier 2 (+2): rolling like a player, its d6 + 2
    against Wren's d6 + 2 would leave Wren 15 chances in 36 (42%); as an enemy it rolls a bare
    1d3, and Wren wins 17 in 18."""
    game = Game(stall, seed=3)
    game.start()
    hint = next(o.hint for o in game.offered.options if o.text.startswith("Haggle"))
    assert hint.endswith("94% success")
    record = contest(game, "Haggle", 1, 3)  # Wren 1 + 2 = 3 against the pedlar's 3: a draw
    assert record["details"]["opponent"]["enemy"] is True
    assert record["details"]["opponent"]["dice"] == [3] and record["details"]["opponent"]["total"] == 3
    assert record["outcome"] == "draw"
    record = contest(game, "Haggle", 2, 3)  # 4 against 3
    assert record["outcome"] == "success" and game.state.ending == "bargain"


def test_an_npc_who_is_not_an_enemy_rolls_like_a_player(stall):
    game = Game(stall, seed=3)
    game.start()
    record = contest(game, "Race", 4, 4)  # Wren 4 + 1 against the pedlar's d6 4 + 1
    assert record["details"]["opponent"]["enemy"] is False
    assert record["details"]["opponent"]["bonus"] == 1 and record["outcome"] == "draw"


def test_an_enemy_with_a_stat_to_roll_is_a_validation_error(tmp_path, fixtures):
    text = (fixtures / "four-s-haggle.yaml").read_text()
    text = text.replace("          stat: scharisma\n          opponent: pedlar\n",
                        "          stat: scharisma\n          opponent: pedlar\n          opponent_stat: support\n")
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    problems = [p for p in validate_path(path) if p.severity == "error"]
    assert [p.code for p in problems] == ["bad-check"]
    assert "an enemy rolls 1d3, not a stat" in problems[0].message
    assert (problems[0].line, problems[0].col) == (24, 26)  # at opponent_stat's value
