"""supply-ship slips found reading it in the terminal as a new player (issue 22, read9).

Each test drives a game to where the slip showed and asserts what the player is shown; the
lines of docs/editorial/supply-ship.md dated read9 name them.
"""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.engine.gm import GameMaster
from pregen_play import enabled_options, start_as, texts


@pytest.fixture(scope="module")
def adventure():
    return loader.load("supply-ship").adventure


def _game(adventure, pregen: str, seed: int = 3) -> Game:
    return start_as(adventure, pregen, seed)


_texts = texts
_options = enabled_options


@pytest.mark.parametrize("pregen, own, other", [("engineer", "your own blocky", "Dara's"),
                                                ("pilot", "Dara's blocky", "your own")])
def test_the_engineer_reads_her_own_labels_in_the_supply_room(adventure, pregen, own, other):
    """Playing Dara, the Supply Room spoke of "Dara's blocky capitals" as if she were someone else."""
    game = _game(adventure, pregen)
    first = _texts(GameMaster(game).goto("supply-room"))
    assert own in first and other not in first
    game.choose(_options(game)["Back to the hall"])
    again = _texts(game.choose(_options(game)["Duck into the Supply Room"]))
    assert "The Supply Room again" in again
    assert own in again and other not in again


def test_the_glassware_drawer_is_not_pointed_out_to_who_already_holds_the_carboy(adventure):
    game = _game(adventure, "engineer")
    game.state.flags["knows_glass"] = True
    assert "glassware drawer catches your eye" in _texts(GameMaster(game).goto("supply-room"))
    game.choose(_options(game)["Take a glass specimen carboy"])
    game.choose(_options(game)["Back to the hall"])
    again = _texts(game.choose(_options(game)["Duck into the Supply Room"]))
    assert "glassware drawer" not in again


def test_the_kitchen_holds_food_for_the_two_months_left_as_it_says(adventure):
    """BOSS wakes the crew two months from Cairn; the kitchen said a month would see five through."""
    game = _game(adventure, "medic")
    assert "two months from Cairn" in " ".join(adventure.scenes["wake-up"].text.split())
    kitchen = _texts(GameMaster(game).goto("kitchen"))
    assert "two months of sealed meals for five" in " ".join(kitchen.split())
    assert "exactly what five people awake for the rest of the trip" in " ".join(kitchen.split())


def test_the_locked_cargo_door_says_its_piece_once_then_a_short_reminder(adventure):
    """Back at the locked door from the Supply Room, BOSS's whole speech and the same 58% came again."""
    game = _game(adventure, "manager")
    first = _texts(GameMaster(game).goto("cargo-door"))
    assert "PRESSURE 58% AND FALLING" in first and "I have locked the cargo bay" in first
    game.choose(_options(game)["Grab supplies from the Supply Room next door first"])
    game.choose(_options(game)["Back to the hall"])
    again = _texts(game.choose(_options(game)["Pull yourself aft to the cargo bay door"]))
    assert game.state.scene == "cargo-door"
    assert "The cargo bay hatch again" in again
    assert "58%" not in again and "I have locked the cargo bay" not in again


def test_going_at_it_promises_no_heavy_thing_the_fight_does_not_give(adventure):
    """Teodor, holding no pole, chose "whatever is heaviest" and fought bare-handed."""
    game = _game(adventure, "manager")
    GameMaster(game).goto("creature-sighted")
    options = _options(game)
    assert not any("heaviest" in text for text in options)
    events = game.choose(options["Go at it hand to hand, Jonah at your side"])
    assert game.state.scene == "creature-fight"
    assert "bare hands" in " ".join(o.text for o in game.offered.options) + _texts(events) or any(
        "bare-handed" in o.text for o in game.offered.options)


def test_waking_patched_up_says_what_it_costs_and_nothing_it_does_not(adventure):
    """BOSS promised "a list of what it ate" while you were out; nothing was eaten: a day was lost."""
    game = _game(adventure, "manager")
    game.state.flags["creature_loose"] = True
    hunger, delay = game.state.clocks["hunger"], game.state.counters["delay"]
    text = " ".join(_texts(GameMaster(game).goto("patched-up")).split())
    assert "what it ate" not in text and "lost most of a day" in text
    assert game.state.counters["delay"] == delay + 1
    assert game.state.clocks["hunger"] == hunger


def test_the_datadex_does_not_describe_the_creature_before_anyone_has_seen_it(adventure):
    """Read from the hall after the sensor logs, the Datadex page already knew it was small and pink."""
    game = _game(adventure, "engineer")
    game.state.flags["creature_loose"] = True
    text = " ".join(_texts(GameMaster(game).goto("datadex")).split())
    assert "whatever is loose in the ducts" in text
    assert "pink" not in text and "small" not in text
