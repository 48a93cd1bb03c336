"""Loose and Fuzzy's words for players: its vocabulary (outcomes, terms, rules pages) and how its rolls read.

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
    total, target = record.get("total"), d.get("target")
    if total is not None and target is not None:
        why.append(f"The dice add up to {total} against a target of {target}: "
                   + ("reached." if total >= target else "short."))
    critical = d.get("critical")
    if critical in ("success", "critical-success") or record.get("outcome") == "critical-success":
        why.append("The first two dice both showed 6: a critical, and more dice were added.")
    elif critical in ("failure", "critical-failure") or record.get("outcome") == "critical-failure":
        why.append("The first two dice both showed 1: something goes wrong whatever the total.")
    if record.get("kind") == "contest":
        return RollReading(tuple(plain_dice(record)), tuple(_contest_why(record, d) + why), "contest")
    return RollReading(tuple(DieReading(v) for v in (record.get("dice") or [])), tuple(why), "check")


def _contest_why(record: Mapping[str, Any], d: Mapping[str, Any]) -> list[str]:
    """Both sides' totals of a contest and who held a tie: the dice shown are yours alone, so
    without this line a player never learns what the other side rolled."""
    mine, theirs = record.get("total"), d.get("opponent_total")
    if not isinstance(mine, int) or not isinstance(theirs, int):
        return []
    who = str(d.get("opponent") or "the other side")
    if who.startswith(("The ", "A ", "An ")):  # "against the Hollow Ferryman's 7", mid-sentence
        who = who[0].lower() + who[1:]
    last = (d.get("exchanges") or [{}])[-1]
    pool = last.get("opponent_pool") if isinstance(last, Mapping) else None
    rolled = f" ({' '.join(map(str, pool))}" if isinstance(pool, list) and pool else ""
    extra = sum(last.get("opponent_bonus_dice") or []) if isinstance(last, Mapping) else 0
    if rolled:
        bonus = theirs - sum(pool) - extra
        rolled += (f", {bonus:+d})" if bonus else ")")
    if mine > theirs:
        verdict = f"yours is higher by {mine - theirs}."
    elif mine < theirs:
        verdict = f"theirs is higher by {theirs - mine}."
    else:
        verdict = "level, and a tie goes to " + ("you, defending." if d.get("defending") else f"{who}.")
    own = (record.get("modifiers") or {}).get("bonus")
    yours = f" ({own:+d} on your dice)" if isinstance(own, int) and own else ""
    said = [f"You total {mine}{yours} against {who}'s {theirs}{rolled}: {verdict}"]
    ties = d.get("ties")
    if isinstance(ties, int) and ties > 0:
        said.append(f"The first {'roll was' if ties == 1 else f'{ties} rolls were'} level, so both sides rolled again.")
    return said


VOCABULARY = Vocabulary(
    system="loose-fuzzy",
    explain=explain,
    book="A Loose and Fuzzy Game System",
    resources={"luck": "Luck", "unluck": "Unluck", "experience": "Experience"},
    outcomes={
        "critical-failure": "critical failure",
        "failure": "failure",
        "costly-success": "success at a cost",
        "success": "success",
        "critical-success": "critical success",
    },
    meanings={
        "critical-failure": "it fails, and something bad happens too",
        "costly-success": "it works, but the first two dice both showed 1: something bad comes with it",
        "failure": "it does not work",
        "success": "it works",
        "critical-success": "it works remarkably well",
    },
    terms=(
        ("ability", "rated 1 to 5: roll that many six-sided dice and add them up"),
        ("target", "the total to reach: easy 4, average 7, hard 11, really hard 14, nigh impossible 18"),
        ("critical", "the first two dice both 6: a critical success (roll more); both 1: a critical failure"),
        ("Luck / Unluck", "rolled like abilities when chance itself decides something good or bad"),
        ("experience", "a few points at the end of a story, spent on raising abilities"),
        ("advantage (AP)", "in a fight, the margin by which you beat your opponent's roll; kept until you spend it"),
        ("defence (DT)", "a fighter's Defense Total: what one wound costs in advantage; +2 to knock out rather than hurt, +4 with a deadly weapon"),
        ("wound steps", "advantage spent against the defence: 1x a moderate wound (-1 die), 2x serious (-2), 3x mortal (-3), 4x a killing blow"),
    ),
    rules={
        "check": Rule(
            "Checks",
            "Roll one die per point of the ability and add them. Reaching the target succeeds. The first "
            "two dice are marked: two 6s add another die (again on each 6), two 1s mean something bad "
            "happens even if the total succeeds.",
            "A Loose and Fuzzy Game System, “Rolling dice” and “Criticals”",
        ),
        "contest": Rule(
            "Contests",
            "Each side rolls its ability; the higher total wins, and a tie is rolled again.",
            "A Loose and Fuzzy Game System, “Contests”",
        ),
        "fight": Rule(
            "Fights",
            "Each round both fighters roll their ability at once; the winner's margin becomes advantage "
            "against the loser. At the round's end it can be kept or spent: on a wound (at least the "
            "loser's defence for a moderate one, twice for serious, three times for mortal, four times to "
            "kill), or 2 or 4 for a manoeuvre. A wound calls for a Tenacity roll of 7 to stay up.",
            "A Loose and Fuzzy Game System, “Combat Rules for Those Who Really Need 'Em”",
        ),
    },
)
