"""The GUTS+ ruleset: checks, contests, offers on a roll, experience and advancement.

This module owns :class:`GutsPlus`, the object the engine talks to. What a quality, a body or a
check's parameters mean is in :mod:`.qualities`, :mod:`.body` and :mod:`.checks`; the dice
arithmetic (reading a check, bonus-pip splits, exact odds) is in :mod:`.odds`; the placements
offered on a roll (bonus dice, their pips, mastery) are in :mod:`.offers`; a record's
shape is in :mod:`.records`.

Characters. ``stats`` maps quality names to levels 1-10. The four core qualities are stored
lower-case (``gumption``, ``utility``, ``thought``, ``slyness``); custom qualities keep the
spelling they were given (``Parkour``), and their order in ``stats`` says which custom quality
came first. ``resources`` holds ``xp`` (int) and ``learning`` ({quality: count}). ``extra`` may
hold ``bag`` (true: 10 more item slots), ``injuries`` ({part: 0-2}), ``protection`` ({part:
marks 0-2}; a part listed there is protected), ``extra_parts`` (more body parts, e.g.
``["tail"]``), ``aura`` (Essence aura) and ``condition_effects`` (an adventure's own
conditions, see :func:`condition_effects`). A character without one of the four core
qualities (an NPC written with only ``thought``) has it at level 1.

Check parameters (see ``docs/format.md``):

``stat``
    a quality, or a list of two (``[gumption, parkour]``, or ``"gumption+parkour"``) whose
    levels are added, at most 10 dice.
``dice``
    a number of dice instead of a quality (for ``solo odds``/``solo roll``; no character needed).
``modifier``
    a signed number added to each die, kept within 1-6 (``-1`` is "-1 to each die"); in a
    contest it is added to the total.
``fewer_dice``
    dice removed from the pool, never below 1 die.
``near``
    what a near success counts as when the adventure has no ``near-success`` branch:
    ``success``, ``failure`` or ``oracle`` (default: one more d6, 4-6 counts as success).
``helper`` / ``assist_dice``
    assisting: a helper :class:`Character` (its level in the same qualities) or the helper's
    quality level as a number (``assist`` may also carry a number or a Character; an NPC id
    in ``assist`` is for the engine to resolve into ``helper``). The helper rolls half that
    many dice, rounded up; each helper die equal to one of the roller's dice (1s included)
    gives a bonus die. Each of the roller's dice serves in one pair only, its own double or a
    helper match, and the engine counts the most pairs possible.
``opponent_stat`` / ``opponent_dice`` / ``opponent_modifier``
    the other side of a contest (the quality defaults to ``stat``).

Reading, bonus dice and policies follow the digest's Decisions. Choices made here:

* Doubles are found on the dice as rolled; a modifier then changes what each die reads.
  Bonus pips are placed on the modified values, never above 6.
* Bonus dice, placing their pooled pips and mastery are offers on the roll, described in
  :mod:`.offers`: the pips of all bonus dice taken are placed together, the best split
  proposed and any legal split typed; mastery sets one die to any value, and before any bonus
  die is taken a double it makes earns its bonus die. ``solo roll`` takes every bonus die and
  places the pool by the best split, as the exact odds assume; keeping a roll with pips
  waiting places them the same way.
* In a contest the opponent (played by the adventure) always takes its bonus dice and its
  mastery at once; the player's bonus dice are offers that add to the total.
* Conditions: the book's table (afraid, terrified, tired, exhausted...) applies to checks and
  contests using that core quality; ``afraid x2`` doubles an effect; effects stack.
* Learning experiences from a two-quality check go to the first (main) quality, as the book
  says "the main quality". A negative impact on an Essence check also strains the character
  (applied by :meth:`GutsPlus.experience`).
* ``record.dice`` holds the check's own dice as rolled; bonus, helper and oracle dice are in
  ``details`` (``bonus``, ``helper``, ``near``). ``record.kept`` holds the current values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar, Sequence

from solo.rules.guts_plus.words import VOCABULARY
from solo.rules.guts_plus.creation import GutsDraft
from solo.rules.creation import Draft
from solo.rules.vocabulary import Vocabulary
from solo.rules.base import Advance, Character, Odds, Offer, RulesError, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus import essence, growth, offers, record_words
from solo.rules.guts_plus.body import (
    AURAS,
    STRAINED,
    UNCONSCIOUS,
    body_parts,
    carrying,
    essence_range,
    essence_skills,
    heal,
    heal_all,
    healing_days,
    injure,
    inventory_limit,
    inventory_used,
    part_key,
    protect,
    put_right,
    readjust,
    recover,
    roll_aura,
    strain,
    sync_protection,
    unconscious,
    unusable_parts,
)
from solo.rules.guts_plus.fight.procedure import Fight
from solo.rules.guts_plus.checks import CheckSpec, dice_count, helper_level_of, parse_side
from solo.rules.guts_plus.records import (
    copy_record,
    dice_text,
    doubles_step,
    reread,
    roller_details,
    unread_record,
)
from solo.rules.guts_plus.qualities import (
    CORE,
    CREATION_ITEMS,
    CREATION_MAX_LEVEL,
    CREATION_POINTS,
    ESSENCE,
    MAX_CUSTOM_AT_CREATION,
    MAX_LEVEL,
    NEAR_POLICIES,
    SYSTEM,
    VALUES,
    XP_TO_ADVANCE,
    custom_qualities,
    display_name,
    find_quality,
    has_mastery,
    level_of,
    norm,
    whole,
)
from solo.rules.reasons import Step, reason
from solo.rules.values import canonical_keys


class GutsPlus(RulesetDefaults):
    """The GUTS+ System (2019). Numeric override for the CLI: ``dice`` (1-10).

    See the module docstring for parameters and the choices made where the book leaves room.
    GUTS+ carries everything over between adventures (XP, learning, injuries, conditions), so
    ``end_of_adventure`` is :class:`RulesetDefaults`'.
    """

    #: its words for players: outcomes, terms, rules pages, how its rolls read
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    #: what a player of this system chooses at creation (``solo character new``)
    draft_class: ClassVar[type[Draft]] = GutsDraft
    #: playtest hint: the offers its exact odds take, in their order (every bonus die, placed by
    #: the best split, mastery last: :data:`.odds.PLAY`, which :meth:`odds_offer` plays)
    odds_play: ClassVar[tuple[str, ...]] = go.PLAY

    id: ClassVar[str] = SYSTEM
    error_label: ClassVar[str] = VALUES.label
    name: ClassVar[str] = "GUTS+"
    #: How players know the system (``solo list``).
    #: ``solo odds`` arguments shown as examples in its help.
    cli_examples: ClassVar[tuple[str, ...]] = ("--dice 3 [--modifier -1]", "--contest 4:3")
    display_name: ClassVar[str] = "GUTS+"
    #: What the sample check tests to say what a better result does (the degrees below).
    starter_condition: ClassVar[str] = "roll.impact == 2"
    #: How a roll reads in degrees: branch keys that write one, ``roll.*`` measures that read one.
    degree_words: ClassVar[tuple[tuple[str, ...], tuple[str, ...]]] = (("positive-impact", "negative-impact"), ("impact",))
    outcome_labels: ClassVar[tuple[str, ...]] = go.LABELS
    stat_names: ClassVar[tuple[str, ...]] = CORE
    #: ``roll.impact`` (the reading from -2, negative impact, to 2, positive impact) and
    #: ``roll.difference`` (a contest's total less the opponent's; see :func:`.records.reread`).
    measure_names: ClassVar[tuple[str, ...]] = ("difference", "impact")
    #: The book's combat (see :mod:`solo.rules.guts_plus.fight`).
    conflicts: ClassVar[Mapping[str, type]] = {"fight": Fight}
    # interactive creation (optional hooks used by solo.ui.creation)
    creation_rules: ClassVar[str] = (
        "Gumption, Utility, Thought and Slyness start at 1, and so does at least one quality of "
        "your own (up to three; Essence may be one, but not the first). Add 3 points in all, at "
        "most 2 to one quality, none above 3."
    )

    def creation_defaults(self) -> dict[str, int]:
        return {name: 1 for name in CORE}
    #: Check and contest parameters beyond the common ones (docs/format.md).
    check_params: ClassVar[tuple[str, ...]] = (
        "modifier", "fewer_dice", "near", "assist", "dice", "opponent_stat", "opponent_dice", "opponent_modifier",
    ) + essence.PARAMS
    #: ``trait("...")`` in expressions: Essence, its aura and its skills (:mod:`.essence`).
    trait_names: ClassVar[tuple[str, ...]] = essence.TRAIT_NAMES
    cli_options: ClassVar[dict[str, str]] = {
        "dice": "number of d6 to roll (a quality's level, 1-10)",
        "modifier": "added to each die, e.g. -1 for a '-1 to rolls' condition (default 0)",
        "fewer-dice": "dice removed from the pool, never below 1 (default 0)",
        "contest": "a contest A:D, your dice against the opponent's (e.g. 4:3)",
        "defending": "with --contest: the opponent is the aggressor and you defend",
        "assist": "a helper's level in the quality: they roll half as many dice, rounded up",
        "opponent-modifier": "with --contest: added to the opponent's total (default 0)",
        "near": "roll only: near success counts as success, failure or oracle (default)",
    }

    # helpers the engine calls directly -----------------------------------------------------
    def injure(
        self, character: Character, part: str, count: int = 1, *,
        items: Mapping[str, Mapping[str, Any]] | None = None, ignore_protection: bool = False,
    ) -> list[str]:
        """Injure a body part (see :func:`.body.injure`). Given the adventure's item rules
        (``items``), what the character carries with ``protects`` takes the marks first."""
        if items is not None:
            sync_protection(character, items)
        return injure(character, part, count, ignore_protection=ignore_protection)

    def heal(self, character: Character, part: str, count: int = 1) -> list[str]:
        """Heal ``count`` injuries on a part, or every injury with ``part`` ``all``; a character
        whose body no longer keeps them unconscious wakes (the condition goes)."""
        if str(part).strip().lower() == "all":
            return heal_all(character)
        return heal(character, part, count)

    def rest(self, character: Character, hours: int) -> list[str]:
        """The ``rest`` effect: injuries heal at the resting rate (:func:`.body.recover`), and
        protection knocked loose is put right (:func:`.body.put_right`)."""
        return put_right(character) + recover(character, hours, resting=True)

    def pass_time(self, character: Character, hours: int) -> list[str]:
        """``rest: {..., resting: false}``: injuries heal at the book's untreated rate (line 558),
        and loose protection is put right."""
        return put_right(character) + recover(character, hours, resting=False)

    def incapacitated(self, character: Character) -> str | None:
        """``unconscious`` when the body says so (the head, or three other parts, unusable) or an
        adventure put the condition on; None otherwise."""
        if unconscious(character) or (character.conditions and any(norm(c) == UNCONSCIOUS for c in character.conditions)):
            return UNCONSCIOUS
        return None

    def take_condition(self, character: Character, name: str) -> list[str] | None:
        """An adventure's ``condition: strained`` strains by the book (strained again: 1 head
        injury through protection); None for any other condition (it is simply put on)."""
        if norm(name) != STRAINED:
            return None
        return strain(character)

    def has_trait(self, character: Character, name: str) -> bool:
        """``trait("essence")``, ``trait("hot aura")``, ``trait("grab")`` (see :mod:`.essence`)."""
        return essence.has_trait(character, name)

    def start_adventure(self, dice: Dice, character: Character) -> list[str]:
        """A character with Essence and no aura rolls one d6 for it (the book's table)."""
        if essence.density(character) and character.extra.get("aura") is None:
            aura = roll_aura(dice, character)
            return [f"{character.name}'s Essence aura: {aura} (rolled)."]
        return []

    protect = staticmethod(protect)
    readjust = staticmethod(readjust)
    unconscious = staticmethod(unconscious)
    unusable_parts = staticmethod(unusable_parts)
    body_parts = staticmethod(body_parts)
    healing_days = staticmethod(healing_days)
    roll_aura = staticmethod(roll_aura)
    essence_skills = staticmethod(essence_skills)
    essence_range = staticmethod(essence_range)
    strain = staticmethod(strain)
    has_mastery = staticmethod(has_mastery)
    inventory_limit = staticmethod(inventory_limit)
    best_split = staticmethod(go.best_split)

    # characters ---------------------------------------------------------------------------
    def prepare_character(self, character: Character) -> Character:
        """Spell core qualities lower-case, key learning by quality, add ``xp`` and ``learning``."""
        character.stats = canonical_keys(character.stats, CORE, norm)
        character.resources.setdefault("xp", 0)
        counts = dict(character.resources.get("learning", {}))
        character.resources["learning"] = {
            (find_quality(character, key) or key): value for key, value in counts.items()
        }
        return character

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        """Levels, resources and body; at creation also the creation limits (at most 5 items).
        What a character can carry depends on the adventure's items (worn ones take no room),
        so :meth:`carrying` checks it where they are known."""
        seen: dict[str, str] = {}
        for key in character.stats:
            if norm(key) in seen:
                raise RulesError(f"GUTS+: quality named twice ({seen[norm(key)]}, {key})")
            seen[norm(key)] = key
            level = level_of(character, key)
            if not 1 <= level <= MAX_LEVEL:
                raise RulesError(
                    f"GUTS+: quality levels run from 1 to {MAX_LEVEL} ({key} is {level})"
                )
        self._validate_resources(character)
        self._validate_body(character)
        if creation:
            self._validate_creation(character)

    def _validate_creation(self, character: Character) -> None:
        missing = [q for q in CORE if find_quality(character, q) is None]
        if missing:
            raise RulesError(
                "GUTS+: every character has Gumption, Utility, Thought and Slyness "
                f"(missing: {', '.join(missing)})"
            )
        for key in character.stats:
            level = level_of(character, key)
            if level > CREATION_MAX_LEVEL:
                raise RulesError(f"GUTS+: a quality above 3 at creation ({key} is {level})")
        customs = custom_qualities(character)
        if not customs:
            raise RulesError("GUTS+: one custom quality is required at creation (got none)")
        if len(customs) > MAX_CUSTOM_AT_CREATION:
            raise RulesError(
                f"GUTS+: at most {MAX_CUSTOM_AT_CREATION} custom qualities at creation "
                f"(got {len(customs)}: {', '.join(customs)})"
            )
        if norm(customs[0]) == ESSENCE:
            raise RulesError(
                f"GUTS+: Essence may not be the first custom quality (first custom: {customs[0]})"
            )
        points = sum(level_of(character, key) - 1 for key in character.stats)
        if points != CREATION_POINTS:
            raise RulesError(
                f"GUTS+: creation adds exactly {CREATION_POINTS} points to qualities that "
                f"start at 1 (got {points})"
            )
        if inventory_used(character) > CREATION_ITEMS:
            raise RulesError(
                f"GUTS+: at most {CREATION_ITEMS} items at creation "
                f"(got {inventory_used(character)})"
            )

    def _validate_resources(self, character: Character) -> None:
        xp = character.resources.get("xp", 0)
        if isinstance(xp, bool) or not isinstance(xp, int) or xp < 0:
            raise RulesError(f"GUTS+: xp must be a whole number 0 or more (got {xp!r})")
        counts = character.resources.get("learning", {})
        if not isinstance(counts, dict):
            raise RulesError(f"GUTS+: learning must map qualities to counts (got {counts!r})")
        for key, value in counts.items():
            if find_quality(character, key) is None:
                raise RulesError(f"GUTS+: learning experiences for {key!r}, not a quality")
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
                raise RulesError(
                    f"GUTS+: learning experiences run from 0 to 10 ({key} has {value!r})"
                )

    def _validate_body(self, character: Character) -> None:
        for part, count in dict(character.extra.get("injuries", {})).items():
            part_key(character, part)
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 2:
                raise RulesError(f"GUTS+: a part takes 0 to 2 injuries ({part} has {count!r})")
        aura = character.extra.get("aura")
        if aura is not None and aura not in AURAS.values():
            raise RulesError(
                f"GUTS+: aura must be one of {', '.join(AURAS.values())} (got {aura!r})"
            )
        essence.validate(character)

    # rolling ------------------------------------------------------------------------------
    def parse_check(
        self, params: Mapping[str, Any], character: Character | None = None
    ) -> CheckSpec:
        spec = parse_side(
            character,
            params.get("stat"),
            params.get("dice"),
            params.get("modifier"),
            params.get("fewer_dice"),
            params.get("near"),
        )
        spec.helper_level = helper_level_of(params, spec)
        essence.read_params(params, spec.qualities)
        return spec

    @staticmethod
    def _blocked_record(spec: CheckSpec, kind: str, why: dict[str, Any]) -> RollRecord:
        """An Essence roll that cannot be made (see :mod:`.essence`): a failure, no dice."""
        return RollRecord(
            system=SYSTEM, kind=kind, stat=spec.stat, dice=[], outcome="failure", success=False,
            details={"blocked": why, "qualities": list(spec.qualities), "reading": "failure"},
            steps=[reason("essence-blocked", **why)],
        )

    def _blocked_odds(self) -> Odds:
        return self._reading_odds([0, 1, 0, 0, 0], 1, {})

    def _opponent_spec(
        self, opponent: Character | None, params: Mapping[str, Any]
    ) -> CheckSpec:
        stat = params.get("opponent_stat", params.get("stat"))
        dice = params.get("opponent_dice")
        if dice is None and opponent is None:
            raise RulesError("GUTS+: a contest needs an opponent or opponent_dice")
        return parse_side(
            opponent, stat, dice, params.get("opponent_modifier"), None, what="opponent"
        )

    def _opening_steps(self, spec: CheckSpec, faces: Sequence[int]) -> list[Step]:
        steps = [reason("condition", name=condition, modifier=mod, fewer=less)
                 for condition, mod, less in reversed(spec.conditions) if mod or less]
        steps.append(reason("rolled", qualities=list(spec.qualities), base=spec.base_dice, dice=spec.dice,
                            faces=list(faces)))
        return steps

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        spec = self.parse_check(params, character)
        why = essence.blocked(character, params, spec.qualities)
        if why is not None:
            return self._blocked_record(spec, "check", why)
        faces = dice.rolls(spec.dice, 6)
        helper_faces = dice.rolls(spec.helper_dice, 6) if spec.helper_dice else []
        values = [go.apply_modifier(f, spec.modifier) for f in faces]
        own, matches = go.pairs_with_helper(faces, helper_faces)
        steps = self._opening_steps(spec, faces)
        if spec.modifier:
            steps.append(reason("modified", modifier=spec.modifier, values=list(values)))
        if own:
            steps.append(doubles_step(own))
        details = roller_details(spec, values, own, len(own) + len(matches))
        if spec.helper_dice:
            details["helper"] = {
                "level": spec.helper_level, "dice": helper_faces, "matches": matches,
            }
            steps.append(self._helper_step(helper_faces, matches))
        record = unread_record(
            spec, "check", faces, details, steps,
            kept=list(values), xp=1 if any(f in (1, 2) for f in faces) else 0,
        )
        return reread(record, explain=True)

    @staticmethod
    def _helper_step(helper_faces: Sequence[int], matches: Sequence[int]) -> Step:
        return reason("helper", dice=list(helper_faces), matches=list(matches))

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        spec = self.parse_check(params, character)
        theirs = self._opponent_spec(opponent, params)
        why = essence.blocked(character, params, spec.qualities)
        if why is not None:
            return self._blocked_record(spec, "contest", why)
        faces = dice.rolls(spec.dice, 6)
        helper_faces = dice.rolls(spec.helper_dice, 6) if spec.helper_dice else []
        their_faces = dice.rolls(theirs.dice, 6)
        their_doubles = go.doubles(their_faces)
        their_bonus = dice.rolls(len(their_doubles), 6)
        their_values = list(their_faces)
        steps = self._opening_steps(spec, faces)
        opponent_name = opponent.name if opponent is not None else "opponent"
        steps.append(reason("opponent-rolled", name=opponent_name, qualities=list(theirs.qualities),
                            base=theirs.base_dice, faces=list(their_faces)))
        if their_bonus:
            steps.append(reason("opponent-bonus", name=opponent_name, dice=list(their_bonus)))
        if theirs.mastery:
            low = min(range(len(their_values)), key=lambda i: (their_values[i], i))
            steps.append(reason("opponent-mastery", name=opponent_name, face=their_values[low]))
            their_values[low] = 6
        their_total = sum(their_values) + sum(their_bonus) + theirs.modifier
        own, matches = go.pairs_with_helper(faces, helper_faces)
        if own:
            steps.append(doubles_step(own))
        if spec.helper_dice:
            steps.append(self._helper_step(helper_faces, matches))
        if spec.modifier:
            steps.append(reason("total-modified", modifier=spec.modifier))
        details = roller_details(spec, list(faces), own, len(own) + len(matches))
        if spec.helper_dice:
            details["helper"] = {"level": spec.helper_level, "dice": helper_faces, "matches": matches}
        if params.get("defending") is True:
            details["defending"] = True
            # the roller of a defending contest is the player unless a fight names someone else
            steps.insert(0, reason("roles", aggressor=opponent_name, defender=str(params.get("defender_name") or "you")))
        details["opponent"] = {
            "name": opponent_name,
            "qualities": list(theirs.qualities),
            "dice": their_faces,
            "values": their_values,
            "doubles": their_doubles,
            "bonus": their_bonus,
            "modifier": theirs.modifier,
            "total": their_total,
        }
        record = unread_record(spec, "contest", faces, details, steps)
        return reread(record, explain=True)

    def offers(self, record: RollRecord, character: Character) -> list[Offer]:
        """Bonus dice, placing their pooled pips, and mastery (see :mod:`.offers`)."""
        if record.system != SYSTEM:
            return []
        return offers.roll_offers(record)

    def odds_offer(self, record: RollRecord, offered: Sequence[Offer]) -> str | None:
        """The offer the play of the exact odds takes next, None to keep (:func:`.offers.odds_offer`)."""
        return offers.odds_offer(record, offered) if record.system == SYSTEM else None

    def keep_words(self, record: RollRecord) -> str:
        """Keeping a roll with bonus pips waiting places them by the best split: say so."""
        return offers.keep_words(record) if record.system == SYSTEM else ""

    def offer_effect(self, record: RollRecord, character: Character, key: str) -> str:
        """A mastery change that leaves the result but makes a double earns bonus dice."""
        return offers.offer_effect(record, key) if record.system == SYSTEM else ""

    def read_offer(self, record: RollRecord, character: Character, text: str) -> str | None:
        """A typed split of the pooled pips (``2 0 1``) or use of mastery (``m 2 5``)."""
        if record.system != SYSTEM:
            return None
        return offers.read_typed(record, text)

    def apply_offer(
        self, dice: Dice, record: RollRecord, character: Character, key: str
    ) -> RollRecord:
        return offers.apply(dice, record, key)

    def apply_given_offer(self, dice: Dice, record: RollRecord, character: Character, key: str,
                          offered: Sequence[Offer], owned: bool = False) -> RollRecord:
        """The offer taken from those the engine has (no second :func:`.offers.roll_offers`),
        on the record itself when the caller owns it (no copy)."""
        return offers.apply(dice, record, key, offered, owned=owned)

    def alternatives(self, character: Character, params: Mapping[str, Any]) -> list[Offer]:
        if "opponent" in params or "opponent_dice" in params:
            return []
        spec = self.parse_check(params, character)
        if essence.blocked(character, params, spec.qualities) is not None:
            return []  # no roll to fail on purpose
        # once per choice: failing the same task on purpose again and again earns nothing more
        return [Offer("voluntary-failure", f"Fail on purpose: +{spec.dice} XP", once=True)]

    def take_alternative(
        self, character: Character, params: Mapping[str, Any], key: str
    ) -> RollRecord:
        if key != "voluntary-failure":
            raise RulesError(f"GUTS+: the only alternative is 'voluntary-failure' (got {key!r})")
        spec = self.parse_check(params, character)
        return RollRecord(
            system=SYSTEM,
            kind="check",
            stat=spec.stat,
            dice=[],
            outcome="failure",
            success=False,
            details={
                "voluntary": True,
                "would_roll": spec.dice,
                "qualities": list(spec.qualities),
                "reading": "failure",
            },
            steps=[reason("voluntary", dice=spec.dice)],
            xp=spec.dice,
        )

    def settle(
        self, dice: Dice, record: RollRecord, character: Character,
        params: Mapping[str, Any], branches: frozenset[str],
    ) -> RollRecord:
        """Place pending bonus pips by the best split (keeping never loses pips), then decide
        what a near success counts as."""
        record = offers.place_best(record, "keep")
        if record.outcome != "near-success" or "near" in record.details:
            return record
        new = copy_record(record)
        if "near-success" in branches:
            new.details["near"] = {"policy": "branch"}
            return new
        policy = str(params.get("near") or "oracle").strip().lower()
        if policy not in NEAR_POLICIES:
            raise RulesError(
                f"GUTS+: check parameter near must be success, failure or oracle (got {policy!r})"
            )
        near: dict[str, Any] = {"policy": policy}
        if policy == "oracle":
            face = dice.roll(6)
            near["oracle_die"] = face
            new.success = face >= 4
            new.steps.append(reason("near", oracle_die=face))
        else:
            new.success = policy == "success"
            new.steps.append(reason("near", policy=policy))
        new.details["near"] = near
        return new

    def step_words(self, step: Mapping[str, Any]) -> str | list[str] | None:
        """How a step of a GUTS+ record reads (:mod:`.record_words`)."""
        return record_words.say(step)

    def is_success(self, outcome: str) -> bool:
        """Success and positive impact; a near success's flag is set by :meth:`settle`."""
        return outcome in ("success", "positive-impact")

    # odds ---------------------------------------------------------------------------------
    def _odds(self, weights: Sequence[int], denominator: int) -> dict[str, Fraction]:
        """The five readings, each on its own (they sum to 1)."""
        return {go.LABELS[r]: Fraction(weights[r], denominator) for r in range(5)}

    def _reading_odds(
        self,
        weights: Sequence[int],
        denominator: int,
        distributions: dict[str, dict[int, Fraction]],
        values: dict[str, Fraction] | None = None,
    ) -> Odds:
        """Odds of a check or contest from its reading weights (see :meth:`check_odds`), with
        its own ``distributions`` after ``reading`` and ``values`` after ``success_with_oracle``."""
        outcomes = self._odds(weights, denominator)
        overall = outcomes["success"] + outcomes["positive-impact"]
        return Odds(
            system=SYSTEM,
            outcomes=outcomes,
            overall_success=overall,
            distributions={"reading": _by_rank(weights, denominator), **distributions},
            values={"success_with_oracle": overall + outcomes["near-success"] / 2, **(values or {})},
        )

    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        """Exact odds: every bonus die taken, their pips pooled and placed by ``best_split``,
        mastery used last on the die and value that read best.

        ``outcomes`` holds the five readings, which sum to 1; ``overall_success`` is full
        success or positive impact (what a generic ``success`` branch catches without a near
        success). ``distributions["reading"]`` repeats the readings by rank in
        :attr:`outcome_labels` order. ``values["success_with_oracle"]`` counts half of near
        success (the oracle's 4-6).
        """
        spec = self.parse_check(params, character)
        if essence.blocked(character, params, spec.qualities) is not None:
            return self._blocked_odds()
        weights, denominator, bonus = go.check_weights(
            spec.dice, spec.modifier, spec.mastery, spec.helper_dice
        )
        total_bonus = sum(w for _, w in bonus)
        return self._reading_odds(
            weights, denominator,
            {"bonus_dice": {k: Fraction(w, total_bonus) for k, w in bonus}},
            {"dice": Fraction(spec.dice)},
        )

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        """Exact contest odds; both sides take every bonus die (and mastery if they have it),
        the roller's helper's matches included; with ``defending`` the roller reads the contest
        as the defender (``distributions["difference"]`` is always the roller's total less the
        opponent's)."""
        spec = self.parse_check(params, character)
        theirs = self._opponent_spec(opponent, params)
        if essence.blocked(character, params, spec.qualities) is not None:
            return self._blocked_odds()
        weights, denominator, differences = go.contest_weights(
            spec.dice, theirs.dice, spec.modifier, theirs.modifier, spec.mastery, theirs.mastery,
            spec.helper_dice, params.get("defending") is True,
        )
        return self._reading_odds(
            weights, denominator,
            {"difference": {d: Fraction(w, denominator) for d, w in differences}},
        )

    # command line -------------------------------------------------------------------------
    def _cli_params(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], int | None]:
        VALUES.reject_unknown_options(args, self.cli_options, listed_as="known")
        params: dict[str, Any] = {
            "modifier": whole(args.get("modifier", 0), "--modifier"),
            "fewer_dice": whole(args.get("fewer-dice", 0), "--fewer-dice"),
        }
        if "near" in args:
            params["near"] = args["near"]
        opponent: int | None = None
        if args.get("contest") is not None:
            if args.get("dice") is not None:
                raise RulesError("GUTS+: use either --dice or --contest, not both")
            match = re.fullmatch(r"\s*(\d+)\s*:\s*(\d+)\s*", str(args["contest"]))
            if not match:
                raise RulesError(
                    f"GUTS+: --contest must look like A:D, e.g. 4:3 (got {args['contest']!r})"
                )
            params["dice"] = dice_count(match.group(1), "--contest (your dice)")
            opponent = dice_count(match.group(2), "--contest (opponent's dice)")
            params["opponent_dice"] = opponent
            params["opponent_modifier"] = whole(args.get("opponent-modifier", 0), "--opponent-modifier")
            if args.get("defending") is not None:
                if args["defending"] is not True:
                    raise RulesError("GUTS+: --defending is a flag and takes no value")
                params["defending"] = True
        else:
            for name in ("defending", "opponent-modifier"):
                if args.get(name) is not None:
                    raise RulesError(f"GUTS+: --{name} goes with --contest A:D")
            if args.get("dice") is None:
                raise RulesError("GUTS+: give --dice N (1-10) or --contest A:D")
            params["dice"] = dice_count(args["dice"], "--dice")
        if args.get("assist") is not None:
            params["assist_dice"] = whole(args["assist"], "--assist")
        return params, opponent

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        params, opponent = self._cli_params(args)
        character = Character(name="you", system=SYSTEM, stats={})
        if opponent is not None:
            return self.contest_odds(character, None, params)  # type: ignore[arg-type]
        return self.check_odds(character, params)

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        """Roll once, take every bonus die with the best split (as the odds assume) and settle
        a near success."""
        params, opponent = self._cli_params(args)
        character = Character(name="you", system=SYSTEM, stats={})
        if opponent is not None:
            record = self.contest(dice, character, None, params)  # type: ignore[arg-type]
        else:
            record = self.check(dice, character, params)
        while offers.BONUS in {o.key for o in self.offers(record, character)}:
            record = self.apply_offer(dice, record, character, offers.BONUS)
        record = offers.place_best(record)
        return self.settle(dice, record, character, params, frozenset())

    # experience ---------------------------------------------------------------------------
    def experience(self, record: RollRecord, character: Character) -> list[str]:
        """XP for a 1 or 2 among the rolled dice, or a voluntary failure's XP; learning on a
        negative impact. Contests earn nothing. A negative impact on Essence also strains
        the character (so the engine should not call :func:`strain` for it again).
        """
        if record.system != SYSTEM or record.kind != "check":
            return []
        self.prepare_character(character)
        lines: list[str] = []
        if record.xp:
            character.resources["xp"] += record.xp
            why = "voluntary failure" if record.details.get("voluntary") else "a die showed 1 or 2"
            lines.append(f"+{record.xp} XP ({why}): {character.resources['xp']} XP")
        for quality, amount in sorted(record.learning.items()):
            lines.extend(self.add_learning(character, quality, amount))
        if record.outcome == "negative-impact" and not record.details.get("voluntary"):
            if any(norm(q) == ESSENCE for q in record.details.get("qualities", [])):
                lines.extend(strain(character))
        if record.xp and character.resources["xp"] >= XP_TO_ADVANCE:
            lines.append(f"{XP_TO_ADVANCE} XP: raise a quality or learn a new one")
        return lines

    def add_learning(self, character: Character, quality: str, amount: int = 1) -> list[str]:
        """Add learning experiences; at 10 the quality rises at once (below level 10)."""
        return growth.add_learning(character, quality, amount)

    # awards and the inventory (hooks the engine and the validator call) --------------------
    def gain(self, dice: Dice, character: Character, resource: str, amount: Any) -> list[str] | None:
        """``learning: {quality: n}`` goes to those qualities; ``xp`` never falls below 0 and
        reaching 100 says an advance is due; other awards are the engine's."""
        self.prepare_character(character)
        if resource == "xp" and not isinstance(amount, Mapping):
            return growth.gain_xp(character, whole(amount, "xp award"))
        return growth.gain(character, resource, amount)

    def check_award(self, resource: str, amount: Any, character: Character | None = None) -> None:
        """Raise :class:`RulesError` if an award cannot be given as written (see :mod:`.growth`)."""
        growth.check_award(resource, amount, character)

    def carrying(
        self, character: Character, items: Mapping[str, Mapping[str, Any]], adding: str | None = None
    ) -> str | None:
        """Why the character cannot carry its items (and ``adding``), or None: 10 slots, 20 with
        a bag; items whose rules say ``worn`` (and bags) take none."""
        return carrying(character, items, adding)

    def advancement(self, character: Character) -> list[Advance]:
        """Raise a quality below 10 by 1, or add a new quality at 1; each costs 100 XP."""
        found = [
            Advance(
                f"raise:{key}",
                f"Raise {display_name(key)} to {level_of(character, key) + 1}",
                {"xp": XP_TO_ADVANCE},
            )
            for key in character.stats
            if level_of(character, key) < MAX_LEVEL
        ]
        found.append(
            Advance("new-quality", "Add a new quality at level 1 (key new-quality:NAME)",
                    {"xp": XP_TO_ADVANCE})
        )
        return found

    def advance(self, character: Character, key: str) -> Character:
        self.prepare_character(character)
        xp = character.resources.get("xp", 0)
        if xp < XP_TO_ADVANCE:
            raise RulesError(f"GUTS+: an advance costs {XP_TO_ADVANCE} XP (have {xp})")
        kind, _, name = key.partition(":")
        name = name.strip()
        if kind == "raise":
            quality = find_quality(character, name)
            if quality is None:
                raise RulesError(f"GUTS+: cannot raise {name!r}, not a quality of {character.name}")
            level = level_of(character, quality)
            if level >= MAX_LEVEL:
                raise RulesError(f"GUTS+: {quality} is already at the maximum level {MAX_LEVEL}")
            character.stats[quality] = level + 1
        elif kind == "new-quality":
            if not name:
                raise RulesError("GUTS+: a new quality needs a name (key new-quality:NAME)")
            if find_quality(character, name) is not None:
                raise RulesError(f"GUTS+: {character.name} already has the quality {name!r}")
            if norm(name) == ESSENCE and not custom_qualities(character):
                raise RulesError("GUTS+: Essence may not be the first custom quality")
            character.stats[norm(name) if norm(name) in CORE else name] = 1
        else:
            raise RulesError(
                f"GUTS+: advance must be raise:QUALITY or new-quality:NAME (got {key!r})"
            )
        character.resources["xp"] = 0
        return character


def _by_rank(weights: Sequence[int], denominator: int) -> dict[int, Fraction]:
    return {rank: Fraction(weights[rank], denominator) for rank in range(5)}
