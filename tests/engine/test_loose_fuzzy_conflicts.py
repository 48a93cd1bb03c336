"""Loose and Fuzzy fights inside a game: decisions with exact odds, the fight's view, saves made
mid-fight, the character taken out, and the bundled adventure's fight over many seeded runs."""

from __future__ import annotations

import collections
import json
import random
from fractions import Fraction

import pytest
import yaml

from solo.adventure import loader
from solo.adventure.model import build
from solo.engine.game import Game
from solo.rules.loose_fuzzy.fight.procedure import win_chance


@pytest.fixture
def bridge(fixtures):
    return loader.load(fixtures / "lf-fight.yaml").adventure


def play(game: Game, rng: random.Random, limit: int = 400) -> list[dict]:
    stream = [e.to_dict() for e in game.start()]
    for _ in range(limit):
        if game.finished:
            break
        key = rng.choice(game.offered.enabled_keys())
        stream.append({"type": "answer", "key": key})
        stream += [e.to_dict() for e in game.choose(key)]
    return stream


def test_each_round_offers_the_stances_with_exact_odds_and_shows_the_fight(bridge):
    game = Game(bridge, seed=1)
    events = game.start()
    offered = game.offered
    assert offered.kind == "conflict"
    ids = [o.id for o in offered.options]
    assert ids[:5] == ["stance:ordinary", "stance:offensive", "stance:defensive",
                       "stance:all-out-attack", "stance:all-out-defence"]
    assert "yield" in ids and any(i.startswith("target:") for i in ids)
    # Sven fights with Swordsman 3 and his sword (+2 over the troll's Body 5), one die fewer if
    # the goblins also come at him; the odds are the exchange's, exactly
    view = next(e for e in events if e.type == "conflict-round").view
    player = next(f for f in view["fighters"] if f["key"] == "player")
    assert [g["label"] for g in player["gauges"]] == ["advantage", "defence"]
    assert any("Swordsman 3" in n for n in view["notes"])
    targets = game.state.pending.data["state"]["targets"]
    assert targets["player"] == "troll" and targets["troll"] == "player"  # steady: the player first

    def partners(key):
        return {t for k, t in targets.items() if k == key} | {k for k, t in targets.items() if t == key}

    mine = 3 - (1 if len(partners("player")) >= 2 else 0)
    theirs = 5 - (1 if len(partners("troll")) >= 2 else 0)
    exact = win_chance(mine, theirs, 2, 0)
    first = offered.options[0]
    assert Fraction(first.odds) == exact
    assert f"{float(exact) * 100:.0f}%" in first.hint


def test_the_same_seed_and_decisions_give_the_same_fight(bridge):
    a = play(Game(bridge, seed=5), random.Random(1))
    b = play(Game(bridge, seed=5), random.Random(1))
    assert json.dumps(a) == json.dumps(b)


def test_a_game_saved_mid_fight_resumes_to_the_same_end(bridge):
    for seed in range(8):
        rng = random.Random(seed)
        whole = Game(bridge, seed=seed)
        whole.start()
        keys = []
        while not whole.finished and len(keys) < 60:
            key = rng.choice(whole.offered.enabled_keys())
            keys.append(key)
            whole.choose(key)
        game = Game(bridge, seed=seed)
        game.start()
        game.choose(keys[0])
        saved = json.loads(json.dumps(game.snapshot()))
        resumed = Game.resume(bridge, saved)
        assert resumed.offered == game.offered
        for key in keys[1:]:
            resumed.choose(key)
        assert resumed.snapshot() == whole.snapshot()


HURT = """
format: 1
id: hurt
title: Hurt
system: loose-fuzzy
start: road
characters:
  - id: sven
    name: Sven
    stats: {cleverness: 2, body: 3, knowledge: 2, perception: 2, tenacity: 3, swordsman: 3, sailor: 2}
    resources: {luck: 2, unluck: 1}
defeated: {text: You fall by the road., goto: inn}
scenes:
  road:
    title: The Road
    text: "Margin so far: {roll.margin}."
    choices:
      - text: Walk into the ambush
        effects: [{condition: serious wound}, {condition: incapacitated}]
      - text: Climb the wall
        check:
          stat: body
          target: 4
          outcomes:
            success: {text: "Over by {roll.margin}."}
            failure: {text: "Short by {roll.margin}."}
  inn:
    title: The Inn
    text: Someone has bandaged you.
    choices:
      - text: Get up
        effects: [{clear: incapacitated}]
        goto: road
      - text: Climb the stairs
        check: {stat: body, target: 4, outcomes: {success: {goto: end}, failure: {goto: end}}}
  end:
    title: End
    ending: {outcome: victory}
"""


def test_a_failed_tenacity_outside_a_fight_runs_the_defeated_branch_and_blocks_rolls():
    game = Game(build(yaml.safe_load(HURT)), seed=1)
    game.start()
    events = game.choose("1")
    assert "Sven is taken out: incapacitated." in [e.text for e in events if e.type == "rules"]
    assert game.state.scene == "inn" and game.state.down == "incapacitated"
    stairs = next(o for o in game.offered.options if o.text == "Climb the stairs")
    assert not stairs.enabled
    game.choose("1")
    assert game.state.down is None and game.state.scene == "road"


def test_how_big_a_check_was_reaches_the_adventure():
    game = Game(build(yaml.safe_load(HURT)), seed=3)
    game.start()
    events = game.choose("2")
    record = next(e for e in events if e.type == "roll" and e.final).record
    margin = record["total"] - 4
    assert record["measures"]["margin"] == margin
    word = "Over" if record["success"] else "Short"
    assert any(e.type == "text" and e.text == f"{word} by {margin}." for e in events)


def test_the_bundled_fight_is_won_and_lost_and_always_ends():
    adventure = loader.load("lantern-fen").adventure
    results = collections.Counter()
    for seed in range(100):
        game = Game(adventure, seed=seed, quiet=True)  # plays as a loud game (test_quiet.py), cheaper
        rng = random.Random(seed)
        events = game.start()
        for _ in range(600):
            results.update(e.result for e in events if e.type == "conflict-end")
            if game.finished:
                break
            keys = game.offered.enabled_keys()
            # head for the fight more often than a random player would
            fight = [k for k in keys if k.startswith("choice-")
                     and "Knock his pole" in next(o.text for o in game.offered.options if o.id == k)]
            key = fight[0] if fight and rng.random() < 0.8 else rng.choice(keys)
            events = game.choose(key)
        assert game.finished, f"seed {seed} did not end"
        assert game.incapacitated() is None  # nobody is left lying on the planks
    assert results["won"] and results["lost"], results
