"""A Humanity, Blessed check rolled in two steps, so that a spark may be declared after the first
roll (the book lets a player turn a basic check into a spark check before or after it).

When a spark could still be declared (a balanced second stat, and blessing dice to pay two of
equal worth, and two more to end Taxed first if the character is taxed), :func:`check` throws only
the stat die's first face and returns an *open* record: ``details["first_roll"]`` holds the
face. Its offers are to roll on as a basic check (the offer keyed ``keep``) or to spark with one
of the balanced stats (only when that face falls short of the target: a first roll that has met it
already is rolled on at once, since no spark could change whether it succeeds); :func:`finish` carries either out with the face already thrown (the
spark's die joins it in the first round, and the group bumps together from there). Otherwise
the check is rolled at once, as before. Either way the same seed and choices give the same dice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed.blessings import spark_payment, take
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import HBCheck, parse_check, stat_die
from solo.rules.humanity_blessed.planning import plan_roll
from solo.rules.humanity_blessed.rolling import roll_check
from solo.rules.humanity_blessed.session import session_steps
from solo.rules.humanity_blessed.tables import SYSTEM, err, norm, stat_title
from solo.rules.reasons import Step, reason

KEEP = "keep"  # the open record's offer to roll on without a spark (replaces the plain keep)
SPARK = "spark-"  # an open record's offer to spark with a stat: "spark-" and the stat's key


@dataclass(frozen=True)
class LateSpark:
    """A spark that may still be declared: the second stat and what it costs."""

    stat: str
    die: str
    pair: list[int]  # pool indexes of the two dice of equal worth
    tax: list[int]  # pool indexes of the two dice that end Taxed first (empty when not taxed)

    def text(self, pool: list[int]) -> str:
        pair = " and ".join(str(pool[i]) for i in self.pair)
        spark = f"spark with {stat_title(self.stat)} {self.die} (pay blessing dice {pair})"
        if not self.tax:
            return spark[0].upper() + spark[1:]
        tax = " and ".join(str(pool[i]) for i in self.tax)
        return f"End Taxed (pay {tax}) and {spark}"


def late_sparks(character: Character | None, parsed: HBCheck, *, contest: bool = False) -> list[LateSpark]:
    """The sparks the character could declare after this check's first roll (none for a check
    rolled from a bare die, a group check, a surprised character or a capped dc1 stat);
    ``contest``: a contest side, which has no target (:mod:`.open_defence`)."""
    if character is None or parsed.override or (parsed.target is None and not contest) or parsed.group:
        return []
    if parsed.spark:
        return []
    cond = Conditions.of(character)
    if cond.has("surprise") or parsed.die == "dc1":
        return []
    pool = list(character.resources.get("blessings", []) or [])
    payment = spark_payment(pool, cond.has("cursed"), cond.has("taxed"))
    if payment is None:
        return []
    found = []
    for key in sorted(character.stats, key=str):
        if key == parsed.stat or norm(key) == norm(parsed.stat):
            continue
        if str(character.stats[key]).strip().lower() == parsed.die:
            found.append(LateSpark(key, parsed.die, payment[0], payment[1]))
    return found


def check(dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
    """Roll one check as written in ``params``: at once, or its first roll only while a spark
    may still be declared (an open record; see the module docstring)."""
    parsed = parse_check(params, character)
    session_lines = session_steps(dice, character) if character.stats else []
    sparking = len(plan_roll(character, parsed).stats) >= 2  # an adventure's spark it can pay
    basic = replace(parsed, spark=None, spark_die=None)
    if sparking or not late_sparks(character, basic):
        record = roll_check(dice, character, parsed)
    else:
        record = _first_roll(dice, character, basic)
        if record.success:  # the target is met already: a spark could not change the result
            record = roll_check(dice, character, basic, first_face=int(record.details["first_roll"]["face"]))
    record.steps[:0] = session_lines
    return record


def _first_roll(dice: Dice, character: Character, parsed: HBCheck) -> RollRecord:
    plan = plan_roll(character, parsed)
    die = plan.group.dice[0]
    face = dice.roll(die.sides)
    reading = die.read(face)
    total = reading + plan.modifier
    target = int(parsed.target or 0)
    steps = [reason("first-roll", stat=parsed.stat, die=parsed.die, reading=reading, bumps=die.bumps(reading)),
             reason("spark-open")]
    so_far = total >= target  # the reading so far: a bump or a spark may still add to it
    return RollRecord(
        system=SYSTEM, kind="check", stat=parsed.stat, dice=[face],
        outcome="success" if so_far else "failure", success=so_far, total=total,
        modifiers=dict(plan.modifiers),
        details={"first_roll": {"face": face, "reading": reading}, "params": parsed.as_params(),
                 "stats": [parsed.stat], "die": parsed.die, "target": target},
        steps=steps + [reason("so-far-result", total=total, target=target)],
    )


def is_open(record: RollRecord) -> bool:
    """Whether the record is a first roll still waiting for the player's word on a spark."""
    return "first_roll" in record.details


def offers(record: RollRecord, character: Character) -> list[Offer]:
    """An open record's choices: roll on as a basic check, or spark with a balanced stat."""
    parsed = parse_check(record.details["params"], character)
    pool = list(character.resources.get("blessings", []) or [])
    found = [Offer(KEEP, "Roll on without a spark")]
    for late in late_sparks(character, parsed):
        cost = len(late.pair) + len(late.tax)
        found.append(Offer(f"{SPARK}{late.stat}", late.text(pool), {"blessings": cost}))
    return found


def finish(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """Carry out an open record's offer ``key``: roll on, or pay and spark; the finished record."""
    parsed = parse_check(record.details["params"], character)
    face = int(record.details["first_roll"]["face"])
    if key == KEEP:
        return roll_check(dice, character, parsed, first_face=face)
    sparked, pair_values, tax_values = declare(character, parsed, key)
    lines: list[Step] = []
    if tax_values:
        lines.append(reason("taxed-ended", paid=tax_values))
    reading = record.details["first_roll"]["reading"]
    lines.append(reason("late-spark", reading=reading, paid=pair_values))
    new = roll_check(dice, character, sparked, paid_spark=True, first_face=face)
    new.details["spark_paid"] = pair_values
    new.details["late_spark"] = {"first_face": face, "tax_paid": tax_values}
    new.steps[:0] = lines
    return new


def declare(character: Character, parsed: HBCheck, key: str, *, contest: bool = False,
            ) -> tuple[HBCheck, list[int], list[int]]:
    """Pay for the spark ``key`` (and end Taxed first when it must): the sparked check, the
    pair paid and the tax paid (empty when not taxed). Changes ``character``."""
    late = next((s for s in late_sparks(character, parsed, contest=contest) if f"{SPARK}{s.stat}" == key), None)
    if late is None:
        raise err(f"no spark {key!r} can be declared on this roll")
    pool = character.resources.setdefault("blessings", [])
    pair_values = sorted(pool[i] for i in late.pair)
    tax_values = sorted(pool[i] for i in late.tax)
    take(pool, late.pair + late.tax)
    if late.tax:
        for raw in list(character.conditions):
            if norm(raw) == "taxed":
                character.conditions.remove(raw)
    stat, die_text = stat_die(character, late.stat)
    return replace(parsed, spark=stat, spark_die=die_text), pair_values, tax_values


def odds_after(record: RollRecord, character: Character, key: str) -> Odds:
    """The exact odds of an open record once its offer ``key`` is taken (roll on, or pay and
    spark) and the roll kept: the first face stands, the rest of the dice are summed over, as
    :func:`finish` would roll them. Nothing changes on ``character``."""
    from solo.rules.humanity_blessed.odds import check_distribution
    from solo.rules.humanity_blessed.rolling import vulnerable

    who = Character.from_dict(character.to_dict())
    parsed = parse_check(record.details["params"], who)
    if key == KEEP:
        plan = plan_roll(who, parsed)
    else:
        parsed = declare(who, parsed, key)[0]
        plan = plan_roll(who, parsed, prepaid=True)
    return check_distribution(
        plan.group, int(parsed.target or 0), plan.modifier, plan.aid[1] if plan.aid else None,
        size_up=plan.size_up, vulnerable=parsed.witnessed and vulnerable(who, plan.stats),
        first_face=int(record.details["first_roll"]["face"]))
