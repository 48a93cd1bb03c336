"""The examples of docs/authoring.md: they validate cleanly and the complete one plays to an end."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import CODES, format_problems, validate_path
from solo.engine.game import Game

GUIDE = Path(__file__).parents[2] / "docs" / "authoring.md"
MAX_DECISIONS = 400


def example(name: str) -> str:
    """The fenced yaml block that follows the line ``<!-- example: NAME -->``."""
    text = GUIDE.read_text(encoding="utf-8")
    match = re.search(rf"^<!-- example: {re.escape(name)} -->\n```yaml\n(.*?)^```$", text, re.S | re.M)
    assert match, f"no example {name!r} in {GUIDE}"
    return match.group(1)


@pytest.fixture(params=["complete", "tutorial"])
def example_file(request, tmp_path) -> Path:
    path = tmp_path / f"{request.param}.yaml"
    path.write_text(example(request.param), encoding="utf-8")
    return path


def test_the_examples_validate_without_problems(example_file):
    problems = validate_path(example_file)
    assert problems == [], "\n" + format_problems(problems)


@pytest.mark.parametrize("seed", range(8))
def test_the_complete_example_plays_to_an_ending(tmp_path, seed):
    path = tmp_path / "complete.yaml"
    path.write_text(example("complete"), encoding="utf-8")
    adventure = loader.load(path).adventure
    answers = random.Random(seed)
    game = Game(adventure, seed=seed)
    game.start()
    for _ in range(MAX_DECISIONS):
        if game.finished:
            break
        game.choose(answers.choice(game.offered.enabled_keys()))
    assert game.finished
    assert game.state.ending in {"beacon", "battered", "lost-in-the-storm"}


def test_a_random_player_sometimes_lights_the_lamp(tmp_path):
    path = tmp_path / "complete.yaml"
    path.write_text(example("complete"), encoding="utf-8")
    adventure = loader.load(path).adventure
    for seed in range(300):
        answers = random.Random(seed)
        game = Game(adventure, seed=seed)
        game.start()
        while not game.finished:
            game.choose(answers.choice(game.offered.enabled_keys()))
        if game.state.ending in ("beacon", "battered"):
            assert game.state.objectives["light-the-lamp"]
            return
    pytest.fail("no random playthrough reached the lit lamp")


def test_the_guide_lists_every_problem_code():
    text = GUIDE.read_text(encoding="utf-8")
    missing = [code for code in CODES if f"| `{code}` |" not in text]
    assert missing == []
