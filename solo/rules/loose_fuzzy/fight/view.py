"""What the player sees of a Loose and Fuzzy fight after each round.

Each fighter shows two numbers: the Advantage Points they hold on the opponent they face, and
their Defense Total (against the player's weapon for the other side; against the weapon of the
opponent faced for the player's side), then short tags: whom they face, their stance if it is
not ordinary, their worst wound, a dropped weapon, the better ground, points held on anyone
else. The notes under the table say what the player fights with and how many points each
wound level costs on the opponent they face. Everything fits an 80-column terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo.rules.conflict import ENEMY, ConflictView, FighterView, Gauge
from solo.rules.loose_fuzzy.fight import gear
from solo.rules.loose_fuzzy.fight.gear import STANCE_WORDS

if TYPE_CHECKING:
    from solo.rules.loose_fuzzy.fight.procedure import FightRound

PHASES = {"orders": "your move", "spend": "spend your advantage"}


def _defense_shown(fight: "FightRound", key: str) -> int | None:
    """The Defense Total that matters to the player: against the player (or the one faced)."""
    if fight.by_key[key].side == ENEMY and fight.standing(fight.player):
        attacker: str | None = fight.player
    else:
        attacker = fight.state["targets"].get(key)
    if attacker is None or attacker not in fight.by_key:
        return None
    return fight.defense(key, attacker, subdue=not fight.lethal_for(attacker))


def _tags(fight: "FightRound", key: str) -> list[str]:
    character = fight.character(key)
    tags: list[str] = []
    out = fight.state["out"].get(key)
    if out:
        tags.append(out)
    target = fight.state["targets"].get(key)
    if not out and target and fight.standing(target):
        tags.append(f"→ {fight.by_key[target].name if target != fight.player else 'you'}")
        stance = fight.stance(key)
        if stance != "ordinary":
            tags.append(STANCE_WORDS[stance])
    worst = gear.worst_wound(character.conditions)
    if worst:
        tags.append(f"{worst[0]} -{worst[1]} {'die' if worst[1] == 1 else 'dice'}")
    if key in fight.state["disarmed"]:
        tags.append("disarmed")
    for against in fight.state["positions"].get(key, []):
        if fight.standing(against):
            tags.append("better ground" if against == target else f"better ground on {fight.name(against)}")
    for against, points in fight.state["ap"].get(key, {}).items():
        if points and against != target and fight.standing(against):
            tags.append(f"{points} advantage on {fight.name(against)}")
    return tags


def _notes(fight: "FightRound") -> list[str]:
    me = fight.player
    if not fight.standing(me):
        return []
    kit = fight.kit(me)
    label = kit.ability.replace("_", " ").title()
    notes = [f"You fight with {label} {kit.rating}, {kit.weapon_name}"
             + (f" (suits it: +{kit.fit})" if kit.fit else "") + "."]
    target = fight.state["targets"].get(me)
    if target and fight.standing(target):
        wound = fight.defense(target, me)
        subdue = fight.defense(target, me, subdue=True)
        notes.append(f"To hurt {fight.by_key[target].name} you need {wound} advantage for a moderate wound, "
                     f"{2 * wound} serious, {3 * wound} mortal, {4 * wound} a killing blow; "
                     f"to knock them out instead, {subdue} (and {2 * subdue}, {3 * subdue}, {4 * subdue} for worse).")
    return notes


def fight_view(fight: "FightRound") -> ConflictView:
    fighters = []
    for key in fight.order:
        f = fight.by_key[key]
        gauges = []
        out = not fight.standing(key)
        if not out:
            target = fight.state["targets"].get(key)
            gauges.append(Gauge("advantage", fight.points(key, target) if target else 0))
            defense = _defense_shown(fight, key)
            if defense is not None:
                gauges.append(Gauge("defence", defense))
        fighters.append(FighterView(key, f.name, f.side, gauges, _tags(fight, key), out))
    phase = PHASES.get(fight.state["step"], "") if fight.result() is None else ""
    return ConflictView("", fight.state["round"], phase, fighters,
                        notes=_notes(fight))
