"""The ``game`` ruleset: :class:`Game`, GAME behind the :class:`~solo.rules.base.Ruleset` interface.

It parses check parameters, rolls and reads checks and contests, offers rerolls, computes odds,
validates characters and sells advances; the mechanics themselves live in the sibling modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from solo.rules.game.words import VOCABULARY
from solo.rules.game.creation import GameDraft
from solo.rules.creation import Draft
from solo.rules.vocabulary import Vocabulary
from solo.rules.base import WALK, Advance, Character, Odds, Offer, RulesError, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.game.build import combined_build_drain
from solo.rules.game.character import notable_characteristic, set_skill, skill_rating, talents
from solo.rules.game.checks import CheckResult, GameCheck, roll_check
from solo.rules.game import analysis_view, fatigue
from solo.rules.game.fatigue import cannot_stand, is_exhausted
from solo.rules.game.fight.procedure import Fight
from solo.rules.game.odds import (
    contest_outcomes,
    excess_distribution,
    extra_decides_chance,
    success_chance,
)
from solo.rules.game.records import (
    build_notes,
    measures,
    result_details,
    result_from_details,
    result_steps,
    tag_lines,
)
from solo.rules.game.skills import (
    BUILD_SKILLS,
    CHARACTERISTIC_OF,
    CHARACTERISTICS,
    CREATION_CAP,
    CREATION_POINTS,
    EXHAUSTION_PENALTY,
    MAX_FP,
    MAX_RATING,
    SKILLS,
    SYSTEM,
    VALUES,
    as_bool,
    as_int,
    find_characteristic,
    find_skill,
    lookup_skill,
    parse_difficulty,
    rules_error,
)
from solo.rules.game.tags import parse_tags, tag_effects
from solo.rules.game.traits import ADVANTAGES, DISADVANTAGES, TRAIT_INDEX, has_trait, validate_traits
from solo.rules.reasons import reason
from solo.rules.values import name_key


class Game(RulesetDefaults):
    """Guilddom Adventures Made Easy. See :mod:`solo.rules.game` for parameters and Decisions.

    No alternatives to rolling and nothing to settle: those are :class:`RulesetDefaults`'.
    """

    #: its words for players: outcomes, terms, rules pages, how its rolls read
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    #: what a player of this system chooses at creation (``solo character new``)
    draft_class: ClassVar[type[Draft]] = GameDraft

    id: ClassVar[str] = SYSTEM
    error_label: ClassVar[str] = VALUES.label
    name: ClassVar[str] = "Guilddom Adventures Made Easy (GAME)"
    #: How players know the system (``solo list``).
    #: ``solo odds`` arguments shown as examples in its help.
    cli_examples: ClassVar[tuple[str, ...]] = ("--skill 3 --difficulty hard",)
    display_name: ClassVar[str] = "GAME"
    #: The check parameter ``solo new adventure``'s sample check takes, with a middling value.
    starter_param: ClassVar[tuple[str, str]] = ("difficulty", "easy")
    #: What the sample check tests to say what a better result does (the degrees below).
    starter_condition: ClassVar[str] = "roll.excess >= 2"
    #: How a roll reads in degrees: branch keys that write one, ``roll.*`` measures that read one.
    degree_words: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = ((), ("excess",))
    outcome_labels: ClassVar[tuple[str, ...]] = ("failure", "success")
    #: Labels a contest can produce, worst to best.
    contest_labels: ClassVar[tuple[str, ...]] = ("failure", "draw", "success")
    stat_names: ClassVar[tuple[str, ...]] = SKILLS
    #: ``roll.excess`` (negative on a failure), ``roll.drain`` (Transmutery FP taken),
    #: ``roll.percent`` (a successful haggle's price change) and ``roll.hours`` (the hours a
    #: successful fast talk adds before the mark sees through it).
    #: After a fight: ``roll.defeat`` (how the losers were left: killed, captured, beaten,
    #: driven-off) and ``roll.fp_lost`` (the FP the fight cost the player).
    measure_names: ClassVar[tuple[str, ...]] = ("excess", "drain", "percent", "hours", "defeat", "fp_lost")
    #: Conflict procedures (see :mod:`solo.rules.game.fight`).
    conflicts: ClassVar[Mapping[str, type]] = {"fight": Fight}
    #: What ``trait("...")`` may ask about in an adventure's expressions.
    trait_names: ClassVar[tuple[str, ...]] = ADVANTAGES + DISADVANTAGES
    # interactive creation (optional hooks used by solo.ui.creation)
    creation_rules: ClassVar[str] = (
        "Spread 35 points over the 16 skills: none above 5 and at most one at 5. Then pick the "
        "one characteristic you are notable in: Brawn, Brains, Balance or Build."
    )
    creation_extra: ClassVar[tuple[str, ...]] = ("notable",)
    custom_stats: ClassVar[bool] = False

    def creation_defaults(self) -> dict[str, int]:
        return {name: 2 for name in SKILLS}
    #: Check and contest parameters beyond the common ones (docs/format.md).
    check_params: ClassVar[tuple[str, ...]] = (
        "difficulty", "bonus", "group", "notable", "exhausted", "rating", "opponent_stat", "opponent_rating", "opponent_bonus", "opponent_group",
    )
    cli_options: ClassVar[dict[str, str]] = {
        "skill": "skill rating 0-8",
        "difficulty": "easy (1d8), challenging (2d8) or hard (3d8); default easy",
        "notable": "flag: roll the notable extra d8 (a 1 succeeds)",
        "group": "N acting together: an extra d8 succeeds on N or less",
        "bonus": "situational modifier added to the sum (+1/+2)",
        "exhausted": "flag: -1 for exhaustion",
        "versus": "opponent's skill rating: odds of a competitive check",
        "versus-group": "with --versus: the opponents are N acting together (their extra d8 succeeds on N or less)",
    }

    # characters -----------------------------------------------------------------------------
    def prepare_character(self, character: Character) -> Character:
        stats: dict[str, Any] = {}
        seen: dict[str, str] = {}
        for name, value in character.stats.items():
            skill = lookup_skill(name)
            if skill is None:
                stats[name] = value  # left for validate_character to report
                continue
            if skill in seen:
                raise rules_error(f"skill {skill} is given twice (as {seen[skill]!r} and {name!r})")
            seen[skill] = name
            stats[skill] = value
        ordered = {skill: stats.pop(skill, 0) for skill in SKILLS}
        ordered.update(stats)
        character.stats = ordered

        notable = notable_characteristic(character)
        if notable is not None:
            character.extra["notable"] = notable
        raw_talents = character.extra.get("talents")
        if isinstance(raw_talents, Mapping):
            character.extra["talents"] = {
                (lookup_skill(k) or k): v for k, v in raw_talents.items()
            }
        traits = character.extra.get("traits")
        if isinstance(traits, Mapping):
            character.extra["traits"] = {
                k: TRAIT_INDEX.get(name_key(v), v) if isinstance(v, str) else v
                for k, v in traits.items()
            }
        max_fp = character.resources.get("max_fp", MAX_FP)
        for resource, default in (("ep", 0), ("rerolls", 0), ("fp", max_fp)):
            character.resources.setdefault(resource, default)
        if "enc" in character.extra and "enc" not in character.resources:
            character.resources["enc"] = character.extra.pop("enc")  # where older sheets kept it
        return character

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        ratings: dict[str, int] = {}
        for name, value in character.stats.items():
            skill = lookup_skill(name)
            if skill is None:
                raise rules_error(f"unknown skill {name!r} in stats (expected: {', '.join(SKILLS)})")
            if skill in ratings:
                raise rules_error(f"skill {skill} is given twice in stats")
            rating = as_int(value, f"rating of {skill}")
            if not 0 <= rating <= MAX_RATING:
                raise rules_error(f"skill ratings run 0-{MAX_RATING} (got {skill} {rating})")
            ratings[skill] = rating

        raw_talents = character.extra.get("talents") or {}
        if not isinstance(raw_talents, Mapping):
            raise rules_error(f"extra.talents must map skills to talent levels (got {raw_talents!r})")
        for name, value in raw_talents.items():
            skill = find_skill(name)
            level = as_int(value, f"talent level of {skill}")
            if skill in BUILD_SKILLS and level:
                raise rules_error(f"Build skills have no talents (got {skill} TL {level})")
            if level < 0:
                raise rules_error(f"talent levels start at 0 (got {skill} TL {level})")
            if level > ratings.get(skill, 0):
                raise rules_error(
                    f"a talent level may not exceed its skill's rating "
                    f"(got {skill} TL {level}, rating {ratings.get(skill, 0)})"
                )
            if creation and level:
                raise rules_error(f"a new PC has no talents (got {skill} TL {level})")

        notable = character.extra.get("notable")
        if isinstance(notable, (list, tuple)) and len(notable) != 1:
            raise rules_error(
                f"a PC is notable in exactly one characteristic (got {len(notable)}: "
                f"{', '.join(map(str, notable)) or 'none'})"
            )
        if notable:
            find_characteristic(notable[0] if isinstance(notable, (list, tuple)) else notable)
        elif creation:
            raise rules_error(
                "a PC is notable in exactly one characteristic: set extra.notable to one of "
                f"{', '.join(CHARACTERISTICS)} (got none)"
            )
        validate_traits(character.extra.get("traits"))
        fatigue.check_fatigue(character)

        if creation:
            total = sum(ratings.values())
            if total != CREATION_POINTS:
                raise rules_error(f"a new PC spreads exactly {CREATION_POINTS} skill points (got {total})")
            over = [f"{s} {r}" for s, r in ratings.items() if r > CREATION_CAP]
            if over:
                raise rules_error(f"no skill may start above {CREATION_CAP} (got {', '.join(over)})")
            fives = [s for s, r in ratings.items() if r == CREATION_CAP]
            if len(fives) > 1:
                raise rules_error(
                    f"at most one skill may be rated {CREATION_CAP} at creation "
                    f"(got {len(fives)}: {', '.join(fives)})"
                )

    # rolling ----------------------------------------------------------------------------------
    def parse_check(
        self, params: Mapping[str, Any], character: Character | None = None
    ) -> GameCheck | tuple[GameCheck, GameCheck]:
        """One check, or for ``stat: [A, B]`` (two Build skills) the two Hard checks of a
        combined Build attempt."""
        combined = self._combined(params, character)
        return combined if combined is not None else self._parse_side(params, character, "")

    def _combined(
        self, params: Mapping[str, Any], character: Character | None
    ) -> tuple[GameCheck, GameCheck] | None:
        stat = params.get("stat")
        if not isinstance(stat, (list, tuple)):
            return None
        if len(stat) != 2:
            raise rules_error(
                f"a combined Build attempt names two Build skills (got {len(stat)})", param="stat"
            )
        skills = [find_skill(s) for s in stat]
        for n, skill in enumerate(skills):
            if skill not in BUILD_SKILLS:
                raise rules_error(
                    f"only Build skills combine (got {skill}: {', '.join(BUILD_SKILLS)} combine)",
                    param=("stat", n),
                )
        if skills[0] == skills[1]:
            raise rules_error(f"a combined Build attempt takes two different skills (got {skills[0]} twice)",
                              param="stat")
        if params.get("difficulty") is not None and parse_difficulty(params["difficulty"]) != "hard":
            raise rules_error("a combined Build attempt is two Hard checks: leave out difficulty",
                              param="difficulty")
        first, second = (
            self._parse_side({**params, "stat": skill, "difficulty": "hard"}, character, "")
            for skill in skills
        )
        return first, second

    def _parse_side(
        self, params: Mapping[str, Any], character: Character | None, prefix: str
    ) -> GameCheck:
        def prefixed(key: str, default: Any = None) -> Any:
            return params.get(prefix + key, default)

        get = prefixed if prefix else params.get  # the plain side reads its keys as written

        stat = get("stat")
        if prefix and stat is None:
            stat = params.get("stat")
        skill = find_skill(stat) if stat is not None else ""

        if get("rating") is not None:
            rating = as_int(get("rating"), f"check parameter '{prefix}rating'")
            if not 0 <= rating <= MAX_RATING:
                raise rules_error(f"check parameter '{prefix}rating' runs 0-{MAX_RATING} (got {rating})")
        elif not skill:
            raise rules_error(f"a check needs '{prefix}stat' (a skill) or '{prefix}rating'")
        elif character is None:
            raise rules_error(f"a check on {skill} needs a character (or '{prefix}rating')")
        else:
            rating = skill_rating(character, skill)

        diff = get("difficulty")
        if diff is None and prefix:
            diff = params.get("difficulty")
        difficulty = parse_difficulty(diff) if diff is not None else "easy"
        bonus = as_int(get("bonus", 0), f"check parameter '{prefix}bonus'")

        group = get("group")
        group_n = 0
        if group is not None:
            group_n = as_int(group, f"check parameter '{prefix}group'")
            if group_n < 1:
                raise rules_error(
                    f"check parameter '{prefix}group' counts characters, 1 or more (got {group_n})"
                )

        notable = as_bool(get("notable", False), f"check parameter '{prefix}notable'")
        exhausted = as_bool(get("exhausted", False), f"check parameter '{prefix}exhausted'")
        if character is not None:
            if skill and notable_characteristic(character) == CHARACTERISTIC_OF[skill]:
                notable = True
            exhausted = exhausted or is_exhausted(character)
        tags = parse_tags(params.get("tags"), skill) if not prefix else ()
        effects = tag_effects(character, skill, difficulty, rating, tags)
        blocked = effects.blocked
        notes = list(effects.notes)
        if character is not None and cannot_stand(character, skill):
            blocked = "cannot-stand"
        return GameCheck(
            skill, effects.rating if effects.rating is not None else rating, difficulty, bonus,
            exhausted, notable, group_n, tags=tags, dice=effects.dice,
            excess_cap=effects.excess_cap, blocked=blocked, talent=effects.talent,
            notes=tuple(notes),
        )

    def step_words(self, step: Mapping[str, Any]) -> str | list[str] | None:
        """How a step of a GAME record reads (:mod:`.record_words`)."""
        from solo.rules.game import record_words

        return record_words.say(step)

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        chk = self.parse_check(params, character)
        if isinstance(chk, tuple):
            return self._combined_record(chk, [roll_check(dice, one) for one in chk])
        return self._check_record(chk, roll_check(dice, chk))

    def _check_record(self, chk: GameCheck, res: CheckResult) -> RollRecord:
        details = result_details(chk, res)
        details["check"] = chk.to_dict()
        steps = result_steps(chk, res)
        build_notes(chk, res, details, steps)
        steps += tag_lines(chk, res.success)
        modifiers = {}
        if chk.bonus:
            modifiers["bonus"] = chk.bonus
        if chk.exhausted:
            modifiers["exhausted"] = -EXHAUSTION_PENALTY
        return RollRecord(
            system=SYSTEM,
            kind="check",
            stat=chk.label,
            dice=res.faces,
            outcome="success" if res.success else "failure",
            success=res.success,
            total=res.total,
            kept=[res.lowest] if res.rolled else [],
            modifiers=modifiers,
            details=details,
            steps=steps,
            measures=measures(chk, res, details, res.success),
        )

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        mine = self._parse_side(params, character, "")
        theirs = self._parse_side(params, opponent, "opponent_")
        defending = as_bool(params.get("defending", False), "contest parameter 'defending'")
        return self._contest_record(mine, theirs, roll_check(dice, mine), roll_check(dice, theirs), defending)

    def _contest_record(
        self, mine: GameCheck, theirs: GameCheck, res: CheckResult, opp: CheckResult,
        defending: bool = False,
    ) -> RollRecord:
        if res.success and not opp.success:
            outcome = "success"
        elif opp.success and not res.success:
            outcome = "failure"
        else:
            outcome = "success" if defending else "draw"  # a tie: the defender holds
        steps = result_steps(mine, res, "you (defending)" if defending else "you")
        steps += result_steps(theirs, opp, "opponent (attacking)" if defending else "opponent")
        steps.append(reason("contest-read", mine=res.success, theirs=opp.success, defending=defending))
        steps += tag_lines(mine, outcome == "success")
        mine_details = result_details(mine, res)
        return RollRecord(
            system=SYSTEM,
            kind="contest",
            stat=mine.label,
            dice=res.faces + opp.faces,
            outcome=outcome,
            success=outcome == "success",
            total=None,
            kept=[res.lowest, opp.lowest],
            details={
                "you": mine_details,
                "opponent": result_details(theirs, opp),
                "check": mine.to_dict(),
                "opponent_check": theirs.to_dict(),
                **({"defending": True} if defending else {}),
            },
            steps=steps,
            measures=measures(mine, res, mine_details, outcome == "success"),
        )

    def offers(self, record: RollRecord, character: Character) -> list[Offer]:
        if record.system != SYSTEM or record.kind not in ("check", "contest"):
            return []
        if record.kind == "contest" and record.outcome == "success":
            return []
        mine = record.details.get("you", record.details)
        if mine.get("not_rolled") or "combined" in record.details:
            return []  # nothing was rolled to roll again; a combined attempt is two rolls
        left = as_int(character.resources.get("rerolls", 0) or 0, "resources.rerolls")
        if left <= 0:
            return []
        text = f"Spend a reroll to roll your check again ({left} left)"
        return [Offer("reroll", text, {"rerolls": 1})]

    def offer_odds(self, record: RollRecord, character: Character, key: str) -> Odds | str | None:
        """A reroll of a check has the check's own odds; a contest's is walked."""
        if key == "reroll" and record.kind == "check" and "check" in record.details:
            return self._odds(GameCheck.from_dict(record.details["check"]))
        return WALK

    def apply_offer(
        self, dice: Dice, record: RollRecord, character: Character, key: str
    ) -> RollRecord:
        if key != "reroll" or not any(o.key == key for o in self.offers(record, character)):
            raise rules_error(f"no offer {key!r} on this roll (offers: reroll while rerolls last)")
        left = as_int(character.resources["rerolls"], "resources.rerolls")
        character.resources["rerolls"] = left - 1
        mine = GameCheck.from_dict(record.details["check"])
        if record.kind == "check":
            new = self._check_record(mine, roll_check(dice, mine))
        else:
            theirs = GameCheck.from_dict(record.details["opponent_check"])
            opp = result_from_details(theirs, record.details["opponent"])
            new = self._contest_record(mine, theirs, roll_check(dice, mine), opp,
                                       bool(record.details.get("defending")))
        used = int(record.details.get("rerolls_used", 0)) + 1
        new.details["rerolls_used"] = used
        new.details["rerolled"] = list(record.details.get("rerolled", [])) + [list(record.dice)]
        new.steps.insert(0, reason("reroll", left=character.resources["rerolls"]))
        return new

    def combined_build(
        self, dice: Dice, character: Character, skill_a: str, skill_b: str, bonus: int = 0
    ) -> RollRecord:
        """Two Hard Build checks, one after the other; the attempt succeeds only if both do."""
        return self.check(dice, character, {"stat": [skill_a, skill_b], "bonus": bonus})

    def _combined_record(
        self, checks: tuple[GameCheck, GameCheck], results: list[CheckResult]
    ) -> RollRecord:
        drain_fp = combined_build_drain(checks[0].skill, checks[1].skill)
        records = [self._check_record(chk, res) for chk, res in zip(checks, results)]
        for record in records:  # the attempt's Drain is the combination's, not each check's
            record.details.pop("drain", None)
        success = all(r.success for r in records)
        steps = [dict(step, who=r.stat) for r in records for step in r.steps if step.get("code") != "drain"]
        steps.append(reason("both", success=success))
        details: dict[str, Any] = {"combined": [r.details for r in records]}
        if drain_fp:
            details["drain"] = drain_fp
            steps.append(reason("drain", fp=drain_fp, combined=True))
        return RollRecord(
            system=SYSTEM,
            kind="check",
            stat=f"{records[0].stat} + {records[1].stat}",
            dice=records[0].dice + records[1].dice,
            outcome="success" if success else "failure",
            success=success,
            kept=records[0].kept + records[1].kept,
            details=details,
            steps=steps,
            measures={"excess": min(r.measures["excess"] for r in records), "drain": drain_fp},
        )

    def analysis_character(self, character: Character) -> Character:
        """Analyzer hook: the character as a state key sees it (:mod:`.analysis_view`)."""
        return analysis_view.view(character)

    # odds -------------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        chk = self.parse_check(params, character)
        if isinstance(chk, tuple):
            both = success_chance(chk[0]) * success_chance(chk[1])
            return Odds(system=SYSTEM, outcomes={"failure": 1 - both, "success": both})
        return self._odds(chk)

    def _odds(self, chk: GameCheck) -> Odds:
        dist = excess_distribution(chk)
        success = sum((p for e, p in dist.items() if e >= 0), Fraction(0))
        return Odds(
            system=SYSTEM,
            outcomes={"failure": 1 - success, "success": success},
            distributions={"excess": dist},
            values={"extra_decides": extra_decides_chance(chk)},
        )

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        mine = self._parse_side(params, character, "")
        theirs = self._parse_side(params, opponent, "opponent_")
        outcomes = contest_outcomes(mine, theirs)
        if as_bool(params.get("defending", False), "contest parameter 'defending'"):
            outcomes = {"failure": outcomes["failure"], "draw": Fraction(0),
                        "success": outcomes["success"] + outcomes["draw"]}
        return Odds(system=SYSTEM, outcomes=outcomes)

    # command line -----------------------------------------------------------------------------
    def _args_params(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], int | None]:
        VALUES.reject_unknown_options(args, self.cli_options)
        if args.get("skill") is None:
            raise rules_error("--skill is required: the skill rating 0-8")
        rating = as_int(args["skill"], "--skill")
        if not 0 <= rating <= MAX_RATING:
            raise rules_error(f"--skill must be a rating 0-{MAX_RATING} (got {args['skill']!r})")
        params: dict[str, Any] = {"rating": rating}
        if args.get("difficulty") not in (None, True):
            try:
                params["difficulty"] = parse_difficulty(args["difficulty"])
            except RulesError:
                raise rules_error(
                    f"--difficulty must be easy, challenging or hard (got {args['difficulty']!r})"
                ) from None
        elif args.get("difficulty") is True:
            raise rules_error("--difficulty needs a value: easy, challenging or hard")
        if args.get("bonus") is not None:
            params["bonus"] = as_int(args["bonus"], "--bonus")
        if args.get("group") is not None:
            params["group"] = as_int(args["group"], "--group")
            if params["group"] < 1:
                raise rules_error(f"--group counts characters, 1 or more (got {args['group']!r})")
        for flag in ("notable", "exhausted"):
            if args.get(flag) is not None:
                params[flag] = VALUES.option_flag(args[flag], flag)
        versus = None
        if args.get("versus") is not None:
            versus = as_int(args["versus"], "--versus")
            if not 0 <= versus <= MAX_RATING:
                raise rules_error(f"--versus must be a rating 0-{MAX_RATING} (got {args['versus']!r})")
        if args.get("versus-group") is not None:
            if versus is None:
                raise rules_error("--versus-group goes with --versus (the opponents' best rating)")
            params["opponent_group"] = as_int(args["versus-group"], "--versus-group")
            if params["opponent_group"] < 1:
                raise rules_error(f"--versus-group counts characters, 1 or more (got {args['versus-group']!r})")
        return params, versus

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        params, versus = self._args_params(args)
        nobody = Character(name="(rating)", system=SYSTEM, stats={})
        if versus is None:
            return self.check_odds(nobody, params)
        params["opponent_rating"] = versus
        params["opponent_bonus"] = 0
        return self.contest_odds(nobody, nobody, params)

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        params, versus = self._args_params(args)
        nobody = Character(name="(rating)", system=SYSTEM, stats={})
        if versus is None:
            return self.check(dice, nobody, params)
        params["opponent_rating"] = versus
        params["opponent_bonus"] = 0
        return self.contest(dice, nobody, nobody, params)

    # what a kept roll costs, awards, rest --------------------------------------------------------
    def experience(self, record: RollRecord, character: Character) -> list[str]:
        """Rolls earn no EP (objectives do); a kept Transmutery check takes its Drain here, once,
        whatever rerolls came before it."""
        if record.system != SYSTEM:
            return []
        return fatigue.take_drain(character, int(record.details.get("drain", 0) or 0))

    def gain(self, dice: Dice, character: Character, resource: str, amount: int) -> list[str] | None:
        """Awards of ``fp`` (wounds, healing), ``exertion`` and ``enc`` keep FP within 0 and the
        maximum (see :mod:`solo.rules.game.fatigue`); other resources are added as they come."""
        return fatigue.gain(character, resource, amount)

    def check_award(self, resource: str, amount: Any, character: Character | None = None) -> None:
        """``solo validate``'s question: can this award be given as written?"""
        fatigue.check_award(resource, amount, character)

    def rest(self, character: Character, hours: int) -> list[str]:
        """The ``rest`` effect: exertion FP back after an hour, wound FP one a week."""
        return fatigue.rest(character, hours)

    def incapacitated(self, character: Character) -> str | None:
        """0 FP is defeat."""
        return fatigue.incapacitated(character)

    def has_trait(self, character: Character, name: str) -> bool:
        """``trait("prestige")`` in an adventure's expressions."""
        return has_trait(character, name)

    # experience -------------------------------------------------------------------------------
    # Rolls earn nothing: EP come from objectives (adventure awards).
    def advancement(self, character: Character) -> list[Advance]:
        found = talents(character)
        options: list[Advance] = []
        for skill in SKILLS:
            rating = skill_rating(character, skill)
            if rating < MAX_RATING:
                options.append(
                    Advance(f"raise:{skill}", f"Raise {skill} from {rating} to {rating + 1}",
                            {"ep": rating + 1})
                )
        for skill in SKILLS:
            if skill in BUILD_SKILLS:
                continue
            level = found.get(skill, 0)
            if level < skill_rating(character, skill):
                options.append(
                    Advance(
                        f"talent:{skill}",
                        f"Raise the {skill} talent from {level} to {level + 1}",
                        {"ep": 2 * level + 1},
                    )
                )
        return options

    def advance(self, character: Character, key: str) -> Character:
        kind, _, name = str(key).partition(":")
        if kind not in ("raise", "talent") or not name:
            raise rules_error(f"unknown advance {key!r} (expected raise:<skill> or talent:<skill>)")
        skill = find_skill(name)
        rating = skill_rating(character, skill)
        if kind == "raise":
            if rating >= MAX_RATING:
                raise rules_error(f"skill ratings stop at {MAX_RATING} (got {skill} {rating})")
            cost = rating + 1
        else:
            if skill in BUILD_SKILLS:
                raise rules_error(f"Build skills have no talents (got {skill})")
            level = talents(character).get(skill, 0)
            if level >= rating:
                raise rules_error(
                    f"a talent level may not exceed its skill's rating "
                    f"(got {skill} TL {level}, rating {rating})"
                )
            cost = 2 * level + 1
        ep = as_int(character.resources.get("ep", 0) or 0, "resources.ep")
        if ep < cost:
            raise rules_error(f"{key} costs {cost} EP (got {ep} EP)")
        character.resources["ep"] = ep - cost
        if kind == "raise":
            set_skill(character, skill, rating + 1)
        else:
            table = dict(character.extra.get("talents") or {})
            table = {(lookup_skill(k) or k): v for k, v in table.items()}
            table[skill] = talents(character).get(skill, 0) + 1
            character.extra["talents"] = table
        return character

    def end_of_adventure(self, character: Character) -> list[str]:
        lines = []
        rerolls = as_int(character.resources.get("rerolls", 0) or 0, "resources.rerolls")
        if rerolls:
            plural = "reroll" if rerolls == 1 else "rerolls"
            lines.append(f"{rerolls} unspent {plural} lost: rerolls do not carry over")
        character.resources["rerolls"] = 0
        ep = character.resources.get("ep", 0) or 0
        lines.append(f"{ep} EP kept for the next adventure")
        return lines
