"""Humanity, Blessed's words for players: its vocabulary (outcomes, terms, rules pages) and how its rolls read.

The engine and every front end ask the ruleset for these (its ``vocabulary``); nothing outside this
package knows them. Every sentence is our own summary of a mechanic; each rule names the book's
section. Pure data and reading: no I/O.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.vocabulary import Names, Rule, RollReading, Vocabulary, count_words, in_sentence, plain_dice


#: Steps of a record that say what a roll drew on or could not (a companion's stat or ability,
#: a spark or third stat refused, a condition at work): the roll's notes, told with its reasons.
NOTES = ("loan", "loan-held", "no-loan", "scope-swap", "scope-swap-held", "no-scope-swap", "scope-history", "synchronized", "paired", "no-spark", "no-ascendant", "enmity", "no-enmity",
         "famous", "agreeable", "ache", "weakness", "no-bumping")


def notes(record: Mapping[str, Any]) -> list[str]:
    """The roll's notes as sentences: the stats of a spark of three (Ascendant Spark), then each
    step of :data:`NOTES` in the record's words. Names in them are the file's, as data."""
    from solo.rules.humanity_blessed.record_words import say

    found: list[str] = []
    stats = (record.get("details") or {}).get("stats")
    if isinstance(stats, list) and len(stats) == 3:
        found.append("Ascendant Spark: " + " + ".join(str(s).title() for s in stats) + ".")
    for step in record.get("steps") or ():
        if not isinstance(step, Mapping) or step.get("code") not in NOTES:
            continue
        said = say(step)
        for line in [said] if isinstance(said, str) else list(said or ()):
            line = line.strip()
            if line:
                found.append(line[:1].upper() + line[1:] + ("" if line.endswith(".") else "."))
    return found


def explain(record: Mapping[str, Any], names: Names) -> RollReading:
    """How one of this system's rolls reads: its dice, each with its reading, and why it came out so."""
    d = record.get("details") or {}
    why: list[str] = notes(record)
    total, target = record.get("total"), d.get("target")
    accepted = d.get("self_acceptance")
    if isinstance(accepted, Mapping) and accepted.get("rolled"):
        why.append(f"Radical Self-Acceptance: {str(accepted['rolled']).title()} rolled instead of "
                   f"{str(accepted.get('written', '')).title()}.")
    thought = d.get("shower_thoughts")
    if isinstance(thought, Mapping) and "used" in thought:
        why.append(f"Shower Thoughts: the {thought['used']} you thought of stands in for the dice.")
    if d.get("bumps"):
        why.append(f"A 1 bumps: the die is rolled again and added ({count_words(int(d['bumps']), 'bump')}).")
    help_spent = d.get("help") or d.get("blessings_spent")
    if help_spent:
        why.append("Blessing dice helped: one die adds 1; several add a capped die (+dcN: a die that "
                   "never reads above N).")
    for helped in d.get("convoy_help") or ():
        if isinstance(helped, Mapping):
            why.append(f"Blessèd Convoy: {helped.get('by')} helped, +{helped.get('value')} at no cost.")
    if total is not None and target is not None:
        why.append(f"Total {total} against {target}: " + ("reached." if total >= target else "short."))
    size = d.get("size")
    if size:
        why.append(f"Outcome size: {str(size).replace('-', ' ')}.")
    if isinstance(d.get("wits"), Mapping):
        why.append("Blessèd Wits: the loss stands, and your attacker gets a lesser version of it.")
    topic = "blessings" if help_spent else ("contest" if record.get("kind") == "contest" else "check")
    return RollReading(tuple(plain_dice(record)), tuple(why), topic, awaiting=_awaiting(record, d))


def _awaiting(record: Mapping[str, Any], details: Mapping[str, Any]) -> str:
    """An open defence (the attack rolled, the player's answer not yet): what stands so far; a
    check waiting for Radical Self-Acceptance's stat or for Shower Thoughts: nothing rolled yet."""
    accepted = details.get("self_acceptance")
    if isinstance(accepted, Mapping) and "others" in accepted:
        return "Nothing rolled yet: while Uncool you may roll another stat (Radical Self-Acceptance)."
    scope = details.get("history_scope")
    if isinstance(scope, Mapping) and "written" not in scope and record.get("total") is None:
        return f"Nothing rolled yet: your History covers {scope.get('touchstone')}; roll it or the stat written."
    thought = details.get("shower_thoughts")
    if isinstance(thought, Mapping) and "value" in thought and record.get("total") is None:
        return "Nothing rolled yet: you may roll or use what you thought of (Shower Thoughts)."
    held = details.get("open_defence")
    if not isinstance(held, Mapping):
        return ""
    attacker = held.get("attacker") or {}
    name = str(attacker.get("name") or "The attacker") if isinstance(attacker, Mapping) else "The attacker"
    return f"{name} rolled {record.get('total')}; your answer is not rolled yet."


def fight_roll(record: Mapping[str, Any]) -> str | None:
    """A contest's dice, side by side, for a fight beat: "Lout 2 rolled 4 against Tam's 1 and 5:
    Tam holds". The record holds both sides' rolls (its ``rolled`` steps, the starter's first)
    and is read from the side that owns it, so a generic "rolled ...: success" would pin the
    answerer's result and dice on the attacker. None when the record is not such a contest."""
    steps = [s for s in record.get("steps") or () if isinstance(s, Mapping)]
    sides = [s for s in steps if s.get("code") == "rolled" and s.get("who")]
    result = next((s for s in steps if s.get("code") in ("contest-result", "defence-result")), None)
    if len(sides) != 2 or result is None:
        return None
    first, second = sides
    starts = result.get("code") == "contest-result"  # else the answerer's record (a defence)
    totals = (result.get("total"), result.get("other")) if starts else (result.get("other"), result.get("total"))

    def side(step: Mapping[str, Any], total: Any) -> str:
        values = [v for group in step.get("rounds") or () for v in group if isinstance(v, int)]
        words = [str(v) for v in values]
        said = (", ".join(words[:-1]) + " and " + words[-1]) if len(words) > 1 else "".join(words)
        if isinstance(total, int) and total != sum(values):  # help, aid, a pain: the `?` says which
            said += f", {total} in all"
        return said

    won = result.get("won") is True if starts else result.get("held") is False
    verdict = f"{in_sentence(str(first.get('who')))} wins" if won else f"{in_sentence(str(second.get('who')))} holds"
    return (f"{in_sentence(str(first.get('who')))} rolled {side(first, totals[0])} against {in_sentence(str(second.get('who')))}'s "
            f"{side(second, totals[1])}: {verdict}")


VOCABULARY = Vocabulary(
    system="humanity-blessed",
    explain=explain,
    fight_roll=fight_roll,
    book="Humanity, Blessed",
    resources={"blessings": "Blessing dice", "free_upgrades": "Free upgrades", "cursed": "Cursed"},
    hidden_resources=frozenset({"spark_paid", "upgrades_bought", "sp_unspent"}),
    outcomes={"failure": "failure", "success": "success"},
    meanings={"failure": "it does not work", "success": "it works"},
    terms=(
        ("stat die", "each stat is a die, d4 to d10; you roll it against a target"),
        ("bumping", "a die showing 1 is rolled again and added, as often as it shows 1"),
        ("blessing dice", "a pool of kept d6s; spend them to help a roll (one die: +1; n dice: +dcn)"),
        ("+dcN", "a capped die: the smallest die that can show N, with anything above N read as N (dc2 is a d4 reading 1, 2, 2, 2)"),
        ("spark", "pay two blessing dice of equal worth to roll two equal stats together"),
        ("outcome size", "how big a success or failure is: very minor, minor, medium, major, very major, maximum"),
        ("target", "lowest 3, easy 4, medium 8, hard 12, very hard 16, trial 20"),
        ("focus roll", "in a fight every fighter rolls at the top of the round; the highest acts first, then the rest from the lowest up"),
        ("defend", "answer an attack with your own roll: Hurry in the first round, from the second Hurry, Head, Hand, Heart or Home; the attacker needs a higher total"),
        ("wound", "a blow that lands leaves a wound on the stat that defended: ache, pain, weak or vulnerable, worse for a bigger blow"),
        ("ache", "the stat's top face reads as the one below it, until the scene ends"),
        ("pain", "-1 on the stat's rolls, until you rest somewhere safe"),
        ("weak", "the stat's rolls take no help (no blessing dice, items or aid) until treated"),
        ("vulnerable", "an opponent who sees you roll the stat may make you roll it again, until treated"),
        ("down", "felled by a major blow or worse: no actions; an ally may tend you back up, a foe may finish you"),
        ("tend", "get a fallen ally up: a Home roll beating the felling roll by 4 or more; the blow becomes a pain"),
        ("finish (coup de grace)", "a Hurt roll of 8 or more on a fallen foe puts them out for good"),
        ("taken out", "out of the fight for good (finished, or down when your side lost); the adventure says when it ends"),
        ("muddled", "-2 on your next focus roll (after being wrong-footed)"),
    ),
    rules={
        "check": Rule(
            "Checks",
            "Roll the stat's die; a 1 bumps (roll again and add). Reaching the target succeeds, and the "
            "total sets how big the outcome is.",
            "Humanity, Blessed, “Basic Checks” and “Bumping Dice”",
        ),
        "blessings": Rule(
            "Blessing dice",
            "Gaining a blessing die means rolling a d6 and keeping it with its face; a 1 brings another. "
            "Once per roll you may spend some: one die gives +1, n dice give a capped die +dcn.",
            "Humanity, Blessed, “Blessing Dice” and “Spending Blessing Dice”",
        ),
        "dc": Rule(
            "Capped dice",
            "dcX is the smallest standard die that can show X, any higher face read as X: dc2 is a d4 "
            "reading 1, 2, 2, 2. Capped dice bump like the others.",
            "Humanity, Blessed, “Capped Dice”",
        ),
        "contest": Rule(
            "Contests",
            "The defender rolls the same stat; the attacker wins only with a strictly higher total. The "
            "margin sets the outcome's size.",
            "Humanity, Blessed, “Contests”",
        ),
        "fight": Rule(
            "Fights",
            "There are no hit points. Each round every fighter says what they try (attack, wrong-foot, "
            "tend a fallen ally, finish a fallen foe, run, stand ready) and rolls for it at once: the "
            "highest roll acts first, then the rest from the lowest up, and nobody takes part in more "
            "than one contest a round. An attack is Hurt against the defender's answer (Hurry in the "
            "first round, then Hurry, Head, Hand, Heart or Home); only a higher total lands, and the "
            "margin's size is the blow: very minor or minor an ache, medium a pain, major a weakness, "
            "very major a vulnerability, maximum both, on the stat that defended. A weakness or worse "
            "puts the fighter down: an ally beating the felling roll by 4 on Home gets them up (the "
            "blow becomes a pain); a foe rolling 8 on Hurt first finishes them. Aches end with the "
            "fight; other wounds stay until rest or treatment.",
            "Humanity, Blessed, “Simultaneous Actions”, “Contests”, “Size of Outcomes”, “Wounds” and "
            "“GM Guide: Describing Violent Effects”",
        ),
    },
)
