"""Optimal Solution played through an adventure (tests/fixtures/hb-self-acceptance.yaml): Moth
may Help a check or contest with four d6 twice a session; +5 when they pair up by sum or
product, offered at the exact odds.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.rules.conflict import percent
from solo.rules.humanity_blessed.optimal_solution import PAIRING

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-self-acceptance.yaml"
RECALL, OUTPLAY = "3", "4"


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def pick(game: Game, option_id: str) -> list[dict]:
    key = next(o.key for o in game.offered.options if o.id == option_id)
    return [e.to_dict() for e in game.choose(key)]


def test_the_pairing_chance_is_counted_over_every_throw():
    def matches(faces) -> bool:  # every order of the four dice, both piles by + or x
        return any(op1(p[0], p[1]) == op2(p[2], p[3]) for p in permutations(faces)
                   for op1 in (int.__add__, int.__mul__) for op2 in (int.__add__, int.__mul__))

    assert PAIRING == Fraction(sum(matches(f) for f in product(range(1, 7), repeat=4)), 6**4) == Fraction(25, 54)


def test_the_help_is_offered_at_its_exact_odds_and_adds_five_only_when_the_dice_pair_up(adventure):
    bonuses, hinted = set(), 0
    for seed in range(16):
        game = Game(adventure, seed=seed)
        game.start()
        events = [e.to_dict() for e in game.choose(OUTPLAY)]
        record = next(e for e in events if e["type"] == "roll")["record"]
        mine, theirs = record["total"], record["details"]["opponent_total"]
        chance = PAIRING * (mine + 5 > theirs) + (1 - PAIRING) * (mine > theirs)
        option = next(o for o in game.offered.options if o.id == "optimal-solution")
        expected = f"then {percent(chance)} to succeed" if mine + 5 > theirs and mine <= theirs else None
        if expected:  # the four dice decide it: the hint is the pairing chance
            assert option.hint == expected, (option.hint, mine, theirs)
            hinted += 1
        events = pick(game, "optimal-solution")
        helped = next(e for e in events if e["type"] == "roll")["record"]
        help_ = helped["details"]["help"]
        faces = help_["optimal_solution"]
        paired = any(a + b in (c + d, c * d) or a * b in (c + d, c * d) for a, b, c, d in permutations(faces))
        assert help_["value"] == (5 if paired else 0) and helped["total"] == mine + help_["value"]
        assert helped["success"] == (helped["total"] > theirs)
        bonuses.add(help_["value"])
    assert bonuses == {0, 5} and hinted


def test_twice_a_session_then_no_more(adventure):
    game = Game(adventure, seed=6)  # two recalls where +5 can still change the result
    game.start()
    for _ in range(2):
        game.choose(RECALL)
        assert any(o.id == "optimal-solution" for o in game.offered.options)
        pick(game, "optimal-solution")
    game.choose(RECALL)
    assert game.offered.prompt != "The dice are down" or not any(
        o.id == "optimal-solution" for o in game.offered.options)
    assert game.character.extra["session"]["optimal_solution"] == 2


def test_where_even_five_cannot_change_the_result_it_is_shown_disabled_and_keeps_its_use(adventure):
    """Recall against 12: head d8 3 and Sharp Recall's dc2 2 make 5, and 5 + 5 is still short."""
    game = Game(adventure, seed=2)
    game.start()
    game.dice.force(3, 2)
    game.choose(RECALL)
    record = game.state.pending.data["record"]
    assert (record["total"], record["details"]["target"]) == (5, 12)
    option = next(o for o in game.offered.options if o.id == "optimal-solution")
    assert (option.enabled, option.key) == (False, None)
    assert option.reason == "cannot change the result: +5 makes 10, still short of 12"
    assert not any(o.key == str(n) for n, o in enumerate(game.offered.options, start=1) if not o.enabled)
    game.choose("keep")
    assert game.character.extra.get("session", {}).get("optimal_solution", 0) == 0  # no use spent
