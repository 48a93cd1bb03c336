"""Loose and Fuzzy fights: what a fighter brings to an exchange and the numbers that follow from it.

This module owns the figures of the book's combat section that come from a fighter and their
kit, with no state of the fight: which ability they roll, the weapon in hand (its lethality
and the abilities it suits), armour and heavy gear, the penalty of their wounds, the stances,
the Defense Total an attacker must beat, and the dice and bonus of each side of an exchange.

Item rules (``rules:`` of an item in the adventure; an item a fighter carries is in hand or
worn):

* ``weapon``: how lethal it is, which moves the *target's* Defense Total: ``ineffective`` +2,
  ``light`` +1 (what most fists are), ``ordinary`` 0, ``damaging`` -1, ``deadly`` -2.
* ``fits``: abilities this weapon suits, each ``1`` (somewhat more appropriate than a plain
  ability such as Body) or ``2`` (a lot more appropriate).
* ``armour``: ``1`` (armour, +1 to the wearer's Defense Total) or ``2`` (super-duper armour).
* ``heavy``: ``1`` or ``2``, taken off the wearer's rolls (heavy or really heavy gear).

A character's ``extra.weapon`` names the lethality of a natural weapon (claws, teeth) used when
no carried weapon is better; without one a fighter fights with fists (``light``).

**Decisions** (where the book leaves the numbers to the GM):

* The appropriate-ability bonus is relative, as the book states it ("more appropriate ... than
  his opponent's"): each side's fit level is 0 for the conflict's plain ability, else what the
  weapon's ``fits`` gives; the side with the higher level gets the difference (+1 or +2) on
  the roll.
* A fighter uses the weapon and ability with the best mean roll (3.5 a die plus the fit
  level), then the more lethal weapon, then the order the items are carried in: the book's
  "you will usually roll the one that's better". Their Defense Total starts from the rating of
  the ability they fight with ("their most relevant Ability").
* Stances follow the book: only their Defense Total modifiers (defensive +1, all-out defence
  +2, offensive -1, all-out attack -2), with all-out defence unable to spend points to hurt and
  all-out attack spending all of them. The ``stance-rolls`` house rule (an adventure opts in,
  see :mod:`solo.rules.house_rules`) also moves the fighter's own roll the opposite way by the
  same amount (offensive +1, all-out attack +2, defensive -1, all-out defence -2).
* Several opponents: a fighter in exchanges with two or more fighters this round rolls one die
  fewer; with ``crowd`` or more (default 4), two fewer. Dice never drop below one.
* Fighting to incapacitate adds 2 to the Defense Total, 4 with a ``deadly`` weapon (the book's
  chainsaw or cannon).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterable

from solo.rules.base import Character
from solo.rules.loose_fuzzy.abilities import norm
from solo.rules.loose_fuzzy.combat import WOUND_CONDITIONS, condition_wound_penalty
from solo.rules.memo import Memo
from solo.rules.memo import key as memo_key
from solo.rules.values import find_key

#: Weapon lethality: what it adds to the target's Defense Total.
LETHALITY: dict[str, int] = {"ineffective": 2, "light": 1, "ordinary": 0, "damaging": -1, "deadly": -2}
UNARMED = "light"
#: Stances: (what they add to the fighter's own roll under the ``stance-rolls`` house rule, what
#: they add to the fighter's Defense Total, the book's only change).
STANCES: dict[str, tuple[int, int]] = {
    "ordinary": (0, 0),
    "offensive": (1, -1),
    "defensive": (-1, 1),
    "all-out-attack": (2, -2),
    "all-out-defence": (-2, 2),
}
STANCE_WORDS = {
    "ordinary": "ordinary",
    "offensive": "offensive",
    "defensive": "defensive",
    "all-out-attack": "all-out attack",
    "all-out-defence": "all-out defence",
}
DEFAULT_CROWD = 4
#: Conditions a wound or a blow to incapacitate leaves, by level, and their die penalties.
WOUND_CONDITION = {"moderate": "moderate wound", "serious": "serious wound", "mortal": "mortal wound"}
BRUISE_CONDITION = {"moderate": "bruised", "serious": "battered", "mortal": "beaten down"}
#: Conditions that take a character out, most serious first (what ``incapacitated`` reports).
OUT_CONDITIONS = ("dead", "unconscious", "knocked out", "incapacitated")
ITEM_KEYS = ("weapon", "fits", "armour", "heavy")


def wound_penalty(character: Character) -> int:
    """Dice lost to wounds and bruises: the worst one's, never the sum (the book's rule)."""
    return condition_wound_penalty(character.conditions)


def out_reason(character: Character) -> str | None:
    """The condition that keeps the character out of action, if any (asked on every step)."""
    conditions = character.conditions
    if not conditions:
        return None
    held = {norm(c) for c in conditions}
    for spelt, condition in _OUT_SPELT:
        if spelt in held:
            return condition
    return None


#: :data:`OUT_CONDITIONS` as :func:`norm` spells them, most serious first.
_OUT_SPELT = tuple((norm(c), c) for c in OUT_CONDITIONS)


def ability_key(character: Character, name: str) -> str | None:
    return find_key(character.stats, name, norm, sort=True)


# -- item rules --------------------------------------------------------------------------------


def _level(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2):
        return None
    return value


def item_problems(rules: Mapping[str, Any]) -> list[str]:
    """What is wrong with an item's ``rules:`` for a fight, in words (empty when all is well)."""
    found: list[str] = []
    for key in rules:
        if key not in ITEM_KEYS:
            found.append(f"unknown rule {key!r} (loose-fuzzy items know {', '.join(ITEM_KEYS)})")
    weapon = rules.get("weapon")
    if weapon is not None and weapon not in LETHALITY:
        found.append(f"weapon must be one of {', '.join(LETHALITY)} (got {weapon!r})")
    fits = rules.get("fits")
    if fits is not None:
        if not isinstance(fits, Mapping) or not fits:
            found.append(f"fits must map abilities to 1 or 2 (got {fits!r})")
        else:
            for ability, level in fits.items():
                if _level(level) is None:
                    found.append(f"fits: {ability} must be 1 or 2 (got {level!r})")
        if weapon is None:
            found.append("fits needs a weapon (what the abilities are appropriate with)")
    for key in ("armour", "heavy"):
        if key in rules and _level(rules[key]) is None:
            found.append(f"{key} must be 1 or 2 (got {rules[key]!r})")
    return found


def natural_weapon(character: Character) -> str | None:
    value = character.extra.get("weapon")
    return value if isinstance(value, str) and value in LETHALITY else None


# -- a fighter's loadout -----------------------------------------------------------------------


@dataclass(frozen=True)
class Loadout:
    """What a fighter fights with this round."""

    ability: str  # the ability rolled (its key in the character's stats)
    rating: int
    fit: int  # 0, 1 or 2: how appropriate the ability is with this weapon
    weapon: str | None  # the item id in hand; None for fists or a natural weapon
    weapon_name: str
    lethality: int  # added to the target's Defense Total
    armour: int
    heavy: int

    @property
    def deadly(self) -> bool:
        return self.lethality <= LETHALITY["deadly"]


def _carried(character: Character, items: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, Mapping[str, Any]]]:
    found = []
    for item in character.items:
        rules = items.get(item)
        if isinstance(rules, Mapping) and rules:
            found.append((item, rules))
    return found


def loadout(
    character: Character,
    items: Mapping[str, Mapping[str, Any]],
    item_names: Mapping[str, str],
    base: str,
    disarmed: bool = False,
) -> Loadout | None:
    """The weapon and ability a fighter fights with (None if they have no ability to fight with).

    Remembered by what :func:`_loadout` reads of the fighter (abilities and natural weapon) and
    the rules of what they carry: every exchange, order and view of a fight asks it again for the
    same fighters, whose wounds and conditions change but not these."""
    carried, names, gear_key = _gear(character, items, item_names)
    if gear_key is None:  # unhashable rules: no memo
        return _loadout(character, carried, names, base, disarmed)
    try:
        found = (memo_key(character.stats), memo_key(character.extra.get("weapon")), gear_key, memo_key(base),
                 memo_key(disarmed))
    except TypeError:  # something unhashable: no memo
        return _loadout(character, carried, names, base, disarmed)
    return _LOADOUTS.get_keyed(lambda: _loadout(character, carried, names, base, disarmed), found)


_LOADOUTS = Memo(1024)


def _gear(character: Character, items: Mapping[str, Mapping[str, Any]],
          item_names: Mapping[str, str]) -> tuple[list[tuple[str, Mapping[str, Any]]], dict[str, str], Any]:
    """What a fighter carries that has rules, the names of those items, and the memo key of both:
    kept for the same list of items and the very same adventure items and names (an
    adventure's own data, which nobody changes), so the rules are not keyed again at every ask."""
    held = tuple(character.items)
    found = _GEAR.get((held, id(items), id(item_names)))
    if found is not None and found[0] is items and found[1] is item_names:
        return found[2], found[3], found[4]
    carried = _carried(character, items)
    names = {item: item_names.get(item, item) for item, _ in carried}
    try:
        gear_key: Any = memo_key((carried, names))
    except TypeError:  # unhashable rules: no key (and nothing kept)
        return carried, names, None
    if len(_GEAR) >= 1024:
        _GEAR.clear()
    _GEAR[held, id(items), id(item_names)] = (items, item_names, carried, names, gear_key)  # the two kept alive
    return carried, names, gear_key


#: (items held, id of the adventure's item rules, id of its item names) -> (those rules, those
#: names, what is carried with rules, their names, the key of both).
_GEAR: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _loadout(
    character: Character,
    carried: list[tuple[str, Mapping[str, Any]]],
    item_names: Mapping[str, str],
    base: str,
    disarmed: bool,
) -> Loadout | None:
    """:func:`loadout` worked out. It reads of the character only its stats and
    ``extra["weapon"]`` (what :func:`loadout` remembers it by) besides the carried items."""
    armour = max((_level(r.get("armour")) or 0 for _, r in carried), default=0)
    heavy = max((_level(r.get("heavy")) or 0 for _, r in carried), default=0)
    natural = natural_weapon(character)
    weapons: list[tuple[str | None, str, int, Mapping[str, Any]]] = [
        (None, "natural weapon" if natural else "fists", LETHALITY[natural or UNARMED], {})
    ]
    if not disarmed:
        for item, rules in carried:
            if rules.get("weapon") in LETHALITY:
                weapons.append((item, item_names.get(item, item), LETHALITY[rules["weapon"]], rules))
    base_key = ability_key(character, base)
    best: tuple[tuple[Any, ...], Loadout] | None = None
    for order, (item, name, lethality, rules) in enumerate(weapons):
        options: list[tuple[str, int]] = []
        if base_key is not None:
            options.append((base_key, 0))
        fits = rules.get("fits") if isinstance(rules.get("fits"), Mapping) else {}
        for ability, level in sorted(fits.items(), key=lambda kv: str(kv[0])):
            key = ability_key(character, str(ability))
            if key is not None and _level(level) is not None:
                options.append((key, int(level)))
        for key, fit in options:
            rating = int(character.stats[key])
            score = (7 * rating + 2 * fit, -lethality, -order, fit, rating)
            if best is None or score > best[0]:
                best = (score, Loadout(key, rating, fit, item, name, lethality, armour, heavy))
    return None if best is None else best[1]


def fight_abilities(character: Character, items: Mapping[str, Mapping[str, Any]], base: str) -> list[str]:
    """Every ability the character could fight with: the plain one and those a carried weapon suits."""
    found = []
    key = ability_key(character, base)
    if key is not None:
        found.append(key)
    for _, rules in _carried(character, items):
        fits = rules.get("fits")
        if rules.get("weapon") in LETHALITY and isinstance(fits, Mapping):
            for ability in fits:
                key = ability_key(character, str(ability))
                if key is not None and key not in found:
                    found.append(key)
    return found


# -- the numbers of an exchange ----------------------------------------------------------------


def dice_penalty_for(partners: int, crowd: int = DEFAULT_CROWD) -> int:
    """Dice lost for fighting several people at once: one for two or more, two for a crowd."""
    if partners >= crowd:
        return 2
    return 1 if partners >= 2 else 0


def defense_total(
    defender: Loadout,
    defender_character: Character,
    attacker: Loadout,
    stance: str,
    subdue: bool = False,
) -> int:
    """What an attacker must spend for a moderate wound: the defender's ability, less their
    wound penalty, plus the attacker's weapon, the defender's armour and stance, and the
    incapacitating bonus; at least 1."""
    total = defender.rating - wound_penalty(defender_character)
    total += attacker.lethality + defender.armour + STANCES[stance][1]
    if subdue:
        total += 4 if attacker.deadly else 2
    return max(1, total)


def roll_bonus(mine: Loadout, theirs: Loadout, stance: str, position: bool, stance_rolls: bool = False) -> int:
    """What a fighter adds to their roll in one exchange: the fit over the opponent's, the
    better ground, less heavy gear; and the stance's roll change only under the
    ``stance-rolls`` house rule (the book's stances change only the Defense Total)."""
    moved = STANCES[stance][0] if stance_rolls else 0
    return max(0, mine.fit - theirs.fit) + moved + (1 if position else 0) - mine.heavy


def contest_params(
    mine: Loadout, theirs: Loadout, my_bonus: int, their_bonus: int, my_penalty: int, their_penalty: int
) -> dict[str, Any]:
    """The ruleset's contest parameters for one exchange (wound penalties come from conditions)."""
    return {
        "stat": mine.ability,
        "opponent_stat": theirs.ability,
        "bonus": my_bonus,
        "opponent_bonus": their_bonus,
        "dice_penalty": my_penalty,
        "opponent_dice_penalty": their_penalty,
    }


def wound_words(level: str, subdue: bool) -> str:
    if subdue:
        return {"moderate": "bruised", "serious": "battered", "mortal": "beaten down",
                "killed": "knocked out"}[level]
    return {"moderate": "moderately wounded", "serious": "seriously wounded",
            "mortal": "mortally wounded", "killed": "killed"}[level]


def worst_wound(conditions: Iterable[str]) -> tuple[str, int] | None:
    """The worst wound or bruise among conditions and its die penalty (the one that counts)."""
    found = [(WOUND_CONDITIONS[norm(c)], str(c)) for c in conditions if norm(c) in WOUND_CONDITIONS]
    if not found:
        return None
    penalty, name = max(found, key=lambda pc: pc[0])
    return name, penalty
