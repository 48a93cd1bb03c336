"""The one interface every ruleset implements, and the value types that cross it.

A ruleset is a game system's mechanics with no story and no I/O: it validates characters, rolls
checks and contests with a :class:`~solo.rules.dice.Dice`, reads the dice into the system's own
outcome labels, computes exact odds, and says what experience a roll earns and what advancement
costs. The engine, the CLI (``solo roll``, ``solo odds``), the validator and the playtest bot all go
through this interface and nothing else.

Check and contest parameters arrive as plain mappings, as written in an adventure file or on the
command line (``{"stat": "thought", "modifier": -1}``); each ruleset parses them with
:meth:`Ruleset.parse_check` and raises :class:`RulesError` naming the broken parameter.

This module owns that interface (:class:`Ruleset`), the value types that cross it, and
:class:`RulesetDefaults`, the one home of the interface's optional behaviour (no offers, no
alternatives to rolling, nothing to settle...) that a ruleset inherits instead of writing again.
How written values are read is :mod:`solo.rules.values`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Mapping, Protocol, runtime_checkable

from solo.errors import SoloError
from solo.rules.dice import Dice, RollRecord


class RulesError(SoloError, ValueError):
    """A rule was broken: an illegal character, check parameter or advancement.

    The message names the rule, what was expected and what came, e.g.
    ``"GAME: at most one skill may be rated 5 at creation (got 2: Hack/Slash, Sneak/Hide)"``.
    ``param`` optionally names the check parameter at fault, as a key or a path into the
    parameters (``"aid"``, ``("tags", 1)``), so that ``solo validate`` can point at it.
    """

    def __init__(self, message: str = "", *, param: str | tuple[Any, ...] | None = None) -> None:
        super().__init__(message)
        self.param = param


@dataclass
class Character:
    """A player character or NPC, as data.

    ``stats`` maps the system's stat names (qualities, skills, abilities, stats) to ratings; their
    value type is the system's (an int for most, a die size such as ``"d6"`` for
    humanity-blessed). ``resources`` holds counters a system tracks on the character (XP, EP,
    learning experiences, Luck, blessing dice, health...). ``extra`` holds anything else a system
    needs (GAME's notable characteristic, talents, traits; GUTS+ body parts and Essence aura).
    """

    name: str
    system: str
    stats: dict[str, Any]
    resources: dict[str, Any] = field(default_factory=dict)
    items: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    id: str = ""
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "system": self.system,
            "description": self.description,
            "stats": dict(self.stats),
            "resources": _copy(self.resources),
            "items": list(self.items),
            "conditions": list(self.conditions),
            "extra": _copy(self.extra),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Character":
        return cls(
            id=str(data.get("id", "")),
            name=str(data["name"]),
            system=str(data["system"]),
            description=str(data.get("description", "")),
            stats=dict(data.get("stats", {})),
            resources=_copy(dict(data.get("resources", {}))),
            items=list(data.get("items", [])),
            conditions=list(data.get("conditions", [])),
            extra=_copy(dict(data.get("extra", {}))),
        )


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy(v) for v in value]
    return value


@dataclass(frozen=True)
class Odds:
    """An exact probability distribution over a system's outcome labels.

    ``outcomes`` maps label to an exact :class:`~fractions.Fraction`; labels that overlap (for
    example ``success`` beside the finer labels) are allowed, each is its own event.
    ``distributions`` holds named secondary distributions (GAME's ``excess``: value to
    probability). ``values`` holds scalar facts (humanity-blessed ``expected``). ``truncated``
    is the probability mass a computation left out (0 when it is exact).
    """

    system: str
    outcomes: dict[str, Fraction]
    distributions: dict[str, dict[int, Fraction]] = field(default_factory=dict)
    values: dict[str, Fraction] = field(default_factory=dict)
    truncated: Fraction = Fraction(0)
    #: The chance the result counts as a success for generic branches, when that is not simply
    #: ``outcomes["success"]`` (GUTS+: full success or positive impact).
    overall_success: Fraction | None = None

    def success_chance(self) -> Fraction:
        if self.overall_success is not None:
            return self.overall_success
        return self.outcomes.get("success", Fraction(0))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "system": self.system,
            "outcomes": {k: float(v) for k, v in self.outcomes.items()},
            "success_chance": float(self.success_chance()),
        }
        for name, dist in self.distributions.items():
            data[name] = {str(k): float(v) for k, v in sorted(dist.items())}
        for name, value in self.values.items():
            data[name] = float(value)
        data["truncated"] = float(self.truncated)
        data["exact"] = {k: f"{v.numerator}/{v.denominator}" for k, v in self.outcomes.items()}
        return data


#: :meth:`offer_odds`' answer for "walk the dice to find out"
WALK = "walk"


@dataclass(frozen=True)
class Offer:
    """Something the player may do to a roll before it stands (take a bonus die, spend a reroll).

    The engine shows each offer as a choice; :meth:`Ruleset.apply_offer` carries it out.
    ``key`` is stable (used in saves and choice logs); ``text`` is for the player.

    A ``typed`` offer is answered by typing a value rather than by picking it (GUTS+: your own
    split of the bonus pips): ``text`` says what to type, the engine shows it without a number
    and hands what the player types to the ruleset's ``read_offer``.
    """

    key: str
    text: str
    cost: dict[str, int] = field(default_factory=dict)
    typed: bool = False
    #: An alternative to rolling that each choice of an adventure allows once (GUTS+
    #: voluntary failure: failing the same task again and again is no way to learn).
    once: bool = False


@dataclass(frozen=True)
class Advance:
    """One thing experience can buy for a character, with its price in the system's currency."""

    key: str  # e.g. "raise:thought", "talent:Hack/Slash", "new-quality"
    text: str
    cost: dict[str, int]  # resource name -> amount, e.g. {"ep": 4}
    #: When not empty, the advance needs a value the player types (this says what): the key
    #: bought is then ``key:value`` (Humanity, Blessed ``history:add=knot tying``).
    typed: str = ""


@runtime_checkable
class Ruleset(Protocol):
    """A game system's mechanics. One module per system implements this.

    Optional parts, with their defaults in :class:`RulesetDefaults` (inherit it to get them):

    * ``contest_labels: ClassVar[tuple[str, ...]]``, outcome labels a contest may have beyond
      :attr:`outcome_labels`, worst to best (GAME and FOUR-S: ``failure, draw, success``);
      default ``()``. Readers use ``getattr(ruleset, "contest_labels", ())``, so it is not a
      member a runtime ``isinstance`` check asks for.
    * ``conflicts: ClassVar[Mapping[str, type]]``, the system's conflict procedures by name
      (``{"fight": GutsFight}``), each a class taking the ruleset and implementing
      :class:`solo.rules.conflict.ConflictRules`; default none.
    * ``measure_names: ClassVar[tuple[str, ...]]``, the measures of how big a roll was that
      this system puts in :attr:`RollRecord.measures` (``excess``, ``margin``, ``size``...);
      adventures read them as ``roll.<name>``. ``size_labels``: extra branch keys a system
      names by size (Humanity, Blessed ``major``...), read from ``measures["size"]``.
    * ``npc_params: ClassVar[tuple[str, ...]]``, check parameters whose values name NPCs
      (Humanity, Blessed ``group_with``): the engine and ``solo validate`` pass the NPCs as
      prepared characters, and the validator checks the names; default none.
      ``item_params`` likewise names parameters whose values are item ids (Humanity, Blessed
      ``uses``), which the validator checks.
    * ``step_words(step) -> str | list[str] | None``: the line(s) one step of a roll record
      reads as; records keep reasons (codes and numbers), never sentences
      (:mod:`solo.rules.reasons`). Default: None, the step shown as its code and values.
    * ``incapacitated(character) -> str | None``: why the rules say the character cannot act
      (``"unconscious"``), or None; the engine runs the adventure's ``defeated`` branch.
    * ``read_offer(record, character, text) -> str | None``: the offer key for something the
      player typed while a roll waits (what a ``typed`` :class:`Offer` asks for), or None if
      the text is not such an answer; it raises :class:`RulesError` saying why when the text
      is of the right kind but not allowed. The key is then given to :meth:`apply_offer` and
      stored in the choice log, so it must read back to itself. Default: nothing is typed.
      The engine reads it with ``getattr``, so it is not a member ``isinstance`` asks for.
    * Hooks for awards and items, read with ``getattr`` (absent: the engine's plain way):
      ``gain(dice, character, resource, amount) -> list[str] | None`` carries out an award
      (lines to show) or leaves it to the engine (None), which adds whole numbers; an amount
      per name (GUTS+ ``learning: {thought: 1}``) needs it. ``check_award(resource, amount,
      character)`` raises :class:`RulesError` for an award that cannot be given as written
      (``solo validate`` asks it for each pregenerated character). ``carrying(character, items,
      adding=None) -> str | None`` says why the character cannot carry its items with
      ``adding`` too (``items`` maps item ids to their ``rules:``), or None; a ``give`` it
      refuses leaves the item behind with an ``item-refused`` event.
    * :meth:`offers`, :meth:`alternatives`, :meth:`experience` and :meth:`end_of_adventure`
      return nothing; :meth:`apply_offer` and :meth:`take_alternative` refuse every key;
      :meth:`settle` keeps the record as it is; :meth:`is_success` is ``outcome == "success"``.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    #: Outcome labels from worst to best; ``success``/``failure`` are always understood too.
    outcome_labels: ClassVar[tuple[str, ...]]
    #: The stat names every character of the system has (custom ones may be added).
    stat_names: ClassVar[tuple[str, ...]]

    # characters ---------------------------------------------------------------------------
    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        """Raise :class:`RulesError` naming the broken rule; ``creation`` applies creation limits."""

    def prepare_character(self, character: Character) -> Character:
        """Fill in the resources a system tracks (XP 0, rerolls 0...) and normalise stat names."""

    # rolling ------------------------------------------------------------------------------
    def parse_check(self, params: Mapping[str, Any], character: Character | None = None) -> Any:
        """Validate check parameters; return the system's own parsed form. Raise RulesError."""

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        """Roll one check for ``character`` and read it."""

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        """Roll a contest: ``character`` acts against ``opponent``; the outcome is ``character``'s."""

    def offers(self, record: RollRecord, character: Character) -> list[Offer]:
        """What the player may still do to this roll (bonus dice, rerolls, mastery...).

        An offer keyed ``keep`` stands in for the engine's own "Keep the roll": the roll is not
        finished yet (a Humanity, Blessed first roll a spark may still join), so choosing it goes
        through :meth:`apply_offer` like any other offer.
        """

    def apply_offer(
        self, dice: Dice, record: RollRecord, character: Character, key: str
    ) -> RollRecord:
        """Carry out one offer; return the new record (the character may be changed too)."""

    def alternatives(self, character: Character, params: Mapping[str, Any]) -> list[Offer]:
        """Ways to resolve the check without rolling (GUTS+ voluntary failure); often empty."""

    def take_alternative(
        self, character: Character, params: Mapping[str, Any], key: str
    ) -> RollRecord:
        """Resolve the check by an alternative instead of dice; returns a record with no dice."""

    def settle(
        self, dice: Dice, record: RollRecord, character: Character,
        params: Mapping[str, Any], branches: frozenset[str],
    ) -> RollRecord:
        """Final reading once the player keeps the roll.

        ``branches`` are the outcome labels the adventure handles for this check. A system with
        a GM's call (GUTS+ near success without a ``near-success`` branch) decides it here, by
        the check's policy, with the same dice, and records how in ``details``.
        """

    def is_success(self, outcome: str) -> bool:
        """Whether an outcome label counts as a success for generic branches."""

    # odds ---------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        """The exact distribution of a check's outcomes."""

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        """The exact distribution of a contest's outcomes."""

    # command line -------------------------------------------------------------------------
    #: Help for ``solo odds SYSTEM`` / ``solo roll SYSTEM``: option name -> description.
    cli_options: ClassVar[dict[str, str]]

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        """Exact odds for ``solo odds SYSTEM --opt value ...`` (values arrive as strings, flags as True)."""

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        """Roll once for ``solo roll SYSTEM ...``, taking the same arguments as :meth:`odds_for_args`."""

    # experience ---------------------------------------------------------------------------
    def experience(self, record: RollRecord, character: Character) -> list[str]:
        """Apply what the roll earns to the character (XP, learning); return lines describing it."""

    def advancement(self, character: Character) -> list[Advance]:
        """What the character can buy now, with its cost."""

    def advance(self, character: Character, key: str) -> Character:
        """Buy an advance; raise RulesError if it is not allowed or not affordable."""

    def end_of_adventure(self, character: Character) -> list[str]:
        """Keep what the system carries over, drop what it does not; return lines saying so."""


class RulesetDefaults:
    """The optional behaviour of :class:`Ruleset`, written once: inherit it to get it.

    A ruleset that inherits this writes only what its system does: a system without offers on a
    roll, alternatives to rolling, a GM's call at :meth:`settle`, experience from rolls or
    anything that ends with an adventure leaves those methods out. ``error_label`` begins the
    messages of the errors raised here (set it to the system's, e.g. ``"GAME"``).
    """

    #: Outcome labels a contest may have beyond ``outcome_labels`` (e.g. ``"draw"``).
    contest_labels: ClassVar[tuple[str, ...]] = ()
    #: Conflict procedures by name (see :mod:`solo.rules.conflict`); none by default.
    conflicts: ClassVar[Mapping[str, Any]] = {}
    #: Names of the measures a roll record carries (``roll.<name>`` in expressions).
    measure_names: ClassVar[tuple[str, ...]] = ()
    #: Extra branch keys a system names by a roll's size (``measures["size"]``).
    size_labels: ClassVar[tuple[str, ...]] = ()
    #: What this system's :class:`RulesError` messages begin with.
    error_label: ClassVar[str] = "RULES"
    #: The check and contest parameters this system reads beyond ``stat``, ``opponent``,
    #: ``outcomes``, ``defending`` and ``tags`` (for "did you mean" hints); empty: not declared.
    check_params: ClassVar[tuple[str, ...]] = ()

    def offers(self, record: RollRecord, character: Character) -> list[Offer]:
        """No offers: the roll stands as rolled."""
        return []

    def offer_odds(self, record: RollRecord, character: Character, key: str) -> "Odds | str | None":
        """The exact odds of the roll once offer ``key`` is taken and the roll kept, when the
        system knows them cheaply (a reroll is the check's own odds); ``None`` when no figure
        should be shown; :data:`WALK` (the default) to have :mod:`solo.rules.offer_odds` walk the
        dice the offer draws."""
        return WALK

    def apply_offer(
        self, dice: Dice, record: RollRecord, character: Character, key: str
    ) -> RollRecord:
        """Refuse: there are no offers to carry out."""
        raise RulesError(
            f"{self.error_label}: there is nothing to spend on a roll in this system "
            f"(got offer {key!r})"
        )

    def read_offer(self, record: RollRecord, character: Character, text: str) -> str | None:
        """Nothing is answered by typing."""
        return None

    def alternatives(self, character: Character, params: Mapping[str, Any]) -> list[Offer]:
        """No way to resolve a check without rolling."""
        return []

    def take_alternative(
        self, character: Character, params: Mapping[str, Any], key: str
    ) -> RollRecord:
        """Refuse: there are no alternatives to take."""
        raise RulesError(
            f"{self.error_label}: checks cannot be resolved without rolling (got {key!r})"
        )

    def settle(
        self, dice: Dice, record: RollRecord, character: Character,
        params: Mapping[str, Any], branches: frozenset[str],
    ) -> RollRecord:
        """Nothing left to decide: the record stands."""
        return record

    def is_success(self, outcome: str) -> bool:
        """Only ``success`` counts as a success."""
        return outcome == "success"

    def experience(self, record: RollRecord, character: Character) -> list[str]:
        """Rolls earn nothing (the adventure awards experience, if the system has any)."""
        return []

    def step_words(self, step: Mapping[str, Any]) -> "str | list[str] | None":
        """How one step of this system's roll records reads (:mod:`solo.rules.reasons`); None
        for a code it does not know, which is then shown as its code and values."""
        return None

    def end_of_adventure(self, character: Character) -> list[str]:
        """Everything carries over to the next adventure."""
        return []


# -- outcome classes for the analyzer (owned by the analysis; see solo/analyze/classes.py) -------


@runtime_checkable
class OutcomeClasses(Protocol):
    """Optional on a conflict procedure: its random calls as classes, in closed form.

    ``solo analyze`` branches a fight's ``begin`` (``what="start"``), ``act`` (``"exchange"``,
    ``extra`` the action's key) and ``conclude`` (``"aftermath"``, ``extra`` the result) on their
    distinct results. Without this method it finds them by running the call once per
    combination of dice; a procedure that knows them can answer at once: a list of
    ``(probability, faces)`` per distinct result, where ``faces`` are the dice (an int per
    ``Dice.roll``, an ascending tuple per pool of ``Dice.rolls``) that produce it, plus the
    probability left out (0 when exact); or None to be enumerated after all. The probabilities
    are exact Fractions adding up to 1 with what is left out.
    """

    def outcome_classes(
        self, what: str, setup: Any, state: Mapping[str, Any] | None, extra: Any
    ) -> "tuple[list[tuple[Fraction, list[Any]]], Fraction] | None": ...
