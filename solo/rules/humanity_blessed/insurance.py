"""Blessèd Insurance (an ability extending Line of Credit): when a check or contest to tend the
character's wounds fails, it may be turned into a success (a loss into a win). Then the ability
is spent; readying it again costs ①①① (three blessing dice worth 1 or more), and each recharge
makes the next cost ①① more.

An adventure says a roll tends the character's wounds with the tag ``tend``; after such a roll
fails, the offer comes like Blessed Luck's: free while charged, otherwise by paying the recharge
at once.

**Decisions** (the book leaves these open):

* The roll is the player's own (a solo character tending their own wounds is "a character").
* A failure turned into a success is a very minor success; a loss turned into a win, a very
  minor win (margin 1): the smallest there is, as nothing was rolled for it.
* Nothing was rolled for the success, so no Help is added to it afterwards.
* In a fight, tending a fallen fighter who has the ability charged: a failed tend is turned into
  a success by itself (it can only help the one tending); a spent one is not recharged there.
"""

from __future__ import annotations

from fractions import Fraction

from solo.rules.base import Character, Odds, Offer
from solo.rules.dice import RollRecord
from solo.rules.humanity_blessed.blessings import choose_spend, take
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.record_steps import without_verdict
from solo.rules.humanity_blessed.tables import SIZES, SYSTEM, norm
from solo.rules.reasons import reason

ABILITY = "blessedinsurance"
NAME = "Blessèd Insurance"
KEY = "blessed-insurance"
TAG = "tend"
FIRST_COST, RAISE = 3, 2


def recharge_cost(character: Character) -> int:
    """How many blessing dice (worth 1+) readying it costs now."""
    return FIRST_COST + RAISE * int(character.extra.get("insurance_recharges", 0) or 0)


def _spent(character: Character) -> bool:
    return NAME in (character.extra.get("spent_abilities") or [])


def offer(record: RollRecord, character: Character) -> Offer | None:
    params = record.details.get("params") or {}
    tags = params.get("tags") or []
    tags = [tags] if isinstance(tags, str) else tags
    if record.success or TAG not in {norm(t) for t in tags} or ABILITY not in abilities(character):
        return None
    if record.details.get("defending") or record.details.get("insured") or record.kind not in ("check", "contest"):
        return None
    what = "success" if record.kind == "check" else "win"
    if not _spent(character):
        return Offer(KEY, f"{NAME}: turn the failure into a {what}")
    cost = recharge_cost(character)
    pool = list(character.resources.get("blessings", []) or [])
    if choose_spend(pool, cost, 1, Conditions.of(character).has("cursed")) is None:
        return None
    return Offer(KEY, f"{NAME}: recharge with {cost} blessing dice and turn the failure into a {what}",
                 {"blessings": cost})


def apply(record: RollRecord, character: Character) -> RollRecord:
    paid: list[int] = []
    spent = character.extra.setdefault("spent_abilities", [])
    if NAME in spent:
        pool = character.resources.setdefault("blessings", [])
        cost = recharge_cost(character)
        paid = take(pool, choose_spend(pool, cost, 1, Conditions.of(character).has("cursed")) or [])
        character.extra["insurance_recharges"] = int(character.extra.get("insurance_recharges", 0) or 0) + 1
    else:
        spent.append(NAME)
    new = RollRecord.from_dict(record.to_dict())
    size = SIZES[0]
    new.success, new.outcome = True, "success"
    new.details["size"] = size
    new.details["insured"] = {"recharge_paid": paid}
    new.details["help_allowed"] = False  # nothing rolled to add to: the success stands as given
    if new.kind == "contest":
        new.details["margin"] = 1
    new.measures = {**new.measures, "size": size, **({"margin": 1} if new.kind == "contest" else {})}
    new.steps = without_verdict(new.steps) + [reason("insured", paid=paid, size=size)]
    return new


def insured_in_fight(character: Character) -> bool:
    """Whether a failed tend on ``character`` in a fight would be turned (charged Insurance)."""
    return ABILITY in abilities(character) and not _spent(character)


def fight_insures(character: Character) -> bool:
    """A failed tend in a fight on ``character``: whether their charged Insurance turns it (and
    spends it)."""
    if not insured_in_fight(character):
        return False
    character.extra.setdefault("spent_abilities", []).append(NAME)
    return True


def odds() -> Odds:
    """Once taken, the roll succeeds (very minor)."""
    one, none = Fraction(1), Fraction(0)
    return Odds(system=SYSTEM, outcomes={"success": one, SIZES[0]: one, "failure": none}, overall_success=one)
