"""Loose and Fuzzy: a tied exchange is rolled again, played through an adventure file
(tests/fixtures/lf-duel.yaml, read only). Sven (Swordsman 3d6, +2 for a sword that suits it)
fights Achmed (Body 2d6, -1 for his heavy mail). The dice are forced so the first exchange ties;
the tie settles nothing (no Advantage Points, nobody wins), the exchange is rolled again at once
and that roll decides. The chance offered counts ties rolled again, as ``solo odds`` does.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.engine.game import Game
from solo.rules.reasons import step_lines

FIXTURE = Path(__file__).parent.parent / "fixtures" / "lf-duel.yaml"
GO_IN = "choice-0"
#: Sven 1 2 3 (+2) = 8 against Achmed 5 4 (-1) = 8: a tie.
TIE = (1, 2, 3, 5, 4)
#: Sven 4 5 3 (+2) = 14 against Achmed 3 2 (-1) = 4: Sven by 10.
BY_TEN = (4, 5, 3, 3, 2)
#: Sven 2 3 2 (+2) = 9 against Achmed 5 5 (-1) = 9: a tie again.
TIE_AGAIN = (2, 3, 2, 5, 5)
#: Sven 2 2 3 (+2) = 9 against Achmed 5 6 (-1) = 10: Achmed by 1.
ACHMED_BY_ONE = (2, 2, 3, 5, 6)


@pytest.fixture(scope="module")
def mill():
    return loader.load(FIXTURE).adventure


def fight(adventure) -> Game:
    game = Game(adventure, seed=3)
    game.start()
    game.choose(GO_IN)
    return game


def exchange(game: Game, *faces: int) -> list[dict]:
    game.dice.force(*faces)
    events = [e.to_dict() for e in game.choose("stance:ordinary")]
    assert not game.dice.forced_pending  # every die forced was rolled: both exchanges
    return events


def the_roll(events: list[dict]) -> dict:
    return next(e["roll"] for e in events if e["type"] == "conflict-action" and e.get("roll"))


def said(events: list[dict]) -> list[str]:
    return [e["text"] for e in events if e["type"] == "conflict-action"]


def test_the_chance_offered_is_solo_odds_with_ties_rolled_again(mill):
    game = fight(mill)
    option = next(o for o in game.offered.options if o.id == "stance:ordinary")
    out = CliRunner().invoke(cli, ["odds", "loose-fuzzy", "--contest", "3:2", "--bonus", "2",
                                   "--opponent-bonus", "-1", "--json"])
    assert out.exit_code == 0, out.output
    shown = json.loads(out.output)
    assert abs(float(Fraction(option.odds)) - shown["success_chance"]) < 1e-12
    assert option.hint == f"3d6+2 vs 2d6-1: {shown['success_chance'] * 100:.0f}% to win"
    # the failures and successes it lists add up to everything: a tie is never an end
    assert abs(shown["outcomes"]["success"] + shown["outcomes"]["failure"] - 1) < 1e-12
    assert 0 < shown["tie_per_roll"] < 0.05


def test_a_tied_exchange_gives_nobody_anything_and_is_rolled_again_at_once(mill):
    game = fight(mill)
    events = exchange(game, *TIE, *BY_TEN)
    record = the_roll(events)
    assert record["details"]["ties"] == 1
    first, second = record["details"]["exchanges"]
    assert (first["total"], first["opponent_total"]) == (8, 8)
    assert (second["total"], second["opponent_total"]) == (14, 4)
    assert record["dice"] == [*TIE, *BY_TEN]
    # the player is told the exchange the re-roll decided, and the AP are its margin alone
    assert said(events) == ["You beat Achmed by 10: 10 AP held."]
    assert game.offered.prompt == "Spend 10 AP on Achmed?"
    lines = step_lines(record)
    assert lines.index("tie at 8: rolled again") == lines.index("Achmed 2d6: 5 + 4 = 9") + 2
    assert lines[-1] == "14 vs 4 → success (10 advantage)"


def test_ties_are_rolled_again_until_one_side_wins_and_either_side_may(mill):
    game = fight(mill)
    events = exchange(game, *TIE, *TIE_AGAIN, *ACHMED_BY_ONE)
    record = the_roll(events)
    assert record["details"]["ties"] == 2 and not record["success"]
    assert [(x["total"], x["opponent_total"]) for x in record["details"]["exchanges"]] == [(8, 8), (9, 9), (9, 10)]
    assert said(events)[0] == "Achmed beats you by 1: 1 AP held."
    assert [line for line in step_lines(record) if line.startswith("tie")] == [
        "tie at 8: rolled again", "tie at 9: rolled again"]
