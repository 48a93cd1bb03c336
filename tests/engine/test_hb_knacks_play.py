"""The characters' own line abilities played through an adventure (tests/fixtures/hb-knacks.yaml):
Dirty Trick leaves terrain that stops the drover, Calling Card saves one being made, and
Ambidexterity muddles two buttons in a round, never more."""

from __future__ import annotations

import random

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game

SCENES = {"race": "1", "sneak": "2", "wisp": "3"}


@pytest.fixture
def roads(fixtures):
    return loader.load(fixtures / "hb-knacks.yaml").adventure


def texts_of(adventure, scene: str, seed: int) -> list[list[str]]:
    """The endeavour's lines, round by round."""
    game = Game(adventure, seed=seed)
    rng = random.Random(seed)
    events = [e.to_dict() for e in game.start()] + [e.to_dict() for e in game.choose(SCENES[scene])]
    for _ in range(400):
        if game.finished:
            break
        events += [e.to_dict() for e in game.choose(rng.choice(game.offered.enabled_keys()))]
    rounds: list[list[str]] = [[]]
    for event in events:
        if event["type"] == "conflict-action":
            if event["text"].startswith("Round "):
                rounds.append([])
            rounds[-1].append(event["text"])
    return rounds


def test_the_fixture_validates(fixtures):
    assert [p for p in validate_path(fixtures / "hb-knacks.yaml") if p.severity == "error"] == []


def test_dirty_tricks_stop_the_drover(roads):
    left = stopped = 0
    for seed in range(8):
        lines = [t for r in texts_of(roads, "race", seed) for t in r]
        left += sum("You leave a dirty trick" in t for t in lines)
        stopped += sum("Rook the drover" in t and "the dirty trick stops them" in t for t in lines)
    assert left and stopped


def test_a_calling_card_once_then_being_made_ends_it(roads):
    for seed in range(6):
        lines = [t for r in texts_of(roads, "sneak", seed) for t in r]
        cards = sum("calling card" in t for t in lines)
        made = [n for n, t in enumerate(lines) if "You are made" in t]
        assert cards <= 1
        if made:  # the first time you would be made, the card is played instead
            assert cards == 1 and any("calling card" in t for t in lines[:made[0]])


def test_ambidexterity_muddles_two_buttons_a_round_never_three(roads):
    most = 0
    for seed in range(8):
        for lines in texts_of(roads, "wisp", seed):
            most = max(most, sum("You strike a crack" in t for t in lines))
    assert most == 2
