"""The Loose and Fuzzy combat rules played through an adventure file (``tests/fixtures/lf-duel.yaml``).

Sven (Swordsman 3 with a sword that suits it, +2 over a plain ability; Body 3; a leather jerkin)
fights Achmed (Body 2, a damaging meat cleaver, a heavy mail shirt: -1 to his rolls, +1 to his
Defense Total). Each test forces the dice of an exchange (Sven's three, then Achmed's two) and
checks what the player is shown and what the fight does: the margin as Advantage Points kept
across rounds, wound costs as multiples of the Defense Total, the Tenacity roll of 7, stances
moving the Defense Total only, all-out defence and attack, breaking away, the weapon dropped on
double 1s, and wound penalties that do not add up.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.rules.loose_fuzzy.fight.procedure import win_chance

GO_IN, NURSING = "choice-0", "choice-1"
#: An exchange Sven wins by 10: his 4 5 3 (+2) against Achmed's 3 2 (-1).
BY_TEN = (4, 5, 3, 3, 2)


@pytest.fixture
def mill(fixtures):
    return loader.load(fixtures / "lf-duel.yaml").adventure


def fight(adventure, door: str = GO_IN, seed: int = 3) -> Game:
    game = Game(adventure, seed=seed)
    game.start()
    game.choose(door)
    assert game.offered.kind == "conflict"
    return game


def said(events) -> list[str]:
    return [e.text for e in events if e.type == "conflict-action"]


def options(game: Game) -> dict[str, object]:
    return {o.id: o for o in game.offered.options}


def exchange(game: Game, stance: str, *faces: int) -> list:
    game.dice.force(*faces)
    return game.choose(f"stance:{stance}")


def test_the_better_ability_and_heavy_gear_set_the_exchange_whose_odds_are_exact(mill):
    game = fight(mill)
    stances = [o for o in game.offered.options if o.id.startswith("stance:")]
    exact = win_chance(3, 2, 2, -1)  # Swordsman 3d6 +2 (a sword suits it) vs Body 2d6 -1 (mail)
    for option in stances:  # by the book a stance moves the Defense Total only, never the roll
        assert Fraction(option.odds) == exact
        assert option.hint == f"3d6+2 vs 2d6-1: {float(exact) * 100:.0f}% to win"


def test_the_margin_becomes_advantage_points_that_carry_over_to_the_next_round(mill):
    game = fight(mill)
    assert said(exchange(game, "ordinary", *BY_TEN)) == ["You beat Achmed by 10: 10 AP held."]
    assert game.offered.prompt == "Spend 10 AP on Achmed?"
    game.choose("keep")
    assert "You beat Achmed by 10: 20 AP held." in said(exchange(game, "ordinary", *BY_TEN))
    assert game.offered.prompt == "Spend 20 AP on Achmed?"


def test_wounds_cost_multiples_of_the_defense_total_and_a_blow_to_incapacitate_two_more(mill):
    game = fight(mill)
    exchange(game, "ordinary", *BY_TEN)
    shown = options(game)
    # Achmed's Defense Total: Body 2 + mail 1 against Sven's ordinary sword = 3
    assert shown["wound:1"].text == "Moderate wound (3 AP)"
    assert shown["wound:2"].text == "Serious wound (6 AP)"
    assert shown["wound:3"].text == "Mortal wound (9 AP)"
    assert "wound:4" not in shown  # a killing blow needs 12
    assert shown["subdue:1"].text == "Incapacitate: bruised (5 AP)"
    assert shown["position"].text == "Take the better ground (2 AP)"  # the book's usual 2
    assert shown["disarm"].text == "Knock the Meat cleaver away (4 AP)"  # a hard thing: 4


def test_a_wound_calls_for_tenacity_against_7_with_its_penalty_and_a_failure_takes_them_out(mill):
    game = fight(mill)
    exchange(game, "ordinary", *BY_TEN)
    game.dice.force(5)  # Tenacity 2 less the moderate wound's die: one die, 5
    events = game.choose("wound:1")
    assert said(events) == ["You spend 3 AP (DT 3): Achmed is moderately wounded.",
                            "Tenacity 5 against 7: Achmed goes down, incapacitated."]
    assert "Achmed yields the mill." in [e.text for e in events if e.type == "text"]
    assert game.finished and game.state.fallen and "achmed" in game.state.fallen


def test_stances_move_the_defense_total_and_all_out_defence_cannot_wound(mill):
    game = fight(mill)
    events = exchange(game, "all-out-defence", *BY_TEN)
    view = [e.to_dict()["view"] for e in events if e.type == "conflict-round"][-1]
    sven = next(f for f in view["fighters"] if f["key"] == "player")
    defence = next(g for g in sven["gauges"] if g["label"] == "defence")
    # Swordsman 3, the jerkin +1, Achmed's damaging cleaver -1, all-out defence +2
    assert defence["value"] == 3 + 1 - 1 + 2
    assert not [k for k in options(game) if k.startswith(("wound:", "subdue:"))]
    assert {"position", "disarm", "flee", "keep"} <= set(options(game))


def test_all_out_attack_puts_every_point_on_one_blow(mill):
    game = fight(mill)
    exchange(game, "ordinary", *BY_TEN)
    game.choose("keep")
    exchange(game, "all-out-attack", *BY_TEN)
    assert list(options(game)) == ["all", "all-subdue", "keep"]
    assert options(game)["all"].text == "Everything on one blow: killing blow (20 AP)"


def test_breaking_away_costs_the_adventures_flee_points_and_ends_the_fight_fled(mill):
    game = fight(mill)
    exchange(game, "ordinary", *BY_TEN)
    assert options(game)["flee"].text == "Break away (2 AP)"
    events = game.choose("flee")
    assert "You run for the river." in [e.text for e in events if e.type == "text"]
    assert game.state.scene == "home"


def test_double_ones_in_an_exchange_drop_the_weapon_in_hand(mill):
    game = fight(mill)
    lines = said(exchange(game, "ordinary", 4, 5, 3, 1, 1))
    assert any("Achmed" in line and "drops" in line and "Meat cleaver" in line for line in lines), lines
    assert "disarm" not in options(game)  # nothing left in his hand to knock away


def test_wound_penalties_do_not_add_up_the_worst_one_applies(mill):
    game = fight(mill, NURSING)  # a moderate (-1 die) and a serious (-2 dice) wound
    hint = options(game)["stance:ordinary"].hint
    assert hint.startswith("1d6+2 vs 2d6-1")  # 3 dice less the worst penalty, 2: not 3 less 3
