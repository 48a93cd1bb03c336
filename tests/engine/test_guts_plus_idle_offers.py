"""GUTS+ offers on a check that are sure to change nothing are shown disabled with their reason
(``Offer.disabled``), in their place: a bonus die on a positive impact (pips only raise dice, and
nothing reads better), all pips on one die where that reads as keeping the roll does (keeping
places them by the best split), and a mastery change that reads the same and earns no bonus
die. A contest's bonus die adds to its total and stays on offer. The best split itself stays:
it is what keeping the roll does, and the odds play takes it by name.
Fixture: tests/fixtures/guts-rules.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.engine.game import Game, InvalidDecision

FIXTURE = Path(__file__).parents[1] / "fixtures" / "guts-rules.yaml"
TUNE, PUSH, LIFT, WRESTLE = "choice-2", "choice-3", "choice-4", "choice-5"


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


def test_a_contests_bonus_die_stays_on_offer(adventure):
    game = rolled(adventure, "cadet", WRESTLE, 6, 6, 2, 3)
    assert shown(game)["bonus"] == ("2", True, "")


def test_all_pips_on_a_die_that_reads_as_keeping_is_shown_disabled_and_the_best_split_stays(adventure):
    game = rolled(adventure, "master", LIFT, 1, 4, 4)  # a double of fours: a bonus die
    assert shown(game)["bonus"] == ("2", True, "")  # a full success can still read better
    game.dice.force(1)
    game.choose("bonus")  # one pip to place: the best split makes 2 4 4, all on die 2 makes 1 5 4
    options = shown(game)
    assert options["place:best"] == ("2", True, "")
    assert options["place:2"] == (None, False, "cannot change the result: keeping the roll reads full success too")
    game.choose("keep")
    assert game.state.rolls[-1]["outcome"] == "success"


def test_a_mastery_change_that_reads_the_same_and_earns_nothing_is_shown_disabled(adventure):
    game = rolled(adventure, "master", TUNE, 2, 4, 5)
    options = shown(game)
    assert options["mastery:1=6"] == (None, False, "cannot change the result: full success either way")
    assert options["mastery:1=5"] == ("3", True, "")  # the same reading, but a double: +1 bonus die
    assert options["mastery:"][1]  # the player's own change, typed, stays
