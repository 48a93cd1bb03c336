"""Rolling a Humanity, Blessed check or contest: paying a spark, throwing the planned group (it
bumps), adding modifiers and the situational aid that comes on a would-be failure, reading the
result (success by the target, a contest won only by rolling higher) and its outcome size.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Mapping, Sequence

from solo.rules.base import Character
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import bumping, defending, enmity, standing
from solo.rules.humanity_blessed.blessings import choose_pair, take
from solo.rules.humanity_blessed.bumping import Die
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import HBCheck, lookup, parse_check, parse_contest, stored
from solo.rules.humanity_blessed.planning import Plan, plan_roll
from solo.rules.reasons import Step, reason
from solo.rules.humanity_blessed.record_steps import without_verdict
from solo.rules.humanity_blessed.session import earn, session_steps
from solo.rules.humanity_blessed.tables import (
    SYSTEM,
    larger_size,
    norm,
    size_for_margin,
    size_for_total,
)


def roll_side(
    dice: Dice, plan: Plan, label: str, first: Sequence[int] = (), thrown: bumping.Rolled | None = None
) -> tuple[bumping.Rolled, list[Step]]:
    """Throw one side's group (``first``: faces of its first round already thrown; ``thrown``:
    the group already rolled, in sync with the other side); the steps that show it (rounds,
    bumps, notes, modifiers)."""
    rolled = thrown if thrown is not None else bumping.roll(dice, plan.group, first=first)
    steps = [reason("rolled", who=label, die=plan.group.name, rounds=[list(r) for r in rolled.rounds],
                    natural=rolled.natural, bumps=rolled.bumps)]
    if rolled.bonus:
        steps.append(reason("training", bonus=rolled.bonus))
    if plan.extra_die is not None:  # Famous: a +dc2 that is part of the roll
        value, faces, _ = roll_extra(dice, plan.extra_die)
        rolled = dataclasses.replace(rolled, faces=rolled.faces + faces, bonus=rolled.bonus + value)
        steps.append(reason("famous", die=plan.extra_die.name, value=value))
    steps += [dict(note) for note in plan.notes]
    for name, value in plan.modifiers.items():
        steps.append(reason("modifier", name=name, value=value))
    return rolled, steps


def roll_extra(dice: Dice, value: int | Die) -> tuple[int, list[int], list[list[int]]]:
    """A bonus (aid or Help): its value, the faces drawn and the rounds read."""
    if isinstance(value, int):
        return value, [], []
    rolled = bumping.roll(dice, bumping.single(value))
    return rolled.total, rolled.faces, rolled.rounds


def consume(character: Character | None, kinds: Iterable[str]) -> list[str]:
    """Remove one-roll conditions (surprise, muddled) the roll used up; the names removed."""
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


def roll_check(
    dice: Dice, character: Character, parsed: HBCheck, paid_spark: bool = False,
    first_face: int | None = None,
) -> RollRecord:
    """Roll a parsed check (``paid_spark``: a spark already paid for is not paid again;
    ``first_face``: the stat die's first face, already thrown)."""
    plan = plan_roll(character, parsed, prepaid=paid_spark)
    details: dict[str, Any] = {"params": parsed.as_params(), "stats": plan.stats,
                               "die": plan.group.name, "target": parsed.target}
    if plan.size_up:
        details["size_up"] = plan.size_up
    if plan.spark_refused:
        details["spark_refused"] = plan.spark_refused
        details["params"].update(spark=False if parsed.override else None, spark_die=None)
    if plan.spark_paid is not None:
        cursed = Conditions.of(character).has("cursed")
        spent = take(character.resources["blessings"], plan.spark_paid)
        details["spark_paid"] = spent
        plan.notes.insert(0, reason("spark-paid", paid=list(spent[:2]), cursed=cursed))
        if len(spent) > 2:  # Ascendant Spark's third stat: two more
            plan.notes.insert(1, reason("spark-paid", paid=list(spent[2:4]), cursed=cursed))
    consumed = consume(character, plan.consumes)
    if consumed:
        details["consumed"] = consumed
    first = () if first_face is None else (first_face,)
    rolled, steps = roll_side(dice, plan, " + ".join(plan.stats), first)
    all_dice = list(rolled.faces)
    total = rolled.total + plan.modifier
    if parsed.group:
        total, more_steps, more_faces = _group_median(dice, parsed, character, total, details)
        steps += more_steps
        all_dice += more_faces
    if parsed.witnessed and total >= parsed.target and vulnerable(character, plan.stats):
        # an opposing witness uses the opening: the success is rolled again, the new roll stands
        details["vulnerability"] = {"first_total": total}
        rolled, again = roll_side(dice, plan, " + ".join(plan.stats))
        steps.append(reason("forced-reroll", witness=True, total=total))
        steps += again
        all_dice += rolled.faces
        total = rolled.total + plan.modifier
    details.update(rounds=rolled.rounds, bumps=rolled.bumps, natural=rolled.natural,
                   training=rolled.bonus, bump_capped=rolled.capped, help_allowed=plan.can_help)
    if total < parsed.target and plan.aid is not None:
        source, value = plan.aid
        added, faces, rounds = roll_extra(dice, value)
        all_dice += faces
        total += added
        name = value.name if isinstance(value, Die) else f"+{value}"
        details["aid"] = {"source": source, "die": name, "rounds": rounds, "value": added}
        steps.append(reason("aid", die=name, source=source, value=added))
    record = RollRecord(
        system=SYSTEM, kind="check", stat=plan.stats[0], dice=all_dice, outcome="failure",
        success=False, total=total, modifiers=dict(plan.modifiers), details=details, steps=steps,
    )
    read_check(record)
    earn(dice, record, character)
    return record


def group_rank(rolls: int) -> int:
    """Which roll a group check uses, counted from the highest: the median, the higher of the
    two middle ones for an even number (2 rolls: the highest; 3 or 4: the second...)."""
    return (rolls + 1) // 2


def member_check(parsed: HBCheck, member: Character) -> HBCheck:
    """The roll a group member makes: the same stat and target, their own die, nothing else."""
    key = lookup(member.stats, parsed.stat) or parsed.stat
    die = bumping.parse_die(member.stats.get(key, "d4")).name
    return HBCheck(stat=key, die=die, spark=None, spark_die=None, target=parsed.target,
                   modifier=0, aid=None, focal=parsed.focal, training=False)


def _group_median(
    dice: Dice, parsed: HBCheck, character: Character, own: int, details: dict[str, Any],
    prefix: str = "",
) -> tuple[int, list[Step], list[int]]:
    """Roll the group members' checks; the group's total (the median roll), the lines that
    show it and the faces drawn. The character's own roll is ``own``; the group is shown in
    ``details[prefix + "group"]`` (a contest's defending side: ``opponent_``)."""
    rolls = [(character.name or "you", own)]
    steps: list[Step] = []
    faces: list[int] = []
    shown = [{"name": character.name, "total": own}]
    for member in parsed.group:
        plan = plan_roll(member, member_check(parsed, member))
        consume(member, plan.consumes)
        rolled, lines = roll_side(dice, plan, f"{member.name or member.id}: {plan.stats[0]}")
        total = rolled.total + plan.modifier
        steps += lines
        faces += rolled.faces
        rolls.append((member.name or member.id, total))
        shown.append({"name": member.name or member.id, "stat": plan.stats[0],
                      "die": plan.group.name, "rounds": rolled.rounds, "total": total})
    rank = group_rank(len(rolls))
    name, total = sorted(rolls, key=lambda r: -r[1])[rank - 1]
    details[prefix + "group"] = shown
    details[prefix + "group_median"] = {"rolls": len(rolls), "rank": rank, "total": total}
    steps.append(reason("group-median", rolls=len(rolls), rank=rank, total=total, name=name))
    return total, steps, faces


def vulnerable(character: Character | None, stats: list[str]) -> bool:
    """Whether the character has Vulnerability on a stat rolled (or on every stat), or is hexed (a
    monstrosity's Curse: the same reroll, once; :mod:`.endeavours.monstrous` ends it)."""
    conditions = Conditions.of(character)
    return conditions.has("vulnerability", stats) or conditions.has("hexed")


def read_check(record: RollRecord) -> None:
    """Read a check record by its total: success, margin, size, and the verdict line."""
    target = record.details["target"]
    total = int(record.total or 0)
    record.success = total >= target
    record.outcome = "success" if record.success else "failure"
    record.details["margin"] = total - target
    size = size_for_total(total) if record.success else None
    if size is not None and record.details.get("size_up"):
        size = larger_size(size, int(record.details["size_up"]))
    record.details["size"] = size
    record.measures = {"size": size or "", "margin": total - target}
    record.steps = without_verdict(record.steps) + [reason(
        "check-result", total=total, target=target, outcome=record.outcome, size=size,
        divination=bool(size is not None and record.details.get("size_up")))]


def contest(
    dice: Dice, character: Character, opponent: Character, params: Mapping[str, Any]
) -> RollRecord:
    """Roll a contest: ``character`` attacks, ``opponent`` defends; ties hold for the defender.
    With ``defending: true`` the opponent attacks and the record reads from the player's side
    (:mod:`.defending`)."""
    if defending.is_defending(params):
        session_lines = session_steps(dice, character) if character.stats else []
        theirs, mine, violent = defending.parse_defence(character, opponent, params)
        record = open_contest(dice, opponent, theirs, violent=violent, session=False)
        from solo.rules.humanity_blessed import open_defence  # it builds on this module

        if open_defence.sparks(character, mine):  # the player may still spark the answer
            return open_defence.hold(record, opponent, params, session_lines)
        record = close_contest(dice, record, opponent, character, mine)
        if mine.famous:
            standing.exerted(character, opponent)
        record = defending.turn_round(record)
        record.steps[:0] = session_lines
        read_contest(record)
    else:
        mine, theirs, violent = parse_contest(character, opponent, params)
        sync = None
        if mine.synchronized:
            a_plan = plan_roll(character, mine, role="attacker", violent=violent)
            d_plan = plan_roll(opponent, theirs, role="defender", violent=violent)
            sync = enmity.refusal(character, mine, theirs, a_plan,
                                  vulnerable(character, a_plan.stats) or vulnerable(opponent, d_plan.stats))
        record = open_contest(dice, character, mine, violent=violent)
        if mine.synchronized and sync is not None:
            record.steps.append(sync)
        elif mine.synchronized:
            pool = character.resources["blessings"]
            paid = take(pool, choose_pair(pool, Conditions.of(character).has("cursed")) or [])
            record.details["enmity_paid"] = paid
            record.steps.append(reason("enmity", paid=paid, who=opponent.name))
        record = close_contest(dice, record, character, opponent, theirs,
                               sync=mine.synchronized and sync is None)
        if mine.famous:
            standing.exerted(character, opponent)
        if theirs.famous:  # the player, defending in an endeavour
            standing.exerted(opponent, character)
    record.details["params"] = stored(params)
    earn(dice, record, character)
    return record


def open_contest(
    dice: Dice, character: Character, mine: HBCheck, *, violent: bool = False,
    session: bool = True,
) -> RollRecord:
    """The acting side of a contest, planned and rolled: an *open* record whose total is the
    attacker's first roll (a fight shows it before the defender chooses how to answer it).
    :func:`close_contest` rolls the other side and reads the contest. A spark is paid here;
    one-roll conditions (surprise, muddled) are used up when the contest is closed, or by
    :func:`abandon` when it never is. ``session``: open the character's session if none is
    (the player's rolls; an engine's fighter has none)."""
    session_lines = session_steps(dice, character) if session and character.stats else []
    plan = plan_roll(character, mine, role="attacker", violent=violent)
    details: dict[str, Any] = {"attack": mine.as_params(), "violent": violent, "stats": plan.stats,
                               "die": plan.group.name, "open": True, "consumes": list(plan.consumes)}
    if plan.spark_paid is not None:
        details["spark_paid"] = take(character.resources["blessings"], plan.spark_paid)
    if plan.spark_refused:
        details["spark_refused"] = plan.spark_refused
        if not mine.override:
            details["attack"].update(spark=None, spark_die=None)
    rolled, steps = roll_side(dice, plan, character.name or plan.stats[0])
    faces, total = list(rolled.faces), rolled.total + plan.modifier
    if mine.group:  # a group side: the median of its rolls is the side's roll
        total, more_steps, more_faces = _group_median(dice, mine, character, total, details)
        steps += more_steps
        faces += more_faces
    details.update(rounds=rolled.rounds, bumps=rolled.bumps, natural=rolled.natural,
                   help_allowed=plan.can_help,
                   disarmed=violent and Conditions.of(character).has("disarmed"))
    return RollRecord(
        system=SYSTEM, kind="contest", stat=plan.stats[0], dice=faces,
        outcome="failure", success=False, total=total,
        modifiers=dict(plan.modifiers), details=details, steps=session_lines + steps,
    )


def abandon(record: RollRecord, character: Character) -> list[str]:
    """An open contest that is never closed (its action was interrupted): the one-roll
    conditions its roll used are gone all the same. The names removed."""
    if not record.details.pop("open", False):
        return []
    return consume(character, record.details.get("consumes") or [])


def close_contest(
    dice: Dice, record: RollRecord, character: Character, opponent: Character, theirs: HBCheck,
    *, defender_prepaid: bool = False, sync: bool = False,
) -> RollRecord:
    """Roll the defender's side of an open contest and read it (vulnerability, aid on a
    would-be loss, margin and size). ``record`` is changed and returned. ``defender_prepaid``:
    the defender's spark is paid already."""
    details = record.details
    if not details.pop("open", False):
        raise ValueError("the contest is not open")
    violent = bool(details.get("violent"))
    mine = parse_check(details["attack"], character, contest=True)
    a_plan = plan_roll(character, mine, role="attacker", violent=violent, prepaid=True)
    d_plan = plan_roll(opponent, theirs, role="defender", violent=violent, prepaid=defender_prepaid)
    details.update(opponent=opponent.name, opponent_stat=d_plan.stats[0],
                   opponent_die=d_plan.group.name, opponent_stats=list(d_plan.stats))
    if d_plan.spark_paid is not None:
        details["opponent_spark_paid"] = take(opponent.resources["blessings"], d_plan.spark_paid)
    if d_plan.spark_refused:
        details["opponent_spark_refused"] = d_plan.spark_refused
    consumed = consume(character, details.pop("consumes", None) or []) + consume(opponent, d_plan.consumes)
    if consumed:
        details["consumed"] = consumed
    a_total = int(record.total or 0)
    thrown = None
    if sync:  # Synchronized Enmity: the defender rolls in step; the attacker's chain may go on
        more, a_faces, thrown = enmity.roll_together(dice, a_plan.group, details["rounds"], d_plan.group)
        if more:
            record.dice = list(record.dice) + a_faces
            a_total += sum(sum(r) for r in more) + len(more) * a_plan.group.bonus
            details.update(rounds=details["rounds"] + more, bumps=details["bumps"] + len(more),
                           natural=details["natural"] + sum(sum(r) for r in more))
            record.steps.append(reason("enmity-more", rounds=more))
    d_roll, steps = roll_side(dice, d_plan, opponent.name or d_plan.stats[0], thrown=thrown)
    all_dice = list(record.dice) + d_roll.faces
    d_total = d_roll.total + d_plan.modifier
    if theirs.group:  # a group side: the median of its rolls is the side's roll
        d_total, more_steps, more_faces = _group_median(dice, theirs, opponent, d_total, details,
                                                        "opponent_")
        steps += more_steps
        all_dice += more_faces
    d_total = complex_floor(d_total, mine.complex, steps)
    if a_total > d_total and not (mine.group or theirs.group) and vulnerable(character, a_plan.stats):
        # the opponent uses the opening: the winning roll is rolled again, and the new one stands
        details["vulnerability"] = {"first_total": a_total}
        a_roll, again = roll_side(dice, a_plan, character.name or a_plan.stats[0])
        steps.append(reason("forced-reroll", by=opponent.name, total=a_total))
        steps += again
        all_dice += a_roll.faces
        a_total = a_roll.total + a_plan.modifier
        details.update(rounds=a_roll.rounds, bumps=a_roll.bumps, natural=a_roll.natural)
    if a_total <= d_total and not (mine.group or theirs.group) and vulnerable(opponent, d_plan.stats):
        # and the other way round: a vulnerable defender's holding roll is rolled again
        details["opponent_vulnerability"] = {"first_total": d_total}
        d_roll, again = roll_side(dice, d_plan, opponent.name or d_plan.stats[0])
        steps.append(reason("forced-reroll", defender=True, by=character.name, whom=opponent.name, total=d_total))
        steps += again
        all_dice += d_roll.faces
        d_total = complex_floor(d_roll.total + d_plan.modifier, mine.complex, steps)
    if a_total <= d_total and a_plan.aid is not None:
        added, faces, rounds = roll_extra(dice, a_plan.aid[1])
        all_dice += faces
        a_total += added
        details["aid"] = {"source": a_plan.aid[0], "value": added, "rounds": rounds}
        steps.append(reason("aid", source=a_plan.aid[0], value=added))
    if a_total > d_total and d_plan.aid is not None:
        added, faces, rounds = roll_extra(dice, d_plan.aid[1])
        all_dice += faces
        d_total += added
        details["opponent_aid"] = {"source": d_plan.aid[0], "value": added, "rounds": rounds}
        steps.append(reason("aid", defender=True, who=opponent.name, source=d_plan.aid[0], value=added))
    details.update(opponent_rounds=d_roll.rounds, opponent_natural=d_roll.natural,
                   opponent_total=d_total, opponent_help_allowed=d_plan.can_help)
    record.dice = all_dice
    record.total = a_total
    record.steps = record.steps + steps
    read_contest(record)
    return record


def complex_floor(total: int, target: int | None, steps: list[Any]) -> int:
    """A complex attack (book: Complex Attacks): a defender who rolls under the attack's target
    is read as having rolled the target, so the attacker must beat both."""
    if target is None or total >= target:
        return total
    steps.append(reason("complex", total=total, target=target))
    return target


def read_contest(record: RollRecord) -> None:
    """Read a contest record by the margin over the defender: win, size, verdict line (a
    record the player defended reads from their side: :func:`.defending.read_defence`)."""
    if record.details.get("defending"):
        defending.read_defence(record)
        return
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
    record.measures = {"size": size or "", "margin": margin}
    record.steps = without_verdict(record.steps) + [reason(
        "contest-result", total=total, other=other, won=record.success, size=size)]
