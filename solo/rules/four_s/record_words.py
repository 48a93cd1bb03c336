"""How a FOUR-S roll record's steps read: the words for each reason code, made when shown.

The ruleset and the fight write each roll, goal and contest reading as a code and its numbers
(:func:`solo.rules.reasons.reason`); this module alone turns them into lines. :func:`say`
returns None for a code it does not know.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from solo.rules.four_s.ruleset import CRITICAL_FACE


def say(step: Mapping[str, Any]) -> str | list[str] | None:
    """The line(s) one step reads as."""
    words = _WORDS.get(str(step.get("code")))
    return None if words is None else words(step)


def _side(s: Mapping[str, Any]) -> str:
    dice = "d6" if s.get("ap") is None else f"{s['ap']}d3"
    text = f"enemy {dice}" if s.get("enemy") else f"{s.get('stat') or 'roll'} {dice}"
    if not s.get("enemy") and s.get("ap") is not None:
        text += f" ({s['ap']} AP)"
    text += f": {', '.join(map(str, s['faces']))}"
    if s.get("bonus") or not s.get("enemy"):
        text += f" + bonus {s.get('bonus', 0)}"
    if s.get("modifier"):
        text += f" {'+' if s['modifier'] > 0 else '−'} {abs(s['modifier'])}"
    text += f" = {s['total']}"
    return f"{s['who']}: {text}" if s.get("who") else text


def _goal(s: Mapping[str, Any]) -> str:
    name = s.get("name")
    goal = f"goal {s['goal']}" + (f" ({name.replace('-', ' ')})" if name else "")
    return f"{s['total']} {'≥' if s['success'] else '<'} {goal} → {'success' if s['success'] else 'failure'}"


def _contest(s: Mapping[str, Any]) -> str:
    a, b = s["mine"], s["theirs"]
    if a != b:
        return f"{a} {'>' if a > b else '<'} {b} → {'you win' if a > b else 'you lose'}"
    if s.get("defending") and not s.get("pvp"):
        return f"tie {a}: nothing happens, so you hold → {s['outcome']}"
    if s.get("pvp"):
        who = "you" if s.get("defendant") == "character" else "they"
        return f"tie {a}: the defendant wins ({who}) → {s['outcome']}"
    return f"tie {a}: nothing happens → draw"


_WORDS: dict[str, Callable[[Mapping[str, Any]], str | list[str]]] = {
    "side": _side,
    "goal": _goal,
    "no-bonus": lambda s: f"opponent has no {s['stat']}: bonus 0",
    "contest-read": _contest,
    "sum": lambda s: f"{' + '.join(map(str, s['faces'])) or 0} = {s['total']}",
    "critical": lambda s: f"critical d6 {s['face']}" + (": doubled" if s["face"] == CRITICAL_FACE else ""),
}
