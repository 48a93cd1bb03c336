"""Exact odds of Humanity, Blessed checks and contests, as Fractions.

A check's odds are exact with nothing left out: every total up to a bound is a finite sum,
because each bump adds at least 1. A contest's margin can be any whole number, so its odds are
computed to a bound chosen so that the mass left out (reported as ``truncated``) is below a
tolerance.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, Mapping

from solo.rules.base import Character, Odds
from solo.rules.humanity_blessed import bumping, defending, enmity
from solo.rules.humanity_blessed.bumping import Die, Group
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import HBCheck, parse_check, parse_contest
from solo.rules.humanity_blessed.group_contest import Roller, group_contest_odds, median_pmf
from solo.rules.humanity_blessed.planning import Plan, plan_roll
from solo.rules.humanity_blessed.rolling import group_rank, member_check, vulnerable
from solo.rules.humanity_blessed.tables import CHECK_BANDS, SIZES, SYSTEM, larger_size, size_for_margin


def check_odds(character: Character, params: Mapping[str, Any]) -> Odds:
    """The odds of a check as written in ``params``, for ``character``."""
    parsed = parse_check(params, character)
    plan = plan_roll(character, parsed)
    if parsed.group:
        sides = [(plan.group, plan.modifier)]
        for member in parsed.group:
            other = plan_roll(member, member_check(parsed, member))
            sides.append((other.group, other.modifier))
        return group_check_distribution(sides, parsed.target, plan.aid[1] if plan.aid else None,
                                        size_up=plan.size_up)
    return check_distribution(plan.group, parsed.target, plan.modifier,
                              plan.aid[1] if plan.aid else None, size_up=plan.size_up,
                              vulnerable=parsed.witnessed and vulnerable(character, plan.stats))


def contest_odds(character: Character, opponent: Character, params: Mapping[str, Any]) -> Odds:
    """The odds of a contest as written in ``params``: ``character`` attacks ``opponent`` (or,
    with ``defending: true``, defends: ``success`` is the chance to hold and each size the
    chance of a blow that big)."""
    if defending.is_defending(params):
        theirs, mine, violent = defending.parse_defence(character, opponent, params)
        attack = sides_odds(opponent, character, theirs, mine, violent)
        outcomes = dict(attack.outcomes)
        outcomes["success"], outcomes["failure"] = attack.outcomes["failure"], attack.outcomes["success"]
        margins = {-m: p for m, p in attack.distributions.get("margin", {}).items()}
        values = {k: -v if k == "expected" else v for k, v in attack.values.items()}
        return Odds(system=SYSTEM, outcomes=outcomes, distributions={"margin": dict(sorted(margins.items()))},
                    values=values, truncated=attack.truncated)
    mine, theirs, violent = parse_contest(character, opponent, params)
    return sides_odds(character, opponent, mine, theirs, violent)


def sides_odds(
    character: Character, opponent: Character, mine: HBCheck, theirs: HBCheck, violent: bool,
    *, first: int | None = None, defender_prepaid: bool = False,
) -> Odds:
    """The odds of a contest between two parsed sides (``character`` attacks). ``first``: the
    attacker's first roll is already known (its total, modifiers included): the odds of what
    the defender's roll and the rest can still do (a fight's defender answers a known attack)."""
    a_plan = plan_roll(character, mine, role="attacker", violent=violent, prepaid=first is not None)
    d_plan = plan_roll(opponent, theirs, role="defender", violent=violent, prepaid=defender_prepaid)
    disarmed = violent and Conditions.of(character).has("disarmed")
    if mine.group or theirs.group:
        return _group_sides(mine, theirs, a_plan, d_plan, disarmed)
    if mine.synchronized and first is None and enmity.refusal(
            character, mine, theirs, a_plan,
            vulnerable(character, a_plan.stats) or vulnerable(opponent, d_plan.stats)) is None:
        return enmity.contest_odds(a_plan, d_plan, disarmed)
    return contest_distribution(
        a_plan.group, d_plan.group, a_plan.modifier, d_plan.modifier,
        a_plan.aid[1] if a_plan.aid else None, d_plan.aid[1] if d_plan.aid else None,
        disarmed=disarmed, vulnerable=vulnerable(character, a_plan.stats),
        defender_vulnerable=vulnerable(opponent, d_plan.stats), first=first, floor=mine.complex,
        attacker_extra=a_plan.extra_die, defender_extra=d_plan.extra_die,
    )


def _group_sides(mine: HBCheck, theirs: HBCheck, a_plan: Plan, d_plan: Plan, disarmed: bool) -> Odds:
    """A contest with a group on a side (:mod:`.group_contest`): each member rolls the side's
    stat with their own die and conditions."""
    def rollers(parsed: HBCheck, plan: Plan) -> list[Roller]:
        found: list[Roller] = [(plan.group, plan.modifier, plan.extra_die)]
        for member in parsed.group:
            other = plan_roll(member, member_check(parsed, member))
            found.append((other.group, other.modifier, None))
        return found

    return group_contest_odds(rollers(mine, a_plan), rollers(theirs, d_plan),
                              a_plan.aid[1] if a_plan.aid else None,
                              d_plan.aid[1] if d_plan.aid else None,
                              disarmed=disarmed, floor=mine.complex)


def _value_pmf(value: int | Die, upto: int) -> dict[int, Fraction]:
    if isinstance(value, int):
        return {value: Fraction(1)} if value <= upto else {}
    return bumping.total_pmf(bumping.single(value), upto)


@functools.lru_cache(maxsize=2048)
def check_distribution(
    group: Group, target: int, modifier: int = 0, aid: int | Die | None = None, *,
    size_up: int = 0, vulnerable: bool = False, first_face: int | None = None,
) -> Odds:
    """Exact odds of a check: success, failure, each size of success (``size_up`` ranks larger,
    for Perfect Divination), the total up to max(target, 20), and the mean of the roll before
    aid. A ``vulnerable`` roll that succeeds (before aid) is rolled again and the new roll
    stands. ``first_face``: the first die's first face is thrown already (a check stopped after
    its first roll; a vulnerable reroll is drawn afresh). Nothing is truncated: every total up to
    a bound is a finite sum because each bump adds at least 1, and the chance of a success is one
    minus that of the totals below it. Results are kept (every argument is a value), like
    :func:`contest_distribution`'s: endeavours and fights ask the same check again and again."""
    top = max(target, 20)
    fresh = bumping.total_pmf(group, top - modifier)
    raw, expected = fresh, bumping.mean(group)
    if first_face is not None:
        raw, expected = bumping.after_first_face(group, first_face, top - modifier)
    if vulnerable:
        again = 1 - sum((p for v, p in raw.items() if v + modifier < target), Fraction(0))
        failing = {v: p for v, p in raw.items() if v + modifier < target}
        raw = {v: fresh.get(v, Fraction(0)) * again + failing.get(v, Fraction(0))
               for v in set(fresh) | set(failing)}
    totals = {v + modifier: p for v, p in raw.items()}
    return _check_odds(totals, target, aid, size_up, expected + modifier)


def group_check_distribution(
    sides: list[tuple[Group, int]], target: int, aid: int | Die | None = None, *, size_up: int = 0
) -> Odds:
    """Exact odds of a group check by median: each side (a group of dice and its modifier)
    rolls, and the group's total is the roll of :func:`~.rolling.group_rank` counted from the
    highest (:func:`~.group_contest.median_pmf`, which group contests share); aid on a would-be
    failure and sizes as for one check. No ``expected`` value is given for a group."""
    top = max(target, 20)
    pmfs = [{v + mod: p for v, p in bumping.total_pmf(g, top - mod).items()} for g, mod in sides]
    totals = median_pmf([pmf for pmf in pmfs if pmf], group_rank(len(sides)))
    return _check_odds(totals, target, aid, size_up, None)


def _check_odds(
    totals: dict[int, Fraction], target: int, aid: int | Die | None, size_up: int,
    expected: Fraction | None,
) -> Odds:
    """Odds of a check from the exact chance of each total up to max(target, 20) (totals above
    it may be left out): aid on a would-be failure, success, failure and each size."""
    top = max(target, 20)
    final: dict[int, Fraction] = {}
    failing: dict[int, Fraction] = {}
    for value, p in totals.items():
        if value < target and aid is not None:
            failing[value] = failing.get(value, Fraction(0)) + p
        elif value <= top:
            final[value] = final.get(value, Fraction(0)) + p
    if failing:
        lowest = min(failing)
        for v, p in bumping.convolve(failing, _value_pmf(aid, top - lowest), top).items():
            final[v] = final.get(v, Fraction(0)) + p
    failure = sum((p for v, p in final.items() if v < target), Fraction(0))
    outcomes: dict[str, Fraction] = {"success": 1 - failure, "failure": failure}
    lows = (None,) + CHECK_BANDS
    for i, size in enumerate(SIZES):
        low = max(target, (lows[i] + 1) if lows[i] is not None else target)
        if size == "maximum":
            outcomes[size] = 1 - sum((p for v, p in final.items() if v < low), Fraction(0))
        else:
            band = (p for v, p in final.items() if low <= v <= CHECK_BANDS[i])
            outcomes[size] = sum(band, Fraction(0))
    if size_up:
        shifted = {size: Fraction(0) for size in SIZES}
        for size in SIZES:
            shifted[larger_size(size, size_up)] += outcomes[size]
        outcomes.update(shifted)
    values = {"target": Fraction(target)}
    if expected is not None:
        values["expected"] = expected
    return Odds(
        system=SYSTEM,
        outcomes=outcomes,
        distributions={"total": {v: p for v, p in sorted(final.items())}},
        values=values,
        truncated=Fraction(0),
    )


@functools.lru_cache(maxsize=2048)
def contest_distribution(
    attacker: Group,
    defender: Group,
    attacker_modifier: int = 0,
    defender_modifier: int = 0,
    attacker_aid: int | Die | None = None,
    defender_aid: int | Die | None = None,
    *,
    disarmed: bool = False,
    vulnerable: bool = False,
    defender_vulnerable: bool = False,
    first: int | None = None,
    floor: int | None = None,
    attacker_extra: Die | None = None,
    defender_extra: Die | None = None,
    tail: Fraction = Fraction(1, 10**15),
) -> Odds:
    """Exact contest odds except for totals beyond a bound chosen so that the mass left out
    (reported as ``truncated``) is below ``tail``. The attacker wins only by rolling higher;
    aid on a would-be loss comes to the attacker first, then to the defender. A ``vulnerable``
    attacker's winning roll is rolled again (before any aid) and the new roll stands; then a
    ``defender_vulnerable`` defender's holding roll is rolled again and the new roll stands.
    ``first``: the attacker's first total is known (modifiers included); a reroll is drawn
    afresh. ``floor``: a complex attack's target; a defender's total (modifier included) below it
    is read as the target, each time it is rolled. Results are kept (every argument is a value):
    a fight asks the same odds often. ``attacker_extra``, ``defender_extra``: a bonus die that
    is part of that side's roll (Famous)."""
    parts = [attacker, defender] + [single_or_none(a) for a in (attacker_aid, defender_aid,
                                                               attacker_extra, defender_extra)]
    bound = 40
    while bound < 5120 and any(
        g is not None and 1 - sum(bumping.total_pmf(g, bound).values()) >= tail / 8 for g in parts
    ):
        bound *= 2
    while True:
        odds = _contest_upto(attacker, defender, attacker_modifier, defender_modifier,
                             attacker_aid, defender_aid, disarmed, bound, vulnerable,
                             defender_vulnerable, first, floor, attacker_extra, defender_extra)
        if odds.truncated < tail or bound >= 5120:
            return odds
        bound *= 2


def single_or_none(value: int | Die | None) -> Group | None:
    return bumping.single(value) if isinstance(value, Die) else None


def _weights(value: Group | int | Die, bound: int) -> tuple[dict[int, int], int]:
    """Integer weights and their common denominator, totals up to ``bound``."""
    if isinstance(value, int):
        return {value: 1}, 1
    group = bumping.single(value) if isinstance(value, Die) else value
    weights, base, depth = bumping.total_weights(group, bound)
    return weights, base**depth


def _contest_upto(
    attacker: Group, defender: Group, a_mod: int, d_mod: int,
    a_aid: int | Die | None, d_aid: int | Die | None, disarmed: bool, bound: int,
    vulnerable: bool = False, defender_vulnerable: bool = False, first: int | None = None,
    floor: int | None = None, a_extra: Die | None = None, d_extra: Die | None = None,
) -> Odds:
    a_w, a_den = _with_extra(*_weights(attacker, bound), a_extra, bound)
    d_w, d_den = _with_extra(*_weights(defender, bound), d_extra, bound)
    if floor is not None:  # a complex attack: the defender's roll counts as at least the target
        floored: dict[int, int] = {}
        for d, w in d_w.items():
            key = max(d, floor - d_mod)
            floored[key] = floored.get(key, 0) + w
        d_w = floored
    # the attacker's first roll: drawn from its dice, or known already
    f_w, f_den = (a_w, a_den) if first is None else ({first - a_mod: 1}, 1)
    shift = a_mod - d_mod
    # joint integer weights of (the attacker's total that stands, the defender's first total)
    pairs: dict[tuple[int, int], int] = {}
    if vulnerable:
        # Against each defender total the attacker's first roll stands when it loses or ties;
        # when it wins it is rolled again and the second roll stands: weights over
        # f_den * a_den * d_den.
        for d, wd in d_w.items():
            win_w = sum(wf for f, wf in f_w.items() if f - d + shift > 0)
            for f, wf in f_w.items():
                if f - d + shift <= 0:
                    pairs[(f, d)] = pairs.get((f, d), 0) + wf * a_den * wd
            if win_w:
                for a, wa in a_w.items():
                    pairs[(a, d)] = pairs.get((a, d), 0) + win_w * wa * wd
        denominator = f_den * a_den * d_den
    else:
        for a, wa in f_w.items():
            for d, wd in d_w.items():
                pairs[(a, d)] = wa * wd
        denominator = f_den * d_den
    margin: dict[int, int] = {}
    if defender_vulnerable:
        # A defender's roll that holds (a loss or a tie for the attacker) is rolled again and
        # the second roll stands; a winning attacker leaves it be: weights over d_den once more.
        holding: dict[int, int] = {}
        for (a, d), w in pairs.items():
            m = a - d + shift
            if m > 0:
                margin[m] = margin.get(m, 0) + w * d_den
            else:
                holding[a] = holding.get(a, 0) + w
        for a, w in holding.items():
            for d, wd in d_w.items():
                m = a - d + shift
                margin[m] = margin.get(m, 0) + w * wd
        denominator *= d_den
    else:
        for (a, d), w in pairs.items():
            m = a - d + shift
            margin[m] = margin.get(m, 0) + w
    if a_aid is not None:
        margin, denominator = _aid_margin(margin, denominator, a_aid, bound, lambda m: m <= 0, +1)
    if d_aid is not None:
        margin, denominator = _aid_margin(margin, denominator, d_aid, bound, lambda m: m > 0, -1)
    dist = {m: Fraction(w, denominator) for m, w in sorted(margin.items()) if w}
    listed = Fraction(sum(margin.values()), denominator)
    shown = _trim_both(dist)
    win = sum((p for m, p in dist.items() if m > 0), Fraction(0))
    outcomes: dict[str, Fraction] = {"success": win, "failure": listed - win}
    for size in SIZES:
        outcomes[size] = Fraction(0)
    for m, p in dist.items():
        if m > 0:
            size = size_for_margin(m)
            if disarmed and size == "maximum":
                size = "very-major"
            outcomes[size] += p
    return Odds(
        system=SYSTEM,
        outcomes=outcomes,
        distributions={"margin": shown},
        values={"expected": bumping.mean(attacker) + a_mod - bumping.mean(defender) - d_mod,
                "margin_unlisted": listed - sum(shown.values(), Fraction(0))},
        truncated=1 - listed,
    )


def _with_extra(weights: dict[int, int], denominator: int, extra: Die | None,
                bound: int) -> tuple[dict[int, int], int]:
    """A side's weights with a bonus die that is part of its roll added (Famous)."""
    if extra is None:
        return weights, denominator
    e_w, e_den = _weights(extra, bound)
    out: dict[int, int] = {}
    for v, w in weights.items():
        for x, wx in e_w.items():
            out[v + x] = out.get(v + x, 0) + w * wx
    return out, denominator * e_den


def _trim_both(pmf: dict[int, Fraction], below: Fraction = Fraction(1, 10**9)) -> dict[int, Fraction]:
    """The middle of a distribution for display: both ends dropped while their mass is below
    ``below`` (the dropped mass is reported beside it)."""
    keys = sorted(pmf)
    low, high, dropped = 0, len(keys), Fraction(0)
    while low < high and dropped + pmf[keys[low]] < below:
        dropped += pmf[keys[low]]
        low += 1
    dropped = Fraction(0)
    while high > low and dropped + pmf[keys[high - 1]] < below:
        dropped += pmf[keys[high - 1]]
        high -= 1
    return {k: pmf[k] for k in keys[low:high]}


def _aid_margin(
    margin: dict[int, int], denominator: int, aid: int | Die, bound: int, when: Any, sign: int
) -> tuple[dict[int, int], int]:
    aid_w, aid_den = _weights(aid, bound)
    out: dict[int, int] = {}
    for m, w in margin.items():
        if when(m):
            for x, wx in aid_w.items():
                v = m + sign * x
                out[v] = out.get(v, 0) + w * wx
        else:
            out[m] = out.get(m, 0) + w * aid_den
    return out, denominator * aid_den
