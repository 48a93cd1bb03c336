"""GUTS+ body and belongings: injuries, protection, unconsciousness, inventory and Essence.

This module owns what happens to a character's body (two injuries disable a part; protection
absorbs two marks first; the head or three other parts down means unconscious; healing times),
how many items they can carry, and the optional Essence magic (aura, skills known, range,
strain).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from solo.rules.base import Character, RulesError
from solo.rules.dice import Dice
from solo.rules.guts_plus.qualities import MAX_LEVEL, whole

POCKET_SLOTS = 10
BAG_SLOTS = 10
STRAINED = "strained"
UNCONSCIOUS = "unconscious"
BODY_PARTS: tuple[str, ...] = ("head", "torso", "left arm", "right arm", "left leg", "right leg")
INJURIES_TO_DISABLE = 2
PROTECTION_MARKS = 2
UNCONSCIOUS_OTHER_PARTS = 3

AURAS: dict[int, str] = {1: "hot", 2: "cold", 3: "heavy", 4: "fast", 5: "slow", 6: "soft"}
#: Essence density -> (basic, honed, master) skills known.
ESSENCE_SKILLS: dict[int, tuple[int, int, int]] = {
    1: (1, 0, 0), 2: (2, 0, 0), 3: (2, 1, 0), 4: (3, 1, 0), 5: (3, 2, 0),
    6: (4, 2, 1), 7: (4, 3, 1), 8: (5, 3, 2), 9: (5, 4, 2), 10: (5, 4, 3),
}
MASTERY_RANGE = 30
# -- injuries ----------------------------------------------------------------------------------


def body_parts(character: Character) -> list[str]:
    """The parts that can be injured: the six standard ones plus ``extra["extra_parts"]``.

    A creature shaped otherwise lists its own in ``extra["body_parts"]`` (a pink ball: ``[skin,
    core]``) instead of the six, and names the one that plays the head's part in ``extra["vital"]``.
    """
    own = character.extra.get("body_parts")
    parts = [_part_name(p) for p in own] if isinstance(own, list) and own else list(BODY_PARTS)
    for part in character.extra.get("extra_parts", []):
        if _part_name(part) not in parts:
            parts.append(_part_name(part))
    return parts


def _part_name(part: str) -> str:
    if type(part) is str:
        found = _PART_NAMES.get(part)
        if found is None:
            if len(_PART_NAMES) >= 1024:
                _PART_NAMES.clear()
            found = _PART_NAMES[part] = _spelled(part)
        return found
    return _spelled(part)


def _spelled(part: Any) -> str:
    return re.sub(r"[\s\-_]+", " ", str(part).strip().lower())


#: A part's name as written -> as spelled (asked for every part of a body at every move).
_PART_NAMES: dict[str, str] = {}


def part_key(character: Character, part: str) -> str:
    name = _part_name(part)
    parts = body_parts(character)
    if name not in parts:
        raise RulesError(
            f"GUTS+: injury part must be one of {', '.join(parts)} (got {part!r})"
        )
    return name


def injuries(character: Character) -> dict[str, int]:
    """Injuries per body part (0-2), created if missing."""
    return character.extra.setdefault("injuries", {})


def unusable_parts(character: Character) -> list[str]:
    """The parts with two injuries, in body order."""
    marks = character.extra.get("injuries", {})
    return [p for p in body_parts(character) if marks.get(p, 0) >= INJURIES_TO_DISABLE]


def vital_part(character: Character) -> str | None:
    """The part whose loss knocks the character out: the head, or for a body of its own
    (``extra["body_parts"]``) the part ``extra["vital"]`` names (None if it names none)."""
    if isinstance(character.extra.get("body_parts"), list) and character.extra["body_parts"]:
        vital = character.extra.get("vital")
        return _part_name(vital) if vital else None
    return "head"


_INTS = frozenset({int})


def unconscious(character: Character) -> bool:
    """Unconscious: the head is unusable, or 3 other parts are unusable at once.

    For a body of its own: its vital part, or 3 other parts (all of them if it has fewer).
    Asked on every move (:meth:`~solo.rules.guts_plus.GutsPlus.incapacitated`), so a body with
    no part at two injuries answers at once.
    """
    extra = character.extra
    marks = extra.get("injuries", {})
    if (type(marks) is dict and type(extra.get("extra_parts", ())) in (list, tuple)
            and _INTS.issuperset(map(type, marks.values())) and max(marks.values(), default=0) < INJURIES_TO_DISABLE):
        return False  # no part is unusable, so neither the vital part nor three others are
    down = unusable_parts(character)
    vital = vital_part(character)
    others = [p for p in down if p != vital]
    needed = min(UNCONSCIOUS_OTHER_PARTS, len(body_parts(character)) - (1 if vital else 0))
    return (vital is not None and vital in down) or (needed > 0 and len(others) >= needed)


def protect(character: Character, part: str) -> list[str]:
    """Give a part protection (clothing or an accessory), ready to absorb 2 marks."""
    name = part_key(character, part)
    character.extra.setdefault("protection", {})[name] = 0
    return [f"{name.capitalize()} is protected."]


#: An item's rules saying what it protects while carried: ``protects: [head]`` or ``all``.
PROTECTS = "protects"


def covered_parts(character: Character, items: "ItemRules | None") -> dict[str, str]:
    """The parts the character's carried items protect: part -> the first item covering it.

    An item's ``rules: {protects: [...]}`` names body parts (or ``all``); parts the character
    does not have are skipped (a helmet on a creature without a head).
    """
    found: dict[str, str] = {}
    parts = body_parts(character)
    for item in dict.fromkeys(character.items):
        rules = items.get(item) if items else None
        if not isinstance(rules, Mapping) or PROTECTS not in rules:
            continue
        covers = rules[PROTECTS]
        listed = covers if isinstance(covers, list) else [covers]
        names = parts if covers == "all" else [_part_name(p) for p in listed]
        for name in names:
            if name in parts:
                found.setdefault(name, item)
    return found


def sync_protection(character: Character, items: "ItemRules | None") -> None:
    """Keep ``extra["protection"]`` in step with what the character carries.

    A part a carried item covers is protected (its marks kept if it already was); a part whose
    covering item is gone loses that protection. Protection written on the character itself
    (``extra["protection"]`` with no item behind it) is left alone. ``extra["protected_by"]``
    remembers which parts came from items.
    """
    covered = covered_parts(character, items)
    protection = character.extra.setdefault("protection", {})
    before = character.extra.get("protected_by", {})
    for part in before:
        if part not in covered:
            protection.pop(part, None)
    for part in covered:
        protection.setdefault(part, 0)
    if covered:
        character.extra["protected_by"] = covered
    else:
        character.extra.pop("protected_by", None)


def readjust(character: Character, part: str) -> list[str]:
    """Re-adjust (or repair) a part's protection: its marks are cleared."""
    name = part_key(character, part)
    protection = character.extra.setdefault("protection", {})
    if name not in protection:
        raise RulesError(f"GUTS+: {name} has no protection to re-adjust")
    protection[name] = 0
    return [f"Protection on the {name} is back in place."]


def put_right(character: Character) -> list[str]:
    """Time out of a fight: every protection knocked loose (or marked) is re-adjusted.

    **Decision:** the book leaves how long re-adjusting takes to the GM, "in most cases not much
    time" (line 542); outside a fight any rest or passing time is enough."""
    protection = character.extra.get("protection", {})
    lines = []
    for part, marks in protection.items():
        if marks:
            lines += readjust(character, part)
    return lines


def injure(
    character: Character, part: str, count: int = 1, *, ignore_protection: bool = False
) -> list[str]:
    """Injure a body part ``count`` times; protection takes the first 2 marks.

    Returns lines describing what happened, including falling unconscious (the condition
    ``unconscious`` is added to the character).
    """
    name = part_key(character, part)
    count = whole(count, "injury count")
    if count < 1:
        raise RulesError(f"GUTS+: injury count must be at least 1 (got {count})")
    lines: list[str] = []
    marks = injuries(character)
    protection = character.extra.get("protection", {})
    for _ in range(count):
        if not ignore_protection and name in protection and protection[name] < PROTECTION_MARKS:
            protection[name] += 1
            if protection[name] >= PROTECTION_MARKS:
                lines.append(f"Protection on the {name} takes the blow and is knocked loose.")
            else:
                lines.append(f"Protection on the {name} takes the blow.")
            continue
        current = marks.get(name, 0)
        if current >= INJURIES_TO_DISABLE:
            lines.append(f"The {name} is already unusable.")
            continue
        marks[name] = current + 1
        if marks[name] >= INJURIES_TO_DISABLE:
            lines.append(f"The {name} is injured again and can no longer be used.")
        else:
            lines.append(f"The {name} is injured.")
    if unconscious(character) and UNCONSCIOUS not in character.conditions:
        character.conditions.append(UNCONSCIOUS)
        lines.append(f"{character.name} falls unconscious.")
    return lines


def heal(character: Character, part: str, count: int = 1) -> list[str]:
    """Remove injuries from a part; clears ``unconscious`` once the rule no longer holds."""
    name = part_key(character, part)
    marks = injuries(character)
    before = marks.get(name, 0)
    marks[name] = max(0, before - whole(count, "heal count"))
    lines = [f"The {name} heals ({before} → {marks[name]} injuries)."]
    if UNCONSCIOUS in character.conditions and not unconscious(character):
        character.conditions.remove(UNCONSCIOUS)
        lines.append(f"{character.name} can wake up.")
    return lines


def heal_all(character: Character) -> list[str]:
    """Heal every injury on every part (weeks of rest, or a story's miracle)."""
    lines: list[str] = []
    for part, count in list(injuries(character).items()):
        if count:
            lines.extend(heal(character, part, count))
    return lines or [f"{character.name} has no injuries to heal."]


def healing_days(injury_count: int, resting: bool = False) -> Fraction:
    """In-game days for one injury to heal on a part: single 1 day, double 5; resting halves."""
    if injury_count not in (1, 2):
        raise RulesError(f"GUTS+: a part heals from 1 or 2 injuries (got {injury_count})")
    days = Fraction(1 if injury_count == 1 else 5)
    return days / 2 if resting else days


#: Hours of healing banked towards the next injury to heal (a rest that ends part way).
HEALING_HOURS = "healing_hours"


def recover(character: Character, hours: int, resting: bool = True) -> list[str]:
    """Time passes (``resting``: the character rests, twice as fast): injuries heal one at a
    time, a part with one injury in a day (half a day resting), a part with two back to one in
    five days (two and a half resting). Hours short of the next injury are banked in
    ``extra["healing_hours"]`` for the next rest; an unhurt character banks nothing.

    **Decision:** the book lets the player choose which injury heals; the engine heals first
    the part that needs least time (one injury before two), the vital part (the head) first
    among equals, then in body order, so a rest heals as many injuries as it can."""
    banked = int(character.extra.get(HEALING_HOURS, 0) or 0) + max(0, int(hours))
    order = body_parts(character)
    vital = vital_part(character)
    lines: list[str] = []
    while True:
        marks = {p: n for p, n in injuries(character).items() if n > 0}
        if not marks:
            banked = 0
            break
        part = min(marks, key=lambda p: (min(marks[p], 2), p != vital,
                                         order.index(p) if p in order else len(order)))
        need = int(healing_days(min(marks[part], 2), resting) * 24)
        if banked < need:
            break
        banked -= need
        lines += heal(character, part, 1)
    character.extra[HEALING_HOURS] = banked
    if not banked:
        character.extra.pop(HEALING_HOURS)
    return lines


# -- inventory ---------------------------------------------------------------------------------


#: What an adventure's item says to the inventory, in its ``rules:`` (``{worn: true}``).
WORN = "worn"
BAG = "bag"

ItemRules = Mapping[str, Mapping[str, Any]]


def _marked(items: ItemRules | None, item: str, mark: str) -> bool:
    return bool(items and isinstance(items.get(item), Mapping) and items[item].get(mark))


def inventory_limit(character: Character, items: ItemRules | None = None) -> int:
    """Item slots: 10, plus 10 with a bag (an item whose rules say ``bag``, or
    ``extra["bag"]``). ``items`` maps item ids to their rules as the adventure writes them."""
    bag = character.extra.get("bag") or any(_marked(items, i, BAG) for i in character.items)
    return POCKET_SLOTS + (BAG_SLOTS if bag else 0)


def inventory_used(character: Character, items: ItemRules | None = None) -> int:
    """Slots in use: one per distinct item (a stack takes one slot); what the character
    wears (an item whose rules say ``worn``, and a bag, worn as an accessory) takes none."""
    carried = [i for i in character.items
               if not _marked(items, i, WORN) and not _marked(items, i, BAG)]
    return len(dict.fromkeys(carried))


def carrying(character: Character, items: ItemRules, adding: str | None = None) -> str | None:
    """Why the character cannot carry its items, with ``adding`` given too; None if it can.

    A worn item or a bag always fits, and so does more of an item already carried (a stack).
    """
    held = list(character.items)
    if adding is not None and adding not in held:
        held.append(adding)
    probe = Character(character.name, character.system, {}, items=held, extra=character.extra)
    used, limit = inventory_used(probe, items), inventory_limit(probe, items)
    if used <= limit:
        return None
    bag = "" if limit > POCKET_SLOTS else f"; a bag would make room for {BAG_SLOTS} more"
    if adding is not None and adding not in character.items:
        return f"{character.name} already carries {limit} items, all there is room for{bag}"
    return f"{character.name} carries {used} items, more than the {limit} there is room for{bag}"


# -- Essence -----------------------------------------------------------------------------------


def roll_aura(dice: Dice, character: Character | None = None) -> str:
    """Roll one d6 for an Essence aura; store it in ``extra["aura"]`` when given a character."""
    aura = AURAS[dice.roll(6)]
    if character is not None:
        character.extra["aura"] = aura
    return aura


def essence_skills(density: int) -> tuple[int, int, int]:
    """Skills known at an Essence density: ``(basic, honed, master)``."""
    density = whole(density, "Essence density")
    if density not in ESSENCE_SKILLS:
        raise RulesError(f"GUTS+: Essence density runs from 1 to 10 (got {density})")
    return ESSENCE_SKILLS[density]


def essence_range(density: int, mastery: bool = False) -> int:
    """Essence range in feet: 5 per two levels of density (5-25), 30 with mastery."""
    density = whole(density, "Essence density")
    if not 1 <= density <= MAX_LEVEL:
        raise RulesError(f"GUTS+: Essence density runs from 1 to 10 (got {density})")
    if mastery:
        return MASTERY_RANGE
    return 5 * ((density + 1) // 2)


def strain(character: Character) -> list[str]:
    """Strain the character: ``strained``, or if already strained 1 head injury (no protection)."""
    if STRAINED in character.conditions:
        return [f"{character.name} is already strained."] + injure(
            character, "head", 1, ignore_protection=True
        )
    character.conditions.append(STRAINED)
    return [f"{character.name} is strained."]
