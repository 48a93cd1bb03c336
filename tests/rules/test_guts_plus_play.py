"""GUTS+ through play: fixture adventures driven by the engine, and `solo odds`/`solo roll`.

Each test here is about a rule as a player meets it (issue 9): pooled bonus pips, learning
awards, mastery, assisting in contests, the inventory and voluntary failure.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

from click.testing import CliRunner

from solo.cli import cli

# -- an independent reading of the digest, written plainly --------------------------------------

WORST_TO_BEST = ["negative-impact", "failure", "near-success", "success", "positive-impact"]


def plain_read(values) -> str:
    dice = list(values)
    while 6 in dice and 1 in dice:
        dice.remove(6)
        dice.remove(1)
    if not dice:
        return "near-success"
    names = {1: "negative-impact", 2: "failure", 3: "near-success", 4: "success", 5: "success",
             6: "positive-impact"}
    for label, count in Counter(names[v] for v in dice).items():
        if 2 * count > len(dice):
            return label
    good = sum(v >= 4 for v in dice)
    bad = sum(v <= 2 for v in dice)
    if bad > good:
        return "failure"
    return "success" if good else "near-success"


def plain_best(values, pips) -> str:
    """The best reading over every way to place ``pips`` (all of them, unless every die is 6)."""
    placed = min(pips, sum(6 - v for v in values))
    readings = [plain_read([v + a for v, a in zip(values, alloc)])
                for alloc in itertools.product(*(range(7 - v) for v in values))
                if sum(alloc) == placed]
    return max(readings, key=WORST_TO_BEST.index)


def plain_doubles(faces) -> int:
    return sum(faces.count(v) // 2 for v in range(2, 7))


def test_solo_odds_four_dice_positive_impact_is_1909_over_7776_by_plain_enumeration():
    result = CliRunner().invoke(cli, ["odds", "guts-plus", "--dice", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"]["positive-impact"] == "1909/7776"
    # every ordered roll of 4 dice and of its bonus dice, pips pooled and placed the best way
    counts: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=4):
        bonus = plain_doubles(faces)
        for extra in itertools.product(range(1, 7), repeat=bonus):
            counts[plain_best(faces, sum(extra))] += Fraction(1, 6 ** (4 + bonus))
    assert {k: f"{v.numerator}/{v.denominator}" for k, v in counts.items()} == data["exact"]


def test_solo_roll_takes_every_bonus_die_and_places_the_pool_by_the_best_split():
    pooled = 0
    for seed in range(40):
        result = CliRunner().invoke(cli, ["roll", "guts-plus", "--dice", "5", "--seed",
                                          str(seed), "--json"])
        assert result.exit_code == 0, result.output
        details = json.loads(result.output)["details"]
        assert details["bonus_left"] == 0 and "pending_bonus" not in details
        assert len(details["bonus"]) == plain_doubles(json.loads(result.output)["dice"])
        if not details["bonus"]:
            continue
        before = [v - s for v, s in zip(details["values"], details["placement"]["split"])]
        pips = sum(b["die"] for b in details["bonus"])
        assert details["placement"]["pips"] == pips
        assert plain_read(details["values"]) == plain_best(before, pips)
        pooled += len(details["bonus"]) > 1
    assert pooled  # some seed rolled two doubles, so two dice were pooled
