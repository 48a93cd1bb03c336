"""An endeavour's rolls, made with the ruleset's own dice code, and their exact odds.

Every check is :func:`~solo.rules.humanity_blessed.rolling.roll_check` and every contest
:func:`~solo.rules.humanity_blessed.rolling.contest`, so bumping, sparks, conditions, situational
aid, Vulnerability and outcome sizes are the ruleset's, and the odds shown before a roll are the
ruleset's :meth:`check_odds` and :meth:`contest_odds` for the very same parameters (what ``solo
odds`` computes).

A contest declared at the top of a round is rolled whole at once (the attacker's dice, then the
defender's), and revealed in two steps: the attacker's total before the defender's roll is its
*focal value*, the number compared for the focus; the defender's part is shown when the contest
is resolved. Rolling the defender's dice early changes no chance: they are independent of all
else, and a contest interrupted by the camera rule simply leaves them unread.

Help (book: Helping) is added here too: +1 for one blessing die, +dcN for N, once per roll, to
one's own roll or to a defence; in a stealth endeavour it may be taken off instead (negative
Help). The record is read again afterwards, as the ruleset's own Help offer does.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping

from solo.rules import offer_reads
from solo.rules.base import Character, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import bumping, rolling
from solo.rules.humanity_blessed.blessings import choose_spend, help_bonus, take, worth
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import parse_check, stat_die
from solo.rules.humanity_blessed.planning import plan_roll
from solo.rules.humanity_blessed.tables import MAX_HELP_DICE
from solo.rules.memo import Memo
from solo.rules.reasons import reason

#: Totals are listed up to this bound for the focus chance (see :func:`beats_all`).
BOUND = 60


def params(stat: str, target: int | None = None, spark: str | None = None, focal: bool = False,
           tags: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """The ruleset's check or contest parameters for one endeavour roll (``tags`` only on a
    check: what the endeavour's actions are about, for the abilities that answer them)."""
    out: dict[str, Any] = {"stat": stat, "focal": focal}
    if target is not None:
        out["target"] = target
        if tags:
            out["tags"] = list(tags)
    if spark:
        out["spark"] = spark
    return out


def check(dice: Dice, character: Character, how: Mapping[str, Any]) -> RollRecord:
    """Roll a check as the ruleset does (without waiting for a late spark: an endeavour's spark is
    declared with the action)."""
    return rolling.roll_check(dice, character, parse_check(how, character))


def contest(dice: Dice, attacker: Character, defender: Character, how: Mapping[str, Any]) -> RollRecord:
    """Roll a whole non-violent contest: the defender rolls the same stat."""
    return rolling.contest(dice, attacker, defender, how)


def focal_value(record: RollRecord) -> int:
    """The acting side's total as the focus compares it: a check's total (with any aid and Help);
    a contest attacker's total before the defender's roll could matter (no aid for a would-be
    loss, no reroll forced by Vulnerability), with Help."""
    total = int(record.total or 0)
    if record.kind != "contest":
        return total
    details = record.details
    first = (details.get("vulnerability") or {}).get("first_total")
    if first is not None:
        total = int(first)
    else:
        total -= int((details.get("aid") or {}).get("value", 0))
    help_ = details.get("help") or {}
    if help_ and first is not None:
        total += int(help_.get("value", 0)) * int(help_.get("sign", 1))
    return total


# -- Help --------------------------------------------------------------------------------------


def usable_dice(character: Character) -> int:
    """How many blessing dice the character could spend on Help (worth 1 or more)."""
    cursed = Conditions.of(character).has("cursed")
    pool = character.resources.get("blessings", []) or []
    return min(MAX_HELP_DICE, sum(1 for v in pool if worth(int(v), cursed) >= 1))


def can_help(character: Character, stats: list[str]) -> bool:
    """Whether a roll of ``stats`` by ``character`` may be Helped (not while Weak in them). It
    decides only whether the player is asked about Help, and answering "No Help" goes on as not
    being asked: a read of the pool that more dice never take an action away from
    (:mod:`solo.rules.offer_reads`)."""
    with offer_reads.offers():
        return not Conditions.of(character).has("weakness", stats) and usable_dice(character) > 0


def help_text(n: int) -> str:
    bonus = help_bonus(n)
    return "+1" if isinstance(bonus, int) else f"+{bonus.name}"


def add_help(dice: Dice, record: RollRecord, payer: Character, n: int, *, defending: bool = False,
             sign: int = 1) -> RollRecord:
    """Spend ``n`` of ``payer``'s blessing dice to Help a roll: the acting side's, or the
    defender's (``defending``). ``sign`` -1 takes the bonus off (negative Help, stealth).
    Returns the record read again."""
    cursed = Conditions.of(payer).has("cursed")
    pool = payer.resources.setdefault("blessings", [])
    picked = choose_spend(pool, n, 1, cursed)
    if picked is None:
        raise RulesError(f"{payer.name or 'the helper'} has no {n} blessing dice to spend")
    spent = take(pool, picked)
    added, faces, rounds = rolling.roll_extra(dice, help_bonus(n))
    new = RollRecord.from_dict(record.to_dict())
    new.dice = new.dice + faces
    what = help_text(n)
    entry = {"dice_spent": n, "paid": spent, "die": what, "rounds": rounds, "value": added, "sign": sign}
    if defending:
        new.details["opponent_total"] = int(new.details["opponent_total"]) + sign * added
        new.details["opponent_help"] = entry
        new.steps.append(reason("line-help", defending=True, opponent=new.details.get("opponent", "defender"),
                                dice=n, die=what, value=added, sign=sign))
    else:
        new.total = int(new.total or 0) + sign * added
        new.details["help"] = entry
        new.steps.append(reason("line-help", dice=n, die=what, value=added, sign=sign))
    if new.kind == "check":
        rolling.read_check(new)
    else:
        rolling.read_contest(new)
    return new


def help_pmf(n: int) -> dict[int, Fraction]:
    """The exact chance of each value Help bought with ``n`` dice adds (listed up to BOUND)."""
    bonus = help_bonus(n)
    if isinstance(bonus, int):
        return {bonus: Fraction(1)}
    return bumping.total_pmf(bumping.single(bonus), BOUND)


def chance_at_least(pmf: Mapping[int, Fraction], need: int) -> Fraction:
    """P(value >= need), exact: one minus the finite sum below ``need``."""
    return 1 - sum((p for v, p in pmf.items() if v < need), Fraction(0))


# -- exact odds ------------------------------------------------------------------------------


_CHANCES = Memo()  # every round's offer asks the chance of every action again


def check_chance(ruleset: Any, character: Character, how: Mapping[str, Any]) -> Fraction:
    return _CHANCES.get(lambda: ruleset.check_odds(character, how).outcomes["success"],
                        "check", ruleset.id, character, how)


def contest_chance(ruleset: Any, attacker: Character, defender: Character, how: Mapping[str, Any]) -> Fraction:
    return _CHANCES.get(lambda: ruleset.contest_odds(attacker, defender, how).outcomes["success"],
                        "contest", ruleset.id, attacker, defender, how)


@dataclass(frozen=True)
class Spread:
    """A roll's focal values as integer weights over one denominator: ``weights[i]`` for
    ``values[i]`` (every value up to BOUND), and the weight of the values beyond."""

    values: tuple[int, ...]
    weights: tuple[int, ...]
    denominator: int
    beyond: int

    def pmf(self) -> dict[int, Fraction]:
        return {v: Fraction(w, self.denominator) for v, w in zip(self.values, self.weights)}


def focus_spread(character: Character, how: Mapping[str, Any], *, contest: bool) -> Spread:
    """The chance of each focal value of a declared roll: the stat dice with their bumps and
    modifiers, and for a check the aid a would-be failure receives."""
    parsed = parse_check(how, character, contest=contest)
    plan = plan_roll(character, parsed, role="attacker" if contest else "check")
    aid = None if contest or plan.aid is None or parsed.target is None else plan.aid[1]
    # a witnessed check by the vulnerable (or hexed) is rolled again on a success, before aid
    again = None if contest or parsed.target is None or not (
        parsed.witnessed and rolling.vulnerable(character, plan.stats)) else parsed.target
    return _spread(plan.group, plan.modifier, aid, parsed.target if aid is not None else None, again,
                   plan.extra_die)


@lru_cache(maxsize=256)
def _spread(group: bumping.Group, modifier: int, aid: int | bumping.Die | None, target: int | None,
            again: int | None = None, extra: bumping.Die | None = None) -> Spread:
    weights, base, depth = bumping.total_weights(group, BOUND)
    denominator = base**depth
    if extra is not None:  # Famous: a +dc2 that is part of the roll
        e_w, e_base, e_depth = bumping.total_weights(bumping.single(extra), BOUND)
        joined: dict[int, int] = {}
        for v, w in weights.items():
            for x, wx in e_w.items():
                joined[v + x] = joined.get(v + x, 0) + w * wx
        weights, denominator = joined, denominator * e_base**e_depth
    shifted = {v + modifier: w for v, w in weights.items()}
    if again is not None:  # a total of ``again`` or more is rolled again and the new one stands
        success = denominator - sum(w for v, w in shifted.items() if v < again)
        shifted = {v: w * success + (w * denominator if v < again else 0) for v, w in shifted.items()}
        denominator *= denominator
    if aid is not None and target is not None:
        if isinstance(aid, int):
            aid_w, aid_den = {aid: 1}, 1
        else:
            a_w, a_base, a_depth = bumping.total_weights(bumping.single(aid), BOUND)
            aid_w, aid_den = a_w, a_base**a_depth
        out: dict[int, int] = {}
        for v, w in shifted.items():
            if v < target:
                for x, wx in aid_w.items():
                    out[v + x] = out.get(v + x, 0) + w * wx
            else:
                out[v] = out.get(v, 0) + w * aid_den
        shifted, denominator = out, denominator * aid_den
    listed = {v: w for v, w in shifted.items() if v <= BOUND + modifier}
    values = tuple(sorted(listed))
    return Spread(values, tuple(listed[v] for v in values), denominator, denominator - sum(listed.values()))


def focus_pmf(character: Character, how: Mapping[str, Any], *, contest: bool) -> dict[int, Fraction]:
    return focus_spread(character, how, contest=contest).pmf()


def beats_all(mine: Spread, others: list[Spread]) -> Fraction:
    """The chance a value of ``mine`` is strictly above every value of ``others`` (each
    independent): taking the focus with its advantage. Values beyond BOUND are counted as
    beating every listed value of the others (they do, but for the others' own values beyond
    BOUND): the error is below the product of two tails beyond BOUND, under a millionth even for
    a spark of two d10."""
    if not others:
        return Fraction(1)
    tables = []
    for spread in others:
        running, under = 0, {}
        for v, w in zip(spread.values, spread.weights):
            under[v] = running
            running += w
        tables.append((spread, under, running))

    def below(entry: Any, x: int) -> int:
        spread, under, listed = entry
        index = bisect.bisect_left(spread.values, x)
        return under[spread.values[index]] if index < len(spread.values) else listed

    numerator = 0
    for x, w in zip(mine.values, mine.weights):
        product = w
        for entry in tables:
            product *= below(entry, x)
        numerator += product
    tail = mine.beyond
    for _, _, listed in tables:
        tail *= listed
    denominator = mine.denominator
    for spread in others:
        denominator *= spread.denominator
    return Fraction(numerator + tail, denominator)


def die_of(character: Character, stat: str) -> str:
    """The die a character rolls for ``stat`` (``d6``, ``dc3``)."""
    return stat_die(character, stat)[1]


def mean_of(character: Character, stat: str) -> Fraction:
    return bumping.mean(bumping.single(bumping.parse_die(die_of(character, stat))))
