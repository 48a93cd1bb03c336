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
        faces = [f for f in record.get("dice") or [] if isinstance(f, int)]
        modifier = d.get("modifier") if isinstance(d.get("modifier"), int) else 0
        if faces and (bonus or modifier):  # the die first, then what is added: "[4]" read "You rolled 6"
            parts = [f"You rolled {sum(faces)}"] + ([f"{bonus:+d} Roleplay Bonus"] if bonus else []) \
                + ([f"{modifier:+d}"] if modifier else [])
            said = ", ".join(parts) + f": {total}"
        else:
            said = f"You rolled {total}"
        name = f" ({str(d.get('goal_name')).replace('-', ' ')})" if d.get("goal_name") else ""
        why.append(f"{said} against a goal of {goal}{name}: " + ("reached." if total >= goal else "short."))
    if record.get("kind") == "contest":
        mine, theirs = d.get("you") or {}, d.get("opponent") or {}
        if mine.get("total") is not None and theirs.get("total") is not None:
            if theirs.get("enemy"):
                dice = len(theirs.get("dice") or []) or 1
                why.append(f"Your {mine['total']} against the enemy's {dice}d3: {theirs['total']}.")
            else:  # a person's own roll: say which stat they rolled
                stat = f" {names.stat(theirs['stat'])}" if theirs.get("stat") else ""
                why.append(f"Your {mine['total']}{_added(mine)} against their{stat} roll of {theirs['total']}{_added(theirs)}.")
        own = mine.get("dice")
        if isinstance(own, list) and own:  # the record lists both sides' dice; the row shown is yours
            return RollReading(tuple(DieReading(v) for v in own), tuple(why), "contest")
        return RollReading(tuple(plain_dice(record)), tuple(why), "contest")
    return RollReading(tuple(DieReading(v) for v in (record.get("dice") or [])), tuple(why), "check")


def _added(side: Mapping[str, Any]) -> str:
    """" (2, +2)": a side's die and what was added to it, when something was."""
    faces = [f for f in side.get("dice") or [] if isinstance(f, int)]
    total = side.get("total")
    if not faces or not isinstance(total, int) or total == sum(faces):
        return ""
    return f" ({' '.join(map(str, faces))}, {total - sum(faces):+d})"


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
        ("phase", "a fight goes in phases: the enemy phase (all enemies act), then your phase (you spend AP)"),
        ("Health", "what a blow takes away; at 0 a fighter is out of the fight (after it, you are healed unless the adventure says not)"),
        ("critical", "after damage or healing, one more d6: a 6 doubles the amount"),
        ("enemy pool", "the enemies share one Health pool: half, once or twice the party's SP (easy, normal, hard)"),
        ("enemy rolls", "the dice the enemies buy with the party's SP (a d6 for 12, a d3 for 4); each action spends some, and in your phase each costs double"),
        ("Combat Points (CP)", "single points the enemies buy with what SP is left (1 each); each adds 1 to an enemy roll"),
        ("block", "damage a guarded fighter's next blow loses: block 3 takes 3 off it"),
        ("held / held back", "held: grappled or netted, you can only try to break free; held back: an enemy loses its next phase"),
        ("zone", "a part of the battlefield; moving to a touching zone costs 1 AP"),
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
        "fight": Rule(
            "Fights",
            "A fight goes in phases, usually the enemy phase first: all enemies act, then in your "
            "phase you get your 6 AP back and spend them: 1 AP to move a zone, 1 for a fast item, 2 "
            "for a normal one (bare hands: 2 AP for 1d3 damage), 3 for a slow one, 1 AP per d3 to "
            "role-play (plus the stat's Roleplay Bonus, against a goal or a foe's free 1d3). Damage "
            "and healing roll one more d6: a 6 doubles them. The enemies share one Health pool: "
            "half the party's SP when easy, the SP when normal, twice when hard. They buy their "
            "dice with the SP too (a d6 for 12, a d3 for 4) and spend them on blows, blocks, "
            "grapples and healing; in your phase each roll costs them double. A block takes its "
            "amount off the next blow. You lose when every fighter on your side is at 0 Health.",
            "Strength, Skill, Support, Scharisma, “Combat”, “Action Points (AP)”, “Rolling for "
            "Criticals”, “Items”, “Movement”, “Enemy Health” and “Spending Rolls for Actions”",
        ),
    },
)
