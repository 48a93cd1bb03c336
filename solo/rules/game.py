"""GAME (Guilddom Adventures Made Easy): the ``game`` ruleset.

This module owns everything GAME-specific: the sixteen skills and four characteristics, forgiving
skill-name lookup, creation and advancement rules (35 points, talents, traits, EP), the skill
check (1–3 d8 keep the lowest, rating + lowest die ≥ 8, excess) with the notable/group extra
die, competitive checks, rerolls, and exact odds. It also holds pure helpers for the rest of the
book's mechanics that adventures may need: damage dice, Build-skill durations and Drain, combined
Build checks and encumbrance.

Check parameters (as written in an adventure file)
    ``stat``        a skill, looked up forgivingly (``"Hack/Slash"``, ``"hack-slash"``, ``"hack"``
                    and ``"slash"`` all find Hack/Slash; ``"Chemistry"`` finds the book's Chemstry).
    ``difficulty``  ``easy`` (1d8, the default), ``challenging`` (2d8) or ``hard`` (3d8);
                    the dice counts 1/2/3 work too.
    ``bonus``       a situational modifier added to the sum (the book's +1/+2; negative allowed).
    ``group``       N characters acting together: an extra d8 succeeds on N or less (N ≥ 2).
    ``notable``     ``true`` rolls the notable extra d8 (succeeds on a 1); it is rolled anyway when
                    the skill belongs to the character's notable characteristic.
    ``exhausted``   ``true`` forces the −1; it applies anyway when the character has the condition
                    ``exhausted`` or FP − ENC ≤ 2 (``resources["fp"]`` − ``extra["enc"]``).
    ``rating``      a numeric rating 0–8 used instead of the character's skill (for
                    ``solo odds`` and NPCs without stats).

Contests take the same keys for the character plus ``opponent_stat`` (default: ``stat``),
``opponent_difficulty`` (default: ``difficulty``), ``opponent_bonus``, ``opponent_group``,
``opponent_notable``, ``opponent_exhausted`` and ``opponent_rating`` for the other side.

Decisions and readings of the book recorded here
    * Success needs rating + lowest die + modifiers ≥ 8; the book's "equals ten" is a slip for
      eight.
    * A notable check that is also a group check rolls a single extra die (the book asks for one
      distinctly coloured fourth die); it succeeds on ``max(N, 1)`` or less.
    * The excess of a failure is recorded as the negative value rating + lowest + modifiers − 8;
      the ``excess`` odds distribution uses the same convention (negative keys are failures). A
      success that came only from the extra die has excess 1.
    * Exhaustion is −1 once, however it arises. FP − ENC ≤ 2 counts with ENC 0 too (a character
      worn down to 2 FP is exhausted).
    * A contest is one round: one success against one failure decides, anything else is a
      ``draw``. Contest outcome labels are :attr:`Game.contest_labels` = failure, draw, success;
      an adventure without a ``draw`` branch simply lets the player act again.
    * One reroll repeats the player's whole check (in a contest, only the player's side). It is
      offered on any check while the character holds rerolls, and on a contest not yet won.
    * Damage: each damage die is 1 FP, a critical adds 1 more, AR is subtracted once, never below 0.
      With fewer or more damage dice than the excess (blocks, ripostes) the dice count is used.
    * At creation the skill points must total exactly 35 and every talent level is 0 (the book:
      a new PC has no talents). Traits are optional but come as one advantage plus one
      disadvantage.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import Any, ClassVar, Iterable, Mapping

from solo.rules.base import Advance, Character, Odds, Offer, RulesError, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.values import ValueReader, lookup_name, name_key

SYSTEM = "game"

SKILLS_BY_CHARACTERISTIC: dict[str, tuple[str, ...]] = {
    "Brawn": ("Hack/Slash", "Lift/Smash", "Throw/Ensnare", "Shoot/Fire"),
    "Brains": ("Bargain/Appraise", "Perception/Track", "Social/Etiquette", "Wilderness/Escape"),
    "Balance": ("Block/Dodge", "Leap/Tumble", "Ride/Pilot", "Sneak/Hide"),
    "Build": ("Alchemy", "Chemstry", "Machinery", "Transmutery"),
}
CHARACTERISTICS: tuple[str, ...] = tuple(SKILLS_BY_CHARACTERISTIC)
SKILLS: tuple[str, ...] = tuple(s for group in SKILLS_BY_CHARACTERISTIC.values() for s in group)
CHARACTERISTIC_OF: dict[str, str] = {
    skill: name for name, group in SKILLS_BY_CHARACTERISTIC.items() for skill in group
}
BUILD_SKILLS: tuple[str, ...] = SKILLS_BY_CHARACTERISTIC["Build"]

TARGET = 8
MAX_RATING = 8
DIE = 8
CREATION_POINTS = 35
CREATION_CAP = 5
MAX_FP = 8
EXHAUSTION_PENALTY = 1
DIFFICULTY_DICE: dict[str, int] = {"easy": 1, "challenging": 2, "hard": 3}
DIFFICULTIES: tuple[str, ...] = tuple(DIFFICULTY_DICE)

#: Advantage / disadvantage pairs; a character may not take both halves of a pair, except the
#: pairs listed in :data:`COMPATIBLE_TRAITS`.
TRAIT_PAIRS: tuple[tuple[str, str], ...] = (
    ("danger sense", "absentmindedness"),
    ("pet owner", "pet target"),
    ("presence", "disdain"),
    ("prestige", "shunned"),
    ("prophecy", "weirdness magnet"),
    ("wealthy", "impoverished"),
)
COMPATIBLE_TRAITS: frozenset[tuple[str, str]] = frozenset({("prophecy", "weirdness magnet")})
ADVANTAGES: tuple[str, ...] = tuple(a for a, _ in TRAIT_PAIRS)
DISADVANTAGES: tuple[str, ...] = tuple(d for _, d in TRAIT_PAIRS)

ARMOUR_RATING: dict[str, int] = {"none": 0, "light": 1, "heavy": 2, "bulky": 3}
#: What the excess of a successful Build check measures.
BUILD_DURATION_UNIT: dict[str, str] = {
    "Alchemy": "days",
    "Machinery": "hours",
    "Transmutery": "minutes",
}
DRAIN_BY_DIFFICULTY: dict[str, int] = {"easy": 0, "challenging": 1, "hard": 2}
FAILED_TRANSMUTERY_DRAIN = 3
COMBINED_TRANSMUTERY_DRAIN = 3


_VALUES = ValueReader("GAME")
_err = _VALUES.error
_as_int = _VALUES.whole_number
_as_bool = _VALUES.flag


# --------------------------------------------------------------------------------------------
# names
# --------------------------------------------------------------------------------------------

#: Lower-case letters and digits only: ``"Hack/Slash"`` and ``"hack-slash"`` → ``hackslash``.
_key = name_key


def _skill_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for skill in SKILLS:
        index[_key(skill)] = skill
        for half in skill.split("/"):
            index[_key(half)] = skill
    index["chemistry"] = "Chemstry"
    return index


_SKILL_INDEX = _skill_index()
_CHARACTERISTIC_INDEX = {_key(c): c for c in CHARACTERISTICS}
_TRAIT_INDEX = {_key(t): t for t in ADVANTAGES + DISADVANTAGES}


def lookup_skill(name: Any) -> str | None:
    """The book's spelling of a skill named forgivingly, or ``None`` if nothing matches."""
    return lookup_name(_SKILL_INDEX, name)


def find_skill(name: Any) -> str:
    """Like :func:`lookup_skill` but raises :class:`RulesError` listing the skills."""
    return _VALUES.known_name(name, _SKILL_INDEX, "skill", SKILLS)


def find_characteristic(name: Any) -> str:
    """Brawn, Brains, Balance or Build, named case-insensitively."""
    return _VALUES.known_name(name, _CHARACTERISTIC_INDEX, "characteristic", CHARACTERISTICS)


def parse_difficulty(value: Any) -> str:
    """``easy``/``challenging``/``hard`` (any case) or the dice count 1/2/3."""
    if isinstance(value, int) and not isinstance(value, bool):
        for name, count in DIFFICULTY_DICE.items():
            if count == value:
                return name
    elif isinstance(value, str):
        text = value.strip().lower()
        if text in DIFFICULTY_DICE:
            return text
        if text.isdigit():
            return parse_difficulty(int(text))
    raise _err(f"difficulty must be easy, challenging or hard (got {value!r})")


# --------------------------------------------------------------------------------------------
# the check as data
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameCheck:
    """A parsed check: everything needed to roll it, read it and compute its odds."""

    skill: str  # the book's skill name, or "" when only a rating was given
    rating: int
    difficulty: str = "easy"
    bonus: int = 0
    exhausted: bool = False
    notable: bool = False
    group: int = 0  # 0 or 1: no group die

    @property
    def dice_count(self) -> int:
        return DIFFICULTY_DICE[self.difficulty]

    @property
    def modifier(self) -> int:
        return self.bonus - (EXHAUSTION_PENALTY if self.exhausted else 0)

    @property
    def extra_threshold(self) -> int:
        """The extra die succeeds on this value or less; 0 means no extra die is rolled."""
        threshold = max(self.group if self.group >= 2 else 0, 1 if self.notable else 0)
        return min(threshold, DIE)

    @property
    def extra_reason(self) -> str:
        reasons = []
        if self.notable:
            reasons.append("notable")
        if self.group >= 2:
            reasons.append(f"group of {self.group}")
        return " + ".join(reasons)

    @property
    def label(self) -> str:
        return self.skill or "rating"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameCheck":
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


@dataclass(frozen=True)
class CheckResult:
    """How one set of dice reads for a :class:`GameCheck`."""

    rolled: tuple[int, ...]
    extra: int | None
    lowest: int
    total: int  # rating + lowest + modifiers
    normal_success: bool
    extra_success: bool
    success: bool
    excess: int

    @property
    def extra_decided(self) -> bool:
        return self.extra_success and not self.normal_success

    @property
    def faces(self) -> list[int]:
        return list(self.rolled) + ([] if self.extra is None else [self.extra])


def read_check(check: GameCheck, rolled: Iterable[int], extra: int | None = None) -> CheckResult:
    """Read difficulty dice (and the extra die, if the check has one) — no randomness here."""
    rolled = tuple(int(v) for v in rolled)
    if len(rolled) != check.dice_count:
        raise _err(f"a {check.difficulty} check reads {check.dice_count} dice (got {len(rolled)})")
    if (extra is None) != (check.extra_threshold == 0):
        raise _err("the extra die must be given exactly when the check is notable or a group")
    lowest = min(rolled)
    total = check.rating + lowest + check.modifier
    normal = total >= TARGET
    extra_ok = extra is not None and extra <= check.extra_threshold
    success = normal or extra_ok
    excess = total - TARGET if normal or not extra_ok else 1
    return CheckResult(rolled, extra, lowest, total, normal, extra_ok, success, excess)


def roll_check(dice: Dice, check: GameCheck) -> CheckResult:
    """Roll the difficulty dice, then the extra die if any, and read them."""
    rolled = dice.rolls(check.dice_count, DIE)
    extra = dice.roll(DIE) if check.extra_threshold else None
    return read_check(check, rolled, extra)


# --------------------------------------------------------------------------------------------
# exact odds
# --------------------------------------------------------------------------------------------


def lowest_die_distribution(count: int, sides: int = DIE) -> dict[int, Fraction]:
    """P(lowest of ``count`` d``sides`` = v) = ((s−v+1)^k − (s−v)^k) / s^k."""
    denom = sides**count
    return {
        v: Fraction((sides - v + 1) ** count - (sides - v) ** count, denom)
        for v in range(1, sides + 1)
    }


def excess_distribution(check: GameCheck) -> dict[int, Fraction]:
    """Exact distribution of the excess (negative values are failures, see module docstring)."""
    p_extra = Fraction(check.extra_threshold, DIE)
    dist: dict[int, Fraction] = {}
    for lowest, p in lowest_die_distribution(check.dice_count).items():
        total = check.rating + lowest + check.modifier
        if total >= TARGET:
            _add(dist, total - TARGET, p)
            continue
        if p_extra:
            _add(dist, 1, p * p_extra)
        if p_extra != 1:
            _add(dist, total - TARGET, p * (1 - p_extra))
    return dict(sorted(dist.items()))


def _add(dist: dict[int, Fraction], key: int, p: Fraction) -> None:
    dist[key] = dist.get(key, Fraction(0)) + p


def success_chance(check: GameCheck) -> Fraction:
    """P(success) of a check."""
    return sum((p for e, p in excess_distribution(check).items() if e >= 0), Fraction(0))


def extra_decides_chance(check: GameCheck) -> Fraction:
    """P(the extra die turns a failure into a success)."""
    p_extra = Fraction(check.extra_threshold, DIE)
    fail = sum(
        (p for v, p in lowest_die_distribution(check.dice_count).items()
         if check.rating + v + check.modifier < TARGET),
        Fraction(0),
    )
    return fail * p_extra


def book_success_chance(rating: int, dice_count: int) -> Fraction:
    """The book's table in closed form: ((r+1)/8)^k for r ≤ 6, certain from 7 on."""
    if rating >= TARGET - 1:
        return Fraction(1)
    if rating < 0:
        return Fraction(0)
    return Fraction(rating + 1, DIE) ** dice_count


def contest_outcomes(mine: GameCheck, theirs: GameCheck) -> dict[str, Fraction]:
    """Exact success/draw/failure of a one-round competitive check."""
    p = success_chance(mine)
    q = success_chance(theirs)
    win = p * (1 - q)
    lose = (1 - p) * q
    return {"failure": lose, "draw": 1 - win - lose, "success": win}


def combined_build_chance(rating_a: int, rating_b: int, bonus: int = 0) -> Fraction:
    """Two Hard Build checks that must both succeed (book: combining two Build skills)."""
    a = success_chance(GameCheck("", rating_a, "hard", bonus))
    b = success_chance(GameCheck("", rating_b, "hard", bonus))
    return a * b


# --------------------------------------------------------------------------------------------
# combat, Build skills, fatigue
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Damage:
    """Damage dice as rolled and what they do."""

    dice: tuple[int, ...]
    criticals: int
    stun: bool
    fp_lost: int


def critical_from(group: int = 1) -> int:
    """Lowest damage-die face that is a critical: 8 alone, one lower per group member beyond one."""
    members = max(1, min(int(group), DIE))
    return DIE + 1 - members


def damage_dice_count(excess: int, riposte: int = 0, blocked: int = 0) -> int:
    """Damage dice of a hit: its excess plus a successful riposte's, minus a block/dodge's."""
    return max(0, excess + riposte - blocked)


def parry_excess(excess: int, talent: int) -> int:
    """A parry's effective excess is capped by the Hack/Slash talent level."""
    return max(0, min(excess, talent))


def read_damage(faces: Iterable[int], ar: int = 0, group: int = 1) -> Damage:
    """FP lost = dice + criticals − AR (not below 0); any 1 stuns."""
    faces = tuple(int(f) for f in faces)
    low = critical_from(group)
    crits = sum(1 for f in faces if f >= low)
    fp = max(0, len(faces) + crits - int(ar))
    return Damage(faces, crits, any(f == 1 for f in faces), fp)


def roll_damage(dice: Dice, count: int, ar: int = 0, group: int = 1) -> Damage:
    """Roll ``count`` damage dice and read them."""
    if count < 0:
        raise _err(f"damage dice cannot be negative (got {count})")
    return read_damage(dice.rolls(count, DIE), ar, group)


def damage_distribution(count: int, ar: int = 0, group: int = 1) -> dict[int, Fraction]:
    """Exact distribution of FP lost (criticals are binomial over the dice)."""
    from math import comb

    p = Fraction(DIE + 1 - critical_from(group), DIE)
    dist: dict[int, Fraction] = {}
    for crits in range(count + 1):
        prob = comb(count, crits) * p**crits * (1 - p) ** (count - crits)
        _add(dist, max(0, count + crits - ar), prob)
    return dict(sorted(dist.items()))


def stun_chance(count: int) -> Fraction:
    """P(at least one damage die shows 1)."""
    return 1 - Fraction(DIE - 1, DIE) ** count


def build_duration(skill: str, excess: int) -> tuple[int, str] | None:
    """How long a Build success lasts: Alchemy days, Machinery hours, Transmutery minutes."""
    unit = BUILD_DURATION_UNIT.get(find_skill(skill))
    if unit is None or excess < 0:
        return None
    return excess, unit


def drain(difficulty: str, success: bool) -> int:
    """Transmutery Drain in FP: 0/1/2 for Easy/Challenging/Hard, 3 more on a failure."""
    base = DRAIN_BY_DIFFICULTY[parse_difficulty(difficulty)]
    return base + (0 if success else FAILED_TRANSMUTERY_DRAIN)


def combined_build_drain(skill_a: str, skill_b: str) -> int:
    """A combined Build attempt drains 3 FP when one of the skills is Transmutery."""
    skills = {find_skill(skill_a), find_skill(skill_b)}
    for skill in skills:
        if skill not in BUILD_SKILLS:
            raise _err(f"combined Build attempts use Build skills (got {skill})")
    return COMBINED_TRANSMUTERY_DRAIN if "Transmutery" in skills else 0


def encumbrance_effect(fp: int, enc: int) -> str:
    """``none``, ``exhausted`` (FP − ENC ≤ 2: −1 to checks) or ``overloaded`` (≤ 0: can't stand)."""
    left = int(fp) - int(enc)
    if left <= 0:
        return "overloaded"
    if left <= 2:
        return "exhausted"
    return "none"


def is_exhausted(character: Character) -> bool:
    """The ``exhausted`` condition, or FP − ENC ≤ 2 when the character tracks FP."""
    if any(_key(c) == "exhausted" for c in character.conditions):
        return True
    fp = character.resources.get("fp")
    if fp is None:
        return False
    enc = character.extra.get("enc", 0) or 0
    return encumbrance_effect(_as_int(fp, "resources.fp"), _as_int(enc, "extra.enc")) != "none"


# --------------------------------------------------------------------------------------------
# characters
# --------------------------------------------------------------------------------------------


def skill_rating(character: Character, skill: str) -> int:
    """The character's rating in a skill (found forgivingly); a skill not listed rates 0."""
    for name, value in character.stats.items():
        if lookup_skill(name) == skill:
            return _as_int(value, f"skill {skill}")
    return 0


def notable_characteristic(character: Character) -> str | None:
    value = character.extra.get("notable")
    if isinstance(value, (list, tuple)):
        value = value[0] if len(value) == 1 else None
    if not value:
        return None
    return _CHARACTERISTIC_INDEX.get(_key(value))


def talents(character: Character) -> dict[str, int]:
    """Talent levels keyed by the book's skill names (unknown names are skipped here)."""
    found: dict[str, int] = {}
    for name, value in (character.extra.get("talents") or {}).items():
        skill = lookup_skill(name)
        if skill is not None:
            found[skill] = _as_int(value, f"talent level of {skill}")
    return found


def _validate_traits(traits: Any) -> None:
    if not traits:
        return
    if not isinstance(traits, Mapping):
        raise _err(f"extra.traits must map advantage/disadvantage to a trait (got {traits!r})")
    unknown = sorted(set(traits) - {"advantage", "disadvantage"})
    if unknown:
        raise _err(f"extra.traits takes advantage and disadvantage only (got {', '.join(unknown)})")
    adv = traits.get("advantage")
    dis = traits.get("disadvantage")
    if bool(adv) != bool(dis):
        raise _err(
            "traits come as one advantage plus one disadvantage "
            f"(got advantage {adv!r}, disadvantage {dis!r})"
        )
    if not adv:
        return
    adv_name = _TRAIT_INDEX.get(_key(adv))
    dis_name = _TRAIT_INDEX.get(_key(dis))
    if adv_name not in ADVANTAGES:
        raise _err(f"unknown advantage {adv!r} (expected one of: {', '.join(ADVANTAGES)})")
    if dis_name not in DISADVANTAGES:
        raise _err(f"unknown disadvantage {dis!r} (expected one of: {', '.join(DISADVANTAGES)})")
    pair = (adv_name, dis_name)
    if pair in TRAIT_PAIRS and pair not in COMPATIBLE_TRAITS:
        raise _err(
            f"advantage and disadvantage may not be an opposing pair (got {adv_name} / {dis_name})"
        )


# --------------------------------------------------------------------------------------------
# the ruleset
# --------------------------------------------------------------------------------------------


class Game(RulesetDefaults):
    """Guilddom Adventures Made Easy. See the module docstring for parameters and Decisions.

    No alternatives to rolling and nothing to settle: those are :class:`RulesetDefaults`'.
    """

    id: ClassVar[str] = SYSTEM
    error_label: ClassVar[str] = _VALUES.label
    name: ClassVar[str] = "Guilddom Adventures Made Easy (GAME)"
    outcome_labels: ClassVar[tuple[str, ...]] = ("failure", "success")
    #: Labels a contest can produce, worst to best.
    contest_labels: ClassVar[tuple[str, ...]] = ("failure", "draw", "success")
    stat_names: ClassVar[tuple[str, ...]] = SKILLS
    # interactive creation (optional hooks used by solo.ui.creation)
    creation_rules: ClassVar[str] = (
        "Spread 35 points over the 16 skills: none above 5 and at most one at 5. Then pick the "
        "one characteristic you are notable in: Brawn, Brains, Balance or Build."
    )
    creation_extra: ClassVar[tuple[str, ...]] = ("notable",)
    custom_stats: ClassVar[bool] = False

    def creation_defaults(self) -> dict[str, int]:
        return {name: 2 for name in SKILLS}
    cli_options: ClassVar[dict[str, str]] = {
        "skill": "skill rating 0-8",
        "difficulty": "easy (1d8), challenging (2d8) or hard (3d8); default easy",
        "notable": "flag: roll the notable extra d8 (a 1 succeeds)",
        "group": "N acting together: an extra d8 succeeds on N or less",
        "bonus": "situational modifier added to the sum (+1/+2)",
        "exhausted": "flag: -1 for exhaustion",
        "versus": "opponent's skill rating: odds of a competitive check",
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
                raise _err(f"skill {skill} is given twice (as {seen[skill]!r} and {name!r})")
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
                k: _TRAIT_INDEX.get(_key(v), v) if isinstance(v, str) else v
                for k, v in traits.items()
            }
        for resource, default in (("ep", 0), ("rerolls", 0), ("fp", MAX_FP)):
            character.resources.setdefault(resource, default)
        return character

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        ratings: dict[str, int] = {}
        for name, value in character.stats.items():
            skill = lookup_skill(name)
            if skill is None:
                raise _err(f"unknown skill {name!r} in stats (expected: {', '.join(SKILLS)})")
            if skill in ratings:
                raise _err(f"skill {skill} is given twice in stats")
            rating = _as_int(value, f"rating of {skill}")
            if not 0 <= rating <= MAX_RATING:
                raise _err(f"skill ratings run 0-{MAX_RATING} (got {skill} {rating})")
            ratings[skill] = rating

        raw_talents = character.extra.get("talents") or {}
        if not isinstance(raw_talents, Mapping):
            raise _err(f"extra.talents must map skills to talent levels (got {raw_talents!r})")
        for name, value in raw_talents.items():
            skill = find_skill(name)
            level = _as_int(value, f"talent level of {skill}")
            if skill in BUILD_SKILLS and level:
                raise _err(f"Build skills have no talents (got {skill} TL {level})")
            if level < 0:
                raise _err(f"talent levels start at 0 (got {skill} TL {level})")
            if level > ratings.get(skill, 0):
                raise _err(
                    f"a talent level may not exceed its skill's rating "
                    f"(got {skill} TL {level}, rating {ratings.get(skill, 0)})"
                )
            if creation and level:
                raise _err(f"a new PC has no talents (got {skill} TL {level})")

        notable = character.extra.get("notable")
        if isinstance(notable, (list, tuple)) and len(notable) != 1:
            raise _err(
                f"a PC is notable in exactly one characteristic (got {len(notable)}: "
                f"{', '.join(map(str, notable)) or 'none'})"
            )
        if notable:
            find_characteristic(notable[0] if isinstance(notable, (list, tuple)) else notable)
        elif creation:
            raise _err(
                "a PC is notable in exactly one characteristic: set extra.notable to one of "
                f"{', '.join(CHARACTERISTICS)} (got none)"
            )
        _validate_traits(character.extra.get("traits"))

        if creation:
            total = sum(ratings.values())
            if total != CREATION_POINTS:
                raise _err(f"a new PC spreads exactly {CREATION_POINTS} skill points (got {total})")
            over = [f"{s} {r}" for s, r in ratings.items() if r > CREATION_CAP]
            if over:
                raise _err(f"no skill may start above {CREATION_CAP} (got {', '.join(over)})")
            fives = [s for s, r in ratings.items() if r == CREATION_CAP]
            if len(fives) > 1:
                raise _err(
                    f"at most one skill may be rated {CREATION_CAP} at creation "
                    f"(got {len(fives)}: {', '.join(fives)})"
                )

    # rolling ----------------------------------------------------------------------------------
    def parse_check(
        self, params: Mapping[str, Any], character: Character | None = None
    ) -> GameCheck:
        return self._parse_side(params, character, "")

    def _parse_side(
        self, params: Mapping[str, Any], character: Character | None, prefix: str
    ) -> GameCheck:
        def get(key: str, default: Any = None) -> Any:
            return params.get(prefix + key, default)

        stat = get("stat")
        if prefix and stat is None:
            stat = params.get("stat")
        skill = find_skill(stat) if stat is not None else ""

        if get("rating") is not None:
            rating = _as_int(get("rating"), f"check parameter '{prefix}rating'")
            if not 0 <= rating <= MAX_RATING:
                raise _err(f"check parameter '{prefix}rating' runs 0-{MAX_RATING} (got {rating})")
        elif not skill:
            raise _err(f"a check needs '{prefix}stat' (a skill) or '{prefix}rating'")
        elif character is None:
            raise _err(f"a check on {skill} needs a character (or '{prefix}rating')")
        else:
            rating = skill_rating(character, skill)

        diff = get("difficulty")
        if diff is None and prefix:
            diff = params.get("difficulty")
        difficulty = parse_difficulty(diff) if diff is not None else "easy"
        bonus = _as_int(get("bonus", 0), f"check parameter '{prefix}bonus'")

        group = get("group")
        group_n = 0
        if group is not None:
            group_n = _as_int(group, f"check parameter '{prefix}group'")
            if group_n < 1:
                raise _err(
                    f"check parameter '{prefix}group' counts characters, 1 or more (got {group_n})"
                )

        notable = _as_bool(get("notable", False), f"check parameter '{prefix}notable'")
        exhausted = _as_bool(get("exhausted", False), f"check parameter '{prefix}exhausted'")
        if character is not None:
            if skill and notable_characteristic(character) == CHARACTERISTIC_OF[skill]:
                notable = True
            exhausted = exhausted or is_exhausted(character)
        return GameCheck(skill, rating, difficulty, bonus, exhausted, notable, group_n)

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        chk = self.parse_check(params, character)
        return self._check_record(chk, roll_check(dice, chk))

    def _check_record(self, chk: GameCheck, res: CheckResult) -> RollRecord:
        details = _result_details(chk, res)
        details["check"] = chk.to_dict()
        steps = _result_steps(chk, res)
        _build_notes(chk, res, details, steps)
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
            kept=[res.lowest],
            modifiers=modifiers,
            details=details,
            steps=steps,
        )

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        mine = self._parse_side(params, character, "")
        theirs = self._parse_side(params, opponent, "opponent_")
        return self._contest_record(mine, theirs, roll_check(dice, mine), roll_check(dice, theirs))

    def _contest_record(
        self, mine: GameCheck, theirs: GameCheck, res: CheckResult, opp: CheckResult
    ) -> RollRecord:
        if res.success and not opp.success:
            outcome, verdict = "success", "you succeed, they fail → you win"
        elif opp.success and not res.success:
            outcome, verdict = "failure", "they succeed, you fail → you lose"
        else:
            both = "both succeed" if res.success else "both fail"
            outcome, verdict = "draw", f"{both} → draw"
        steps = ["you: " + s for s in _result_steps(mine, res)]
        steps += ["opponent: " + s for s in _result_steps(theirs, opp)]
        steps.append(verdict)
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
                "you": _result_details(mine, res),
                "opponent": _result_details(theirs, opp),
                "check": mine.to_dict(),
                "opponent_check": theirs.to_dict(),
            },
            steps=steps,
        )

    def offers(self, record: RollRecord, character: Character) -> list[Offer]:
        if record.system != SYSTEM or record.kind not in ("check", "contest"):
            return []
        if record.kind == "contest" and record.outcome == "success":
            return []
        left = _as_int(character.resources.get("rerolls", 0) or 0, "resources.rerolls")
        if left <= 0:
            return []
        text = f"Spend a reroll to roll your check again ({left} left)"
        return [Offer("reroll", text, {"rerolls": 1})]

    def apply_offer(
        self, dice: Dice, record: RollRecord, character: Character, key: str
    ) -> RollRecord:
        if key != "reroll" or not any(o.key == key for o in self.offers(record, character)):
            raise _err(f"no offer {key!r} on this roll (offers: reroll while rerolls last)")
        left = _as_int(character.resources["rerolls"], "resources.rerolls")
        character.resources["rerolls"] = left - 1
        mine = GameCheck.from_dict(record.details["check"])
        if record.kind == "check":
            new = self._check_record(mine, roll_check(dice, mine))
        else:
            theirs = GameCheck.from_dict(record.details["opponent_check"])
            opp = _result_from_details(theirs, record.details["opponent"])
            new = self._contest_record(mine, theirs, roll_check(dice, mine), opp)
        used = int(record.details.get("rerolls_used", 0)) + 1
        new.details["rerolls_used"] = used
        new.details["rerolled"] = list(record.details.get("rerolled", [])) + [list(record.dice)]
        new.steps.insert(0, f"reroll spent ({character.resources['rerolls']} left)")
        return new

    def combined_build(
        self, dice: Dice, character: Character, skill_a: str, skill_b: str, bonus: int = 0
    ) -> RollRecord:
        """Two Hard Build checks, one after the other; the attempt succeeds only if both do."""
        drain_fp = combined_build_drain(skill_a, skill_b)
        records = [
            self.check(dice, character, {"stat": s, "difficulty": "hard", "bonus": bonus})
            for s in (skill_a, skill_b)
        ]
        success = all(r.success for r in records)
        steps = [f"{r.stat}: {s}" for r in records for s in r.steps[:2]]
        steps.append(("both succeed" if success else "not both succeed") + " → " +
                     ("success" if success else "failure"))
        if drain_fp:
            steps.append(f"Drain {drain_fp} FP")
        return RollRecord(
            system=SYSTEM,
            kind="check",
            stat=f"{records[0].stat} + {records[1].stat}",
            dice=records[0].dice + records[1].dice,
            outcome="success" if success else "failure",
            success=success,
            kept=[records[0].kept[0], records[1].kept[0]],
            details={"combined": [r.details for r in records], "drain": drain_fp},
            steps=steps,
        )

    # odds -------------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        chk = self.parse_check(params, character)
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
        return Odds(system=SYSTEM, outcomes=contest_outcomes(mine, theirs))

    # command line -----------------------------------------------------------------------------
    def _args_params(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], int | None]:
        _VALUES.reject_unknown_options(args, self.cli_options)
        if args.get("skill") is None:
            raise _err("--skill is required: the skill rating 0-8")
        rating = _as_int(args["skill"], "--skill")
        if not 0 <= rating <= MAX_RATING:
            raise _err(f"--skill must be a rating 0-{MAX_RATING} (got {args['skill']!r})")
        params: dict[str, Any] = {"rating": rating}
        if args.get("difficulty") not in (None, True):
            try:
                params["difficulty"] = parse_difficulty(args["difficulty"])
            except RulesError:
                raise _err(
                    f"--difficulty must be easy, challenging or hard (got {args['difficulty']!r})"
                ) from None
        elif args.get("difficulty") is True:
            raise _err("--difficulty needs a value: easy, challenging or hard")
        if args.get("bonus") is not None:
            params["bonus"] = _as_int(args["bonus"], "--bonus")
        if args.get("group") is not None:
            params["group"] = _as_int(args["group"], "--group")
            if params["group"] < 1:
                raise _err(f"--group counts characters, 1 or more (got {args['group']!r})")
        for flag in ("notable", "exhausted"):
            if args.get(flag) is not None:
                params[flag] = _VALUES.option_flag(args[flag], flag)
        versus = None
        if args.get("versus") is not None:
            versus = _as_int(args["versus"], "--versus")
            if not 0 <= versus <= MAX_RATING:
                raise _err(f"--versus must be a rating 0-{MAX_RATING} (got {args['versus']!r})")
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

    # experience -------------------------------------------------------------------------------
    # Rolls earn nothing: EP come from objectives (adventure awards), so experience() is
    # RulesetDefaults'.
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
            raise _err(f"unknown advance {key!r} (expected raise:<skill> or talent:<skill>)")
        skill = find_skill(name)
        rating = skill_rating(character, skill)
        if kind == "raise":
            if rating >= MAX_RATING:
                raise _err(f"skill ratings stop at {MAX_RATING} (got {skill} {rating})")
            cost = rating + 1
        else:
            if skill in BUILD_SKILLS:
                raise _err(f"Build skills have no talents (got {skill})")
            level = talents(character).get(skill, 0)
            if level >= rating:
                raise _err(
                    f"a talent level may not exceed its skill's rating "
                    f"(got {skill} TL {level}, rating {rating})"
                )
            cost = 2 * level + 1
        ep = _as_int(character.resources.get("ep", 0) or 0, "resources.ep")
        if ep < cost:
            raise _err(f"{key} costs {cost} EP (got {ep} EP)")
        character.resources["ep"] = ep - cost
        if kind == "raise":
            _set_skill(character, skill, rating + 1)
        else:
            table = dict(character.extra.get("talents") or {})
            table = {(lookup_skill(k) or k): v for k, v in table.items()}
            table[skill] = talents(character).get(skill, 0) + 1
            character.extra["talents"] = table
        return character

    def end_of_adventure(self, character: Character) -> list[str]:
        lines = []
        rerolls = _as_int(character.resources.get("rerolls", 0) or 0, "resources.rerolls")
        if rerolls:
            plural = "reroll" if rerolls == 1 else "rerolls"
            lines.append(f"{rerolls} unspent {plural} lost: rerolls do not carry over")
        character.resources["rerolls"] = 0
        ep = character.resources.get("ep", 0) or 0
        lines.append(f"{ep} EP kept for the next adventure")
        return lines


# --------------------------------------------------------------------------------------------
# record helpers
# --------------------------------------------------------------------------------------------


def _set_skill(character: Character, skill: str, value: int) -> None:
    for name in list(character.stats):
        if lookup_skill(name) == skill:
            character.stats[name] = value
            return
    character.stats[skill] = value


def _result_details(chk: GameCheck, res: CheckResult) -> dict[str, Any]:
    details: dict[str, Any] = {
        "skill": chk.skill,
        "rating": chk.rating,
        "difficulty": chk.difficulty,
        "rolled": list(res.rolled),
        "kept": res.lowest,
        "bonus": chk.bonus,
        "exhausted": chk.exhausted,
        "sum": res.total,
        "target": TARGET,
        "excess": res.excess,
        "success": res.success,
    }
    if res.extra is not None:
        details["extra"] = [{
            "die": res.extra,
            "succeeds_on": chk.extra_threshold,
            "reason": chk.extra_reason,
            "succeeded": res.extra_success,
            "decided": res.extra_decided,
        }]
    return details


def _result_from_details(chk: GameCheck, data: Mapping[str, Any]) -> CheckResult:
    extra = data.get("extra")
    return read_check(chk, data["rolled"], extra[0]["die"] if extra else None)


def _result_steps(chk: GameCheck, res: CheckResult) -> list[str]:
    faces = ", ".join(str(v) for v in res.rolled)
    head = f"{chk.label} {chk.rating}, {chk.difficulty} {chk.dice_count}d8"
    steps = [f"{head}: {faces} → lowest {res.lowest}"]
    sum_text = f"{chk.rating} + {res.lowest}"
    if chk.bonus:
        sum_text += f" {'+' if chk.bonus > 0 else '−'} {abs(chk.bonus)} bonus"
    if chk.exhausted:
        sum_text += f" − {EXHAUSTION_PENALTY} exhausted"
    sum_text += f" = {res.total}"
    if res.normal_success:
        steps.append(f"{sum_text} ≥ {TARGET} → success, excess {res.excess}")
    else:
        steps.append(f"{sum_text} < {TARGET} → failure")
    if res.extra is not None:
        line = f"{chk.extra_reason} die {res.extra} (succeeds on ≤ {chk.extra_threshold})"
        if res.extra_decided:
            line += " → success, excess 1"
        elif res.extra_success:
            line += " → also succeeds"
        else:
            line += " → no help"
        steps.append(line)
    return steps


def _build_notes(
    chk: GameCheck, res: CheckResult, details: dict[str, Any], steps: list[str]
) -> None:
    if not chk.skill or chk.skill not in BUILD_SKILLS:
        return
    duration = build_duration(chk.skill, res.excess) if res.success else None
    if duration is not None:
        details["duration"] = {"amount": duration[0], "unit": duration[1]}
        steps.append(f"lasts {duration[0]} {duration[1]}")
    if chk.skill == "Transmutery":
        details["drain"] = drain(chk.difficulty, res.success)
        steps.append(f"Drain {details['drain']} FP")


__all__ = [
    "Game",
    "GameCheck",
    "CheckResult",
    "Damage",
    "SKILLS",
    "CHARACTERISTICS",
    "BUILD_SKILLS",
    "book_success_chance",
    "build_duration",
    "combined_build_chance",
    "combined_build_drain",
    "contest_outcomes",
    "critical_from",
    "damage_distribution",
    "damage_dice_count",
    "drain",
    "encumbrance_effect",
    "excess_distribution",
    "find_skill",
    "lookup_skill",
    "lowest_die_distribution",
    "parry_excess",
    "read_check",
    "read_damage",
    "roll_check",
    "roll_damage",
    "stun_chance",
    "success_chance",
]
