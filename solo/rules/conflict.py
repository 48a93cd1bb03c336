"""The conflict interface: a fight or an endeavour run round by round, and the values crossing it.

A *conflict* is the richest procedure of a game system: GUTS+ rounds with initiative and body
parts, GAME's damage dice and fatigue, Loose and Fuzzy's Advantage Points, Humanity, Blessed's
number-line Endeavors, FOUR-S's phases and shared enemy pool. An adventure scene declares one
(``conflict:`` in the format); the engine runs it until it ends, asking the player one decision
at a time and playing every other participant by a documented, seeded behaviour.

A ruleset offers its procedures in ``conflicts``: a mapping from a procedure name (``fight``,
``endeavour``, ``race``...) to a class implementing :class:`ConflictRules`. Each procedure is a
pure state machine over JSON-ready data:

* :meth:`ConflictRules.begin` sets the conflict up (initiative, pools, starting positions) and
  may already play the other side's first moves;
* :meth:`ConflictRules.decision` says what the player may do now (each :class:`Action` with
  its exact odds where the system has them);
* :meth:`ConflictRules.act` carries out the player's action and everything the other side does
  until the player must decide again or the conflict ends;
* :meth:`ConflictRules.conclude` applies the aftermath once a result is known (experience for
  defeated foes, healing after a FOUR-S fight...).

Participants arrive as :class:`Fighter` values holding live :class:`~solo.rules.base.Character`
objects. A procedure changes them in place (fatigue, injuries, wounds); the engine stores every
fighter's character between decisions, so a procedure's own ``state`` holds only what belongs
to the conflict (round, phase, action points, advantage points, positions on a line, zones).
A procedure never prints and never draws dice but from the :class:`~solo.rules.dice.Dice` it is
given, so the same seed and the same decisions give the same fight.

Results are words an adventure branches on. Every procedure can end ``won`` or ``lost``; most
can end ``fled`` and ``surrendered``; a system adds its own (an endeavour's ``goal``, a
monstrous endeavour's ``captured``). :data:`FALLBACK` says which branch serves a result the
adventure does not name; a procedure with results of its own names their fallbacks in an
optional ``fallbacks`` mapping (``{"goal": "won", "captured": "lost"}``), read through
:func:`fallback`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import copy
from fractions import Fraction
from typing import Any, ClassVar, Mapping, Protocol, Sequence, runtime_checkable

from solo.errors import SoloError
from solo.rules.base import Character, HasConflicts, hook
from solo.rules.dice import Dice, RollRecord

#: Sides a participant can be on.
PLAYER, ALLY, ENEMY = "player", "ally", "enemy"

#: The results every procedure understands, and the branch that serves one an adventure leaves
#: out (``surrendered`` falls back to ``lost``; a system's own results name theirs).
WON, LOST, FLED, SURRENDERED = "won", "lost", "fled", "surrendered"
FALLBACK: dict[str, str] = {SURRENDERED: LOST, FLED: LOST}

#: Round limits: a conflict that has not ended after ``rounds`` rounds ends with the adventure's
#: ``at_limit`` result. The default and the ceiling keep every conflict finite.
DEFAULT_ROUNDS = 20
MAX_ROUNDS = 100


class ConflictError(SoloError, ValueError):
    """A conflict the rules cannot run, or a decision that is not on offer."""


@dataclass
class Fighter:
    """One participant: who they are, which side they fight on and their live character."""

    key: str  # unique in this conflict: "player", "dara", "goblin-2"
    side: str  # PLAYER, ALLY or ENEMY
    character: Character
    group: str | None = None  # foes that act together (GAME group attacks, a pack)
    behaviour: str = ""  # how the engine plays this fighter (enemies and allies)
    npc: str | None = None  # the adventure's npc id this fighter was made from

    @property
    def name(self) -> str:
        return self.character.name


@dataclass
class ConflictSetup:
    """Everything a procedure needs that the adventure declared, rebuilt at every decision.

    ``params`` are the procedure's parameters as written (zones, stances, number-line length,
    difficulty...); ``items`` maps item ids to their system properties as written in the
    adventure (``rules:`` of an item: weapon damage, armour rating, speed...); ``house_rules``
    names the opt-in rules beyond the book the adventure asks for.
    """

    procedure: str
    fighters: list[Fighter]
    params: Mapping[str, Any] = field(default_factory=dict)
    items: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    item_names: Mapping[str, str] = field(default_factory=dict)
    rounds: int = DEFAULT_ROUNDS
    #: the house rules the adventure opts into (see :mod:`solo.rules.house_rules`); the book's
    #: rule applies wherever a name is absent
    house_rules: frozenset[str] = frozenset()
    #: nobody reads the decisions' odds and hints (a playtest bot's or the analyzer's game): a
    #: procedure may leave them out, never change which actions are on offer
    quiet: bool = False
    #: the caller answers each decision through ``act_on_offer`` (:class:`ActsOnOffer`) with a
    #: key from it (the playtest's fast runtime): a procedure with that hook need not keep the
    #: decision for an ``act`` to check the key against (:mod:`solo.rules.kept_decision`), and
    #: may work the decision out on the state it is handed without a private copy (it only reads)
    answered_on_offer: bool = False

    def house(self, name: str) -> bool:
        """Whether the adventure opted into the house rule ``name``."""
        return name in self.house_rules

    @property
    def player(self) -> Fighter:
        for f in self.fighters:  # a loop, not next() over a generator: asked at every look of a fight
            if f.side == PLAYER:
                return f
        raise StopIteration  # what next() raised with no player

    def side(self, side: str) -> list[Fighter]:
        return [f for f in self.fighters if f.side == side]

    def entry_paths(self) -> dict[str, tuple[Any, ...]]:
        """Where each fighter was declared (its ``opponents`` or ``companions`` entry), so a
        procedure's problems name the line the author wrote."""
        paths: dict[str, tuple[Any, ...]] = {}
        npcs: list[str] = []
        for f in self.side(ENEMY):
            if f.npc not in npcs:
                npcs.append(str(f.npc))
            paths[f.key] = ("opponents", npcs.index(str(f.npc)))
        for n, f in enumerate(self.side(ALLY)):
            paths[f.key] = ("companions", n)
        return paths

    def fighter(self, key: str) -> Fighter:
        for f in self.fighters:
            if f.key == key:
                return f
        raise ConflictError(f"no fighter {key!r} in this conflict")

    def enemies_of(self, fighter: Fighter) -> list[Fighter]:
        if fighter.side == ENEMY:
            return [f for f in self.fighters if f.side != ENEMY]
        return [f for f in self.fighters if f.side == ENEMY]


@dataclass(frozen=True)
class Action:
    """One thing the player may do now. ``key`` is stable (saves, transcripts, replays)."""

    key: str  # e.g. "attack:goblin-1", "move:bridge", "flee"
    text: str  # for the player: "Attack Goblin 1 with your sword"
    odds: Fraction | None = None  # the exact chance the action succeeds, where the system has it
    hint: str = ""  # how the odds were read: "Body 3 vs 2: 61% to gain the upper hand"
    enabled: bool = True
    reason: str = ""  # why a disabled action cannot be taken now


@dataclass(frozen=True)
class Decision:
    """What the player is asked: a prompt and the actions on offer."""

    prompt: str
    actions: tuple[Action, ...]


@dataclass
class Beat:
    """One thing that happened: an action, its roll if there was one, and what it did, in words."""

    actor: str  # fighter key, or "" for the conflict itself (a new round, a phase)
    text: str
    roll: RollRecord | None = None
    label: str = ""  # what the roll was for, shown beside its dice
    measures: dict[str, Any] = field(default_factory=dict)  # what it did, in numbers (damage, FP lost)
    #: the round this beat opens (a procedure's "Round N" line); 0: the round before it goes on,
    #: so that each event of a step that crosses rounds carries the round it happened in
    round: int = 0
    #: the actor's name and side when it is no fighter of the setup (a summon a procedure made)
    name: str = ""
    side: str = ""


@dataclass
class Gauge:
    """A number shown for a fighter: health, fatigue points, action points, advantage..."""

    label: str
    value: int
    maximum: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "maximum": self.maximum}


@dataclass
class FighterView:
    key: str
    name: str
    side: str
    gauges: list[Gauge] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)  # "stunned", "left arm hurt", "in the bay"
    out: bool = False  # no longer acting in this conflict

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "side": self.side,
            "gauges": [g.to_dict() for g in self.gauges],
            "tags": list(self.tags),
            "out": self.out,
        }


@dataclass
class TrackView:
    """A number line (Humanity, Blessed endeavours): who stands where, and the marks on it."""

    length: int
    positions: dict[str, int]  # name -> position
    marks: dict[int, str] = field(default_factory=dict)  # position -> what is there ("goal")

    def to_dict(self) -> dict[str, Any]:
        return {
            "length": self.length,
            "positions": dict(self.positions),
            "marks": {str(k): v for k, v in sorted(self.marks.items())},
        }


@dataclass
class ConflictView:
    """The state of a conflict as a player sees it, for any front end to draw."""

    title: str
    round: int
    phase: str = ""
    fighters: list[FighterView] = field(default_factory=list)
    track: TrackView | None = None
    zones: dict[str, list[str]] | None = None  # zone -> names of who is there
    notes: list[str] = field(default_factory=list)  # pools, stances, anything else to keep in view

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "round": self.round,
            "phase": self.phase,
            "fighters": [f.to_dict() for f in self.fighters],
            "track": None if self.track is None else self.track.to_dict(),
            "zones": None if self.zones is None else {k: list(v) for k, v in self.zones.items()},
            "notes": list(self.notes),
        }


@dataclass
class ConflictStep:
    """What a call to :meth:`ConflictRules.begin` or :meth:`ConflictRules.act` gives back.

    ``state`` is the procedure's whole state, JSON-ready. ``round`` is the round now being
    played (the engine ends a conflict that passes its limit). ``result`` is None while the
    conflict goes on.
    """

    state: dict[str, Any]
    beats: list[Beat]
    round: int
    result: str | None = None


@dataclass
class Conclusion:
    """The aftermath of a conflict: lines for the player, rewards, and who fell and how."""

    beats: list[Beat] = field(default_factory=list)
    awards: dict[str, int] = field(default_factory=dict)  # resource -> amount, e.g. {"xp": 5}
    fallen: dict[str, str] = field(default_factory=dict)  # fighter key -> "out", "unconscious"...
    #: What the adventure reads as ``roll.<name>`` after the conflict, beside its result and
    #: rounds (names the ruleset lists in ``measure_names``: GAME ``defeat``, ``fp_lost``...).
    measures: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SetupProblem:
    """Why a declared conflict cannot be run, located inside the ``conflict:`` mapping."""

    path: tuple[Any, ...]  # e.g. ("opponents", 0, "npc") or ("params", "zones")
    message: str
    hint: str = ""
    #: the conflict runs by the rules, but plays badly (``solo validate`` warns instead of failing)
    warning: bool = False


@runtime_checkable
class ConflictRules(Protocol):
    """One conflict procedure of one system. See the module docstring for the life cycle."""

    #: The procedure's name in the format (``fight``, ``endeavour``...).
    procedure: ClassVar[str]
    #: What it is, in a line, for docs and ``solo validate`` hints.
    summary: ClassVar[str]
    #: Every result it can end with (``won``, ``lost``, ``fled``...).
    results: ClassVar[tuple[str, ...]]
    #: Named behaviours the engine can play the other side with; the first is the default.
    behaviours: ClassVar[tuple[str, ...]]
    #: The parameters it reads, name -> what it means (for docs and unknown-parameter errors).
    parameters: ClassVar[Mapping[str, str]]

    def problems(self, setup: ConflictSetup) -> list[SetupProblem]:
        """Every reason the rules cannot run this conflict (missing stats, unknown zones...)."""

    def possible_results(self, setup: ConflictSetup) -> tuple[str, ...]:
        """The results this conflict can end with, as declared (no ``fled`` if fleeing is off)."""

    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        """Start the conflict: initiative, pools, positions; the other side may act first."""

    def decision(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision:
        """What the player may do now."""

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        """Carry out the player's action and the others' until the player decides again or it ends."""

    def view(self, setup: ConflictSetup, state: Mapping[str, Any]) -> ConflictView:
        """The state as the player sees it."""

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        """The aftermath once ``result`` is known (also when the engine stops it at its limit)."""


@runtime_checkable
class ActsOnOffer(Protocol):
    """A procedure (optional) whose ``act`` checks the key by working out its decision again, and
    that can skip that check for a key the caller took from the enabled actions of
    ``decision(setup, state)`` on these very objects, unchanged since (the playtest's runtime)."""

    def act_on_offer(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str,
                     owned: bool = False) -> ConflictStep:
        """:meth:`ConflictRules.act` for a key known to be on offer. ``owned``: the caller holds
        ``state`` alone and drops it for the step's, so the procedure may change it in place
        of its private copy."""


def private_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """A procedure's own deep copy of its ``state`` (JSON-ready data: dicts, lists, tuples, text,
    numbers), as ``copy.deepcopy`` would make it but without its bookkeeping: a procedure copies
    its state on every call. Anything that is not plain data is handed to ``copy.deepcopy``."""
    shared = _SHARED  # the leaves (most of a state's values) taken without a call
    return {key: value if type(value) in shared else _data_copy(value) for key, value in state.items()}


#: Values a copy shares (immutable): inside a dict or list they are taken without a call.
_SHARED = frozenset({str, int, bool, float, type(None)})


def _data_copy(value: Any) -> Any:
    kind = type(value)
    shared = _SHARED
    if kind in shared:
        return value
    if kind is dict:
        return {key: item if type(item) in shared else _data_copy(item) for key, item in value.items()}
    if kind is list:
        return [item if type(item) in shared else _data_copy(item) for item in value]
    if kind is tuple:
        return tuple([item if type(item) in shared else _data_copy(item) for item in value])
    return copy.deepcopy(value)


def fallback(rules: Any, result: str) -> str | None:
    """The result whose branch serves ``result`` when an adventure gives it none: the
    procedure's own ``fallbacks`` first (an endeavour's ``goal`` falls back to ``won``), then
    :data:`FALLBACK`; None when nothing stands in for it."""
    own: Mapping[str, str] = getattr(rules, "fallbacks", None) or {}
    return own.get(result, FALLBACK.get(result))


def settles_as(rules: Any, result: str) -> str:
    """Where ``result`` ends up after following its fallbacks (``goal`` -> ``won``): a win for
    the player is a result that settles as ``won``."""
    seen = {result}
    label = result
    while True:
        nxt = fallback(rules, label)
        if nxt is None or nxt in seen:
            return label
        seen.add(nxt)
        label = nxt


def conflict_rules(ruleset: Any, procedure: str) -> ConflictRules | None:
    """The ruleset's procedure called ``procedure``, or None if the system has no such thing."""
    own = hook(ruleset, HasConflicts)
    table: Mapping[str, Any] = own.conflicts if own is not None else {}
    cls = table.get(procedure)
    return None if cls is None else cls(ruleset)


def procedures(ruleset: Any) -> tuple[str, ...]:
    """The names of the conflict procedures a ruleset offers."""
    own = hook(ruleset, HasConflicts)
    return tuple(own.conflicts) if own is not None else ()


def percent(odds: Fraction | None) -> str:
    """Odds as a whole percentage for hints ("61%"); the one rounding every front end shows."""
    if odds is None:
        return ""
    return f"{float(odds) * 100:.0f}%"


def living(fighters: Sequence[Fighter], out: Sequence[str]) -> list[Fighter]:
    """The fighters of ``fighters`` whose key is not in ``out``."""
    gone = set(out)
    return [f for f in fighters if f.key not in gone]
