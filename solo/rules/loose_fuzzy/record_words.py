"""How a Loose and Fuzzy roll record's steps read: the words for each reason code, made when shown.

The ruleset writes each pool, tie and reading as a code and its numbers
(:func:`solo.rules.reasons.reason`); this module alone turns them into lines. :func:`say`
returns None for a code it does not know.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from solo.rules.loose_fuzzy.combat import advantage_points


def say(step: Mapping[str, Any]) -> str | list[str] | None:
    """The line(s) one step reads as."""
    words = _WORDS.get(str(step.get("code")))
    return None if words is None else words(step)


def _pool(s: Mapping[str, Any]) -> list[str]:
    pool = list(s["pool"])
    lines = [f"{s['who']} {s['dice']}d6: {' + '.join(map(str, pool))} = {sum(pool)}"]
    lines += [f"  -{note['dice']} dice ({note['why']})" for note in s.get("notes") or ()]
    critical = s.get("critical")
    if s.get("confirm") is not None:
        lines.append(f"  confirm die {s['confirm']}: critical {'confirmed' if critical else 'not confirmed'}")
    elif critical:
        lines.append(f"  marked dice both {pool[0]}: critical {critical}")
    if s.get("bonus_dice"):
        lines.append(f"  bonus dice {' + '.join(map(str, s['bonus_dice']))} (6s explode)")
    if s.get("bonus"):
        lines.append(f"  {s['bonus']:+d} to the roll")
    return lines


def _check_read(s: Mapping[str, Any]) -> str:
    head = f"{s['total']} vs {s['target']}"
    if s["outcome"] == "costly-success":
        return f"{head}: the sum holds, but double 1s: success, and something bad happens too (costly-success)"
    if s.get("critical") == "success" and not s.get("reached"):
        return f"{head}: double 6s, still short: failure"
    return f"{head} → {s['outcome']}"


def _contest_read(s: Mapping[str, Any]) -> str:
    advantage = f" ({advantage_points(s['total'] - s['theirs'])} advantage)" if s.get("won") else ""
    return f"{s['total']} vs {s['theirs']} → {s['outcome']}{advantage}"


_WORDS: dict[str, Callable[[Mapping[str, Any]], str | list[str]]] = {
    "pool": _pool,
    "check-read": _check_read,
    "tie": lambda s: f"tie at {s['total']}: rolled again",
    "contest-read": _contest_read,
}
