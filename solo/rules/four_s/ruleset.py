"""FOUR-S (Strength, Skill, Support, Scharisma): the ``four-s`` ruleset.

This module owns the d3/d6 system's stats and tiers, the Roleplay Bonus, role-play rolls against a
goal (a d6 out of combat, one d3 per Action Point in combat), competing rolls (ties do nothing;
in player-versus-player the defendant wins ties), levelling and Stat Point spending, exact odds,
and pure helpers for the GM side of combat: critical rolls, the enemies' shared health pool and
buying enemy rolls with the party's Stat Points (PSP).

Characters
    ``stats`` maps each stat (``strength``, ``skill``, ``support``, ``scharisma``; any case,
    ``charisma`` is accepted for Scharisma) either to its six tiers as SP counts
    (``[6, 2, 0, 0, 0, 0]``) or to a plain SP total, which :meth:`FourS.prepare_character` fills
    into the tiers in order, six per tier. After preparation the stats are always tier lists.
    Resources: ``level`` (0), ``max_health`` (10 + 10 per level), ``health`` (max), ``sp_unspent``
    (SP earned but not yet placed; by default what the level's budget leaves over) and
    ``level_ups`` (levels the GM has granted but the player has not yet taken). Creation needs
    all four stats; outside creation a character may lack some (the book's enemies have none).

Check parameters (as written in an adventure file)
    ``stat``      the stat rolled.
    ``goal``      a number or very-easy 3, easy 4, kind-of-hard 5, hard 7, extremely-hard 9,
                  heroic 10, almost-impossible 12 (default kind-of-hard).
    ``ap``        combat role-play: Action Points spent, one d3 each, instead of the d6 (1–6).
    ``modifier``  added to the total (Combat Points, help, hinder).
    ``bonus``     a Roleplay Bonus used instead of the character's (for ``solo odds`` and NPCs).
Contests take ``stat``/``ap``/``modifier``/``bonus`` for the character and ``opponent_ap``,
``opponent_modifier`` and ``opponent_bonus`` for the other side. The opponent is an enemy unless
the contest says ``enemy: false`` or ``pvp: true``: an enemy rolls 1d3 (``opponent_ap`` d3 when
the GM spends more rolls, ``opponent_modifier`` for Combat Points) with no Roleplay Bonus unless
``opponent_bonus`` gives one. An opponent who is not an enemy rolls like a player: a d6 (or
``opponent_ap`` d3) plus the Roleplay Bonus of ``opponent_stat`` (default: ``stat``); without the
stat, bonus 0. ``pvp: true`` makes the opponent another player, and ties go to the defendant, who
is the opponent unless ``defendant: character``. ``defending: true`` (the opponent started the
roll) makes the player the defendant, who holds on a tie.

Decisions and readings of the book recorded here
    * Roleplay Bonus = the highest tier of the stat holding at least 1 SP (digest Decision).
      The book contradicts itself on the cap: its levelling example (line 76) puts 4 SP into
      Strength at level 1 to open tier 2 (+2, a top roll of 8), while its GM advice (line 360)
      says a level-1 player rolls at most 7. **Decision:** the worked example is the rule, and
      the GM's "level 1" is read as a new character, whom this count calls level 0 (the book
      has players start with 12 SP and gain 4 "per level"): a new character rolls at most 7
      (tier 1, +1), one who has levelled and opened a tier 2 at most 8, anyone at most 12.
    * Strength and Health: the book says raising Strength "can increase your maximum Health even
      further" (line 86) and "in combat, Strength increases your health", but gives no figure
      (the tier perks are on a sheet the book lacks). **Decision:** each Strength tier opened
      beyond the first (holding at least 1 SP) adds :data:`STRENGTH_HEALTH_PER_TIER` (5) max
      Health: half a level's 10, so a level's 4 SP put into Strength to open a tier is worth
      less than the level itself, and a Strength 12-bonus hero (six tiers) has 25 more.
      Placing the SP that opens the tier raises max Health and Health by 5 at once; a
      character whose file gives ``max_health`` keeps that figure. The tier Actions of that
      sheet are not guessed at: what a stat does in a fight is its Roleplay Bonus, on role-play
      moves the adventure writes (docs/rules/four-s-tiers.md states the reading).
    * Contest outcome labels are :attr:`FourS.contest_labels` = failure, draw, success; a tie
      outside PvP is a ``draw`` (the book: nothing happens, or roll again at the GM's call —
      an adventure without a ``draw`` branch lets the player act again).
    * Levelling is the GM's call in the book (it has no XP). Here the GM's say-so is a resource:
      an adventure awards ``level_ups``; the advance ``level-up`` spends one and gives +1 level,
      +10 max Health (and Health) and +4 unspent SP. ``spend-sp:<stat>`` places one unspent SP in
      the stat's first tier that is not full, which is the only place the tier rule allows.
    * An enemy opposing role-play rolls 1d3 for free (book: "Roleplaying Against Enemies"),
      so a contest's opponent, an NPC in an adventure, rolls that by default; ``enemy: false``
      is for an NPC who competes the way players do (a race with a friend). An enemy has no
      stats, so ``opponent_stat`` is refused for one.
    * A contest the player defends (``defending: true``, the other side started it) has the
      player as its defendant, and a tie goes to them: against an enemy the book's tie means
      "nothing happens", so the attempt made on the player comes to nothing; in PvP the book
      gives ties to the defendant.
    * 0 Health is out of the fight (:meth:`FourS.incapacitated`): outside a conflict the
      adventure's ``defeated`` branch runs. Awards of ``health`` keep it within 0 and
      ``max_health`` (:meth:`FourS.gain`).
    * Enemy rolls are bought alternately, so the d6 and d3 counts never differ by more than one
      (the book's example: 2d6 + 3d3 is allowed, 2d6 + 4d3 is not). Halves round up.

Exact roll and contest odds are kept per the few numbers they read (bonus, dice, modifier; for a
contest both sides, how ties go and who defends) in a ``functools.lru_cache``: fights ask the
same ones again and again. Cached dictionaries are copied before they are handed out.
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from fractions import Fraction
from math import ceil
from typing import Any, ClassVar, Iterable, Mapping

from solo.rules.four_s.words import VOCABULARY
from solo.rules.four_s.creation import FourSDraft
from solo.rules.creation import Draft
from solo.rules.vocabulary import Vocabulary
from solo.rules.base import Advance, Character, Odds, RulesError, RulesetDefaults
from solo.rules.dice import Dice, RollRecord
from solo.rules.reasons import Step, reason
from solo.rules.values import ValueReader, lookup_name, name_key

SYSTEM = "four-s"

STATS: tuple[str, ...] = ("strength", "skill", "support", "scharisma")
TIER_COUNT = 6
TIER_SIZE = 6
STAT_MAX = TIER_COUNT * TIER_SIZE
START_SP = 12
START_TIER_ONE = 3
SP_PER_LEVEL = 4
BASE_HEALTH = 10
HEALTH_PER_LEVEL = 10
#: Max Health each Strength tier beyond the first adds once it holds an SP (a Decision: the
#: book says Strength raises max Health, with no figure).
STRENGTH_HEALTH_PER_TIER = 5
MAX_AP = 6
ROLL_DIE = 6

#: The book's suggested difficulty curve, easiest first.
GOALS: dict[str, int] = {
    "very-easy": 3,
    "easy": 4,
    "kind-of-hard": 5,
    "hard": 7,
    "extremely-hard": 9,
    "heroic": 10,
    "almost-impossible": 12,
}
DEFAULT_GOAL = "kind-of-hard"

CRITICAL_FACE = 6
CRITICAL_CHANCE = Fraction(1, 6)

ENEMY_HEALTH_FACTOR: dict[str, Fraction] = {
    "easy": Fraction(1, 2),
    "normal": Fraction(1),
    "hard": Fraction(2),
}
D6_COST = 12
D3_COST = 4
COMBAT_POINT_COST = 1


_VALUES = ValueReader("FOUR-S")
_err = _VALUES.error
_as_int = _VALUES.whole_number
_as_bool = _VALUES.flag
_key = name_key


_STAT_INDEX = {_key(s): s for s in STATS}
_STAT_INDEX["charisma"] = "scharisma"
_GOAL_INDEX = {_key(name): name for name in GOALS}


def lookup_stat(name: Any) -> str | None:
    """The canonical stat name for a forgivingly written one, or ``None``."""
    return lookup_name(_STAT_INDEX, name)


def find_stat(name: Any) -> str:
    return _VALUES.known_name(name, _STAT_INDEX, "stat", STATS)


# --------------------------------------------------------------------------------------------
# stats, tiers, levels
# --------------------------------------------------------------------------------------------


def tiers_from_total(total: int) -> list[int]:
    """Fill ``total`` SP into the tiers in order, six per tier."""
    if not 0 <= total <= STAT_MAX:
        raise _err(f"a stat holds 0-{STAT_MAX} SP (got {total})")
    return [max(0, min(TIER_SIZE, total - TIER_SIZE * i)) for i in range(TIER_COUNT)]


def check_tier_rule(tiers: list[int], stat: str = "stat") -> None:
    """A tier may hold SP only when the tier before it holds all six."""
    for i in range(1, TIER_COUNT):
        if tiers[i] > 0 and tiers[i - 1] < TIER_SIZE:
            raise _err(
                f"a point may go into tier {i + 1} only when tier {i} holds {TIER_SIZE} SP "
                f"(got {stat} {tiers})"
            )


def normalise_tiers(value: Any, stat: str = "stat") -> list[int]:
    """A stat as six tier counts, from either a tier list or an SP total; checks the tier rule."""
    if isinstance(value, (list, tuple)):
        if len(value) > TIER_COUNT:
            raise _err(f"a stat has {TIER_COUNT} tiers (got {len(value)} for {stat})")
        tiers = [_as_int(v, f"{stat} tier {i + 1}") for i, v in enumerate(value)]
        tiers += [0] * (TIER_COUNT - len(tiers))
        for i, count in enumerate(tiers):
            if not 0 <= count <= TIER_SIZE:
                raise _err(f"a tier holds 0-{TIER_SIZE} SP (got {stat} tier {i + 1}: {count})")
    else:
        tiers = tiers_from_total(_as_int(value, f"SP of {stat}"))
    check_tier_rule(tiers, stat)
    return tiers


def roleplay_bonus(tiers: Iterable[int]) -> int:
    """The highest tier (1–6) holding at least 1 SP; 0 for an empty stat (digest Decision)."""
    best = 0
    for i, count in enumerate(tiers):
        if count > 0:
            best = i + 1
    return best


def sp_budget(level: int) -> int:
    """Total SP of a character of that level: 12 + 4 per level."""
    return START_SP + SP_PER_LEVEL * level


def base_max_health(level: int) -> int:
    """Max Health of a level: 10 at level 0, +10 per level."""
    return BASE_HEALTH + HEALTH_PER_LEVEL * level


def strength_health(tiers: Iterable[int] | None) -> int:
    """The max Health Strength adds: :data:`STRENGTH_HEALTH_PER_TIER` per tier opened beyond the first."""
    if tiers is None:
        return 0
    return STRENGTH_HEALTH_PER_TIER * max(0, roleplay_bonus(tiers) - 1)


def max_health_of(level: int, strength: Iterable[int] | None) -> int:
    """Max Health of a character: the level's, and what its Strength tiers add."""
    return base_max_health(level) + strength_health(strength)


def stat_tiers(character: Character, stat: str) -> list[int] | None:
    """The character's tiers for a stat (found forgivingly), or ``None`` if it lacks the stat."""
    for name, value in character.stats.items():
        if lookup_stat(name) == stat:
            return normalise_tiers(value, stat)
    return None


def character_stat_points(character: Character) -> int:
    """SP placed in the stats plus SP not yet placed: the character's total on the sheet."""
    placed = sum(sum(normalise_tiers(v, str(k))) for k, v in character.stats.items()
                 if lookup_stat(k) is not None)
    return placed + _as_int(character.resources.get("sp_unspent", 0) or 0, "resources.sp_unspent")


# --------------------------------------------------------------------------------------------
# rolls
# --------------------------------------------------------------------------------------------


def parse_goal(value: Any) -> tuple[int, str | None]:
    """A goal as a number, or one of the named difficulties; returns (number, name or None)."""
    if isinstance(value, str):
        name = _GOAL_INDEX.get(_key(value))
        if name is not None:
            return GOALS[name], name
        if value.strip().lstrip("+-").isdigit():
            return parse_goal(int(value.strip()))
    elif isinstance(value, int) and not isinstance(value, bool):
        named = [n for n, g in GOALS.items() if g == value]
        return value, (named[0] if named else None)
    names = ", ".join(f"{n} {g}" for n, g in GOALS.items())
    raise _err(f"goal must be a number or one of {names} (got {value!r})")


def d3_from_d6(face: int) -> int:
    """A d3 read from a d6: half the face, rounded up (1,2 → 1; 3,4 → 2; 5,6 → 3)."""
    if not 1 <= face <= 6:
        raise _err(f"a d6 shows 1-6 (got {face})")
    return ceil(face / 2)


def roll_d3(dice: Dice) -> int:
    """One d3 from the seeded dice."""
    return dice.roll(3)


def roll_distribution(bonus: int, ap: int | None = None, modifier: int = 0) -> dict[int, Fraction]:
    """Exact distribution of a roll's total: d6 (or ``ap`` d3) + bonus + modifier."""
    return dict(_roll_distribution(bonus, ap, modifier))


@functools.lru_cache(maxsize=1024)
def _roll_distribution(bonus: int, ap: int | None, modifier: int) -> tuple[tuple[int, Fraction], ...]:
    if ap is None:
        base = {face: Fraction(1, ROLL_DIE) for face in range(1, ROLL_DIE + 1)}
    else:
        base = {0: Fraction(1)}
        for _ in range(ap):
            step: dict[int, Fraction] = {}
            for total, p in base.items():
                for face in (1, 2, 3):
                    step[total + face] = step.get(total + face, Fraction(0)) + p / 3
            base = step
    return tuple((total + bonus + modifier, p) for total, p in sorted(base.items()))


def success_chance(bonus: int, goal: int, ap: int | None = None, modifier: int = 0) -> Fraction:
    """P(total ≥ goal)."""
    dist = roll_distribution(bonus, ap, modifier)
    return sum((p for t, p in dist.items() if t >= goal), Fraction(0))


def combat_roleplay_chance(ap: int, bonus: int, goal: int) -> Fraction:
    """Odds of a combat role-play roll: ``ap`` d3 + Roleplay Bonus ≥ goal."""
    return success_chance(bonus, goal, ap)


def read_contest(mine: int, theirs: int, pvp: bool = False, defendant: str = "opponent") -> str:
    """Higher total wins; a tie is a draw, except where ``pvp`` says ties are settled: then the
    defendant wins (player-versus-player, and a contest the player defends, see ``defending``)."""
    if mine > theirs:
        return "success"
    if mine < theirs:
        return "failure"
    if not pvp:
        return "draw"
    return "success" if defendant == "character" else "failure"


def contest_outcomes(
    mine: Mapping[int, Fraction],
    theirs: Mapping[int, Fraction],
    pvp: bool = False,
    defendant: str = "opponent",
) -> dict[str, Fraction]:
    """Exact failure/draw/success of a competing roll from the two totals' distributions."""
    return _contest_outcomes(mine.items(), theirs.items(), pvp, defendant)


def _contest_outcomes(
    mine: Iterable[tuple[int, Fraction]], theirs: Iterable[tuple[int, Fraction]], pvp: bool, defendant: str
) -> dict[str, Fraction]:
    theirs = list(theirs)
    out = {"failure": Fraction(0), "draw": Fraction(0), "success": Fraction(0)}
    for a, p in mine:
        for b, q in theirs:
            out[read_contest(a, b, pvp, defendant)] += p * q
    return out


@functools.lru_cache(maxsize=1024)
def _contest_odds(
    mine: tuple[int, int | None, int], theirs: tuple[int, int | None, int], pvp: bool, defendant: str
) -> tuple[tuple[tuple[str, Fraction], ...], tuple[tuple[int, Fraction], ...]]:
    """A contest's outcomes and its margin's distribution, each side as (bonus, ap, modifier)."""
    ours, their = _roll_distribution(*mine), _roll_distribution(*theirs)
    outcomes = _contest_outcomes(ours, their, pvp, defendant)
    margin: dict[int, Fraction] = {}
    for a, p in ours:
        for b, q in their:
            margin[a - b] = margin.get(a - b, Fraction(0)) + p * q
    return tuple(outcomes.items()), tuple(sorted(margin.items()))


def apply_critical(amount: int, face: int) -> int:
    """Damage dealt or Health restored after the critical d6: a 6 doubles it."""
    return amount * 2 if face == CRITICAL_FACE else amount


def roll_critical(dice: Dice, amount: int) -> tuple[int, int]:
    """Roll the critical d6 after damage or healing; returns (face, final amount)."""
    face = dice.roll(6)
    return face, apply_critical(amount, face)


# --------------------------------------------------------------------------------------------
# the GM's side of combat
# --------------------------------------------------------------------------------------------


def party_stat_points(characters: Iterable[Character]) -> int:
    """PSP: the party's total Stat Points."""
    return sum(character_stat_points(c) for c in characters)


def enemy_health(psp: int, difficulty: str = "normal") -> int:
    """The enemies' shared Health pool: easy PSP/2 (rounded up), normal PSP, hard 2 × PSP."""
    factor = ENEMY_HEALTH_FACTOR.get(_key(difficulty))
    if factor is None:
        raise _err(f"combat difficulty must be easy, normal or hard (got {difficulty!r})")
    return ceil(psp * factor)


def rolls_cost(d6: int, d3: int, combat_points: int = 0, player_phase: bool = False) -> int:
    """SP cost of enemy rolls: d6 12, d3 4, Combat Point 1; doubled when used in the player phase.

    Rolls are bought alternately, so the counts of d6 and d3 differ by at most one.
    """
    if min(d6, d3, combat_points) < 0:
        raise _err(f"roll counts cannot be negative (got {d6}d6, {d3}d3, {combat_points} CP)")
    if abs(d6 - d3) > 1:
        raise _err(
            f"enemy rolls alternate d6 and d3, so their counts differ by at most 1 "
            f"(got {d6}d6 and {d3}d3)"
        )
    cost = D6_COST * d6 + D3_COST * d3 + COMBAT_POINT_COST * combat_points
    return cost * 2 if player_phase else cost


def buy_rolls(psp: int) -> tuple[int, int, int]:
    """A purchase with as many dice as PSP affords: (d6, d3, Combat Points)."""
    pairs, rest = divmod(psp, D6_COST + D3_COST)
    d6 = d3 = pairs
    if rest >= D6_COST:
        d6, rest = d6 + 1, rest - D6_COST
    elif rest >= D3_COST:
        d3, rest = d3 + 1, rest - D3_COST
    return d6, d3, rest


# --------------------------------------------------------------------------------------------
# parsed rolls
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Side:
    """One roller's parsed roll: who, which stat, bonus, dice."""

    stat: str
    bonus: int
    modifier: int = 0
    ap: int | None = None  # None: a d6; otherwise that many d3
    bonus_note: str = ""
    enemy: bool = False  # an enemy's free 1d3 (or bought d3s), not Action Points

    @property
    def dice_text(self) -> str:
        return "d6" if self.ap is None else f"{self.ap}d3"

    def roll(self, dice: Dice) -> list[int]:
        if self.ap is None:
            return dice.rolls(1, ROLL_DIE)
        return [roll_d3(dice) for _ in range(self.ap)]

    def total(self, faces: list[int]) -> int:
        return sum(faces) + self.bonus + self.modifier

    def distribution(self) -> dict[int, Fraction]:
        return roll_distribution(self.bonus, self.ap, self.modifier)

    def describe(self, faces: list[int], who: str = "") -> Step:
        """The roll as a reason (said by :mod:`.record_words`)."""
        return reason("side", who=who, stat=self.stat, ap=self.ap, enemy=self.enemy, faces=list(faces),
                      bonus=self.bonus, modifier=self.modifier, total=self.total(faces))


@dataclass(frozen=True)
class FourSCheck:
    side: Side
    goal: int
    goal_name: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"side": asdict(self.side), "goal": self.goal, "goal_name": self.goal_name}


def _opponent_kind(params: Mapping[str, Any]) -> tuple[bool, bool]:
    """(pvp, enemy) of a contest: the opponent is an enemy unless it is another player (pvp) or
    the contest says ``enemy: false``."""
    pvp = _as_bool(params.get("pvp", False), "check parameter 'pvp'")
    enemy = _as_bool(params.get("enemy", not pvp), "check parameter 'enemy'")
    if enemy and pvp:
        raise _err("a pvp contest is against another player, not an enemy (drop enemy: true)",
                   param="enemy")
    return pvp, enemy


# --------------------------------------------------------------------------------------------
# the ruleset
# --------------------------------------------------------------------------------------------


class FourS(RulesetDefaults):
    """The four-stat d3 system. See the module docstring for parameters and Decisions.

    No offers, alternatives or settling: those are :class:`RulesetDefaults`'.
    """

    #: its words for players: outcomes, terms, rules pages, how its rolls read
    vocabulary: ClassVar[Vocabulary] = VOCABULARY
    #: what a player of this system chooses at creation (``solo character new``)
    draft_class: ClassVar[type[Draft]] = FourSDraft

    id: ClassVar[str] = SYSTEM
    error_label: ClassVar[str] = _VALUES.label
    name: ClassVar[str] = "FOUR-S: Strength, Skill, Support, Scharisma"
    #: How players know the system (``solo list``).
    #: ``solo odds`` arguments shown as examples in its help.
    cli_examples: ClassVar[tuple[str, ...]] = ("--bonus 2 --goal 7",)
    display_name: ClassVar[str] = "FOUR-S"
    #: The check parameter ``solo new adventure``'s sample check takes, with a middling value.
    starter_param: ClassVar[tuple[str, str]] = ("goal", "easy")
    outcome_labels: ClassVar[tuple[str, ...]] = ("failure", "success")
    #: Labels a contest (competing roll) can produce, worst to best.
    contest_labels: ClassVar[tuple[str, ...]] = ("failure", "draw", "success")
    stat_names: ClassVar[tuple[str, ...]] = STATS
    #: ``roll.margin``: the total less the goal, or less the opponent's total in a contest.
    measure_names: ClassVar[tuple[str, ...]] = ("margin",)
    # interactive creation (optional hooks used by solo.ui.creation)
    creation_rules: ClassVar[str] = (
        "A level-0 character has 12 SP: 3 in the first tier of each of Strength, Skill, Support "
        "and Scharisma."
    )
    custom_stats: ClassVar[bool] = False
    #: The book's combat (see :mod:`solo.rules.four_s.fight`); filled in at the end of the module.
    conflicts: ClassVar[Mapping[str, type]] = {}

    def creation_defaults(self) -> dict[str, int]:
        return {name: 3 for name in STATS}
    #: Check and contest parameters beyond the common ones (docs/format.md).
    check_params: ClassVar[tuple[str, ...]] = (
        "goal", "ap", "modifier", "bonus", "enemy", "pvp", "defendant", "opponent_stat", "opponent_bonus", "opponent_ap", "opponent_modifier",
    )
    cli_options: ClassVar[dict[str, str]] = {
        "bonus": "Roleplay Bonus (highest tier with SP, 1-6); default 1",
        "goal": "a number or very-easy/easy/kind-of-hard/hard/extremely-hard/heroic/"
                "almost-impossible; default kind-of-hard",
        "ap": "combat role-play: AP spent, one d3 each, instead of the d6",
        "modifier": "added to the total (Combat Points, help, hinder)",
        "versus": "opponent's Roleplay Bonus: odds of a competing roll",
        "versus-ap": "opponent rolls this many d3 instead of a d6",
        "enemy": "flag: the opponent is an enemy: 1d3 (or --versus-ap d3) plus --versus, no d6",
        "pvp": "flag: player versus player, the opponent (defendant) wins ties",
        "defending": "flag: the opponent started the roll and you defend: a tie is yours",
    }

    # characters -----------------------------------------------------------------------------
    def prepare_character(self, character: Character) -> Character:
        stats: dict[str, Any] = {}
        for name, value in character.stats.items():
            stat = lookup_stat(name)
            if stat is None:
                stats[name] = value
                continue
            if stat in stats:
                raise _err(f"stat {stat} is given twice")
            stats[stat] = normalise_tiers(value, stat)
        character.stats = stats
        res = character.resources
        level = _as_int(res.setdefault("level", 0), "resources.level")
        res.setdefault("max_health", max_health_of(level, stats.get("strength")))
        res.setdefault("health", res["max_health"])
        if "sp_unspent" not in res:
            placed = sum(sum(stats[s]) for s in STATS if s in stats)
            res["sp_unspent"] = max(0, sp_budget(level) - placed)
        res.setdefault("level_ups", 0)
        return character

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        tiers: dict[str, list[int]] = {}
        for name, value in character.stats.items():
            stat = lookup_stat(name)
            if stat is None:
                raise _err(f"unknown stat {name!r} (expected: {', '.join(STATS)})")
            if stat in tiers:
                raise _err(f"stat {stat} is given twice")
            tiers[stat] = normalise_tiers(value, stat)
        missing = [s for s in STATS if s not in tiers]
        if missing and creation:
            raise _err(f"a character has all four stats (missing: {', '.join(missing)})")
        res = character.resources
        level = _as_int(res.get("level", 0), "resources.level")
        if level < 0:
            raise _err(f"level starts at 0 (got {level})")
        unspent = _as_int(res.get("sp_unspent", 0) or 0, "resources.sp_unspent")
        if unspent < 0:
            raise _err(f"unspent SP cannot be negative (got {unspent})")
        if "health" in res:
            health = _as_int(res["health"], "resources.health")
            top = _as_int(res.get("max_health", base_max_health(level)), "resources.max_health")
            if not 0 <= health <= top:
                raise _err(f"Health runs 0 to max Health {top} (got {health})")
        if not creation:
            return
        low = [f"{s} {t[0]}" for s, t in tiers.items() if t[0] < START_TIER_ONE]
        if low:
            raise _err(
                f"every stat starts with {START_TIER_ONE} SP in tier 1 (got {', '.join(low)})"
            )
        placed = sum(sum(t) for t in tiers.values())
        budget = sp_budget(level)
        if placed + unspent != budget:
            raise _err(
                f"a level {level} character has {budget} SP "
                f"(got {placed + unspent}: {placed} placed + {unspent} unspent)"
            )
        if "max_health" in res:
            top = _as_int(res["max_health"], "resources.max_health")
            if top < base_max_health(level):
                raise _err(
                    f"max Health at level {level} is at least {base_max_health(level)} (got {top})"
                )

    # rolling ----------------------------------------------------------------------------------
    def _side(
        self, params: Mapping[str, Any], character: Character | None, prefix: str
    ) -> Side:
        def get(key: str, default: Any = None) -> Any:
            return params.get(prefix + key, default)

        raw_stat = get("stat")
        if raw_stat is None and prefix:
            raw_stat = params.get("stat")
        stat = find_stat(raw_stat) if raw_stat is not None else ""
        note = ""
        if get("bonus") is not None:
            bonus = _as_int(get("bonus"), f"check parameter '{prefix}bonus'")
            note = "given"
        elif not stat:
            raise _err(f"a roll needs '{prefix}stat' or '{prefix}bonus'")
        elif character is None:
            raise _err(f"a roll on {stat} needs a character (or '{prefix}bonus')")
        else:
            tiers = stat_tiers(character, stat)
            if tiers is None and not prefix:
                raise _err(f"{character.name} has no stat {stat!r}")
            bonus = 0 if tiers is None else roleplay_bonus(tiers)
            note = f"no {stat}" if tiers is None else f"tier {bonus}"
        modifier = _as_int(get("modifier", 0), f"check parameter '{prefix}modifier'")
        ap = get("ap")
        if ap is not None:
            ap = _as_int(ap, f"check parameter '{prefix}ap'")
            if not 1 <= ap <= MAX_AP:
                raise _err(f"check parameter '{prefix}ap' runs 1-{MAX_AP} Action Points (got {ap})")
        return Side(stat, bonus, modifier, ap, note)

    def _enemy_side(self, params: Mapping[str, Any]) -> Side:
        """An enemy opposing role-play: 1d3 free, more d3s and Combat Points if the GM spends them."""
        if params.get("opponent_stat") is not None:
            raise _err(
                "an enemy rolls 1d3, not a stat: drop opponent_stat, or set enemy: false for an "
                "opponent who rolls like a player", param="opponent_stat")
        ap = _as_int(params.get("opponent_ap", 1), "check parameter 'opponent_ap'")
        if not 1 <= ap <= MAX_AP:
            raise _err(f"check parameter 'opponent_ap' runs 1-{MAX_AP} d3 (got {ap})",
                       param="opponent_ap")
        bonus = _as_int(params.get("opponent_bonus", 0), "check parameter 'opponent_bonus'")
        modifier = _as_int(params.get("opponent_modifier", 0), "check parameter 'opponent_modifier'")
        return Side("", bonus, modifier, ap, "enemy", enemy=True)

    def parse_check(
        self, params: Mapping[str, Any], character: Character | None = None
    ) -> FourSCheck:
        side = self._side(params, character, "")
        if _opponent_kind(params)[1]:
            self._enemy_side(params)  # refuses what an enemy cannot have (opponent_stat)
        goal, name = parse_goal(params.get("goal", DEFAULT_GOAL))
        return FourSCheck(side, goal, name)

    def step_words(self, step: Mapping[str, Any]) -> str | list[str] | None:
        """How a step of a FOUR-S record reads (:mod:`.record_words`)."""
        from solo.rules.four_s import record_words

        return record_words.say(step)

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        chk = self.parse_check(params, character)
        faces = chk.side.roll(dice)
        total = chk.side.total(faces)
        success = total >= chk.goal
        outcome = "success" if success else "failure"
        steps = [chk.side.describe(faces),
                 reason("goal", total=total, goal=chk.goal, name=chk.goal_name, success=success)]
        modifiers = {"bonus": chk.side.bonus}
        if chk.side.modifier:
            modifiers["modifier"] = chk.side.modifier
        return RollRecord(
            system=SYSTEM,
            kind="check",
            stat=chk.side.stat or "roll",
            dice=faces,
            outcome=outcome,
            success=success,
            total=total,
            modifiers=modifiers,
            details={
                "die": "d6" if chk.side.ap is None else "d3",
                "ap": chk.side.ap,
                "bonus": chk.side.bonus,
                "bonus_from": chk.side.bonus_note,
                "modifier": chk.side.modifier,
                "goal": chk.goal,
                "goal_name": chk.goal_name,
                "margin": total - chk.goal,
            },
            steps=steps,
            measures={"margin": total - chk.goal},
        )

    def _contest_sides(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> tuple[Side, Side, bool, str, bool]:
        """Both sides, whether it is PvP, who the defendant is, and whether the player defends."""
        mine = self._side(params, character, "")
        pvp, enemy = _opponent_kind(params)
        theirs = self._enemy_side(params) if enemy else self._side(params, opponent, "opponent_")
        defending = _as_bool(params.get("defending", False), "check parameter 'defending'")
        defendant = _key(params.get("defendant", "character" if defending else "opponent"))
        if defendant in ("character", "self", "you", "player"):
            defendant = "character"
        elif defendant != "opponent":
            raise _err(
                "check parameter 'defendant' is opponent or character "
                f"(got {params['defendant']!r})"
            )
        if defending and defendant != "character":
            raise _err("a contest the player defends has the player as its defendant "
                       "(drop defendant: opponent)", param="defendant")
        return mine, theirs, pvp, defendant, defending

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        mine, theirs, pvp, defendant, defending = self._contest_sides(character, opponent, params)
        my_faces = mine.roll(dice)
        their_faces = theirs.roll(dice)
        a, b = mine.total(my_faces), theirs.total(their_faces)
        outcome = read_contest(a, b, pvp or defending, defendant)
        steps = [mine.describe(my_faces, "you"), theirs.describe(their_faces, "opponent")]
        if theirs.bonus_note.startswith("no "):
            steps.append(reason("no-bonus", stat=theirs.stat))
        steps.append(reason("contest-read", mine=a, theirs=b, defending=defending, pvp=pvp,
                            defendant=defendant, outcome=outcome))
        return RollRecord(
            system=SYSTEM,
            kind="contest",
            stat=mine.stat or "roll",
            dice=my_faces + their_faces,
            outcome=outcome,
            success=outcome == "success",
            total=a - b,
            details={
                "you": {**asdict(mine), "dice": my_faces, "total": a},
                "opponent": {**asdict(theirs), "dice": their_faces, "total": b},
                "pvp": pvp,
                "defendant": defendant,
                "defending": defending,
            },
            steps=steps,
            measures={"margin": a - b},
        )

    # odds -------------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        chk = self.parse_check(params, character)
        dist = chk.side.distribution()
        success = sum((p for t, p in dist.items() if t >= chk.goal), Fraction(0))
        return Odds(
            system=SYSTEM,
            outcomes={"failure": 1 - success, "success": success},
            distributions={"total": dist},
        )

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        mine, theirs, pvp, defendant, defending = self._contest_sides(character, opponent, params)
        outcomes, margin = _contest_odds((mine.bonus, mine.ap, mine.modifier),
                                         (theirs.bonus, theirs.ap, theirs.modifier),
                                         bool(pvp or defending), defendant)
        return Odds(system=SYSTEM, outcomes=dict(outcomes), distributions={"margin": dict(margin)})

    # command line -----------------------------------------------------------------------------
    def _args_params(self, args: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
        _VALUES.reject_unknown_options(args, self.cli_options)
        params: dict[str, Any] = {"bonus": _as_int(args.get("bonus", 1), "--bonus")}
        if args.get("goal") is not None:
            try:
                params["goal"] = parse_goal(args["goal"])[0]
            except RulesError:
                raise _err(
                    f"--goal must be a number or one of {', '.join(GOALS)} (got {args['goal']!r})"
                ) from None
        for option, key in (("ap", "ap"), ("modifier", "modifier")):
            if args.get(option) is not None:
                params[key] = _as_int(args[option], f"--{option}")
        if "ap" in params and not 1 <= params["ap"] <= MAX_AP:
            raise _err(f"--ap runs 1-{MAX_AP} (got {args['ap']!r})")
        enemy = args.get("enemy") is not None and _VALUES.option_flag(args["enemy"], "enemy")
        contest = args.get("versus") is not None or enemy
        if contest:
            params["enemy"] = enemy
            params["opponent_bonus"] = _as_int(args.get("versus", 0), "--versus")
            params["opponent_modifier"] = 0
            if args.get("versus-ap") is not None:
                params["opponent_ap"] = _as_int(args["versus-ap"], "--versus-ap")
                if not 1 <= params["opponent_ap"] <= MAX_AP:
                    raise _err(f"--versus-ap runs 1-{MAX_AP} (got {args['versus-ap']!r})")
            if args.get("pvp") is not None:
                params["pvp"] = _VALUES.option_flag(args["pvp"], "pvp")
            if args.get("defending") is not None:
                params["defending"] = _VALUES.option_flag(args["defending"], "defending")
        elif any(args.get(flag) is not None for flag in ("versus-ap", "pvp", "defending")):
            raise _err("--versus-ap, --pvp and --defending need --versus (the opponent's bonus) "
                       "or --enemy")
        return params, contest

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        params, contest = self._args_params(args)
        nobody = Character(name="(bonus)", system=SYSTEM, stats={})
        if contest:
            return self.contest_odds(nobody, nobody, params)
        return self.check_odds(nobody, params)

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        params, contest = self._args_params(args)
        nobody = Character(name="(bonus)", system=SYSTEM, stats={})
        if contest:
            return self.contest(dice, nobody, nobody, params)
        return self.check(dice, nobody, params)

    # Health ----------------------------------------------------------------------------------
    def incapacitated(self, character: Character) -> str | None:
        """0 Health is out of the fight (the engine's ``defeated`` branch outside a conflict)."""
        health = character.resources.get("health")
        if isinstance(health, int) and not isinstance(health, bool) and health <= 0:
            return "0 Health"
        return None

    def gain(self, dice: Dice, character: Character, resource: str, amount: int) -> list[str] | None:
        """Awards of ``health`` (damage and healing) keep it within 0 and ``max_health``."""
        if _key(resource) != "health" or isinstance(amount, Mapping):
            return None
        res = character.resources
        level = _as_int(res.get("level", 0), "resources.level")
        top = _as_int(res.get("max_health", base_max_health(level)), "resources.max_health")
        now = _as_int(res.get("health", top), "resources.health")
        res["health"] = max(0, min(top, now + int(amount)))
        if now + int(amount) > top:
            return [f"Health is at its maximum, {top}."]
        return []

    def check_award(self, resource: str, amount: Any, character: Character | None = None) -> None:
        """``solo validate``'s question: four-s awards are whole numbers."""
        if isinstance(amount, Mapping):
            raise _err(f"{resource} is awarded as a number, not per name")

    # experience -------------------------------------------------------------------------------
    # Rolls earn nothing (the book has no XP; levels come from the GM) and nothing expires
    # between adventures: experience() and end_of_adventure() are RulesetDefaults'.
    def advancement(self, character: Character) -> list[Advance]:
        level = _as_int(character.resources.get("level", 0), "resources.level")
        options = [
            Advance(
                "level-up",
                f"Level up to {level + 1}: +{HEALTH_PER_LEVEL} max Health, +{SP_PER_LEVEL} SP",
                {"level_ups": 1},
            )
        ]
        for stat in STATS:
            tiers = stat_tiers(character, stat) or [0] * TIER_COUNT
            if sum(tiers) < STAT_MAX:
                tier = _next_tier(tiers)
                options.append(
                    Advance(f"spend-sp:{stat}", f"Put 1 SP into {stat.title()} tier {tier}",
                            {"sp_unspent": 1})
                )
        return options

    def advance(self, character: Character, key: str) -> Character:
        res = character.resources
        if key == "level-up":
            granted = _as_int(res.get("level_ups", 0) or 0, "resources.level_ups")
            if granted < 1:
                raise _err("level-up needs a level granted by the GM (resources.level_ups: got 0)")
            level = _as_int(res.get("level", 0), "resources.level")
            res["level_ups"] = granted - 1
            res["level"] = level + 1
            top = _as_int(res.get("max_health", base_max_health(level)), "resources.max_health")
            res["max_health"] = top + HEALTH_PER_LEVEL
            health = _as_int(res.get("health", top), "resources.health")
            res["health"] = health + HEALTH_PER_LEVEL
            unspent = _as_int(res.get("sp_unspent", 0) or 0, "resources.sp_unspent")
            res["sp_unspent"] = unspent + SP_PER_LEVEL
            return character
        kind, _, name = str(key).partition(":")
        if kind != "spend-sp" or not name:
            raise _err(f"unknown advance {key!r} (expected level-up or spend-sp:<stat>)")
        stat = find_stat(name)
        unspent = _as_int(res.get("sp_unspent", 0) or 0, "resources.sp_unspent")
        if unspent < 1:
            raise _err(f"{key} needs 1 unspent SP (got {unspent})")
        tiers = stat_tiers(character, stat) or [0] * TIER_COUNT
        if sum(tiers) >= STAT_MAX:
            raise _err(f"{stat} already holds {STAT_MAX} SP in all {TIER_COUNT} tiers")
        before = strength_health(tiers) if stat == "strength" else 0
        tiers[_next_tier(tiers) - 1] += 1
        gained = strength_health(tiers) - before if stat == "strength" else 0
        if gained:
            level = _as_int(res.get("level", 0), "resources.level")
            top = _as_int(res.get("max_health", base_max_health(level)), "resources.max_health")
            res["max_health"] = top + gained
            res["health"] = _as_int(res.get("health", top), "resources.health") + gained
        renamed = {(stat if lookup_stat(k) == stat else k): v for k, v in character.stats.items()}
        renamed[stat] = tiers
        character.stats = renamed
        res["sp_unspent"] = unspent - 1
        return character


def _next_tier(tiers: list[int]) -> int:
    """The 1-based tier the next SP goes into: the first that is not full."""
    for i, count in enumerate(tiers):
        if count < TIER_SIZE:
            return i + 1
    return TIER_COUNT


__all__ = [
    "FourS",
    "GOALS",
    "STATS",
    "apply_critical",
    "base_max_health",
    "max_health_of",
    "strength_health",
    "STRENGTH_HEALTH_PER_TIER",
    "buy_rolls",
    "character_stat_points",
    "check_tier_rule",
    "combat_roleplay_chance",
    "contest_outcomes",
    "d3_from_d6",
    "enemy_health",
    "normalise_tiers",
    "parse_goal",
    "party_stat_points",
    "read_contest",
    "roleplay_bonus",
    "roll_critical",
    "roll_d3",
    "roll_distribution",
    "rolls_cost",
    "sp_budget",
    "success_chance",
    "tiers_from_total",
]


from solo.rules.four_s.fight.procedure import Fight  # noqa: E402  (the fight reads this module's helpers)

FourS.conflicts = {"fight": Fight}
