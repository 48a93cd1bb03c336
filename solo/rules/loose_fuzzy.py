"""A Loose and Fuzzy Game System (``loose-fuzzy``): abilities rated in d6s, summed against a target.

This module owns the whole ruleset: character rules (required and special abilities,
disabilities, starting Luck/Unluck from the campaign baseline), checks and contests with the
marked-dice criticals and exploding critical bonus dice, Luck/Unluck rolls and the lottery, the
experience price list, the combat helpers (Advantage Points, Defense Total, wound levels and
penalties) and exact odds.

Characters: ``stats`` holds every good ability by name (Cleverness, Body, Knowledge, Perception,
Tenacity plus two or more special abilities); ``extra["disabilities"]`` maps disability names to
ratings; ``resources`` holds ``luck``, ``unluck`` and ``experience``. Wounds are conditions named
``moderate wound``, ``serious wound`` or ``mortal wound`` (any spacing, dashes or case).

Check parameters: ``stat`` (an ability, a disability, ``luck`` or ``unluck``) or ``dice`` (a number
of dice, for odds without a character); ``target`` (a number or easy / average / hard /
really-hard / nigh-impossible, default average); ``fit: poor | barely`` (+1 / +2 to the target);
``bonus`` (added to the roll: +1/+2 for a more fitting ability in a contest, -1/-2 for heavy gear);
``dice_penalty`` (fewer dice, e.g. 1 against several foes); ``disability`` (a disability whose dice
are taken away, e.g. Clumsy from Body). Dice never drop below one. Contest parameters add
``opponent_stat`` (defaults to ``stat``), ``opponent_bonus`` and ``opponent_dice_penalty``.

**Decisions** (beyond the digest's):

* Labels. ``critical-failure`` whenever both marked dice show 1, *whatever the sum*: the book says
  something bad happens even on a success, and the label lets the adventure narrate it; the record
  is then not a success, and ``details["sum_success"]`` says whether the sum reached the target.
  ``critical-success`` needs both marked dice on 6 *and* the sum with its bonus dice reaching the
  target; double 6s that still fall short read ``failure`` (``details["critical"]`` keeps the
  double 6s). Overall success = success + critical-success.
* One die: a confirmed critical success (the confirming die matches a 6) also earns the exploding
  bonus dice; the confirming die itself is never added.
* Explosions are capped at :data:`MAX_EXPLOSIONS` bonus dice when rolling. Check odds are exact
  (closed form for the exploding bonus), so ``truncated`` is 0; the listed ``total``
  distribution (for display) stops once the mass left is below 1e-6 and that exact remainder is
  ``values["total_tail"]`` (the contest's ``advantage`` likewise, ``values["advantage_tail"]``).
* A tied contest is rolled again (digest Decision), at most :data:`MAX_TIE_REROLLS` times; after
  that the defender holds. Contest odds condition on the last, untied roll; the exploding bonus
  dice are listed to a depth where the left-out mass is below 1e-15, reported as ``truncated``.
* The lottery compares plain sums (no critical bonus) and rolls ties again among the tied.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import math
from fractions import Fraction
from typing import Any, ClassVar, Iterable, Mapping

from solo.rules.base import Advance, Character, Odds, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.values import ValueReader, canonical_keys, find_key, name_key

SYSTEM = "loose-fuzzy"
REQUIRED = ("cleverness", "body", "knowledge", "perception", "tenacity")
TARGETS = {"easy": 4, "average": 7, "hard": 11, "reallyhard": 14, "nighimpossible": 18}
TARGET_NAMES = ("easy", "average", "hard", "really-hard", "nigh-impossible")
FIT = {"good": 0, "fits": 0, "poor": 1, "barely": 2}
BASELINE = 22
MAX_LUCK = 5
START_LUCK = 2
START_UNLUCK = 1
MAX_EXPLOSIONS = 100
MAX_TIE_REROLLS = 100
INCAPACITATION_TARGET = 7
#: Wound levels by multiple of the Defense Total, with their die penalties.
WOUNDS = (("moderate", 1, 1), ("serious", 2, 2), ("mortal", 3, 3), ("killed", 4, None))
_WOUND_CONDITIONS = {
    "moderatewound": 1, "moderatelywounded": 1,
    "seriouswound": 2, "seriouslywounded": 2,
    "mortalwound": 3, "mortallywounded": 3,
}
_TAIL = Fraction(1, 10**15)
_SIXTH = Fraction(1, 6)


#: A float where a whole number is wanted reads by int(): 2.5 reads 2.
_VALUES = ValueReader("LOOSE-FUZZY", floats="truncate")
_err = _VALUES.error


def norm(name: object) -> str:
    """A name for matching: lower case without spaces, dashes or underscores."""
    return name_key(name, keep_punctuation=True)


# -- characters -----------------------------------------------------------------------------


def ability_cost(rating: int) -> int:
    """Dice a good ability counts for the baseline: each die above 5 counts double."""
    return rating + max(0, rating - 5)


def dice_spent(character: Character) -> int:
    """Good ability dice (with the double count above 5) minus disability dice."""
    good = sum(ability_cost(int(r)) for r in character.stats.values())
    bad = sum(int(r) for r in disabilities(character).values())
    return good - bad


def starting_luck(character: Character, baseline: int | None = None) -> tuple[int, int]:
    """Starting (Luck, Unluck): 2 and 1, plus one Luck per die under the baseline (at most 5 Luck)
    or one Unluck per die over it. ``baseline`` defaults to ``extra["baseline"]`` or 22."""
    if baseline is None:
        baseline = int(character.extra.get("baseline", BASELINE))
    difference = dice_spent(character) - baseline
    if difference < 0:
        return min(MAX_LUCK, START_LUCK - difference), START_UNLUCK
    return START_LUCK, START_UNLUCK + difference


def disabilities(character: Character) -> dict[str, int]:
    found = character.extra.get("disabilities") or {}
    if not isinstance(found, Mapping):
        raise _err(f"extra.disabilities must map disability names to ratings (got {found!r})")
    return dict(found)


def _is_rating(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _lookup(mapping: Mapping[str, Any], name: str) -> str | None:
    return find_key(mapping, name, norm, sort=True)


# -- rolling --------------------------------------------------------------------------------


@dataclass
class PoolRoll:
    """One roll of an ability's dice with its critical reading."""

    pool: list[int]
    confirm: int | None = None
    bonus_dice: list[int] = field(default_factory=list)
    critical: str | None = None  # "failure" | "success" | None
    capped: bool = False

    @property
    def total(self) -> int:
        return sum(self.pool) + sum(self.bonus_dice)

    @property
    def all_dice(self) -> list[int]:
        extra = [] if self.confirm is None else [self.confirm]
        return self.pool + extra + self.bonus_dice


def roll_pool(dice: Dice, count: int) -> PoolRoll:
    """Roll ``count`` d6 (at least one): the first two are the marked dice; double 6s add
    exploding bonus dice, double 1s are a critical failure; one die is confirmed by a second."""
    count = max(1, count)
    result = PoolRoll(dice.rolls(count, 6))
    if count == 1:
        face = result.pool[0]
        if face in (1, 6):
            result.confirm = dice.roll(6)
            if result.confirm == face:
                result.critical = "failure" if face == 1 else "success"
    elif result.pool[0] == result.pool[1] and result.pool[0] in (1, 6):
        result.critical = "failure" if result.pool[0] == 1 else "success"
    if result.critical == "success":
        while True:
            if len(result.bonus_dice) >= MAX_EXPLOSIONS:
                result.capped = True
                break
            face = dice.roll(6)
            result.bonus_dice.append(face)
            if face != 6:
                break
    return result


def roll_sum(dice: Dice, count: int) -> int:
    """A plain sum of ``count`` d6, no criticals (the lottery)."""
    return sum(dice.rolls(max(1, count), 6))


def lottery(dice: Dice, entrants: Mapping[str, int]) -> tuple[str, list[dict[str, int]]]:
    """Everyone rolls their Luck (or Unluck) dice; the highest sum is picked. Ties among the
    highest roll again. Returns the winner and every round of sums."""
    if not entrants:
        raise _err("a lottery needs at least one entrant")
    names = sorted(entrants)
    rounds: list[dict[str, int]] = []
    for _ in range(MAX_TIE_REROLLS + 1):
        sums = {name: roll_sum(dice, int(entrants[name])) for name in names}
        rounds.append(sums)
        best = max(sums.values())
        names = [n for n in names if sums[n] == best]
        if len(names) == 1:
            break
    return names[0], rounds


# -- combat helpers -------------------------------------------------------------------------


def advantage_points(margin: int) -> int:
    """Advantage Points the winner of an exchange gains: the margin of the win (0 otherwise)."""
    return max(0, margin)


def defense_total(rating: int, modifiers: Iterable[int] = ()) -> int:
    """The defender's most relevant rating plus modifiers, never below 1."""
    return max(1, rating + sum(modifiers))


def wound_level(points: int, defense: int) -> str | None:
    """The wound dealt by spending ``points`` Advantage Points against a Defense Total."""
    defense = max(1, defense)
    found = None
    for name, multiple, _ in WOUNDS:
        if points >= multiple * defense:
            found = name
    return found


def wound_penalty(wounds: Iterable[str]) -> int:
    """Dice lost to wounds: the worst wound's penalty; penalties never add up."""
    penalties = {name: penalty for name, _, penalty in WOUNDS if penalty is not None}
    return max((penalties.get(norm(w).replace("wound", ""), 0) for w in wounds), default=0)


def condition_wound_penalty(conditions: Iterable[str]) -> int:
    return max((_WOUND_CONDITIONS.get(norm(c), 0) for c in conditions), default=0)


def needs_tenacity_roll(wound: str | None) -> bool:
    """Each new wound short of death calls for a Tenacity roll of 7 against incapacitation."""
    return wound in {"moderate", "serious", "mortal"}


# -- exact distributions --------------------------------------------------------------------


def _sum_pmf(count: int) -> dict[int, Fraction]:
    pmf = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for v, p in pmf.items():
            for f in range(1, 7):
                nxt[v + f] = nxt.get(v + f, Fraction(0)) + p * _SIXTH
        pmf = nxt
    return pmf


def explosion_at_least(value: int) -> Fraction:
    """P(exploding bonus >= value): the bonus is a d6 rolled again and added while it shows 6."""
    if value <= 1:
        return Fraction(1)
    k, j = divmod(value - 1, 6)
    return _SIXTH**k * Fraction(6 - j, 6)


def explosion_pmf() -> tuple[dict[int, Fraction], Fraction]:
    """The exploding bonus listed until the remaining mass is below 1e-15; returns the left-out
    mass too."""
    pmf: dict[int, Fraction] = {}
    reach = Fraction(1)
    depth = 0
    while reach >= _TAIL:
        for r in range(1, 6):
            pmf[6 * depth + r] = reach * _SIXTH
        reach *= _SIXTH
        depth += 1
    return pmf, reach


def _shift(pmf: Mapping[int, Fraction], by: int) -> dict[int, Fraction]:
    return {v + by: p for v, p in pmf.items()}


def _convolve(p: Mapping[int, Fraction], q: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for a, pa in p.items():
        for b, qb in q.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * qb
    return out


def _scale(pmf: Mapping[int, Fraction], by: Fraction) -> dict[int, Fraction]:
    return {v: p * by for v, p in pmf.items()}


def _add(*pmfs: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for pmf in pmfs:
        for v, p in pmf.items():
            out[v] = out.get(v, Fraction(0)) + p
    return out


def class_pmfs(count: int) -> tuple[dict[str, dict[int, Fraction]], Fraction]:
    """Sub-distributions of a pool's total by critical class ("failure", "none", "success"),
    summing to 1 less the exploding tail left out (returned second)."""
    count = max(1, count)
    bonus, left_out = explosion_pmf()
    if count == 1:
        crit = _SIXTH * _SIXTH
        none = {f: _SIXTH for f in range(2, 6)}
        none[1] = _SIXTH - crit
        none[6] = _SIXTH - crit
        return {
            "failure": {1: crit},
            "none": none,
            "success": _scale(_shift(bonus, 6), crit),
        }, crit * left_out
    rest = _sum_pmf(count - 2)
    pair = Fraction(1, 36)
    marked: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b and a in (1, 6):
                continue
            marked[a + b] = marked.get(a + b, Fraction(0)) + pair
    return {
        "failure": _scale(_shift(rest, 2), pair),
        "none": _convolve(marked, rest),
        "success": _scale(_convolve(_shift(rest, 12), bonus), pair),
    }, pair * left_out


def check_distribution(count: int, target: int, bonus: int = 0) -> dict[str, Fraction]:
    """Exact probabilities of the four labels for ``count`` dice plus ``bonus`` vs ``target``."""
    count = max(1, count)
    need = target - bonus
    crit = Fraction(1, 36)
    if count == 1:
        none = {f: _SIXTH for f in range(1, 7)}
        none[1] -= crit
        none[6] -= crit
        plain_success = sum((p for v, p in none.items() if v >= need), Fraction(0))
        critical_success = crit * explosion_at_least(need - 6)
    else:
        rest = _sum_pmf(count - 2)
        plain_success = Fraction(0)
        for a in range(1, 7):
            for b in range(1, 7):
                if a == b and a in (1, 6):
                    continue
                plain_success += crit * sum(
                    (p for v, p in rest.items() if a + b + v >= need), Fraction(0)
                )
        critical_success = crit * sum(
            (p * explosion_at_least(need - 12 - v) for v, p in rest.items()), Fraction(0)
        )
    failure = 1 - crit - plain_success - critical_success
    return {
        "critical-failure": crit,
        "failure": failure,
        "success": plain_success,
        "critical-success": critical_success,
    }


def trim(pmf: Mapping[int, Fraction], below: Fraction = Fraction(1, 10**6)) -> dict[int, Fraction]:
    """The values of a distribution in order, stopping once what is left is below ``below``
    (keeps displays short; the left-out mass is reported beside it)."""
    left = sum(pmf.values(), Fraction(0))
    listed: dict[int, Fraction] = {}
    for value in sorted(pmf):
        if left < below:
            break
        listed[value] = pmf[value]
        left -= pmf[value]
    return listed


def _with_overall(fine: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Odds labels: the overall ``success``/``failure`` (criticals included) beside the four
    reading labels; the plain (non-critical) readings appear as ``plain-success`` and
    ``plain-failure`` because ``success``/``failure`` name the overall events."""
    return {
        "critical-failure": fine["critical-failure"],
        "failure": fine["failure"] + fine["critical-failure"],
        "success": fine["success"] + fine["critical-success"],
        "critical-success": fine["critical-success"],
        "plain-failure": fine["failure"],
        "plain-success": fine["success"],
    }


def expected_total(count: int, bonus: int = 0) -> Fraction:
    """Mean total: 3.5 per die, plus the exploding bonus (mean 4.2) on a critical success."""
    return Fraction(7, 2) * max(1, count) + Fraction(1, 36) * Fraction(21, 5) + bonus


# -- the ruleset ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LFCheck:
    """A parsed check: how many dice, against what, with which roll bonus."""

    stat: str
    rating: int
    dice: int
    target: int | None
    bonus: int
    fit: int
    notes: tuple[str, ...]


def _int_param(params: Mapping[str, Any], key: str, default: int = 0) -> int:
    value = params.get(key)
    if value is None:
        return default
    return _VALUES.whole_number(value, f"check parameter {key!r}")


def parse_target(value: object, key: str = "target") -> int:
    """A target number, or one of the named difficulties."""
    return _VALUES.number_or_name(value, key, TARGETS, TARGET_NAMES, norm)


class LooseFuzzy(RulesetDefaults):
    """A Loose and Fuzzy Game System. See the module docstring for parameters and Decisions.

    No offers, alternatives or settling: those are :class:`RulesetDefaults`'.
    """

    id: ClassVar[str] = SYSTEM
    error_label: ClassVar[str] = _VALUES.label
    name: ClassVar[str] = "A Loose and Fuzzy Game System"
    outcome_labels: ClassVar[tuple[str, ...]] = (
        "critical-failure",
        "failure",
        "success",
        "critical-success",
    )
    stat_names: ClassVar[tuple[str, ...]] = REQUIRED
    cli_options: ClassVar[dict[str, str]] = {
        "dice": "number of d6 rolled (the ability's rating)",
        "target": "a number or easy, average, hard, really-hard, nigh-impossible",
        "fit": "poor (+1 to the target) or barely (+2)",
        "bonus": "added to the roll (e.g. -1 for heavy gear)",
    }

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
            if not _is_rating(value):
                raise _err(f"abilities are rated in whole dice, at least 1 (got {key}: {value!r})")
            if norm(key) in {"luck", "unluck"}:
                raise _err(f"{key} is kept in resources, not among the abilities")
        found = {norm(k) for k in stats}
        missing = [name for name in REQUIRED if name not in found]
        if missing:
            raise _err(
                "every character has Cleverness, Body, Knowledge, Perception and Tenacity "
                f"(missing: {', '.join(missing)})"
            )
        dis = disabilities(character)
        for key, value in sorted(dis.items(), key=lambda kv: str(kv[0])):
            if not _is_rating(value):
                raise _err(f"disabilities are rated in whole dice, at least 1 (got {key}: {value!r})")
            if norm(key) in found:
                raise _err(f"{key} cannot be both an ability and a disability")
        luck = character.resources.get("luck")
        unluck = character.resources.get("unluck")
        if luck is not None and not (isinstance(luck, int) and 1 <= luck <= MAX_LUCK):
            raise _err(f"Luck stays between 1 and {MAX_LUCK} (got {luck!r})")
        if unluck is not None and not (isinstance(unluck, int) and unluck >= 1):
            raise _err(f"Unluck is at least 1 (got {unluck!r})")
        xp = character.resources.get("experience", 0)
        if not isinstance(xp, int) or xp < 0:
            raise _err(f"experience is a whole number, at least 0 (got {xp!r})")
        if not creation:
            return
        special = sorted(k for k in stats if norm(k) not in REQUIRED)
        if len(special) < 2:
            raise _err(
                "a character picks two or three special abilities at creation "
                f"(got {len(special)}: {', '.join(special) or 'none'})"
            )
        if character.extra.get("gm_adjusted"):
            return
        expected = starting_luck(character)
        baseline = character.extra.get("baseline", BASELINE)
        if luck is not None and luck != expected[0]:
            raise _err(
                f"starting Luck comes from the baseline of {baseline} "
                f"dice: {expected[0]} for {dice_spent(character)} dice spent (got {luck}); "
                "set extra.gm_adjusted for a GM's change"
            )
        if unluck is not None and unluck != expected[1]:
            raise _err(
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
            raise _err(f"the check rolls {stat!r} but there is no character; give dice instead")
        key = _lookup(character.stats, stat)
        if key is not None:
            return key, int(character.stats[key])
        for resource in ("luck", "unluck"):
            if norm(stat) == resource and resource in character.resources:
                return resource, int(character.resources[resource])
        dis = disabilities(character)
        key = _lookup(dis, stat)
        if key is not None:
            return key, int(dis[key])
        known = ", ".join(sorted(character.stats, key=str))
        raise _err(f"{character.name or 'the character'} has no ability {stat!r} (has: {known})")

    def parse_check(self, params: Mapping[str, Any], character: Character | None = None) -> LFCheck:
        notes: list[str] = []
        if params.get("dice") is not None:
            rating = _int_param(params, "dice")
            if rating < 1:
                raise _err(f"dice must be at least 1 (got {params.get('dice')!r})")
            stat = str(params.get("stat") or "roll")
        elif params.get("stat") is not None:
            stat, rating = self._rating(character, str(params["stat"]))
        else:
            raise _err("a check needs a stat (an ability) or a number of dice")
        target = parse_target(params["target"]) if params.get("target") is not None else None
        fit_text = params.get("fit")
        fit = 0
        if fit_text is not None:
            if norm(fit_text) not in FIT:
                raise _err(f"fit must be poor or barely (got {fit_text!r})")
            fit = FIT[norm(fit_text)]
        penalty = _int_param(params, "dice_penalty")
        if penalty:
            notes.append(f"-{penalty} dice (situation)")
        if params.get("disability") is not None:
            if character is None:
                raise _err("a disability penalty needs a character")
            dis = disabilities(character)
            key = _lookup(dis, str(params["disability"]))
            if key is None:
                raise _err(f"no disability {params['disability']!r} to subtract")
            penalty += int(dis[key])
            notes.append(f"-{dis[key]} dice ({key})")
        if character is not None and params.get("dice") is None:
            wound = condition_wound_penalty(character.conditions)
            if wound:
                penalty += wound
                notes.append(f"-{wound} dice (wounded)")
        count = max(1, rating - penalty)
        return LFCheck(stat, rating, count, target, _int_param(params, "bonus"), fit, tuple(notes))

    def _read(self, parsed: LFCheck, rolled: PoolRoll, target: int) -> tuple[str, bool, int]:
        total = rolled.total + parsed.bonus
        reached = total >= target
        if rolled.critical == "failure":
            return "critical-failure", reached, total
        if reached:
            return ("critical-success" if rolled.critical == "success" else "success"), reached, total
        return "failure", reached, total

    def _roll_lines(self, label: str, parsed: LFCheck, rolled: PoolRoll) -> list[str]:
        lines = [f"{label} {parsed.dice}d6: {' + '.join(map(str, rolled.pool))} = {sum(rolled.pool)}"]
        lines += [f"  {note}" for note in parsed.notes]
        if rolled.confirm is not None:
            verdict = "confirmed" if rolled.critical else "not confirmed"
            lines.append(f"  confirm die {rolled.confirm}: critical {verdict}")
        elif rolled.critical:
            lines.append(f"  marked dice both {rolled.pool[0]}: critical {rolled.critical}")
        if rolled.bonus_dice:
            lines.append(f"  bonus dice {' + '.join(map(str, rolled.bonus_dice))} (6s explode)")
        if parsed.bonus:
            lines.append(f"  {parsed.bonus:+d} to the roll")
        return lines

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        parsed = self.parse_check(params, character)
        target = parsed.target if parsed.target is not None else TARGETS["average"]
        target += parsed.fit
        rolled = roll_pool(dice, parsed.dice)
        outcome, reached, total = self._read(parsed, rolled, target)
        steps = self._roll_lines(parsed.stat, parsed, rolled)
        if outcome == "critical-failure" and reached:
            steps.append(f"{total} vs {target}: the sum holds, but double 1s: critical failure")
        elif rolled.critical == "success" and not reached:
            steps.append(f"{total} vs {target}: double 6s, still short: failure")
        else:
            steps.append(f"{total} vs {target} → {outcome}")
        return RollRecord(
            system=SYSTEM,
            kind="check",
            stat=parsed.stat,
            dice=rolled.all_dice,
            outcome=outcome,
            success=outcome in ("success", "critical-success"),
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
                "notes": list(parsed.notes),
            },
            steps=steps,
        )

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        mine, theirs = self._contest_checks(character, opponent, params)
        exchanges: list[dict[str, Any]] = []
        steps: list[str] = []
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
            steps.append(f"tie at {a_total}: rolled again")
        won = a_total > d_total
        margin = a_total - d_total
        if a.critical == "failure":
            outcome = "critical-failure"
        elif won:
            outcome = "critical-success" if a.critical == "success" else "success"
        else:
            outcome = "failure"
        steps.append(
            f"{a_total} vs {d_total} → {outcome}"
            + (f" ({advantage_points(margin)} advantage)" if won else "")
        )
        return RollRecord(
            system=SYSTEM,
            kind="contest",
            stat=mine.stat,
            dice=all_dice,
            outcome=outcome,
            success=outcome in ("success", "critical-success"),
            total=a_total,
            kept=list(a.pool),
            modifiers={"bonus": mine.bonus} if mine.bonus else {},
            details={
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
        return outcome in ("success", "critical-success")

    # odds ---------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        parsed = self.parse_check(params, character)
        target = (parsed.target if parsed.target is not None else TARGETS["average"]) + parsed.fit
        fine = check_distribution(parsed.dice, target, parsed.bonus)
        classes, _ = class_pmfs(parsed.dice)
        total = trim(_shift(_add(*classes.values()), parsed.bonus))
        return Odds(
            system=SYSTEM,
            outcomes=_with_overall(fine),
            distributions={"total": total},
            values={
                "expected": expected_total(parsed.dice, parsed.bonus),
                "target": Fraction(target),
                "dice": Fraction(parsed.dice),
                "total_tail": 1 - sum(total.values(), Fraction(0)),
            },
            truncated=Fraction(0),
        )

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        mine, theirs = self._contest_checks(character, opponent, params)
        return contest_distribution(mine.dice, theirs.dice, mine.bonus, theirs.bonus)

    # command line -------------------------------------------------------------------------
    def _cli_params(self, args: Mapping[str, Any]) -> dict[str, Any]:
        _VALUES.reject_unknown_options(args, self.cli_options)
        if args.get("dice") in (None, True):
            raise _err("--dice N is required (the number of d6 rolled)")
        if args.get("target") in (None, True):
            raise _err(
                "--target is required (a number or easy/average/hard/really-hard/nigh-impossible)"
            )
        params: dict[str, Any] = {"dice": args["dice"], "target": args["target"]}
        for key in ("fit", "bonus"):
            if args.get(key) is not None:
                params[key] = args[key]
        return params

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        return self.check_odds(Character(name="", system=SYSTEM, stats={}), self._cli_params(args))

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        return self.check(dice, Character(name="", system=SYSTEM, stats={}), self._cli_params(args))

    # experience ---------------------------------------------------------------------------
    # Rolls earn nothing: experience is awarded by the adventure (1-3 points at session end),
    # so experience() and end_of_adventure() are RulesetDefaults'.
    def advancement(self, character: Character) -> list[Advance]:
        options: list[Advance] = []
        for key in sorted(character.stats, key=str):
            new = int(character.stats[key]) + 1
            options.append(Advance(f"raise:{key}", f"Raise {key} to {new}", {"experience": 3 * new}))
        for key, rating in sorted(disabilities(character).items(), key=lambda kv: str(kv[0])):
            text = f"Lower {key} to {rating - 1}" if rating > 1 else f"Buy off {key}"
            options.append(Advance(f"lower:{key}", text, {"experience": 3 * int(rating)}))
        luck = int(character.resources.get("luck", START_LUCK))
        if luck < MAX_LUCK:
            cost = {"experience": 3 * (luck + 1)}
            options.append(Advance("raise:luck", f"Raise Luck to {luck + 1}", cost))
        unluck = int(character.resources.get("unluck", START_UNLUCK))
        if unluck > 1:
            cost = {"experience": 3 * unluck}
            options.append(Advance("lower:unluck", f"Lower Unluck to {unluck - 1}", cost))
        return options

    def advance(self, character: Character, key: str) -> Character:
        action, _, name = key.partition(":")
        xp = int(character.resources.get("experience", 0))
        if action == "new" and name:
            if _lookup(character.stats, name) is not None or norm(name) in {"luck", "unluck"}:
                raise _err(f"{name} is already an ability")
            cost = 3
            self._pay(character, cost, xp, f"a new ability {name} at 1")
            character.stats[name] = 1
            return character
        option = next((a for a in self.advancement(character) if a.key == key), None)
        if option is None:
            # accept any spelling of the name
            option = next(
                (a for a in self.advancement(character)
                 if a.key.partition(":")[0] == action and norm(a.key.partition(":")[2]) == norm(name)),
                None,
            )
        if option is None:
            if action == "raise" and norm(name) == "luck":
                raise _err(f"Luck is at most {MAX_LUCK}")
            if action == "lower" and norm(name) == "unluck":
                raise _err("Unluck cannot go below 1")
            raise _err(f"no advance {key!r} (try raise:<ability>, lower:<disability>, raise:luck, "
                       "lower:unluck, new:<ability>)")
        cost = option.cost["experience"]
        self._pay(character, cost, xp, option.text)
        _, _, target = option.key.partition(":")
        if option.key == "raise:luck":
            character.resources["luck"] = int(character.resources.get("luck", START_LUCK)) + 1
        elif option.key == "lower:unluck":
            character.resources["unluck"] = int(character.resources.get("unluck", START_UNLUCK)) - 1
        elif option.key.startswith("raise:"):
            character.stats[target] = int(character.stats[target]) + 1
        else:
            dis = character.extra.setdefault("disabilities", {})
            dis[target] = int(dis[target]) - 1
            if dis[target] == 0:
                del dis[target]
        return character

    def _pay(self, character: Character, cost: int, xp: int, what: str) -> None:
        if xp < cost:
            raise _err(f"{what} costs {cost} experience (have {xp})")
        character.resources["experience"] = xp - cost


def contest_distribution(
    attacker_dice: int, defender_dice: int, attacker_bonus: int = 0, defender_bonus: int = 0
) -> Odds:
    """Exact contest odds (ties rolled again) with the exploding tail below 1e-15 left out."""
    attack, a_left = class_pmfs(attacker_dice)
    defend, d_left = class_pmfs(defender_dice)
    defence = _shift(_add(*defend.values()), defender_bonus)
    # Integer weights over one common denominator: the same exact sums as with Fractions, but
    # without a gcd on every product (the supports reach ~100 values on each side).
    denominator = math.lcm(*(p.denominator for pmf in attack.values() for p in pmf.values()))
    d_denominator = math.lcm(*(p.denominator for p in defence.values()))
    d_weights = {d: p.numerator * (d_denominator // p.denominator) for d, p in defence.items()}
    whole = denominator * d_denominator
    won: dict[str, Fraction] = {}
    lost: dict[str, Fraction] = {}
    tie_weight = 0
    margin_weights: dict[int, int] = {}
    for label, pmf in attack.items():
        w = 0
        l = 0
        for a, pa in pmf.items():
            a += attacker_bonus
            wa = pa.numerator * (denominator // pa.denominator)
            for d, wd in d_weights.items():
                p = wa * wd
                if a > d:
                    w += p
                    margin_weights[a - d] = margin_weights.get(a - d, 0) + p
                elif a < d:
                    l += p
                else:
                    tie_weight += p
        won[label], lost[label] = Fraction(w, whole), Fraction(l, whole)
    tie = Fraction(tie_weight, whole)
    margins = {m: Fraction(w, whole) for m, w in margin_weights.items()}
    decided = sum(won.values()) + sum(lost.values())
    listed = decided + tie
    truncated = 1 - listed
    advantage = trim({m: p / decided for m, p in margins.items()})
    fine = {
        "critical-failure": (won["failure"] + lost["failure"]) / decided,
        "failure": (lost["none"] + lost["success"]) / decided,
        "success": won["none"] / decided,
        "critical-success": won["success"] / decided,
    }
    return Odds(
        system=SYSTEM,
        outcomes=_with_overall(fine),
        distributions={"advantage": advantage},
        values={
            "tie_per_roll": tie / listed if listed else Fraction(0),
            "advantage_tail": sum(margins.values(), Fraction(0)) / decided
            - sum(advantage.values(), Fraction(0)),
        },
        truncated=truncated / decided if decided else Fraction(0),
    )
