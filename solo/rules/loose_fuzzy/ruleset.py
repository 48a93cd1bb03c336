"""The ``loose-fuzzy`` ruleset: :class:`LooseFuzzy` behind the :class:`~solo.rules.base.Ruleset` interface."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Mapping

from solo.rules.house_rules import HouseRule
from solo.rules.loose_fuzzy.house_rules import HOUSE_RULES
from solo.rules.loose_fuzzy.words import VOCABULARY
from solo.rules.loose_fuzzy.creation import LooseDraft
from solo.rules.creation import Draft
from solo.rules.vocabulary import Vocabulary
from solo.rules.base import Advance, Character, Odds, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.loose_fuzzy.abilities import (
    BASELINE,
    FIT,
    MAX_LUCK,
    REQUIRED,
    START_LUCK,
    START_UNLUCK,
    SYSTEM,
    TARGET_NAMES,
    TARGETS,
    VALUES,
    dice_spent,
    disabilities,
    is_rating,
    lookup,
    norm,
    rules_error,
    starting_luck,
)
from solo.rules.loose_fuzzy import check_classes, experience, record_words
from solo.rules.loose_fuzzy.combat import advantage_points, condition_wound_penalty
from solo.rules.loose_fuzzy.fight.gear import out_reason
from solo.rules.loose_fuzzy.fight.procedure import Fight
from solo.rules.loose_fuzzy.odds import (
    check_distribution,
    contest_distribution,
    expected_total,
    total_distribution,
    with_overall,
)
from solo.rules.loose_fuzzy.pool import MAX_TIE_REROLLS, PoolRoll, roll_pool
from solo.rules.reasons import Step, reason
from solo.rules.values import canonical_keys


@dataclass(frozen=True)
class LFCheck:
    """A parsed check: how many dice, against what, with which roll bonus."""

    stat: str
    rating: int
    dice: int
    target: int | None
    bonus: int
    fit: int
    notes: tuple[tuple[str, int], ...]  # dice taken off and why: ("situation", 1), ("wounded", 2)...


#: Reading labels that count as a success.
SUCCESSES = frozenset({"costly-success", "success", "critical-success"})


def reading(critical: str | None, reached: bool) -> str:
    """The label of a roll: double 1s read ``costly-success`` when the sum still reaches the
    target (or wins the contest) and ``critical-failure`` when it does not; double 6s read
    ``critical-success`` only when the sum (with its bonus dice) gets there."""
    if critical == "failure":
        return "costly-success" if reached else "critical-failure"
    if not reached:
        return "failure"
    return "critical-success" if critical == "success" else "success"


def _int_param(params: Mapping[str, Any], key: str, default: int = 0) -> int:
    value = params.get(key)
    if value is None:
        return default
    return VALUES.whole_number(value, f"check parameter {key!r}")


def parse_target(value: object, key: str = "target") -> int:
    """A target number, or one of the named difficulties."""
    return VALUES.number_or_name(value, key, TARGETS, TARGET_NAMES, norm)


class LooseFuzzy(RulesetDefaults):
    """A Loose and Fuzzy Game System. See the module docstring for parameters and Decisions.

    No offers, alternatives or settling: those are :class:`RulesetDefaults`'.
    """

    #: its words for players: outcomes, terms, rules pages, how its rolls read
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    #: what a player of this system chooses at creation (``solo character new``)
    draft_class: ClassVar[type[Draft]] = LooseDraft

    id: ClassVar[str] = SYSTEM
    #: How players know the system (``solo list``).
    #: ``solo odds`` arguments shown as examples in its help.
    cli_examples: ClassVar[tuple[str, ...]] = ("--dice 3 --target 11",)
    display_name: ClassVar[str] = "Loose and Fuzzy"
    #: the first two dice of a pool are marked, so their order counts (``solo analyze``)
    ordered_pools: ClassVar[bool] = True
    #: The check parameter ``solo new adventure``'s sample check takes, with a middling value.
    starter_param: ClassVar[tuple[str, str]] = ("target", "average")
    #: What the sample check tests to say what a better result does (the degrees below).
    starter_condition: ClassVar[str] = 'roll.critical == "success"'
    #: How a roll reads in degrees: branch keys that write one, ``roll.*`` measures that read one.
    degree_words: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (("critical-success", "critical-failure", "costly-success"), ("critical",))
    #: The opt-in house rules an adventure of this system may name.
    house_rules: ClassVar[tuple[HouseRule, ...]] = HOUSE_RULES
    error_label: ClassVar[str] = VALUES.label
    name: ClassVar[str] = "A Loose and Fuzzy Game System"
    outcome_labels: ClassVar[tuple[str, ...]] = (
        "critical-failure",
        "failure",
        "costly-success",
        "success",
        "critical-success",
    )
    stat_names: ClassVar[tuple[str, ...]] = REQUIRED
    #: ``roll.margin`` (the total less the target, or less the opponent's total) and
    #: ``roll.critical`` (what the marked dice showed: ``"failure"`` for double 1s,
    #: ``"success"`` for double 6s, ``""`` otherwise).
    measure_names: ClassVar[tuple[str, ...]] = ("margin", "critical")
    #: Check and contest parameters beyond the common ones (docs/format.md).
    check_params: ClassVar[tuple[str, ...]] = (
        "target", "fit", "bonus", "dice_penalty", "disability", "dice", "opponent_stat", "opponent_bonus", "opponent_dice_penalty",
    )
    cli_options: ClassVar[dict[str, str]] = {
        "dice": "number of d6 rolled (the ability's rating)",
        "target": "a number or easy, average, hard, really-hard, nigh-impossible",
        "fit": "poor (+1 to the target) or barely (+2)",
        "bonus": "added to the roll (e.g. -1 for heavy gear)",
        "contest": "a contest A:D instead of --dice and --target: your dice against the opponent's",
        "opponent-bonus": "added to the opponent's roll in a contest",
    }
    #: The book's combat (see :mod:`solo.rules.loose_fuzzy.fight`).
    conflicts: ClassVar[Mapping[str, type]] = {"fight": Fight}

    # characters ---------------------------------------------------------------------------
    def prepare_character(self, character: Character) -> Character:
        character.stats = canonical_keys(character.stats, REQUIRED, norm)
        character.extra.setdefault("disabilities", {})
        if "luck" not in character.resources or "unluck" not in character.resources:
            try:
                luck, unluck = starting_luck(character)
            except (TypeError, ValueError):
                luck, unluck = START_LUCK, START_UNLUCK
            character.resources.setdefault("luck", luck)
            character.resources.setdefault("unluck", unluck)
        character.resources.setdefault("experience", 0)
        return character

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        stats = character.stats
        for key, value in sorted(stats.items(), key=lambda kv: str(kv[0])):
            if not is_rating(value):
                raise rules_error(f"abilities are rated in whole dice, at least 1 (got {key}: {value!r})")
            if norm(key) in {"luck", "unluck"}:
                raise rules_error(f"{key} is kept in resources, not among the abilities")
        found = {norm(k) for k in stats}
        missing = [name for name in REQUIRED if name not in found]
        if missing:
            raise rules_error(
                "every character has Cleverness, Body, Knowledge, Perception and Tenacity "
                f"(missing: {', '.join(missing)})"
            )
        dis = disabilities(character)
        for key, value in sorted(dis.items(), key=lambda kv: str(kv[0])):
            if not is_rating(value):
                raise rules_error(f"disabilities are rated in whole dice, at least 1 (got {key}: {value!r})")
            if norm(key) in found:
                raise rules_error(f"{key} cannot be both an ability and a disability")
        luck = character.resources.get("luck")
        unluck = character.resources.get("unluck")
        if luck is not None and not (isinstance(luck, int) and 1 <= luck <= MAX_LUCK):
            raise rules_error(f"Luck stays between 1 and {MAX_LUCK} (got {luck!r})")
        if unluck is not None and not (isinstance(unluck, int) and unluck >= 1):
            raise rules_error(f"Unluck is at least 1 (got {unluck!r})")
        xp = character.resources.get("experience", 0)
        if not isinstance(xp, int) or xp < 0:
            raise rules_error(f"experience is a whole number, at least 0 (got {xp!r})")
        if not creation:
            return
        special = sorted(k for k in stats if norm(k) not in REQUIRED)
        if len(special) < 2:
            raise rules_error(
                "a character picks two or three special abilities at creation "
                f"(got {len(special)}: {', '.join(special) or 'none'})"
            )
        if character.extra.get("gm_adjusted"):
            return
        expected = starting_luck(character)
        baseline = character.extra.get("baseline", BASELINE)
        if luck is not None and luck != expected[0]:
            raise rules_error(
                f"starting Luck comes from the baseline of {baseline} "
                f"dice: {expected[0]} for {dice_spent(character)} dice spent (got {luck}); "
                "set extra.gm_adjusted for a GM's change"
            )
        if unluck is not None and unluck != expected[1]:
            raise rules_error(
                f"starting Unluck comes from the baseline of {baseline} "
                f"dice: {expected[1]} for {dice_spent(character)} dice spent (got {unluck}); "
                "set extra.gm_adjusted for a GM's change"
            )

    # interactive creation (optional hooks used by solo.ui.creation) ---------------------------
    creation_rules: ClassVar[str] = (
        "Rate Cleverness, Body, Knowledge, Perception and Tenacity in dice (2 is an average "
        "person), then add two or three special abilities. The baseline is 22 dice: fewer "
        "earns Luck, more earns Unluck."
    )
    creation_extra: ClassVar[tuple[str, ...]] = ()

    def creation_defaults(self) -> dict[str, int]:
        return {name: 2 for name in REQUIRED}

    # rolling ------------------------------------------------------------------------------
    def _rating(self, character: Character | None, stat: str) -> tuple[str, int]:
        if character is None:
            raise rules_error(f"the check rolls {stat!r} but there is no character; give dice instead")
        key = lookup(character.stats, stat)
        if key is not None:
            return key, int(character.stats[key])
        for resource in ("luck", "unluck"):
            if norm(stat) == resource and resource in character.resources:
                return resource, int(character.resources[resource])
        dis = disabilities(character)
        key = lookup(dis, stat)
        if key is not None:
            return key, int(dis[key])
        known = ", ".join(sorted(character.stats, key=str))
        raise rules_error(f"{character.name or 'the character'} has no ability {stat!r} (has: {known})")

    def parse_check(self, params: Mapping[str, Any], character: Character | None = None) -> LFCheck:
        notes: list[tuple[str, int]] = []
        if params.get("dice") is not None:
            rating = _int_param(params, "dice")
            if rating < 1:
                raise rules_error(f"dice must be at least 1 (got {params.get('dice')!r})")
            stat = str(params.get("stat") or "roll")
        elif params.get("stat") is not None:
            stat, rating = self._rating(character, str(params["stat"]))
        else:
            raise rules_error("a check needs a stat (an ability) or a number of dice")
        target = parse_target(params["target"]) if params.get("target") is not None else None
        fit_text = params.get("fit")
        fit = 0
        if fit_text is not None:
            if norm(fit_text) not in FIT:
                raise rules_error(f"fit must be poor or barely (got {fit_text!r})")
            fit = FIT[norm(fit_text)]
        penalty = _int_param(params, "dice_penalty")
        if penalty:
            notes.append(("situation", penalty))
        if params.get("disability") is not None:
            if character is None:
                raise rules_error("a disability penalty needs a character")
            dis = disabilities(character)
            key = lookup(dis, str(params["disability"]))
            if key is None:
                raise rules_error(f"no disability {params['disability']!r} to subtract")
            penalty += int(dis[key])
            notes.append((key, int(dis[key])))
        if character is not None and params.get("dice") is None:
            wound = condition_wound_penalty(character.conditions)
            if wound:
                penalty += wound
                notes.append(("wounded", wound))
        count = max(1, rating - penalty)
        return LFCheck(stat, rating, count, target, _int_param(params, "bonus"), fit, tuple(notes))

    def _read(self, parsed: LFCheck, rolled: PoolRoll, target: int) -> tuple[str, bool, int]:
        total = rolled.total + parsed.bonus
        reached = total >= target
        return reading(rolled.critical, reached), reached, total

    def _roll_lines(self, label: str, parsed: LFCheck, rolled: PoolRoll) -> list[Step]:
        return [reason("pool", who=label, dice=parsed.dice, pool=list(rolled.pool),
                       notes=[{"why": why, "dice": n} for why, n in parsed.notes], confirm=rolled.confirm,
                       critical=rolled.critical, bonus_dice=list(rolled.bonus_dice), bonus=parsed.bonus)]

    def step_words(self, step: Mapping[str, Any]) -> str | list[str] | None:
        """How a step of a Loose and Fuzzy record reads (:mod:`.record_words`)."""
        return record_words.say(step)

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        parsed = self.parse_check(params, character)
        target = parsed.target if parsed.target is not None else TARGETS["average"]
        target += parsed.fit
        rolled = roll_pool(dice, parsed.dice)
        outcome, reached, total = self._read(parsed, rolled, target)
        steps = self._roll_lines(parsed.stat, parsed, rolled)
        steps.append(reason("check-read", total=total, target=target, outcome=outcome,
                            critical=rolled.critical, reached=reached))
        return RollRecord(
            system=SYSTEM,
            kind="check",
            stat=parsed.stat,
            dice=rolled.all_dice,
            outcome=outcome,
            success=self.is_success(outcome),
            total=total,
            kept=list(rolled.pool),
            modifiers={"bonus": parsed.bonus, "fit": parsed.fit} if parsed.bonus or parsed.fit else {},
            details={
                "dice_rolled": parsed.dice,
                "rating": parsed.rating,
                "marked": rolled.pool[:2],
                "confirm": rolled.confirm,
                "critical": rolled.critical,
                "bonus_dice": rolled.bonus_dice,
                "explosion_capped": rolled.capped,
                "target": target,
                "sum_success": reached,
                "margin": total - target,
                "notes": [f"-{n} dice ({why})" for why, n in parsed.notes],  # as saves of format 1 held them
            },
            steps=steps,
            measures={"margin": total - target, "critical": rolled.critical or ""},
        )

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        mine, theirs = self._contest_checks(character, opponent, params)
        exchanges: list[dict[str, Any]] = []
        steps: list[Step] = []
        all_dice: list[int] = []
        for attempt in range(MAX_TIE_REROLLS + 1):
            a = roll_pool(dice, mine.dice)
            d = roll_pool(dice, theirs.dice)
            all_dice += a.all_dice + d.all_dice
            a_total, d_total = a.total + mine.bonus, d.total + theirs.bonus
            exchanges.append({
                "pool": a.pool, "confirm": a.confirm, "critical": a.critical,
                "bonus_dice": a.bonus_dice, "total": a_total,
                "opponent_pool": d.pool, "opponent_confirm": d.confirm,
                "opponent_critical": d.critical, "opponent_bonus_dice": d.bonus_dice,
                "opponent_total": d_total,
            })
            steps += self._roll_lines(character.name or mine.stat, mine, a)
            steps += self._roll_lines(opponent.name or theirs.stat, theirs, d)
            if a_total != d_total:
                break
            steps.append(reason("tie", total=a_total))
        # after the last tie allowed the defender holds: the opponent, unless the player defends
        defending = params.get("defending") is True
        won = a_total > d_total or (a_total == d_total and defending)
        margin = a_total - d_total
        outcome = reading(a.critical, won)
        steps.append(reason("contest-read", total=a_total, theirs=d_total, outcome=outcome, won=won))
        return RollRecord(
            system=SYSTEM,
            kind="contest",
            stat=mine.stat,
            dice=all_dice,
            outcome=outcome,
            success=self.is_success(outcome),
            total=a_total,
            kept=list(a.pool),
            modifiers={"bonus": mine.bonus} if mine.bonus else {},
            details={
                "defending": defending,
                "opponent": opponent.name,
                "opponent_stat": theirs.stat,
                "opponent_total": d_total,
                "margin": margin,
                "advantage": advantage_points(margin),
                "sum_success": won,
                "critical": a.critical,
                "ties": len(exchanges) - 1,
                "exchanges": exchanges,
            },
            steps=steps,
            measures={"margin": margin, "critical": a.critical or ""},
        )

    def _contest_checks(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> tuple[LFCheck, LFCheck]:
        mine = self.parse_check({k: v for k, v in params.items() if k != "target"}, character)
        other_params: dict[str, Any] = {
            "stat": params.get("opponent_stat") or params.get("stat"),
            "bonus": params.get("opponent_bonus", 0),
            "dice_penalty": params.get("opponent_dice_penalty", 0),
        }
        if params.get("opponent_dice") is not None:
            other_params = {"dice": params["opponent_dice"], "bonus": other_params["bonus"]}
        theirs = self.parse_check(other_params, opponent)
        return mine, theirs

    def is_success(self, outcome: str) -> bool:
        return outcome in SUCCESSES

    # odds ---------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        parsed = self.parse_check(params, character)
        target = (parsed.target if parsed.target is not None else TARGETS["average"]) + parsed.fit
        fine = check_distribution(parsed.dice, target, parsed.bonus)
        total, tail = total_distribution(parsed.dice, parsed.bonus)
        return Odds(
            system=SYSTEM,
            outcomes=with_overall(fine),
            distributions={"total": total},
            values={
                "expected": expected_total(parsed.dice, parsed.bonus),
                "target": Fraction(target),
                "dice": Fraction(parsed.dice),
                "total_tail": tail,
            },
            truncated=Fraction(0),
        )

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        mine, theirs = self._contest_checks(character, opponent, params)
        return contest_distribution(mine.dice, theirs.dice, mine.bonus, theirs.bonus)

    # command line -------------------------------------------------------------------------
    def _cli_contest(self, args: Mapping[str, Any]) -> dict[str, Any] | None:
        """``--contest A:D [--bonus N] [--opponent-bonus N]`` as contest parameters, or None."""
        if args.get("contest") is None:
            return None
        VALUES.reject_unknown_options(args, self.cli_options)
        if args.get("dice") is not None or args.get("target") is not None or args.get("fit") is not None:
            raise rules_error("use --contest A:D alone, or --dice and --target, not both")
        match = re.fullmatch(r"\s*(\d+)\s*:\s*(\d+)\s*", str(args["contest"]))
        if not match or int(match[1]) < 1 or int(match[2]) < 1:
            raise rules_error(f"--contest takes two numbers of dice, A:D (got {args['contest']!r})")
        return {"dice": int(match[1]), "opponent_dice": int(match[2]),
                "bonus": args.get("bonus") or 0, "opponent_bonus": args.get("opponent-bonus") or 0}

    def _cli_params(self, args: Mapping[str, Any]) -> dict[str, Any]:
        VALUES.reject_unknown_options(args, self.cli_options)
        if args.get("opponent-bonus") is not None:
            raise rules_error("--opponent-bonus goes with --contest A:D")
        if args.get("dice") in (None, True):
            raise rules_error("--dice N is required (the number of d6 rolled)")
        if args.get("target") in (None, True):
            raise rules_error(
                "--target is required (a number or easy/average/hard/really-hard/nigh-impossible)"
            )
        params: dict[str, Any] = {"dice": args["dice"], "target": args["target"]}
        for key in ("fit", "bonus"):
            if args.get(key) is not None:
                params[key] = args[key]
        return params

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        nobody = Character(name="", system=SYSTEM, stats={})
        contest = self._cli_contest(args)
        if contest is not None:
            return self.contest_odds(nobody, Character(name="", system=SYSTEM, stats={}), contest)
        return self.check_odds(nobody, self._cli_params(args))

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        nobody = Character(name="", system=SYSTEM, stats={})
        contest = self._cli_contest(args)
        if contest is not None:
            return self.contest(dice, nobody, Character(name="opponent", system=SYSTEM, stats={}), contest)
        return self.check(dice, nobody, self._cli_params(args))

    # solo analyze --------------------------------------------------------------------------
    def check_classes(self, character: Character, opponent: Character | None, params: Mapping[str, Any],
                      kind: str, reads: Any) -> Any:
        """Analyzer hook: a check's or contest's outcome classes in closed form (:mod:`.check_classes`)."""
        if kind == "contest":
            if opponent is None:
                return None
            mine, theirs = self._contest_checks(character, opponent, params)
            return check_classes.contest_classes(mine.dice, mine.bonus, theirs.dice, theirs.bonus, reads, reading)
        parsed = self.parse_check(params, character)
        target = (parsed.target if parsed.target is not None else TARGETS["average"]) + parsed.fit
        return check_classes.check_classes(parsed.dice, target, parsed.bonus, reads, reading)

    # conflicts ----------------------------------------------------------------------------
    def incapacitated(self, character: Character) -> str | None:
        """Out of action: ``dead``, ``unconscious``, ``knocked out`` or ``incapacitated`` (a failed
        Tenacity roll after a wound), whichever the character's conditions hold first."""
        return out_reason(character)

    # experience ---------------------------------------------------------------------------
    # Rolls earn nothing: experience is awarded by the adventure (1-3 points at session end),
    # so experience() and end_of_adventure() are RulesetDefaults'. Prices: experience.py.
    def advancement(self, character: Character) -> list[Advance]:
        return experience.advancement(character)

    def advance(self, character: Character, key: str) -> Character:
        return experience.advance(character, key)

    def gain(self, dice: Dice, character: Character, resource: str, amount: int) -> list[str] | None:
        """Awards keep Luck within 1-5 and Unluck at 1 or more (the engine's ``gain`` hook)."""
        return experience.gain(character, resource, amount)
