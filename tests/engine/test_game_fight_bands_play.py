"""GAME range bands, the place's difficulty and armour unsuited to an action, played through
tests/fixtures/game-bands-armour.yaml: what each attack and defence is offered at (the exact odds
`solo odds game` gives the same check), how many dice the roll then uses, and what it does.

Book (game.txt): range bands Easy to 2 MU, Challenging to 4, Hard to 6 (178); difficult
circumstances add up to Hard at most (35, 193); heavy armour makes dodging, parrying, unarmed and
projectile combat impractical, bulky armour also throwing, and such a check is Hard (170-172);
a dodge needs no or light armour (187), so in heavier armour it is refused rather than Hard.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from game_fight_play import act as play, offered as options, rolls
from game_fight_play import solo_odds as cli_odds

from solo.adventure import loader
from solo.engine.game import Game


FIXTURE = Path(__file__).parent.parent / "fixtures" / "game-bands-armour.yaml"


@pytest.fixture(scope="module")
def range_():
    return loader.load(FIXTURE).adventure


def start(adventure, who: str, scene: str) -> Game:
    game = Game(dataclasses.replace(adventure, start=scene), seed=3)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.text == who))
    return game








def solo_odds(skill: int, difficulty: str) -> Fraction:
    return cli_odds("--skill", str(skill), "--difficulty", difficulty)


def act(game: Game, action: str, *faces: int) -> list[dict]:
    """An action on forced dice; faces to spare may be left unrolled."""
    return play(game, action, *faces, every_face=False)


def test_each_range_band_offers_the_bow_at_its_difficulty_with_the_odds_solo_odds_shows(range_):
    game = start(range_, "Ash", "butts")  # Shoot/Fire 4, a bow of the book's bands, light armour
    offered = options(game)
    for foe, difficulty, dice, shown in (("near", "easy", 1, "62%"), ("mid", "challenging", 2, "39%"),
                                         ("far", "hard", 3, "24%")):
        attack = offered[f"attack:{foe}"]
        assert Fraction(attack.odds) == solo_odds(4, difficulty)
        assert attack.hint == f"Shoot/Fire 4, {difficulty.title()} {dice}d8: {shown} to hit"
    # 7 MU is beyond the Hard band: no attack on the lost dummy, only closing in
    assert "attack:out" not in offered and offered["advance:out"].text == "Close in on Lost Dummy (7 MU away)"
    # the Hard shot rolls three dice and keeps the lowest: 4 + 6 = 10, excess 2, two damage dice
    events = act(game, "attack:far", 8, 8, 6, 2, 2)
    shot = rolls(events)[0]
    assert (shot["difficulty"], shot["rolled"], shot["kept"], shot["excess"]) == ("hard", [8, 8, 6], 6, 2)
    assert game.state.pending.data["state"]["dist"] == {"near": 1, "mid": 3, "far": 5, "out": 6}
    assert "Damage on Far Dummy: 2 dice [2 2]: 2 + 0 criticals − AR 0 = 2 FP." in [e.get("text") for e in events]
    # the dummies walked in a band: the lost one is now in reach (Hard), the middle one Challenging
    offered = options(game)
    assert offered["attack:out"].hint == "Shoot/Fire 4, Hard 3d8: 24% to hit"
    assert offered["attack:mid"].hint == "Shoot/Fire 4, Challenging 2d8: 39% to hit"
    assert offered["attack:near"].hint == "Shoot/Fire 4, Easy 1d8: 62% to hit"


def test_the_places_difficulty_adds_to_the_band_and_stops_at_hard(range_):
    game = start(range_, "Ash", "mist")  # `difficulty: challenging`: fog over the range
    offered = options(game)
    assert Fraction(offered["attack:near"].odds) == solo_odds(4, "challenging")  # 2 MU: Easy band + fog
    assert Fraction(offered["attack:mid"].odds) == solo_odds(4, "hard")  # 4 MU: Challenging band + fog
    assert offered["attack:mid"].hint == "Shoot/Fire 4, Hard 3d8: 24% to hit"
    # the fog is a circumstance of attacks: her dodge stays Easy
    assert Fraction(offered["block"].odds) == solo_odds(3, "easy")
    events = act(game, "attack:near", 8, 6, 2, 2)
    assert rolls(events)[0]["difficulty"] == "challenging" and rolls(events)[0]["rolled"] == [8, 6]


def test_heavy_armour_makes_the_bow_and_the_parry_hard_and_refuses_the_dodge(range_):
    game = start(range_, "Gard", "butts")  # Shoot/Fire 4 like Ash, in a chain coat
    offered = options(game)
    assert all(Fraction(offered[f"attack:{foe}"].odds) == solo_odds(4, "hard") for foe in ("near", "mid", "far"))
    assert offered["attack:near"].hint == "Shoot/Fire 4, Hard 3d8: 24% to hit"  # Easy at 2 MU for Ash
    assert not offered["block"].enabled
    assert offered["block"].reason == "no dodging in heavy armour (and nothing to block with)"

    game = start(range_, "Gard", "lists")  # sword in hand, Hack/Slash 5 with a talent, a duellist in melee
    offered = options(game)
    assert Fraction(offered["attack:duellist"].odds) == solo_odds(5, "easy")  # the sword suits the armour
    assert Fraction(offered["parry:duellist"].odds) == solo_odds(5, "hard") == Fraction(27, 64)
    assert offered["parry:duellist"].hint.startswith("Hack/Slash 5, Hard 3d8: 42%;")
    assert not offered["block"].enabled
    # the parry rolls three dice (5 of 8 8 5: excess 1), the duellist misses, the riposte hits
    events = act(game, "parry:duellist", 8, 8, 5, 1, 4, 3, 6)
    parry, swing, riposte = rolls(events)[:3]
    assert (parry["difficulty"], parry["rolled"], parry["excess"]) == ("hard", [8, 8, 5], 1)
    assert riposte["difficulty"] == "easy"
    assert "Damage on Duellist: 2 dice (+1 riposte) [3 6]: 2 + 0 criticals − AR 0 = 2 FP." in [
        e.get("text") for e in events]


def test_bulky_armour_makes_throwing_hard_but_a_shield_still_blocks(range_):
    game = start(range_, "Pell", "lists")  # Throw/Ensnare 4 with a javelin, in plate, with a shield
    offered = options(game)
    assert Fraction(offered["attack:duellist"].odds) == solo_odds(4, "hard")
    assert offered["attack:duellist"].hint == "Throw/Ensnare 4, Hard 3d8: 24% to hit"
    assert offered["block"].text == "Block instead of attacking"
    assert Fraction(offered["block"].odds) == solo_odds(4, "easy")
    events = act(game, "block", 6, 8, 8, 8)  # block 4 + 6: excess 2; the duellist 3 + 8: excess 3
    block = rolls(events)[0]
    assert (block["skill"], block["difficulty"], block["excess"]) == ("Block/Dodge", "easy", 2)


def struggle_odds(game: Game, difficulty: str, intensity: int) -> Fraction:
    """The ruleset's exact chance of a Wilderness/Escape success with excess ``intensity`` or more."""
    check = game.ruleset.check_odds(game.character, {"stat": "Wilderness/Escape", "difficulty": difficulty})
    return sum((p for e, p in check.distributions["excess"].items() if e >= intensity), Fraction(0))


def test_bulky_armour_makes_escaping_a_snare_hard(range_):
    game = start(range_, "Pell", "pit")  # Wilderness/Escape 4 in plate; a netter 1 MU off
    # the net hits (4 + 7: excess 3); the escape at once rolls three dice, 6 kept: excess 2 < 3
    events = act(game, "advance:netter", 7, 8, 8, 6, 8)
    escape = rolls(events)[1]
    assert (escape["skill"], escape["difficulty"], escape["rolled"], escape["excess"]) == (
        "Wilderness/Escape", "hard", [8, 8, 6], 2)
    struggle = options(game)["struggle"]
    assert Fraction(struggle.odds) == struggle_odds(game, "hard", 3) == Fraction(1, 64)
    assert struggle.hint.startswith("Wilderness/Escape 4, Hard 3d8 + extra die ≤1: 2% to succeed with excess 3")

    game = start(range_, "Ash", "pit")  # the same escape in a leather jerkin is Easy: one die (and her Brains die)
    events = act(game, "advance:netter", 7, 6, 8)
    assert (rolls(events)[1]["difficulty"], rolls(events)[1]["rolled"]) == ("easy", [6])
    assert "You are ensnared (intensity 3): success, excess 2." in [e.get("text") for e in events]
    assert Fraction(options(game)["struggle"].odds) == struggle_odds(game, "easy", 3) == Fraction(1, 4)


def test_heavy_armour_makes_the_free_leap_clear_of_a_blast_hard(range_):
    game = start(range_, "Gard", "wall")  # Leap/Tumble 2 in chain: no dodge, and a Hard leap
    events = act(game, "advance:sapper", 7, 8, 8, 6)  # the bomb hits (excess 3); 2 + 6 = 8: clear
    leap = rolls(events)[1]
    assert (leap["skill"], leap["difficulty"], leap["rolled"]) == ("Leap/Tumble", "hard", [8, 8, 6])
    assert "You leap clear of Fire-bomb: success, excess 0, unscathed." in [e.get("text") for e in events]
    game = start(range_, "Ash", "wall")  # in light armour the free attempt is Easy (her dodge or leap)
    events = act(game, "advance:sapper", 7, 6)
    assert rolls(events)[1]["difficulty"] == "easy"


def test_bare_fists_in_heavy_armour_strike_at_hard(range_):
    game = start(range_, "Ash", "ring")  # a bruiser in a chain coat, no weapon: Lift/Smash 4 brawling
    assert options(game)["attack:bruiser"].hint == "Shoot/Fire 4, Easy 1d8: 62% to hit; AR 2"
    events = act(game, "block", 8, 8, 8, 7)  # Ash dodges (excess 3); his fists roll three dice, 7 kept
    fists = rolls(events)[1]
    assert (fists["skill"], fists["difficulty"], fists["rolled"], fists["excess"]) == ("Lift/Smash", "hard", [8, 8, 7], 3)
    assert "Bruiser attacks you with bare hands: hit, excess 3." in [e.get("text") for e in events]
