"""The player's abilities that act while an endeavour's focus is decided (book: Step Four).

Blessèd Pragmatism (below: last round's dice rolled again) is offered when the player declares.
Once the focus rolls are down, in an endeavour of three or more characters:

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

from solo.rules.conflict import Action, Decision, percent
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


# -- Blessèd Pragmatism ----------------------------------------------------------------------
#
# Blessèd Pragmatism (recharge ④): while the focus is being decided, the player may roll again
# any value they rolled the previous round, for the same action: the previous round's focus roll
# (a check or a spark; a spark is paid again). **Decisions:** "a value rolled" is the dice as
# they fell (their faces, bumps included), read again under this round's conditions and
# modifiers, which the book leaves out of the value; aid on a would-be failure is rolled afresh.
# It is not offered for a contest (the defender would roll anew: not "the same" roll), nor while
# Distracted or Surprised (the faces would read differently). Its odds are exact: the faces are
# fixed, only the aid die is left to chance.

PRAGMATISM = "blessedpragmatism"
AGAIN_COST = 4


class Replay:
    """Dice that give back stored faces first, then the real dice."""

    def __init__(self, faces: list[int], dice: Any) -> None:
        self.faces, self.dice = list(faces), dice

    def roll(self, sides: int) -> int:
        if self.faces and 1 <= self.faces[0] <= sides:
            return self.faces.pop(0)
        self.faces = []
        return self.dice.roll(sides)


class _Highest:
    """Dice that always show their highest face (never bumping): a fixed stand-in for aid."""

    def roll(self, sides: int) -> int:
        return sides


def remember(line: "Line") -> None:
    """At a round's end: keep the player's focus roll for Blessèd Pragmatism (only when they have it)."""
    st = line.state
    if PRAGMATISM not in abilities(line.character(line.player)):
        return
    intent = st["intent"].get(line.player) or {}
    entry = st["rolls"].get(line.player)
    if intent.get("do") != "check" or not entry:
        st.pop("previous", None)
        return
    rounds = entry["record"]["details"].get("rounds") or []
    st["previous"] = {"intent": {k: v for k, v in intent.items() if k != "again"},
                      "faces": [int(f) for r in rounds for f in r]}


def _again_ready(line: "Line") -> bool:
    me = line.character(line.player)
    previous = line.state.get("previous")
    if PRAGMATISM not in abilities(me) or not previous or Conditions.of(me).has("distracted") \
            or Conditions.of(me).has("surprise"):
        return False
    intent = previous["intent"]
    stats = line.stats_for(line.player)
    if intent["stat"] not in stats or (intent.get("spark") and intent["spark"] not in stats):
        return False
    if PRAGMATISM not in _spent(line):
        return True
    pool = list(me.resources.get("blessings", []) or [])
    return choose_spend(pool, 1, AGAIN_COST, Conditions.of(me).has("cursed")) is not None


def _pre_aid(line: "Line", how: dict[str, Any], faces: list[int]) -> tuple[int, Any]:
    """The total the stored faces give under this round's conditions, before aid; the aid a
    would-be failure gets (a number, a die or None)."""
    from solo.rules.base import Character
    from solo.rules.humanity_blessed.parsing import parse_check
    from solo.rules.humanity_blessed.planning import plan_roll
    from solo.rules.humanity_blessed.rolling import roll_check

    me = Character.from_dict(line.character(line.player).to_dict())
    parsed = parse_check(how, me)
    aid = plan_roll(Character.from_dict(me.to_dict()), parsed).aid
    record = roll_check(Replay(faces, _Highest()), me, parsed)  # type: ignore[arg-type]
    added = int((record.details.get("aid") or {}).get("value", 0))
    return int(record.total or 0) - added, (aid[1] if aid else None)


def again_spread(line: "Line", how: dict[str, Any]) -> Any:
    """The focal values of the check rolled with last round's faces: fixed, but for the aid."""
    from solo.rules.humanity_blessed import bumping
    from solo.rules.humanity_blessed.endeavours.rolls import BOUND, Spread

    total, aid = _pre_aid(line, how, line.state["previous"]["faces"])
    target = int(how.get("target") or 0)
    if total >= target or aid is None:
        return Spread((total,), (1,), 1, 0)
    if isinstance(aid, int):
        return Spread((total + aid,), (1,), 1, 0)
    weights, base, depth = bumping.total_weights(bumping.single(aid), BOUND)
    values = tuple(sorted(weights))
    denominator = base**depth
    return Spread(tuple(total + v for v in values), tuple(weights[v] for v in values), denominator,
                  denominator - sum(weights.values()))


def again_chance(line: "Line", how: dict[str, Any]) -> Any:
    """The exact chance the check rolled with last round's faces succeeds."""
    from fractions import Fraction

    spread = again_spread(line, how)
    target = int(how.get("target") or 0)
    hit = sum(w for v, w in zip(spread.values, spread.weights) if v >= target) + spread.beyond
    return Fraction(hit, spread.denominator)


def again_action(line: "Line") -> Action | None:
    """The declare answer that rolls last round's check again with its faces."""
    from solo.rules.humanity_blessed.endeavours import rolls

    if not _again_ready(line):
        return None
    intent = line.state["previous"]["intent"]
    how = line.check_how(line.player, intent["stat"], line.s.target, intent.get("spark"), focal=True)
    odds = again_chance(line, how)
    others = []
    for other in line.actors():
        theirs = line.state["intent"].get(other)
        if other == line.player or not theirs or theirs.get("do") == "sit":
            continue
        other_how = line.contest_how(other, str(theirs["target"]), str(theirs["stat"]), True) \
            if theirs["do"] == "contest" else line.check_how(other, str(theirs["stat"]), line.s.target,
                                                              theirs.get("spark"), True)
        others.append(rolls.focus_spread(line.character(other), other_how, contest=theirs["do"] == "contest"))
    focus = rolls.beats_all(again_spread(line, how), others)
    what = line.intent_text(line.player, intent)
    faces = ", ".join(map(str, line.state["previous"]["faces"]))
    cost = "" if PRAGMATISM not in _spent(line) else f" (recharge: a blessing die worth {AGAIN_COST}+)"
    key = "again:" + intent["stat"] + (f"+{intent['spark']}" if intent.get("spark") else "")
    return Action(key, f"Blessèd Pragmatism: {what} again with last round's dice ({faces}){cost}", odds,
                  f"{percent(odds)} success, {percent(focus)} focus")


def use_again(line: "Line") -> None:
    """The roll is made: Blessèd Pragmatism is spent (or its recharge paid)."""
    me = line.character(line.player)
    spent = me.extra.setdefault("spent_abilities", [])
    if PRAGMATISM in _spent(line):
        paid = choose_spend(me.resources.setdefault("blessings", []), 1, AGAIN_COST,
                            Conditions.of(me).has("cursed")) or []
        value = take(me.resources["blessings"], paid)
        line.say(line.player, f"You spend a blessing die ({value[0]}) to recharge Blessèd Pragmatism.")
    else:
        spent.append("Blessèd Pragmatism")
