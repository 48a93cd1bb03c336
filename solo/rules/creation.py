"""Building a new character by a system's creation rules, one field at a time (no I/O).

A :class:`Draft` starts as a legal character of its system and changes one field at a time
(:meth:`Draft.set`, :meth:`Draft.add`, :meth:`Draft.remove`, :meth:`Draft.rename`). After every
change it says where the character stands against the rules: :meth:`Draft.tallies` gives the
running totals, each with the rule it checks, and :meth:`Draft.problem` the first rule the
ruleset's own check (``validate_character(creation=True)``) finds broken. A front end
(``solo character new``) shows the fields, the tallies and the problem and passes the player's
edits back; it holds no rule of its own.

One draft class per built-in system knows what the player chooses there (GAME's 35 skill points
and notable characteristic, GUTS+'s qualities, Loose and Fuzzy's dice against the baseline,
Humanity, Blessed's best stat and Lifestyle table, FOUR-S's skill points by level); any other
ruleset gets :class:`GenericDraft`, driven by its optional ``creation_*`` attributes.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from solo.rules.base import Character, Ruleset, RulesError


class CreationError(RulesError):
    """An edit the draft cannot take (an unknown field, a value of the wrong kind)."""


@dataclass(frozen=True)
class Field:
    """One thing the player sets: ``number`` to name it, its label, its value and what it takes."""

    number: int
    label: str
    value: str
    hint: str = ""  # what it takes: "0-5", "Brawn, Brains, Balance or Build"
    group: str = ""  # a heading to show it under
    own: bool = False  # a stat the player named: it can be renamed or removed
    editable: bool = True  # False for what follows from other fields (shown, not set)
    choices: tuple[str, ...] = ()  # the values it takes, when it takes one of a list


@dataclass(frozen=True)
class Tally:
    """A running total and the rule it is checked against."""

    label: str  # "Points spread"
    value: str  # "33 of 35"
    rule: str  # "a new character spreads exactly 35 points over the 16 skills"
    ok: bool


def _key(text: Any) -> str:
    """A name compared forgivingly: case, spaces, slashes and dashes ignored."""
    return re.sub(r"[\s/_\-]+", "", str(text)).lower()


def _whole(text: str, label: str, low: int | None = None, high: int | None = None) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise CreationError(f"{label} takes a whole number (got {text!r})") from None
    if low is not None and value < low or high is not None and value > high:
        span = f"{low}-{high}" if high is not None else f"{low} or more"
        raise CreationError(f"{label} runs {span} (got {value})")
    return value


def _pick(text: str, choices: Iterable[str], label: str) -> str:
    """The choice ``text`` names: its exact name, or the only one it starts."""
    options = list(choices)
    wanted = _key(text)
    for option in options:
        if _key(option) == wanted:
            return option
    starts = [o for o in options if wanted and _key(o).startswith(wanted)]
    if len(starts) == 1:
        return starts[0]
    raise CreationError(f"{label} is one of {_either(options)} (got {text!r})")


def _either(options: list[str]) -> str:
    return options[0] if len(options) == 1 else ", ".join(options[:-1]) + " or " + options[-1]


class Draft:
    """A character being built. Subclasses say what the system lets the player choose."""

    #: The creation rules in a few words, shown before the fields.
    rules: ClassVar[str] = ""
    #: What the player's own stats are called ("quality", "special ability"); "" when none.
    own_word: ClassVar[str] = ""
    #: How many own stats the rules allow (fewest, most).
    own_range: ClassVar[tuple[int, int]] = (0, 0)

    def __init__(self, ruleset: Ruleset, name: str) -> None:
        self.ruleset = ruleset
        self.name = name
        self.stats: dict[str, Any] = {}
        self.extra: dict[str, Any] = {}
        self.resources: dict[str, Any] = {}
        self.start()

    # -- what a system defines -------------------------------------------------------------
    def start(self) -> None:
        """Fill in a legal starting character."""

    def fields(self) -> list[Field]:
        raise NotImplementedError

    def tallies(self) -> list[Tally]:
        return []

    def _set(self, field: Field, text: str) -> None:
        raise NotImplementedError

    def own_default(self) -> int:
        """The level a new own stat gets when the player gives none."""
        return 1

    # -- the player's edits ----------------------------------------------------------------
    def field(self, ref: str) -> Field:
        """The field a number or a label names."""
        fields = self.fields()
        ref = ref.strip()
        if ref.isdigit():
            for f in fields:
                if f.number == int(ref):
                    return f
            raise CreationError(f"there is no line {ref} (lines 1-{len(fields)})")
        found = [f for f in fields if _key(f.label) == _key(ref)]
        if not found:
            found = [f for f in fields if _key(ref) and _key(f.label).startswith(_key(ref))]
        if len(found) != 1:
            raise CreationError(f"no line called {ref!r}: give its number")
        return found[0]

    def set(self, ref: str, text: str) -> Field:
        """Set the field ``ref`` (its number or label) to ``text``; returns the field."""
        found = self.field(ref)
        if not found.editable:
            raise CreationError(f"{found.label} follows from the other choices; change those instead")
        self._set(found, text.strip())
        return found

    def add(self, name: str, text: str = "") -> None:
        """Add an own stat (a GUTS+ quality, a Loose and Fuzzy special ability)."""
        name = " ".join(name.split())
        if not self.own_word:
            raise CreationError(f"{self.ruleset.name} has no stats of your own to add")
        if not name:
            raise CreationError(f"name the {self.own_word} to add")
        if any(_key(k) == _key(name) for k in self.stats):
            raise CreationError(f"there is already a line called {name!r}")
        if len(self.own()) >= self.own_range[1]:
            raise CreationError(f"at most {self.own_range[1]} of your own at creation; remove one first")
        level = self.own_default() if not text else _whole(text, name, 1)
        self.stats[name] = level

    def remove(self, ref: str) -> str:
        found = self.field(ref)
        if not found.own:
            raise CreationError(f"{found.label} is one every character has; set it instead")
        if len(self.own()) <= self.own_range[0]:
            raise CreationError(f"a character needs at least {self.own_range[0]} {self.own_word} of their own")
        del self.stats[found.label]
        return found.label

    def rename(self, ref: str, new: str) -> str:
        found = self.field(ref)
        new = " ".join(new.split())
        if not found.own:
            raise CreationError(f"only a {self.own_word or 'stat'} of your own can be renamed")
        if not new:
            raise CreationError("give the new name after the line number")
        if any(_key(k) == _key(new) for k in self.stats if k != found.label):
            raise CreationError(f"there is already a line called {new!r}")
        self.stats = {(new if k == found.label else k): v for k, v in self.stats.items()}
        return new

    def own(self) -> list[str]:
        """The stats the player named."""
        core = {_key(s) for s in self.ruleset.stat_names}
        return [k for k in self.stats if _key(k) not in core]

    # -- the result ------------------------------------------------------------------------
    def character(self) -> Character:
        return Character(name=self.name, system=self.ruleset.id, stats=copy.deepcopy(self.stats),
                         resources=copy.deepcopy(self.resources), extra=copy.deepcopy(self.extra))

    def finished(self) -> Character:
        """The character, prepared and checked by the ruleset; RulesError names a broken rule."""
        made = self.ruleset.prepare_character(self.character())
        self.ruleset.validate_character(made, creation=True)
        return made

    def problem(self) -> str | None:
        """The first creation rule the character breaks, in the ruleset's words; None if legal."""
        try:
            self.finished()
        except RulesError as exc:
            return str(exc)
        except (TypeError, ValueError) as exc:
            return str(exc)
        return None


# -- GAME -------------------------------------------------------------------------------------

class GameDraft(Draft):
    rules = ("Spread 35 points over the 16 skills, none above 5 and at most one at 5, and pick the "
             "one characteristic you are notable in (it rolls an extra d8 on its skills).")

    def start(self) -> None:
        from solo.rules.game.skills import SKILLS

        self.stats = {skill: 2 for skill in SKILLS}
        for skill in ("Perception/Track", "Block/Dodge", "Sneak/Hide"):  # 32 + 3 = 35
            self.stats[skill] = 3
        self.extra["notable"] = "Balance"

    def fields(self) -> list[Field]:
        from solo.rules.game.skills import CHARACTERISTIC_OF, CHARACTERISTICS, CREATION_CAP

        fields = [Field(n, skill, str(value), f"0-{CREATION_CAP}", CHARACTERISTIC_OF.get(skill, ""))
                  for n, (skill, value) in enumerate(self.stats.items(), start=1)]
        fields.append(Field(len(fields) + 1, "Notable in", str(self.extra.get("notable", "")),
                            _either(list(CHARACTERISTICS)), "Characteristic", choices=CHARACTERISTICS))
        return fields

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.game.skills import CHARACTERISTICS, MAX_RATING

        if field.label == "Notable in":
            self.extra["notable"] = _pick(text, CHARACTERISTICS, "the notable characteristic")
        else:
            self.stats[field.label] = _whole(text, field.label, 0, MAX_RATING)

    def tallies(self) -> list[Tally]:
        from solo.rules.game.skills import CREATION_CAP, CREATION_POINTS

        values = [v for v in self.stats.values() if isinstance(v, int)]
        total = sum(values)
        top = [k for k, v in self.stats.items() if v == CREATION_CAP]
        over = [k for k, v in self.stats.items() if isinstance(v, int) and v > CREATION_CAP]
        return [
            Tally("Points spread", f"{total} of {CREATION_POINTS}",
                  f"exactly {CREATION_POINTS} over the 16 skills", total == CREATION_POINTS),
            Tally(f"Skills at {CREATION_CAP}", f"{len(top)}" + (f", {len(over)} above" if over else ""),
                  f"none above {CREATION_CAP}, at most one at {CREATION_CAP}", len(top) <= 1 and not over),
            Tally("Notable in", str(self.extra.get("notable") or "none"), "exactly one characteristic",
                  bool(self.extra.get("notable"))),
        ]


# -- GUTS+ ------------------------------------------------------------------------------------

class GutsDraft(Draft):
    rules = ("Gumption, Utility, Thought and Slyness start at 1, and so do one to three qualities of "
             "your own (Essence may be one, but not the first). Add 3 points in all, at most 2 to "
             "one quality, none above 3.")
    own_word = "quality"
    own_range = (1, 3)

    def start(self) -> None:
        from solo.rules.guts_plus.qualities import CORE

        self.stats = {q: 1 for q in CORE}
        self.stats["gumption"] = 2
        self.stats["Knack"] = 3  # the player names it first (see solo.ui.creation)

    def fields(self) -> list[Field]:
        from solo.rules.guts_plus.qualities import CREATION_MAX_LEVEL

        own = set(self.own())
        return [Field(n, key if key in own else key.capitalize(), str(value), f"1-{CREATION_MAX_LEVEL}",
                      "Your own" if key in own else "Every character", own=key in own)
                for n, (key, value) in enumerate(self.stats.items(), start=1)]

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.guts_plus.qualities import MAX_LEVEL

        key = next(k for k in self.stats if _key(k) == _key(field.label))
        self.stats[key] = _whole(text, field.label, 1, MAX_LEVEL)

    def tallies(self) -> list[Tally]:
        from solo.rules.guts_plus.qualities import (CREATION_MAX_LEVEL, CREATION_POINTS, ESSENCE,
                                                    MAX_CUSTOM_AT_CREATION)

        levels = [v for v in self.stats.values() if isinstance(v, int)]
        added = sum(v - 1 for v in levels)
        top = max(levels, default=1)
        own = self.own()
        return [
            Tally("Points added", f"{added} of {CREATION_POINTS}", f"exactly {CREATION_POINTS} over qualities that start at 1",
                  added == CREATION_POINTS),
            Tally("Highest quality", str(top), f"at most +2 to one quality, none above {CREATION_MAX_LEVEL}",
                  top <= CREATION_MAX_LEVEL),
            Tally("Your own qualities", str(len(own)),
                  "one to three; Essence may not be the first",
                  1 <= len(own) <= MAX_CUSTOM_AT_CREATION and not (own and _key(own[0]) == ESSENCE)),
        ]


# -- Loose and Fuzzy --------------------------------------------------------------------------

class LooseDraft(Draft):
    rules = ("Rate Cleverness, Body, Knowledge, Perception and Tenacity in dice (2 is an average "
             "person) and add two or three special abilities of your own. The baseline is 22 dice: "
             "each die under it earns a Luck (up to 5), each die over it an Unluck. Disabilities "
             "count against the dice.")
    own_word = "special ability"
    own_range = (2, 3)
    DISABILITY = "disability:"

    def start(self) -> None:
        from solo.rules.loose_fuzzy.abilities import REQUIRED

        self.stats = {name: 3 for name in REQUIRED}  # 15 dice
        self.stats["Boatwright"] = 4  # renamed by the player first (see solo.ui.creation)
        self.stats["Herbalist"] = 3  # 22 dice: the baseline, Luck 2 and Unluck 1
        self.extra["disabilities"] = {}

    def own_default(self) -> int:
        return 2

    def fields(self) -> list[Field]:
        own = set(self.own())
        fields = [Field(n, key if key in own else key.capitalize(), str(value), "1 or more",
                        "Special abilities" if key in own else "Every character", own=key in own)
                  for n, (key, value) in enumerate(self.stats.items(), start=1)]
        for name, value in (self.extra.get("disabilities") or {}).items():
            fields.append(Field(len(fields) + 1, name, str(value), "1 or more", "Disabilities", own=True))
        return fields

    def _set(self, field: Field, text: str) -> None:
        disabilities = self.extra.setdefault("disabilities", {})
        if field.label in disabilities and field.group == "Disabilities":
            disabilities[field.label] = _whole(text, field.label, 1)
            return
        key = next(k for k in self.stats if _key(k) == _key(field.label))
        self.stats[key] = _whole(text, field.label, 1)

    def add(self, name: str, text: str = "") -> None:
        words = name.split()
        if words and words[0].lower() in ("disability", "disability:"):
            label = " ".join(words[1:])
            if not label:
                raise CreationError("name the disability: add disability Afraid of the dark 2")
            disabilities = self.extra.setdefault("disabilities", {})
            if any(_key(k) == _key(label) for k in [*self.stats, *disabilities]):
                raise CreationError(f"there is already a line called {label!r}")
            disabilities[label] = 1 if not text else _whole(text, label, 1)
            return
        super().add(name, text)

    def remove(self, ref: str) -> str:
        found = self.field(ref)
        if found.group == "Disabilities":
            del self.extra["disabilities"][found.label]
            return found.label
        return super().remove(ref)

    def rename(self, ref: str, new: str) -> str:
        found = self.field(ref)
        if found.group == "Disabilities":
            new = " ".join(new.split())
            if not new:
                raise CreationError("give the new name after the line number")
            self.extra["disabilities"] = {(new if k == found.label else k): v
                                          for k, v in self.extra["disabilities"].items()}
            return new
        return super().rename(ref, new)

    def own(self) -> list[str]:
        from solo.rules.loose_fuzzy.abilities import REQUIRED

        return [k for k in self.stats if _key(k) not in REQUIRED]

    def tallies(self) -> list[Tally]:
        from solo.rules.loose_fuzzy.abilities import BASELINE, dice_spent, starting_luck

        character = self.character()
        try:
            spent = dice_spent(character)
            luck, unluck = starting_luck(character)
        except (TypeError, ValueError):
            return []
        specials = len(self.own())
        return [
            Tally("Dice", f"{spent}, baseline {BASELINE}",
                  "fewer earn Luck, more earn Unluck; a die above 5 counts twice", True),
            Tally("Luck and Unluck", f"{luck} and {unluck}", "2 and 1 at the baseline", True),
            Tally("Special abilities", str(specials), "two or three", 2 <= specials <= 3),
        ]

# -- Humanity, Blessed ------------------------------------------------------------------------

class BlessedDraft(Draft):
    rules = ("Every stat starts at d4. Your best stat is one size larger, and your starter Lifestyle "
             "with your Value System raises two more one size each (the book's Step Two table). "
             "Then pick two [Starter] abilities.")

    LIFESTYLES = ("Carefree", "Eager", "Wisened")
    VALUE_SYSTEMS = ("Virtue and Vice", "Fate and Knowledge", "Cunning and Capability")

    def start(self) -> None:
        from solo.rules.humanity_blessed.tables import STARTER_ABILITIES

        self.extra.update(best="Head", lifestyle="Carefree", value_system="Virtue and Vice",
                          abilities=list(STARTER_ABILITIES[:2]))
        self._derive()

    def _derive(self) -> None:
        from solo.rules.humanity_blessed.character import starting_stats

        self.stats = starting_stats(self.extra["best"], self.extra["lifestyle"], self.extra["value_system"])

    def fields(self) -> list[Field]:
        from solo.rules.humanity_blessed.tables import CORE_STATS, STARTER_ABILITIES

        stats = tuple(s.capitalize() for s in CORE_STATS)
        fields = [
            Field(1, "Best stat", self.extra["best"], _either(list(stats)), "Choices", choices=stats),
            Field(2, "Lifestyle", self.extra["lifestyle"], _either(list(self.LIFESTYLES)), "Choices",
                  choices=self.LIFESTYLES),
            Field(3, "Value System", self.extra["value_system"], _either(list(self.VALUE_SYSTEMS)), "Choices",
                  choices=self.VALUE_SYSTEMS),
        ]
        for i, ability in enumerate(self.extra.get("abilities") or [], start=1):
            fields.append(Field(len(fields) + 1, f"Ability {i}", ability,
                                f"a [Starter] ability: type {len(fields) + 1} for the list", "Choices",
                                choices=STARTER_ABILITIES))
        for stat, die in self.stats.items():
            fields.append(Field(len(fields) + 1, stat.capitalize(), str(die), "", "Stats that follow", editable=False))
        return fields

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.humanity_blessed.tables import CORE_STATS, STARTER_ABILITIES

        if field.label == "Best stat":
            self.extra["best"] = _pick(text, [s.capitalize() for s in CORE_STATS], "the best stat")
        elif field.label == "Lifestyle":
            self.extra["lifestyle"] = _pick(text, self.LIFESTYLES, "the starter Lifestyle")
        elif field.label == "Value System":
            self.extra["value_system"] = _pick(text, self.VALUE_SYSTEMS, "the Value System")
        else:
            index = int(field.label.split()[-1]) - 1
            chosen = _pick(text, STARTER_ABILITIES, "a starting ability")
            abilities = list(self.extra.get("abilities") or [])
            if chosen in abilities and abilities.index(chosen) != index:
                raise CreationError(f"{chosen} is already your other ability")
            abilities[index] = chosen
            self.extra["abilities"] = abilities
        self._derive()

    def tallies(self) -> list[Tally]:
        raised = [f"{s.capitalize()} {d}" for s, d in self.stats.items() if d != "d4"]
        return [
            Tally("Raised", ", ".join(raised) or "none", "the best stat one size, the table's pair one size each", True),
            Tally("Abilities", f"{len(self.extra.get('abilities') or [])} of 2", "two from the [Starter] list",
                  len(self.extra.get("abilities") or []) == 2),
        ]


# -- FOUR-S -----------------------------------------------------------------------------------

class FourSDraft(Draft):
    rules = ("A level-0 character has 12 SP, 3 in the first tier of each of Strength, Skill, Support "
             "and Scharisma; each level adds 4 SP and 10 max Health. A stat's SP fill its tiers six "
             "at a time; its Roleplay Bonus is the highest tier reached.")

    def start(self) -> None:
        from solo.rules.four_s import START_TIER_ONE, STATS

        self.resources["level"] = 0
        self.stats = {stat: START_TIER_ONE for stat in STATS}

    def fields(self) -> list[Field]:
        from solo.rules.four_s import STAT_MAX, roleplay_bonus, tiers_from_total

        fields = [Field(1, "Level", str(self.resources.get("level", 0)), "0 or more", "Level")]
        for stat, value in self.stats.items():
            try:
                bonus = roleplay_bonus(tiers_from_total(int(value)))
                shown = f"{value} SP (Roleplay Bonus {bonus})"
            except (RulesError, TypeError, ValueError):
                shown = str(value)
            fields.append(Field(len(fields) + 1, stat.capitalize(), shown, f"3-{STAT_MAX} SP", "Skill points"))
        return fields

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.four_s import STAT_MAX

        if field.label == "Level":
            self.resources = {"level": _whole(text, "Level", 0, 50)}
            return
        self.stats[field.label.lower()] = _whole(text, field.label, 0, STAT_MAX)

    def character(self) -> Character:
        from solo.rules.four_s import sp_budget

        made = super().character()
        level = int(made.resources.get("level", 0))
        placed = sum(v for v in made.stats.values() if isinstance(v, int))
        made.resources["sp_unspent"] = max(0, sp_budget(level) - placed)
        return made

    def tallies(self) -> list[Tally]:
        from solo.rules.four_s import START_TIER_ONE, base_max_health, sp_budget

        level = int(self.resources.get("level", 0))
        budget = sp_budget(level)
        placed = sum(v for v in self.stats.values() if isinstance(v, int))
        low = [k.capitalize() for k, v in self.stats.items() if isinstance(v, int) and v < START_TIER_ONE]
        left = f", {budget - placed} kept to place later" if placed < budget else ""
        return [
            Tally("SP placed", f"{placed} of {budget}{left}", f"level {level}: 12 SP and 4 more per level",
                  placed <= budget),
            Tally("Tier 1", "3 or more in each" if not low else "too few in " + ", ".join(low),
                  f"every stat starts with {START_TIER_ONE} SP in its first tier", not low),
            Tally("Max Health", str(base_max_health(level)), "10, and 10 more per level", True),
        ]


# -- any other ruleset ------------------------------------------------------------------------

class GenericDraft(Draft):
    """A plugin ruleset's stats and extra fields, with its ``creation_defaults`` as the start."""

    own_range = (0, 6)

    def start(self) -> None:
        defaults = getattr(self.ruleset, "creation_defaults", None)
        self.stats = dict(defaults() if callable(defaults) else {})
        for stat in self.ruleset.stat_names:
            self.stats.setdefault(stat, 1)
        for extra in getattr(self.ruleset, "creation_extra", ()) or ():
            self.extra.setdefault(extra, "")
        self.own_word = "stat" if getattr(self.ruleset, "custom_stats", True) else ""

    @property
    def rules(self) -> str:  # type: ignore[override]
        return str(getattr(self.ruleset, "creation_rules", "") or "")

    def fields(self) -> list[Field]:
        own = set(self.own())
        fields = [Field(n, key, _shown(value), "", "Your own" if key in own else "Stats", own=key in own)
                  for n, (key, value) in enumerate(self.stats.items(), start=1)]
        for extra in getattr(self.ruleset, "creation_extra", ()) or ():
            fields.append(Field(len(fields) + 1, extra, _shown(self.extra.get(extra, "")), "", "Choices"))
        return fields

    def _set(self, field: Field, text: str) -> None:
        if field.group == "Choices":
            self.extra[field.label] = _value(text)
        else:
            self.stats[field.label] = _value(text)


def _value(text: str) -> Any:
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _shown(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value)


DRAFTS: dict[str, type[Draft]] = {
    "game": GameDraft,
    "guts-plus": GutsDraft,
    "loose-fuzzy": LooseDraft,
    "humanity-blessed": BlessedDraft,
    "four-s": FourSDraft,
}


def draft(ruleset: Ruleset, name: str) -> Draft:
    """A legal starting character of ``ruleset``'s system, ready to be changed field by field."""
    return DRAFTS.get(ruleset.id, GenericDraft)(ruleset, name)
