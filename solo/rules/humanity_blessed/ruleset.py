"""The ``humanity-blessed`` ruleset: the :class:`~solo.rules.base.Ruleset` interface, answered by
the package's modules (characters, rolling, offers, odds, the session and its shop).

The class holds no state and no rules of its own; each method hands over to the module that owns
that part of the game. See the package docstring for parameters, conditions and Decisions.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from solo.rules.house_rules import HouseRule
from solo.rules.humanity_blessed.conditions import NPC_CONDITIONS
from solo.rules.humanity_blessed.house_rules import HOUSE_RULES
from solo.rules.humanity_blessed.words import VOCABULARY
from solo.rules.humanity_blessed.creation import BlessedDraft
from solo.rules.creation import Draft
from solo.rules.vocabulary import Vocabulary
from solo.rules.base import WALK, Advance, Character, Odds, Offer, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import character as characters
from solo.rules.humanity_blessed import (
    convoy,
    first_roll,
    history_scope,
    insurance,
    loans,
    odds,
    offers,
    open_defence,
    optimal_solution,
    parsing,
    record_words,
    rolling,
    self_acceptance,
    shower_thoughts,
    wits,
)
from solo.rules.humanity_blessed import analysis_readers, analysis_view, outcome_classes, owed_blessings, session, shop
from solo.rules.humanity_blessed.endeavours import ENDEAVOURS
from solo.rules.humanity_blessed.fight import Fight
from solo.rules.humanity_blessed.fight.wounds import out_reason
from solo.rules.humanity_blessed.parsing import HBCheck
from solo.rules.humanity_blessed.tables import CORE_STATS, SIZES, SYSTEM, VALUES, err, flag


class HumanityBlessed(RulesetDefaults):
    """Humanity, Blessed. See the package docstring for parameters, conditions and Decisions.

    ``settle`` finishes a first roll kept while a spark could still have been declared.
    """

    #: its words for players: outcomes, terms, rules pages, how its rolls read
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    #: what a player of this system chooses at creation (``solo character new``)
    draft_class: ClassVar[type[Draft]] = BlessedDraft

    id: ClassVar[str] = SYSTEM
    error_label: ClassVar[str] = VALUES.label
    name: ClassVar[str] = "Humanity, Blessed"
    #: How players know the system (``solo list``).
    #: ``solo odds`` arguments shown as examples in its help.
    cli_examples: ClassVar[tuple[str, ...]] = ("--die d8 [--spark] --target 8",)
    display_name: ClassVar[str] = "Humanity, Blessed"
    #: The check parameter ``solo new adventure``'s sample check takes, with a middling value.
    starter_param: ClassVar[tuple[str, str]] = ("target", "easy")
    #: What the sample check tests to say what a better result does (the degrees below).
    starter_condition: ClassVar[str] = 'roll.size == "major" or roll.size == "very-major" or roll.size == "maximum"'
    #: How a roll reads in degrees: branch keys that write one, ``roll.*`` measures that read one.
    degree_words: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (("very-minor", "minor", "medium", "major", "very-major", "maximum"), ("size",))
    #: The opt-in house rules an adventure of this system may name.
    house_rules: ClassVar[tuple[HouseRule, ...]] = HOUSE_RULES
    outcome_labels: ClassVar[tuple[str, ...]] = ("failure", "success")
    stat_names: ClassVar[tuple[str, ...]] = CORE_STATS
    #: What adventures read right after a roll (``roll.size``, ``roll.margin``), and the sizes
    #: a branch may be keyed by (``major:``).
    measure_names: ClassVar[tuple[str, ...]] = ("size", "margin")
    size_labels: ClassVar[tuple[str, ...]] = SIZES
    #: Check parameters that name NPCs, which the engine and ``solo validate`` pass as characters.
    npc_params: ClassVar[tuple[str, ...]] = ("group_with", "opponent_group_with", "spark_with", "convoy", "loan_from", "scope_with")
    #: Conditions the rules read on an NPC's rolls, which an adventure may give an npc to start
    #: with (``conditions:``): the book's conditions are on characters, whoever plays them.
    npc_conditions: ClassVar[tuple[str, ...]] = NPC_CONDITIONS
    #: Check parameters that name the others rolling with a side (an option names them).
    group_params: ClassVar[tuple[str, ...]] = ("group_with", "opponent_group_with")
    #: Check parameters that name items of the adventure (``solo validate`` checks the names).
    item_params: ClassVar[tuple[str, ...]] = ("uses",)
    #: Conflict procedures (solo.rules.conflict): violent conflict (fight/) and the endeavours
    #: (endeavours/).
    conflicts: ClassVar[Mapping[str, type]] = {"fight": Fight, **ENDEAVOURS}
    #: Check and contest parameters beyond the common ones (docs/format.md).
    check_params: ClassVar[tuple[str, ...]] = (
        "target", "spark", "modifier", "aid", "focal", "training", "witnessed", "group_with", "uses", "violent", "opponent_stat", "opponent_modifier", "opponent_aid",
        "complex", "opponent_group_with", "spark_with", "synchronized", "convoy", "loan_from", "loan", "scope", "scope_with",
    )
    cli_options: ClassVar[dict[str, str]] = {
        "die": "the stat die: d4, d6, d8, d10 or a capped die such as dc3",
        "spark": "roll two such dice as one spark group (flag)",
        "target": "a number or lowest, easy, medium, hard, very-hard, trial",
        "modifier": "added to the roll (e.g. -1 while uncool)",
        "training": "Advanced Training: +1 each time a d8 or larger bumps (flag)",
        "versus": "the opponent's die: odds of a contest against it, the opponent defending (no --target)",
        "synchronized": "with --versus: Synchronized Enmity, both sides' dice bump together (flag)",
    }

    # characters ---------------------------------------------------------------------------
    def prepare_character(self, character: Character) -> Character:
        return characters.prepare_character(character)

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        characters.validate_character(character, creation=creation)

    # session ------------------------------------------------------------------------------
    def start_session(self, dice: Dice, character: Character) -> list[str]:
        """Begin a session: roll the lucky number and open the session's once-only awards."""
        return session.start_session(dice, character)

    def start_adventure(self, dice: Dice, character: Character) -> list[str]:
        """Engine hook: an adventure is a session, so it opens with a lucky number."""
        return session.start_session(dice, character)

    def gain(self, dice: Dice, character: Character, resource: str, amount: int) -> list[str] | None:
        """Engine hook for awards: blessing dice are rolled (a 1 brings another); any other
        resource is left to the engine (None)."""
        return session.gain(dice, character, resource, amount)

    def incapacitated(self, character: Character) -> str | None:
        """Engine hook: a character taken out (or killed) in a fight cannot act until the
        adventure clears it."""
        return out_reason(character)

    # interactive creation (optional hooks used by solo.ui.creation) ---------------------------
    creation_rules: ClassVar[str] = characters.CREATION_RULES
    creation_extra: ClassVar[tuple[str, ...]] = characters.CREATION_EXTRA

    def creation_defaults(self) -> dict[str, str]:
        return {stat: "d4" for stat in CORE_STATS}

    # rolling ------------------------------------------------------------------------------
    def parse_check(
        self, params: Mapping[str, Any], character: Character | None = None, *, contest: bool = False
    ) -> HBCheck:
        loans.written(params)  # a loan's parameters must go together (Synchronized Skill)
        history_scope.validate(params)  # scope and Synchronized Uncommonality's scope_with
        return parsing.parse_check(params, character, contest=contest)

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        lent = loans.lend(character, params)  # Synchronized Skill: a loan asked for comes first
        lent += history_scope.exchange(character, params)  # then Synchronized Uncommonality's swap
        return loans.noted(self_acceptance.opens(character, params) or history_scope.opens(character, params)
                           or shower_thoughts.opens(character, params)
                           or first_roll.check(dice, character, params), lent)

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        lent = loans.lend(character, params)
        return loans.noted(shower_thoughts.opens_contest(character, opponent, params)
                           or rolling.contest(dice, character, opponent, params), lent)

    def offers(self, record: RollRecord, character: Character) -> list[Offer]:
        if self_acceptance.is_open(record):
            return self_acceptance.offers(record, character)
        if history_scope.is_open(record):
            return history_scope.offers(record, character)
        if shower_thoughts.is_open(record):
            return shower_thoughts.offers(record, character)
        return offers.offers(record, character)

    def apply_offer(
        self, dice: Dice, record: RollRecord, character: Character, key: str
    ) -> RollRecord:
        if self_acceptance.is_open(record):
            return self_acceptance.finish(dice, record, character, key)
        if history_scope.is_open(record):
            return history_scope.finish(dice, record, character, key)
        if shower_thoughts.is_open(record):
            return shower_thoughts.finish(dice, record, character, key)
        return self_acceptance.carry(record, offers.apply_offer(dice, record, character, key))

    def keep_words(self, record: RollRecord) -> str:
        """Keeping does nothing more than end the roll (a first roll still open has its own keep)."""
        return ""

    def check_cost_words(self, params: Mapping[str, Any]) -> str:
        """A spark pays blessing dice when the check is rolled (two of equal worth; "Basic
        Checks"): the option says so beside its stat (read11: Bram's lever spent two unasked)."""
        spark, mate = params.get("spark"), params.get("spark_with")
        if isinstance(mate, list):
            return ""  # Double Trouble: two summons spark, paid by their summoner, not the player's pool
        whose = "a companion's " if mate else ""  # Synchronized Spark: their stat, the player's pool pays
        if isinstance(spark, str) and spark:
            return f" + {whose}{spark.replace('_', ' ').title()} spark (2 blessing dice)"
        if isinstance(spark, list) and spark:  # Ascendant Spark: three stats, the pair paid twice
            return " + " + " + ".join(str(s).replace("_", " ").title() for s in spark) + " spark (4 blessing dice)"
        return ""

    def offer_effect(self, record: RollRecord, character: Character, key: str) -> str:
        """Help that leaves the result but earns the big-win blessing die says so."""
        return offers.offer_effect(record, character, key)

    def offer_odds(self, record: RollRecord, character: Character, key: str) -> Odds | str | None:
        """A first roll still open (a spark may join it, or it rolls on) and Help are summed
        exactly (:func:`.first_roll.odds_after`, :func:`.offers.help_odds`); the rest are walked."""
        if self_acceptance.is_open(record):
            return self_acceptance.odds_after(record, character, key)
        if history_scope.is_open(record):
            return history_scope.odds_after(record, character, key)
        if shower_thoughts.is_open(record):
            return shower_thoughts.odds_after(record, character, key)
        if first_roll.is_open(record):
            return first_roll.odds_after(record, character, key)
        if open_defence.is_open(record):
            return open_defence.odds_after(record, character, key)
        if key.startswith("help-"):
            return offers.help_odds(record, character, key)
        if key == optimal_solution.KEY:
            return optimal_solution.odds(record)
        if key == insurance.KEY:
            return insurance.odds()
        if key.startswith(convoy.PREFIX):
            return convoy.odds(record, key)
        if key in (offers.FEARLESS, wits.KEY):  # a smaller blow, a loss turned: not another chance, no figure
            return None
        return WALK

    def settle(
        self, dice: Dice, record: RollRecord, character: Character,
        params: Mapping[str, Any], branches: frozenset[str],
    ) -> RollRecord:
        """A first roll kept while still open (a spark could have been declared) rolls on as a
        basic check, and an open defence is answered as written (a check waiting for Radical
        Self-Acceptance's stat is rolled as written); any other record stands."""
        if self_acceptance.is_open(record):
            record = self_acceptance.finish(dice, record, character, self_acceptance.KEEP)
        if history_scope.is_open(record):
            record = history_scope.finish(dice, record, character, history_scope.KEEP)
        if shower_thoughts.is_open(record):
            record = shower_thoughts.finish(dice, record, character, shower_thoughts.KEEP)
        if first_roll.is_open(record):
            return first_roll.finish(dice, record, character, first_roll.KEEP)
        if open_defence.is_open(record):
            return open_defence.finish(dice, record, character, first_roll.KEEP)
        return record

    def turns_losses(self, params: Mapping[str, Any], character: Character | None = None) -> bool:
        """Validator hook: a defended non-violent contest against one attacker, which Blessèd
        Wits may turn (:mod:`.wits`)."""
        return wits.answers(params, character)

    def alternatives(self, character: Character, params: Mapping[str, Any]) -> list[Offer]:
        return offers.alternatives(character, params)

    def take_alternative(
        self, character: Character, params: Mapping[str, Any], key: str
    ) -> RollRecord:
        return offers.take_alternative(character, params, key)

    # solo analyze ------------------------------------------------------------------------
    def check_classes(self, character: Character, opponent: Character | None, params: Mapping[str, Any],
                      kind: str, reads: Any) -> Any:
        """Analyzer hook: a check's or contest's outcome classes in closed form (None: enumerate)."""
        if params.get("loan_from") is not None or params.get("scope") is not None or params.get("scope_with") is not None:  # the character changes first, or a choice comes before the dice
            return None
        if kind == "contest":
            return None if opponent is None else outcome_classes.contest_classes(character, opponent, params, reads)
        return outcome_classes.check_classes(character, params, reads)

    def analysis_character(self, character: Character) -> Character:
        """Analyzer hook: the character as a state key sees it (:mod:`.analysis_view`)."""
        return analysis_view.view(character)

    def analysis_unread(self, checks: Any, conflicts: bool, shop: bool, read: frozenset[str]) -> frozenset[str]:
        """Analyzer hook: the blessing pool while no step ahead reads it (:mod:`.analysis_readers`)."""
        return analysis_readers.unread(checks, conflicts, shop, read, getattr(self, "odds_play", None) or ())

    def analysis_forget(self, character: Character, parts: frozenset[str]) -> Character:
        """Analyzer hook: the parts :meth:`analysis_unread` named, in one fixed form."""
        return analysis_readers.forget(character, parts)

    def analysis_owed(self, character: Character) -> str | None:
        """Analyzer hook: the pool while awarded dice are owed (:mod:`.owed_blessings`)."""
        return owed_blessings.owed_part(character)

    def analysis_settle(self, dice: Dice, character: Character) -> None:
        """Analyzer hook: draw the owed blessing dice into the pool."""
        owed_blessings.settle(dice, character)

    def analysis_owed_marked(self, character: Character) -> Character:
        """Analyzer hook: a copy whose count of blessing dice owed says only "some"."""
        return owed_blessings.marked(character)

    # odds ---------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        return odds.check_odds(history_scope.with_exchange(loans.with_loan(character, params), params), params)

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        return odds.contest_odds(loans.with_loan(character, params), opponent, params)

    # command line -------------------------------------------------------------------------
    def _cli_params(self, args: Mapping[str, Any]) -> dict[str, Any]:
        VALUES.reject_unknown_options(args, self.cli_options)
        if args.get("die") in (None, True):
            raise err("--die is required (d4, d6, d8, d10 or dcX)")
        if args.get("versus") is not None or args.get("synchronized") is not None:
            return self._cli_contest(args)
        if args.get("target") in (None, True):
            raise err("--target is required (a number or lowest/easy/medium/hard/very-hard/trial)")
        params: dict[str, Any] = {"die": args["die"], "target": args["target"],
                                  "spark": flag(args.get("spark", False)),
                                  "training": flag(args.get("training", False))}
        if args.get("modifier") not in (None, True):
            params["modifier"] = args["modifier"]
        return params

    def _cli_contest(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """A contest from the command line: the roller's die (sparked with a second such die
        with --spark) against the opponent's; with --synchronized the roller has Synchronized
        Enmity and Synchronized Spark and blessing dice to pay for it. The characters ride in
        the parameters (``_me``, ``_them``) for :meth:`odds_for_args` and :meth:`roll_for_args`."""
        if args.get("versus") in (None, True):
            raise err("--synchronized is for a contest: give the opponent's die with --versus")
        if args.get("target") not in (None, True):
            raise err("--target is for a check; a contest (--versus) is won by rolling higher")
        sync, spark = flag(args.get("synchronized", False)), flag(args.get("spark", False))
        stats = {"roll": args["die"], "spark": args["die"]}
        me = Character(name="you", system=SYSTEM, stats=stats, resources={"blessings": [1, 1, 1, 1] if sync else [1, 1]},
                       extra={"abilities": ["Synchronized Spark", "Synchronized Enmity"] if sync else []})
        them = Character(name="the opponent", system=SYSTEM, stats={"roll": args["versus"]})
        params: dict[str, Any] = {"stat": "roll", "spark": "spark" if spark else None,
                                  "training": flag(args.get("training", False)), "synchronized": sync,
                                  "_me": me, "_them": them}
        if args.get("modifier") not in (None, True):
            params["modifier"] = args["modifier"]
        return params

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        params = self._cli_params(args)
        if "_me" in params:
            return self.contest_odds(params.pop("_me"), params.pop("_them"), params)
        return self.check_odds(Character(name="", system=SYSTEM, stats={}), params)

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        params = self._cli_params(args)
        if "_me" in params:
            return self.contest(dice, params.pop("_me"), params.pop("_them"), params)
        return self.check(dice, Character(name="", system=SYSTEM, stats={}), params)

    def step_words(self, step: Mapping[str, Any]) -> str | list[str] | None:
        """How a step of a Humanity, Blessed record reads (:mod:`.record_words`)."""
        return record_words.say(step)

    # experience and the session shop -------------------------------------------------------
    def experience(self, record: RollRecord, character: Character) -> list[str]:
        return (session.experience(record, character) + self_acceptance.after(record, character)
                + shower_thoughts.remember(record, character))

    def advancement(self, character: Character) -> list[Advance]:
        return shop.advancement(character)

    def advance(self, character: Character, key: str) -> Character:
        return shop.advance(character, key)

    def end_scene(self, character: Character) -> list[str]:
        """Engine hook: the scene is over; what lasts until then ends (Synchronized Skill's
        loans, :mod:`.loans`)."""
        return loans.end_scene(character) + history_scope.end_scene(character)

    def end_of_adventure(self, character: Character) -> list[str]:
        return self.end_scene(character) + shop.end_of_adventure(character)
