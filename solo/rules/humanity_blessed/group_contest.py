"""Exact odds of a Humanity, Blessed contest with a group on one side or both (book: Group
Checks and Contests): each member of a group rolls the side's stat, and the side's roll is the
median (:func:`~.rolling.group_rank` counted from the highest); then the contest is read as
any other, the attacker winning only by rolling higher.

**Decisions** (the book leaves them open):

* The side's own aid (the contest's ``aid`` or ``opponent_aid``, an ability's) comes once, on
  the group's roll, as in a group check; members bring no aid of their own.
* Famous (+dc2) is part of the leading character's own roll, before the median is taken.
* Vulnerability forces one character's roll again when it is the roll that decides; in a
  contest with a group on either side the group's median decides, so no roll is forced again
  (a vulnerable member's weakness shows in the group's median only through their own die).
* A complex attack's target floors the defending side's roll (the median when it is a group).

Totals are listed up to a bound grown until every side's mass beyond it is below a tolerance;
what is left out is reported as ``truncated``, as for a contest of two.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from solo.rules.base import Odds
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.bumping import Die, Group
from solo.rules.humanity_blessed.tables import SIZES, SYSTEM, size_for_margin

#: One roller of a side: their dice, their modifier, and a bonus die that is part of the roll.
Roller = tuple[Group, int, Die | None]


def _roller_pmf(roller: Roller, bound: int) -> dict[int, Fraction]:
    group, modifier, extra = roller
    pmf = bumping.total_pmf(group, bound)
    if extra is not None:
        pmf = bumping.convolve(pmf, bumping.total_pmf(bumping.single(extra), bound), bound)
    return {v + modifier: p for v, p in pmf.items()}


def median_pmf(pmfs: Sequence[dict[int, Fraction]], rank: int) -> dict[int, Fraction]:
    """The distribution of the ``rank``-th highest of independent totals, each listed exactly
    up to its own bound; values are listed up to the lowest of those bounds, where all are
    exact. The chance that the ranked roll is at least v is the chance that at least ``rank``
    rolls are: a sum over how many reach v, one roller at a time."""
    lowest = min(min(pmf) for pmf in pmfs)
    top = min(max(pmf) for pmf in pmfs)
    below = []  # each roller's chance of a total under v
    for pmf in pmfs:
        running, under = Fraction(0), {}
        for v in range(lowest, top + 2):
            under[v] = running
            running += pmf.get(v, Fraction(0))
        below.append(under)

    def reaching(v: int) -> Fraction:
        counts = [Fraction(1)] + [Fraction(0)] * len(pmfs)
        for under in below:
            q = 1 - under[v]
            counts = [counts[j] * (1 - q) + (counts[j - 1] * q if j else 0) for j in range(len(counts))]
        return sum(counts[rank:], Fraction(0))

    at_least = {v: reaching(v) for v in range(lowest, top + 2)}
    return {v: at_least[v] - at_least[v + 1] for v in range(lowest, top + 1)}


def side_pmf(rollers: Sequence[Roller], bound: int) -> dict[int, Fraction]:
    """A side's roll: one roller's total, or a group's median."""
    from solo.rules.humanity_blessed.rolling import group_rank  # rolling plans with odds' help

    pmfs = [_roller_pmf(r, bound) for r in rollers]
    if len(pmfs) == 1:
        return pmfs[0]
    return median_pmf(pmfs, group_rank(len(pmfs)))


def _add_aid(margin: dict[int, Fraction], aid: int | Die, when_winning: bool, bound: int) -> dict[int, Fraction]:
    """Aid on a would-be loss: the attacker's (added when the margin is 0 or less) or the
    defender's (taken off when it is above 0)."""
    bonus = {aid: Fraction(1)} if isinstance(aid, int) else bumping.total_pmf(bumping.single(aid), bound)
    sign = -1 if when_winning else 1
    out: dict[int, Fraction] = {}
    for m, p in margin.items():
        if (m > 0) == when_winning:
            for x, px in bonus.items():
                out[m + sign * x] = out.get(m + sign * x, Fraction(0)) + p * px
        else:
            out[m] = out.get(m, Fraction(0)) + p
    return out


def group_contest_odds(
    attackers: Sequence[Roller], defenders: Sequence[Roller],
    attacker_aid: int | Die | None = None, defender_aid: int | Die | None = None, *,
    disarmed: bool = False, floor: int | None = None,
    tail: Fraction = Fraction(1, 10**12),
) -> Odds:
    """The odds of a contest whose sides are the ``attackers`` and the ``defenders`` (the first
    of each leads; more than one roll as a group): win (strictly higher), loss, each size of a
    win, the margin's distribution."""
    groups = [r[0] for r in list(attackers) + list(defenders)]
    groups += [bumping.single(r[2]) for r in list(attackers) + list(defenders) if r[2] is not None]
    groups += [bumping.single(a) for a in (attacker_aid, defender_aid) if isinstance(a, Die)]
    bound = 40
    while bound < 2560 and any(1 - sum(bumping.total_pmf(g, bound).values()) >= tail / 8 for g in groups):
        bound *= 2
    a_pmf, d_pmf = side_pmf(attackers, bound), side_pmf(defenders, bound)
    if floor is not None:
        floored: dict[int, Fraction] = {}
        for d, p in d_pmf.items():
            floored[max(d, floor)] = floored.get(max(d, floor), Fraction(0)) + p
        d_pmf = floored
    margin: dict[int, Fraction] = {}
    for a, pa in a_pmf.items():
        for d, pd in d_pmf.items():
            margin[a - d] = margin.get(a - d, Fraction(0)) + pa * pd
    if attacker_aid is not None:
        margin = _add_aid(margin, attacker_aid, False, bound)
    if defender_aid is not None:
        margin = _add_aid(margin, defender_aid, True, bound)
    listed = sum(margin.values(), Fraction(0))
    win = sum((p for m, p in margin.items() if m > 0), Fraction(0))
    outcomes: dict[str, Fraction] = {"success": win, "failure": listed - win}
    outcomes.update({size: Fraction(0) for size in SIZES})
    for m, p in margin.items():
        if m > 0:
            size = size_for_margin(m)
            outcomes["very-major" if disarmed and size == "maximum" else size] += p
    shown = {m: p for m, p in sorted(margin.items()) if p >= Fraction(1, 10**9)}
    return Odds(system=SYSTEM, outcomes=outcomes, distributions={"margin": shown},
                values={"margin_unlisted": listed - sum(shown.values(), Fraction(0))},
                truncated=1 - listed)
