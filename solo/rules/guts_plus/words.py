"""GUTS+'s words for players: its vocabulary (outcomes, terms, rules pages) and how its rolls read.

The engine and every front end ask the ruleset for these (its ``vocabulary``); nothing outside this
package knows them. Every sentence is our own summary of a mechanic; each rule names the book's
section. Pure data and reading: no I/O.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.vocabulary import DieReading, Names, Rule, RollReading, Vocabulary, count_words, plain_dice


def explain(record: Mapping[str, Any], names: Names) -> RollReading:
    """How one of this system's rolls reads: its dice, each with its reading, and why it came out so."""
    details = record.get("details") or {}
    vocab = VOCABULARY
    why: list[str] = []
    if details.get("voluntary"):
        return RollReading((), ("You chose to fail rather than roll, and earn experience for it.",), "voluntary-failure")
    if record.get("kind") == "contest":
        opp = details.get("opponent") or {}
        diff = details.get("difference")
        mine = record.get("total")
        if isinstance(opp, dict) and opp.get("total") is not None and diff is not None:
            ahead = "ahead" if diff > 0 else "behind" if diff < 0 else "level"
            why.append(f"You totalled {mine if mine is not None else sum(record.get('kept') or [])} against "
                       f"{opp.get('total')}: {'level' if diff == 0 else f'{ahead} by {abs(diff)}'}.")
        helper = details.get("helper")
        if isinstance(helper, dict):
            matched = len(helper.get("matches") or [])
            why.append(f"Your helper rolled {' '.join(map(str, helper.get('dice') or []))}: "
                       f"{matched} {'match' if matched == 1 else 'matches'} with your dice, each worth a bonus die.")
        if details.get("bonus"):
            why.append("Bonus dice from doubles and matches add to your total.")
        return RollReading(tuple(plain_dice(record)), tuple(why), "contest")
    values = details.get("values") or record.get("kept") or record.get("dice") or []
    readings = details.get("readings") or []
    dice = []
    for i, value in enumerate(values):
        reading = readings[i] if i < len(readings) else ""
        dice.append(DieReading(value, vocab.readings.get(reading, reading.replace("-", " ")), reading))
    if readings:
        counts: dict[str, int] = {}
        for r in readings:
            counts[r] = counts.get(r, 0) + 1
        cancelled = min(counts.get("positive-impact", 0), counts.get("negative-impact", 0))
        if cancelled:
            why.append(f"Each 6 cancels a 1: {count_words(cancelled, 'pair')} cancelled.")
        left = dict(counts)
        for key in ("positive-impact", "negative-impact"):
            left[key] = left.get(key, 0) - cancelled
        remaining = sum(v for v in left.values() if v > 0)
        top = max(left.items(), key=lambda kv: kv[1]) if left else ("", 0)
        if remaining == 0:
            why.append("Nothing is left after cancelling: a near success.")
        elif top[1] * 2 > remaining:
            word = vocab.readings.get(top[0], top[0])
            why.append(f"Most of the dice read {word}" if remaining > 1 else f"The die reads {word}")
            why[-1] += ", so that is the result."
        else:
            good = sum(max(0, left.get(k, 0)) for k in ("success", "positive-impact"))
            bad = sum(max(0, left.get(k, 0)) for k in ("failure", "negative-impact"))
            if good >= bad and good > 0:
                verdict = "at least as many good dice (4 to 6) as bad (1 or 2)"
            elif bad > good:
                verdict = "more bad dice (1 or 2) than good (4 to 6)"
            else:
                verdict = "no good or bad dice to tip it"
            why.append(f"No reading holds most of the dice; {verdict}.")
    modifier = int(details.get("modifier") or 0)
    as_rolled = ""  # a condition's modifier moves the dice shown; doubles and matches read them as rolled
    if modifier:
        rolled = [int(f) for f in record.get("dice") or [] if isinstance(f, int)]
        why.append(f"A condition changes each die by {modifier:+d}"
                   + (f" (rolled {' '.join(map(str, rolled))})." if rolled else "."))
        as_rolled = " as rolled"
    doubles = [d for d in details.get("doubles") or [] if isinstance(d, int)]
    if doubles and not details.get("bonus"):
        pairs = " and ".join(f"two {d}s" for d in doubles) + as_rolled
        left = details.get("bonus_left")
        why.append(f"Doubles ({pairs}) earn {count_words(len(doubles), 'bonus die')}"
                   + (": roll it to raise your dice." if left else "."))
    bonus = details.get("bonus") or []
    if bonus:
        shown = [int(b.get("die", 0)) for b in bonus if isinstance(b, dict)]
        pips = sum(shown)
        waits = "waits" if pips == 1 else "wait"
        placed = f"{waits} to be placed on your dice" if details.get("pending_bonus") else "raised your dice"
        earned = _earned_by(details, names, as_rolled)
        taken = "" if len(bonus) == int(details.get("bonus_total") or len(bonus)) else f"; {len(bonus)} rolled"
        why.append(f"{earned} {count_words(int(details.get('bonus_total') or len(bonus)), 'bonus die')}{taken}, "
                   f"showing {' '.join(map(str, shown))}: {count_words(pips, 'pip')} {placed}.")
    helper = details.get("helper")
    if isinstance(helper, dict):
        who = names.person(str(helper["id"])) if helper.get("id") else "Your helper"
        matched = len(helper.get("matches") or [])
        dice_text = " ".join(map(str, helper.get("dice") or []))
        why.append(f"{who} rolled {dice_text} along with you: "
                   + (f"{count_words(matched, 'match')} with your dice, each worth a bonus die." if matched
                      else f"no die matched yours{as_rolled}, so no bonus dice."))
    if record.get("xp") and record.get("kind") == "check":  # the "+1 XP" shown after the roll, said why
        why.append("A die rolled 1 or 2: 1 XP for the check, whatever its result.")
    topic = "bonus" if bonus else ("near-success" if record.get("outcome") == "near-success" else "check")
    return RollReading(tuple(dice), tuple(why), topic, _bonus_dice(details), _awaiting(record, details))


def _earned_by(details: Mapping[str, Any], names: Names, as_rolled: str) -> str:
    """Where a check's bonus dice came from, as the start of a sentence: "Doubles (two 4s) earned",
    "A match with Dara's dice (a 3) earned", or both joined by "and"."""
    doubles = [d for d in details.get("doubles") or [] if isinstance(d, int)]
    helper = details.get("helper")
    matches = [m for m in (helper.get("matches") or []) if isinstance(m, int)] if isinstance(helper, Mapping) else []
    parts = []
    if doubles:
        parts.append(f"doubles ({' and '.join(f'two {d}s' for d in doubles)}{as_rolled})")
    if matches:
        whose = f"{names.person(str(helper['id']))}'s dice" if helper.get("id") else "your helper's dice"
        shown = " and ".join(f"a {m}" for m in matches)
        parts.append(f"{'a match' if len(matches) == 1 else f'{len(matches)} matches'} with {whose} ({shown}{as_rolled})")
    said = " and ".join(parts)
    return said[0].upper() + said[1:] + " earned" if said else "You earned"


def _awaiting(record: Mapping[str, Any], details: Mapping[str, Any]) -> str:
    """While bonus pips wait to be placed the result is not settled: the dice as they lie are
    said as that, never as "so far" (keeping the roll places the pips by the best split)."""
    pending = details.get("pending_bonus")
    if not isinstance(pending, Mapping):
        return ""
    pips = int(pending.get("pips") or 0)
    word = VOCABULARY.outcomes.get(str(record.get("outcome")), str(record.get("outcome") or ""))
    return (f"As the dice lie: {word}; {count_words(pips, 'pip')} still to place "
            f"(keeping the roll places them where they do most).")


def _bonus_dice(details: Mapping[str, Any]) -> tuple[tuple[str, tuple[DieReading, ...]], ...]:
    """The bonus dice rolled beside the main ones, for the dice row."""
    bonus = tuple(DieReading(b["die"]) for b in details.get("bonus") or [] if isinstance(b, dict) and "die" in b)
    return (("bonus die" if len(bonus) == 1 else "bonus dice", bonus),) if bonus else ()


VOCABULARY = Vocabulary(
    system="guts-plus",
    explain=explain,
    book="The GUTS+ System",
    resources={"xp": "Experience (XP)", "learning": "Learning experiences"},
    outcomes={
        "negative-impact": "disaster",
        "failure": "failure",
        "near-success": "near success",
        "success": "full success",
        "positive-impact": "great success",
    },
    meanings={
        "negative-impact": "it goes wrong, and something else goes wrong with it",
        "failure": "it does not work",
        "near-success": "almost: it works with a cost, or nearly works",
        "success": "it works",
        "positive-impact": "it works, with something extra in your favour",
    },
    readings={
        "negative-impact": "disaster",
        "failure": "miss",
        "near-success": "close",
        "success": "hit",
        "positive-impact": "great",
    },
    terms=(
        ("quality", "what your character is good at (Gumption, Utility, Thought, Slyness and your own); its level is how many dice you roll"),
        ("check", "roll one die per level of the quality; each die is read alone and the dice that agree most decide"),
        ("near success", "most dice read close (3), or sixes and ones cancel every die: it almost works; the adventure says at what cost"),
        ("bonus die", "two dice showing the same face (above 1) earn one extra die; the pips of the bonus dice you take are added up and shared out among your dice"),
        ("contest", "you and the other side each roll and total your dice; the difference decides"),
        ("XP", "experience: one for a check with a 1 or 2 in it, more from the adventure; at 100 a quality rises"),
        ("learning", "a disaster on a quality teaches you, and so can the adventure: ten of them raise it by one"),
        ("mastery", "a quality at 10 with 10 learning experiences: once per roll, set one die to any face"),
        ("fail on purpose", "skip a roll you fear, take a plain failure and one XP per die you would have rolled; once per choice"),
        ("injury", "a hit marks one body part; a part takes two injuries and is then lost; losing the head, or three other parts at once, knocks you out"),
        ("protection", "worn gear over a body part takes its injuries first, two of them; then it must be set right before it protects again"),
        ("marks", "what protection has taken: 1/2 marks means one of its two is used up; at 2/2 it is knocked loose"),
        ("impact", "the book's word for the two ends of a roll: a positive impact is a great success (in a fight, one more injury), a negative impact a disaster (in close combat the other side strikes back)"),
    ),
    rules={
        "check": Rule(
            "Checks",
            "Roll one six-sided die per level of the quality. Each die is read alone: 1 is a disaster, "
            "2 a miss, 3 close, 4 or 5 a hit, 6 great. A 6 cancels a 1. If one reading holds more than "
            "half of the dice left, that is the result. Otherwise the good dice (4 to 6) are counted "
            "against the bad (1 and 2): more bad dice is a failure; as many or fewer, a full success. "
            "If sixes and ones cancel every die, it is a near success.",
            "The GUTS+ System, “Check”",
        ),
        "near-success": Rule(
            "Near success",
            "A near success is the Game Master's call in the book. Here the adventure decides: it may "
            "say what a near success does; if it does not, a second die settles it (4 to 6 counts as "
            "success), or the check says how it counts.",
            "The GUTS+ System, “Check”; solo's rules digest",
        ),
        "bonus": Rule(
            "Doubles and bonus dice",
            "Two dice showing the same face above 1 make a double, and each double earns one bonus "
            "die. You may roll each or not. The pips of all the bonus dice you take are added up and "
            "shared out among your dice to raise them, none above 6; solo proposes the split that "
            "reads best, and you may type your own, one number per die (1 0 2). With mastery you may "
            "set one die to any face (type m 2 5 for die 2 to 5); a double it makes before you take a "
            "bonus die earns one.",
            "The GUTS+ System, “Rolling Doubles”",
        ),
        "voluntary-failure": Rule(
            "Failing on purpose",
            "Instead of rolling you may accept a failure (never a disaster) and gain 1 XP for every die "
            "you would have rolled. Each choice allows it once: trying the same thing again means "
            "rolling.",
            "The GUTS+ System, “Voluntary Failure”",
        ),
        "contest": Rule(
            "Contests",
            "Both sides roll their dice and add them up. Ahead by 1 to 3 is a full success, by more a "
            "great success; level is a near success; behind by 1 or 2 a failure, by more a disaster. The "
            "book reads a contest for the side that acts; when you defend, its result is turned round for "
            "you: its full success is your failure, its great success your disaster, its disaster your "
            "great success.",
            "The GUTS+ System, “Contest”",
        ),
        "fight": Rule(
            "Fights",
            "The first round goes in Gumption order, then all act freely. An attack is a contest (Gumption "
            "up close, Utility at range): a full success lands the weapon's injuries on a body part, a "
            "great success one more, a near success is settled by a die as a hit or a miss, a disaster "
            "turns it on the attacker (up close, the defender strikes back; at range, a lost turn). Each "
            "part takes two injuries before it is lost; protection over it takes the first two. Losing "
            "the head, or three other parts at once, knocks a fighter out.",
            "The GUTS+ System, “Combat”, “Injuries” and “Protection”",
        ),
        "xp": Rule(
            "Experience",
            "A check with a 1 or a 2 among its dice earns 1 XP; adventures award more for what you "
            "achieve. At 100 XP, raise one quality by one or add a new quality, and start again from 0.",
            "The GUTS+ System, “Experience Points”",
        ),
    },
)
