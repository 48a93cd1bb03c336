"""The player's abilities that change who takes an endeavour's focus once the focus rolls are
down (book: Step Four), in an endeavour of three or more characters:

* **Blessèd Agility** (recharge ②): the player's own roll counts as 0 for the focus.
* **Blessèd Circumstance** (recharge ⑤): two characters' rolls are swapped for the focus.

After the focus rolls (and any Help on them) the player is asked, when one of these is charged or
the pool can pay its recharge, whether to use it; each answer says who would then take the focus
(nothing is left to chance there: the rolls are down).

**Decisions** (the book leaves these open):

* "Involving three or more characters": three or more still in the endeavour, the player's side
  and the other together.
* Both change the numbers compared for the focus, as Propel does for a monstrosity: the focus
  and the order of side actions follow them, and each action still succeeds or fails by the roll
  actually made (a check's own total against the target).
* Blessèd Circumstance may swap any two characters who rolled (the player among them or not),
  when their rolls differ.
* Like Blessed Luck, a charged ability is used at no cost and is then spent; a spent one may be
  used by paying its recharge at once (the cheapest blessing die worth that or more).
* The engine's characters do not use them: when to give the focus away is a judgement it does
  not make for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solo.rules.conflict import Action, Decision
from solo.rules.humanity_blessed.blessings import choose_spend, take
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.tables import norm

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.endeavours.line import Line

#: ability key -> (name as the book writes it, recharge)
KNACKS = {"blessedagility": ("Blessèd Agility", 2), "blessedcircumstance": ("Blessèd Circumstance", 5)}
LEAST = 3  # characters in the endeavour


def _spent(line: "Line") -> set[str]:
    return {norm(a) for a in line.character(line.player).extra.get("spent_abilities", []) or []}


def _payment(line: "Line", ability: str) -> list[int] | None:
    """Pool indexes that pay ``ability``'s recharge: [] when charged, None when it cannot be used."""
    if ability not in _spent(line):
        return []
    me = line.character(line.player)
    pool = list(me.resources.get("blessings", []) or [])
    return choose_spend(pool, 1, KNACKS[ability][1], Conditions.of(me).has("cursed"))


def usable(line: "Line") -> list[str]:
    """The player's focus abilities that may be used on this round's rolls."""
    if len(line.actors()) < LEAST or not line.active(line.player):
        return []
    mine = abilities(line.character(line.player))
    rolled = {k: int(r["value"]) for k, r in line.state["rolls"].items() if line.active(k)}
    found = []
    if "blessedagility" in mine and int(rolled.get(line.player, 0)) > 0 and _payment(line, "blessedagility") is not None:
        found.append("blessedagility")
    if "blessedcircumstance" in mine and len(set(rolled.values())) > 1 and \
            _payment(line, "blessedcircumstance") is not None:
        found.append("blessedcircumstance")
    return found


def _leader(line: "Line", values: dict[str, int]) -> str:
    if not values:
        return "nobody takes the focus"
    best = max(values.values())
    leaders = [k for k, v in values.items() if v == best]
    if len(leaders) > 1:
        return f"a tie at {best}: no advantage"
    return f"{line.name(leaders[0])} {'take' if leaders[0] == line.player else 'takes'} the focus with {best}"


def _whose(line: "Line", key: str) -> str:
    return "your" if key == line.player else f"{line.name(key)}'s"


def _cost(line: "Line", ability: str) -> str:
    return "" if ability not in _spent(line) else f" (recharge: a blessing die worth {KNACKS[ability][1]}+)"


def decision(line: "Line") -> Decision:
    values = {k: int(r["value"]) for k, r in line.state["rolls"].items() if line.active(k)}
    actions = [Action("knack:none", "Let the rolls stand", hint=f"then {_leader(line, values)}")]
    ready = usable(line)
    if "blessedagility" in ready:
        after = {**values, line.player: 0}
        actions.append(Action("knack:agility", f"Blessèd Agility: your {values[line.player]} counts as 0 for the "
                                               f"focus{_cost(line, 'blessedagility')}", hint=f"then {_leader(line, after)}"))
    if "blessedcircumstance" in ready:
        keys = list(values)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                if values[a] == values[b]:
                    continue
                after = {**values, a: values[b], b: values[a]}
                actions.append(Action(f"knack:swap:{a}:{b}", f"Blessèd Circumstance: swap {_whose(line, a)} "
                                                             f"{values[a]} and {_whose(line, b)} {values[b]}"
                                                             f"{_cost(line, 'blessedcircumstance')}",
                                      hint=f"then {_leader(line, after)}"))
    shown = ", ".join(f"{line.name(k)} {v}" for k, v in values.items())
    return Decision(f"The focus rolls: {shown}. Change who takes the focus?", tuple(actions))


def _use(line: "Line", ability: str) -> None:
    me = line.character(line.player)
    paid = _payment(line, ability)
    spent = me.extra.setdefault("spent_abilities", [])
    if paid:
        value = take(me.resources.setdefault("blessings", []), paid)
        line.say(line.player, f"You spend a blessing die ({value[0]}) to recharge {KNACKS[ability][0]}.")
    elif KNACKS[ability][0] not in spent:
        spent.append(KNACKS[ability][0])


def answer(line: "Line", key: str) -> None:
    """Carry out the player's answer to :func:`decision`."""
    rolls_ = line.state["rolls"]
    if key == "knack:agility":
        _use(line, "blessedagility")
        was = rolls_[line.player]["value"]
        rolls_[line.player]["value"] = 0
        line.say(line.player, f"Blessèd Agility: your {was} counts as 0 for the focus.")
    elif key.startswith("knack:swap:"):
        _, _, a, b = key.split(":", 3)
        _use(line, "blessedcircumstance")
        rolls_[a]["value"], rolls_[b]["value"] = rolls_[b]["value"], rolls_[a]["value"]
        line.say(line.player, f"Blessèd Circumstance: {line.name(a)} and {line.name(b)} trade rolls "
                              f"({rolls_[b]['value']} and {rolls_[a]['value']}) for the focus.")


def offer(line: "Line") -> bool:
    """Ask the player (True) when one of the abilities may be used now."""
    return bool(usable(line))


def task(line: "Line", state: dict[str, Any]) -> bool:
    """The ``knack`` step: ask once, then go on."""
    if state.get("stage") == "asked" or not offer(line):
        return True
    state["stage"] = "asked"
    return line.ask("knack")
