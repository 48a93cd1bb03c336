"""FOUR-S's words for players: its vocabulary (outcomes, terms, rules pages) and how its rolls read.

The engine and every front end ask the ruleset for these (its ``vocabulary``); nothing outside this
package knows them. Every sentence is our own summary of a mechanic; each rule names the book's
section. Pure data and reading: no I/O.
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.vocabulary import DieReading, Names, Rule, RollReading, Vocabulary, plain_dice


def explain(record: Mapping[str, Any], names: Names) -> RollReading:
    """How one of this system's rolls reads: its dice, each with its reading, and why it came out so."""
    d = record.get("details") or {}
    why: list[str] = []
    total, goal = record.get("total"), d.get("goal")
    if total is not None and goal is not None:
        bonus = d.get("bonus")
        plus = f" with a Roleplay Bonus of {bonus}" if bonus else ""
        name = f" ({str(d.get('goal_name')).replace('-', ' ')})" if d.get("goal_name") else ""
        why.append(f"You rolled {total}{plus} against a goal of {goal}{name}: " + ("reached." if total >= goal else "short."))
    if record.get("kind") == "contest":
        mine, theirs = d.get("you") or {}, d.get("opponent") or {}
        if mine.get("total") is not None and theirs.get("total") is not None:
            dice = len(theirs.get("dice") or []) or 1
            who = f"the enemy's {dice}d3" if theirs.get("enemy") else "their roll"
            why.append(f"Your {mine['total']} against {who}: {theirs['total']}.")
        return RollReading(tuple(plain_dice(record)), tuple(why), "contest")
    return RollReading(tuple(DieReading(v) for v in (record.get("dice") or [])), tuple(why), "check")


VOCABULARY = Vocabulary(
    system="four-s",
    explain=explain,
    book="the d3 system of Strength, Skill, Support and Scharisma",
    resources={"health": "Health", "max_health": "Maximum health", "level": "Level", "sp_unspent": "Unspent skill points"},
    outcomes={"failure": "failure", "success": "success", "draw": "draw"},
    meanings={"failure": "it does not work", "success": "it works", "draw": "nothing changes"},
    terms=(
        ("stat", "Strength, Skill, Support, Scharisma, each in six tiers of skill points"),
        ("Roleplay Bonus", "the highest tier of a stat that holds a point: added to your d6"),
        ("goal", "the number to reach: very easy 3 up to almost impossible 12"),
        ("action points (AP)", "what actions cost in a fight: six for each of your phases, restored at its start"),
    ),
    rules={
        "check": Rule(
            "Rolls",
            "Roll a d6 and add the stat's Roleplay Bonus; reaching the goal succeeds.",
            "Strength, Skill, Support, Scharisma, “Roleplay Bonuses” and “How To Roleplay”",
        ),
        "contest": Rule(
            "Competing rolls",
            "Both roll; the higher wins and a tie changes nothing (between players the defendant wins ties).",
            "Strength, Skill, Support, Scharisma, “Roleplaying in Combat”",
        ),
        "health": Rule(
            "Health",
            "10 max Health, and 10 more each level; each Strength tier opened beyond the first adds 5 "
            "(the book gives no figure: this is the project's reading). At 0 Health you are out of the fight.",
            "Strength, Skill, Support, Scharisma, “Health” and “Stats and Tiers”",
        ),
    },
)
