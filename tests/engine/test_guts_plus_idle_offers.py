"""GUTS+ offers on a check that are sure to change nothing are shown disabled with their reason
(``Offer.disabled``), in their place: a bonus die on a positive impact (pips only raise dice, and
nothing reads better), all pips on one die where that reads as keeping the roll does (keeping
places them by the best split), and a mastery change that reads the same and earns no bonus
die. A contest's bonus die adds to its total and stays on offer. The best split is what keeping
the roll does: with no mastery left to use after it it is shown disabled (the keep says it; read12),
a bonus die still to roll or not (placing declines it, as keeping does; sitting 13), and while
mastery is left it stays.
Fixture: tests/fixtures/guts-rules.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.engine.game import Game, InvalidDecision
from solo.playtest.policies import dice_decision
from solo.rules.dice import Dice, RollRecord
from solo.rules.guts_plus import offers
from pregen_play import placed

FIXTURE = Path(__file__).parents[1] / "fixtures" / "guts-rules.yaml"
TUNE, PUSH, LIFT, WRESTLE = "choice-2", "choice-3", "choice-4", "choice-5"
SHIP = loader.load("supply-ship").adventure


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def rolled(adventure, who: str, choice: str, *dice: int) -> Game:
    game = Game(adventure, seed=5)
    game.start()
    game.choose(who)
    game.dice.force(*dice)
    game.choose(choice)
    assert game.offered.kind == "roll"
    return game


def shown(game: Game) -> dict[str, tuple[str | None, bool, str]]:
    return {o.id: (o.key, o.enabled, o.reason) for o in game.offered.options}


def test_a_bonus_die_on_a_positive_impact_is_shown_disabled(adventure):
    game = rolled(adventure, "cadet", PUSH, 6, 6)  # a double of sixes: a bonus die, and nothing reads better
    assert game.state.pending.data["record"]["outcome"] == "positive-impact"
    assert shown(game)["bonus"] == (None, False, "cannot change the result: already positive impact")
    with pytest.raises(InvalidDecision, match="already positive impact"):
        game.choose("2")


def test_a_contests_bonus_die_stays_on_offer_even_on_a_positive_impact(adventure):
    """A contest's bonus die adds to the total at once: on top it still widens roll.difference,
    which an adventure may read (tests/engine/test_guts_plus_conflicts.py reads "You hold by 12")."""
    game = rolled(adventure, "cadet", WRESTLE, 6, 6, 2, 3)
    assert game.state.pending.data["record"]["outcome"] == "positive-impact"
    assert shown(game)["bonus"] == ("2", True, "")


def test_all_pips_on_a_die_that_reads_as_keeping_is_shown_disabled_and_so_is_the_best_split(adventure):
    game = rolled(adventure, "master", LIFT, 1, 4, 4)  # a double of fours: a bonus die
    assert shown(game)["bonus"] == ("2", True, "")  # a full success can still read better
    game.dice.force(1)
    game.choose("bonus")  # one pip to place: the best split makes 2 4 4, all on die 2 makes 1 5 4
    options = shown(game)
    assert options["place:best"] == (None, False, "cannot change the result: keeping the roll places them the same way")
    assert options["place:2"] == (None, False, "cannot change the result: keeping the roll reads full success too")
    game.choose("keep")
    assert game.state.rolls[-1]["outcome"] == "success"


def test_a_mastery_change_that_reads_the_same_and_earns_nothing_is_shown_disabled(adventure):
    game = rolled(adventure, "master", TUNE, 2, 4, 5)
    options = shown(game)
    assert options["mastery:1=6"] == (None, False, "cannot change the result: full success either way")
    assert options["mastery:1=5"] == ("3", True, "")  # the same reading, but a double: +1 bonus die
    typed = next(o for o in game.offered.options if o.id == "mastery:")
    assert typed.enabled and typed.text.endswith("(e.g. m 1 5)")  # the example is a change that does something


def test_with_pips_waiting_a_mastery_change_is_read_with_them_placed(adventure):
    """2 4 2 and a bonus 6: the six pips by the best split make 6 6 2, a positive impact, and
    turning die 1 into a 6 first reads the same once they are placed."""
    game = rolled(adventure, "master", TUNE, 2, 4, 2)
    assert shown(game)["mastery:1=6"] == ("3", True, "")  # before the bonus die: a full success, raised
    game.dice.force(6)
    game.choose("bonus")
    options = shown(game)
    assert options["mastery:1=6"] == (
        None, False, "cannot change the result: with the 6 pips placed, positive impact either way")
    assert options["place:3"] == ("3", True, "")  # 4 4 6 reads full success: it changes the result


def test_keeping_a_roll_with_pips_waiting_says_they_go_by_the_best_split(adventure):
    """slips10: "Keep the roll" with pips waiting placed them by the best split without saying so."""
    game = rolled(adventure, "master", LIFT, 1, 4, 4)
    assert next(o for o in game.offered.options if o.id == "keep").text == "Keep the roll"  # nothing waits
    game.dice.force(1)
    game.choose("bonus")
    keep = next(o for o in game.offered.options if o.id == "keep")
    assert keep.text == "Keep the roll: the 1 pip goes by the best split, 2 4 4 → full success"
    game.choose("keep")
    assert game.state.rolls[-1]["outcome"] == "success"


def test_a_mastery_change_that_reads_the_same_but_earns_a_bonus_die_says_so_in_its_hint(adventure):
    """slips10: the change kept on offer for its bonus die had the hint "cannot change the result"."""
    game = rolled(adventure, "master", TUNE, 2, 4, 5)
    change = next(o for o in game.offered.options if o.id == "mastery:1=5")
    assert change.enabled and change.text.endswith("+1 bonus die")
    assert change.hint == "the result stays as it is; it earns 1 bonus die to roll"


def test_with_nothing_else_left_the_best_split_is_one_offer_the_keep(adventure):
    """read11 (supply-ship.md): with bonus pips waiting, "Place the 1 pip by the best split: 2 4 4"
    was listed beside "Keep the roll: the 1 pip goes by the best split, 2 4 4" with its own
    number: two numbers for one thing. With no bonus die and no mastery left, only the keep has
    a number; the best split keeps its place, greyed, so the numbers after it stand."""
    game = rolled(adventure, "master", LIFT, 1, 4, 4)
    game.dice.force(1)
    game.choose("bonus")
    numbered = [(o.key, o.text) for o in game.offered.options if o.enabled and o.key]
    assert numbered == [("1", "Keep the roll: the 1 pip goes by the best split, 2 4 4 → full success")]
    assert [o.key for o in game.offered.options][:3] == ["1", None, None]  # the best split, all on die 2
    with pytest.raises(InvalidDecision, match="keeping the roll places them the same way"):
        game.choose("2")


def test_while_mastery_is_left_the_best_split_stays_on_offer(adventure):
    """Placing with mastery still to use is not the end of the roll (mastery may follow), unlike
    keeping it: the best split keeps its number."""
    game = rolled(adventure, "master", TUNE, 2, 4, 2)
    game.dice.force(6)
    game.choose("bonus")
    assert shown(game)["place:best"][1] is True


def test_with_a_bonus_die_still_to_roll_the_best_split_is_still_the_keep():
    """Sitting 13: Dara's weld, two matches, one bonus die rolled (a 1) and one to go, listed
    "Place the 1 pip by the best split: 4 3" beside "Keep the roll: the 1 pip goes by the best
    split, 4 3". Placing declines the die still to roll, and so does keeping, and the pips go the
    same way: with no mastery after it, placing is the keep, greyed in its place. The other
    bonus die keeps its number (and the odds play, which takes every bonus die, takes it)."""
    game = placed(SHIP, "pilot", "cargo-breach", 4)
    weld = next(o for o in game.offered.options if o.text.startswith("Call Dara to weld a plate"))
    game.dice.force(3, 3, 3, 3)  # Dara's 3 3 match both of the pilot's 3s: two bonus dice
    game.choose(weld.key)
    game.dice.force(1)
    game.choose("2")
    record = RollRecord.from_dict(game.state.pending.data["record"])
    assert record.details["bonus_left"] == 1 and record.details["pending_bonus"]["pips"] == 1
    assert [(o.key, o.id, o.enabled) for o in game.offered.options][:3] == [
        ("1", "keep", True), ("2", "bonus", True), (None, "place:best", False)]
    assert shown(game)["place:best"][2] == "cannot change the result: keeping the roll places them the same way"
    assert dice_decision(game, game.offered) == "2"
    placed_now = offers.apply(Dice(1), record, "place:best")
    assert offers.roll_offers(placed_now) == []  # nothing is left after placing but keeping
    kept = offers.place_best(record, "keep")
    assert (placed_now.details["values"], placed_now.outcome, placed_now.details["placement"]["declined"]) == (
        kept.details["values"], kept.outcome, kept.details["placement"]["declined"])
