"""What a GAME fighter brings to a fight: weapons, armour, shield, armour rating, as the book reads them.

An adventure says what an item is to the rules in its ``rules:`` mapping; these are the GAME
properties (every other key is left alone):

``weapon``
    ``blade`` (Hack/Slash; the only weapons that parry), ``blunt`` (Lift/Smash; sweeps with the
    talent), ``thrown`` (Throw/Ensnare, ranged), ``missile`` (Shoot/Fire, ranged) or ``mount``
    (Ride/Pilot: a mount or vehicle used to attack; ignores AR with the talent); or a mapping
    ``{kind: blade, bonus: 1, range: [2, 4, 6], poison: true}`` (``sleep: true``: sleep dice;
    ``area: true``: a blast or breath that every target may try to leap or dodge clear of;
    ``ensnare: true``: a net, bola or whip, thrown weapons only, that snares instead of wounding). ``bonus`` is the book's +1 of a few melee
    weapons (a polearm's reach, Dweorgish tempering): 0 or 1. ``range`` (ranged weapons only)
    is the farthest distance, in movement units (MU), of the Easy, Challenging and Hard bands:
    three whole numbers rising from 1; the book's usual ``[2, 4, 6]`` is the default, nets and
    daggers may have smaller bands and great bows larger.
``armour``
    ``none``, ``light``, ``heavy`` or ``bulky``: AR 0, 1, 2 or 3.
``shield``
    ``true``: the bearer may block (a block needs a shield or a weapon in each hand).
``potion``
    the FP a healing potion restores (1 to 8); drunk in a fight instead of attacking.

A character's ``extra`` may say ``ar: N`` (a creature's hide: AR beyond the armour kinds, up to
10) and ``humanoid: false`` (unarmed martial arts aim for vital points of humanoids only).

Decisions
    * A fighter wears the best armour it carries; a hide (``extra.ar``) and armour do not add up,
      the higher counts.
    * A fighter with no weapon fights bare-handed: Lift/Smash (brawling and wrestling, a blunt
      attack), or Throw/Ensnare when it has that talent (martial arts, which ignore 1 AR per
      talent level against humanoids). Bare hands are a melee attack.
    * Heavy armour makes parrying, unarmed attacks, Shoot/Fire and leaping (the free leap clear
      of an area attack) Hard; bulky armour also throwing and escaping (slipping or struggling
      out of a snare or a pin): the book's list of actions unsuited to the armour, the ones a
      fight has (its tracking, sneaking and hiding are no fight checks here).
      Blocking with a shield suits any armour. Dodging is the exception the book names: it
      "requires" no or light armour, so in heavy or bulky armour a fighter cannot dodge at all
      (without a shield or a weapon in each hand to block with, they have no defence action).
    * A poisoned weapon (``poison: true``; the book's assassin's dagger, "poisoning if a damage
      die rolls a 2 or 3") takes the book's simplest reading, more loss of FP: each damage die
      showing 2 or 3 costs 1 FP more, only on a blow that costs FP at all (the poison must get
      through the armour).
    * A sleep weapon (``sleep: true``: a dart of sleeping draught, a gas sphere) rolls sleep
      dice (the book: each die of 1 to 4 is a very temporary loss of 1 FP, 5 to 8 nothing, a 1
      still stuns). **Decisions:** sleep dice have no criticals and armour does not stop them
      (the book's examples are draughts and gasses, not wounds); the FP they take are lost to
      exertion, so they come back after an hour's rest; a fighter they bring to 0 FP is down
      (asleep) like any other.
    * A healing potion (``potion: N``, the FP it restores, 1 to 8 as the book's recipes) is
      drunk instead of the turn's action (the book: a character "cannot exchange the planned
      attack for drinking a healing potion" once the turn has begun, so drinking is the
      turn's action); it works when movement does, at the end of the turn, if the drinker is
      still on their feet and not stunned, and is used up. The FP come back as healing does
      (wounds first).
    * An area weapon (``area: true``: a fire-bomb, a dragon's breath, a gas sphere) gives each
      target it hits the book's free avoidance attempt (Block/Dodge and Leap/Tumble: "a free
      avoidance attempt when targeted by damage or threat that affects a large area").
      **Decisions:** the attempt is an Easy check of the better of the target's Block/Dodge and
      Leap/Tumble (in heavy or bulky armour, where the book allows no dodge, a Leap/Tumble check
      made Hard by the armour);
      it costs no action and comes before block, parry and damage; a success escapes the hit
      whole (the book: such attempts "escape a dangerous situation unscathed"), a failure takes
      it as usual; no reroll is asked for it.
    * An ensnaring weapon (``ensnare: true``, a thrown weapon: net, bola, whip) does no damage.
      The book matches the hit's excess "as a competitive skill check" against the target's
      Wilderness/Escape, and escaping later is the same match. **Decisions:** the hit's excess
      (before any block) is the snare's intensity; the target rolls an Easy Wilderness/Escape
      check (Hard in bulky armour) at once and slips it on a success whose excess reaches the intensity, otherwise it
      is ensnared. An ensnared fighter's only action is to struggle (the same check, rolled when
      movement is, a stun loses it) or to yield; it cannot attack, defend, move or drink; attacks
      on it take the book's +1 for a target "ensnared but wiggling". A second snare on a snared
      fighter keeps the higher intensity.
    * Martial arts pin (book: an opponent stunned by a martial arts attack, bare hands with a
      Throw/Ensnare talent, is pinned, "ensnared with intensity equal to FP of damage, maximum
      of 3"): the pinned fighter struggles as above; the pinner may not block, dodge or parry
      while the pin holds, and the pin ends when the pinner is down, runs, or is stunned.
    * A ranged weapon may be used at any distance up to the end of its Hard band, also at
      0 MU; a melee weapon only at 0 MU (in melee).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from solo.rules.base import Character
from solo.rules.game.character import skill_rating, talents
from solo.rules.game.combat import ARMOUR_RATING

#: Weapon kinds: the skill they attack with and whether they reach beyond melee.
WEAPON_KINDS: dict[str, tuple[str, bool]] = {
    "blade": ("Hack/Slash", False),
    "blunt": ("Lift/Smash", False),
    "thrown": ("Throw/Ensnare", True),
    "missile": ("Shoot/Fire", True),
    "mount": ("Ride/Pilot", False),
}
DEFAULT_RANGE: tuple[int, int, int] = (2, 4, 6)
MAX_RANGE = 30
MAX_HIDE = 10
WEAPON_BONUSES = (0, 1)
DIFFICULTY_LEVELS = ("easy", "challenging", "hard")
#: Actions the book calls impractical in heavy armour, and the ones bulky armour adds.
UNSUITED_HEAVY = frozenset({"dodge", "parry", "unarmed", "Shoot/Fire", "leap"})
UNSUITED_BULKY = UNSUITED_HEAVY | {"thrown", "escape"}
ITEM_KEYS = ("weapon", "armour", "shield", "potion")
#: FP a healing potion may restore: the book's recipes run from 1 FP (Easy) to 8 FP (Hard).
POTION_FP = range(1, 9)


@dataclass(frozen=True)
class Weapon:
    """One way to attack: an item (or bare hands, id ``""``) read for the fight."""

    id: str
    name: str
    kind: str  # blade, blunt, thrown, missile, mount, unarmed
    skill: str
    ranged: bool = False
    bonus: int = 0
    range: tuple[int, int, int] = DEFAULT_RANGE
    poison: bool = False  # a poisoned blade: damage dice of 2 or 3 cost 1 FP more on a blow that hurts
    sleep: bool = False  # a sleep draught or gas: its damage dice are sleep dice
    area: bool = False  # a blast or breath: each target gets a free avoidance check
    ensnare: bool = False  # a net, bola or whip: a hit snares instead of wounding

    @property
    def melee(self) -> bool:
        return not self.ranged

    def band(self, distance: int) -> int | None:
        """The difficulty the distance adds (0 Easy, 1 Challenging, 2 Hard), or None out of reach."""
        if not self.ranged:
            return 0 if distance == 0 else None
        for level, farthest in enumerate(self.range):
            if distance <= farthest:
                return level
        return None

    @property
    def reach(self) -> int:
        return self.range[-1] if self.ranged else 0


@dataclass(frozen=True)
class Kit:
    """Everything a fighter's items and sheet give it in a fight."""

    weapons: tuple[Weapon, ...]
    armour: str = "none"  # the kind worn
    armour_name: str = ""
    ar: int = 0
    shield: bool = False
    humanoid: bool = True
    talents: Mapping[str, int] = field(default_factory=dict)

    @property
    def can_block(self) -> bool:
        """A shield, or a weapon in each hand (two melee weapons carried)."""
        return self.shield or sum(1 for w in self.weapons if w.melee and w.id) >= 2

    @property
    def can_dodge(self) -> bool:
        """Dodging needs no armour or light armour (book: Combat Actions)."""
        return self.armour in ("none", "light")

    @property
    def can_defend(self) -> bool:
        """Whether the fighter has a defence action: a block, or a dodge in light armour."""
        return self.can_block or self.can_dodge

    def unsuited(self, action: str) -> bool:
        """Whether the armour worn makes ``action`` Hard (``dodge``, ``parry``, ``unarmed``,
        ``thrown``, ``leap``, ``escape`` or a skill's name)."""
        if self.armour == "heavy":
            return action in UNSUITED_HEAVY
        if self.armour == "bulky":
            return action in UNSUITED_BULKY
        return False

    def weapon(self, item: str | None) -> Weapon:
        for w in self.weapons:
            if w.id == (item or ""):
                return w
        return self.weapons[0]


def _weapon_spec(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        return {"kind": value}
    if isinstance(value, Mapping):
        return dict(value)
    return {"kind": value}


def item_problems(rules: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """What the fight cannot read in one item's ``rules:``: (key path in ``rules``, message)."""
    found: list[tuple[tuple[Any, ...], str]] = []
    if "weapon" in rules:
        spec = _weapon_spec(rules["weapon"])
        kind = spec.get("kind")
        if kind not in WEAPON_KINDS:
            found.append((("weapon",), f"weapon must be one of {', '.join(WEAPON_KINDS)} (got {kind!r})"))
        unknown = sorted(set(spec) - {"kind", "bonus", "range", "poison", "sleep", "area", "ensnare"})
        if unknown and isinstance(rules["weapon"], Mapping):
            found.append((("weapon", unknown[0]), f"a weapon has kind, bonus, range, poison, sleep, area and ensnare (got {unknown[0]!r})"))
        for flag in ("poison", "sleep", "area", "ensnare"):
            if flag in spec and not isinstance(spec[flag], bool):
                found.append((("weapon", flag), f"{flag} must be true or false (got {spec[flag]!r})"))
        if spec.get("ensnare") is True and kind in WEAPON_KINDS and kind != "thrown":
            found.append((("weapon", "ensnare"), f"only thrown weapons ensnare (nets, bolas, whips; this one is {kind!r})"))
        bonus = spec.get("bonus", 0)
        if isinstance(bonus, bool) or bonus not in WEAPON_BONUSES:
            found.append((("weapon", "bonus"), f"a weapon's bonus is 0 or the book's +1 (got {bonus!r})"))
        if "range" in spec:
            ranged = kind in WEAPON_KINDS and WEAPON_KINDS[kind][1]
            if not ranged:
                found.append((("weapon", "range"), f"only thrown and missile weapons have a range (this one is {kind!r})"))
            elif not _good_range(spec["range"]):
                found.append((("weapon", "range"), "range is three whole numbers of MU rising from 1, the farthest "
                                                   f"reach of the Easy, Challenging and Hard bands (got {spec['range']!r})"))
    if "armour" in rules and rules["armour"] not in ARMOUR_RATING:
        found.append((("armour",), f"armour must be one of {', '.join(ARMOUR_RATING)} (got {rules['armour']!r})"))
    if "shield" in rules and not isinstance(rules["shield"], bool):
        found.append((("shield",), f"shield must be true or false (got {rules['shield']!r})"))
    if "potion" in rules and (isinstance(rules["potion"], bool) or rules["potion"] not in POTION_FP):
        found.append((("potion",), f"potion is the FP it restores, 1 to 8 (got {rules['potion']!r})"))
    return found


def potions(character: Character, items: Mapping[str, Mapping[str, Any]]) -> dict[str, int]:
    """The healing potions the fighter carries: item id -> the FP it restores."""
    found: dict[str, int] = {}
    for item in character.items:
        rules = items.get(item) or {}
        if "potion" in rules and not item_problems({"potion": rules["potion"]}):
            found[item] = int(rules["potion"])
    return found


def _good_range(value: Any) -> bool:
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return False
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return False
    return 1 <= value[0] < value[1] < value[2] <= MAX_RANGE


def read_weapon(item: str, name: str, rules: Mapping[str, Any]) -> Weapon | None:
    """The weapon an item is, or None when it is none (or one the fight cannot read).

    Read once per item, name and the very same ``rules`` holding the very same weapon entry (an
    adventure's own data, which nobody changes: every fighter's kit is read again at every
    decision of a fight); a :class:`Weapon` is frozen, so the one read is handed out again."""
    if "weapon" not in rules:
        return None
    spec = rules["weapon"]
    try:
        found = _WEAPONS.get((item, name, id(rules)))
    except TypeError:  # an item or name that is not hashable: worked out every time
        return _read_weapon(item, name, rules)
    if found is not None and found[0] is rules and found[1] is spec:
        return found[2]
    weapon = _read_weapon(item, name, rules)
    if len(_WEAPONS) >= 1024:
        _WEAPONS.clear()
    _WEAPONS[item, name, id(rules)] = (rules, spec, weapon)  # the rules kept alive: their id is not reused
    return weapon


#: (item, name, id of its rules) -> (those rules, their weapon entry, the weapon read).
_WEAPONS: dict[tuple[str, str, int], tuple[Mapping[str, Any], Any, Weapon | None]] = {}


def _read_weapon(item: str, name: str, rules: Mapping[str, Any]) -> Weapon | None:
    """:func:`read_weapon` worked out."""
    if "weapon" not in rules or item_problems({"weapon": rules["weapon"]}):
        return None
    spec = _weapon_spec(rules["weapon"])
    skill, ranged = WEAPON_KINDS[spec["kind"]]
    band = tuple(spec.get("range", DEFAULT_RANGE)) if ranged else DEFAULT_RANGE
    return Weapon(item, name, spec["kind"], skill, ranged, int(spec.get("bonus", 0)), band,  # type: ignore[arg-type]
                  bool(spec.get("poison", False)), bool(spec.get("sleep", False)), bool(spec.get("area", False)),
                  bool(spec.get("ensnare", False)))


def bare_hands(character: Character) -> Weapon:
    """Brawling with Lift/Smash, or martial arts with Throw/Ensnare for those with the talent."""
    if talents(character).get("Throw/Ensnare", 0) > 0 and \
            skill_rating(character, "Throw/Ensnare") >= skill_rating(character, "Lift/Smash"):
        return Weapon("", "bare hands", "unarmed", "Throw/Ensnare")
    return Weapon("", "bare hands", "unarmed", "Lift/Smash")


def hide(character: Character) -> int:
    value = character.extra.get("ar", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_HIDE else 0


def read_kit(character: Character, items: Mapping[str, Mapping[str, Any]], names: Mapping[str, str]) -> Kit:
    """A fighter's kit from the items it carries (their ``rules:``) and its sheet."""
    weapons: list[Weapon] = []
    armour, armour_name, shield = "none", "", False
    for item in character.items:
        rules = items.get(item) or {}
        name = names.get(item, item)
        weapon = read_weapon(item, name, rules)
        if weapon is not None:
            weapons.append(weapon)
        kind = rules.get("armour")
        if kind in ARMOUR_RATING and ARMOUR_RATING[kind] > ARMOUR_RATING[armour]:
            armour, armour_name = kind, name
        if rules.get("shield") is True:
            shield = True
    if not weapons:
        weapons.append(bare_hands(character))
    ar = max(ARMOUR_RATING[armour], hide(character))
    humanoid = character.extra.get("humanoid", True) is not False
    return Kit(tuple(weapons), armour, armour_name, ar, shield, humanoid, dict(talents(character)))


def combine(*levels: int) -> str:
    """Difficulty levels added up, Hard at most (the book: several difficult circumstances
    make a check Hard)."""
    return DIFFICULTY_LEVELS[min(2, sum(levels))]
