"""GUTS+ fight gear: weapons and what a body can do with them, read from the adventure's items.

The book governs weapons "by logic and the Success Scale" (line 512): a weapon must be carried,
and what it does is the GM's call. Here an item says what it is to a fight in its ``rules:``:

========================  ===================================================================
``weapon``                ``melee`` or ``ranged`` (required to be a weapon)
``quality``               the quality it attacks with (default Gumption for melee, Utility for
                          ranged: book line 502)
``pairs``                 a quality, or a list, that adds its level when the wielder has it (the
                          book's pairing of a relevant quality, at most 10 dice in all)
``injuries``              1 or 2: injuries a hit deals (default 1); a positive impact adds one
``sharp``                 ``true``: protection it knocks loose is torn, and can be mended only
                          after the fight (the book's knife through a padded glove, line 1397)
``piercing``              ``true``: it goes through protection (acid, a bullet)
``natural``               ``true``: part of the body (claws, an acid mouth), so it needs no hand
========================  ===================================================================

``protects`` (what an item shields while carried), ``worn`` and ``bag`` belong to the body and
the inventory (:mod:`solo.rules.guts_plus.body`). A fighter who knows an Essence skill that
strikes (:data:`.essence.STRIKES`: hit, shock, stab, slash, lightning) may also attack with it,
no item and no hand needed: an Essence contest (see :mod:`.procedure` for its strain). A fighter without a weapon it can use fights
bare-handed (fists, feet, teeth: Gumption, one injury). A weapon that is not natural needs a
usable arm; a weapon attacking with a quality the wielder lacks (a custom one: ``archery``)
cannot be used by them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solo.rules.base import Character
from solo.rules.guts_plus.body import (
    PROTECTS,
    body_parts,
    covered_parts,
    unusable_parts,
    vital_part,
)
from solo.rules.guts_plus.essence import STRIKES, density, known
from solo.rules.guts_plus.qualities import CORE, ESSENCE, find_quality, level_of, norm

KINDS = ("melee", "ranged")
FLAGS = ("sharp", "piercing", "natural")
#: The item rules a GUTS+ fight reads (others are the inventory's or another system's).
HEALS = "heals"
FIGHT_RULES = ("weapon", "quality", "pairs", "injuries") + FLAGS + (PROTECTS, HEALS)


@dataclass(frozen=True)
class Weapon:
    """A way to attack: an item the fighter carries, or their bare hands."""

    key: str  # the item id, or "hands"
    name: str
    ranged: bool = False
    quality: str = "gumption"
    pairs: tuple[str, ...] = ()
    injuries: int = 1
    sharp: bool = False
    piercing: bool = False
    natural: bool = False
    #: an Essence skill, not an item: a negative impact strains the attacker
    essence: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name}


BARE_HANDS = Weapon("hands", "bare hands", natural=True)


def _names(value: Any) -> list[str] | None:
    if isinstance(value, str) and value.strip():
        return [value.strip()]
    if isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
        return [v.strip() for v in value]
    return None


def item_problems(rules: Mapping[str, Any]) -> list[str]:
    """What a fight cannot read in an item's rules (empty when all is well)."""
    found: list[str] = []
    kind = rules.get("weapon")
    if kind is not None and kind not in KINDS:
        found.append(f"weapon must be melee or ranged (got {kind!r})")
    if kind is None:
        stray = [name for name in ("quality", "pairs", "injuries") + FLAGS if name in rules]
        if stray:
            found.append(f"{', '.join(stray)} only mean something with weapon: melee or ranged")
    quality = rules.get("quality")
    if "quality" in rules and (not isinstance(quality, str) or not quality.strip()):
        found.append(f"quality must name one quality (got {rules.get('quality')!r})")
    if "pairs" in rules and _names(rules["pairs"]) is None:
        found.append(f"pairs must name a quality or list qualities (got {rules['pairs']!r})")
    injuries = rules.get("injuries", 1)
    if isinstance(injuries, bool) or injuries not in (1, 2):
        found.append(f"injuries must be 1 or 2 (got {injuries!r})")
    for flag in FLAGS:
        if flag in rules and not isinstance(rules[flag], bool):
            found.append(f"{flag} must be true or false (got {rules[flag]!r})")
    heals = rules.get(HEALS)
    if HEALS in rules and (isinstance(heals, bool) or heals not in (1, 2)):
        found.append(f"heals must be 1 or 2 (got {heals!r})")
    covers = rules.get(PROTECTS)
    if covers is not None and covers != "all" and _names(covers) is None:
        found.append(f"protects must list body parts or say all (got {covers!r})")
    return found


def read_weapon(item: str, name: str, rules: Mapping[str, Any]) -> Weapon | None:
    """The weapon an item is, or None if its rules do not make it one (or cannot be read)."""
    if not isinstance(rules, Mapping) or rules.get("weapon") not in KINDS or item_problems(rules):
        return None
    ranged = rules["weapon"] == "ranged"
    quality = str(rules.get("quality") or ("utility" if ranged else "gumption")).strip()
    return Weapon(
        key=item,
        name=name,
        ranged=ranged,
        quality=norm(quality) if norm(quality) in CORE else quality,
        pairs=tuple(_names(rules.get("pairs")) or ()),
        injuries=int(rules.get("injuries", 1)),
        sharp=rules.get("sharp") is True,
        piercing=rules.get("piercing") is True,
        natural=rules.get("natural") is True,
    )


def carried_weapons(character: Character, items: Mapping[str, Mapping[str, Any]],
                    names: Mapping[str, str]) -> list[Weapon]:
    """Every weapon among what the character carries, in the order carried (stacks once)."""
    found: list[Weapon] = []
    for item in dict.fromkeys(character.items):
        weapon = read_weapon(item, names.get(item, item), items.get(item) or {})
        if weapon is not None:
            found.append(weapon)
    return found


def remedies(character: Character, items: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, int]]:
    """The remedies the character carries (``heals: n``), each once, in the order carried."""
    found = []
    for item in dict.fromkeys(character.items):
        rules = items.get(item) or {}
        if isinstance(rules, Mapping) and not item_problems(rules) and rules.get(HEALS) in (1, 2):
            found.append((item, int(rules[HEALS])))
    return found


def has_quality(character: Character, quality: str) -> bool:
    """Core qualities everyone has (level 1 at least); a custom one only if written down."""
    return norm(quality) in CORE or find_quality(character, quality) is not None


def has_hand(character: Character) -> bool:
    """A usable arm to hold a weapon with (a body of its own counts anything called arm or hand)."""
    down = set(unusable_parts(character))
    return any(("arm" in part or "hand" in part) and part not in down for part in body_parts(character))


def usable_weapons(character: Character, items: Mapping[str, Mapping[str, Any]],
                   names: Mapping[str, str]) -> list[Weapon]:
    """The weapons the character can attack with now; bare hands when there is none."""
    found = [w for w in carried_weapons(character, items, names)
             if has_quality(character, w.quality) and (w.natural or has_hand(character))]
    return (found or [BARE_HANDS]) + essence_weapons(character)


def essence_weapons(character: Character) -> list[Weapon]:
    """The Essence skills the character knows that strike (none without Essence)."""
    if not density(character):
        return []
    found = []
    for skill in known(character):
        if skill in STRIKES:
            count, sharp, piercing = STRIKES[skill]
            found.append(Weapon(f"essence-{skill}", f"Essence ({skill.capitalize()})", ranged=True,
                                quality=ESSENCE, injuries=count, sharp=sharp, piercing=piercing,
                                natural=True, essence=True))
    return found


def attack_stat(character: Character, weapon: Weapon) -> list[str]:
    """The qualities rolled for an attack: the weapon's, plus the first of its ``pairs`` the
    wielder has (their levels are added, at most 10 dice)."""
    stat = [weapon.quality]
    for pair in weapon.pairs:
        key = find_quality(character, pair)
        if key is not None and norm(key) != norm(weapon.quality):
            stat.append(key)
            break
    return stat


def quality_total(character: Character, stat: list[str]) -> int:
    """The dice an attack stat would roll before conditions (at most 10)."""
    total = 0
    for name in stat:
        key = find_quality(character, name)
        total += level_of(character, key) if key is not None else 1
    return min(10, total)


def usable_parts(character: Character) -> list[str]:
    """Parts that can still be hit to effect (not already unusable), in body order."""
    down = set(unusable_parts(character))
    return [p for p in body_parts(character) if p not in down]


def can_run(character: Character) -> bool:
    """Fleeing needs a leg to run on (a body of its own without legs rolls, flaps or slides)."""
    legs = [p for p in body_parts(character) if "leg" in p]
    if not legs:
        return True
    down = set(unusable_parts(character))
    return any(leg not in down for leg in legs)


def short_part(part: str) -> str:
    """A part's name for a compact table: ``left arm`` -> ``L arm``."""
    for side, letter in (("left ", "L "), ("right ", "R ")):
        if part.startswith(side):
            return letter + part[len(side):]
    return part


def protection_items(character: Character, items: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Which carried item shields each covered part (see :func:`.body.covered_parts`)."""
    return covered_parts(character, items)


def phrase(name: str) -> str:
    """An item's name inside a sentence: ``Telescoping cargo pole`` -> ``the telescoping cargo
    pole``; a name with an article of its own or capitals further on is kept as written."""
    if name.lower().startswith(("a ", "an ", "the ", "bare ")):
        return name
    if name[1:] == name[1:].lower():
        name = name[:1].lower() + name[1:]
    return f"the {name}"


def is_vital(character: Character, part: str) -> bool:
    return part == vital_part(character)
