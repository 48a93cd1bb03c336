"""Planning one side of a Humanity, Blessed roll before any die is thrown: which dice form the
group (a spark adds the second stat's), how conditions and abilities change them, the modifiers,
the best situational aid, whether Help may come, and what a spark costs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from solo.rules.base import Character
from solo.rules.humanity_blessed import bumping, synchronized
from solo.rules.humanity_blessed.blessings import choose_pair
from solo.rules.humanity_blessed.bumping import Die, Group
from solo.rules.humanity_blessed.character import abilities as _abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import HBCheck
from solo.rules.humanity_blessed.record_words import refusal
from solo.rules.humanity_blessed.tables import CHECK_TAGS, OVERCHARGE, norm
from solo.rules.reasons import Step, reason

_DC2 = bumping.capped_die(2)


@dataclass
class Plan:
    """Everything a roll needs before dice: the group, modifiers, aid, and what it costs."""

    stats: list[str]
    group: Group
    modifiers: dict[str, int]
    aid: tuple[str, int | Die] | None
    can_help: bool
    spark_paid: list[int] | None = None  # pool indexes to pay (check only)
    spark_refusal: Step | None = None  # why the spark asked for is not rolled (a ``no-spark`` reason)
    consumes: list[str] = field(default_factory=list)
    notes: list[Step] = field(default_factory=list)  # what changed the roll, as reasons
    size_up: int = 0  # a success reads this many outcome sizes larger (Perfect Divination)
    extra_die: Die | None = None  # a bonus die that is part of the roll (Famous: +dc2)

    @property
    def modifier(self) -> int:
        return sum(self.modifiers.values())

    @property
    def spark_refused(self) -> str | None:
        """Why the spark is not rolled, in words (a record's ``spark_refused``)."""
        return None if self.spark_refusal is None else refusal(self.spark_refusal)


def value_mean(value: int | Die) -> Fraction:
    """The mean of a bonus: a number, or a bumping die."""
    return Fraction(value) if isinstance(value, int) else bumping.mean(bumping.single(value))


def plan_roll(
    character: Character | None,
    parsed: HBCheck,
    *,
    role: str = "check",
    violent: bool = False,
    prepaid: bool = False,
) -> Plan:
    """One side of a roll, planned: ``role`` is check, attacker or defender; ``prepaid`` means a
    spark was already paid for (a Blessed Luck retry)."""
    cond = Conditions.of(character)
    abilities = _abilities(character)
    if parsed.training:
        abilities.add("advancedtraining")
    stats = [parsed.stat]
    dice_names = [parsed.die]
    notes: list[Step] = []
    consumes: list[str] = []
    refused = None
    paid = None
    surprise = cond.has("surprise")
    if surprise:
        consumes.append("surprise")
    if parsed.spark:
        refused = _spark_refusal(character, parsed, cond, surprise)
        if refused is None and character is not None and not parsed.override and not prepaid and not parsed.pair:
            paid = choose_pair(character.resources.get("blessings", []), cond.has("cursed"))
            if paid is None:
                refused = reason("no-spark", why="no-pair")
        if refused is None:
            stats.append(parsed.spark)
            dice_names.append(str(parsed.spark_die))
            if parsed.spark_with is not None:
                notes.append(synchronized.note(parsed.spark_with, parsed.spark, parsed.pair))
            if parsed.ascendant:
                third = _ascendant_refusal(character, parsed, abilities, violent)
                more = None
                if third is None and paid is not None and character is not None:
                    pool = list(character.resources.get("blessings", []))
                    rest = [v if i not in paid else -99 for i, v in enumerate(pool)]
                    more = choose_pair(rest, cond.has("cursed"))
                    if more is None or any(rest[i] < 0 for i in more):
                        third, more = reason("no-ascendant", why="no-pair"), None
                if third is None:
                    stats.append(parsed.ascendant)
                    dice_names.append(str(parsed.ascendant_die))
                    if more is not None and paid is not None:
                        paid = paid + more
                else:
                    notes.append(third)
        else:
            notes.append(refused)
    no_bump = cond.has("distracted") or surprise
    dice = []
    for stat, name in zip(stats, dice_names):
        die = bumping.parse_die(name)
        if cond.on("ache", stat) or parsed.agreeable:
            die = bumping.with_ache(die)
        if "easeoffocus" in abilities and die.standard and die.sides >= 8:
            die = bumping.with_bumps(die, {1, 2})
        if no_bump:
            die = bumping.with_bumps(die, ())
        dice.append(die)
    big = all(d.standard and d.sides >= 8 for d in (bumping.parse_die(n) for n in dice_names))
    bonus = 1 if "advancedtraining" in abilities and big else 0
    if no_bump:
        notes.append(reason("no-bumping", why="surprise" if surprise else "distracted"))
    if parsed.agreeable:
        notes.append(reason("agreeable"))
    elif any(cond.on("ache", s) for s in stats):
        notes.append(reason("ache"))
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
        notes.append(reason("weakness"))
    else:
        aid = _best_aid(character, parsed, stats, dice_names, abilities, role, violent)
    size_up = 1 if role == "check" and tag_abilities(parsed, abilities, "size", role) else 0
    return Plan(stats, Group(tuple(dice), bonus), modifiers, aid, not weak, paid, refused,
                consumes, notes, size_up, _DC2 if parsed.famous else None)


def tag_abilities(parsed: HBCheck, abilities: set[str], effect: str, role: str) -> list[str]:
    """The character's abilities that the check's tags call on for ``effect`` (aid, help, size)
    in this ``role`` (check, attacker or defender)."""
    side = "check" if role == "check" else "contest" if role == "attacker" else ""
    found = []
    for tag in sorted(parsed.tags):
        rule = CHECK_TAGS[tag]
        if rule.effect == effect and side in rule.roles and norm(rule.ability) in abilities:
            found.append(rule.ability)
    return found


def _ascendant_refusal(character: Character | None, parsed: HBCheck, abilities: set[str],
                       violent: bool) -> Step | None:
    """Why a spark's third stat (Ascendant Spark) cannot join, as a ``no-ascendant`` reason."""
    if character is not None and not parsed.override and "ascendantspark" not in abilities:
        return reason("no-ascendant", why="no-ability")
    if violent:
        return reason("no-ascendant", why="violent")
    dice = [bumping.parse_die(n) for n in (parsed.die, str(parsed.spark_die), str(parsed.ascendant_die))]
    if not all(d.standard and d.sides >= 8 for d in dice):
        return reason("no-ascendant", why="small")
    if parsed.ascendant_die != parsed.die or norm(str(parsed.ascendant)) in (norm(parsed.stat), norm(str(parsed.spark))):
        return reason("no-ascendant", why="unbalanced")
    return None


def _spark_refusal(
    character: Character | None, parsed: HBCheck, cond: Conditions, surprise: bool
) -> Step | None:
    """Why a spark cannot be rolled, as a ``no-spark`` reason (None when it can)."""
    if surprise:
        return reason("no-spark", why="surprised")
    if cond.has("taxed"):
        return reason("no-spark", why="taxed")
    if parsed.spark_with is not None and not parsed.pair:  # a Double Trouble pair needs no Synchronized Spark
        refused = synchronized.refusal(character, parsed.spark_with, parsed.override)
        if refused is not None:
            return refused
    if parsed.spark_die != parsed.die:
        return reason("no-spark", why="unbalanced", stat=parsed.stat, die=parsed.die, spark=parsed.spark,
                      spark_die=parsed.spark_die)
    if norm(parsed.spark) == norm(parsed.stat) and parsed.stat != parsed.die and parsed.spark_with is None:
        return reason("no-spark", why="same-stat")
    return None


def _best_aid(
    character: Character | None,
    parsed: HBCheck,
    stats: list[str],
    dice_names: list[str],
    abilities: set[str],
    role: str,
    violent: bool,
) -> tuple[str, int | Die] | None:
    """The situational aid the roll would receive on a would-be failure: of those that apply
    (the check's ``aid``, abilities, an overcharged stat), the best by mean."""
    options: list[tuple[str, int | Die]] = []
    if parsed.aid is not None:
        options.append(("aid", parsed.aid))
    if "survivalinstinct" in abilities and any(norm(s) == "hurry" for s in stats):
        options.append(("Survival Instinct", _DC2))
    if "armoredskin" in abilities and role == "defender" and violent:
        options.append(("Armored Skin", _DC2))
    for ability in tag_abilities(parsed, abilities, "aid", role):
        options.append((ability, _DC2))
    if character is not None and role != "defender":
        quality = {str(i) for i in character.extra.get("quality_items", []) or []}
        for item in parsed.uses:
            if item in quality and item in character.items:
                options.append((f"high-quality {item}", 1))
    lifestyle = norm(character.extra.get("lifestyle", "")) if character else ""
    if len(stats) == 2 and lifestyle in OVERCHARGE:
        if any(norm(s) in OVERCHARGE[lifestyle] for s in stats):
            die = bumping.parse_die(dice_names[0])
            same = bumping.standard_die(die.sides) if die.standard else die
            options.append((f"overcharged ({lifestyle})", same))
    if not options:
        return None
    return max(options, key=lambda o: (value_mean(o[1]), o[0]))
