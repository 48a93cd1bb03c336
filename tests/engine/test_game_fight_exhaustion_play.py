"""GAME exhaustion in a fight, played through tests/fixtures/game-exhaustion.yaml: at FP − ENC ≤ 2
every check has −1 (game.txt 163), whether a load the adventure hands out or the fight's own
wounds brought the fighter there, and for the player's foes as for the player. The odds offered
are those `solo odds game --exhausted` gives; the roll carries the −1 and the view says
"exhausted"."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from game_fight_play import act as play, lines, offered as options, rolls
from game_fight_play import solo_odds as cli_odds

from solo.adventure import loader
from solo.engine.game import Game

FIXTURE = Path(__file__).parent.parent / "fixtures" / "game-exhaustion.yaml"


@pytest.fixture(scope="module")
def road():
    return loader.load(FIXTURE).adventure


def start(adventure, choice: str) -> tuple[Game, list[dict]]:
    game = Game(adventure, seed=7)
    game.start()
    return game, [e.to_dict() for e in game.choose(next(o.key for o in game.offered.options if o.text == choice))]










def tags(events: list[dict], name: str) -> list[str]:
    view = [e for e in events if e["type"] == "conflict-round"][-1]["view"]
    return next(f["tags"] for f in view["fighters"] if f["name"] == name)


def solo_odds(skill: int, *flags: str) -> Fraction:
    return cli_odds("--skill", str(skill), *flags)


def act(game: Game, action: str, *faces: int) -> list[dict]:
    """An action on forced dice; faces to spare may be left unrolled."""
    return play(game, action, *faces, every_face=False)


def test_a_load_that_leaves_fp_minus_enc_at_two_takes_one_off_every_fight_check(road):
    game, events = start(road, "Shoulder the strongbox")  # `award: {enc: 6}`: FP 8 − ENC 6 = 2
    assert "FP 8 − ENC 6 = 2: exhausted, −1 on every check" in lines(events)
    assert "exhausted" in tags(events, "Tamsin")
    offered = options(game)
    assert Fraction(offered["attack:brute"].odds) == solo_odds(5, "--exhausted") == Fraction(5, 8)
    assert offered["attack:brute"].hint == "Hack/Slash 5 −1 exhausted, Easy 1d8: 62% to hit"
    assert Fraction(offered["block"].odds) == solo_odds(3, "--exhausted") == Fraction(3, 8)
    assert offered["block"].hint.startswith("Block/Dodge 3 −1 exhausted, Easy 1d8: 38%;")
    # a 3 would hit unburdened (5 + 3 = 8); with the −1 it falls one short
    events = act(game, "attack:brute", 3, 1)
    mine = rolls(events)[0]
    assert (mine["exhausted"], mine["sum"], mine["success"]) == (True, 7, False)
    assert "You attack Brute with Sword: miss." in lines(events)


def test_unburdened_the_same_roll_hits(road):
    game, events = start(road, "Leave it")
    assert "exhausted" not in tags(events, "Tamsin")
    assert Fraction(options(game)["attack:brute"].odds) == solo_odds(5) == Fraction(3, 4)
    events = act(game, "attack:brute", 3, 1, 2)
    assert (rolls(events)[0]["exhausted"], rolls(events)[0]["sum"]) == (False, 8)
    assert "You attack Brute with Sword: hit, excess 0." in lines(events)


def test_wounds_that_bring_fp_to_two_make_the_next_turns_checks_worse(road):
    game, _ = start(road, "Leave it")
    # Tamsin misses; the brute hits, excess 4: dice 8 8 2 2, 4 + 2 criticals = 6 FP, leaving 2
    events = act(game, "attack:brute", 1, 8, 8, 8, 2, 2)
    assert "Damage on you: 4 dice [8 8 2 2]: 4 + 2 criticals − AR 0 = 6 FP." in lines(events)
    assert "exhausted" in tags(events, "Tamsin")
    offered = options(game)
    assert Fraction(offered["attack:brute"].odds) == solo_odds(5, "--exhausted")
    assert offered["attack:brute"].hint == "Hack/Slash 5 −1 exhausted, Easy 1d8: 62% to hit"


def test_a_foe_worn_down_to_two_fp_fights_at_minus_one(road):
    game, _ = start(road, "Leave it")
    # 5 + 8: excess 5; the brute misses; five dice 8 2 2 2 2: 5 + 1 critical = 6 FP, leaving 2
    events = act(game, "attack:brute", 8, 1, 8, 2, 2, 2, 2)
    assert "Damage on Brute: 5 dice [8 2 2 2 2]: 5 + 1 critical − AR 0 = 6 FP." in lines(events)
    assert "exhausted" in tags(events, "Brute")
    # the brute's 4 would hit (Lift/Smash 4 + 4 = 8); worn down, it comes to 7
    events = act(game, "attack:brute", 1, 4)
    theirs = rolls(events)[1]
    assert (theirs["skill"], theirs["exhausted"], theirs["sum"], theirs["success"]) == ("Lift/Smash", True, 7, False)
    assert "Brute attacks you with Club: miss." in lines(events)


def test_a_load_that_leaves_fp_minus_enc_at_zero_fails_every_fighting_check_and_says_why(road):
    # past exhaustion (game.txt 163): too tired to stand with the load, so Brawn and Balance
    # checks (fighting, dodging) fail without a roll; the offer says so rather than a bare 0%
    game, events = start(road, "Heave up the strongbox and the anvil beside it")  # FP 8 − ENC 8 = 0
    offered = options(game)
    assert Fraction(offered["attack:brute"].odds) == 0 and Fraction(offered["block"].odds) == 0
    assert offered["attack:brute"].hint == (
        "Hack/Slash 5, not rolled: too tired to stand while carrying the load (FP − ENC ≤ 0): 0% to hit")
    events = act(game, "attack:brute", 1, 2)  # the 1 goes to the brute: Tamsin's check reads no die
    mine, theirs = rolls(events)[:2]
    assert (mine["success"], mine["not_rolled"]) == (False, "cannot-stand")
    assert theirs["rolled"] == [1]


def test_an_overloaded_fighter_is_not_offered_running_for_it(road):
    """game.txt: at FP − ENC 0 the character is too tired to stand while carrying the load, so
    "Run for it" is shown greyed out, in its place, saying why (slips10: it was on offer)."""
    game, _ = start(road, "Heave up the strongbox and the anvil beside it")  # FP 8 − ENC 8 = 0
    run = options(game)["flee"]
    assert (run.enabled, run.key) == (False, None)
    assert run.reason == "FP 8 − ENC 8 = 0: too tired to stand under your load, let alone run"
    game, _ = start(road, "Shoulder the strongbox")  # FP 8 − ENC 6 = 2: exhausted, still on her feet
    assert options(game)["flee"].enabled


def test_an_overloaded_fighter_is_not_offered_falling_back_either(road):
    """By the same line of game.txt (too tired to stand while carrying the load), "Fall back 1 MU"
    is greyed out like "Run for it", saying why (tune10: it was on offer, a step back under a load
    the book says you cannot stand under). Closing in stays offered (choices.py says why)."""
    game, _ = start(road, "Heave up the strongbox and the anvil beside it")  # FP 8 − ENC 8 = 0
    back = options(game)["retreat"]
    assert (back.enabled, back.key) == (False, None)
    assert back.reason == "FP 8 − ENC 8 = 0: too tired to stand under your load, let alone step back"
    assert any(o.enabled for o in options(game).values())  # never a turn with nothing to do
    game, _ = start(road, "Shoulder the strongbox")  # FP 8 − ENC 6 = 2: exhausted, still on her feet
    assert options(game)["retreat"].enabled
