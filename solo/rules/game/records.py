"""What a GAME roll record says: its details for saves and its steps as reasons (codes and
numbers; :mod:`.record_words` makes the lines a player reads)."""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.game.build import build_duration, drain
from solo.rules.game.checks import CheckResult, GameCheck, read_check
from solo.rules.game.skills import BUILD_SKILLS, TARGET
from solo.rules.game.tags import tag_results
from solo.rules.reasons import Step, reason


def result_details(chk: GameCheck, res: CheckResult) -> dict[str, Any]:
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
    if chk.tags:
        details["tags"] = list(chk.tags)
    if chk.dice:
        details["dice"] = chk.dice
    if chk.notes:
        details["notes"] = [dict(note) for note in chk.notes]
    if chk.blocked:
        details["not_rolled"] = chk.blocked
    if res.extra is not None:
        details["extra"] = [{
            "die": res.extra,
            "succeeds_on": chk.extra_threshold,
            "reason": chk.extra_reason,
            "succeeded": res.extra_success,
            "decided": res.extra_decided,
        }]
    return details


def result_from_details(chk: GameCheck, data: Mapping[str, Any]) -> CheckResult:
    extra = data.get("extra")
    return read_check(chk, data["rolled"], extra[0]["die"] if extra else None)


def result_steps(chk: GameCheck, res: CheckResult, who: str = "") -> list[Step]:
    """The reading of one side's check as reasons (said by :mod:`.record_words`); ``who`` leads
    each line in a contest or a combined attempt; a trait's or a talent's note is its reason."""
    side = {"who": who} if who else {}
    steps = [reason("note", note=dict(note), **side) for note in chk.notes]
    if chk.blocked:
        return steps + [reason("not-rolled", label=chk.label, rating=chk.rating, why=chk.blocked, **side)]
    steps.append(reason("lowest", label=chk.label, rating=chk.rating, difficulty=chk.difficulty,
                        dice=chk.dice_count, faces=list(res.rolled), lowest=res.lowest, **side))
    steps.append(reason("sum", rating=chk.rating, lowest=res.lowest, bonus=chk.bonus, exhausted=chk.exhausted,
                        total=res.total, success=res.normal_success, excess=res.excess, **side))
    if res.extra is not None:
        steps.append(reason("extra-die", why=chk.extra_reason, face=res.extra, threshold=chk.extra_threshold,
                            decided=res.extra_decided, success=res.extra_success, excess=res.excess, **side))
    return steps


def build_notes(
    chk: GameCheck, res: CheckResult, details: dict[str, Any], steps: list[Step]
) -> None:
    if not chk.skill or chk.skill not in BUILD_SKILLS:
        return
    duration = build_duration(chk.skill, res.excess) if res.success else None
    if duration is not None:
        details["duration"] = {"amount": duration[0], "unit": duration[1]}
        steps.append(reason("lasts", amount=duration[0], unit=duration[1]))
    if chk.skill == "Transmutery":
        details["drain"] = drain(chk.difficulty, res.success)
        steps.append(reason("drain", fp=details["drain"]))


def measures(chk: GameCheck, res: CheckResult, details: Mapping[str, Any], success: bool) -> dict[str, int]:
    """What ``roll.*`` reads: the excess, Drain, and what the check's tags measure."""
    found = {"excess": res.excess}
    if "drain" in details:
        found["drain"] = int(details["drain"])
    found.update(tag_results(chk, success)[0])
    return found


def tag_lines(chk: GameCheck, success: bool) -> list[Step]:
    """What a check's tags did once it was read, as reasons."""
    found = tag_results(chk, success)[0]
    steps = []
    if success and "percent" in found:
        steps.append(reason("haggled", percent=found["percent"]))
    if success and "hours" in found:
        steps.append(reason("fast-talked", hours=found["hours"]))
    return steps
