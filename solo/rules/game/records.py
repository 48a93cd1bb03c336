"""What a GAME roll record says: its details for saves and the lines a player reads."""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.game.build import build_duration, drain
from solo.rules.game.checks import CheckResult, GameCheck, read_check
from solo.rules.game.skills import BUILD_SKILLS, EXHAUSTION_PENALTY, TARGET
from solo.rules.game.tags import tag_results


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
        details["notes"] = list(chk.notes)
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


def result_steps(chk: GameCheck, res: CheckResult) -> list[str]:
    steps = list(chk.notes)
    if chk.blocked:
        return steps + [f"{chk.label} {chk.rating}: not rolled, {chk.blocked} → failure"]
    faces = ", ".join(str(v) for v in res.rolled)
    head = f"{chk.label} {chk.rating}, {chk.difficulty} {chk.dice_count}d8"
    steps.append(f"{head}: {faces} → lowest {res.lowest}")
    sum_text = f"{chk.rating} + {res.lowest}"
    if chk.bonus:
        sum_text += f" {'+' if chk.bonus > 0 else '−'} {abs(chk.bonus)} bonus"
    if chk.exhausted:
        sum_text += f" − {EXHAUSTION_PENALTY} exhausted"
    sum_text += f" = {res.total}"
    if res.normal_success:
        raw = res.total - TARGET
        counted = f"excess {raw}" if raw == res.excess else f"excess {raw}, counting {res.excess}"
        steps.append(f"{sum_text} ≥ {TARGET} → success, {counted}")
    else:
        steps.append(f"{sum_text} < {TARGET} → failure")
    if res.extra is not None:
        line = f"{chk.extra_reason} die {res.extra} (succeeds on ≤ {chk.extra_threshold})"
        if res.extra_decided:
            line += f" → success, excess {res.excess}"
        elif res.extra_success:
            line += " → also succeeds"
        else:
            line += " → no help"
        steps.append(line)
    return steps


def build_notes(
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


def measures(chk: GameCheck, res: CheckResult, details: Mapping[str, Any], success: bool) -> dict[str, int]:
    """What ``roll.*`` reads: the excess, Drain, and what the check's tags measure."""
    found = {"excess": res.excess}
    if "drain" in details:
        found["drain"] = int(details["drain"])
    found.update(tag_results(chk, success)[0])
    return found


def tag_lines(chk: GameCheck, success: bool) -> list[str]:
    return tag_results(chk, success)[1]
