"""Building a new character by a system's creation rules, one field at a time (no I/O).

A :class:`Draft` starts as a legal character of its system and changes one field at a time
(:meth:`Draft.set`, :meth:`Draft.add`, :meth:`Draft.remove`, :meth:`Draft.rename`). After every
change it says where the character stands against the rules: :meth:`Draft.tallies` gives the
running totals, each with the rule it checks, and :meth:`Draft.problem` the first rule the
ruleset's own check (``validate_character(creation=True)``) finds broken. A front end
(``solo character new``) shows the fields, the tallies and the problem and passes the player's
edits back; it holds no rule of its own.

A ruleset that knows what its players choose gives its own :class:`Draft` subclass as its
``draft_class`` (the built-ins keep theirs in ``solo/rules/<system>/creation.py``); any other
ruleset gets :class:`GenericDraft`, driven by its optional ``creation_*`` attributes.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable

from solo.rules.base import (
    AllowsCustomStats, Character, CreationDefaults, CreationExtra, CreationRules, HasDraft, Ruleset, RulesError, hook,
)


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
    #: The question that asks the names of the player's own stats first, with an example; "" asks none.
    own_prompt: ClassVar[str] = ""

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

class GenericDraft(Draft):
    """A plugin ruleset's stats and extra fields, with its ``creation_defaults`` as the start."""

    own_range = (0, 6)

    def start(self) -> None:
        defaults = hook(self.ruleset, CreationDefaults)
        self.stats = dict(defaults.creation_defaults() if defaults is not None else {})
        for stat in self.ruleset.stat_names:
            self.stats.setdefault(stat, 1)
        for extra in _extra(self.ruleset):
            self.extra.setdefault(extra, "")
        custom = hook(self.ruleset, AllowsCustomStats)
        self.own_word = "stat" if custom is None or custom.custom_stats else ""

    @property
    def rules(self) -> str:  # type: ignore[override]
        own = hook(self.ruleset, CreationRules)
        return own.creation_rules if own is not None else ""

    def fields(self) -> list[Field]:
        own = set(self.own())
        fields = [Field(n, key, _shown(value), "", "Your own" if key in own else "Stats", own=key in own)
                  for n, (key, value) in enumerate(self.stats.items(), start=1)]
        for extra in _extra(self.ruleset):
            fields.append(Field(len(fields) + 1, extra, _shown(self.extra.get(extra, "")), "", "Choices"))
        return fields

    def _set(self, field: Field, text: str) -> None:
        if field.group == "Choices":
            self.extra[field.label] = _value(text)
        else:
            self.stats[field.label] = _value(text)


def _extra(ruleset: object) -> tuple[str, ...]:
    own = hook(ruleset, CreationExtra)
    return tuple(own.creation_extra) if own is not None else ()


def _value(text: str) -> Any:
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _shown(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    return str(value)


def draft(ruleset: Ruleset, name: str) -> Draft:
    """A legal starting character of ``ruleset``'s system, ready to be changed field by field."""
    own = hook(ruleset, HasDraft)
    cls = own.draft_class if own is not None else None
    return (cls if isinstance(cls, type) and issubclass(cls, Draft) else GenericDraft)(ruleset, name)
