"""The History stat's scope on a check, and Synchronized Uncommonality (an ability extending
Synchronized Spark), which swaps that scope with a companion's until the scene ends.

A character's History scope is its narrative touchstones (``extra["touchstones"]``, set by the
History Upgrade). A check of another stat may say which touchstone it calls on, ``scope: sailing``
(or a list): when the character's scope holds one of them, History applies as well as the stat
written, and the book lets the player choose which to roll. Such a check stops before any die
is thrown and returns an *open* record (``details["history_scope"]``) whose offers are: roll the
stat as written (``keep``), roll History instead, and, when the History die covers the target,
succeed automatically (one size smaller), each with its exact odds. Without the touchstone the
check is rolled as written.

Synchronized Uncommonality, written ``scope_with: <companion>`` on a check: before the check is
rolled the player pays two blessing dice of the same worth and the player and the companion
exchange History scopes for the rest of the scene.

**Decisions** (the book leaves these open; docs/rules/humanity-blessed-abilities.md says them too):

* ``scope`` is for a check of a stat other than History (a History check is in scope as the
  adventure writes it, as before) and for plain checks only: not a contest, a spark, a group or a
  focal roll. Touchstones match loosely (case, spaces and accents aside).
* "Exchange History scope elements" is read as a swap of the two scopes: while it lasts the
  player's History covers the companion's touchstones and no longer their own (the companion's
  rolls are not the engine's to make). So it can open checks to History and close others.
* The player needs the ability (and Synchronized Spark, which it extends); the companion is
  willing where the adventure writes it and needs touchstones (``extra.touchstones``). The
  player's pool pays the cheapest pair of equal worth (at least 1); with no pair, or without the
  ability, there is no swap and the roll says why. A swap in force is not paid again.
* The swap ends with the scene (the engine's ``end_scene``: play enters a different scene, or the
  adventure ends); a save keeps it (``extra["scope_swap"]``).
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.base import Character, Odds, Offer, RulesError
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.blessings import choose_pair, take
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.tables import HISTORY_AUTO, SIZES, SYSTEM, err, norm, size_for_total, smaller_size
from solo.rules.reasons import Step, reason

ABILITY = "synchronizeduncommonality"
SPARK = "synchronizedspark"
SWAP = "scope_swap"  # character.extra: {"with": name, "touchstones": [...]}
KEEP = "keep"  # roll the stat as written
ROLL = "scope-history"  # roll History instead
AUTO = "scope-auto"  # History succeeds automatically


def touchstones(character: Character | None) -> list[str]:
    """The character's History scope now: a swap's touchstones while one is in force."""
    if character is None:
        return []
    swap = character.extra.get(SWAP)
    found = swap.get("touchstones") if isinstance(swap, Mapping) else character.extra.get("touchstones")
    return [str(t) for t in found or () if isinstance(t, (str, int, float))]


def written_scope(params: Mapping[str, Any]) -> list[str]:
    """The touchstones a check calls on (``scope``), checked for shape."""
    value = params.get("scope")
    if value is None:
        return []
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)) or not items or not all(isinstance(t, str) and t.strip() for t in items):
        raise err(f"scope names the History touchstones a check calls on: a word or a list (got {value!r})",
                  param="scope")
    if params.get("opponent") is not None:
        raise err("scope is for a check: History may answer a plain check of another stat", param="scope")
    if params.get("stat") is not None and norm(params.get("stat")) == "history":
        raise err("scope is for a check of another stat; a History check is in scope as written", param="scope")
    return [str(t) for t in items]


def partner(params: Mapping[str, Any]) -> Character | None:
    """The companion named by ``scope_with`` (a prepared character, a one-item list, or data)."""
    value = params.get("scope_with")
    if value is None or value == []:
        return None
    if isinstance(value, (list, tuple)):
        if len(value) != 1:
            raise err(f"scope_with names one companion (got {len(value)})", param="scope_with")
        value = value[0]
    if isinstance(value, Mapping):
        value = Character.from_dict(value)
    if not isinstance(value, Character):
        raise err(f"scope_with names a companion to swap History scopes with (got {value!r})", param="scope_with")
    if params.get("opponent") is not None:
        raise err("scope_with (Synchronized Uncommonality) is written on a check", param="scope_with")
    if not touchstones(value):
        raise err(f"{value.name or value.id} has no History touchstones to swap (extra.touchstones)",
                  param="scope_with")
    return value


def validate(params: Mapping[str, Any]) -> None:
    """Refuse ``scope`` and ``scope_with`` written wrong (naming the parameter)."""
    written_scope(params)
    partner(params)


def exchange(character: Character, params: Mapping[str, Any]) -> list[Step]:
    """Swap scopes with the companion a check names (paying the pair), before the check; the
    steps that say what happened (none when the check names no one)."""
    mate = partner(params)
    if mate is None:
        return []
    who = mate.name or mate.id
    swap = character.extra.get(SWAP)
    if isinstance(swap, Mapping) and swap.get("with") == who:
        return [reason("scope-swap-held", who=who)]
    have = abilities(character)
    if ABILITY not in have or SPARK not in have:
        return [reason("no-scope-swap", who=who, why="no-ability")]
    pool = character.resources.setdefault("blessings", [])
    pair = choose_pair(pool, Conditions.of(character).has("cursed"))
    if pair is None:
        return [reason("no-scope-swap", who=who, why="no-pair")]
    paid = take(pool, pair)
    theirs = touchstones(mate)
    character.extra[SWAP] = {"with": who, "touchstones": theirs}
    return [reason("scope-swap", who=who, paid=paid, touchstones=theirs)]


def with_exchange(character: Character, params: Mapping[str, Any]) -> Character:
    """The character as the check will find them once the swap it asks for is made (a copy)."""
    if params.get("scope_with") is None:
        return character
    copy = Character.from_dict(character.to_dict())
    exchange(copy, params)
    return copy


def covered(character: Character, params: Mapping[str, Any]) -> str | None:
    """The touchstone of the character's scope the check calls on, or None."""
    mine = {norm(t): t for t in touchstones(character)}
    return next((mine[norm(t)] for t in written_scope(params) if norm(t) in mine), None)


def opens(character: Character, params: Mapping[str, Any]) -> RollRecord | None:
    """The open record of a check History may answer, or None (roll it as written)."""
    from solo.rules.humanity_blessed.parsing import parse_check, stored

    if params.get("scope") is None or "history" not in {norm(s) for s in character.stats}:
        return None
    try:
        parsed = parse_check(params, character)
        touchstone = covered(character, params)
    except RulesError:
        return None
    if (touchstone is None or parsed.override or parsed.group or parsed.spark or parsed.focal
            or parsed.target is None):
        return None
    return RollRecord(
        system=SYSTEM, kind="check", stat=parsed.stat, dice=[], outcome="failure", success=False,
        total=None,
        details={"history_scope": {"touchstone": touchstone}, "params": stored(params), "target": parsed.target},
        steps=[reason("scope-open", touchstone=touchstone)],
    )


def is_open(record: RollRecord) -> bool:
    """Whether the record waits for the player to pick the stat or History."""
    mark = record.details.get("history_scope")
    return isinstance(mark, Mapping) and "touchstone" in mark and record.total is None and not record.dice


def _history(character: Character) -> tuple[str, str]:
    key = next(k for k in character.stats if norm(k) == "history")
    return key, str(character.stats[key])


def _limit(character: Character) -> int | None:
    die = bumping.parse_die(_history(character)[1])
    return HISTORY_AUTO.get(die.sides) if die.standard else None


def offers(record: RollRecord, character: Character) -> list[Offer]:
    stat, (_, die) = str(record.stat), _history(character)
    touchstone = record.details["history_scope"]["touchstone"]
    found = [Offer(KEEP, f"Roll {stat.title()} {character.stats.get(stat, '')} as written".replace("  ", " ")),
             Offer(ROLL, f"Roll History {die} instead (your History covers {touchstone})")]
    limit = _limit(character)
    if limit is not None and int(record.details["target"]) <= limit:
        found.append(Offer(AUTO, f"Succeed automatically with History {die} (outcome one size smaller)"))
    return found


def _params(record: RollRecord, character: Character, key: str) -> dict[str, Any]:
    params = {k: v for k, v in record.details["params"].items() if k not in ("scope", "scope_with")}
    if key in (ROLL, AUTO):
        params["stat"] = _history(character)[0]
    elif key != KEEP:
        raise RulesError(f"unknown offer {key!r} for this check")
    return params


def finish(dice: Dice, record: RollRecord, character: Character, key: str) -> RollRecord:
    """Roll the check as picked (``keep``: as written), or succeed automatically with History."""
    from solo.rules.humanity_blessed import first_roll, offers as hb_offers

    params = _params(record, character, key)
    if key == AUTO:
        if AUTO not in {o.key for o in offers(record, character)}:
            raise RulesError("History does not cover this check's target")
        new = hb_offers.take_alternative(character, params, "auto-history")
    else:
        new = first_roll.check(dice, character, params)
    if key != KEEP:
        new.details["history_scope"] = {"touchstone": record.details["history_scope"]["touchstone"],
                                        "written": str(record.stat)}
        new.steps.insert(0, reason("scope-history", touchstone=new.details["history_scope"]["touchstone"],
                                   written=str(record.stat)))
    return new


def odds_after(record: RollRecord, character: Character, key: str) -> Odds:
    """The exact odds of the check as offer ``key`` makes it (an automatic success: certain)."""
    from fractions import Fraction

    from solo.rules.humanity_blessed.odds import check_odds

    params = _params(record, character, key)
    if key == AUTO:
        size = smaller_size(size_for_total(int(record.details["target"])))
        outcomes = {"success": Fraction(1), "failure": Fraction(0), **{s: Fraction(s == size) for s in SIZES}}
        return Odds(system=SYSTEM, outcomes=outcomes)
    return check_odds(character, params)


def end_scene(character: Character) -> list[str]:
    """The scene is over: a swap of scopes ends. Lines that say so."""
    swap = character.extra.pop(SWAP, None)
    if not isinstance(swap, Mapping):
        return []
    return [f"Synchronized Uncommonality: your History is your own again; {swap.get('with')} takes back theirs."]
