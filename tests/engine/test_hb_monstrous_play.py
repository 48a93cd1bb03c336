"""Humanity, Blessed monstrous abilities played through an adventure (tests/fixtures/hb-monstrous.yaml):
every ability the fixture's monstrosities hold fires in play, the offered odds carry them (a
contest against an immune stat is offered at 0%), the endeavour can end either way, and a save
made mid-endeavour resumes there to the same end.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from collections import Counter

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game

SCENES = {"wolves": "1", "brute": "2"}
#: What each ability says when it fires (the fixture's monstrosities hold them all).
FIRES = {"Shield": "uses Shield", "Mirror": "uses Mirror", "Fervor": "uses Fervor", "Clarity": "uses Clarity",
         "Inspire": "uses Inspire", "Flatten": "uses Flatten", "Debilitate": "uses Debilitate",
         "Revenge": "takes its Revenge", "Unrelenting": "is unrelenting", "Merciless": "is merciless",
         "Empower": "uses Empower", "Propel": "uses Propel", "recharge": "to ready"}


@pytest.fixture
def adventure(fixtures):
    return loader.load(fixtures / "hb-monstrous.yaml").adventure


def play(adventure, seed: int, scene: str) -> tuple[Game, list[dict]]:
    game = Game(adventure, seed=seed)
    rng = random.Random(seed)
    stream = [e.to_dict() for e in game.start()] + [e.to_dict() for e in game.choose(SCENES[scene])]
    for _ in range(600):
        if game.finished:
            break
        stream += [e.to_dict() for e in game.choose(rng.choice(game.offered.enabled_keys()))]
    return game, stream


def test_the_fixture_validates(adventure):
    assert [p for p in validate_path(adventure.source) if p.severity == "error"] == []


#: Seeds per scene, picked by a search of seeds 0-29 in both scenes: the smallest set in which
#: every ability in FIRES fires and the fights end won, captured and at the goal (wolves 0 is
#: captured, wolves 1 won, brute 0 reaches the goal, brute 18 is captured). All 60 games cost
#: 5.6 s of CPU for the same classes.
FIRING_SEEDS = {"wolves": (0, 1), "brute": (0, 18)}


def test_every_ability_fires_and_either_side_can_win(adventure):
    fired, results = Counter(), Counter()
    for scene in SCENES:
        for seed in FIRING_SEEDS[scene]:
            _, stream = play(adventure, seed, scene)
            for event in stream:
                if event["type"] == "conflict-action":
                    fired.update(name for name, words in FIRES.items() if words in event["text"])
            ends = [e for e in stream if e["type"] == "conflict-end"]
            assert len(ends) == 1 and stream[-1]["type"] == "ending"
            results[ends[0]["result"]] += 1
    assert set(FIRES) <= set(fired), set(FIRES) - set(fired)
    assert {"won", "captured", "goal"} <= set(results), results


def option(game: Game, key: str):
    return next((o for o in game.offered.options if o.id == key), None)


def test_contests_against_the_brutes_immune_stat_are_offered_at_nothing_and_never_won(adventure):
    held = 0
    for seed in range(6):
        game = Game(adventure, seed=seed)
        rng = random.Random(seed)
        game.start()
        stream = [e.to_dict() for e in game.choose(SCENES["brute"])]
        for _ in range(300):
            if game.finished:
                break
            contest = option(game, "contest:brute")
            if contest is not None and contest.enabled:
                stream += [e.to_dict() for e in game.choose(contest.key)]
                head, hurry = option(game, "contest:brute:head"), option(game, "contest:brute:hurry")
                assert Fraction(head.odds) == 0 and Fraction(hurry.odds) > 0
                stream += [e.to_dict() for e in game.choose(head.key)]
            else:
                stream += [e.to_dict() for e in game.choose(rng.choice(game.offered.enabled_keys()))]
        texts = [e["text"] for e in stream if e["type"] == "conflict-action"]
        held += sum("is immune to Head" in t for t in texts)
        for n, text in enumerate(texts):
            if text.startswith("You contest The bog brute"):
                assert not any(t.startswith("You win the contest") for t in texts[n + 1:n + 3]), texts[n:n + 3]
    assert held


def test_a_save_made_mid_endeavour_resumes_there_to_the_same_end(adventure):
    for seed in range(3):
        whole, _ = play(adventure, seed, "brute")
        rng = random.Random(seed)
        game = Game(adventure, seed=seed)
        game.start()
        game.choose(SCENES["brute"])
        for _ in range(6):
            if game.finished:
                break
            game.choose(rng.choice(game.offered.enabled_keys()))
        resumed = Game.resume(adventure, json.loads(json.dumps(game.snapshot())))
        assert resumed.offered == game.offered
        for _ in range(600):
            if game.finished:
                break
            key = rng.choice(game.offered.enabled_keys())
            game.choose(key)
            resumed.choose(key)
        assert resumed.snapshot() == game.snapshot() == whole.snapshot()
