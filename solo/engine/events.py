"""Events: everything the engine tells its drivers, as plain data.

The engine never prints. Each step returns a list of events; the terminal renders them with rich,
``--json`` writes each as one JSON object per line (``event.to_dict()``), and the playtest bot and
tests read them directly. Every event has a ``type``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Event:
    type: str = field(init=False, default="event")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class AdventureStarted(Event):
    adventure: str
    title: str
    system: str
    seed: int
    intro: str = ""
    type: str = field(init=False, default="start")


@dataclass
class CharacterChosen(Event):
    id: str
    name: str
    stats: dict[str, Any]
    items: list[str]
    type: str = field(init=False, default="character")


@dataclass
class SceneEntered(Event):
    id: str
    title: str
    text: str
    group: str | None = None
    type: str = field(init=False, default="scene")


@dataclass
class Narration(Event):
    text: str
    type: str = field(init=False, default="text")


@dataclass
class Option:
    """One option of a decision. ``key`` is what a player types; disabled options have none,
    and neither has an enabled option answered by typing a value its ``text`` describes."""

    key: str | None
    text: str
    id: str = ""
    enabled: bool = True
    reason: str = ""
    hint: str = ""  # e.g. "Thought, 3 dice: 74% success"
    detail: str = ""  # a longer description (a pregenerated character's)
    odds: str = ""  # the exact chance of success as "p/q", where the option has one
    parent: str = ""  # the key of the option this one is a variant of ("1a" settles "1" without dice)

    def hint_pending(self) -> bool:
        """Whether the hint is still a computation nobody has asked for (see :func:`_hint`)."""
        return callable(self.__dict__.get("_hint"))


def _get_hint(option: Option) -> str:
    value = option.__dict__.get("_hint", "")
    if callable(value):
        value = option.__dict__["_hint"] = value()
    return value


def _set_hint(option: Option, value: Any) -> None:
    option.__dict__["_hint"] = value


#: An option's hint may be given as a function of no arguments: it is computed the first time
#: the hint is read (shown, compared, turned into JSON) and then kept. Exact odds cost time, and
#: a bot that never reads them should not pay for them.
Option.hint = property(_get_hint, _set_hint)  # type: ignore[assignment]

#: The fields of an option that :func:`plain_option` leaves at their defaults.
_PLAIN = {"enabled": True, "reason": "", "_hint": "", "detail": "", "odds": "", "parent": ""}


def plain_option(key: str, text: str, option_id: str) -> Option:
    """``Option(key, text, option_id)``, made without the dataclass's ``__init__`` (a quiet
    game makes one for every choice shown at every decision): the same fields, equal to it."""
    option = object.__new__(Option)
    fields = option.__dict__
    fields.update(_PLAIN)
    fields["key"] = key
    fields["text"] = text
    fields["id"] = option_id
    return option


@dataclass
class ChoicesOffered(Event):
    kind: str  # "character", "scene", "check", "roll", "conflict"
    prompt: str
    options: list[Option]
    type: str = field(init=False, default="choices")

    def enabled_keys(self) -> list[str]:
        return [o.key for o in self.options if o.enabled and o.key is not None]


@dataclass
class RollMade(Event):
    record: dict[str, Any]
    label: str = ""  # what was rolled for, e.g. "Patch the hole (Utility)"
    final: bool = True  # False while offers (bonus dice, rerolls) may still change it
    type: str = field(init=False, default="roll")


@dataclass
class TableRolled(Event):
    table: str
    dice: list[int]
    total: int
    rerolled: list[int]
    type: str = field(init=False, default="table")


@dataclass
class ObjectiveCompleted(Event):
    id: str
    text: str
    award: dict[str, int]
    type: str = field(init=False, default="objective")


@dataclass
class XpGained(Event):
    amount: int
    total: int
    reason: str
    type: str = field(init=False, default="xp")


@dataclass
class ResourceChanged(Event):
    """A resource other than XP changed (EP, rerolls, blessings, luck, learning...)."""

    resource: str
    amount: int
    total: Any
    reason: str
    type: str = field(init=False, default="award")


@dataclass
class ItemChanged(Event):
    id: str
    name: str
    gained: bool
    type: str = field(init=False, default="item")


@dataclass
class ItemRefused(Event):
    """A ``give`` the rules refused: the character cannot carry the item (GUTS+ inventory full).
    The item stays behind; ``reason`` says why."""

    id: str
    name: str
    reason: str
    type: str = field(init=False, default="item-refused")


@dataclass
class ConditionChanged(Event):
    name: str
    gained: bool
    type: str = field(init=False, default="condition")


@dataclass
class ClockTicked(Event):
    id: str
    label: str
    value: int
    size: int
    type: str = field(init=False, default="clock")


@dataclass
class RulesNote(Event):
    """A line from the ruleset: learning experiences, injuries, rerolls dropped at the end."""

    text: str
    type: str = field(init=False, default="rules")


@dataclass
class Revealed(Event):
    """Something hidden became known to the player: an objective, a clock, a counter or a flag."""

    kind: str  # "objective", "clock" or "variable"
    name: str
    type: str = field(init=False, default="reveal")


@dataclass
class JournalNoted(Event):
    """The player wrote a note in the journal (``:note TEXT``)."""

    text: str
    turn: int
    scene: str | None
    kind: str = "note"  # "note" (the player's), "oracle" (a question answered), "roll" (free dice)
    type: str = field(init=False, default="note")


@dataclass
class EndingReached(Event):
    id: str
    title: str
    outcome: str
    summary: str
    objectives: dict[str, bool]
    resources: dict[str, Any]
    type: str = field(init=False, default="ending")


@dataclass
class ConflictStarted(Event):
    """A scene's conflict begins; ``view`` is the fight as the player sees it (see ConflictView)."""

    scene: str
    title: str
    procedure: str
    view: dict[str, Any]
    type: str = field(init=False, default="conflict-start")


@dataclass
class ConflictAction(Event):
    """One beat of a conflict: who acted, what happened in words, and the roll if there was one."""

    round: int
    actor: str  # fighter key ("player", "goblin-2"), "" for the conflict itself
    name: str
    side: str
    text: str
    roll: dict[str, Any] | None = None
    label: str = ""
    measures: dict[str, Any] = field(default_factory=dict)  # what it did in numbers, if the system says
    type: str = field(init=False, default="conflict-action")


@dataclass
class ConflictRound(Event):
    """The state of a conflict after a step, for the front end to draw compactly."""

    round: int
    view: dict[str, Any]
    type: str = field(init=False, default="conflict-round")


@dataclass
class ConflictEnded(Event):
    """A conflict is over: its result (the branch the adventure takes), who fell, what it earned."""

    scene: str
    result: str
    rounds: int
    view: dict[str, Any]
    fallen: dict[str, str] = field(default_factory=dict)
    awards: dict[str, int] = field(default_factory=dict)
    measures: dict[str, Any] = field(default_factory=dict)  # also readable as roll.<name> afterwards
    success: bool = False  # the result settles as ``won`` (an endeavour's ``goal`` does too)
    type: str = field(init=False, default="conflict-end")
