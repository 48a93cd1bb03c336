"""Contests the other side starts (``defending: true``): the opponent attacks, the player defends.

The book gives the two roles different rolls and different help: in a violent Contest the
Attacker rolls Hurt and the Defender answers with Hurry (Violent Contests, points 1 and 2), a
defender's abilities (Armored Skin, Survival Instinct) give aid on a would-be loss, and ties
hold for the Defender. This module parses such a contest from the player's side, rolls it with
the roles the book gives, and turns the record round so that it reads from the player's side,
as every outcome in the format does: ``success`` means the player held.

**Decisions:**

* The attacking npc rolls ``opponent_stat`` (default: the contest's ``stat``); in a violent
  contest Hurt. The player answers with ``stat``; in a violent contest with Hurry unless
  ``stat`` names Head, Hand, Heart or Home, the other answers the book allows a Defender once
  violence goes on (point 5). ``opponent_modifier`` and ``opponent_aid`` are the attacker's.
* ``roll.margin`` is the player's total less the attacker's (0 or more: held). ``roll.size`` is
  the outcome size of an attack that got through, the harm the player takes (empty when they
  held): the book sizes the Attacker's effect only, and that is what an adventure narrates.
  Outcome-size branches (``major:``) therefore name the blow taken.
* The player may Help their defence once it is rolled (blessing dice add to their total).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from solo.rules.base import Character
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import standing
from solo.rules.humanity_blessed.parsing import HBCheck, at_side, parse_check
from solo.rules.humanity_blessed.tables import err, flag, norm

#: Stats a Defender may answer continued violence with besides Hurry (book: point 5).
OTHER_ANSWERS = ("head", "hand", "heart", "home")
#: Where the two sides' numbers sit in a record, swapped when it is turned round.
_SWAPS = (("rounds", "opponent_rounds"), ("natural", "opponent_natural"),
          ("help_allowed", "opponent_help_allowed"), ("spark_paid", "opponent_spark_paid"),
          ("spark_refused", "opponent_spark_refused"), ("aid", "opponent_aid"),
          ("vulnerability", "opponent_vulnerability"), ("stats", "opponent_stats"),
          ("group", "opponent_group"), ("group_median", "opponent_group_median"))


def is_defending(params: Mapping[str, Any]) -> bool:
    return flag(params.get("defending", False))


def parse_defence(
    character: Character, opponent: Character, params: Mapping[str, Any]
) -> tuple[HBCheck, HBCheck, bool]:
    """The attacker's roll (the opponent's), the defender's (the player's), and whether the
    contest is violent."""
    violent = flag(params.get("violent", False))
    if flag(params.get("synchronized", False)):
        raise err("synchronized (Synchronized Enmity) is for a contest the player makes, not a defence",
                  param="synchronized")
    mine: dict[str, Any] = {k: v for k, v in params.items()
                            if k in ("stat", "die", "spark", "modifier", "aid", "focal", "training",
                                     "tags", "uses", "group_with", "spark_with")}
    theirs: dict[str, Any] = {"stat": params.get("opponent_stat") or params.get("stat"),
                              "modifier": params.get("opponent_modifier", 0),
                              "aid": params.get("opponent_aid"), "complex": params.get("complex"),
                              "group_with": params.get("opponent_group_with")}
    if params.get("opponent_die") is not None:
        theirs["die"] = params["opponent_die"]
        theirs.pop("stat")
    elif params.get("die") is not None and params.get("stat") is None:
        theirs["die"] = params["die"]
        theirs.pop("stat")
    if violent:
        if "die" not in theirs:
            theirs["stat"] = "hurt"
        if "die" not in mine or mine.get("stat") is not None:
            stat = norm(str(mine.get("stat") or ""))
            mine["stat"] = stat if stat in OTHER_ANSWERS else "hurry"
    attack = at_side("opponent_group_with", parse_check, theirs, opponent)
    answer = parse_check(mine, character, contest=True)
    if not violent and standing.agreeable_to(character, opponent, False):
        answer = replace(answer, agreeable=True)
    if standing.may_exert(character, opponent):
        answer = replace(answer, famous=True)
    return attack, answer, violent


def turn_round(record: RollRecord) -> RollRecord:
    """A contest record rolled with the opponent attacking, read from the defender's side
    (the player's): their stat and total, the attacker's as the opponent's."""
    details = record.details
    attacker, attacker_stat = details.get("opponent"), record.stat
    record.stat = str(details.get("opponent_stat") or record.stat)
    record.total, details["opponent_total"] = int(details["opponent_total"]), int(record.total or 0)
    details["opponent"], details["opponent_stat"] = attacker, attacker_stat
    details["opponent_die"], details["die"] = details.get("die"), details.get("opponent_die")
    for mine, theirs in _SWAPS:
        a, b = details.pop(mine, None), details.pop(theirs, None)
        if b is not None:
            details[mine] = b
        if a is not None:
            details[theirs] = a
    details["defending"] = True
    return record


def read_defence(record: RollRecord) -> None:
    """Read a turned-round record: held on a tie or better; the size of a blow that lands."""
    from solo.rules.humanity_blessed.record_steps import without_verdict
    from solo.rules.humanity_blessed.tables import size_for_margin
    from solo.rules.reasons import reason

    total = int(record.total or 0)
    other = int(record.details["opponent_total"])
    margin = total - other
    record.success = margin >= 0
    record.outcome = "success" if record.success else "failure"
    record.details["margin"] = margin
    size = None if record.success else size_for_margin(-margin)
    if size == "maximum" and record.details.get("disarmed"):
        size = "very-major"
    record.details["size"] = size
    record.measures = {"size": size or "", "margin": margin}
    record.steps = without_verdict(record.steps) + [reason(
        "defence-result", total=total, other=other, held=record.success, size=size)]
