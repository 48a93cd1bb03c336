"""Humanity, Blessed fights inside a game: decisions with exact odds, the fight's view after
each round, saves made mid-fight, contests the npc starts, and the bundled adventure's fight
over many seeded runs."""

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


@pytest.fixture
def yard(fixtures):
    return loader.load(fixtures / "hb-fight.yaml").adventure


def fighting(game: Game, rng: random.Random, key: str) -> str:
    """A random answer, but never yielding while something else is on offer."""
    keys = game.offered.enabled_keys()
    if game.offered.kind == "conflict":
        texts = {o.key: o.text for o in game.offered.options}
        keys = [k for k in keys if texts[k] != "Yield"] or keys
    return rng.choice(keys)


def test_the_first_decision_offers_attacks_with_the_exact_contest_odds_and_shows_the_fight(yard):
    game = Game(yard, seed=1)
    events = game.start()
    offered = game.offered
    assert offered.kind == "conflict"
    assert [o.id for o in offered.options if o.id.startswith("attack:")] == [
        "attack:boss", "attack:lout-1", "attack:lout-2"]
    data = game.state.pending.data
    boss = data["fighters"]["boss"]["character"]
    from solo.rules.base import Character

    odds = game.ruleset.contest_odds(game.character, Character.from_dict(boss),
                                     {"stat": "hurt", "violent": True})
    first = offered.options[0]
    assert Fraction(first.odds) == odds.outcomes["success"]
    assert f"{float(odds.outcomes['success']) * 100:.0f}% to land" in first.hint
    view = next(e for e in events if e.type == "conflict-round").view
    names = [f["name"] for f in view["fighters"]]
    assert names == ["Ada", "Tam", "The Miller's Bully", "Lout 1", "Lout 2"]
    louts = [f for f in view["fighters"] if f["key"].startswith("lout")]
    assert all(any(t.startswith("→ ") for t in f["tags"]) for f in louts)  # their orders are shown
    assert any(n.startswith("Your dice:") for n in view["notes"])


def test_the_same_seed_and_decisions_give_the_same_fight(yard):
    def run():
        game, rng = Game(yard, seed=5), random.Random(2)
        stream = [e.to_dict() for e in game.start()]
        for _ in range(300):
            if game.finished:
                break
            key = fighting(game, rng, "")
            stream += [e.to_dict() for e in game.choose(key)]
        return json.dumps(stream)
    assert run() == run()


def test_a_game_saved_mid_fight_resumes_to_the_same_end(yard):
    """A save (as JSON) taken at the third answer of the fight and one taken halfway through it
    resume with the same question on offer and, given the remaining answers, end where the
    uninterrupted game does. Each save is the uninterrupted game's own state at that point, not a
    second game replayed to it, and seeds 0 and 2 (29 and 34 answers) were picked over seed 1
    (78): two saves in each of two fights resume as many states as three saves at the third
    answer did (seeds 0-2, twice the CPU), later in the fight (wounds, a second round)."""
    for seed in (0, 2):
        rng = random.Random(seed)
        whole = Game(yard, seed=seed)
        whole.start()
        keys, saves = [], [(json.dumps(whole.snapshot()), whole.offered)]
        while not whole.finished and len(keys) < 120:
            key = fighting(whole, rng, "")
            keys.append(key)
            whole.choose(key)
            saves.append((json.dumps(whole.snapshot()), whole.offered))
        for cut in (3, len(keys) // 2):
            saved, offered = saves[cut]
            resumed = Game.resume(yard, json.loads(saved))
            assert resumed.offered == offered and offered.kind == "conflict", (seed, cut)
            for key in keys[cut:]:
                resumed.choose(key)
            assert resumed.snapshot() == whole.snapshot(), (seed, cut)


DEFENDING = """
format: 1
id: ambush
title: Ambush
system: humanity-blessed
start: lane
characters:
  - id: ada
    name: Ada
    stats: {head: d4, hand: d6, heart: d4, home: d6, hurt: d6, hurry: d6, history: d6}
    resources: {blessings: []}
npcs:
  - id: footpad
    name: Footpad
    stats: {hurt: d8, hurry: d4}
scenes:
  lane:
    title: The Lane
    text: A man steps out of the hedge with a cudgel.
    choices:
      - text: Brace yourself
        contest:
          stat: hurry
          opponent: footpad
          violent: true
          defending: true
          outcomes:
            success: {text: "You duck it: {roll.margin} to spare.", goto: end}
            failure: {text: "It lands: {roll.size}.", goto: end}
  end:
    title: End
    ending: {outcome: victory}
"""


def test_a_contest_the_npc_starts_shows_the_chance_to_hold_and_reads_from_the_player():
    adventure = build(yaml.safe_load(DEFENDING))
    seen = collections.Counter()
    for seed in range(30):
        game = Game(adventure, seed=seed)
        game.start()
        option = game.offered.options[0]
        hold = game.ruleset.contest_odds(game.character, game.ruleset.prepare_character(
            adventure.npcs["footpad"].character("humanity-blessed")),
            {"stat": "hurry", "violent": True, "defending": True}).outcomes["success"]
        assert option.hint.endswith(f"{float(hold) * 100:.0f}% success")
        events = game.choose("1")
        record = next(e for e in events if e.type == "roll" and e.final).record
        text = [e.text for e in events if e.type == "text"][-1]
        assert record["details"]["opponent_stat"] == "hurt" and record["stat"] == "hurry"
        margin = record["measures"]["margin"]
        assert margin == record["total"] - record["details"]["opponent_total"]
        if margin >= 0:
            assert record["success"] and text == f"You duck it: {margin} to spare."
            seen["held"] += 1
        else:
            assert text == f"It lands: {record['measures']['size']}."
            seen["landed"] += 1
    assert seen["held"] and seen["landed"], seen


def test_the_bundled_goose_fight_is_won_and_lost_and_always_ends():
    """Up to 45 seeded games (it was 60; HB_FIGHT_RUNS plays more) of a player who heads for the
    goose: every game played ends with nobody left down, and the goose fight is won and lost.
    The games stop once both results are seen and at least 15 games are played (seed 5 gives the
    first loss, so 15 games play where 45 did, a third of the CPU). The won-and-lost check keeps
    its odds: a loss comes in 15% of games (9 of 60), so a change that reshuffles the dice leaves
    45 games without one 0.07% of the time; a result made impossible always fails. The "always
    ends" check now sees at least 15 games, not 45: a change that sticks one game in ten is still
    caught 79% of the time in 15 (99% in 45), and test_acceptance and the playtests of
    blessed-harvest play many more. The pinned 45 give 15 won, 6 lost, 7 fled. The games are
    quiet (no odds or views for a reader), which play event for event as loud ones
    (tests/engine/test_quiet.py)."""
    adventure = loader.load("blessed-harvest").adventure
    results = collections.Counter()
    asked = int(__import__("os").environ.get("HB_FIGHT_RUNS", "0"))  # that many games, no early stop
    for seed in range(asked or 45):
        if not asked and seed >= 15 and results["won"] and results["lost"]:
            break
        game = Game(adventure, seed=seed, quiet=True)
        rng = random.Random(seed)
        events = game.start()
        for _ in range(1000):
            results.update(e.result for e in events if e.type == "conflict-end" and e.scene == "goose-scuffle")
            if game.finished:
                break
            options = {o.key: o.text for o in game.offered.options}
            keys = game.offered.enabled_keys()
            # head for the goose more often than a random player would
            goose = [k for k in keys if options.get(k, "").startswith("Flap your coat")]
            key = goose[0] if goose and rng.random() < 0.8 else fighting(game, rng, "")
            events = game.choose(key)
        assert game.finished, f"seed {seed} did not end"
        assert game.incapacitated() is None
    assert results["won"] and results["lost"], results
