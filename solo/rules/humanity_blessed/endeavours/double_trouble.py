"""Double Trouble (an ability extending Concerted Effort) in a clash endeavour: the player's
summons may make a spark roll working together in pairs, one stat from each, when the two stats
are balanced and the blessing-die cost is paid.

When the player declares, each pair of their summons on the line whose dice are balanced is
offered (while their pool holds two blessing dice of equal worth): "X and Y spark together".
Taking it pays the pair from the player's pool and is not the player's action (they declare
theirs next). The pair's roll is the spark of :mod:`..synchronized` (one definition): the first
summon's stat sparked with the second's (``spark_with``), marked ``pair`` so that neither
Synchronized Spark nor the roller's own pool is asked for (the summoner paid).

**Decisions** (the book leaves these open):

* The player decides, as they pay: the engine offers pairs, never pairs summons by itself.
* The pair's roll is the first summon's action this round (a check of its declared stat, the
  endeavour's target, for the focus like any other roll); it moves on a success as any summon
  does. The second summon puts its action into the pair: it rolls nothing of its own and has no
  side action this round.
* A summon has one die for every stat, so two summons are balanced when their dice are equal;
  the stat both roll is the one the first had declared (the same stat name on each side is fine:
  they are two characters' stats).
* Offered once a round, on the player's own summons only (an opposing summoner's are played by
  the engine without the ability).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.rules.conflict import Action, percent
from solo.rules.dice import Dice
from solo.rules.humanity_blessed.blessings import choose_pair, take
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.endeavours import rolls

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.endeavours.line import Line

ABILITY = "doubletrouble"
NAME = "Double Trouble"
PREFIX = "pair:"
#: Pairs offered at one declaration, at most (the summons furthest along first).
MOST_PAIRS = 6


def _summons(line: "Line") -> list[str]:
    """The player's summons able to act now, furthest along first (none outside a clash)."""
    summons_of = getattr(line, "summons_of", None)
    if summons_of is None:
        return []
    return [k for k in summons_of(line.player) if line.active(k)]


def pairs(line: "Line") -> list[tuple[str, str]]:
    """The pairs of the player's summons that may spark together now."""
    me = line.character(line.player)
    if ABILITY not in abilities(me) or (line.state.get("paired") or {}).get("round") == line.state["round"]:
        return []
    cond = Conditions.of(me)
    if choose_pair(list(me.resources.get("blessings", []) or []), cond.has("cursed")) is None:
        return []
    mine = [k for k in _summons(line) if line.state["intent"].get(k, {}).get("do") == "check"]
    found = [(a, b) for i, a in enumerate(mine) for b in mine[i + 1:]
             if line.character(a).extra.get("die") == line.character(b).extra.get("die")]
    return found[:MOST_PAIRS]


def pair_how(line: "Line", key: str, how: dict[str, Any]) -> dict[str, Any]:
    """A summon's check parameters, as its pair's spark when it leads one this round."""
    intent = line.state["intent"].get(key) or {}
    mate = intent.get("pair_with")
    if not mate or intent.get("do") != "check":
        return how
    stat = str(intent["stat"])
    return {**how, "spark": stat, "spark_with": line.character(str(mate)), "pair": True}


def actions(line: "Line") -> list[Action]:
    """The pairs on offer at this declaration, each with its exact chance and focus chance."""
    found = []
    for a, b in pairs(line):
        stat = str(line.state["intent"][a]["stat"])
        how = line.check_how(a, stat, line.s.target, None, True)
        how = {**how, "spark": stat, "spark_with": line.character(b), "pair": True}
        odds = rolls.check_chance(line.ruleset, line.character(a), how)
        focus = line.focus_chance(a, how, contest=False)
        die = line.character(a).extra.get("die")
        found.append(Action(f"{PREFIX}{a}:{b}",
                            f"{NAME}: {line.name(a)} and {line.name(b)} spark {die} + {die} together "
                            "(two blessing dice of equal worth; not your action)",
                            odds, f"{percent(odds)} success, {percent(focus)} focus"))
    return found


def answer(line: "Line", dice: Dice, key: str) -> None:
    """Pair the two summons: the player pays, the first leads the spark, the second joins it."""
    a, b = key.removeprefix(PREFIX).split(":", 1)
    me = line.character(line.player)
    pool = me.resources.setdefault("blessings", [])
    paid = take(pool, choose_pair(pool, Conditions.of(me).has("cursed")) or [])
    line.spend(line.player, len(paid))
    st = line.state
    st["paired"] = {"round": st["round"], "lead": a, "mate": b, "paid": paid}
    st["intent"][a] = {**st["intent"][a], "pair_with": b}
    st["intent"][b] = {"do": "sit", "paired": a}
    st["involved"].append(b)
    line.say(line.player, f"{NAME}: {line.name(a)} and {line.name(b)} work together, a spark of one stat "
                          f"from each (paid {paid[0]} and {paid[1]}).")
    st["ask"] = {"kind": "declare"}
