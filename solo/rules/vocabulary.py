"""The shape of a game system's words for players, and where to find a system's own.

Rulesets speak in ids (``xp``, ``sp_unspent``, ``near-success``); players read labels. Each ruleset
package owns its :class:`Vocabulary` (names of resources and outcomes, terms for ``:help``, rules
pages with the book's section, and how its rolls read) and hands it out as its ``vocabulary``
attribute (:class:`solo.rules.base.HasVocabulary`). This module holds the generic part: the
types, the resource names every system shares, and :func:`for_system`, which asks the ruleset.
The presentation layer (:mod:`solo.ui.words`) looks a name up in the adventure first, then here,
and ``solo validate`` warns about a name shown to players that neither gives. No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol


class Names(Protocol):
    """What a system's roll reading may ask the front end: the shown name of a stat or a person."""

    def stat(self, name: Any, /) -> str: ...

    def person(self, person_id: str, /) -> str: ...


@dataclass(frozen=True)
class DieReading:
    """One die as the system reads it: its face, the words for it, the outcome it reads as."""

    value: Any
    reading: str = ""  # words, e.g. "hit"; empty when the system does not read dice alone
    outcome: str = ""  # the outcome label the die reads as (its colour), or ""


@dataclass(frozen=True)
class RollReading:
    """A roll read in a system's words: its dice, the reasons for the result, the rule to show."""

    dice: tuple[DieReading, ...]
    why: tuple[str, ...]
    topic: str = "check"
    #: dice rolled beside the main ones, each group with what it is: ("bonus die", (DieReading(1),))
    extras: tuple[tuple[str, tuple[DieReading, ...]], ...] = ()
    #: for a roll stopped before its result exists (an attack rolled, the player's answer still to
    #: come): what stands so far, said instead of any result; "" once there is a result to tell
    awaiting: str = ""


def plain_dice(record: Mapping[str, Any]) -> tuple[DieReading, ...]:
    """A record's kept (or else rolled) dice, with no reading of their own."""
    return tuple(DieReading(v) for v in (record.get("kept") or record.get("dice") or []))


def explain_generic(record: Mapping[str, Any], names: Names) -> RollReading:
    """The reading of a system that gives none: the dice and their total."""
    total = record.get("total")
    why = (f"The dice came to {total}.",) if total is not None else ()
    return RollReading(plain_dice(record), why, "contest" if record.get("kind") == "contest" else "check")


ARTICLES = ("The ", "A ", "An ")


def in_sentence(name: str) -> str:
    """A name from the file as it reads inside a sentence: a leading article is lower-cased
    ("The marshal of the bridge" -> "Contest the marshal of the bridge"); anything else is kept
    as written ("Dara", "Old Tom", "the pink thing")."""
    if name.startswith(ARTICLES):
        return name[:1].lower() + name[1:]
    return name


def count_words(n: int, word: str) -> str:
    """``3 bonus dice``-style counts: "1 pair", "2 pairs", "2 matches", "2 bonus dice"."""
    if n != 1 and word.endswith("die"):
        return f"{n} {word[:-3]}dice"
    return f"{n} {word}" + ("" if n == 1 else ("es" if word.endswith("s") else "s"))


@dataclass(frozen=True)
class Rule:
    """One rule explained in plain words, with where the book says it."""

    title: str
    text: str
    source: str


@dataclass(frozen=True)
class Vocabulary:
    system: str
    book: str
    #: resource id -> label ("xp" -> "Experience")
    resources: dict[str, str] = field(default_factory=dict)
    #: resource ids that are bookkeeping, never shown to players
    hidden_resources: frozenset[str] = frozenset()
    #: outcome label -> words ("near-success" -> "near success")
    outcomes: dict[str, str] = field(default_factory=dict)
    #: outcome label -> what it means for the story
    meanings: dict[str, str] = field(default_factory=dict)
    #: the game's terms, for :help
    terms: tuple[tuple[str, str], ...] = ()
    #: topic -> rule, for ? and :rules ("check" is the system's basic roll)
    rules: dict[str, Rule] = field(default_factory=dict)
    #: words for one die's reading, in systems that read dice one by one
    readings: dict[str, str] = field(default_factory=dict)
    #: how a roll record reads (dice, reasons, the rule's topic); the generic reading when None
    explain: Callable[[Mapping[str, Any], Names], RollReading] | None = field(default=None, compare=False)
    #: a fight beat's roll in one short clause, for a system whose record holds both sides' dice
    #: (the generic "X rolled ...: success" would give one side the other's dice and result);
    #: None, or a hook answering None, for the generic clause
    fight_roll: Callable[[Mapping[str, Any]], str | None] | None = field(default=None, compare=False)

    def read_roll(self, record: Mapping[str, Any], names: Names) -> RollReading:
        """A roll record of this system read in its words."""
        return (self.explain or explain_generic)(record, names)


COMMON_RESOURCES = {
    "xp": "Experience",
    "ep": "Experience points",
    "rerolls": "Rerolls",
    "luck": "Luck",
    "unluck": "Unluck",
    "blessings": "Blessing dice",
    "learning": "Learning",
    "experience": "Experience",
    "health": "Health",
    "max_health": "Maximum health",
    "fp": "Fatigue points",
    "enc": "Encumbrance",
    "level": "Level",
}


def for_system(system: str) -> Vocabulary:
    """The vocabulary the ruleset ``system`` gives; one without (or an unknown id) gets an empty one."""
    from solo.rules import registry
    from solo.rules.base import HasVocabulary, RulesError, hook

    try:
        ruleset = registry.get(system)
    except RulesError:
        return Vocabulary(system=system, book=system)
    own = hook(ruleset, HasVocabulary)
    return own.vocabulary if own is not None else Vocabulary(system=system, book=ruleset.name)


def resource_label(system: str, key: str) -> str | None:
    """The label of a resource in a system, or None when neither it nor the common list has one."""
    vocab = for_system(system)
    return vocab.resources.get(key) or COMMON_RESOURCES.get(key)
