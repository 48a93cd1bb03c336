"""What the player sees of a GUTS+ fight after each round and each turn.

Fighters are listed in turn order (initiative). Each shows one gauge, ``body``: the parts still
usable out of all of them; then short tags: whose turn it is (``acting``, ``to act``), an
injured part (``torso hurt 1/2``, ``L arm useless``), protection (``helmet on head 1/2``,
``loose``, ``torn``), conditions, a weak spot found (``+1 on the pink thing``), a fumble, and
why a fighter is out. The notes say what the player can fight with and what the round allows.
Everything fits an 80-column terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solo.rules.conflict import ConflictView, FighterView, Gauge
from solo.rules.guts_plus.body import PROTECTION_MARKS, UNCONSCIOUS, body_parts, injuries
from solo.rules.guts_plus.fight import gear
from solo.rules.guts_plus.qualities import display_name, norm

if TYPE_CHECKING:
    from solo.rules.guts_plus.fight.procedure import Bout

PHASES = {"turn": "your turn", "aim": "aim your blow", "react": "react to the blow",
          "look": "your passive action"}


def _tags(bout: "Bout", key: str) -> list[str]:
    state = bout.state
    character = bout.character(key)
    tags: list[str] = []
    out = state["out"].get(key)
    if out:
        tags.append(out)
    elif state["queue"] and state["queue"][0] == key and state["step"] != "over":
        tags.append("acting")
    elif key in state["queue"]:
        tags.append("to act")
    marks = injuries(character)
    for part in body_parts(character):
        count = marks.get(part, 0)
        if count >= 2:
            tags.append(f"{gear.short_part(part)} useless")
        elif count:
            tags.append(f"{gear.short_part(part)} injured once (one more and it is lost)")
    protection = bout.protection(key)
    for part in body_parts(character):
        if part not in protection:
            continue
        guard = gear.phrase(bout.protector(key, part)).removeprefix("the ")
        where = f"{guard} on {gear.short_part(part)}" if guard != "protection" else f"{gear.short_part(part)} guard"
        if part in bout.torn(key):
            tags.append(f"{where} torn")
        elif protection[part] >= PROTECTION_MARKS:
            tags.append(f"{where} loose")
        elif protection[part]:
            left = PROTECTION_MARKS - protection[part]
            tags.append(f"{where} stops {left} more injur{'ies' if left != 1 else 'y'}")
    for condition in character.conditions:
        if norm(condition) != UNCONSCIOUS:
            tags.append(condition)
    for target, amount in state["edges"].get(key, {}).items():
        if amount and bout.standing(target):
            tags.append(f"{amount:+d} on {bout.name(target)}")
    if key in state["fumbled"]:
        tags.append("fumbled")
    return tags


def _notes(bout: "Bout") -> list[str]:
    me = bout.player
    if bout.result() is not None:
        return []
    if not bout.standing(me):
        return ["You are out of the fight; your side fights on."]
    character = bout.character(me)
    kit = []
    for weapon in bout.weapons(me):
        stat = gear.attack_stat(character, weapon)
        dice = bout.ruleset.parse_check({"stat": stat}, character).dice
        name = "bare hands" if weapon.key == "hands" else bout.with_what(me, weapon).removeprefix("with ")
        kit.append(f"{name} ({'+'.join(display_name(q) for q in stat)} {dice}d)")
    notes = ["You fight with " + ", ".join(kit) + "."]
    if bout.state["round"] > 1 and bout.state["step"] == "turn" and len(bout.state["queue"]) > 1:
        notes.append("Free for all: you may hold your turn to let the next fighter go first.")
    return notes


def fight_view(bout: "Bout") -> ConflictView:
    order = list(bout.state.get("order") or [])
    order += [k for k in bout.order if k not in order]
    fighters = []
    for key in order:
        f = bout.by_key[key]
        character = bout.character(key)
        parts = body_parts(character)
        usable = len(gear.usable_parts(character))
        gauges = [Gauge("body", usable, len(parts))]
        name = f.name if key == bout.player else bout.title(key)  # a companion's (title) left off
        fighters.append(FighterView(key, name, f.side, gauges, _tags(bout, key), not bout.standing(key)))
    phase = PHASES.get(bout.state["step"], "") if bout.result() is None else ""
    return ConflictView("", bout.state["round"], phase, fighters, notes=_notes(bout))
