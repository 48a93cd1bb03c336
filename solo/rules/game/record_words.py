"""How a GAME roll record's steps read: the words for each reason code, made when shown.

The ruleset (:mod:`.records`, :mod:`.ruleset`) writes each side's dice, sum, extra die, reroll
and contest reading as a code and its numbers (:func:`solo.rules.reasons.reason`); this module
alone turns them into lines. A step with ``who`` (a contest's side, one check of a combined
attempt) is led by it. What a trait or a talent changed is a ``note`` holding its own reason
(:func:`note`, also read for a record's ``details["notes"]``), and why a check is not rolled is a
code (:func:`blocked_text`, also for ``details["not_rolled"]``); both still read a sentence a save
from before they kept reasons holds. :func:`say` returns None for a code it does not know.
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


def note(n: Any) -> str:
    """What a trait or a talent changed on a check (a note's reason; an older save's words)."""
    if not isinstance(n, Mapping):
        return str(n)
    words = _NOTES.get(str(n.get("code")))
    if words is None:
        values = ", ".join(f"{k}={v}" for k, v in n.items() if k != "code")
        return f"{n.get('code', '?')}: {values}" if values else str(n.get("code", "?"))
    return words(n)


def _parry(n: Mapping[str, Any]) -> str:
    if n["level"]:
        return f"parry: the excess counts up to the Hack/Slash talent level {n['level']}"
    return "parry without a Hack/Slash talent: its excess counts for nothing"


def _surprise_attack(n: Mapping[str, Any]) -> str:
    if n.get("capped"):
        return f"free surprise attack at the Perception/Track talent level: rating {n['level']}"
    return f"free surprise attack (Perception/Track talent {n['level']})"


def _fast_talk(n: Mapping[str, Any]) -> str:
    hours = n["hours"]
    extra = f" plus {hours} hour{'s' if hours != 1 else ''}" if hours else ""
    return f"fast talk: the mark sees through it after 5-10 minutes{extra}"


_NOTES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "danger-sense": lambda n: f"danger sense: detecting a surprise attack is Easy (1d8, not {n['dice']}d8)",
    "absentmindedness": lambda n: f"absentmindedness: an ongoing activity is one level harder ({n['dice']}d8)",
    "parry": _parry,
    "surprise-attack": _surprise_attack,
    "haggling": lambda n: f"haggling: a success moves the price {n['percent']}%",
    "fast-talk": _fast_talk,
}

#: Why a check is not rolled, by code.
BLOCKED = {
    "no-surprise-talent": "no Perception/Track talent, so no free surprise attack",
    "cannot-stand": "too tired to stand while carrying the load (FP − ENC ≤ 0)",
}


def blocked_text(code: str) -> str:
    """Why a check is not rolled, in words (an older save's words are kept as they are)."""
    return BLOCKED.get(code, code)


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
    "note": lambda s: str(s["text"]) if "text" in s else note(s.get("note")),
    "not-rolled": lambda s: f"{s['label']} {s['rating']}: not rolled, {blocked_text(s['why'])} → failure",
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
