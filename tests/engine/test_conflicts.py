"""The engine's side of conflicts, on the plain-d6 test ruleset's `duel` procedure.

What is tested here is the framework every system's fights and endeavours share: a scene's
conflict starts after its on_enter effects, each round is a decision with exact odds, the other
side is played by the seeded dice, a save mid-fight resumes mid-fight, the round limit ends
what would not end, the result picks the adventure's branch (with its fallback), npcs remember
what a conflict did to them, and `roll.*` reads how big the last roll was.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from solo.adventure import loader
from solo.adventure.model import build
from solo.engine.conflicts import branch_for
from solo.engine.game import Game


@pytest.fixture
def duel(fixtures):
    return loader.load(fixtures / "duel.yaml").adventure


def run(game: Game, rng: random.Random, limit: int = 300) -> list[dict]:
    """Play to the end: attack at random, and run for it one time in ten."""
    stream = [e.to_dict() for e in game.start()]
    for _ in range(limit):
        if game.finished:
            break
        keys = game.offered.enabled_keys()
        flee = [o.key for o in game.offered.options if o.id == "flee"]
        fight = [k for k in keys if k not in flee]
        key = flee[0] if flee and (not fight or rng.random() < 0.1) else rng.choice(fight or keys)
        stream.append({"type": "answer", "key": key})
        stream += [e.to_dict() for e in game.choose(key)]
    return stream


def test_a_conflict_starts_on_entering_its_scene_and_asks_for_an_action(duel):
    game = Game(duel, seed=1)
    types = [e.type for e in game.start()]
    assert types[:4] == ["start", "character", "scene", "conflict-start"]
    assert types[-2:] == ["conflict-round", "choices"]
    offered = game.offered
    assert offered.kind == "conflict"
    ids = [o.id for o in offered.options]
    assert ids == ["attack:bandit-1", "attack:bandit-2", "attack:chief", "flee"]
    # exact odds travel with the options: d6+2 against d6+0 and against d6+2
    odds = {o.id: o.odds for o in offered.options}
    assert odds["attack:bandit-1"] == "13/18" and odds["attack:chief"] == "5/12"
    assert "72%" in offered.options[0].hint


def test_every_round_reports_each_action_and_the_state_after_it(duel):
    game = Game(duel, seed=4)
    game.start()
    events = game.choose("attack:chief")
    actions = [e for e in events if e.type == "conflict-action" and e.roll is not None]
    # the player, the squire and three bandits each act once (none is down in round one)
    assert [a.actor for a in actions] == ["player", "squire", "bandit-1", "bandit-2", "chief"]
    assert all(a.roll["kind"] == "contest" for a in actions)
    if not game.finished and game.offered.kind == "conflict":
        rounds = [e for e in events if e.type == "conflict-round"]
        assert len(rounds) == 1 and rounds[0].round == 2
        healths = {f["key"]: f["gauges"][0]["value"] for f in rounds[0].view["fighters"]}
        hits = {}
        for a in actions:
            if a.roll["success"]:
                target = {"player": "chief", "squire": "bandit-1"}.get(a.actor, None)
                hits[target] = hits.get(target, 0) + 1
        assert healths["chief"] == 3 - hits.get("chief", 0)


def test_random_fights_end_won_lost_or_fled_and_follow_the_branch(duel):
    results = {}
    for seed in range(60):
        stream = run(Game(duel, seed=seed), random.Random(seed))
        ends = [e for e in stream if e["type"] == "conflict-end"]
        assert len(ends) == 1, f"seed {seed}"
        result = ends[0]["result"]
        results[result] = results.get(result, 0) + 1
        after = stream[stream.index(ends[0]) + 1:]
        scenes = [e["id"] for e in after if e["type"] == "scene"]
        expected = {"won": "gate", "fled": "gate", "lost": "cellar"}[result]
        assert scenes[0] == expected, f"seed {seed}: {result} went to {scenes}"
        assert stream[-1]["type"] == "ending"
    assert set(results) == {"won", "lost", "fled"}


def test_the_same_seed_and_actions_give_the_same_fight(duel):
    a = run(Game(duel, seed=9), random.Random(2))
    b = run(Game(duel, seed=9), random.Random(2))
    assert json.dumps(a) == json.dumps(b)


def test_a_game_saved_mid_fight_resumes_mid_fight(duel):
    for seed in range(12):
        rng = random.Random(seed)
        whole = Game(duel, seed=seed)
        whole.start()
        keys = []
        stream = []
        for _ in range(3):
            if whole.finished or whole.offered.kind != "conflict":
                break
            key = rng.choice(whole.offered.enabled_keys()[:-1])  # attack, never flee
            keys.append(key)
            stream += [e.to_dict() for e in whole.choose(key)]
        # the same game, saved after the first action and resumed from the snapshot
        game = Game(duel, seed=seed)
        game.start()
        game.choose(keys[0])
        resumed = Game.resume(duel, json.loads(json.dumps(game.snapshot())))
        assert resumed.offered == game.offered
        later = []
        for key in keys[1:]:
            later += [e.to_dict() for e in resumed.choose(key)]
        assert resumed.snapshot() == whole.snapshot()


def test_the_round_limit_ends_a_conflict_with_its_at_limit_result(duel):
    data = json.loads(json.dumps(_plain(duel)))
    data["scenes"]["yard"]["conflict"].update(rounds=1, at_limit="fled")
    data["npcs"] = [dict(n, stats={"might": -10, "wits": 0}) if n["id"] != "squire" else n for n in data["npcs"]]
    adventure = build(data)
    game = Game(adventure, seed=3)
    game.start()
    events = game.choose("attack:chief")
    end = next(e for e in events if e.type == "conflict-end")
    assert end.result in ("fled", "won")
    if end.result == "fled":
        assert any("After 1 round it is over" in e.text for e in events if e.type == "conflict-action")


def test_a_fight_stopped_at_its_round_limit_counts_the_rounds_fought_and_names_no_phase(duel):
    """The limit used to report the round never fought ("after round 11" below "After 10 rounds")
    and the closing view still named the step the fight stopped in ("react to the blow")."""
    data = json.loads(json.dumps(_plain(duel)))
    data["scenes"]["yard"]["conflict"].update(rounds=2, at_limit="fled")
    data["npcs"] = [dict(n, stats={"might": -10, "wits": 0}) for n in data["npcs"]]
    adventure = build(data)
    for seed in range(40):
        game = Game(adventure, seed=seed)
        game.start()
        events = []
        while not events or not any(e.type == "conflict-end" for e in events):
            defend = [k for k in game.offered.enabled_keys() if not k.startswith("attack")]
            events = game.choose(defend[0] if defend else game.offered.enabled_keys()[0])
        end = next(e for e in events if e.type == "conflict-end")
        if end.result == "fled":
            assert any("After 2 rounds it is over" in e.text for e in events if e.type == "conflict-action")
            assert end.rounds == 2 and end.view["round"] == 2 and end.view["phase"] == ""
            break
    else:
        pytest.fail("in 40 seeds no fight ran to its round limit")


def test_a_fallen_npc_is_remembered_and_kept_out_of_later_fights(duel):
    for seed in range(80):
        game = Game(duel, seed=seed)
        run(game, random.Random(seed))
        if "chief" in game.state.fallen:
            assert game.state.fallen["chief"] == "out"
            assert "chief" in game.state.npcs
            assert game.evaluate('fallen("chief")') is True
            break
    else:
        pytest.fail("in 80 seeds the chief never fell")
    assert game.evaluate('fallen("squire")') in (True, False)


def test_the_branch_of_a_result_falls_back_as_documented(duel):
    spec = duel.scenes["yard"].conflict
    assert branch_for(spec, "won").goto == "gate"
    data = _plain(duel)
    del data["scenes"]["yard"]["conflict"]["outcomes"]["fled"]
    spec = build(data).scenes["yard"].conflict
    assert branch_for(spec, "fled").goto == "cellar"  # fled falls back to lost
    assert branch_for(spec, "surrendered").goto == "cellar"


def test_roll_measures_are_readable_right_after_a_roll(fixtures):
    adventure = loader.load(fixtures / "tiny.yaml").adventure
    game = Game(adventure, seed=2)
    game.start()
    game.choose("1")  # the Hero
    assert game.evaluate("roll.outcome") == "" and game.evaluate("roll.total") == 0
    events = game.choose("2")  # force the door: a check
    while game.offered is not None and game.offered.kind == "roll":
        events = game.choose("keep")  # the hero has a reroll to offer; keep the roll
    roll = next(e for e in events if e.type == "roll" and e.final)
    assert game.evaluate("roll.outcome") == roll.record["outcome"]
    assert game.evaluate("roll.total") == roll.record["total"]
    assert game.evaluate("roll.success") is roll.record["success"]


def test_the_conflict_result_is_readable_as_roll_outcome(duel):
    game = Game(duel, seed=5)
    stream = run(game, random.Random(5))
    end = next(e for e in stream if e["type"] == "conflict-end")
    assert game.state.last_roll["outcome"] == end["result"]
    texts = [e["text"] for e in stream if e["type"] == "text"]
    if end["result"] == "won":
        assert f"after {end['rounds']} rounds" in texts[0]


def test_odds_on_offer_are_the_exact_chance_of_the_exchange():
    from plain_d6 import _win_chance

    assert _win_chance(1, 1) == Fraction(15, 36)
    brute = sum(1 for a in range(1, 7) for b in range(1, 7) if a + 1 > b + 2)
    assert _win_chance(1, 2) == Fraction(brute, 36)


def test_the_json_stream_carries_every_conflict_event(duel, tmp_path):
    from click.testing import CliRunner

    from solo.cli import cli

    answers = "\n".join(["1"] * 40) + "\n"
    result = CliRunner().invoke(cli, ["play", str(duel.source), "--json", "--seed", "3",
                                      "--save-dir", str(tmp_path)], input=answers)
    types = [json.loads(line)["type"] for line in result.output.splitlines() if line.startswith("{")]
    assert "conflict-start" in types and "conflict-action" in types and "conflict-end" in types
    choices = [json.loads(line) for line in result.output.splitlines() if '"kind": "conflict"' in line]
    assert choices and all(o["odds"] for o in choices[0]["options"])


def _plain(adventure) -> dict:
    """The fixture's YAML data, read again (the model is frozen; tests change a copy)."""
    import yaml

    return yaml.safe_load(open(adventure.source, encoding="utf-8"))


FALL = """
format: 1
id: fall
title: The Fall
system: plain-d6
start: ledge
characters:
  - {id: hero, name: Hero, stats: {might: 1, wits: 1}, resources: {health: 1}}
scenes:
  ledge:
    title: The Ledge
    choices:
      - text: Jump
        effects: [{award: {health: -1}}]
      - text: Climb
        check: {stat: might, outcomes: {success: top, failure: top}}
      - text: Wait for help
        goto: top
  sickbay:
    title: Sickbay
    choices:
      - text: Rest
        effects: [{award: {health: 1}}]
        goto: ledge
  top:
    title: The Top
    ending: {outcome: victory}
"""


def test_the_defeated_branch_runs_once_when_the_rules_take_the_character_out(tmp_path):
    import yaml

    data = yaml.safe_load(FALL)
    data["defeated"] = {"text": "You land badly.", "goto": "sickbay"}
    game = Game(build(data), seed=1)
    game.start()
    events = game.choose("1")  # jump: health 1 -> 0
    assert [e.text for e in events if e.type == "rules"] == ["Hero is taken out: out cold."]
    assert game.state.scene == "sickbay" and game.state.down == "out cold"
    game.choose("1")  # rest: back on their feet, back on the ledge
    assert game.state.scene == "ledge" and game.state.down is None
    events = game.choose("1")  # fall again: the branch runs again
    assert game.state.scene == "sickbay"


def test_without_a_defeated_branch_no_roll_can_be_made_while_taken_out():
    import yaml

    game = Game(build(yaml.safe_load(FALL)), seed=1)
    game.start()
    game.choose("1")
    climb = next(o for o in game.offered.options if o.text == "Climb")
    assert not climb.enabled and climb.reason == "not while out cold"
    assert [o.text for o in game.offered.options if o.enabled] == ["Jump", "Wait for help"]


def test_beats_and_the_conclusion_carry_measures_to_the_stream_and_to_roll(duel):
    game = Game(duel, seed=5)
    stream = run(game, random.Random(5))
    actions = [e for e in stream if e["type"] == "conflict-action" and e["roll"] is not None]
    assert actions and all(e["measures"]["health_lost"] == int(e["roll"]["success"]) for e in actions)
    end = next(e for e in stream if e["type"] == "conflict-end")
    hits = sum(1 for e in actions if e["actor"] == "player" and e["roll"]["success"])
    assert end["measures"] == {"hits": hits}
    assert game.evaluate("roll.hits") == hits and game.evaluate("roll.outcome") == end["result"]
