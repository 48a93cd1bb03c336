"""Humanity, Blessed (``humanity-blessed``): stat dice that bump, blessing dice that pay for help.

This module owns the ruleset: character creation rules (all d4, the best stat one size larger,
two more from the starter Lifestyle x Value System table), checks and contests with bumping and
spark groups, situational aid, conditions, the blessing-dice pool (gaining, spending, Help, spark
costs, Blessed Luck), the lucky number, automatic History success, the session shop, the endeavor
number-line helpers and exact odds. The dice themselves live in :mod:`solo.rules.bumping`.

Characters: ``stats`` maps Head, Hand, Heart, Home, Hurt, Hurry, History (and at most one setting
stat) to dice: ``"d4"``..``"d10"`` or capped ``"dcX"``. ``resources["blessings"]`` is the pool, a
list of d6 values; ``resources["free_upgrades"]`` and ``resources["upgrades_bought"]`` drive the
session shop. ``extra`` may hold ``lifestyle``, ``value_system``, ``best`` (the stat chosen as
best), ``abilities`` (names, e.g. "Advanced Training"), ``stat_upgrades`` (count, at most 10),
``spent_abilities`` (abilities waiting for a recharge) and ``session`` (the lucky number and the
session's once-only awards).

Check parameters: ``stat`` (or ``die``, a die such as d8 or dc3, for odds without a character);
``target`` (a number or lowest / easy / medium / hard / very-hard / trial; default medium, the
book's usual target);
``spark`` (the second stat; with ``die`` a true value rolls two such dice); ``modifier`` (added to
the roll); ``aid`` (situational aid received when the roll would fail: a number or a die such as
dc2); ``focal: true`` (a roll that decides an endeavor's Focal Action: Muddled applies there);
``training: true`` (Advanced Training without a character, for odds). Contests add
``opponent_stat`` (defaults to ``stat``), ``violent: true`` (the attacker rolls Hurt, the defender
Hurry), ``opponent_modifier`` and ``opponent_aid``.

Conditions are strings in ``character.conditions``: ``uncool`` (-1), ``pain`` (-1), ``ache`` (the
top face reads as the one below), ``weakness`` (no Help, no aid), ``muddled`` (-2 on the next
focal roll), ``distracted`` (no bumping), ``taxed`` (no spark), ``surprise`` (the next roll neither
bumps nor sparks), ``cursed`` (blessing dice worth 1 less), ``disarmed`` (a violent win caps at
very major), ``vulnerability`` (in a contest the opponent forces a winning roll to be rolled
again, once; the new roll stands). Ache, pain and weakness may name a stat as ``pain:hand``; bare, they touch every stat.

**Decisions** (beyond the digest's):

* Outcome labels are ``failure``/``success``; the size (very-minor..maximum) is in
  ``details["size"]`` for successes and wins. Odds list each size as "succeeds with that size",
  so the six sizes add up to ``success``.
* ``expected`` in odds is the mean of the roll itself (stat dice, bumps, Advanced Training and
  modifiers), before aid that only comes on a failure: the book's statistic.
* A spark check (``spark`` parameter) pays two pool dice of equal worth (at least 1) when it is
  rolled, the lowest such pair. If the stats are not balanced, the pool cannot pay, or the
  character is taxed or surprised, a basic check is rolled instead and a step says why. Odds
  follow the same rule; with ``die`` there is no pool and nothing to pay.
* In a contest the defender rolls a basic check (no spark, no Help); Vulnerability (an opponent
  forcing a reroll) is the GM's move and is not modelled.
* Situational aid comes once per roll when the roll would fail, from ``aid``, Survival Instinct
  (a Hurry roll, +dc2), Armored Skin (defending a violent contest, +dc2) or an overcharged stat of
  an upgraded Lifestyle in a spark (+ a die of the spark's size); of several, the best mean is
  taken. Weakness on a rolled stat stops aid and Help. Aid and Help dice bump; Distracted and
  Surprise only stop the stat dice bumping.
* Advanced Training (+1 per bump) and Ease of Focus (bump on 2 too) count for stat dice of d8 or
  larger. The lucky number is matched by the natural total (stat dice readings with bumps, before
  Advanced Training, modifiers, aid or Help).
* An adventure is a session: the engine's ``start_adventure`` hook rolls its lucky number (or the
  first check does, if the hook was not called); ``end_of_adventure`` ends the session. Blessing dice earned by a roll (the lucky number;
  the session's first success or win by 6 or more) are rolled with the roll, shown in
  ``details["blessings_earned"]`` and added to the pool by :meth:`experience`.
* Blessed Luck (an ability) is offered on a failed check: free when charged, otherwise by paying
  the recharge (5) at once. The retry repeats the same roll (a spark is not paid again); Help on
  the failed roll is lost with it.
* Automatic History success reduces very minor to very minor (there is no smaller size).
* Spark statistics: the book's b_s formula for the mean of a bumping spark round is an
  approximation (2d6: 4.5 where the exact mean is 52/11); exact values come from enumeration.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Iterable, Mapping

from solo.rules import bumping
from solo.rules.base import Advance, Character, Odds, Offer, RulesError, RulesetDefaults
from solo.rules.bumping import Die, DieError, Group
from solo.rules.dice import Dice, RollRecord
from solo.rules.values import ValueReader, canonical_keys, find_key, name_key

SYSTEM = "humanity-blessed"
CORE_STATS = ("head", "hand", "heart", "home", "hurt", "hurry", "history")
TARGETS = {"lowest": 3, "easy": 4, "medium": 8, "hard": 12, "veryhard": 16, "trial": 20}
TARGET_NAMES = ("lowest", "easy", "medium", "hard", "very-hard", "trial")
SIZES = ("very-minor", "minor", "medium", "major", "very-major", "maximum")
CHECK_BANDS = (3, 7, 11, 15, 19)  # a total at most this is the size of the same index
CONTEST_BANDS = (1, 3, 5, 7, 9)  # a margin at most this ...
SPACES = dict(zip(SIZES, (1, 2, 3, 5, 8, 13)))
HISTORY_AUTO = {4: 4, 6: 8, 8: 12, 10: 16}
MAX_STAT_UPGRADES = 10
BIG_WIN = 6
MAX_HELP_DICE = 10
BLESSED_LUCK_RECHARGE = 5

STARTER_LIFESTYLES = ("carefree", "eager", "wisened")
VALUE_SYSTEMS = {"virtueandvice": "Virtue and Vice", "fateandknowledge": "Fate and Knowledge",
                 "cunningandcapability": "Cunning and Capability"}
#: Step Two: the two stats a starter Lifestyle and Value System raise one die size.
LIFESTYLE_TABLE: dict[tuple[str, str], tuple[str, str]] = {
    ("carefree", "virtueandvice"): ("heart", "hurry"),
    ("carefree", "fateandknowledge"): ("head", "hurt"),
    ("carefree", "cunningandcapability"): ("hand", "home"),
    ("eager", "virtueandvice"): ("hand", "hurt"),
    ("eager", "fateandknowledge"): ("heart", "home"),
    ("eager", "cunningandcapability"): ("head", "hurry"),
    ("wisened", "virtueandvice"): ("head", "home"),
    ("wisened", "fateandknowledge"): ("hand", "hurry"),
    ("wisened", "cunningandcapability"): ("heart", "hurt"),
}
#: Upgraded Lifestyles and the stats they overcharge.
OVERCHARGE: dict[str, tuple[str, ...]] = {
    "blossomed": ("heart", "hurry"), "prodigious": ("head", "hurt"), "crafty": ("hand", "home"),
    "driven": ("hand", "hurt"), "chosen": ("heart", "home"), "wired": ("head", "hurry"),
    "steadfast": ("head", "home"), "warry": ("hand", "hurry"), "compelling": ("heart", "hurt"),
    "lost": ("history",),
}
STARTER_ABILITIES = (
    "Survival Instinct", "Armored Skin", "Quick Acclimation", "Intuitive Eye", "Licensed Driver",
    "Fearless Resolve", "Concerted Effort", "Radical Self-Acceptance", "Efficiently Packed",
    "Tactful Speech", "Line of Credit", "Sharp Recall", "Advanced Training",
)
_DC2 = bumping.capped_die(2)
RESULT = "result: "  # the verdict line of a record's steps (replaced when Help changes it)


#: A float where a whole number is wanted reads by int(): 2.5 reads 2.
_VALUES = ValueReader("HUMANITY-BLESSED", floats="truncate")
_err = _VALUES.error


def norm(name: object) -> str:
    """A name for matching: lower case, accents dropped, no spaces, dashes or underscores."""
    return name_key(name, keep_punctuation=True, fold_accents=True)


# -- pure rules -----------------------------------------------------------------------------


def size_for_total(total: int) -> str:
    """Outcome size of a successful check by its total."""
    for size, top in zip(SIZES, CHECK_BANDS):
        if total <= top:
            return size
    return SIZES[-1]


def size_for_margin(margin: int) -> str:
    """Outcome size of a won contest by how much the attacker rolled over the defender."""
    for size, top in zip(SIZES, CONTEST_BANDS):
        if margin <= top:
            return size
    return SIZES[-1]


def smaller_size(size: str) -> str:
    return SIZES[max(0, SIZES.index(size) - 1)]


def spaces_for_size(size: str) -> int:
    """Endeavor spaces moved for an outcome size: 1, 2, 3, 5, 8, 13."""
    if size not in SPACES:
        raise _err(f"outcome size must be one of {', '.join(SIZES)} (got {size!r})")
    return SPACES[size]


def advantage_movement(rolls: Mapping[str, int]) -> dict[str, int]:
    """Focal Action advantage: the single highest roller moves by their roll; on a tie for the
    highest, nobody does. Every roller is listed (0 for no move)."""
    moves = {name: 0 for name in sorted(rolls)}
    if not rolls:
        return moves
    best = max(rolls.values())
    leaders = [name for name, value in rolls.items() if value == best]
    if len(leaders) == 1:
        moves[leaders[0]] = max(0, best)
    return moves


def move_on_line(positions: Mapping[str, int], name: str, spaces: int) -> dict[str, int]:
    """A new number line with ``name`` moved forward ``spaces`` (everyone starts at 0)."""
    moved = dict(positions)
    moved[name] = moved.get(name, 0) + spaces
    return moved


def history_limit(die: Die) -> int | None:
    """The highest target a History die succeeds automatically (None for a capped die)."""
    return HISTORY_AUTO.get(die.sides) if die.standard else None


def shop_cost(bought: int) -> int:
    """Blessing dice (worth 1+) for the next extra upgrade after ``bought`` this session."""
    return 3 + 2 * bought


def worth(value: int, cursed: bool = False) -> int:
    """What a pool die is worth: its value, one less while cursed (never below 0)."""
    return max(0, value - 1) if cursed else value


def roll_lucky_number(dice: Dice) -> tuple[int | None, list[int]]:
    """The session's lucky number: the higher of 2d10; both 1 means there is none."""
    faces = dice.rolls(2, 10)
    return (None if faces == [1, 1] else max(faces)), faces


def gain_blessings(dice: Dice, count: int = 1) -> list[int]:
    """Roll ``count`` blessing dice; each 1 also gains another die (repeatedly, capped)."""
    gained: list[int] = []
    for _ in range(count):
        for _ in range(bumping.MAX_BUMPS + 1):
            face = dice.roll(6)
            gained.append(face)
            if face != 1:
                break
    return gained


def help_bonus(count: int) -> int | Die:
    """What Help bought with ``count`` pool dice adds: +1 for one, +dcN for N of 2 to 10."""
    if not 1 <= count <= MAX_HELP_DICE:
        raise _err(f"Help costs 1 to {MAX_HELP_DICE} blessing dice (got {count})")
    return 1 if count == 1 else bumping.capped_die(count)


def choose_spend(pool: list[int], count: int, least: int, cursed: bool) -> list[int] | None:
    """Indexes of ``count`` pool dice each worth ``least`` or more, the cheapest ones first."""
    order = sorted(range(len(pool)), key=lambda i: (pool[i], i))
    picked = [i for i in order if worth(pool[i], cursed) >= least][:count]
    return picked if len(picked) == count else None


def choose_pair(pool: list[int], cursed: bool) -> list[int] | None:
    """Indexes of two pool dice of the same worth (at least 1), the cheapest pair."""
    by_worth: dict[int, list[int]] = {}
    for i in sorted(range(len(pool)), key=lambda i: (pool[i], i)):
        by_worth.setdefault(worth(pool[i], cursed), []).append(i)
    for value in sorted(by_worth):
        if value >= 1 and len(by_worth[value]) >= 2:
            return by_worth[value][:2]
    return None


def take(pool: list[int], indexes: Iterable[int]) -> list[int]:
    """Remove the dice at ``indexes`` from ``pool`` (in place); return their values."""
    chosen = sorted(set(indexes), reverse=True)
    values = [pool[i] for i in chosen]
    for i in chosen:
        del pool[i]
    return sorted(values)


def starting_stats(best: str, lifestyle: str, value_system: str) -> dict[str, str]:
    """Creation stats: all d4, the best stat one size larger, two more from the Step Two table."""
    key = (norm(lifestyle), norm(value_system))
    if key not in LIFESTYLE_TABLE:
        raise _err(
            "a starting character picks a starter Lifestyle (Carefree, Eager, Wisened) and a Value "
            f"System (Virtue and Vice, Fate and Knowledge, Cunning and Capability) (got {lifestyle!r}, "
            f"{value_system!r})"
        )
    steps = {stat: 0 for stat in CORE_STATS}
    best_key = norm(best)
    if best_key not in steps:
        raise _err(f"the best stat must be one of {', '.join(CORE_STATS)} (got {best!r})")
    steps[best_key] += 1
    for stat in LIFESTYLE_TABLE[key]:
        steps[stat] += 1
    return {stat: f"d{bumping.STANDARD_SIZES[n]}" for stat, n in steps.items()}


# -- conditions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Conditions:
    """The conditions on a character, read for one roll of some stats."""

    names: frozenset[str]  # normalised, general
    by_stat: frozenset[tuple[str, str]]  # (kind, stat)

    @classmethod
    def of(cls, character: Character | None) -> "Conditions":
        names: set[str] = set()
        by_stat: set[tuple[str, str]] = set()
        for raw in (character.conditions if character else []):
            text = str(raw)
            if ":" in text:
                kind, _, stat = text.partition(":")
                by_stat.add((norm(kind), norm(stat)))
            else:
                names.add(norm(text))
        names = {"surprise" if n == "surprised" else n for n in names}
        return cls(frozenset(names), frozenset(by_stat))

    def has(self, kind: str, stats: Iterable[str] = ()) -> bool:
        return kind in self.names or any((kind, norm(s)) in self.by_stat for s in stats)

    def on(self, kind: str, stat: str) -> bool:
        return kind in self.names or (kind, norm(stat)) in self.by_stat


# -- planning a roll -------------------------------------------------------------------------


@dataclass
class Plan:
    """Everything a roll needs before dice: the group, modifiers, aid, and what it costs."""

    stats: list[str]
    group: Group
    modifiers: dict[str, int]
    aid: tuple[str, int | Die] | None
    can_help: bool
    spark_paid: list[int] | None = None  # pool indexes to pay (check only)
    spark_refused: str | None = None
    consumes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def modifier(self) -> int:
        return sum(self.modifiers.values())


def _abilities(character: Character | None) -> set[str]:
    if character is None:
        return set()
    return {norm(a) for a in character.extra.get("abilities", []) or []}


def _value_mean(value: int | Die) -> Fraction:
    return Fraction(value) if isinstance(value, int) else bumping.mean(bumping.single(value))


def _parse_aid(value: object, key: str) -> int | Die | None:
    if value is None or value is False:
        return None
    if isinstance(value, bool):
        raise _err(f"{key} must be a number or a die such as dc2 (got {value!r})")
    if isinstance(value, int):
        return value
    text = str(value).strip().lstrip("+")
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    try:
        return bumping.parse_die(text)
    except DieError as exc:
        raise _err(f"{key} must be a number or a die such as dc2 ({exc})") from None


def parse_target(value: object) -> int:
    """A target number, or one of the named difficulties."""
    return _VALUES.number_or_name(value, "target", TARGETS, TARGET_NAMES, norm)


def _flag(value: object) -> bool:
    if isinstance(value, str):
        return norm(value) in {"true", "yes", "1", "on"}
    return bool(value)


def _int(params: Mapping[str, Any], key: str) -> int:
    value = params.get(key)
    return 0 if value is None else _VALUES.whole_number(value, key)


@dataclass(frozen=True)
class HBCheck:
    """Parsed check parameters (stats resolved to the character's keys)."""

    stat: str
    die: str
    spark: str | None
    spark_die: str | None
    target: int | None
    modifier: int
    aid: int | Die | None
    focal: bool
    training: bool
    override: bool = False  # rolled from a die given directly, not a character's stat

    def as_params(self) -> dict[str, Any]:
        """Parameters that parse back to this check (stored in records for offers)."""
        aid = self.aid.name if isinstance(self.aid, Die) else self.aid
        params: dict[str, Any] = {"target": self.target, "modifier": self.modifier, "aid": aid,
                                  "focal": self.focal, "training": self.training}
        if self.override:
            params.update(die=self.die, spark=self.spark is not None)
        else:
            params.update(stat=self.stat, spark=self.spark, spark_die=self.spark_die)
        return params


def _lookup(stats: Mapping[str, Any], name: str) -> str | None:
    return find_key(stats, name, norm, sort=True)


# -- the ruleset ----------------------------------------------------------------------------


class HumanityBlessed(RulesetDefaults):
    """Humanity, Blessed. See the module docstring for parameters, conditions and Decisions.

    Nothing to settle after a roll: ``settle`` is :class:`RulesetDefaults`'.
    """

    id: ClassVar[str] = SYSTEM
    error_label: ClassVar[str] = _VALUES.label
    name: ClassVar[str] = "Humanity, Blessed"
    outcome_labels: ClassVar[tuple[str, ...]] = ("failure", "success")
    stat_names: ClassVar[tuple[str, ...]] = CORE_STATS
    cli_options: ClassVar[dict[str, str]] = {
        "die": "the stat die: d4, d6, d8, d10 or a capped die such as dc3",
        "spark": "roll two such dice as one spark group (flag)",
        "target": "a number or lowest, easy, medium, hard, very-hard, trial",
        "modifier": "added to the roll (e.g. -1 while uncool)",
        "training": "Advanced Training: +1 each time a d8 or larger bumps (flag)",
    }

    # characters ---------------------------------------------------------------------------
    def prepare_character(self, character: Character) -> Character:
        character.stats = {
            key: str(value).strip().lower() if isinstance(value, str) else value
            for key, value in canonical_keys(character.stats, CORE_STATS, norm).items()
        }
        character.resources.setdefault("blessings", [])
        character.resources.setdefault("free_upgrades", 0)
        character.resources.setdefault("upgrades_bought", 0)
        character.extra.setdefault("stat_upgrades", 0)
        return character

    def validate_character(self, character: Character, *, creation: bool = False) -> None:
        found = {norm(k): k for k in character.stats}
        missing = [s for s in CORE_STATS if s not in found]
        if missing:
            raise _err(
                "every character has Head, Hand, Heart, Home, Hurt, Hurry and History "
                f"(missing: {', '.join(missing)})"
            )
        setting = sorted(k for n, k in found.items() if n not in CORE_STATS)
        if len(setting) > 1:
            raise _err(f"a setting adds at most one stat (got {len(setting)}: {', '.join(setting)})")
        for key in sorted(character.stats, key=str):
            value = character.stats[key]
            if not bumping.is_die(value):
                raise _err(f"stat dice are d4, d6, d8, d10 or capped dcX (got {key}: {value!r})")
        pool = character.resources.get("blessings", [])
        if not isinstance(pool, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in pool
        ):
            raise _err(f"resources.blessings is a list of blessing die values 1-6 (got {pool!r})")
        upgrades = character.extra.get("stat_upgrades", 0)
        if not isinstance(upgrades, int) or not 0 <= upgrades <= MAX_STAT_UPGRADES:
            raise _err(
                f"a character takes the Stat Upgrade at most {MAX_STAT_UPGRADES} times "
                f"(got {upgrades!r})"
            )
        if creation:
            self._validate_creation(character, found, setting)

    def _validate_creation(
        self, character: Character, found: dict[str, str], setting: list[str]
    ) -> None:
        steps: dict[str, int] = {}
        for stat in CORE_STATS:
            die = bumping.parse_die(character.stats[found[stat]])
            if not die.standard or die.sides > 8:
                raise _err(
                    "at creation stats are d4, the best one size larger and two raised by the "
                    f"Lifestyle table: d8 at most (got {found[stat]}: {character.stats[found[stat]]})"
                )
            steps[stat] = bumping.STANDARD_SIZES.index(die.sides)
        best = character.extra.get("best")
        best_key = norm(best) if best else None
        if setting and best_key == norm(setting[0]):
            die = bumping.parse_die(character.stats[setting[0]])
            if die.name != "d6":
                raise _err(
                    f"the best stat begins one size larger than d4 (got {setting[0]}: {die.name})"
                )
            best_key = "setting"
        expected_steps = 3 if best_key != "setting" else 2
        if sum(steps.values()) != expected_steps:
            raised = ", ".join(f"{s} d{bumping.STANDARD_SIZES[n]}" for s, n in steps.items() if n)
            raise _err(
                "at creation every stat is d4, the best stat one size larger and the Lifestyle x "
                f"Value System table raises two more: {expected_steps} sizes in all "
                f"(got {raised or 'all d4'})"
            )
        lifestyle = character.extra.get("lifestyle")
        values = character.extra.get("value_system")
        if lifestyle is not None or values is not None:
            key = (norm(lifestyle or ""), norm(values or ""))
            if key not in LIFESTYLE_TABLE:
                raise _err(
                    "a starting character picks a starter Lifestyle (Carefree, Eager, Wisened) and "
                    "a Value System (Virtue and Vice, Fate and Knowledge, Cunning and Capability) "
                    f"(got {lifestyle!r}, {values!r})"
                )
            pairs = [LIFESTYLE_TABLE[key]]
        else:
            pairs = sorted(set(LIFESTYLE_TABLE.values()))
        fits = []
        for pair in pairs:
            rest = dict(steps)
            for stat in pair:
                rest[stat] -= 1
            if min(rest.values()) < 0:
                continue
            left = [s for s, n in rest.items() if n]
            if best_key == "setting":
                if not left:
                    fits.append(pair)
            elif len(left) == 1 and (best_key is None or left == [best_key]):
                fits.append(pair)
        if not fits:
            table = "a pair from the table"
            if len(pairs) == 1:
                table = "the table's pair " + " and ".join(pairs[0])
            raise _err(
                "at creation two stats are raised by the Lifestyle x Value System table and one "
                f"by the best stat: these dice do not fit {table}"
                + (f" with {best} as best" if best else "")
            )
        abilities = character.extra.get("abilities")
        if abilities is not None:
            starters = {norm(a) for a in STARTER_ABILITIES}
            if len(abilities) != 2:
                raise _err(f"a starting character picks two [Starter] abilities (got {len(abilities)})")
            wrong = [a for a in abilities if norm(a) not in starters]
            if wrong:
                raise _err(
                    "starting abilities come from the [Starter] list "
                    f"(got {', '.join(map(str, wrong))})"
                )

    # session ------------------------------------------------------------------------------
    def start_session(self, dice: Dice, character: Character) -> list[str]:
        """Begin a session: roll the lucky number and open the session's once-only awards."""
        lucky, faces = roll_lucky_number(dice)
        character.extra["session"] = {"lucky_number": lucky, "lucky_faces": faces, "big_win": False}
        if lucky is None:
            return [f"Lucky number: none today (rolled {faces[0]} and {faces[1]})"]
        return [f"Lucky number this session: {lucky}"]

    def start_adventure(self, dice: Dice, character: Character) -> list[str]:
        """Engine hook: an adventure is a session, so it opens with a lucky number."""
        return self.start_session(dice, character)

    def gain(self, dice: Dice, character: Character, resource: str, amount: int) -> list[str] | None:
        """Engine hook for awards: blessing dice are rolled (a 1 brings another); any other
        resource is left to the engine (None)."""
        if norm(resource) not in {"blessings", "blessing"}:
            return None
        if int(amount) < 1:
            return []
        gained = gain_blessings(dice, int(amount))
        character.resources.setdefault("blessings", []).extend(gained)
        return [f"Blessing dice gained: {', '.join(map(str, gained))}"]

    # interactive creation (optional hooks used by solo.ui.creation) ---------------------------
    creation_rules: ClassVar[str] = (
        "Every stat starts at d4. Your best stat is one size larger (d6), and your starter "
        "Lifestyle (Carefree, Eager, Wisened) with your Value System (Virtue and Vice, Fate and "
        "Knowledge, Cunning and Capability) raises two more one size each."
    )
    creation_extra: ClassVar[tuple[str, ...]] = ("best", "lifestyle", "value_system")

    def creation_defaults(self) -> dict[str, str]:
        return {stat: "d4" for stat in CORE_STATS}

    # parsing ------------------------------------------------------------------------------
    def parse_check(
        self, params: Mapping[str, Any], character: Character | None = None, *, contest: bool = False
    ) -> HBCheck:
        spark_param = params.get("spark")
        if params.get("die") is not None and params.get("stat") is None:
            die = self._die(params["die"], "die")
            stat = die.name
            spark = die.name if _flag(spark_param) else None
            spark_die = die.name if spark else None
        elif params.get("stat") is not None:
            stat, die_text = self._stat(character, str(params["stat"]))
            die = self._die(die_text, stat)
            spark = spark_die = None
            if spark_param not in (None, False, ""):
                if params.get("spark_die") is not None:  # re-parsing a stored check
                    spark, spark_die = str(spark_param), str(params["spark_die"])
                elif spark_param is True:
                    raise _err("spark names the second stat of the spark check (got true)")
                else:
                    spark, spark_die = self._stat(character, str(spark_param))
                    self._die(spark_die, spark)
        else:
            raise _err("a check needs a stat (or a die such as d6)")
        target = parse_target(params["target"]) if params.get("target") is not None else None
        if target is None and not contest:
            target = TARGETS["medium"]
        return HBCheck(
            stat=stat,
            die=die.name,
            spark=spark,
            spark_die=spark_die,
            target=target,
            modifier=_int(params, "modifier"),
            aid=_parse_aid(params.get("aid"), "aid"),
            focal=_flag(params.get("focal", False)),
            training=_flag(params.get("training", False)),
            override=params.get("stat") is None,
        )

    def _die(self, text: object, what: str) -> Die:
        try:
            return bumping.parse_die(text)
        except DieError as exc:
            raise _err(f"{what}: {exc}") from None

    def _stat(self, character: Character | None, name: str) -> tuple[str, str]:
        if character is None:
            raise _err(f"the check rolls {name!r} but there is no character; give a die instead")
        key = _lookup(character.stats, name)
        if key is None:
            known = ", ".join(sorted(character.stats, key=str))
            raise _err(f"{character.name or 'the character'} has no stat {name!r} (has: {known})")
        return key, str(character.stats[key])

    # planning -----------------------------------------------------------------------------
    def _plan(
        self,
        character: Character | None,
        parsed: HBCheck,
        *,
        role: str = "check",
        violent: bool = False,
        prepaid: bool = False,
    ) -> Plan:
        cond = Conditions.of(character)
        abilities = _abilities(character)
        if parsed.training:
            abilities.add("advancedtraining")
        stats = [parsed.stat]
        dice_names = [parsed.die]
        notes: list[str] = []
        consumes: list[str] = []
        refused = None
        paid = None
        surprise = cond.has("surprise")
        if surprise:
            consumes.append("surprise")
        if parsed.spark:
            refused = self._spark_refusal(character, parsed, cond, surprise)
            if refused is None and character is not None and not parsed.override and not prepaid:
                paid = choose_pair(character.resources.get("blessings", []), cond.has("cursed"))
                if paid is None:
                    refused = "the pool has no two blessing dice of equal worth"
            if refused is None:
                stats.append(parsed.spark)
                dice_names.append(str(parsed.spark_die))
            else:
                notes.append(f"no spark: {refused}")
        no_bump = cond.has("distracted") or surprise
        dice = []
        for stat, name in zip(stats, dice_names):
            die = bumping.parse_die(name)
            if cond.on("ache", stat):
                die = bumping.with_ache(die)
            if "easeoffocus" in abilities and die.standard and die.sides >= 8:
                die = bumping.with_bumps(die, {1, 2})
            if no_bump:
                die = bumping.with_bumps(die, ())
            dice.append(die)
        big = all(d.standard and d.sides >= 8 for d in (bumping.parse_die(n) for n in dice_names))
        bonus = 1 if "advancedtraining" in abilities and big else 0
        if no_bump:
            notes.append("no bumping (" + ("surprise" if surprise else "distracted") + ")")
        if any(cond.on("ache", s) for s in stats):
            notes.append("ache: the top face reads one lower")
        modifiers: dict[str, int] = {}
        if parsed.modifier:
            modifiers["modifier"] = parsed.modifier
        if cond.has("uncool"):
            modifiers["uncool"] = -1
        if cond.has("pain", stats):
            modifiers["pain"] = -1
        if cond.has("muddled") and parsed.focal:
            modifiers["muddled"] = -2
            consumes.append("muddled")
        weak = cond.has("weakness", stats)
        aid = None
        if weak:
            notes.append("weakness: no help or aid")
        else:
            aid = self._best_aid(character, parsed, stats, dice_names, abilities, role, violent)
        return Plan(stats, Group(tuple(dice), bonus), modifiers, aid, not weak, paid, refused,
                    consumes, notes)

    def _spark_refusal(
        self, character: Character | None, parsed: HBCheck, cond: Conditions, surprise: bool
    ) -> str | None:
        if surprise:
            return "surprised"
        if cond.has("taxed"):
            return "taxed"
        if parsed.spark_die != parsed.die:
            return f"{parsed.stat} {parsed.die} and {parsed.spark} {parsed.spark_die} are not balanced"
        if norm(parsed.spark) == norm(parsed.stat) and parsed.stat != parsed.die:
            return "a spark needs two different stats"
        return None

    def _best_aid(
        self,
        character: Character | None,
        parsed: HBCheck,
        stats: list[str],
        dice_names: list[str],
        abilities: set[str],
        role: str,
        violent: bool,
    ) -> tuple[str, int | Die] | None:
        options: list[tuple[str, int | Die]] = []
        if parsed.aid is not None:
            options.append(("aid", parsed.aid))
        if "survivalinstinct" in abilities and any(norm(s) == "hurry" for s in stats):
            options.append(("Survival Instinct", _DC2))
        if "armoredskin" in abilities and role == "defender" and violent:
            options.append(("Armored Skin", _DC2))
        lifestyle = norm(character.extra.get("lifestyle", "")) if character else ""
        if len(stats) == 2 and lifestyle in OVERCHARGE:
            if any(norm(s) in OVERCHARGE[lifestyle] for s in stats):
                die = bumping.parse_die(dice_names[0])
                same = bumping.standard_die(die.sides) if die.standard else die
                options.append((f"overcharged ({lifestyle})", same))
        if not options:
            return None
        return max(options, key=lambda o: (_value_mean(o[1]), o[0]))

    # rolling ------------------------------------------------------------------------------
    def _roll_side(self, dice: Dice, plan: Plan, label: str) -> tuple[bumping.Rolled, list[str]]:
        rolled = bumping.roll(dice, plan.group)
        shown = ["+".join(map(str, r)) for r in rolled.rounds]
        if len(shown) > 8:  # keep the line short on a freak chain of bumps
            shown = shown[:6] + ["…", shown[-1]]
        line = f"{label} {plan.group.name}: {' | '.join(shown)} = {rolled.natural}"
        if rolled.bumps:
            line += f" ({rolled.bumps} bump{'s' if rolled.bumps != 1 else ''})"
        lines = [line]
        if rolled.bonus:
            lines.append(f"  Advanced Training +{rolled.bonus}")
        lines += [f"  {note}" for note in plan.notes]
        for name, value in plan.modifiers.items():
            lines.append(f"  {value:+d} ({name})")
        return rolled, lines

    def _roll_extra(self, dice: Dice, value: int | Die) -> tuple[int, list[int], list[list[int]]]:
        if isinstance(value, int):
            return value, [], []
        rolled = bumping.roll(dice, bumping.single(value))
        return rolled.total, rolled.faces, rolled.rounds

    def _consume(self, character: Character | None, kinds: Iterable[str]) -> list[str]:
        if character is None:
            return []
        gone = []
        for kind in kinds:
            for raw in list(character.conditions):
                name = norm(raw)
                if name == kind or (kind == "surprise" and name == "surprised"):
                    character.conditions.remove(raw)
                    gone.append(str(raw))
        return gone

    def _ensure_session(self, dice: Dice, character: Character) -> list[str]:
        if isinstance(character.extra.get("session"), dict):
            return []
        return self.start_session(dice, character)

    def check(self, dice: Dice, character: Character, params: Mapping[str, Any]) -> RollRecord:
        parsed = self.parse_check(params, character)
        session_lines = self._ensure_session(dice, character) if character.stats else []
        record = self._roll_check(dice, character, parsed)
        record.steps[:0] = session_lines
        return record

    def _roll_check(
        self, dice: Dice, character: Character, parsed: HBCheck, paid_spark: bool = False
    ) -> RollRecord:
        plan = self._plan(character, parsed, prepaid=paid_spark)
        details: dict[str, Any] = {"params": parsed.as_params(), "stats": plan.stats,
                                   "die": plan.group.name, "target": parsed.target}
        if plan.spark_refused:
            details["spark_refused"] = plan.spark_refused
            details["params"].update(spark=False if parsed.override else None, spark_die=None)
        if plan.spark_paid is not None:
            cursed = Conditions.of(character).has("cursed")
            spent = take(character.resources["blessings"], plan.spark_paid)
            details["spark_paid"] = spent
            paid_line = f"spark: paid blessing dice {spent[0]} and {spent[1]}"
            plan.notes.insert(0, paid_line + (" (cursed)" if cursed else ""))
        consumed = self._consume(character, plan.consumes)
        if consumed:
            details["consumed"] = consumed
        rolled, steps = self._roll_side(dice, plan, " + ".join(plan.stats))
        all_dice = list(rolled.faces)
        total = rolled.total + plan.modifier
        details.update(rounds=rolled.rounds, bumps=rolled.bumps, natural=rolled.natural,
                       training=rolled.bonus, bump_capped=rolled.capped, help_allowed=plan.can_help)
        if total < parsed.target and plan.aid is not None:
            source, value = plan.aid
            added, faces, rounds = self._roll_extra(dice, value)
            all_dice += faces
            total += added
            name = value.name if isinstance(value, Die) else f"+{value}"
            details["aid"] = {"source": source, "die": name, "rounds": rounds, "value": added}
            steps.append(f"  aid {name} ({source}): +{added}")
        record = RollRecord(
            system=SYSTEM, kind="check", stat=plan.stats[0], dice=all_dice, outcome="failure",
            success=False, total=total, modifiers=dict(plan.modifiers), details=details, steps=steps,
        )
        self._read_check(record)
        self._earn(dice, record, character)
        return record

    def _read_check(self, record: RollRecord) -> None:
        target = record.details["target"]
        total = int(record.total or 0)
        record.success = total >= target
        record.outcome = "success" if record.success else "failure"
        record.details["margin"] = total - target
        record.details["size"] = size_for_total(total) if record.success else None
        line = f"{RESULT}{total} vs {target} → {record.outcome}"
        if record.success:
            line += f" ({record.details['size']})"
        record.steps = [s for s in record.steps if not s.startswith(RESULT)] + [line]

    def _earn(self, dice: Dice, record: RollRecord, character: Character) -> None:
        """Roll blessing dice the roll earns (lucky number, first big success of the session)."""
        session = character.extra.get("session")
        if not isinstance(session, dict):
            return
        earned = record.details.setdefault("blessings_earned", [])
        reasons = record.details.setdefault("blessing_reasons", [])
        lucky = session.get("lucky_number")
        hit = lucky is not None and record.details.get("natural") == lucky
        if hit and "lucky number" not in reasons:
            earned += gain_blessings(dice)
            reasons.append("lucky number")
            record.steps.append(f"lucky number {lucky}! blessing die earned")
        big = record.success and int(record.details.get("margin", 0)) >= BIG_WIN
        if big and not session.get("big_win") and "success by 6+" not in reasons:
            earned += gain_blessings(dice)
            reasons.append("success by 6+")
            record.steps.append("success by 6 or more: blessing die earned")

    def contest(
        self, dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> RollRecord:
        mine, theirs, violent = self._contest_parse(character, opponent, params)
        session_lines = self._ensure_session(dice, character) if character.stats else []
        a_plan = self._plan(character, mine, role="attacker", violent=violent)
        d_plan = self._plan(opponent, theirs, role="defender", violent=violent)
        details: dict[str, Any] = {"params": dict(params), "violent": violent, "stats": a_plan.stats,
                                   "die": a_plan.group.name, "opponent": opponent.name,
                                   "opponent_stat": d_plan.stats[0], "opponent_die": d_plan.group.name}
        if a_plan.spark_paid is not None:
            details["spark_paid"] = take(character.resources["blessings"], a_plan.spark_paid)
        if a_plan.spark_refused:
            details["spark_refused"] = a_plan.spark_refused
        consumed = self._consume(character, a_plan.consumes) + self._consume(opponent, d_plan.consumes)
        if consumed:
            details["consumed"] = consumed
        a_roll, steps = self._roll_side(dice, a_plan, character.name or a_plan.stats[0])
        d_roll, d_steps = self._roll_side(dice, d_plan, opponent.name or d_plan.stats[0])
        steps += d_steps
        all_dice = a_roll.faces + d_roll.faces
        a_total = a_roll.total + a_plan.modifier
        d_total = d_roll.total + d_plan.modifier
        if a_total > d_total and Conditions.of(character).has("vulnerability"):
            # the opponent uses the opening: the winning roll is rolled again, and the new one stands
            details["vulnerability"] = {"first_total": a_total}
            a_roll, again = self._roll_side(dice, a_plan, character.name or a_plan.stats[0])
            steps.append(f"  vulnerability: {opponent.name or 'the opponent'} forces a reroll of {a_total}")
            steps += again
            all_dice += a_roll.faces
            a_total = a_roll.total + a_plan.modifier
        if a_total <= d_total and a_plan.aid is not None:
            added, faces, rounds = self._roll_extra(dice, a_plan.aid[1])
            all_dice += faces
            a_total += added
            details["aid"] = {"source": a_plan.aid[0], "value": added, "rounds": rounds}
            steps.append(f"  aid ({a_plan.aid[0]}): +{added}")
        if a_total > d_total and d_plan.aid is not None:
            added, faces, rounds = self._roll_extra(dice, d_plan.aid[1])
            all_dice += faces
            d_total += added
            details["opponent_aid"] = {"source": d_plan.aid[0], "value": added, "rounds": rounds}
            steps.append(f"  {opponent.name or 'defender'} aid ({d_plan.aid[0]}): +{added}")
        details.update(rounds=a_roll.rounds, bumps=a_roll.bumps, natural=a_roll.natural,
                       opponent_rounds=d_roll.rounds, opponent_natural=d_roll.natural,
                       opponent_total=d_total, help_allowed=a_plan.can_help,
                       disarmed=violent and Conditions.of(character).has("disarmed"))
        record = RollRecord(
            system=SYSTEM, kind="contest", stat=a_plan.stats[0], dice=all_dice, outcome="failure",
            success=False, total=a_total, modifiers=dict(a_plan.modifiers), details=details,
            steps=session_lines + steps,
        )
        self._read_contest(record)
        self._earn(dice, record, character)
        return record

    def _read_contest(self, record: RollRecord) -> None:
        total = int(record.total or 0)
        other = int(record.details["opponent_total"])
        margin = total - other
        record.success = margin > 0
        record.outcome = "success" if record.success else "failure"
        record.details["margin"] = margin
        size = size_for_margin(margin) if record.success else None
        if size == "maximum" and record.details.get("disarmed"):
            size = "very-major"
        record.details["size"] = size
        verdict = f"win ({size})" if record.success else "loss (ties hold)"
        line = f"{RESULT}{total} vs {other} → {verdict}"
        record.steps = [s for s in record.steps if not s.startswith(RESULT)] + [line]

    def _contest_parse(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> tuple[HBCheck, HBCheck, bool]:
        violent = _flag(params.get("violent", False))
        mine_params = {k: v for k, v in params.items()
                       if k in ("stat", "die", "spark", "modifier", "aid", "focal", "training")}
        other_params: dict[str, Any] = {
            "stat": params.get("opponent_stat") or params.get("stat"),
            "modifier": params.get("opponent_modifier", 0),
            "aid": params.get("opponent_aid"),
        }
        if params.get("opponent_die") is not None:
            other_params["die"] = params["opponent_die"]
            other_params.pop("stat")
        elif params.get("die") is not None and params.get("stat") is None:
            other_params["die"] = params["die"]
            other_params.pop("stat")
        if violent:  # the attacker rolls Hurt, the defender Hurry (unless given dice directly)
            if "die" not in mine_params or mine_params.get("stat") is not None:
                mine_params["stat"] = "hurt"
            if "die" not in other_params:
                other_params["stat"] = "hurry"
        mine = self.parse_check(mine_params, character, contest=True)
        theirs = self.parse_check(other_params, opponent, contest=True)
        return mine, theirs, violent

    # offers -------------------------------------------------------------------------------
    def offers(self, record: RollRecord, character: Character) -> list[Offer]:
        found: list[Offer] = []
        details = record.details
        pool = list(character.resources.get("blessings", []) or [])
        cursed = Conditions.of(character).has("cursed")
        if details.get("help_allowed") and "help" not in details:
            usable = [v for v in pool if worth(v, cursed) >= 1]
            for n in range(1, min(MAX_HELP_DICE, len(usable)) + 1):
                bonus = help_bonus(n)
                what = "+1" if isinstance(bonus, int) else f"+{bonus.name}"
                noun = "die" if n == 1 else "dice"
                found.append(Offer(f"help-{n}", f"Spend {n} blessing {noun} for {what}",
                                   {"blessings": n}))
        if record.kind == "check" and not record.success and "blessedluck" in _abilities(character):
            spent = {norm(a) for a in character.extra.get("spent_abilities", []) or []}
            if "blessedluck" not in spent:
                found.append(Offer("blessed-luck", "Blessed Luck: attempt the check again"))
            elif choose_spend(pool, 1, BLESSED_LUCK_RECHARGE, cursed) is not None:
                found.append(Offer(
                    "blessed-luck",
                    "Blessed Luck: recharge with a blessing die worth 5+ and attempt again",
                    {"blessings": 1},
                ))
        return found

    def apply_offer(
        self, dice: Dice, record: RollRecord, character: Character, key: str
    ) -> RollRecord:
        offer = next((o for o in self.offers(record, character) if o.key == key), None)
        if offer is None:
            keys = ", ".join(o.key for o in self.offers(record, character)) or "none"
            raise _err(f"offer {key!r} is not available on this roll (available: {keys})")
        if key == "blessed-luck":
            return self._blessed_luck(dice, record, character)
        n = int(key.split("-", 1)[1])
        cursed = Conditions.of(character).has("cursed")
        pool = character.resources.setdefault("blessings", [])
        spent = take(pool, choose_spend(pool, n, 1, cursed) or [])
        new = RollRecord.from_dict(record.to_dict())
        added, faces, rounds = self._roll_extra(dice, help_bonus(n))
        new.dice = new.dice + faces
        new.total = int(new.total or 0) + added
        what = "+1" if n == 1 else f"dc{n}"
        new.details["help"] = {"dice_spent": n, "paid": spent, "die": what, "rounds": rounds,
                               "value": added}
        noun = "die" if n == 1 else "dice"
        new.steps.append(f"  help: spent {n} blessing {noun}, {what} → +{added}")
        if new.kind == "check":
            self._read_check(new)
        else:
            self._read_contest(new)
        self._earn(dice, new, character)
        return new

    def _blessed_luck(self, dice: Dice, record: RollRecord, character: Character) -> RollRecord:
        spent_list = character.extra.setdefault("spent_abilities", [])
        recharge: list[int] = []
        if "blessedluck" in {norm(a) for a in spent_list}:
            pool = character.resources.setdefault("blessings", [])
            cursed = Conditions.of(character).has("cursed")
            recharge = take(pool, choose_spend(pool, 1, BLESSED_LUCK_RECHARGE, cursed) or [])
        else:
            spent_list.append("Blessed Luck")
        parsed = self.parse_check(record.details["params"], character)
        new = self._roll_check(dice, character, parsed, paid_spark=True)
        for key in ("blessings_earned", "blessing_reasons"):
            new.details[key] = list(record.details.get(key, [])) + new.details.get(key, [])
        if "spark_paid" in record.details:
            new.details["spark_paid"] = record.details["spark_paid"]
        new.details["blessed_luck"] = {"previous_total": record.total, "recharge_paid": recharge}
        new.dice = list(record.dice) + new.dice
        again = "Blessed Luck: the check is attempted again"
        if recharge:
            again += f" (recharged with {recharge[0]})"
        earlier = [s for s in record.steps if not s.startswith(RESULT)]
        new.steps = earlier + [f"  (was {record.total})", again] + new.steps
        return new

    # alternatives -------------------------------------------------------------------------
    def alternatives(self, character: Character, params: Mapping[str, Any]) -> list[Offer]:
        try:
            parsed = self.parse_check(params, character)
        except RulesError:
            return []
        if norm(parsed.stat) != "history" or parsed.target is None or parsed.focal:
            return []
        limit = history_limit(bumping.parse_die(parsed.die))
        if limit is None or parsed.target > limit:
            return []
        return [Offer("auto-history",
                      f"Succeed automatically with History {parsed.die} (outcome one size smaller)")]

    def take_alternative(
        self, character: Character, params: Mapping[str, Any], key: str
    ) -> RollRecord:
        if key not in {o.key for o in self.alternatives(character, params)}:
            raise _err(f"alternative {key!r} is not available for this check")
        parsed = self.parse_check(params, character)
        target = int(parsed.target or 0)
        size = smaller_size(size_for_total(target))
        return RollRecord(
            system=SYSTEM, kind="check", stat=parsed.stat, dice=[], outcome="success", success=True,
            total=target,
            details={"automatic": True, "target": target, "size": size, "margin": 0,
                     "params": parsed.as_params()},
            steps=[f"History {parsed.die} covers target {target}: automatic success ({size})"],
        )

    # odds ---------------------------------------------------------------------------------
    def check_odds(self, character: Character, params: Mapping[str, Any]) -> Odds:
        parsed = self.parse_check(params, character)
        plan = self._plan(character, parsed)
        return check_distribution(plan.group, parsed.target, plan.modifier,
                                  plan.aid[1] if plan.aid else None)

    def contest_odds(
        self, character: Character, opponent: Character, params: Mapping[str, Any]
    ) -> Odds:
        mine, theirs, violent = self._contest_parse(character, opponent, params)
        a_plan = self._plan(character, mine, role="attacker", violent=violent)
        d_plan = self._plan(opponent, theirs, role="defender", violent=violent)
        disarmed = violent and Conditions.of(character).has("disarmed")
        return contest_distribution(
            a_plan.group, d_plan.group, a_plan.modifier, d_plan.modifier,
            a_plan.aid[1] if a_plan.aid else None, d_plan.aid[1] if d_plan.aid else None,
            disarmed=disarmed, vulnerable=Conditions.of(character).has("vulnerability"),
        )

    # command line -------------------------------------------------------------------------
    def _cli_params(self, args: Mapping[str, Any]) -> dict[str, Any]:
        _VALUES.reject_unknown_options(args, self.cli_options)
        if args.get("die") in (None, True):
            raise _err("--die is required (d4, d6, d8, d10 or dcX)")
        if args.get("target") in (None, True):
            raise _err("--target is required (a number or lowest/easy/medium/hard/very-hard/trial)")
        params: dict[str, Any] = {"die": args["die"], "target": args["target"],
                                  "spark": _flag(args.get("spark", False)),
                                  "training": _flag(args.get("training", False))}
        if args.get("modifier") not in (None, True):
            params["modifier"] = args["modifier"]
        return params

    def odds_for_args(self, args: Mapping[str, Any]) -> Odds:
        return self.check_odds(Character(name="", system=SYSTEM, stats={}), self._cli_params(args))

    def roll_for_args(self, dice: Dice, args: Mapping[str, Any]) -> RollRecord:
        return self.check(dice, Character(name="", system=SYSTEM, stats={}), self._cli_params(args))

    # experience ---------------------------------------------------------------------------
    def experience(self, record: RollRecord, character: Character) -> list[str]:
        earned = record.details.get("blessings_earned") or []
        if not earned or record.details.get("blessings_added"):
            return []
        character.resources.setdefault("blessings", []).extend(int(v) for v in earned)
        record.details["blessings_added"] = True
        session = character.extra.get("session")
        if isinstance(session, dict) and "success by 6+" in record.details.get("blessing_reasons", []):
            session["big_win"] = True
        reasons = ", ".join(record.details.get("blessing_reasons", []))
        return [f"Blessing dice gained ({reasons}): {', '.join(map(str, earned))}"]

    def advancement(self, character: Character) -> list[Advance]:
        free = int(character.resources.get("free_upgrades", 0))
        bought = int(character.resources.get("upgrades_bought", 0))
        cost = {} if free > 0 else {"blessings": shop_cost(bought)}
        if int(character.extra.get("stat_upgrades", 0)) >= MAX_STAT_UPGRADES:
            return []
        options = []
        for key in sorted(character.stats, key=str):
            try:
                die = bumping.parse_die(character.stats[key])
            except DieError:
                continue
            size = bumping.upgrade_size(die)
            if size is None:
                continue
            how = "free upgrade" if free > 0 else f"{cost['blessings']} blessing dice"
            text = f"Upgrade {key} {die.name} → d{size} ({how})"
            options.append(Advance(f"stat:{key}", text, dict(cost)))
        return options

    def advance(self, character: Character, key: str) -> Character:
        action, _, name = key.partition(":")
        stat = _lookup(character.stats, name) if action == "stat" else None
        if stat is None:
            raise _err(f"no advance {key!r} (try stat:<stat>)")
        if int(character.extra.get("stat_upgrades", 0)) >= MAX_STAT_UPGRADES:
            raise _err(f"the Stat Upgrade can be taken at most {MAX_STAT_UPGRADES} times")
        die = bumping.parse_die(character.stats[stat])
        size = bumping.upgrade_size(die)
        if size is None:
            raise _err(f"{stat} {die.name} cannot be upgraded (d10 is the largest; capped dice stay)")
        free = int(character.resources.get("free_upgrades", 0))
        if free > 0:
            character.resources["free_upgrades"] = free - 1
        else:
            bought = int(character.resources.get("upgrades_bought", 0))
            cost = shop_cost(bought)
            pool = character.resources.setdefault("blessings", [])
            picked = choose_spend(pool, cost, 1, Conditions.of(character).has("cursed"))
            if picked is None:
                raise _err(f"an extra upgrade costs {cost} blessing dice worth 1+ (have {len(pool)})")
            take(pool, picked)
            character.resources["upgrades_bought"] = bought + 1
        character.stats[stat] = f"d{size}"
        character.extra["stat_upgrades"] = int(character.extra.get("stat_upgrades", 0)) + 1
        return character

    def end_of_adventure(self, character: Character) -> list[str]:
        character.resources["free_upgrades"] = int(character.resources.get("free_upgrades", 0)) + 1
        character.resources["upgrades_bought"] = 0
        lines = ["Session shop: one free upgrade earned "
                 "(extra upgrades cost 3 blessing dice, then 2 more each)"]
        if character.extra.pop("session", None) is not None:
            lines.append("The session's lucky number is gone; a new one is rolled next session")
        return lines


# -- exact odds -----------------------------------------------------------------------------


def _value_pmf(value: int | Die, upto: int) -> dict[int, Fraction]:
    if isinstance(value, int):
        return {value: Fraction(1)} if value <= upto else {}
    return bumping.total_pmf(bumping.single(value), upto)


def check_distribution(
    group: Group, target: int, modifier: int = 0, aid: int | Die | None = None
) -> Odds:
    """Exact odds of a check: success, failure, each size of success, the total up to
    max(target, 20), and the mean of the roll before aid. Nothing is truncated: every total
    up to a bound is a finite sum because each bump adds at least 1."""
    top = max(target, 20)
    raw = bumping.total_pmf(group, top - modifier)
    final: dict[int, Fraction] = {}
    failing: dict[int, Fraction] = {}
    for v, p in raw.items():
        value = v + modifier
        if value < target and aid is not None:
            failing[value] = failing.get(value, Fraction(0)) + p
        elif value <= top:
            final[value] = final.get(value, Fraction(0)) + p
    if failing:
        lowest = min(failing)
        for v, p in bumping.convolve(failing, _value_pmf(aid, top - lowest), top).items():
            final[v] = final.get(v, Fraction(0)) + p
    failure = sum((p for v, p in final.items() if v < target), Fraction(0))
    outcomes: dict[str, Fraction] = {"success": 1 - failure, "failure": failure}
    lows = (None,) + CHECK_BANDS
    for i, size in enumerate(SIZES):
        low = max(target, (lows[i] + 1) if lows[i] is not None else target)
        if size == "maximum":
            outcomes[size] = 1 - sum((p for v, p in final.items() if v < low), Fraction(0))
        else:
            band = (p for v, p in final.items() if low <= v <= CHECK_BANDS[i])
            outcomes[size] = sum(band, Fraction(0))
    return Odds(
        system=SYSTEM,
        outcomes=outcomes,
        distributions={"total": {v: p for v, p in sorted(final.items())}},
        values={"expected": bumping.mean(group) + modifier, "target": Fraction(target)},
        truncated=Fraction(0),
    )


def contest_distribution(
    attacker: Group,
    defender: Group,
    attacker_modifier: int = 0,
    defender_modifier: int = 0,
    attacker_aid: int | Die | None = None,
    defender_aid: int | Die | None = None,
    *,
    disarmed: bool = False,
    vulnerable: bool = False,
    tail: Fraction = Fraction(1, 10**15),
) -> Odds:
    """Exact contest odds except for totals beyond a bound chosen so that the mass left out
    (reported as ``truncated``) is below ``tail``. The attacker wins only by rolling higher;
    aid on a would-be loss comes to the attacker first, then to the defender. A ``vulnerable``
    attacker's winning roll is rolled again (before any aid) and the new roll stands."""
    parts = [attacker, defender] + [single_or_none(a) for a in (attacker_aid, defender_aid)]
    bound = 40
    while bound < 5120 and any(
        g is not None and 1 - sum(bumping.total_pmf(g, bound).values()) >= tail / 8 for g in parts
    ):
        bound *= 2
    while True:
        odds = _contest_upto(attacker, defender, attacker_modifier, defender_modifier,
                             attacker_aid, defender_aid, disarmed, bound, vulnerable)
        if odds.truncated < tail or bound >= 5120:
            return odds
        bound *= 2


def single_or_none(value: int | Die | None) -> Group | None:
    return bumping.single(value) if isinstance(value, Die) else None


def _weights(value: Group | int | Die, bound: int) -> tuple[dict[int, int], int]:
    """Integer weights and their common denominator, totals up to ``bound``."""
    if isinstance(value, int):
        return {value: 1}, 1
    group = bumping.single(value) if isinstance(value, Die) else value
    weights, base, depth = bumping.total_weights(group, bound)
    return weights, base**depth


def _contest_upto(
    attacker: Group, defender: Group, a_mod: int, d_mod: int,
    a_aid: int | Die | None, d_aid: int | Die | None, disarmed: bool, bound: int,
    vulnerable: bool = False,
) -> Odds:
    a_w, a_den = _weights(attacker, bound)
    d_w, d_den = _weights(defender, bound)
    margin: dict[int, int] = {}
    shift = a_mod - d_mod
    if vulnerable:
        # Against each defender total the attacker's first roll stands when it loses or ties;
        # when it wins it is rolled again and the second roll stands: weights over a_den squared.
        for d, wd in d_w.items():
            win_w = sum(wa for a, wa in a_w.items() if a - d + shift > 0)
            for a, wa in a_w.items():
                m = a - d + shift
                w = (wa * a_den if m <= 0 else 0) + win_w * wa
                if w:
                    margin[m] = margin.get(m, 0) + w * wd
        denominator = a_den * a_den * d_den
    else:
        for a, wa in a_w.items():
            for d, wd in d_w.items():
                m = a - d + shift
                margin[m] = margin.get(m, 0) + wa * wd
        denominator = a_den * d_den
    if a_aid is not None:
        margin, denominator = _aid_margin(margin, denominator, a_aid, bound, lambda m: m <= 0, +1)
    if d_aid is not None:
        margin, denominator = _aid_margin(margin, denominator, d_aid, bound, lambda m: m > 0, -1)
    dist = {m: Fraction(w, denominator) for m, w in sorted(margin.items()) if w}
    listed = Fraction(sum(margin.values()), denominator)
    shown = _trim_both(dist)
    win = sum((p for m, p in dist.items() if m > 0), Fraction(0))
    outcomes: dict[str, Fraction] = {"success": win, "failure": listed - win}
    for size in SIZES:
        outcomes[size] = Fraction(0)
    for m, p in dist.items():
        if m > 0:
            size = size_for_margin(m)
            if disarmed and size == "maximum":
                size = "very-major"
            outcomes[size] += p
    return Odds(
        system=SYSTEM,
        outcomes=outcomes,
        distributions={"margin": shown},
        values={"expected": bumping.mean(attacker) + a_mod - bumping.mean(defender) - d_mod,
                "margin_unlisted": listed - sum(shown.values(), Fraction(0))},
        truncated=1 - listed,
    )


def _trim_both(pmf: dict[int, Fraction], below: Fraction = Fraction(1, 10**9)) -> dict[int, Fraction]:
    """The middle of a distribution for display: both ends dropped while their mass is below
    ``below`` (the dropped mass is reported beside it)."""
    keys = sorted(pmf)
    low, high, dropped = 0, len(keys), Fraction(0)
    while low < high and dropped + pmf[keys[low]] < below:
        dropped += pmf[keys[low]]
        low += 1
    dropped = Fraction(0)
    while high > low and dropped + pmf[keys[high - 1]] < below:
        dropped += pmf[keys[high - 1]]
        high -= 1
    return {k: pmf[k] for k in keys[low:high]}


def _aid_margin(
    margin: dict[int, int], denominator: int, aid: int | Die, bound: int, when: Any, sign: int
) -> tuple[dict[int, int], int]:
    aid_w, aid_den = _weights(aid, bound)
    out: dict[int, int] = {}
    for m, w in margin.items():
        if when(m):
            for x, wx in aid_w.items():
                v = m + sign * x
                out[v] = out.get(v, 0) + w * wx
        else:
            out[m] = out.get(m, 0) + w * aid_den
    return out, denominator * aid_den
