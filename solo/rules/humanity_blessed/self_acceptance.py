"""Radical Self-Acceptance (a [Starter] ability): while Uncool, a check may be rolled with
another stat than the one it names; the first check that succeeds this way ends Uncool.

An adventure's check by an Uncool character with the ability stops before any die is thrown and
returns an *open* record (``details["self_acceptance"]`` holds the choice): its offers are to
roll the stat as written (keyed ``keep``) or, for each other stat the character has, to roll that
one instead, each with the exact odds of the check so rolled (:func:`odds_after`, the ruleset's
``check_odds`` with the stat changed). :func:`finish` then rolls the check as
:func:`.first_roll.check` does (a late spark may still join it). :func:`after` ends Uncool once
a check rolled with another stat stands as a success.

**Decisions** (the book leaves these open):

* "A different Stat" is any stat the character has a die for, History and a setting stat
  included; the check keeps its target, modifiers, aid and tags.
* Only an adventure's plain check offers it: not a check that names a ``spark`` (the stats are
  chosen already), a group check, a check rolled from a bare ``die`` or a focal roll; in an
  endeavour the player picks the stat of every action anyway.
* Blessed Luck's retry of such a check is the same check with the same stat; Uncool ends when
  the roll that stands succeeds.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import parse_check, stored
from solo.rules.humanity_blessed.tables import SYSTEM, norm
from solo.rules.reasons import reason

ABILITY = "radicalselfacceptance"
KEEP = "keep"  # roll the stat as written (the open record's own keep)
OTHER = "self-accept-"  # roll another stat instead: "self-accept-" and the stat's key
UNCOOL = "uncool"


def _others(character: Character, params: Mapping[str, Any]) -> list[str] | None:
    """The other stats the check may be rolled with, or None when the ability does not apply."""
    if ABILITY not in abilities(character) or not Conditions.of(character).has(UNCOOL):
        return None
    try:
        parsed = parse_check(params, character)
    except RulesError:
        return None
    if parsed.override or parsed.group or parsed.spark or parsed.focal or parsed.target is None:
        return None
    others = [stat for stat in character.stats if norm(stat) != norm(parsed.stat)]
    return others or None


def opens(character: Character, params: Mapping[str, Any]) -> RollRecord | None:
    """The open record of a check the ability may change, or None (roll it as usual)."""
    others = _others(character, params)
    if others is None:
        return None
    parsed = parse_check(params, character)
    return RollRecord(
        system=SYSTEM, kind="check", stat=parsed.stat, dice=[], outcome="failure", success=False,
        total=None,
        details={"self_acceptance": {"others": others}, "params": stored(params),
                 "target": parsed.target},
        steps=[reason("self-acceptance", stat=parsed.stat)],
    )


def is_open(record: RollRecord) -> bool:
    """Whether the record waits for the player to pick the stat."""
    return "self_acceptance" in record.details and "others" in record.details["self_acceptance"]


def offers(record: RollRecord, character: Character) -> list[Offer]:
    stat = str(record.stat)
    found = [Offer(KEEP, f"Roll {_title(stat)} {character.stats.get(stat, '')} as written".replace("  ", " "))]
    for other in record.details["self_acceptance"]["others"]:
        found.append(Offer(f"{OTHER}{other}", f"Radical Self-Acceptance: roll {_title(other)} "
                                              f"{character.stats.get(other, '')} instead"))
    return found


def _params(record: RollRecord, key: str) -> dict[str, Any]:
    params = dict(record.details["params"])
    if key.startswith(OTHER):
        stat = key[len(OTHER):]
        if stat not in record.details["self_acceptance"]["others"]:
            raise RulesError(f"{stat!r} is not a stat this check may be rolled with")
        params["stat"] = stat
    elif key != KEEP:
        raise RulesError(f"unknown offer {key!r} for this check")
    return params


def finish(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """Roll the check with the stat picked (``keep``: as written)."""
    from solo.rules.humanity_blessed import first_roll

    params = _params(record, key)
    new = first_roll.check(dice, character, params)
    if key != KEEP:
        _mark(new, str(record.stat), str(params["stat"]))
    return new


def _mark(record: RollRecord, written: str, rolled: str) -> None:
    record.details["self_acceptance"] = {"written": written, "rolled": rolled}
    record.steps.insert(0, reason("self-accepted", written=written, rolled=rolled))


def carry(old: RollRecord, new: RollRecord) -> RollRecord:
    """A record rolled on from ``old`` (a late spark, Help, Blessed Luck) keeps the mark."""
    mark = old.details.get("self_acceptance")
    if mark and "rolled" in mark and "self_acceptance" not in new.details:
        new.details["self_acceptance"] = dict(mark)
    return new


def odds_after(record: RollRecord, character: Character, key: str) -> Odds:
    """The exact odds of the check rolled with the stat of offer ``key``."""
    from solo.rules.humanity_blessed.odds import check_odds

    return check_odds(character, _params(record, key))


def after(record: RollRecord, character: Character) -> list[str]:
    """A check rolled with another stat that stands as a success ends Uncool."""
    mark = record.details.get("self_acceptance") or {}
    if "rolled" not in mark or not record.success or record.details.get("uncool_ended"):
        return []
    kept = [c for c in character.conditions if norm(str(c)) != UNCOOL]
    if len(kept) == len(character.conditions):
        return []
    character.conditions[:] = kept
    record.details["uncool_ended"] = True
    return ["Radical Self-Acceptance: the check succeeded your own way; you are no longer Uncool."]


def _title(stat: str) -> str:
    return stat.replace("_", " ").title()
