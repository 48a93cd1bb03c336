"""How a GAME roll record's steps read: the words for each reason code, made when shown.

The ruleset (:mod:`.records`, :mod:`.ruleset`) writes each side's dice, sum, extra die, reroll
and contest reading as a code and its numbers (:func:`solo.rules.reasons.reason`); this module
alone turns them into lines. A step with ``who`` (a contest's side, one check of a combined
attempt) is led by it. A trait's ``note`` is shown as the trait wrote it when the check was made.
:func:`say` returns None for a code it does not know.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from solo.rules.game.skills import EXHAUSTION_PENALTY, TARGET


def say(step: Mapping[str, Any]) -> str | list[str] | None:
    """The line(s) one step reads as."""
    words = _WORDS.get(str(step.get("code")))
    if words is None:
        return None
    line = words(step)
    return f"{step['who']}: {line}" if step.get("who") else line


def _lowest(s: Mapping[str, Any]) -> str:
    faces = ", ".join(str(v) for v in s["faces"])
    return f"{s['label']} {s['rating']}, {s['difficulty']} {s['dice']}d8: {faces} → lowest {s['lowest']}"


def _sum(s: Mapping[str, Any]) -> str:
    text = f"{s['rating']} + {s['lowest']}"
    if s.get("bonus"):
        text += f" {'+' if s['bonus'] > 0 else '−'} {abs(s['bonus'])} bonus"
    if s.get("exhausted"):
        text += f" − {EXHAUSTION_PENALTY} exhausted"
    text += f" = {s['total']}"
    if not s["success"]:
        return f"{text} < {TARGET} → failure"
    raw = s["total"] - TARGET
    counted = f"excess {raw}" if raw == s["excess"] else f"excess {raw}, counting {s['excess']}"
    return f"{text} ≥ {TARGET} → success, {counted}"


def _extra(s: Mapping[str, Any]) -> str:
    line = f"{s['why']} die {s['face']} (succeeds on ≤ {s['threshold']})"
    if s.get("decided"):
        return line + f" → success, excess {s['excess']}"
    return line + (" → also succeeds" if s.get("success") else " → no help")


def _contest(s: Mapping[str, Any]) -> str:
    mine, theirs = s["mine"], s["theirs"]
    if mine and not theirs:
        return "you succeed, they fail → you win"
    if theirs and not mine:
        return "they succeed, you fail → you lose"
    both = "both succeed" if mine else "both fail"
    if s.get("defending"):
        return f"{both} → a tie: their attempt does not get through, you hold"
    return f"{both} → draw"


def _drain(s: Mapping[str, Any]) -> str:
    return f"Drain {s['fp']} FP" + (" (a combination with Transmutery)" if s.get("combined") else "")


def _fast_talked(s: Mapping[str, Any]) -> str:
    hours = s["hours"]
    extra = f" and {hours} hour{'s' if hours != 1 else ''}" if hours else ""
    return f"fast-talked: they see through it after 5-10 minutes{extra}"


_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "note": lambda s: str(s["text"]),
    "not-rolled": lambda s: f"{s['label']} {s['rating']}: not rolled, {s['why']} → failure",
    "lowest": _lowest,
    "sum": _sum,
    "extra-die": _extra,
    "lasts": lambda s: f"lasts {s['amount']} {s['unit']}",
    "drain": _drain,
    "haggled": lambda s: f"the price moves {s['percent']}%",
    "fast-talked": _fast_talked,
    "reroll": lambda s: f"reroll spent ({s['left']} left)",
    "contest-read": _contest,
    "both": lambda s: f"{'both succeed' if s['success'] else 'not both succeed'} → {'success' if s['success'] else 'failure'}",
}
