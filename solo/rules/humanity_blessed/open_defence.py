"""A contest the player defends (``defending: true``) stopped after the attacker's roll while a
spark may still join the player's answer.

The book lets a player turn a basic check into a spark before or after rolling it, and a
defender's answer is such a check; a fight already asks the player how to answer an attack
once it is rolled. A plain defending contest does the same: when the player could spark their
answer (a second stat balanced with it, and blessing dice to pay two of equal worth, two more
to end Taxed first), :func:`hold` keeps the record *open* after the attacker's roll:
``details["open_defence"]`` holds the attacker's sheet. Its offers are to answer as the
adventure wrote it (the offer keyed ``keep``) or to spark with each balanced stat, each with its
exact chance against the attack already rolled (:func:`odds_after`); :func:`finish` rolls the
answer and reads the contest from the player's side (:mod:`.defending`). An answer the
adventure already sparks, a surprised character or one who cannot pay is rolled at once.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import defending, first_roll, standing
from solo.rules.humanity_blessed.parsing import HBCheck, stored
from solo.rules.humanity_blessed.record_steps import is_answer_open, is_verdict
from solo.rules.humanity_blessed.tables import SYSTEM, err, stat_title
from solo.rules.reasons import Step, reason

OPEN = "open_defence"


def sparks(character: Character, mine: HBCheck) -> list[first_roll.LateSpark]:
    """The sparks the player could still add to their answer."""
    return first_roll.late_sparks(character, mine, contest=True)


def is_open(record: RollRecord) -> bool:
    return OPEN in record.details


def hold(record: RollRecord, attacker: Character, params: Mapping[str, Any], lines: list[Step]) -> RollRecord:
    """Keep the attacker's rolled record open for the player's answer."""
    record.details[OPEN] = {"attacker": attacker.to_dict()}
    record.details["params"] = stored(params)
    record.steps[:0] = lines
    record.steps.append(reason("answer-open"))
    record.steps.append(reason("answer-result", total=record.total))
    return record


def _sides(record: RollRecord, character: Character) -> tuple[Character, HBCheck, HBCheck, bool]:
    attacker = Character.from_dict(record.details[OPEN]["attacker"])
    theirs, mine, violent = defending.parse_defence(character, attacker, record.details["params"])
    return attacker, theirs, mine, violent


def offers(record: RollRecord, character: Character) -> list[Offer]:
    """Answer as written, or spark the answer with a balanced stat."""
    attacker, _, mine, _ = _sides(record, character)
    pool = list(character.resources.get("blessings", []) or [])
    found = [Offer(first_roll.KEEP, f"Answer {attacker.name or 'the attack'}'s {record.total} with {stat_title(mine.stat)} {mine.die}")]
    for late in sparks(character, mine):
        cost = len(late.pair) + len(late.tax)
        found.append(Offer(f"{first_roll.SPARK}{late.stat}", late.text(pool).replace(
            "park with", f"park your {stat_title(mine.stat)} with", 1), {"blessings": cost}))
    return found


def finish(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """Roll the player's answer (``keep``, or the spark ``key`` paid first) and read the contest."""
    from solo.rules.humanity_blessed.rolling import close_contest, read_contest
    from solo.rules.humanity_blessed.session import earn

    attacker, _, mine, _ = _sides(record, character)
    new = RollRecord.from_dict(record.to_dict())
    new.details.pop(OPEN)
    new.steps = [s for s in new.steps if not is_verdict(s) and not is_answer_open(s)]
    lines: list[Step] = []
    paid = prepaid = None
    if key != first_roll.KEEP:
        if key not in {f"{first_roll.SPARK}{late.stat}" for late in sparks(character, mine)}:  # offers' sparks
            raise err(f"no spark {key!r} can join this answer")
        mine, paid, tax = first_roll.declare(character, mine, key, contest=True)
        if tax:
            lines.append(reason("taxed-ended", paid=list(tax)))
        lines.append(reason("answer-spark", paid=list(paid)))
        prepaid = True
    new = close_contest(dice, new, attacker, character, mine, defender_prepaid=bool(prepaid))
    if mine.famous:
        standing.exerted(character, attacker)
    new = defending.turn_round(new)
    if paid is not None:
        new.details["spark_paid"] = paid
    new.steps[:0] = lines
    read_contest(new)
    earn(dice, new, character)
    return new


def odds_after(record: RollRecord, character: Character, key: str) -> Odds:
    """The exact odds of the answer ``key`` against the attack already rolled (``success``: the
    player holds). Nothing changes on ``character``."""
    from solo.rules.humanity_blessed.odds import sides_odds

    who = Character.from_dict(character.to_dict())
    attacker, theirs, mine, violent = _sides(record, who)
    if key != first_roll.KEEP:
        mine = first_roll.declare(who, mine, key, contest=True)[0]
    attack = sides_odds(attacker, who, theirs, mine, violent, first=int(record.total or 0), defender_prepaid=True)
    held = attack.outcomes["failure"]
    return Odds(system=SYSTEM, outcomes={"success": held, "failure": attack.outcomes["success"]},
                truncated=attack.truncated)
