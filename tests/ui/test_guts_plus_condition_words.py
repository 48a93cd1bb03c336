"""A GUTS+ roll under a condition reads its doubles and a helper's matches on the dice as
rolled, and says so beside the dice it shows, which the condition has moved (read11: Jonah,
confused, saw "[4] [5] [5] [1]" and read "Doubles (two 6s)", and "Your helper rolled 2 ... no
die matched yours" beside his own die showing 2). A check on two stats is titled "Thought +
Command", as its odds are, not "Thought+command"."""

from __future__ import annotations

from solo.adventure import loader
from solo.rules.base import Character
from solo.rules.dice import Dice
from solo.rules.guts_plus import GutsPlus
from solo.ui.words import Words

WORDS = Words(loader.load("supply-ship").adventure)


def _jonah() -> Character:
    return GutsPlus().prepare_character(Character(
        name="Jonah", system="guts-plus",
        stats={"gumption": 3, "utility": 2, "thought": 1, "slyness": 1, "command": 3}))


def _roll(faces: list[int], params: dict) -> object:
    dice = Dice(1)
    dice.force(*faces)
    return GutsPlus().check(dice, _jonah(), params)


def test_doubles_under_a_condition_are_named_as_rolled_beside_the_moved_dice():
    record = _roll([5, 6, 6, 2], {"stat": ["thought", "command"], "modifier": -1})
    assert record.kept == [4, 5, 5, 1]
    reading = WORDS.roll(record.to_dict(), "Fly the correction")
    assert "A condition changes each die by -1 (rolled 5 6 6 2)." in reading.why
    assert any(line.startswith("Doubles (two 6s as rolled) earn 1 bonus die") for line in reading.why)
    said = list(reading.why)
    assert said.index("A condition changes each die by -1 (rolled 5 6 6 2).") < next(
        i for i, line in enumerate(said) if line.startswith("Doubles"))


def test_a_helper_who_matches_no_rolled_die_says_as_rolled_under_a_condition():
    record = _roll([3, 2], {"stat": "thought", "modifier": -1, "assist_dice": 1})
    assert record.kept == [2]
    why = WORDS.roll(record.to_dict(), "Read the Datadex").why
    assert any("rolled 2 along with you: no die matched yours as rolled" in line for line in why)
    plain = WORDS.roll(_roll([3, 2], {"stat": "thought", "assist_dice": 1}).to_dict(), "x").why
    assert any("no die matched yours, so no bonus dice." in line for line in plain)


def test_a_check_on_two_stats_is_titled_with_both_names():
    record = _roll([5, 6, 6, 2], {"stat": ["thought", "command"]})
    assert WORDS.roll(record.to_dict(), "").stat == "Thought + Command"
    assert WORDS.stat("thought+command") == "Thought + Command"
    assert WORDS.stat("+dc2") != "" and "+ " not in WORDS.stat("+dc2")


def test_a_check_with_a_one_or_two_says_why_it_earns_an_xp():
    """Jonah's haul along the straps succeeded with a 2 among the dice and "+1 XP" appeared
    under it unexplained."""
    earned = WORDS.roll(_roll([5, 5, 2], {"stat": "gumption"}).to_dict(), "Haul").why
    assert "A die rolled 1 or 2: 1 XP for the check, whatever its result." in earned
    clean = WORDS.roll(_roll([5, 5, 4], {"stat": "gumption"}).to_dict(), "Haul").why
    assert not any("XP" in line for line in clean)


def _with_bonus(record, *faces: int, left: int = 0) -> dict:
    """The record as it stands once bonus dice showing ``faces`` are rolled (and placed)."""
    data = record.to_dict()
    data["details"]["bonus"] = [{"die": f} for f in faces]
    data["details"]["bonus_left"] = left
    return data


def _bonus_line(data: dict) -> str:
    return next(line for line in WORDS.roll(data, "Haul").why if " earned " in line)


def test_a_bonus_die_says_which_doubles_earned_it():
    """read12 heard "Doubles earned 1 bonus die, showing 3" for a die a helper's match earned:
    the line names its source, the doubles or the match, as the line before it does."""
    doubles = _roll([4, 4, 2], {"stat": "gumption"})
    assert _bonus_line(_with_bonus(doubles, 3)) == (
        "Doubles (two 4s) earned 1 bonus die, showing 3: 3 pips raised your dice.")
    match = _roll([6, 6], {"stat": "thought", "assist_dice": 2})
    assert match.to_dict()["details"]["doubles"] == []
    assert _bonus_line(_with_bonus(match, 3)) == (
        "A match with your helper's dice (a 6) earned 1 bonus die, showing 3: 3 pips raised your dice.")


def test_doubles_and_matches_together_earn_their_bonus_dice_in_one_line():
    both = _roll([5, 5, 3, 2, 3], {"stat": ["thought", "command"], "assist_dice": 1})
    details = both.to_dict()["details"]
    assert details["doubles"] == [5] and details["helper"]["matches"] == [3]
    assert _bonus_line(_with_bonus(both, 2, 4)) == (
        "Doubles (two 5s) and a match with your helper's dice (a 3) earned 2 bonus dice, "
        "showing 2 4: 6 pips raised your dice.")
    assert _bonus_line(_with_bonus(both, 2, left=1)) == (
        "Doubles (two 5s) and a match with your helper's dice (a 3) earned 2 bonus dice; 1 rolled, "
        "showing 2: 2 pips raised your dice.")
