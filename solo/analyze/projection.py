"""Where an analysis is heading: the unexplored share at the end of the budget, and when the
bound would be met, projected from the figures the explorer has found so far.

The explorer asks the solver how much is left unexplored at each doubling of the states it
expanded (:meth:`solo.analyze.explore.Explorer.explore`), so after a few seconds it has a few
(seconds, unexplored) points. States are expanded most likely first, so the unexplored share
falls fast at first and slower later; a power law in time, ``u(t) = u1 * (t / t1) ** -k``,
follows that shape, and through the last two points it gives ``k`` and from it the share left
at the end of the budget and the time the bound needs. It is an estimate for the person
waiting (the progress line says "about"), never a figure of the result: the result's bound is
always the solver's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The earliest point a projection is made from: before it, the first states (the start,
#: the opening choices) say little about the pace of the rest.
MIN_SECONDS = 1.0
#: Beyond e ** 40 seconds (some 7e9 years) the bound is "not in sight".
LOG_NEVER = 40.0


@dataclass(frozen=True)
class Projection:
    at_budget: float  # the unexplored share projected for the end of the budget
    to_bound: float | None  # seconds from the start until the bound is met; None: not in sight


def project(points: list[tuple[float, float]], budget_seconds: float, bound: float) -> Projection | None:
    """The projection from ``points`` ((seconds since the start, unexplored share), oldest
    first), or None while there are not two usable points yet."""
    usable = [(t, u) for t, u in points if t >= MIN_SECONDS and u > 0]
    if len(usable) < 2:
        return None
    (t1, u1), (t2, u2) = usable[-2], usable[-1]
    if t2 <= t1:
        return None
    k = math.log(u1 / u2) / math.log(t2 / t1)
    if k <= 0:  # not falling: it stays where it is
        return Projection(at_budget=u2, to_bound=None)
    at_budget = min(u2, u2 * math.exp(-k * math.log(max(budget_seconds, t2) / t2)))
    if u2 <= bound:
        return Projection(at_budget=at_budget, to_bound=t2)
    if bound <= 0:  # a power law never reaches 0: only finishing meets a bound of 0 (``--bound 0``)
        return Projection(at_budget=at_budget, to_bound=None)
    # in logarithms: a share that barely falls puts the bound past any float (not in sight)
    log_to_bound = math.log(t2) + math.log(u2 / bound) / k
    return Projection(at_budget=at_budget, to_bound=math.exp(log_to_bound) if log_to_bound < LOG_NEVER else None)
