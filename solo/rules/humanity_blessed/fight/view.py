"""What the player sees of a Humanity, Blessed fight after each round and at each question.

The book has no hit points, so a fighter's line is words: what they are doing this round (whom
they attack, tending, finishing, running, standing ready) and their roll for the focus once it
is made, their wounds stat by stat (ache, pain, weak, vulnerable), down or out, muddled. The one
number is the pool of blessing dice, for those who have one. The notes under the table give the
player's dice, the pool's values, what the defence may use this round, and how each fallen
fighter can still be saved. Everything fits an 80-column terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo.rules.conflict import ConflictView, FighterView, Gauge
from solo.rules.humanity_blessed.fight import policy, wounds
from solo.rules.humanity_blessed.fight.melee import FINISH_TARGET, TEND_MARGIN
from solo.rules.humanity_blessed.tables import stat_title
from solo.rules.humanity_blessed.tables import norm

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.fight.melee import Melee

PHASES = {"declare": "your move", "adapt": "think again", "defend": "defend yourself",
          "sentry": "an ally is attacked", "uncommon": "your strike", "react": "after the roll",
          "assist": "help an ally?", "brace": "a blow lands"}
SHORT = {"ache": "ache", "pain": "pain", "weakness": "weak", "vulnerability": "vulnerable"}


def intent(m: "Melee", key: str) -> str:
    act = m.state["declared"].get(key)
    if not act:
        return ""
    target = act.get("target")
    who = m.name(target) if target else ""
    do = act["do"]
    if do == "attack":
        return f"→ {who}" + (" (spark)" if act.get("spark") else "")
    if do == "trick":
        return f"wrong-footing {who}"
    if do == "tend":
        return f"tending {who}"
    if do == "finish":
        return f"finishing {who}"
    if do == "flee":
        return "running"
    return "standing ready"


def wound_tags(m: "Melee", key: str) -> list[str]:
    character = m.character(key)
    tags = []
    for raw in character.conditions:
        kind, _, stat = str(raw).partition(":")
        if norm(kind) in SHORT:
            tags.append(f"{SHORT[norm(kind)]} {stat_title(stat)}" if stat else SHORT[norm(kind)])
        elif norm(kind) in ("muddled", "uncool", "taxed", "cursed", "distracted", "disarmed"):
            tags.append(norm(kind))
    return tags


def tags_of(m: "Melee", key: str) -> list[str]:
    out = m.state["out"].get(key) or wounds.out_reason(m.character(key))
    if out:
        return [out] + wound_tags(m, key)
    tags = []
    if m.is_down(key):
        tags.append("DOWN")
    else:
        shown = intent(m, key)
        if shown:
            tags.append(shown)
        if key in m.state["focus"]:
            tags.append(f"rolled {m.state['focus'][key]}")
    return tags + wound_tags(m, key)


def notes(m: "Melee") -> list[str]:
    me = m.player
    character = m.character(me)
    found = []
    dice = ", ".join(f"{stat_title(s)} {m.die(me, s)}" for s in m.stats_of(me))
    found.append(f"Your dice: {dice}.")
    pool = sorted((int(v) for v in character.resources.get("blessings", []) or []), reverse=True)
    if pool:
        found.append("Blessing dice: " + " ".join(map(str, pool)) + ".")
    stats = policy.defence_stats(m, me)
    if len(stats) > 1:
        found.append("Defend with " + ", ".join(stat_title(s) for s in stats) + ".")
    else:
        found.append("First round: every defence is Hurry.")
    for key, fallen in m.state["down"].items():
        if m.is_out(key) or m.result() is not None:
            continue
        need = int(fallen["roll"]) + TEND_MARGIN
        found.append(f"{m.title(key)} down: Home {need}+ gets them up, Hurt {FINISH_TARGET}+ finishes them.")
    return found


def fight_view(m: "Melee") -> ConflictView:
    fighters = []
    for key in m.order:
        f = m.by_key[key]
        gauges = []
        pool = m.character(key).resources.get("blessings")
        if isinstance(pool, list) and (pool or key == m.player):
            gauges.append(Gauge("blessings", len(pool)))
        fighters.append(FighterView(key, f.name, f.side, gauges, tags_of(m, key),
                                    out=m.is_out(key)))
    ask = m.state.get("ask") or {}
    phase = PHASES.get(ask.get("kind", ""), "") if m.result() is None else ""
    return ConflictView("", m.state["round"], phase, fighters, notes=notes(m))



