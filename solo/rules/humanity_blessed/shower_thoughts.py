"""Shower Thoughts (an ability extending Sharp Recall): once a session, a Head or Heart check made
in a safe place is remembered, and once before the session ends its value may stand in for the
roll of another check.

Remembering: a check the adventure tags ``safe`` (made where the character is in no danger),
rolled with Head or Heart by a character with the ability, is kept as the session's thought once
its roll stands (:func:`remember`, from the ruleset's ``experience``); the first such check of the
session is the one kept. Using: a later plain check of the adventure, while the thought is held,
stops before any die is thrown and returns an *open* record (``details["shower_thoughts"]``):
(a contest's likewise) its offers are to roll as usual (``keep``) or to use the thought (``shower-thought``), each with
its exact odds (the thought's answer is certain: 100% or 0%). :func:`finish` rolls or reads it.

**Decisions** (the book leaves these open; docs/rules/humanity-blessed-abilities.md says them too):

* A safe place is where the adventure says so, with the ``safe`` tag on the check made there;
  the engine cannot see danger by itself.
* "The value of that roll" is the remembered check's total as it stood (dice, bumps and its own
  modifier, aid and Help included). Used later, this check's own ``modifier`` is added to it; no
  aid is rolled (nothing is rolled) and no spark joins it. Help may still be offered after, as on
  any roll.
* An adventure's plain check may use it (not a spark, group, focal, bare-die or ``safe`` check),
  and so may a non-violent contest the player starts (:func:`opens_contest`; not a spark or group
  side). There the thought is the player's roll; the opponent rolls, and the rest of the contest
  (aid when the player would lose, as the book's aid is not the roll) is read as usual, its odds
  those of a contest whose attack is already known. A non-violent contest the player defends
  (``defending``) is rolled as usual: the engine does not offer the thought there.
* A check waiting for Radical Self-Acceptance's stat is asked that first; it is then rolled.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.parsing import parse_check, stored
from solo.rules.humanity_blessed.tables import SIZES, SYSTEM, norm, size_for_total
from solo.rules.reasons import reason

ABILITY = "showerthoughts"
TAG = "safe"
KEEP = "keep"  # roll the check as usual
KEY = "shower-thought"  # use the remembered value instead
THINKING_STATS = ("head", "heart")


def _session(character: Character) -> dict[str, Any]:
    session = character.extra.get("session")
    if not isinstance(session, dict):
        session = character.extra["session"] = {}
    return session


def held(character: Character) -> dict[str, Any] | None:
    """The thought remembered this session and not used yet, or None."""
    if ABILITY not in abilities(character):
        return None
    thought = _session(character).get("shower_thought")
    return thought if isinstance(thought, dict) and not thought.get("used") else None


def remember(record: RollRecord, character: Character) -> list[str]:
    """A safe Head or Heart check of a character with the ability becomes the session's thought
    (the first one only)."""
    if ABILITY not in abilities(character) or record.kind != "check" or record.total is None:
        return []
    params = record.details.get("params") or {}
    tags = {norm(t) for t in params.get("tags") or ()}
    if TAG not in tags or norm(str(record.stat)) not in THINKING_STATS:
        return []
    if record.details.get("shower_thoughts") or "shower_thought" in _session(character):
        return []
    _session(character)["shower_thought"] = {"value": int(record.total), "stat": str(record.stat)}
    record.details["shower_thought_kept"] = int(record.total)
    return [f"Shower Thoughts: you keep this {_title(str(record.stat))} roll of {record.total} in mind; "
            "once before the session ends it may stand in for another check."]


def opens(character: Character, params: Mapping[str, Any]) -> RollRecord | None:
    """The open record of a check the thought may answer, or None (roll it as usual)."""
    thought = held(character)
    if thought is None:
        return None
    try:
        parsed = parse_check(params, character)
    except RulesError:
        return None
    if (parsed.override or parsed.group or parsed.spark or parsed.focal or parsed.target is None
            or TAG in parsed.tags):
        return None
    return RollRecord(
        system=SYSTEM, kind="check", stat=parsed.stat, dice=[], outcome="failure", success=False,
        total=None,
        details={"shower_thoughts": {"value": int(thought["value"]), "modifier": parsed.modifier},
                 "params": dict(params), "target": parsed.target},
        steps=[reason("shower-thoughts-open", value=int(thought["value"]))],
    )


def opens_contest(character: Character, opponent: Character, params: Mapping[str, Any]) -> RollRecord | None:
    """The open record of a non-violent contest the player starts that the thought may answer,
    or None (roll it as usual)."""
    from solo.rules.humanity_blessed import defending
    from solo.rules.humanity_blessed.parsing import parse_contest

    thought = held(character)
    if thought is None or defending.is_defending(params):
        return None
    try:
        mine, theirs, violent = parse_contest(character, opponent, params)
    except RulesError:
        return None
    if violent or mine.override or mine.group or theirs.group or mine.spark or mine.focal:
        return None
    return RollRecord(
        system=SYSTEM, kind="contest", stat=mine.stat, dice=[], outcome="failure", success=False,
        total=None,
        details={"shower_thoughts": {"value": int(thought["value"]), "modifier": mine.modifier,
                                     "opponent": opponent.to_dict()},
                 "params": stored(params)},
        steps=[reason("shower-thoughts-open", value=int(thought["value"]))],
    )


def is_open(record: RollRecord) -> bool:
    """Whether the record waits for the player to roll or use the thought."""
    mark = record.details.get("shower_thoughts")
    return isinstance(mark, dict) and "value" in mark and not record.dice and record.total is None


def _total(record: RollRecord) -> int:
    mark = record.details["shower_thoughts"]
    return int(mark["value"]) + int(mark.get("modifier") or 0)


def _thought(record: RollRecord) -> str:
    """The remembered value as the offer says it, with this check's modifier when it has one."""
    mark = record.details["shower_thoughts"]
    modifier = int(mark.get("modifier") or 0)
    return f"{mark['value']}" + (f" ({modifier:+d} here: {_total(record)})" if modifier else "")


def offers(record: RollRecord, character: Character) -> list[Offer]:
    stat = str(record.stat)
    return [
        Offer(KEEP, f"Roll {_title(stat)} {character.stats.get(stat, '')} as usual".replace("  ", " ")),
        Offer(KEY, f"Shower Thoughts: use the {_thought(record)} you thought of instead of rolling"),
    ]


def finish(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """Roll the check as usual (``keep``) or read it with the thought's value (spent)."""
    from solo.rules.humanity_blessed import first_roll
    from solo.rules.humanity_blessed.rolling import read_check

    if record.kind == "contest":
        return _finish_contest(dice, record, character, key)
    if key == KEEP:
        return first_roll.check(dice, character, record.details["params"])
    if key != KEY:
        raise RulesError(f"unknown offer {key!r} for this check")
    thought = _spend(character)
    parsed = parse_check(record.details["params"], character)
    total = _total(record)
    new = RollRecord(
        system=SYSTEM, kind="check", stat=parsed.stat, dice=[], outcome="failure", success=False,
        total=total, modifiers={"modifier": parsed.modifier} if parsed.modifier else {},
        details={"params": parsed.as_params(), "stats": [parsed.stat], "die": parsed.die,
                 "target": parsed.target, "help_allowed": True,
                 "shower_thoughts": {"used": int(thought["value"])}},
        steps=[reason("shower-thought-used", value=int(thought["value"]), modifier=parsed.modifier)],
    )
    read_check(new)
    return new


def _spend(character: Character) -> dict[str, Any]:
    thought = held(character)
    if thought is None:
        raise RulesError("no shower thought is held")
    thought["used"] = True
    return thought


def _finish_contest(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """Roll the contest as usual, or stand the thought in for the player's roll; the opponent
    rolls and the contest is read as any other (aid when the player would lose included)."""
    from solo.rules.humanity_blessed.parsing import parse_contest
    from solo.rules.humanity_blessed.rolling import close_contest, contest

    opponent = Character.from_dict(record.details["shower_thoughts"]["opponent"])
    params = record.details["params"]
    if key == KEEP:
        return contest(dice, character, opponent, params)
    if key != KEY:
        raise RulesError(f"unknown offer {key!r} for this contest")
    thought = _spend(character)
    mine, theirs, _ = parse_contest(character, opponent, params)
    open_record = RollRecord(
        system=SYSTEM, kind="contest", stat=mine.stat, dice=[], outcome="failure", success=False,
        total=_total(record), modifiers={"modifier": mine.modifier} if mine.modifier else {},
        details={"attack": mine.as_params(), "violent": False, "stats": [mine.stat], "die": mine.die,
                 "open": True, "consumes": [], "rounds": [], "bumps": 0, "natural": None,
                 "help_allowed": True, "shower_thoughts": {"used": int(thought["value"])}},
        steps=[reason("shower-thought-used", value=int(thought["value"]), modifier=mine.modifier)],
    )
    new = close_contest(dice, open_record, character, opponent, theirs)
    new.details["params"] = dict(params)
    return new


def odds_after(record: RollRecord, character: Character, key: str) -> Odds:
    """The exact odds of rolling as usual, or the certain answer of the thought."""
    from solo.rules.humanity_blessed.odds import check_odds

    if record.kind == "contest":
        return _contest_odds(record, character, key)
    if key == KEEP:
        return check_odds(character, record.details["params"])
    if key != KEY:
        raise RulesError(f"unknown offer {key!r} for this check")
    total = _total(record)
    success = total >= int(record.details["target"])
    size = size_for_total(total) if success else None
    outcomes = {"success": Fraction(int(success)), "failure": Fraction(int(not success))}
    outcomes.update({name: Fraction(int(name == size)) for name in SIZES})
    return Odds(system=SYSTEM, outcomes=outcomes, distributions={"total": {total: Fraction(1)}},
                values={"target": Fraction(int(record.details["target"])), "expected": Fraction(total)})


def _contest_odds(record: RollRecord, character: Character, key: str) -> Odds:
    """The contest's exact odds rolled as usual, or with the thought as the player's known roll."""
    from solo.rules.humanity_blessed.odds import contest_odds, sides_odds
    from solo.rules.humanity_blessed.parsing import parse_contest

    opponent = Character.from_dict(record.details["shower_thoughts"]["opponent"])
    params = record.details["params"]
    if key == KEEP:
        return contest_odds(character, opponent, params)
    if key != KEY:
        raise RulesError(f"unknown offer {key!r} for this contest")
    mine, theirs, violent = parse_contest(character, opponent, params)
    return sides_odds(character, opponent, mine, theirs, violent, first=_total(record))


def _title(stat: str) -> str:
    return stat.replace("_", " ").title()
