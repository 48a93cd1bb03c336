"""Complex attacks played through an adventure (tests/fixtures/hb-complex.yaml): a scene's
contest with ``complex`` offers and rolls the book's rule, and a fight with ``complex`` makes
every attack beat the target too, with the attack odds on offer the ruleset's own."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from solo.adventure import loader
from solo.adventure.odds import percent
from solo.adventure.validate import validate_path
from solo.engine.game import Game
from solo.rules.base import Character


@pytest.fixture
def bridge(fixtures):
    return loader.load(fixtures / "hb-complex.yaml").adventure


def test_the_fixture_validates(fixtures):
    assert [p for p in validate_path(fixtures / "hb-complex.yaml") if p.severity == "error"] == []


def test_the_leap_shows_the_complex_odds_and_every_win_beats_the_target(bridge):
    wins = losses = floored = 0
    for seed in range(40):
        game = Game(bridge, seed=seed)
        game.start()
        if seed == 0:
            toll = game.ruleset.prepare_character(bridge.npcs["toll"].character(bridge.system))
            odds = game.ruleset.contest_odds(game.character, toll, {"stat": "hurt", "violent": True, "complex": 6})
            plain = game.ruleset.contest_odds(game.character, toll, {"stat": "hurt", "violent": True})
            assert odds.outcomes["success"] < plain.outcomes["success"]
            assert game.offered.options[0].hint.endswith(f"{percent(odds.outcomes['success'])} success")
        events = [e.to_dict() for e in game.choose("1")]
        record = next(e["record"] for e in events if e["type"] == "roll")
        assert record["details"]["attack"]["complex"] == 6 and record["details"]["opponent_total"] >= 6
        floored += any(s.get("code") == "complex" for s in record["steps"] if isinstance(s, dict))
        if record["success"]:
            wins += 1
            assert record["total"] > 6
        else:
            losses += 1
    assert wins and losses and floored


def test_in_a_complex_fight_every_attack_beats_the_target_and_the_odds_say_so(bridge):
    """Every attack in a complex fight carries the target (4), is held by any answer below it
    (or by help), lands only above it and the defence, and the first attack is offered at the
    complex contest's exact odds. Seeds 1 and 4 were picked by a search of 0-5 (the test played
    all six): 41 attacks, made and defended, landed and held, one with help (seed 4 is the only
    one with help), against 86 for the six at more than twice the CPU; the test now also fails
    if the attacks seen stop including one of those kinds."""
    attacks = Counter()
    for seed in (1, 4):
        game = Game(bridge, seed=seed)
        rng = random.Random(seed)
        game.start()
        events = [e.to_dict() for e in game.choose("2")]
        first = True
        for _ in range(300):
            if game.finished:
                break
            if first and game.offered.kind == "conflict":
                first = False
                option = next(o for o in game.offered.options if o.id.startswith("attack:"))
                rogue = game.state.pending.data["fighters"][option.id.split(":")[1]]["character"]
                odds = game.ruleset.contest_odds(game.character, Character.from_dict(rogue),
                                                 {"stat": "hurt", "violent": True, "complex": "easy"})
                assert Fraction(option.odds) == odds.outcomes["success"]
            keys = [o.key for o in game.offered.options if o.enabled and o.text != "Yield"] or \
                game.offered.enabled_keys()
            events += [e.to_dict() for e in game.choose(rng.choice(keys))]
        for event in events:
            record = event.get("roll") or {} if event["type"] == "conflict-action" else {}
            details = record.get("details") or {}
            if record.get("kind") == "contest" and details.get("violent") and "opponent_total" in details:
                attacks["defended" if details.get("defending") else "made"] += 1
                attacks["helped"] += bool(details.get("opponent_help") or details.get("help"))
                assert details["attack"].get("complex") == 4
                # a record the player defended reads from their side: their answer is ``total``
                attacker, defence = (("opponent_total", "total") if details.get("defending")
                                     else ("total", "opponent_total"))
                attack, held = (record[attacker] if attacker == "total" else details[attacker]), \
                    (record[defence] if defence == "total" else details[defence])
                assert held >= 4 or details.get("opponent_help") or details.get("help")
                landed = record["success"] != bool(details.get("defending"))
                attacks["landed" if landed else "held"] += 1
                if landed:
                    assert attack > max(4, held)
    assert all(attacks[kind] for kind in ("made", "defended", "helped", "landed", "held")), attacks
