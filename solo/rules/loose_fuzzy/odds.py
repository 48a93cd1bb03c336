"""Exact Loose and Fuzzy odds: checks, contests and the exploding critical bonus.

Every probability here is a count of equally likely faces over a power of six, so the sums are
done on whole numbers (weights over one common denominator ``6**n``) and turned into
:class:`~fractions.Fraction` only at the end. The results are the same exact fractions as summing
Fractions throughout, without a gcd on every product: a 10-dice contest takes a few milliseconds
instead of a hundred and more.

A pool's total falls in one of three critical classes, by its two marked dice:

* ``failure``: both marked dice show 1 (with one die: the die and its confirming die show 1);
  the total still counts (book: a critical failure does not fail by itself).
* ``success``: both show 6; the exploding bonus is added.
* ``none``: anything else.

The exploding bonus (a d6 added and rolled again while it shows 6) has no largest value. Check
odds use its closed form, so they are exact. Contest odds and the listed ``total`` distribution
need it value by value: it is listed to :data:`EXPLOSION_DEPTH` sixes, where the mass left out
is below 1e-15, and that exact remainder is reported.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from operator import mul
from typing import Mapping

from solo.rules.base import Odds
from solo.rules.loose_fuzzy.abilities import SYSTEM

#: The exploding bonus is listed to this many sixes in a row: 6**-20 < 1e-15 <= 6**-19.
EXPLOSION_DEPTH = 20
#: Listed totals and margins stop once what is left is below one in a million (display only).
LISTED_BELOW = 10**6
#: Pairs of marked dice (a, b) that are not critical, by their sum: 34 of the 36.
_PLAIN_PAIRS = tuple(
    sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == s and not (a == b and a in (1, 6)))
    for s in range(13)
)

Weights = dict[int, int]


# -- whole-number building blocks ---------------------------------------------------------------


@lru_cache(maxsize=64)
def sum_counts(count: int) -> tuple[int, ...]:
    """How many of the ``6**count`` faces of ``count`` d6 give each sum (index = sum)."""
    counts = [1]
    for _ in range(count):
        grown = [0] * (len(counts) + 6)
        for total, n in enumerate(counts):
            if n:
                for face in range(1, 7):
                    grown[total + face] += n
        counts = grown
    return tuple(counts)


def _convolve(p: Weights, q: Weights) -> Weights:
    out: Weights = {}
    get = out.get
    for a, wa in p.items():
        for b, wb in q.items():
            out[a + b] = get(a + b, 0) + wa * wb
    return out


def _bonus_weights(depth: int = EXPLOSION_DEPTH) -> Weights:
    """The exploding bonus over ``6**depth``: value 6d + r (r = 1..5) has weight 6**(depth-d-1)."""
    return {6 * d + r: 6 ** (depth - d - 1) for d in range(depth) for r in range(1, 6)}


@lru_cache(maxsize=64)
def class_weights(count: int) -> tuple[dict[str, Weights], int]:
    """Each critical class's totals as whole-number weights over ``6**exponent``; returns the
    classes and the exponent. The classes sum to 1 less the exploding tail left out,
    ``6**-EXPLOSION_DEPTH`` of the double-6 mass."""
    count = max(1, count)
    scale = 6**EXPLOSION_DEPTH
    bonus = _bonus_weights()
    if count == 1:  # the die and its confirming die: 36 equally likely pairs
        none = {face: 6 * scale for face in range(2, 6)}
        none[1] = none[6] = 5 * scale
        success = {6 + v: w for v, w in bonus.items()}
        return {"failure": {1: scale}, "none": none, "success": success}, 2 + EXPLOSION_DEPTH
    rest = {v: n for v, n in enumerate(sum_counts(count - 2)) if n}
    plain = {s: n * scale for s, n in enumerate(_PLAIN_PAIRS) if n}
    classes = {
        "failure": {2 + v: n * scale for v, n in rest.items()},
        "none": _convolve(plain, rest),
        "success": _convolve({12 + v: n for v, n in rest.items()}, bonus),
    }
    return classes, count + EXPLOSION_DEPTH


def class_pmfs(count: int) -> tuple[dict[str, dict[int, Fraction]], Fraction]:
    """Sub-distributions of a pool's total by critical class ("failure", "none", "success"),
    summing to 1 less the exploding tail left out (returned second)."""
    classes, exponent = class_weights(count)
    denominator = 6**exponent
    pmfs = {label: {v: Fraction(w, denominator) for v, w in sorted(weights.items())}
            for label, weights in classes.items()}
    return pmfs, Fraction(1, 36) * Fraction(1, 6**EXPLOSION_DEPTH)


# -- the exploding bonus in closed form ---------------------------------------------------------


def explosion_at_least(value: int) -> Fraction:
    """P(exploding bonus >= value): the bonus is a d6 rolled again and added while it shows 6."""
    if value <= 1:
        return Fraction(1)
    k, j = divmod(value - 1, 6)
    return Fraction(6 - j, 6 ** (k + 1))


def _explosion_at_least_weight(value: int, exponent: int) -> int:
    """:func:`explosion_at_least` as a whole number over ``6**exponent`` (exponent large enough)."""
    if value <= 1:
        return 6**exponent
    k, j = divmod(value - 1, 6)
    return (6 - j) * 6 ** (exponent - k - 1)


# -- checks --------------------------------------------------------------------------------------


def check_distribution(count: int, target: int, bonus: int = 0) -> dict[str, Fraction]:
    """Exact probabilities of the five reading labels for ``count`` dice plus ``bonus`` against
    ``target``: ``critical-failure`` (double 1s, the sum falls short), ``costly-success`` (double
    1s, the sum reaches the target), ``failure``, ``success`` and ``critical-success``."""
    count = max(1, count)
    need = target - bonus
    if count == 1:  # over 36: the die and its confirming die
        one_one = 1
        costly = one_one if 1 >= need else 0
        plain_faces = {face: 6 for face in range(2, 6)}
        plain_faces[1] = plain_faces[6] = 5
        plain = sum(n for face, n in plain_faces.items() if face >= need)
        # a confirmed 6 adds the bonus: 6 + bonus >= need
        exponent = 2 + max(0, (need - 6 - 1) // 6 + 1)
        scale = 6 ** (exponent - 2)
        crit = _explosion_at_least_weight(need - 6, exponent - 2)
        whole = 6**exponent
        return _labels(costly * scale, (one_one - costly) * scale, plain * scale, crit, whole)
    rest = sum_counts(count - 2)
    # over 6**count for the plain and double-1 classes
    at_least = [0] * (len(rest) + 1)  # at_least[v] = faces of the rest summing to v or more
    for v in range(len(rest) - 1, -1, -1):
        at_least[v] = at_least[v + 1] + rest[v]

    def rest_reaching(v: int) -> int:
        return at_least[min(max(v, 0), len(rest))]

    costly = rest_reaching(need - 2)
    plain = sum(n * rest_reaching(need - s) for s, n in enumerate(_PLAIN_PAIRS) if n)
    # double 6s: the rest plus the exploding bonus reach need - 12
    deepest = max(0, (need - 12 - 1) // 6 + 1)
    crit = sum(n * _explosion_at_least_weight(need - 12 - v, deepest) for v, n in enumerate(rest) if n)
    scale = 6**deepest
    return _labels(costly * scale, (6 ** (count - 2) - costly) * scale, plain * scale, crit,
                   6 ** (count + deepest))


def _labels(costly: int, critical_failure: int, plain: int, critical: int, whole: int) -> dict[str, Fraction]:
    failure = whole - costly - critical_failure - plain - critical
    return {
        "critical-failure": Fraction(critical_failure, whole),
        "failure": Fraction(failure, whole),
        "costly-success": Fraction(costly, whole),
        "success": Fraction(plain, whole),
        "critical-success": Fraction(critical, whole),
    }


def with_overall(fine: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Odds labels: the overall ``success``/``failure`` (criticals included) beside the reading
    labels; the plain (non-critical) readings appear as ``plain-success`` and ``plain-failure``
    because ``success``/``failure`` name the overall events. ``double-ones`` is the chance of a
    critical failure whatever the sum (``critical-failure`` + ``costly-success``)."""
    return {
        "critical-failure": fine["critical-failure"],
        "failure": fine["failure"] + fine["critical-failure"],
        "costly-success": fine["costly-success"],
        "success": fine["success"] + fine["costly-success"] + fine["critical-success"],
        "critical-success": fine["critical-success"],
        "plain-failure": fine["failure"],
        "plain-success": fine["success"],
        "double-ones": fine["critical-failure"] + fine["costly-success"],
    }


def total_distribution(count: int, bonus: int = 0) -> tuple[dict[int, Fraction], Fraction]:
    """The check's total listed in order until what is left is below one in a million, and the
    exact mass left (the rest of the list and the exploding tail)."""
    classes, exponent = class_weights(count)
    whole = 6**exponent
    summed: Weights = {}
    for weights in classes.values():
        for v, w in weights.items():
            summed[v] = summed.get(v, 0) + w
    listed, _ = _listed(summed, whole)
    return {v + bonus: Fraction(w, whole) for v, w in listed.items()}, Fraction(whole - sum(listed.values()), whole)


def _listed(weights: Mapping[int, int], whole: int) -> tuple[Weights, int]:
    """The values in order, stopping once the weight left (of ``whole``) is below 1e-6."""
    left = sum(weights.values())
    listed: Weights = {}
    for value in sorted(weights):
        if left * LISTED_BELOW < whole:
            break
        listed[value] = weights[value]
        left -= weights[value]
    return listed, left


def expected_total(count: int, bonus: int = 0) -> Fraction:
    """Mean total: 3.5 per die, plus the exploding bonus (mean 4.2) on a critical success."""
    return Fraction(7, 2) * max(1, count) + Fraction(1, 36) * Fraction(21, 5) + bonus


# -- contests ------------------------------------------------------------------------------------


def contest_distribution(
    attacker_dice: int, defender_dice: int, attacker_bonus: int = 0, defender_bonus: int = 0
) -> Odds:
    """Exact contest odds (ties rolled again) with the exploding tail below 1e-15 left out.

    The attacker's reading: ``critical-failure`` on double 1s and a loss, ``costly-success`` on
    double 1s and a win, ``critical-success`` on double 6s and a win, else ``success`` or
    ``failure`` by the totals. Win, loss and tie per attacker total come from running sums of the
    defender's weights; only the margins of a win (the Advantage Points) need the full product.
    """
    attack, a_exp = class_weights(attacker_dice)
    defend, d_exp = class_weights(defender_dice)
    shift = attacker_bonus - defender_bonus  # compare attacker + shift against the defender
    defence: Weights = {}
    for weights in defend.values():
        for v, w in weights.items():
            defence[v] = defence.get(v, 0) + w
    low, high = min(defence), max(defence)
    below = [0] * (high - low + 2)  # below[i]: defender weight on totals < low + i
    for i in range(high - low + 1):
        below[i + 1] = below[i] + defence.get(low + i, 0)
    listed_defence = below[-1]

    def under(value: int) -> int:  # defender weight strictly below value
        return below[min(max(value - low, 0), high - low + 1)]

    won: dict[str, int] = {}
    lost: dict[str, int] = {}
    tie_weight = 0
    for label, weights in attack.items():
        w = l = 0
        for a, wa in weights.items():
            a += shift
            less = under(a)
            same = defence.get(a, 0)
            w += wa * less
            tie_weight += wa * same
            l += wa * (listed_defence - less - same)
        won[label], lost[label] = w, l
    whole = 6 ** (a_exp + d_exp)
    decided_weight = sum(won.values()) + sum(lost.values())
    listed_weight = decided_weight + tie_weight

    attacker: Weights = {}
    for weights in attack.values():
        for v, w in weights.items():
            attacker[v + shift] = attacker.get(v + shift, 0) + w
    margins = _win_margins(attacker, defence)
    advantage_weights, _ = _listed(margins, decided_weight)
    decided = Fraction(decided_weight, whole)
    advantage = {m: Fraction(w, decided_weight) for m, w in advantage_weights.items()}
    fine = {
        "critical-failure": Fraction(lost["failure"], decided_weight),
        "failure": Fraction(lost["none"] + lost["success"], decided_weight),
        "costly-success": Fraction(won["failure"], decided_weight),
        "success": Fraction(won["none"], decided_weight),
        "critical-success": Fraction(won["success"], decided_weight),
    }
    return Odds(
        system=SYSTEM,
        outcomes=with_overall(fine),
        distributions={"advantage": advantage},
        values={
            "tie_per_roll": Fraction(tie_weight, listed_weight) if listed_weight else Fraction(0),
            "advantage_tail": Fraction(sum(margins.values()) - sum(advantage_weights.values()),
                                       decided_weight),
        },
        truncated=(1 - Fraction(listed_weight, whole)) / decided if decided else Fraction(0),
    )


def _win_margins(attacker: Mapping[int, int], defence: Mapping[int, int]) -> Weights:
    """Weight of each winning margin a − d > 0 over all pairs of totals: for each margin, one
    dot product of the two weight lists lined up at that distance (done by ``map`` in C)."""
    a_lo, a_hi = min(attacker), max(attacker)
    d_lo, d_hi = min(defence), max(defence)
    a_list = [attacker.get(v, 0) for v in range(a_lo, a_hi + 1)]
    d_list = [defence.get(v, 0) for v in range(d_lo, d_hi + 1)]
    out: Weights = {}
    for margin in range(1, a_hi - d_lo + 1):
        first, last = max(a_lo, d_lo + margin), min(a_hi, d_hi + margin)
        if first > last:
            continue
        weight = sum(map(mul, a_list[first - a_lo:last - a_lo + 1],
                         d_list[first - margin - d_lo:last - margin - d_lo + 1]))
        if weight:
            out[margin] = weight
    return out
