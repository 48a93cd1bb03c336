"""What the player sees of a four-s fight after each action.

Each fighter shows their Health (an opponent: its share of the pool) and, on the player's side,
their Action Points; tags say who holds them, a block waiting for the next blow, an opponent
held back. Under the table: the zones and who is in each (when there is more than one); the enemies' pool and the rolls they have left this phase (each counting double in the
player's phase); and where the player can move from here, and the exits. Every line fits an
80-column terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo.rules.conflict import ConflictView, FighterView, Gauge
from solo.rules.four_s.fight import pool
from solo.rules.four_s.ruleset import MAX_AP

if TYPE_CHECKING:
    from solo.rules.four_s.fight.battle import Battle

PHASES = {"act": "your phase", "dice": "your phase: role-play", "resist": "enemy phase: grappled",
          "enemy": "enemy phase"}


def _tags(b: "Battle", key: str) -> list[str]:
    tags: list[str] = []
    if not b.standing(key):
        return tags
    holder = b.state["held"].get(key)
    if holder:
        tags.append(f"held by {b.by_key[holder].name}")
    ward = int(b.state["wards"].get(key, 0))
    if ward:
        tags.append(f"block {ward}")
    if key in b.state["stunned"]:
        tags.append("held back")
    return tags


def _notes(b: "Battle") -> list[str]:
    s = b.state
    left = sum(int(v) for v in s["foe_health"].values())
    notes = [f"Enemy pool: {left}/{s['pool']} Health ({b.difficulty}, from the party's {s['psp']} SP).",
             f"Enemy rolls left: {pool.bank_text(s['bank'])} (each costs double in your phase)."]
    me = b.player
    if b.result() is not None:
        return notes[:1]
    if not b.zones.single and b.standing(me):
        onward = ", ".join(b.zones.name(z) for z in b.zones.access.get(b.zone(me), ())) or "nowhere"
        line = f"From {b.zones.name(b.zone(me))} you can move to {onward}."
        if b.zones.exits:
            line += " Exits: " + ", ".join(b.zones.name(z) for z in b.zones.exits) + "."
        notes.append(line)
    return notes


def fight_view(b: "Battle") -> ConflictView:
    fighters = []
    for key in b.order:
        f = b.by_key[key]
        gauges = [Gauge("Health", b.health(key), b.max_health(key))]
        if not b.is_enemy(key):
            gauges.append(Gauge("action points", b.ap(key), MAX_AP))
        fighters.append(FighterView(key, f.name, f.side, gauges, _tags(b, key), not b.standing(key)))
    zones = None
    if not b.zones.single:
        zones = {b.zones.name(z): [b.by_key[k].name for k in b.order if b.standing(k) and b.zone(k) == z]
                 for z in b.zones.order}
    phase = PHASES.get(b.state["step"], "") if b.result() is None else ""
    return ConflictView("", b.state["round"], phase, fighters, zones=zones, notes=_notes(b))
