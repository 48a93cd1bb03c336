"""How a GUTS+ roll record's steps read: the words for each reason code, made when shown.

The ruleset (:mod:`.ruleset`, :mod:`.records`, :mod:`.offers`) writes steps as codes and numbers
(:func:`solo.rules.reasons.reason`); this module alone turns them into lines, so they can be
reworded without touching a save. :func:`say` returns None for a code it does not know.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus.qualities import display_name


def say(step: Mapping[str, Any]) -> str | list[str] | None:
    """The line(s) one step reads as."""
    words = _WORDS.get(str(step.get("code")))
    return None if words is None else words(step)


def _dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def _plural(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


def label(qualities: Sequence[str], base: int) -> str:
    """A side's roll as the player knows it: ``Thought 1``, ``Brawn+Grit 3``, ``2 dice``."""
    if not qualities:
        return f"{base} {_plural(base, 'die', 'dice')}"
    return f"{'+'.join(display_name(q) for q in qualities)} {base}"


def _condition(s: Mapping[str, Any]) -> str:
    effects = []
    if s.get("modifier"):
        effects.append(f"{s['modifier']:+d} to rolls")
    if s.get("fewer"):
        effects.append(f"{s['fewer']} fewer {_plural(s['fewer'], 'die', 'dice')}")
    return f"{s['name']}: {', '.join(effects)}"


def _rolled(s: Mapping[str, Any]) -> str:
    head = label(s["qualities"], s["base"])
    if s["dice"] < s["base"]:
        head += f", {s['dice']} after fewer dice"
    return f"{head}: rolled {_dice(s['faces'])}"


def _doubles(s: Mapping[str, Any]) -> str:
    found = s["doubles"]
    return (f"doubles {', '.join(f'{v}-{v}' for v in found)}: "
            f"{len(found)} bonus {_plural(len(found), 'die', 'dice')}")


def _helper(s: Mapping[str, Any]) -> str:
    count = len(s["matches"])
    return (f"helper rolled {_dice(s['dice'])}: {count} {_plural(count, 'match', 'matches')}, "
            f"{count} bonus {_plural(count, 'die', 'dice')}")


def _versus(s: Mapping[str, Any]) -> str:
    difference = s["total"] - s["theirs"]
    role = f" (defending: {-difference:+d} for the aggressor)" if s.get("defending") else ""
    rank = go.defender_rank(difference) if s.get("defending") else go.contest_rank(difference)
    return f"{s['total']} vs {s['theirs']}: {difference:+d}{role} → {go.WORDS[rank]}"


def _placed(s: Mapping[str, Any]) -> str:
    how = s["how"]
    manner = {"best": "by the best split", "keep": "by the best split as the roll is kept",
              "typed": f"as typed ({_dice(s['split'])})"}.get(how, f"all on {how}")
    lost = f" ({s['lost']} lost)" if s.get("lost") else ""
    pips = s["pips"]
    return (f"{pips} bonus {_plural(pips, 'pip', 'pips')} placed {manner}{lost}: {_dice(s['values'])} → "
            f"{go.WORDS[go.read_rank(s['values'])]}")


def _mastery(s: Mapping[str, Any]) -> str:
    line = f"mastery: die {s['die'] + 1} ({s['from']}) becomes {s['to']}"
    if s.get("gained"):
        line += f", {s['gained']:+d} bonus {_plural(abs(s['gained']), 'die', 'dice')}"
    if s.get("values") is not None:
        line += f" → {go.WORDS[go.read_rank(s['values'])]}"
    return line


def _near(s: Mapping[str, Any]) -> str:
    if "oracle_die" in s:
        verdict = "success" if s["oracle_die"] >= 4 else "failure"
        return f"near success, oracle die {s['oracle_die']} → counts as {verdict}"
    return f"near success counts as {s['policy']}"


def _blocked(s: Mapping[str, Any]) -> str:
    if s.get("why") == "skill":
        return f"no roll: the skill {s['skill']} is not one this essence knows → failure"
    return f"no roll: {s['reach']} ft is beyond this essence's range of {s['range']} ft → failure"


_WORDS: dict[str, Callable[[Mapping[str, Any]], str | list[str]]] = {
    "condition": _condition,
    "rolled": _rolled,
    "modified": lambda s: f"{s['modifier']:+d} to each die: {_dice(s['values'])}",
    "doubles": _doubles,
    "helper": _helper,
    "read": lambda s: go.explain(s["values"]),
    "roles": lambda s: f"{s['aggressor']} is the aggressor, {s['defender']} the defender",
    "opponent-rolled": lambda s: f"{s['name']}, {label(s['qualities'], s['base'])}: rolled {_dice(s['faces'])}",
    "opponent-bonus": lambda s: f"{s['name']} takes bonus dice {_dice(s['dice'])}",
    "opponent-mastery": lambda s: f"{s['name']}'s mastery: {s['face']} becomes 6",
    "total-modified": lambda s: f"{s['modifier']:+d} to the total",
    "versus": _versus,
    "voluntary": lambda s: f"failed on purpose instead of rolling {s['dice']}: +{s['dice']} XP",
    "near": _near,
    "bonus-die": lambda s: (f"bonus die {s['face']}: {s['pips']} {_plural(s['pips'], 'pip', 'pips')} to place"
                            if "pips" in s else f"bonus die {s['face']} added to the total"),
    "placed": _placed,
    "declined": lambda s: f"{s['count']} bonus {_plural(s['count'], 'die', 'dice')} declined",
    "mastery": _mastery,
    "essence-blocked": _blocked,
}
