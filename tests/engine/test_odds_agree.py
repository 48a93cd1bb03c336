"""Odds everywhere agree: the chance play shows beside a choice is the one `solo graph` prints
for the same check and the same character, and the one the shared odds module computes."""

from __future__ import annotations

import random
import re

import pytest

from solo.adventure import loader
from solo.adventure.graph import edges, shorten
from solo.adventure.odds import percent, success_chance
from solo.engine.game import ALTERNATIVE, CHOICE_ID, Game

BUNDLED = [path.stem for path in loader.bundled_files()]


def _graph_odds(adventure, person_id):
    """(scene, choice label) -> the percentage the graph prints for that choice's check."""
    found = {}
    for edge in edges(adventure, person_id):
        if not edge.lines:
            continue
        match = re.match(r"(.*) \[.* (\d+%)\]$", edge.lines[0])
        if match:
            found[(edge.source, match.group(1))] = match.group(2)
    return found


@pytest.mark.parametrize("adventure_id", BUNDLED)
def test_play_hint_and_graph_agree_for_every_pregen(adventure_id):
    adventure = loader.load(adventure_id).adventure
    compared = 0
    for person in adventure.characters:
        graph = _graph_odds(adventure, person.id)
        rng = random.Random(person.id)
        for seed in range(15):
            game = Game(adventure, seed=seed, character=person.character(adventure.system))
            game.start()
            while not game.finished and game.state.turn < 200:
                offered = game.offered
                if offered.kind == "scene":
                    scene = adventure.scenes[game.state.scene]
                    for option in offered.options:
                        if ALTERNATIVE in option.id:
                            continue
                        choice = scene.choices[int(option.id.removeprefix(CHOICE_ID))]
                        if not option.enabled or choice.check is None or not option.hint:
                            continue
                        shown = re.search(r"(\d+%) success", option.hint).group(1)
                        exact = success_chance(adventure, game.ruleset, game.character, choice.check)
                        assert shown == percent(exact)
                        compared += 1
                game.choose(rng.choice(offered.enabled_keys()))
        # the graph's odds are the pregenerated character's as the game starts with them
        fresh = Game(adventure, seed=0, character=person.character(adventure.system))
        fresh.start()
        for scene in adventure.scenes.values():
            for choice in scene.choices:
                key = (scene.id, shorten(choice.text))
                if choice.check is not None and key in graph:
                    exact = success_chance(adventure, fresh.ruleset, fresh.character, choice.check)
                    assert graph[key] == percent(exact), key
                    compared += 1
    if any(c.check for s in adventure.scenes.values() for c in s.choices):
        assert compared > 0
