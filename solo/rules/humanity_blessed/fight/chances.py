"""Exact chances in a Humanity, Blessed fight, all from the ruleset's own odds code.

* An attack's chance to land is :func:`~..odds.sides_odds` for the two sides as they will be
  rolled: the same function ``solo odds humanity-blessed --die d6 --against d4`` and every
  contest of an adventure use, so the figures agree.
* A defender answering a known attack roll sees the chance to hold against that very total
  (``sides_odds`` with ``first``): what the defender's dice, the aid each side gets on a
  would-be loss and a forced reroll can still do.
* Checks (a coup de grace, tending the fallen) are :meth:`check_odds`.
* Help's chance to turn a roll around is the exact distribution of the Help die (it bumps).
* The chance to strike first (to roll highest when the round's focus is decided, ties going
  either way by the dice) is read from each roller's distribution of totals, listed to
  :data:`BOUND` (beyond it lies less than a millionth even for a spark of two d10s); it is a
  hint beside the exact odds, not a promise.
"""

from __future__ import annotations

import bisect
import functools
import math
from fractions import Fraction
from typing import Mapping, Sequence

from solo.rules.base import Character, Odds
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.blessings import help_bonus
from solo.rules.humanity_blessed.odds import check_odds, sides_odds
from solo.rules.humanity_blessed.parsing import HBCheck
from solo.rules.humanity_blessed.planning import plan_roll

BOUND = 160
SEVERE_SIZES = ("major", "very-major", "maximum")


def attack_odds(attacker: Character, defender: Character, mine: HBCheck, theirs: HBCheck,
                violent: bool = True) -> Odds:
    """The odds of an attack (or any contest) before either side rolls."""
    return sides_odds(attacker, defender, mine, theirs, violent)


def hold_chance(attacker: Character, defender: Character, mine: HBCheck, theirs: HBCheck,
                first: int, violent: bool = True) -> Fraction:
    """The chance the defender holds (the attacker does not win) against a known first roll."""
    odds = sides_odds(attacker, defender, mine, theirs, violent, first=first)
    return 1 - odds.outcomes["success"]


def severe_share(odds: Odds) -> Fraction:
    """The chance of a blow that puts the defender down at once (major or larger)."""
    return sum((odds.outcomes.get(size, Fraction(0)) for size in SEVERE_SIZES), Fraction(0))


def check_chance(character: Character, params: Mapping[str, object]) -> Fraction:
    return check_odds(character, params).outcomes["success"]


def help_pmf(value: int | bumping.Die) -> dict[int, Fraction]:
    if isinstance(value, int):
        return {value: Fraction(1)}
    return bumping.total_pmf(bumping.single(value), BOUND)


def help_chance(dice_worth: int, need: int) -> Fraction:
    """The chance Help bought with ``dice_worth`` dice adds ``need`` or more."""
    if need <= 0:
        return Fraction(1)
    pmf = help_pmf(help_bonus(dice_worth))
    return 1 - sum((p for v, p in pmf.items() if v < need), Fraction(0))


def focus_key(character: Character, parsed: HBCheck, role: str) -> tuple[object, ...]:
    """What a focus roll's distribution depends on (two rolls with one key roll alike)."""
    plan = plan_roll(character, parsed, role=role, prepaid=True)
    aid = plan.aid[1] if plan.aid and role == "check" else None
    return (plan.group, plan.modifier, aid, parsed.target if role == "check" else None)


def focus_pmf(character: Character, parsed: HBCheck, role: str) -> dict[int, Fraction]:
    """The chance of each total a focus roll can show (its stat dice, bumps and modifiers;
    a check's aid on a would-be failure too), listed to :data:`BOUND`."""
    plan = plan_roll(character, parsed, role=role, prepaid=True)
    pmf = {v + plan.modifier: p for v, p in bumping.total_pmf(plan.group, BOUND).items()}
    if role != "check" or plan.aid is None or parsed.target is None:
        return pmf
    aid = help_pmf(plan.aid[1])
    out: dict[int, Fraction] = {}
    for v, p in pmf.items():
        if v < parsed.target:
            for x, q in aid.items():
                out[v + x] = out.get(v + x, Fraction(0)) + p * q
        else:
            out[v] = out.get(v, Fraction(0)) + p
    return out


def _integer(pmf: Mapping[int, Fraction]) -> tuple[dict[int, int], int]:
    """A distribution as whole-number weights over one common denominator."""
    den = math.lcm(*(p.denominator for p in pmf.values())) if pmf else 1
    return {v: p.numerator * (den // p.denominator) for v, p in pmf.items()}, den


def first_chance(mine: Mapping[int, Fraction], others: Sequence[Mapping[int, Fraction]]) -> Fraction:
    """The chance ``mine`` is the highest of all the rolls, a tie for the highest being broken
    evenly among those tied (as the fight's dice do). Worked in whole numbers over one
    denominator (the same exact value as with fractions, without a gcd at every step), and
    remembered: every round's offer asks it again for the same rolls."""
    if not others:
        return Fraction(1)
    return _first_chance(tuple(mine.items()), tuple(tuple(pmf.items()) for pmf in others))


@functools.lru_cache(maxsize=2048)
def _first_chance(mine_items: tuple[tuple[int, Fraction], ...],
                  others_items: tuple[tuple[tuple[int, Fraction], ...], ...]) -> Fraction:
    mine = dict(mine_items)
    others = [dict(items) for items in others_items]
    rows = []
    denominator = 1
    for pmf in others:
        weights, den = _integer(pmf)
        keys = sorted(weights)
        prefix = [0]
        for v in keys:
            prefix.append(prefix[-1] + weights[v])
        rows.append((weights, keys, prefix))
        denominator *= den
    shares = math.lcm(*range(1, len(others) + 2))  # a tie among t+1 rolls: 1/(t+1) each
    mine_w, mine_den = _integer(mine)
    total = 0
    for v, p in mine_w.items():
        ties = [1]  # ties[t]: weight of exactly t others tying at v with none above it
        for weights, keys, prefix in rows:
            under = prefix[bisect.bisect_left(keys, v)]
            at = weights.get(v, 0)
            grown = [0] * (len(ties) + 1)
            for t, q in enumerate(ties):
                grown[t] += q * under
                grown[t + 1] += q * at
            ties = grown
        total += p * sum(q * (shares // (t + 1)) for t, q in enumerate(ties))
    return Fraction(total, mine_den * denominator * shares)
