"""What the player sees of a GAME fight after each step: FP, distance, armour and what everyone is about to do.

Each fighter shows its FP against its maximum, then short tags: how far an opponent stands
(``in melee`` or ``3 MU``), its AR, the weapon in hand, what it has declared for the turn (``→
you``, ``parries you``, ``closes in``...), ``stunned`` when its next action is lost and
``exhausted`` at FP − ENC ≤ 2. Under the table: what the player fights with and the rerolls at
hand. Everything fits an 80-column terminal.
"""

from __future__ import annotations

from solo.rules.conflict import ConflictView, FighterView, Gauge
from solo.rules.game.character import skill_rating
from solo.rules.game.fatigue import is_exhausted
from solo.rules.game.fight.turn import FightTurn

PHASES = {"orders": "your action", "surprise": "before the first turn", "reroll": "reroll?",
          "victory": "the victor chooses", "over": "over"}


def _intent(turn: FightTurn, key: str) -> str:
    order = turn.order(key)
    act = order.get("act")
    target = order.get("target")
    whom = turn.name(target) if target in turn.by_key else ""
    if act in ("attack", "surprise"):
        way = "shoots" if turn.wielded(key).ranged else "attacks"
        return f"{way} {whom}" if target != turn.player else f"{way} you"
    if act == "parry":
        return f"parries {whom}"
    if act == "block":
        return f"{turn.defence_kind(key)}s"
    if act == "advance":
        return "closes in"
    if act == "ready":
        return f"draws {turn.kit(key).weapon(order.get('item')).name}"
    if act == "drink":
        return "drinks a potion"
    if act == "flee":
        return "runs"
    if act == "stunned":
        return "reeling"
    if act == "wait":
        return "waits"
    return ""


def _tags(turn: FightTurn, key: str) -> list[str]:
    state = turn.state
    out = state["out"].get(key)
    if out:
        return {"defeated": ["down, 0 FP"], "fled": ["ran off"], "yielded": ["yielded"]}.get(out, [out])
    tags: list[str] = []
    if turn.is_enemy(key):
        distance = turn.distance(turn.player, key)
        tags.append("in melee" if distance == 0 else f"{distance} MU")
    kit = turn.kit(key)
    if kit.ar:
        tags.append(f"AR {kit.ar}")
    tags.append(turn.wielded(key).name)
    if key != turn.player and state["step"] in ("orders", "reroll"):
        intent = _intent(turn, key)
        if intent:
            tags.append(intent)
    if key in state["stunned"]:
        tags.append("stunned")
    if is_exhausted(turn.character(key)):
        tags.append("exhausted")
    return tags


def _notes(turn: FightTurn) -> list[str]:
    me = turn.player
    if not turn.standing(me):
        return []
    weapon = turn.wielded(me)
    rating = skill_rating(turn.character(me), weapon.skill)
    line = f"You: {weapon.name} ({weapon.skill} {rating}{f' +{weapon.bonus}' if weapon.bonus else ''}"
    if weapon.ranged:
        line += f", Easy to {weapon.range[0]} MU, Challenging to {weapon.range[1]}, Hard to {weapon.range[2]}"
    line += ")"
    rerolls = int(turn.character(me).resources.get("rerolls", 0) or 0)
    if rerolls:
        line += f"; {rerolls} reroll{'s' if rerolls != 1 else ''}"
    return [line + ".", "Each turn: defence, then ranged attacks, melee, movement."]


def fight_view(turn: FightTurn) -> ConflictView:
    fighters = []
    for key in turn.keys:
        f = turn.by_key[key]
        gauges = [Gauge("FP", max(0, turn.fp(key)), turn.max_fp(key))]
        fighters.append(FighterView(key, f.name, f.side, gauges, _tags(turn, key), not turn.standing(key)))
    phase = PHASES.get(turn.state["step"], "")
    return ConflictView("", turn.state["round"], phase, fighters, notes=_notes(turn))
