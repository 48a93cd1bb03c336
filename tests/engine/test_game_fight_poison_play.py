"""GAME poison, sleep dice and a healing potion drunk mid-fight (book 198, 211-215), played
through tests/fixtures/game-venom.yaml: a poisoned stiletto, a sleep-dart pipe and a healing
draught as an author writes them, with the odds the player is offered and what each leaves on
the characters."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest
from game_fight_play import act, gauge, lines, offered, solo_odds

from solo.adventure import loader
from solo.engine.game import Game

VENOM = Path(__file__).parent.parent / "fixtures" / "game-venom.yaml"


@pytest.fixture(scope="module")
def venom():
    return loader.load(VENOM).adventure


def begin(adventure, scene: str) -> Game:
    game = Game(dataclasses.replace(adventure, start=scene), seed=3)
    game.start()  # one character: the fight's first turn is on offer at once
    return game












# -- poison -----------------------------------------------------------------------------------------


def test_a_poisoned_stiletto_costs_one_fp_more_per_damage_die_of_2_or_3(venom):
    game = begin(venom, "cellar")
    attack = offered(game)["attack:bouncer"]
    assert attack.text == "Attack Bouncer with Stiletto"
    assert Fraction(attack.odds) == solo_odds("--skill", "4") == Fraction(5, 8)
    # Hack/Slash 4 + 7: excess 3; the bouncer's Lift/Smash 3 + 5 hits with no damage dice.
    # Three dice 2 3 5: 3 FP − AR 1 = 2, and the 2 and the 3 carry the poison: 2 more
    events = act(game, "attack:bouncer", 7, 5, 2, 3, 5)
    assert ("Damage on Bouncer: 3 dice [2 3 5]: 3 + 0 criticals − AR 1 = 2 FP. "
            "Poison: 2 more FP (each 2 or 3).") in lines(events)
    hit = next(e for e in events if e.get("measures", {}).get("poison"))
    assert hit["measures"]["poison"] == 2 and hit["measures"]["fp_lost"] == 2
    assert gauge(events, "bouncer") == 12 - 4 and gauge(events, "player") == 8


def test_poison_that_does_not_get_through_the_armour_does_nothing(venom):
    game = begin(venom, "vault")  # the knight wears plate: AR 3
    # excess 2: dice 2 3, 2 FP − AR 3 = 0: the blade does not get through, so the poison does not
    events = act(game, "attack:knight", 6, 1, 2, 3)
    assert "Damage on Knight: 2 dice [2 3]: 2 + 0 criticals − AR 3 = 0 FP." in lines(events)
    assert not any("Poison" in t for t in lines(events))
    assert gauge(events, "knight") == 8


# -- sleep dice ---------------------------------------------------------------------------------------


def test_sleep_darts_take_exertion_through_armour_stun_on_a_1_and_an_hours_rest_gives_it_back(venom):
    game = begin(venom, "loft")
    # the dart-man's Shoot/Fire 4 + 8 hits, excess 4: sleep dice 1 4 6 8. Each 1-4 takes 1 FP
    # whatever the armour (Asp's jerkin stops nothing), an 8 is no critical, the 1 stuns
    events = act(game, "attack:dozer", 1, 8, 1, 4, 6, 8)
    assert ("Sleep dice on you [1 4 6 8]: each 1-4 takes 1 FP, 2 FP (back after an hour's rest); "
            "a 1 stuns.") in lines(events)
    assert game.character.resources["fp"] == 6 and game.character.resources["exertion"] == 2
    assert gauge(events, "player") == 6
    assert [o.id for o in game.offered.options] == ["stunned"]
    act(game, "stunned", 1)  # the dart-man misses while Asp shakes it off
    # she runs for it; the loss was exertion, not wounds: the hour's rest after gives it all back
    events = act(game, "flee", 1)
    assert "You run for it and get away." in lines(events)
    assert "You sleep it off behind the racks." in lines(events)
    assert game.finished and game.character.resources["fp"] == 8
    assert game.character.resources.get("exertion", 0) == 0


def test_the_sleep_dart_attack_is_offered_at_the_checks_exact_odds_in_its_range_band(venom):
    game = begin(venom, "loft")  # the dart-man is 2 MU away: Asp's blowpipe is in hand
    attack = offered(game)["attack:dozer"]
    assert attack.text == "Attack Dart-man with Blowpipe"
    assert Fraction(attack.odds) == solo_odds("--skill", "3") == Fraction(1, 2)
    # her Shoot/Fire 3 + 7: excess 2, two sleep dice on the dart-man: 5 and 2, 1 FP of exertion
    events = act(game, "attack:dozer", 7, 1, 5, 2)
    assert ("Sleep dice on Dart-man [5 2]: each 1-4 takes 1 FP, 1 FP (back after an hour's rest).") in lines(events)
    assert gauge(events, "dozer") == 5


# -- a healing potion mid-fight ---------------------------------------------------------------------


def test_a_healing_draught_is_offered_once_hurt_takes_the_turn_and_heals_at_its_end(venom):
    game = begin(venom, "cellar")
    assert not any(k.startswith("drink:") for k in offered(game))  # not at full FP
    # Asp misses; the bouncer hits, excess 3: 8 8 8 is 3 + 3 criticals − AR 1 = 5 FP
    events = act(game, "attack:bouncer", 1, 8, 8, 8, 8)
    assert gauge(events, "player") == 3
    drink = offered(game)["drink:draught"]
    assert drink.text == "Drink Healing draught (3 FP back; takes the turn)" and not drink.odds
    # the bouncer misses this turn; at the turn's end the draught gives its 3 FP and is gone
    events = act(game, "drink:draught", 2)
    assert lines(events)[:2] == ["Bouncer attacks you with Cudgel: miss.",
                                 "You drink Healing draught: 3 FP back, 6 now."]
    assert not any(t.startswith("You attack") for t in lines(events))  # it took the turn
    assert game.character.resources["fp"] == 6 and "draught" not in game.character.items
    assert "drink:draught" not in offered(game)


def test_a_draught_is_not_drunk_by_one_stunned_that_turn_and_is_kept(venom):
    game = begin(venom, "cellar")
    act(game, "attack:bouncer", 1, 8, 8, 8, 8)  # down to 3 FP
    # while Asp reaches for it the bouncer hits again, 1 4 4: 2 FP and a stun: no drink
    events = act(game, "drink:draught", 8, 1, 4, 4)
    assert "You are stunned and lose the move." in lines(events)
    assert not any("drink Healing draught" in t for t in lines(events))
    assert game.character.resources["fp"] == 1 and "draught" in game.character.items
    assert "drink:draught" in offered(game)
