"""Conditions and their cap of 100 (issue 17): re-adding a condition the character already has changes
nothing, so a loop that keeps adding it never reaches the cap; 100 distinct ones stop the game with one
line naming the scene, never an exception the front end did not expect."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.budget import MAX_CONDITIONS
from solo.engine.game import EngineError, Game

ADVENTURE = """format: 1
id: cap
title: Cap
system: guts-plus
start: a
characters:
  - id: pilot
    name: Pilot
    stats: {{gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}}
scenes:
  a:
    title: A
    choices:
      - {{text: Tire, effects: [{{condition: {name}}}], goto: a}}
      - {{text: Go, goto: b}}
  b:
    title: B
    ending: {{outcome: victory}}
"""


def _game(tmp_path, name: str) -> Game:
    path = tmp_path / "cap.yaml"
    path.write_text(ADVENTURE.format(name=name), encoding="utf-8")
    game = Game(loader.load(path).adventure, seed=1)
    game.start()
    game.choose(game.offered.enabled_keys()[0])  # the only pregen
    return game


def test_re_adding_a_held_condition_past_the_cap_changes_nothing(tmp_path):
    game = _game(tmp_path, "tired")
    for _ in range(MAX_CONDITIONS + 20):
        game.choose("1")
    assert game.character.conditions == ["tired"] and not game.finished


def test_the_cap_on_distinct_conditions_stops_with_one_line_naming_the_scene(tmp_path):
    game = _game(tmp_path, "tired")
    game.character.conditions[:] = [f"worn {i}" for i in range(MAX_CONDITIONS)]
    with pytest.raises(EngineError, match=r"scene 'a'.*already has 100 conditions"):
        game.choose("1")
    assert "tired" not in game.character.conditions


def test_at_the_cap_a_held_condition_added_again_is_no_error(tmp_path):
    game = _game(tmp_path, "tired")
    game.character.conditions[:] = ["tired"] + [f"worn {i}" for i in range(MAX_CONDITIONS - 1)]
    game.choose("1")
    assert len(game.character.conditions) == MAX_CONDITIONS and not game.finished
