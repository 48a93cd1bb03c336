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
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from solo.errors import SoloError
from solo.rules.dice import Dice, RollRecord
from solo.rules.vocabulary import Vocabulary

if TYPE_CHECKING:
    from solo.rules.house_rules import HouseRule


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
    Humanity, Blessed). ``resources`` holds counters a system tracks on the character (XP, EP,
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


#: Values :func:`_copy` returns as they are (no dict, list or tuple is of these types): inside a
#: dict or list they are taken without a call.
_AS_IS = frozenset({str, int, bool, float, type(None)})


def _copy(value: Any) -> Any:
    kind = type(value)
    if kind is not dict and kind is not list and hasattr(value, "guarded_copy"):
        return value.guarded_copy()  # the analyzer's guarded list of values not all drawn yet
    if isinstance(value, dict):
        return {k: v if type(v) in _AS_IS else _copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _AS_IS else _copy(v) for v in value]
    return value


@dataclass(frozen=True)
class Odds:
    """An exact probability distribution over a system's outcome labels.

    ``outcomes`` maps label to an exact :class:`~fractions.Fraction`; labels that overlap (for
    example ``success`` beside the finer labels) are allowed, each is its own event.
    ``distributions`` holds named secondary distributions (GAME's ``excess``: value to
    probability). ``values`` holds scalar facts (Humanity, Blessed ``expected``). ``truncated``
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
    #: Taken, the loss stands and the opponent also gets the losing branch's ``lesser`` form
    #: (the effect turned on them, less severe: Humanity, Blessed Blessèd Wits). The engine
    #: shows it only where the branch the roll takes has such a form.
    lesser: bool = False
    #: Why the offer cannot be taken now, or "" when it can: the engine shows it greyed with
    #: this reason and no key, in its place among the numbered offers (the offers after it keep
    #: their numbers, so a save's choice log still names the same ones), and no bot takes it.
    #: For an offer the book allows but which is certain to change nothing (Humanity, Blessed:
    #: a sure +1 that reaches neither success nor the next outcome size).
    disabled: str = ""


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
      default ``()``. Readers use ``names(ruleset, "contest_labels")``, so it is not a
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
      prepared characters, and the validator checks the names (companions, except for a
      parameter of the opponent's side, named ``opponent_...``); default none.
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
    #: ``outcomes``, ``defending`` and ``tags``: "did you mean" hints, and the validator refuses
    #: any other field on this system's rolls (another system's); empty: not declared, not checked.
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


# -- optional hooks ----------------------------------------------------------------------------
#
# Everything the engine, the front ends, the validator, the playtest bot and ``solo analyze`` may
# ask a ruleset beyond :class:`Ruleset` is one small Protocol here. A ruleset has a hook or it does
# not; callers ask through :func:`hook`, which hands back the ruleset typed as the hook (or None),
# never through ``getattr`` with a name typed again at each call. :func:`check_ruleset` checks a
# ruleset when it is registered: a missing required member or a hook of the wrong kind is one line
# naming the ruleset, where it came from and the member.

_H = TypeVar("_H")


@runtime_checkable
class Carries(Protocol):
    """A system that counts what a character carries (GUTS+ encumbrance)."""

    def carrying(self, character: Character, items: Mapping[str, Any], adding: str | None = None) -> str | None:
        """Why the character cannot carry ``items`` (ids to their ``rules:``) with ``adding`` too, or None."""


@runtime_checkable
class TakesConditions(Protocol):
    """A system whose rules act when a condition is put on a character (GUTS+ strained twice)."""

    def take_condition(self, character: Character, name: str) -> list[str] | None:
        """Put ``name`` on the character by the rules and return lines saying so; None: not a rule's."""


@runtime_checkable
class Injures(Protocol):
    """A system with body parts that take injuries (the ``injury`` effect)."""

    def injure(self, character: Character, part: str, count: int, *, items: Mapping[str, Any]) -> list[str] | None:
        """Injure ``part`` ``count`` times; lines saying what the rules did."""


@runtime_checkable
class Heals(Protocol):
    """A system whose injuries come off by an effect (the ``heal`` effect)."""

    def heal(self, character: Character, part: str, count: int) -> list[str] | None:
        """Take ``count`` injuries off ``part`` (``all``: every part); lines saying so."""


@runtime_checkable
class Rests(Protocol):
    """A system with rules for rest (the ``rest`` effect)."""

    def rest(self, character: Character, hours: int) -> list[str] | None:
        """Rest ``hours``; lines saying what came back."""


@runtime_checkable
class PassesTime(Protocol):
    """A system whose rules act while time passes without rest (``rest: {..., resting: false}``)."""

    def pass_time(self, character: Character, hours: int) -> list[str] | None:
        """``hours`` go by, the character not resting; lines saying what came back."""


@runtime_checkable
class StartsAdventures(Protocol):
    """A system that gives something when an adventure begins (a pool refilled, Luck rolled)."""

    def start_adventure(self, dice: Dice, character: Character) -> list[str] | None:
        """Carry it out on the chosen character; lines saying so."""


@runtime_checkable
class EndsScenes(Protocol):
    """A system with effects that last until the end of the scene (Humanity, Blessed's loaned
    abilities): the engine says when play leaves a scene for a different one."""

    def end_scene(self, character: Character) -> list[str] | None:
        """End what lasts until the end of the scene; lines saying so."""


@runtime_checkable
class Incapacitates(Protocol):
    """A system that says when a character can no longer act (the ``defeated`` branch)."""

    def incapacitated(self, character: Character) -> str | None:
        """Why the character cannot act (``"unconscious"``), or None."""


@runtime_checkable
class ReadsOffers(Protocol):
    """A system whose offers are answered by typing a value (a ``typed`` :class:`Offer`)."""

    def read_offer(self, record: RollRecord, character: Character, text: str) -> str | None:
        """The offer key for what the player typed, or None when it is no such answer."""


@runtime_checkable
class TakesGivenOffers(Protocol):
    """A system that carries out an offer among those the caller already has on the record
    without working its offers out again (the same as :meth:`Ruleset.apply_offer`, cheaper)."""

    def apply_given_offer(self, dice: Dice, record: RollRecord, character: Character, key: str,
                          offered: Sequence[Offer], owned: bool = False) -> RollRecord:
        """:meth:`Ruleset.apply_offer` for ``key``; ``offered``: :meth:`Ruleset.offers` on this
        very record, maybe fewer (an engine leaves some out). Any other key is checked as there.
        ``owned``: the caller holds ``record`` alone and drops it for the record returned (the
        playtest's fast runtime), so the offer may be carried out on it instead of a copy."""


@runtime_checkable
class KnowsOfferOdds(Protocol):
    """A system that knows the odds after an offer cheaply (see :meth:`RulesetDefaults.offer_odds`)."""

    def offer_odds(self, record: RollRecord, character: Character, key: str) -> "Odds | str | None":
        """Exact odds once ``key`` is taken, None to show no figure, :data:`WALK` to walk the dice."""


@runtime_checkable
class SaysWhatOffersDo(Protocol):
    """A system whose roll choices do more than their odds show: keeping a roll that does
    something itself (GUTS+ places waiting pips), or an offer that earns something while the
    result stays as it is (a Humanity, Blessed big-win die, a GUTS+ bonus die)."""

    def keep_words(self, record: RollRecord) -> str:
        """What keeping ``record`` as it stands does besides ending the roll, "" for nothing."""

    def offer_effect(self, record: RollRecord, character: Character, key: str) -> str:
        """What taking ``key`` earns where the result stays the same, "" for nothing."""


@runtime_checkable
class Gains(Protocol):
    """A system that carries out awards itself (an amount per name, a pool with a cap)."""

    def gain(self, dice: Dice, character: Character, resource: str, amount: Any) -> list[str] | None:
        """Give the award and return lines; None leaves it to the engine (whole numbers added)."""


@runtime_checkable
class ChecksAwards(Protocol):
    """A system that can say an award is impossible before play (``solo validate``)."""

    def check_award(self, resource: str, amount: Any, character: Character | None) -> None:
        """Raise :class:`RulesError` for an award that cannot be given as written (to
        ``character``, or to any character of the system when None)."""


@runtime_checkable
class HasTraits(Protocol):
    """A system whose characters have traits an adventure may test (``trait("name")``)."""

    #: The trait names the validator accepts in ``trait(...)``.
    trait_names: tuple[str, ...]

    def has_trait(self, character: Character, name: str) -> bool:
        """Whether the character has the trait."""


@runtime_checkable
class WordsSteps(Protocol):
    """A system whose roll records carry step codes it words (:mod:`solo.rules.reasons`)."""

    def step_words(self, step: Mapping[str, Any]) -> "str | list[str] | None":
        """The line(s) one step reads as; None: shown as its code and values."""


@runtime_checkable
class HasVocabulary(Protocol):
    """A system's words for players: names, outcome words, ``:help`` terms, rules pages, roll
    readings (a :class:`solo.rules.vocabulary.Vocabulary`)."""

    vocabulary: Vocabulary


@runtime_checkable
class CreationRules(Protocol):
    """The creation rules in a few lines, shown while a character is made."""

    creation_rules: str


@runtime_checkable
class CreationExtra(Protocol):
    """Extra fields a new character fills in (GAME's notable characteristic...)."""

    creation_extra: tuple[str, ...]


@runtime_checkable
class CreationDefaults(Protocol):
    """The starting stats of a new character of a system without a draft class of its own."""

    def creation_defaults(self) -> Mapping[str, Any]:
        """Stat name to starting rating."""


@runtime_checkable
class HasDraft(Protocol):
    """A system with its own step-by-step character creation (a :class:`solo.rules.creation.Draft`)."""

    draft_class: type


@runtime_checkable
class AllowsCustomStats(Protocol):
    """Whether a new character may add stats of its own (default: yes)."""

    custom_stats: bool


@runtime_checkable
class OrdersPools(Protocol):
    """Whether the rules read the order of a pool's dice (Loose and Fuzzy's two marked dice), so
    ``solo analyze`` draws such a pool die by die instead of as a multiset (default: no)."""

    ordered_pools: bool


@runtime_checkable
class PlaytestHints(Protocol):
    """How the playtest bot plays this system's offers for exact odds: their names, in the
    order taken (the first one on offer, never a greyed one; none: keep the roll)."""

    odds_play: tuple[str, ...]


@runtime_checkable
class PlaysOddsOffers(Protocol):
    """A system whose exact odds take a roll's offers by more than their names: it picks, on the
    roll as it stands, the offer that play takes next (GUTS+: mastery's best change, and nothing
    after mastery). The bots and the analyzer ask it before :class:`PlaytestHints`' names."""

    def odds_offer(self, record: RollRecord, offered: Sequence[Offer]) -> str | None:
        """The key of the offer the odds' play takes next among ``offered`` (never a greyed
        one), or None to keep the roll as it stands."""


@runtime_checkable
class HasConflicts(Protocol):
    """A system with conflict procedures (:mod:`solo.rules.conflict`), by name."""

    conflicts: Mapping[str, Any]


@runtime_checkable
class HasMeasures(Protocol):
    """A system whose roll records carry measures (``roll.<name>`` in expressions)."""

    measure_names: tuple[str, ...]


@runtime_checkable
class HasSizeLabels(Protocol):
    """A system that names extra branch keys by a roll's size (``measures["size"]``)."""

    size_labels: tuple[str, ...]


@runtime_checkable
class HasContestLabels(Protocol):
    """A system whose contests have outcomes beyond its checks' (``draw``), worst to best."""

    contest_labels: tuple[str, ...]


@runtime_checkable
class SaysCheckCosts(Protocol):
    """A system whose check parameters can spend something when the dice are rolled (a
    Humanity, Blessed ``spark`` pays two blessing dice): the option that rolls it says so
    beside its stat, so a choice never spends what its words did not mention."""

    def check_cost_words(self, params: Mapping[str, Any]) -> str:
        """What rolling a check with ``params`` adds to its label, e.g. " + Head spark, paying
        2 blessing dice"; "" when it spends nothing."""


@runtime_checkable
class NamesParams(Protocol):
    """A system that declares the check parameters it reads (for "did you mean" hints)."""

    check_params: tuple[str, ...]


@runtime_checkable
class PeopleParams(Protocol):
    """Check parameters whose values name NPCs (Humanity, Blessed ``group_with``)."""

    npc_params: tuple[str, ...]


@runtime_checkable
class NpcConditions(Protocol):
    """The conditions the rules read on an NPC (the part before any ``:``), which an adventure may
    give one to start with (``conditions:`` under ``npcs:``; Humanity, Blessed ``disarmed``)."""

    npc_conditions: tuple[str, ...]


@runtime_checkable
class GroupParams(Protocol):
    """Check parameters naming the NPCs who roll with a side of a contest (Humanity, Blessed
    ``group_with``): the player's side, or the opponent's for a name starting ``opponent_``.
    An option on offer names them beside the stat and the opponent."""

    group_params: tuple[str, ...]


@runtime_checkable
class ItemParams(Protocol):
    """Check parameters whose values are item ids, which the validator checks."""

    item_params: tuple[str, ...]


@runtime_checkable
class Presents(Protocol):
    """How players know a system in lists (``solo list``)."""

    #: The short name on the catalogue (``GUTS+``); default: :attr:`Ruleset.name`.
    display_name: str


@runtime_checkable
class HasHouseRules(Protocol):
    """The opt-in house rules an adventure of this system may name (:mod:`solo.rules.house_rules`)."""

    house_rules: tuple["HouseRule", ...]


@runtime_checkable
class DescribesDegrees(Protocol):
    """The branch keys and ``roll.<name>`` measures that tell how well a roll went."""

    #: (branch keys that say a degree, measures that say one).
    degree_words: tuple[tuple[str, ...], tuple[str, ...]]


@runtime_checkable
class StarterCondition(Protocol):
    """What ``solo new adventure``'s sample check tests to say what a better result does (a
    condition on a ``roll.*`` measure): a system that reads rolls in degrees gives one."""

    starter_condition: str


@runtime_checkable
class StarterParam(Protocol):
    """The check parameter ``solo new adventure``'s sample check takes, with a middling value
    (``("target", "average")``)."""

    starter_param: tuple[str, str]


@runtime_checkable
class TurnsLosses(Protocol):
    """A system whose rules may turn a lost contest's effect, less severe, back on the opponent
    (Humanity, Blessed Blessèd Wits): the losing branch's ``lesser`` form says what that is."""

    def turns_losses(self, params: Mapping[str, Any], character: Character | None = None) -> bool:
        """Whether a lost contest with these parameters may be turned so (``character``: by
        that character, with the abilities they have; None: by some character)."""


@runtime_checkable
class ShowsExamples(Protocol):
    """Examples of ``solo odds SYSTEM`` arguments (``"--dice 3 [--modifier -1]"``), for help."""

    cli_examples: tuple[str, ...]


def hook(ruleset: object, kind: Callable[..., _H]) -> _H | None:
    """``ruleset`` as the optional hook ``kind`` (one of the Protocols above), or None when it
    does not have it. The one way callers ask a ruleset for something beyond :class:`Ruleset`."""
    members = _MEMBERS.get(kind)
    if members is None:
        return ruleset if isinstance(ruleset, kind) else None  # type: ignore[arg-type, return-value]
    # A member set to None is a hook left out (a subclass may switch off its parent's).
    return ruleset if all(getattr(ruleset, m, None) is not None for m in members) else None  # type: ignore[return-value]


def names(ruleset: object, member: str) -> tuple[str, ...]:
    """A hook that is a tuple of names (``contest_labels``, ``npc_params``...; ``kind`` "names"
    in :data:`OPTIONAL`), or ``()`` when the ruleset leaves it out."""
    if OPTIONAL[member][0] != "names":
        raise KeyError(f"{member!r} is not a hook of names")
    return tuple(getattr(ruleset, member, None) or ())


class RulesetError(RulesError):
    """A ruleset cannot be used: a required member is missing or a hook is of the wrong kind."""


def _names(value: object) -> bool:
    return isinstance(value, (tuple, list, frozenset)) and all(isinstance(v, str) for v in value)


def _method(value: object) -> bool:
    return callable(value)


_KINDS: dict[str, tuple[str, Callable[[object], bool]]] = {
    "method": ("a method", _method),
    "names": ("a tuple of strings", _names),
    "text": ("a string", lambda v: isinstance(v, str)),
    "flag": ("True or False", lambda v: isinstance(v, bool)),
    "mapping": ("a mapping", lambda v: isinstance(v, Mapping)),
    "class": ("a class", lambda v: isinstance(v, type)),
    "pair": ("a (name, value) pair", lambda v: _names(v) and len(v) == 2),  # type: ignore[arg-type]
    "degrees": ("a pair of tuples of strings", lambda v: isinstance(v, tuple) and len(v) == 2
                and all(_names(part) for part in v)),
    "words": ("a solo.rules.vocabulary.Vocabulary", lambda v: isinstance(v, Vocabulary)),
    "rules": ("a tuple of house rules (name, title, text)", lambda v: isinstance(v, (tuple, list))
              and all(isinstance(getattr(r, "name", None), str) for r in v)),
}

#: Members every ruleset has, and the kind each must be.
REQUIRED: dict[str, str] = {
    "id": "text", "name": "text", "outcome_labels": "names", "stat_names": "names",
    "cli_options": "mapping",
    **{name: "method" for name in (
        "validate_character", "prepare_character", "parse_check", "check", "contest", "offers",
        "apply_offer", "alternatives", "take_alternative", "settle", "is_success", "check_odds",
        "contest_odds", "odds_for_args", "roll_for_args", "experience", "advancement", "advance",
        "end_of_adventure")},
}

#: Optional hooks: member name -> (kind, the Protocol that declares it).
OPTIONAL: dict[str, tuple[str, type]] = {
    "carrying": ("method", Carries), "take_condition": ("method", TakesConditions),
    "injure": ("method", Injures), "heal": ("method", Heals), "rest": ("method", Rests), "pass_time": ("method", PassesTime),
    "start_adventure": ("method", StartsAdventures), "end_scene": ("method", EndsScenes), "incapacitated": ("method", Incapacitates),
    "read_offer": ("method", ReadsOffers), "apply_given_offer": ("method", TakesGivenOffers),
    "offer_odds": ("method", KnowsOfferOdds),
    "keep_words": ("method", SaysWhatOffersDo), "offer_effect": ("method", SaysWhatOffersDo),
    "check_cost_words": ("method", SaysCheckCosts),
    "gain": ("method", Gains), "check_award": ("method", ChecksAwards),
    "has_trait": ("method", HasTraits), "trait_names": ("names", HasTraits),
    "step_words": ("method", WordsSteps), "vocabulary": ("words", HasVocabulary),
    "creation_rules": ("text", CreationRules), "creation_extra": ("names", CreationExtra),
    "creation_defaults": ("method", CreationDefaults), "draft_class": ("class", HasDraft),
    "custom_stats": ("flag", AllowsCustomStats), "ordered_pools": ("flag", OrdersPools), "odds_play": ("names", PlaytestHints),
    "odds_offer": ("method", PlaysOddsOffers),
    "conflicts": ("mapping", HasConflicts), "measure_names": ("names", HasMeasures),
    "size_labels": ("names", HasSizeLabels), "contest_labels": ("names", HasContestLabels),
    "check_params": ("names", NamesParams), "npc_params": ("names", PeopleParams), "npc_conditions": ("names", NpcConditions),
    "group_params": ("names", GroupParams),
    "item_params": ("names", ItemParams), "display_name": ("text", Presents),
    "house_rules": ("rules", HasHouseRules), "degree_words": ("degrees", DescribesDegrees),
    "cli_examples": ("names", ShowsExamples), "turns_losses": ("method", TurnsLosses),
    "starter_condition": ("text", StarterCondition), "starter_param": ("pair", StarterParam),
}


def check_ruleset(ruleset: object, ruleset_id: str, source: str) -> None:
    """Raise :class:`RulesetError` (one line: the ruleset, ``source`` and the member) when a
    required member is missing or any member is not of its kind (a ``rest`` that is a number)."""
    where = f"game system {ruleset_id!r} ({source})"
    for name, kind in REQUIRED.items():
        if not hasattr(ruleset, name):
            raise RulesetError(f"{where}: missing member {name!r} ({_KINDS[kind][0]})")
    members = dict(REQUIRED) | {name: kind for name, (kind, _) in OPTIONAL.items()}
    for name, kind in members.items():
        if not hasattr(ruleset, name):
            continue
        value = getattr(ruleset, name)
        if value is None and name in OPTIONAL:
            continue  # a hook set to None is a hook left out
        what, ok = _KINDS[kind]
        if not ok(value):
            raise RulesetError(f"{where}: member {name!r} must be {what} (got {type(value).__name__})")


#: Each hook's members (the table above, by Protocol), for :func:`hook`.
_MEMBERS: dict[object, tuple[str, ...]] = {}
for _name, (_, _protocol) in OPTIONAL.items():
    _MEMBERS[_protocol] = _MEMBERS.get(_protocol, ()) + (_name,)


# -- outcome classes for the analyzer (owned by the analysis; see solo/analyze/classes.py) -------


@runtime_checkable
class AnalysisState(Protocol):
    """Optional on a conflict procedure: its state as far as later steps can read it.

    ``solo analyze`` merges two game states mid-conflict only when their keys are equal; a
    procedure that keeps bookkeeping nothing reads (a ledger for the view, totals for the log)
    returns its state without it, so such states merge. Every part a later ``decision``, ``act``
    or ``conclude`` reads must stay (:mod:`solo.analyze.conflict_keys`).
    """

    def analysis_state(self, state: Mapping[str, Any]) -> Mapping[str, Any]: ...


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


@runtime_checkable
class CheckClasses(Protocol):
    """Optional on a ruleset: a check's or contest's outcome classes for ``solo analyze``, in
    closed form, for a roll whose magnitudes an adventure reads (``reads``: the ``roll.*``
    fields its expressions read). A list of ``(probability, faces)``, ``faces`` being the dice
    of one roll of the class in the order the rules draw them (an int per ``Dice.roll``, an
    ascending tuple per pool of ``Dice.rolls``), and the probability left out; or None to be
    enumerated by the analyzer. Two rolls of one class must read alike for everything the game
    can tell apart afterwards (the record's label, branch, the fields read, the characters)."""

    def check_classes(
        self, character: Any, opponent: Any, params: Mapping[str, Any], kind: str, reads: Any
    ) -> "tuple[list[tuple[Fraction, list[Any]]], Fraction] | None": ...


@runtime_checkable
class AnalysisKeys(Protocol):
    """Optional on a ruleset: the character as the state key of ``solo analyze`` sees it, with
    what no later rule can read left out or put in one canonical form (a pool's order, say); two
    characters with equal views must play on alike. Returns a new Character (the one given is
    not changed). Without it the analyzer keys the character whole."""

    def analysis_character(self, character: Any) -> Any: ...


@runtime_checkable
class AnalysisReaders(Protocol):
    """Optional on a ruleset: parts of a character that only some steps read, so that the state
    key of ``solo analyze`` can leave them out once no such step is ahead.

    ``analysis_unread(checks, conflicts, shop, read)`` is told what the game can still come to:
    the :class:`~solo.adventure.model.CheckSpec` of every check and contest ahead, whether a
    conflict (a fight, an endeavour) is ahead, whether an ``advance`` effect is, and the resources
    expressions read (``resource("...")``); it names the parts none of those reads (ids of the
    ruleset's own choosing). ``analysis_forget(character, parts)`` returns a copy of the character
    with those parts in one fixed form. Two characters equal but for them must play on alike
    through every step of the kinds not named (the analyzer plays rolls as the exact odds do:
    :func:`~solo.playtest.policies.dice_decision`)."""

    def analysis_unread(self, checks: Any, conflicts: bool, shop: bool, read: frozenset[str]) -> frozenset[str]: ...

    def analysis_forget(self, character: Any, parts: frozenset[str]) -> Any: ...


@runtime_checkable
class AnalysisOwes(Protocol):
    """Optional on a ruleset: random gains ``solo analyze`` may leave undrawn until a step reads
    what they add to. When the dice an award is rolled with say ``may_owe(resource)`` (the
    analyzer's scripted dice; never the dice of a game), the rules may keep a count of what is owed on the
    character instead of drawing it, and then call ``dice.owe(character, resource)``. ``analysis_owed(character)`` names the resource a step must
    not read while something is owed (None: nothing is); ``analysis_settle(dice, character)``
    draws everything owed into it, as a game would have drawn it when it was gained. Sound when
    the gains are independent of everything between the award and the first read, and only
    append to the resource (so drawing them late, all at once, leaves the same distribution)."""

    def analysis_owed(self, character: Any) -> str | None: ...

    def analysis_settle(self, dice: Any, character: Any) -> None: ...

    def analysis_owed_marked(self, character: Any) -> Any:
        """A copy of ``character`` whose count owed says only that some are owed, for keying a
        step run with what is owed left owed: no rule reads the count (only the analyzer draws
        it, before a step that reads the resource), and gains only add to it, so such a step
        plays alike whatever the count (:mod:`solo.analyze.fights`)."""
        ...
