"""Synchronized Enmity (Humanity, Blessed, Step Four abilities): before a contest is rolled the
player pays two blessing dice of equal worth and the two sides roll together: whenever either
side's dice would bump, both sides' dice bump (each keeps its own total). Written
``synchronized: true`` on a contest the player makes.

Our reading, where the book leaves it to the table:

* The character needs Synchronized Enmity and Synchronized Spark (the first extends the second).
* A plain contest the player attacks in, one character a side: not a focal roll (the book rules
  that out), not a side with ``group_with`` (a median of several rolls has no one bump), not a
  complex attack, and not while either side is open to a forced reroll (Vulnerability), since
  a reroll could not be rolled "at the same time". In any of those, or with no pair to pay,
  the contest is rolled as usual and the roll says why.
* A side whose dice bump only because the other's did still bumps: Advanced Training's +1
  counts for it. Aid and a Famous die are not the contest's dice and bump on their own.

This module owns the refusal, the payment, the joint rolling and the exact odds (the margin of
two chains that run together: a round of both, continued while either bumps).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any

from solo.rules.base import Character, Odds
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.blessings import choose_pair
from solo.rules.humanity_blessed.bumping import Die, Group
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import HBCheck
from solo.rules.humanity_blessed.planning import Plan
from solo.rules.humanity_blessed.tables import SIZES, SYSTEM, size_for_margin
from solo.rules.reasons import Step, reason

#: Beyond this many joint rounds the chance left out is reported as ``truncated``.
MAX_ROUNDS = 400
_TAIL = Fraction(1, 10**15)


def refusal(character: Character, mine: HBCheck, theirs: HBCheck, a_plan: Plan,
            open_to_reroll: bool) -> Step | None:
    """Why the contest cannot be rolled in sync, as a ``no-enmity`` reason (None: it can)."""
    have = abilities(character)
    if "synchronizedenmity" not in have or "synchronizedspark" not in have:
        return reason("no-enmity", why="no-ability")
    if mine.focal:
        return reason("no-enmity", why="focal")
    if mine.group or theirs.group:
        return reason("no-enmity", why="group")
    if mine.complex is not None:
        return reason("no-enmity", why="complex")
    if open_to_reroll:
        return reason("no-enmity", why="vulnerable")
    if pair(character, a_plan) is None:
        return reason("no-enmity", why="no-pair")
    return None


def pair(character: Character, a_plan: Plan) -> list[int] | None:
    """Pool indexes of the pair that pays, left after any spark's dice."""
    pool = list(character.resources.get("blessings", []))
    spent = set(a_plan.spark_paid or [])
    rest = [-99 if i in spent else v for i, v in enumerate(pool)]
    found = choose_pair(rest, Conditions.of(character).has("cursed"))
    if found is None or any(rest[i] < 0 for i in found):
        return None
    return found


# -- rolling ---------------------------------------------------------------------------------


def _bumped(group: Group, readings: list[int]) -> bool:
    return any(d.bumps(r) for d, r in zip(group.dice, readings))


def _draw(dice: Dice, group: Group, faces: list[int]) -> list[int]:
    readings = []
    for die in group.dice:
        if die.sides == 0:
            readings.append(die.readings[0])
            continue
        face = dice.roll(die.sides)
        faces.append(face)
        readings.append(die.read(face))
    return readings


def roll_together(dice: Dice, attacker: Group, a_rounds: list[list[int]], defender: Group
                  ) -> tuple[list[list[int]], list[int], bumping.Rolled]:
    """The defender's dice rolled in step with the attacker's chain already thrown
    (``a_rounds``): the attacker's further rounds, their faces, and the defender's roll. A
    round of both is thrown while either bumps; the attacker's rounds are used first."""
    more: list[list[int]] = []
    a_faces: list[int] = []
    d_faces: list[int] = []
    d_rounds: list[list[int]] = []
    i = 0
    while True:
        a = a_rounds[i] if i < len(a_rounds) else _draw(dice, attacker, a_faces)
        if i >= len(a_rounds):
            more.append(a)
        d = _draw(dice, defender, d_faces)
        d_rounds.append(d)
        if not (_bumped(attacker, a) or _bumped(defender, d)) or i >= bumping.MAX_BUMPS:
            break
        i += 1
    bumps = len(d_rounds) - 1
    natural = sum(sum(r) for r in d_rounds)
    d_roll = bumping.Rolled(d_faces, d_rounds, bumps, natural, bumps * defender.bonus, i >= bumping.MAX_BUMPS)
    return more, a_faces, d_roll


# -- exact odds ------------------------------------------------------------------------------


def _round(group: Group) -> tuple[list[tuple[int, bool, int]], int]:
    bump, stop, base = bumping.round_weights(group)
    return [(s, True, w) for s, w in bump.items()] + [(s, False, w) for s, w in stop.items()], base


def natural_margin(attacker: Group, defender: Group) -> tuple[dict[int, int], int, int]:
    """:func:`_natural_margin`, kept (every hint of the same contest asks again); a copy."""
    weights, base, rounds = _natural_margin(attacker, defender)
    return dict(weights), base, rounds


@functools.lru_cache(maxsize=256)
def _natural_margin(attacker: Group, defender: Group) -> tuple[dict[int, int], int, int]:
    """Integer weights of (attacker's natural total − defender's) over ``base**rounds``, rolled in
    sync (bonuses per bump included): (weights, base, rounds). Chains longer than ``rounds`` are
    left out; their chance is below 10**-15 unless :data:`MAX_ROUNDS` cut it short."""
    a_out, a_base = _round(attacker)
    d_out, d_base = _round(defender)
    base = a_base * d_base
    go: dict[int, int] = {}
    stop: dict[int, int] = {}
    for sa, ba, wa in a_out:
        for sd, bd, wd in d_out:
            if ba or bd:
                x = sa + attacker.bonus - sd - defender.bonus
                go[x] = go.get(x, 0) + wa * wd
            else:
                stop[sa - sd] = stop.get(sa - sd, 0) + wa * wd
    q = Fraction(sum(go.values()), base)
    rounds = MAX_ROUNDS if q >= 1 else (1 if q == 0 else min(MAX_ROUNDS, math.ceil(math.log(float(_TAIL)) / math.log(float(q))) + 2))
    total: dict[int, int] = {}
    alive: dict[int, int] = {0: 1}
    for k in range(rounds):
        scale = base ** (rounds - 1 - k)
        for m, w in alive.items():
            for x, ws in stop.items():
                total[m + x] = total.get(m + x, 0) + w * ws * scale
        if k + 1 < rounds:
            nxt: dict[int, int] = {}
            for m, w in alive.items():
                for x, wg in go.items():
                    nxt[m + x] = nxt.get(m + x, 0) + w * wg
            alive = nxt
    return total, base, rounds


def _add(margin: dict[int, int], den: int, value: int | Die | None, sign: int, when: Any = None
         ) -> tuple[dict[int, int], int]:
    """A bonus (a number or a bumping die) added (``sign`` +1) to the attacker's side or taken
    from the margin (−1), to every margin or only those ``when`` says."""
    if value is None:
        return margin, den
    if isinstance(value, int):
        w, vden = {value: 1}, 1
    else:
        weights, b, depth = bumping.total_weights(bumping.single(value), 120)
        w, vden = weights, b**depth
    out: dict[int, int] = {}
    for m, wm in margin.items():
        if when is None or when(m):
            for x, wx in w.items():
                out[m + sign * x] = out.get(m + sign * x, 0) + wm * wx
        else:
            out[m] = out.get(m, 0) + wm * vden
    return out, den * vden


def contest_odds(a_plan: Plan, d_plan: Plan, disarmed: bool) -> Odds:
    """The contest's exact odds rolled in sync: the attacker wins only by rolling higher; aid
    on a would-be loss comes to the attacker first, then to the defender."""
    weights, base, rounds = natural_margin(a_plan.group, d_plan.group)
    den = base**rounds
    shift = a_plan.modifier - d_plan.modifier
    margin = {m + shift: w for m, w in weights.items()}
    margin, den = _add(margin, den, a_plan.extra_die, +1)
    margin, den = _add(margin, den, d_plan.extra_die, -1)
    if a_plan.aid is not None:
        margin, den = _add(margin, den, a_plan.aid[1], +1, lambda m: m <= 0)
    if d_plan.aid is not None:
        margin, den = _add(margin, den, d_plan.aid[1], -1, lambda m: m > 0)
    dist = {m: Fraction(w, den) for m, w in sorted(margin.items()) if w}
    listed = sum(dist.values(), Fraction(0))
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
    expected = sum((m * p for m, p in dist.items()), Fraction(0))
    return Odds(system=SYSTEM, outcomes=outcomes, distributions={"margin": dist},
                values={"expected": expected}, truncated=1 - listed)
