"""GAME parry and riposte (book 194-197) played through tests/fixtures/game-parry.yaml: who is
offered a parry (a Hack/Slash talent and a blade in hand), at what odds (Hard in heavy armour),
the parry's excess counted up to the talent level, the riposte that gains it when the parried foe
did no harm, and the attack a failed parry keeps but makes last."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from game_fight_play import act, gauge, lines, offered, solo_odds

from solo.adventure import loader
from solo.engine.game import Game

HALL = Path(__file__).parent.parent / "fixtures" / "game-parry.yaml"


@pytest.fixture(scope="module")
def hall():
    return loader.load(HALL).adventure


def begin(adventure, who: str) -> Game:
    game = Game(adventure, seed=3)
    game.start()
    game.choose(next(o.key for o in game.offered.options if o.text == who))
    return game












def test_a_parry_is_offered_at_the_easy_hack_slash_odds_beside_the_attack(hall):
    game = begin(hall, "Sabre")
    parry = offered(game)["parry:bravo"]
    assert parry.text == "Parry Bravo, then riposte"
    assert Fraction(parry.odds) == solo_odds("--skill", "5") == Fraction(3, 4)
    assert Fraction(offered(game)["attack:bravo"].odds) == Fraction(parry.odds)


def test_a_parry_counts_up_to_the_talent_level_and_a_harmless_blow_gives_the_riposte_that_many_dice(hall):
    game = begin(hall, "Sabre")
    # the parry: Hack/Slash 5 + 6, excess 3, counted up to her talent level 1; the bravo's 3 + 6
    # hits with excess 1, less 1 parried: no damage dice, no harm. Her riposte: 5 + 8, excess 5,
    # and the parry's 1 on top: six damage dice
    events = act(game, "parry:bravo", 6, 6, 8, 2, 3, 4, 5, 6, 7)
    assert lines(events)[:5] == [
        "You parry Bravo: success, excess 1, 1 damage die fewer.",
        "Bravo attacks you with Rapier: hit, excess 1.",
        "No damage dice for you (−1 parried).",
        "You attack Bravo with Rapier (riposte): hit, excess 5.",
        "Damage on Bravo: 6 dice (+1 riposte) [2 3 4 5 6 7]: 6 + 0 criticals − AR 0 = 6 FP.",
    ]
    assert gauge(events, "player") == 8 and gauge(events, "bravo") == 10 - 6


def test_a_blow_that_hurts_through_the_parry_leaves_the_riposte_without_its_bonus(hall):
    game = begin(hall, "Sabre")
    # the parry holds off 1 of the bravo's 3 dice; the other 2 cost her 1 FP (AR 1), so her
    # counter-attack (excess 3) rolls its own 3 dice and no more
    events = act(game, "parry:bravo", 4, 8, 3, 4, 6, 2, 2, 2)
    assert "Damage on you: 2 dice (−1 parried) [3 4]: 2 + 0 criticals − AR 1 = 1 FP." in lines(events)
    assert "Damage on Bravo: 3 dice [2 2 2]: 3 + 0 criticals − AR 0 = 3 FP." in lines(events)
    assert not any("riposte" in t for t in lines(events))
    assert gauge(events, "player") == 7 and gauge(events, "bravo") == 7


def test_a_failed_parry_keeps_the_attack_after_the_foes_without_bonus(hall):
    game = begin(hall, "Sabre")
    events = act(game, "parry:bravo", 2, 7, 3, 4, 6, 2, 2, 2)
    assert lines(events)[:5] == [
        "You parry Bravo: failure.",
        "Bravo attacks you with Rapier: hit, excess 2.",
        "Damage on you: 2 dice [3 4]: 2 + 0 criticals − AR 1 = 1 FP.",
        "You attack Bravo with Rapier: hit, excess 3.",
        "Damage on Bravo: 3 dice [2 2 2]: 3 + 0 criticals − AR 0 = 3 FP.",
    ]
    assert gauge(events, "bravo") == 7


def test_no_parry_without_a_blade_in_hand_and_in_mail_it_is_hard(hall):
    game = begin(hall, "Mace")  # Hack/Slash talent 2, but the club in hand
    assert "parry:bravo" not in offered(game)
    events = act(game, "ready:rapier", 1)  # drawing takes the turn; the bravo misses
    assert "You draw Rapier." in lines(events)
    parry = offered(game)["parry:bravo"]
    # heavy armour makes the parry Hard: Hack/Slash 4 on three dice
    assert Fraction(parry.odds) == solo_odds("--skill", "4", "--difficulty", "hard") == Fraction(125, 512)
    assert Fraction(offered(game)["attack:bravo"].odds) == solo_odds("--skill", "4")


def test_a_foe_who_misses_the_parried_attack_also_gives_the_riposte_its_bonus(hall):
    game = begin(hall, "Sabre")
    # parry excess 1 (talent 1); the bravo's 3 + 2 misses; the riposte 5 + 5, excess 2, plus 1
    events = act(game, "parry:bravo", 8, 2, 5, 4, 4, 4)
    assert "Bravo attacks you with Rapier: miss." in lines(events)
    assert "Damage on Bravo: 3 dice (+1 riposte) [4 4 4]: 3 + 0 criticals − AR 0 = 3 FP." in lines(events)
    assert gauge(events, "bravo") == 7
