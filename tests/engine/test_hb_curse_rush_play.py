"""The GM guide's monstrous abilities Curse and Spark Rush played through an adventure
(tests/fixtures/hb-curse-rush.yaml): the marsh hag curses with a Head contest, the witch-light
rushes with 2dc8 sparks; the odds the player is offered carry both, exactly, and the validator
reads them with file:line errors.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.base import Character
from solo.rules.conflict import percent

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-curse-rush.yaml"
HAG, WISP = "1", "2"
RS = registry.get("humanity-blessed")


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def until(game: Game, rng: random.Random, words: str, limit: int = 400) -> list[dict]:
    """Play random choices until an event says ``words`` (or the game ends); the events so far."""
    stream: list[dict] = []
    for _ in range(limit):
        if game.finished:
            break
        stream += [e.to_dict() for e in game.choose(rng.choice(game.offered.enabled_keys()))]
        if any(words in (e.get("text") or "") for e in stream):
            break
    return stream


def fighter(game: Game, key: str) -> Character:
    return Character.from_dict(game.snapshot()["pending"]["data"]["fighters"][key]["character"])


def test_the_fixture_validates_and_bad_abilities_are_named_by_file_and_line(adventure, tmp_path):
    assert [p for p in validate_path(adventure.source) if p.severity == "error"] == []
    bad = tmp_path / "bad.yaml"
    bad.write_text(FIXTURE.read_text().replace("Spark Rush 8", "Spark Rush 12")
                   .replace("monstrous: [Curse]", "monstrous: [Curse Head]"))
    found = [p for p in validate_path(bad) if p.severity == "error"]
    messages = sorted(p.message for p in found)
    assert any("Curse takes nothing after its name" in m for m in messages), messages
    assert any("Spark Rush names a die cap from 1 to 10" in m for m in messages), messages
    assert all(p.line for p in found)


def test_a_won_curse_hexes_the_player_whose_offered_odds_carry_the_reroll_until_it_is_spent(adventure):
    cursed = spent = 0
    for seed in range(12):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        game.start()
        game.choose(HAG)
        stream = until(game, rng, "uses Curse")
        if game.finished or "hexed" not in game.character.conditions:
            continue
        cursed += 1
        me = game.character
        # the next round's offer: each check is the ruleset's witnessed check (a success is
        # rolled again while the hag watches), lower than the same check unhexed
        while game.offered.prompt and not any(o.id.startswith("check:") for o in game.offered.options):
            game.choose(rng.choice(game.offered.enabled_keys()))
        if "hexed" not in me.conditions:
            continue
        option = next(o for o in game.offered.options if o.id == "check:head")
        how = {"stat": "head", "target": 4, "focal": True}
        hexed = RS.check_odds(me, {**how, "witnessed": True}).outcomes["success"]
        plain = me.conditions.copy()
        me.conditions.remove("hexed")
        unhexed = RS.check_odds(me, how).outcomes["success"]
        me.conditions[:] = plain
        assert Fraction(option.odds) == hexed < unhexed
        stream += until(game, rng, "The curse on you")
        texts = [e.get("text") or "" for e in stream]
        if any("The curse on you is spent" in t for t in texts):
            spent += 1
            at = next(n for n, t in enumerate(texts) if "The curse on you is spent" in t)
            details = stream[at - 1]["roll"]["details"]  # the roll just shown was made again
            assert details.get("vulnerability") or details.get("opponent_vulnerability")
        if not game.finished:
            assert "hexed" not in game.character.conditions
        stream += until(game, rng, "never said")
        assert game.finished and "hexed" not in game.character.conditions
    assert cursed and spent


def test_a_spark_rush_makes_the_lights_checks_sparks_of_2dc8_and_the_focus_odds_follow(adventure):
    rushes = 0
    for seed in range(12):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        game.start()
        game.choose(WISP)
        until(game, rng, "uses Spark Rush")
        if game.finished or not any(o.id == "check:hurry" for o in game.offered.options):
            continue
        rushes += 1
        me, wisp = game.character, fighter(game, "wisp")
        rush = RS.check_odds(wisp, {"die": "dc8", "spark": True, "target": 4, "focal": True})
        plain = RS.check_odds(wisp, {"stat": "hurry", "target": 4, "focal": True})
        mine = RS.check_odds(me, {"stat": "hurry", "target": 4, "focal": True}).distributions["total"]

        def focus(theirs: dict[int, Fraction]) -> Fraction:
            return sum((p * sum((q for v, q in theirs.items() if v < x), Fraction(0))
                        for x, p in mine.items()), Fraction(0))

        option = next(o for o in game.offered.options if o.id == "check:hurry")
        assert option.hint.endswith(f"{percent(focus(rush.distributions['total']))} focus"), option.hint
        assert focus(rush.distributions["total"]) < focus(plain.distributions["total"])
        events = [e.to_dict() for e in game.choose("check:hurry")]
        rolled = next(e for e in events if "rushes, sparking 2dc8" in (e.get("text") or ""))
        assert rolled["roll"]["details"]["stats"] == ["dc8", "dc8"]
    assert rushes


def test_a_save_made_mid_rush_resumes_to_the_same_end(adventure):
    game, rng = Game(adventure, seed=1), random.Random(1)
    game.start()
    game.choose(WISP)
    until(game, rng, "uses Spark Rush")
    resumed = Game.resume(adventure, json.loads(json.dumps(game.snapshot())))
    assert resumed.offered == game.offered
    for _ in range(400):
        if game.finished:
            break
        key = rng.choice(game.offered.enabled_keys())
        game.choose(key)
        resumed.choose(key)
    assert game.finished and resumed.snapshot() == game.snapshot()
