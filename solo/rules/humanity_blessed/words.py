"""Humanity, Blessed's words for players: its vocabulary (outcomes, terms, rules pages) and how its rolls read.

The engine and every front end ask the ruleset for these (its ``vocabulary``); nothing outside this
package knows them. Every sentence is our own summary of a mechanic; each rule names the book's
section. Pure data and reading: no I/O.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.vocabulary import Names, Rule, RollReading, Vocabulary, count_words, plain_dice


def explain(record: Mapping[str, Any], names: Names) -> RollReading:
    """How one of this system's rolls reads: its dice, each with its reading, and why it came out so."""
    d = record.get("details") or {}
    why: list[str] = []
    total, target = record.get("total"), d.get("target")
    if d.get("bumps"):
        why.append(f"A 1 bumps: the die is rolled again and added ({count_words(int(d['bumps']), 'bump')}).")
    help_spent = d.get("help") or d.get("blessings_spent")
    if help_spent:
        why.append("Blessing dice helped: one die adds 1; several add a capped die (+dcN: a die that "
                   "never reads above N).")
    if total is not None and target is not None:
        why.append(f"Total {total} against {target}: " + ("reached." if total >= target else "short."))
    size = d.get("size")
    if size:
        why.append(f"Outcome size: {str(size).replace('-', ' ')}.")
    topic = "blessings" if help_spent else ("contest" if record.get("kind") == "contest" else "check")
    return RollReading(tuple(plain_dice(record)), tuple(why), topic, awaiting=_awaiting(record, d))


def _awaiting(record: Mapping[str, Any], details: Mapping[str, Any]) -> str:
    """An open defence (the attack rolled, the player's answer not yet): what stands so far."""
    held = details.get("open_defence")
    if not isinstance(held, Mapping):
        return ""
    attacker = held.get("attacker") or {}
    name = str(attacker.get("name") or "The attacker") if isinstance(attacker, Mapping) else "The attacker"
    return f"{name} rolled {record.get('total')}; your answer is not rolled yet."


VOCABULARY = Vocabulary(
    system="humanity-blessed",
    explain=explain,
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
    },
)
