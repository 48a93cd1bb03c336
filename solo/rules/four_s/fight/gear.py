"""four-s fights: what an item does in a fight, read from its ``rules:``, and the dice it rolls.

The book sorts items by how long they take to use, in Action Points: fast 1, normal 2, slow 3,
special 4 or more. What an item does is the adventure's to say; these are the properties the
fight understands (``rules:`` of an item):

``speed``       ``fast`` | ``normal`` | ``slow`` | ``special`` (default ``normal``)
``ap``          a special item's cost, 4 to 6 AP (default 4; only with ``speed: special``)
``damage``      dice (``1d6``, ``2d3``, ``1d6+1``) or a number: damage to one foe within reach
``heal``        dice or a number: Health given back to the user or an ally within reach
``overheal``    1 to 10: that heal may lift Health this far above its maximum (the book's shield)
``block``       dice or a number, rolled when used: taken off the next blow that lands on the user
                before their next phase
``reach``       ``melee`` (the user's zone, the default) or ``ranged`` (also the zones the user
                could move to: a shot never passes an inaccessible zone)
``area``        ``true``: the damage is shared among every foe in one zone within reach
``hold``        ``true``: a foe it strikes does nothing in the next enemy phase
``consumable``  ``true``: used up (taken from the inventory) when used

Amounts are four-s dice only, d3 and d6 (1 to 10 of them, plus 0 to 20), or a number 0 to 50.

**Decisions** where the book is silent:

* Every fighter has bare hands: 2 AP (a normal action), 1d3 damage, melee. The book's Actions
  come from a character sheet that is not in the text; with no sheet, a plain blow is the
  least a fighter can do, and it is offered only to a fighter without a damaging item.
* Damage shared by an ``area`` item (the book's fireball) gives each foe its share rounded up,
  by the book's one rounding rule.
* A heal cannot reach a fighter at 0 Health (the book: at 0 you cannot be healed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping

from solo.rules.dice import Dice
from solo.rules.memo import Memo

SPEEDS: dict[str, int] = {"fast": 1, "normal": 2, "slow": 3, "special": 4}
DEFAULT_SPEED = "normal"
SPECIAL_AP = (4, 5, 6)
REACHES = ("melee", "ranged")
MAX_OVERHEAL = 10
ITEM_KEYS = ("speed", "ap", "damage", "heal", "overheal", "block", "reach", "area", "hold", "consumable")
FLAGS = ("area", "hold", "consumable")
MAX_DICE = 10
MAX_PLUS = 20
MAX_FLAT = 50

_AMOUNT = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:\+\s*(\d+))?\s*$")


@dataclass(frozen=True)
class Amount:
    """Damage, healing or a block: ``count`` dice of ``sides`` (3 or 6) plus ``plus``; no dice
    (``count`` 0) for a flat number."""

    count: int
    sides: int
    plus: int = 0

    def roll(self, dice: Dice) -> tuple[list[int], int]:
        faces = dice.rolls(self.count, self.sides) if self.count else []
        return faces, sum(faces) + self.plus

    def distribution(self) -> dict[int, Fraction]:
        return dict(_distribution(self.count, self.sides, self.plus))

    @property
    def mean(self) -> Fraction:
        return Fraction(self.count * (self.sides + 1), 2) + self.plus

    def __str__(self) -> str:
        if not self.count:
            return str(self.plus)
        return f"{self.count}d{self.sides}" + (f"+{self.plus}" if self.plus else "")


@lru_cache(maxsize=256)
def _distribution(count: int, sides: int, plus: int) -> tuple[tuple[int, Fraction], ...]:
    dist: dict[int, Fraction] = {plus: Fraction(1)}
    for _ in range(count):
        step: dict[int, Fraction] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, Fraction(0)) + p / sides
        dist = step
    return tuple(sorted(dist.items()))


def parse_amount(value: Any) -> Amount:
    """An amount as written; raises ValueError saying what is wrong."""
    if isinstance(value, bool):
        raise ValueError(f"expected dice such as 1d6 or 2d3, or a number (got {value!r})")
    if isinstance(value, int):
        if not 0 <= value <= MAX_FLAT:
            raise ValueError(f"a number from 0 to {MAX_FLAT} (got {value})")
        return Amount(0, 0, value)
    if isinstance(value, str):
        match = _AMOUNT.match(value)
        if match:
            count, sides = int(match.group(1) or 1), int(match.group(2))
            plus = int(match.group(3) or 0)
            if sides not in (3, 6):
                raise ValueError(f"four-s rolls d3 and d6 only (got {value!r})")
            if not 1 <= count <= MAX_DICE:
                raise ValueError(f"1 to {MAX_DICE} dice (got {value!r})")
            if plus > MAX_PLUS:
                raise ValueError(f"at most +{MAX_PLUS} (got {value!r})")
            return Amount(count, sides, plus)
        if value.strip().isdigit():
            return parse_amount(int(value.strip()))
    raise ValueError(f"expected dice such as 1d6 or 2d3, or a number (got {value!r})")


def critical_distribution(amount: Amount) -> dict[int, Fraction]:
    """What an action deals (or heals) after the critical d6: a 6 doubles it (worked out once
    per amount: every offer's damage hints ask it again)."""
    return dict(_critical_distribution(amount))


@lru_cache(maxsize=256)
def _critical_distribution(amount: Amount) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for total, p in amount.distribution().items():
        out[total] = out.get(total, Fraction(0)) + p * Fraction(5, 6)
        out[2 * total] = out.get(2 * total, Fraction(0)) + p * Fraction(1, 6)
    return out


def chance_at_least(dist: Mapping[int, Fraction], need: int) -> Fraction:
    return sum((p for v, p in dist.items() if v >= need), Fraction(0))


@dataclass(frozen=True)
class Use:
    """One way to act with an item (or bare hands): its cost and what it does."""

    item: str  # the item id; "" for bare hands
    name: str
    ap: int
    damage: Amount | None = None
    heal: Amount | None = None
    overheal: int = 0
    block: Amount | None = None
    reach: str = "melee"
    area: bool = False
    hold: bool = False
    consumable: bool = False

    @property
    def offensive(self) -> bool:
        return self.damage is not None or self.hold

    def what(self) -> str:
        """The item's effect in a few words: "1d6 damage", "heals 6"."""
        parts = []
        if self.damage is not None:
            parts.append(f"{self.damage} damage" + (" shared in a zone" if self.area else ""))
        if self.hold:
            parts.append("holds " + ("every foe in a zone" if self.area else "a foe") + " back")
        if self.heal is not None:
            parts.append(f"heals {self.heal}" + (f", up to {self.overheal} over" if self.overheal else ""))
        if self.block is not None:
            parts.append(f"blocks {self.block}")
        if self.reach == "ranged":
            parts.append("ranged")
        return ", ".join(parts)


#: A plain blow: what every fighter can do without a weapon (a Decision, see the docstring).
BARE_HANDS = Use("", "bare hands", SPEEDS[DEFAULT_SPEED], damage=Amount(1, 3))


def item_problems(rules: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What is wrong with an item's ``rules:`` for a four-s fight: (the key at fault, message)."""
    found: list[tuple[str, str]] = []
    for key in rules:
        if key not in ITEM_KEYS:
            found.append((str(key), f"unknown rule {key!r} (four-s items know {', '.join(ITEM_KEYS)})"))
    speed = rules.get("speed", DEFAULT_SPEED)
    if speed not in SPEEDS:
        found.append(("speed", f"speed must be one of {', '.join(SPEEDS)} (got {speed!r})"))
    if "ap" in rules:
        ap = rules["ap"]
        if speed != "special":
            found.append(("ap", "ap is for special items (speed: special); fast, normal and slow "
                                "items cost 1, 2 and 3 AP"))
        elif isinstance(ap, bool) or ap not in SPECIAL_AP:
            found.append(("ap", f"a special item costs 4 to 6 AP (got {ap!r})"))
    for key in ("damage", "heal", "block"):
        if key in rules:
            try:
                parse_amount(rules[key])
            except ValueError as exc:
                found.append((key, f"{key}: {exc}"))
    if "overheal" in rules:
        over = rules["overheal"]
        if isinstance(over, bool) or not isinstance(over, int) or not 1 <= over <= MAX_OVERHEAL:
            found.append(("overheal", f"overheal is 1 to {MAX_OVERHEAL} Health above the maximum (got {over!r})"))
        elif "heal" not in rules:
            found.append(("overheal", "overheal needs a heal"))
    reach = rules.get("reach", "melee")
    if reach not in REACHES:
        found.append(("reach", f"reach must be melee or ranged (got {reach!r})"))
    for key in FLAGS:
        if key in rules and not isinstance(rules[key], bool):
            found.append((key, f"{key} must be true or false (got {rules[key]!r})"))
    if rules.get("area") is True and "damage" not in rules and rules.get("hold") is not True:
        found.append(("area", "area needs damage or hold (what it spreads over the zone)"))
    return found


def read_use(item: str, rules: Mapping[str, Any] | None, name: str) -> Use | None:
    """What the item does in a fight, or None when it does nothing there (or its rules cannot
    be read: ``solo validate`` reports those, play leaves them alone)."""
    if not isinstance(rules, Mapping) or not rules or item_problems(rules):
        return None
    speed = rules.get("speed", DEFAULT_SPEED)
    ap = int(rules.get("ap", SPEEDS[speed])) if speed == "special" else SPEEDS[speed]

    def amount(key: str) -> Amount | None:
        return parse_amount(rules[key]) if key in rules else None

    use = Use(
        item=item,
        name=name,
        ap=ap,
        damage=amount("damage"),
        heal=amount("heal"),
        overheal=int(rules.get("overheal", 0)),
        block=amount("block"),
        reach=str(rules.get("reach", "melee")),
        area=rules.get("area") is True,
        hold=rules.get("hold") is True,
        consumable=rules.get("consumable") is True,
    )
    if use.damage is None and use.heal is None and use.block is None and not use.hold:
        return None
    return use


_USES = Memo(1024)  # what an item does in a fight: its rules are the adventure's, unchanging


def uses_of(items: list[str], rules: Mapping[str, Mapping[str, Any]], names: Mapping[str, str]) -> list[Use]:
    """Every item carried that does something in a fight, once each, in the order carried."""
    found: list[Use] = []
    seen: set[str] = set()
    for item in items:
        if item in seen:
            continue
        seen.add(item)
        rule, name = rules.get(item), names.get(item, item)
        use = _USES.get_same(lambda: read_use(item, rule, name), item, rule, name)  # noqa: B023 (called at once)
        if use is not None:
            found.append(use)
    return found
