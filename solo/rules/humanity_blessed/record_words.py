"""How a Humanity, Blessed roll record's steps read: the words for each reason code, made when shown.

The rolling, offer, fight and endeavour modules write every step of a record as a code and its
numbers and names (:func:`solo.rules.reasons.reason`; the verdict steps are listed in
:mod:`.record_steps`); this module alone turns them into lines, so rewording one changes what the
player reads and never a save or a replay. :func:`say` returns None for a code it does not know.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from solo.rules.humanity_blessed.tables import BIG_WIN
from solo.rules.humanity_blessed.blessings import gained_words

INDENT = "  "  # a step that adds to the roll above it is set in under it


def say(step: Mapping[str, Any]) -> str | list[str] | None:
    """The line(s) one step reads as."""
    words = _WORDS.get(str(step.get("code")))
    return None if words is None else words(step)


def lines(steps: Iterable[Mapping[str, Any]]) -> list[str]:
    """The lines of several steps, in order (a code with no words is shown as its code)."""
    from solo.rules.reasons import step_text

    return [line for step in steps for line in step_text(step, say)]


def _pair(values: Sequence[int]) -> str:
    return f"{values[0]} and {values[1]}"


def _noun(n: int) -> str:
    return "die" if n == 1 else "dice"


def refusal(s: Mapping[str, Any]) -> str:
    """Why a spark could not be rolled (a ``no-spark`` step's reason, and a record's
    ``spark_refused``)."""
    why = s.get("why")
    if why == "unbalanced":
        return f"{s['stat']} {s['die']} and {s['spark']} {s['spark_die']} are not balanced"
    if why == "same-stat":
        return "a spark needs two different stats"
    if why == "no-pair":
        return "the pool has no two blessing dice of equal worth"
    if why in ("no-sync", "no-sync-mate"):
        return f"a spark with {s.get('who')} needs Synchronized Spark on both sides"
    return str(why)  # "surprised", "taxed": the condition's own name


def _rolled(s: Mapping[str, Any]) -> str:
    shown = ["+".join(map(str, r)) for r in s["rounds"]]
    if len(shown) > 8:  # keep the line short on a freak chain of bumps
        shown = shown[:6] + ["…", shown[-1]]
    line = f"{s['who']} {s['die']}: {' | '.join(shown)} = {s['natural']}"
    bumps = int(s.get("bumps") or 0)
    if bumps:
        line += f" ({bumps} bump{'s' if bumps != 1 else ''})"
    return line


def _aid(s: Mapping[str, Any]) -> str:
    who = f"{s.get('who') or 'defender'} " if s.get("defender") else ""
    die = f" {s['die']}" if s.get("die") else ""
    return f"{INDENT}{who}aid{die} ({s['source']}): +{s['value']}"


def _forced(s: Mapping[str, Any]) -> str:
    if s.get("witness"):
        return f"{INDENT}vulnerability: an opposing witness forces a reroll of {s['total']}"
    if s.get("defender"):
        return (f"{INDENT}vulnerability: {s.get('by') or 'the attacker'} forces "
                f"{s.get('whom') or 'the defender'} to reroll {s['total']}")
    return f"{INDENT}vulnerability: {s.get('by') or 'the opponent'} forces a reroll of {s['total']}"


_ORDINALS = {1: "highest", 2: "second highest", 3: "third highest", 4: "fourth highest"}


def _check_result(s: Mapping[str, Any]) -> str:
    line = f"result: {s['total']} vs {s['target']} → {s['outcome']}"
    if s.get("size") is not None:
        line += f" ({s['size']}{', Perfect Divination' if s.get('divination') else ''})"
    return line


def _contest_result(s: Mapping[str, Any]) -> str:
    verdict = f"win ({s['size']})" if s["won"] else "loss (ties hold)"
    return f"result: {s['total']} vs {s['other']} → {verdict}"


def _defence_result(s: Mapping[str, Any]) -> str:
    verdict = "held (ties hold)" if s["held"] else f"the attack lands ({s['size']})"
    return f"result: {s['total']} vs {s['other']} → {verdict}"


def _uncommon_result(s: Mapping[str, Any]) -> str:
    if s["won"]:
        return f"result: History covers {s['total']} (up to {s['limit']}): win ({s['size']})"
    return f"result: History covers up to {s['limit']}, not {s['total']}: loss"


def _first_roll(s: Mapping[str, Any]) -> str:
    line = f"{s['stat']} {s['die']}: first roll {s['reading']}"
    return line + (" (it bumps: the roll goes on)" if s.get("bumps") else "")


def _lucky(s: Mapping[str, Any]) -> str:
    if s.get("lucky") is None:
        faces = s.get("faces") or [0, 0]
        return f"Lucky number: none today (rolled {_pair(faces)})"
    return f"Lucky number this session: {s['lucky']}"


def _help(s: Mapping[str, Any]) -> str:
    n = int(s["dice"])
    return f"{INDENT}help: spent {n} blessing {_noun(n)}, {s['die']} → +{s['value']}"


def _fight_help(s: Mapping[str, Any]) -> str:
    n = int(s["dice"])
    whose = (s.get("opponent") or "the defender") if s.get("defending") else "the roll"
    return (f"{INDENT}help for {whose}: {s.get('by') or 'a helper'} spends {n} blessing {_noun(n)}, "
            f"{s['die']} → +{s['value']}")


def _line_help(s: Mapping[str, Any]) -> str:
    n = int(s["dice"])
    verb = "takes off" if int(s.get("sign", 1)) < 0 else "adds"
    who = f" ({s['opponent']})" if s.get("defending") else ""
    return f"{INDENT}help{who}: {n} blessing {_noun(n)}, {s['die']} {verb} {s['value']}"


def _fearless(s: Mapping[str, Any]) -> str:
    gained = gained_words([int(v) for v in s.get("gained") or []])
    return f"{INDENT}Fearless Resolve: the {s['was']} blow is taken as {s['size']}; Blessing dice gained: {gained}"


def _blessed_luck(s: Mapping[str, Any]) -> str:
    again = "Blessed Luck: the check is attempted again"
    return again + (f" (recharged with {s['recharge']})" if s.get("recharge") is not None else "")


_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # one side's roll and what changes it
    "rolled": _rolled,
    "training": lambda s: f"{INDENT}Advanced Training +{s['bonus']}",
    "spark-paid": lambda s: f"{INDENT}spark: paid blessing dice {_pair(s['paid'])}" + (" (cursed)" if s.get("cursed") else ""),
    "no-spark": lambda s: f"{INDENT}no spark: {refusal(s)}",
    "enmity": lambda s: f"{INDENT}Synchronized Enmity: paid blessing dice {_pair(s['paid'])}; both sides bump together",
    "enmity-more": lambda s: f"{INDENT}bumped along with {len(s['rounds'])} more round(s): " + " | ".join("+".join(map(str, r)) for r in s["rounds"]),
    "no-enmity": lambda s: f"{INDENT}not in sync (Synchronized Enmity): " + {
        "no-ability": "it needs Synchronized Enmity and Synchronized Spark", "focal": "not for a focal roll",
        "group": "not with a group on either side", "complex": "not in a complex attack",
        "vulnerable": "not while a side is open to a forced reroll",
        "no-pair": "the pool cannot pay two dice of equal worth"}.get(str(s.get("why")), str(s.get("why"))),
    "synchronized": lambda s: f"{INDENT}Synchronized Spark: {s['who']}'s {s['stat']}",
    "paired": lambda s: f"{INDENT}Double Trouble: paired with {s['who']}'s {s['stat']}",
    "loan": lambda s: (f"{INDENT}Synchronized Skill: {s['who']} lends you {s['ability']} until the scene ends; "
                       f"paid blessing dice {_pair(s['paid'])}"),
    "loan-held": lambda s: f"{INDENT}Synchronized Skill: {s['ability']} is still on loan from {s['who']}",
    "scope-swap": lambda s: (f"{INDENT}Synchronized Uncommonality: your History covers {s['who']}'s scope until the "
                             f"scene ends ({', '.join(map(str, s['touchstones']))}); paid blessing dice {_pair(s['paid'])}"),
    "scope-swap-held": lambda s: f"{INDENT}Synchronized Uncommonality: your History still covers {s['who']}'s scope",
    "no-scope-swap": lambda s: f"{INDENT}no swap of History scopes with {s['who']} (Synchronized Uncommonality): " + {
        "no-ability": "it needs Synchronized Uncommonality and Synchronized Spark",
        "no-pair": "the pool cannot pay two dice of equal worth"}.get(str(s.get("why")), str(s.get("why"))),
    "scope-open": lambda s: f"{INDENT}your History covers {s['touchstone']}: History may answer this check",
    "scope-history": lambda s: f"{INDENT}History answers instead of {s['written']} (your History covers {s['touchstone']})",
    "no-loan": lambda s: (f"{INDENT}no loan (Synchronized Skill): the pool cannot pay two dice of equal worth "
                          f"for {s['who']}'s {s['ability']}"),
    "no-ascendant": lambda s: f"{INDENT}no third stat (Ascendant Spark): " + {
        "no-ability": "it needs the ability", "violent": "not in a violent roll",
        "small": "each stat must be d8 or larger", "unbalanced": "the three stats must be balanced",
        "no-pair": "the pool cannot pay two more dice of equal worth"}.get(str(s.get("why")), str(s.get("why"))),
    "no-bumping": lambda s: f"{INDENT}no bumping ({s['why']})",
    "ache": lambda s: f"{INDENT}ache: the top face reads one lower",
    "weakness": lambda s: f"{INDENT}weakness: no help or aid",
    "modifier": lambda s: f"{INDENT}{int(s['value']):+d} ({s['name']})",
    "aid": _aid,
    "forced-reroll": _forced,
    "agreeable": lambda s: f"{INDENT}agreeable: the top face reads one lower",
    "famous": lambda s: f"{INDENT}famous: {s['die']} adds {s['value']}",
    "immune": lambda s: f"{INDENT}immune: {s['total']} would have won; the defender holds, winning by 1",
    "complex": lambda s: f"{INDENT}complex attack: {s['total']} is under the target {s['target']}, read as {s['target']}",
    "group-median": lambda s: (f"{INDENT}group of {s['rolls']}: the {_ORDINALS[int(s['rank'])]} roll counts: "
                               f"{s['total']} ({s['name']})"),
    # the verdict (one a record; :mod:`.record_steps` knows them)
    "check-result": _check_result,
    "contest-result": _contest_result,
    "defence-result": _defence_result,
    "uncommon-result": _uncommon_result,
    "so-far-result": lambda s: f"result: {s['total']} so far vs {s['target']}",
    "answer-result": lambda s: f"result: {s['total']} to answer",
    # a spark declared after the roll began
    "first-roll": _first_roll,
    "spark-open": lambda s: f"{INDENT}a spark may still be declared: it joins this roll",
    "answer-open": lambda s: f"{INDENT}your answer may still be sparked",
    "taxed-ended": lambda s: f"{INDENT}Taxed ended: paid blessing dice {_pair(s['paid'])}",
    "late-spark": lambda s: (f"{INDENT}spark declared after the first roll ({s['reading']}): paid blessing "
                             f"dice {_pair(s['paid'])}"),
    "answer-spark": lambda s: f"{INDENT}spark declared for your answer: paid blessing dice {_pair(s['paid'])}",
    # the session and the blessing dice a roll earns
    "lucky-number": _lucky,
    "lucky-earned": lambda s: f"lucky number {s['lucky']}! blessing die earned",
    "big-win-earned": lambda s: f"success by {BIG_WIN} or more: blessing die earned",
    # what the player (or a helper) did about the roll
    "help": _help,
    "fight-help": _fight_help,
    "line-help": _line_help,
    "distraction": lambda s: f"{INDENT}Blessèd Distraction ({s['by']}): -{s['value']}",
    "fearless": _fearless,
    "was": lambda s: f"{INDENT}(was {s['total']})",
    "blessed-luck": _blessed_luck,
    "optimal-solution": lambda s: (f"{INDENT}Optimal Solution: four d6 {', '.join(map(str, s['faces']))}: "
                                   + (f"they pair up, +{s['value']}" if s["value"] else "they do not pair up")),
    "insured": lambda s: (f"Blessèd Insurance: the failure is turned into a success ({s['size']})"
                          + (f", recharged with {', '.join(map(str, s['paid']))}" if s.get("paid") else "")),
    "convoy-help": lambda s: f"{INDENT}Blessèd Convoy: {s['by']} helps, +{s['value']} at no cost",
    "wits": lambda s: ("Blessèd Wits: your attacker gets a lesser version of it"
                       + (f", recharged with {', '.join(map(str, s['paid']))}" if s.get("paid") else "")),
    "self-acceptance": lambda s: (f"{INDENT}Uncool: Radical Self-Acceptance may roll another stat "
                                  f"than {s['stat']}"),
    "self-accepted": lambda s: f"{INDENT}Radical Self-Acceptance: {s['rolled']} rolled instead of {s['written']}",
    "shower-thoughts-open": lambda s: (f"{INDENT}Shower Thoughts: the {s['value']} you thought of "
                                       "may stand in for this roll"),
    "shower-thought-used": lambda s: (f"{INDENT}Shower Thoughts: the {s['value']} you thought of"
                                      + (f", {s['modifier']:+d}" if s.get("modifier") else "")
                                      + ", nothing rolled"),
    "auto-history": lambda s: f"History {s['die']} covers target {s['target']}: automatic success ({s['size']})",
}
