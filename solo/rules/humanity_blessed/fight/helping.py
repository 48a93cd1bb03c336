"""Help in a Humanity, Blessed fight: blessing dice spent on a roll once it is seen.

As everywhere in the game (book: Helping), once per roll a character may spend blessing dice to
add +1 (one die) or a capped die +dcN (N dice, at most ten) to their own roll or to an ally's,
unless the roll's stat bears a Weakness. In a contest the Help goes to the side it is spent on:
the acting side's total, or the defender's. Concerted Effort makes two or more dice spent on
another character's roll count two more. Cursed dice are worth one less, and a die worth 0
cannot pay.

The player's own attacks and checks are Helped through the ruleset's own offers (the same as
out of a fight); this module serves the cases the ruleset does not: a defender's roll, and an
ally's roll.
"""

from __future__ import annotations

from solo.rules.base import Character, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import rolling
from solo.rules.humanity_blessed.blessings import choose_spend, help_bonus, take, worth
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.tables import MAX_HELP_DICE
from solo.rules.reasons import reason

CONCERTED_EFFORT_EXTRA = 2


def usable(character: Character) -> int:
    """How many blessing dice the character could spend on Help now (worth 1 or more)."""
    cursed = Conditions.of(character).has("cursed")
    pool = character.resources.get("blessings", []) or []
    return min(MAX_HELP_DICE, sum(1 for v in pool if worth(int(v), cursed) >= 1))


def worth_of(payer: Character, n: int, *, other: bool) -> int:
    """How many dice ``n`` spent by ``payer`` count as (Concerted Effort on another's roll)."""
    if other and n >= 2 and "concertedeffort" in abilities(payer):
        return min(MAX_HELP_DICE, n + CONCERTED_EFFORT_EXTRA)
    return n


def bonus_text(count: int) -> str:
    bonus = help_bonus(count)
    return "+1" if isinstance(bonus, int) else f"+{bonus.name}"


def add_help(dice: Dice, record: RollRecord, payer: Character, n: int, *, defending: bool,
             other: bool = False) -> RollRecord:
    """``payer`` spends ``n`` blessing dice to Help one side of a contest record: the acting
    side's total, or the defender's (``defending``). The record read again, and a step saying it."""
    cursed = Conditions.of(payer).has("cursed")
    pool = payer.resources.setdefault("blessings", [])
    picked = choose_spend(pool, n, 1, cursed)
    if picked is None:
        raise RulesError(f"{payer.name or 'the helper'} has no {n} blessing dice to spend")
    spent = take(pool, picked)
    count = worth_of(payer, n, other=other)
    added, faces, rounds = rolling.roll_extra(dice, help_bonus(count))
    new = RollRecord.from_dict(record.to_dict())
    new.dice = new.dice + faces
    what = bonus_text(count)
    entry = {"by": payer.name, "dice_spent": n, "paid": spent, "die": what, "rounds": rounds, "value": added}
    if defending:
        new.details["opponent_total"] = int(new.details["opponent_total"]) + added
        new.details["opponent_help"] = entry
    else:
        new.total = int(new.total or 0) + added
        new.details["help"] = entry
    new.steps.append(reason("fight-help", defending=defending, opponent=new.details.get("opponent"),
                            by=payer.name, dice=n, die=what, value=added))
    if new.kind == "check":
        rolling.read_check(new)
    else:
        rolling.read_contest(new)
    return new
