"""What the player sees of an endeavour: the number line, each participant, and what matters now.

The line goes out through the view's ``track`` (who stands where, the buttons and the goal);
each participant shows one gauge, their space out of the goal, and short tags: what they try
this round (the engine's characters declare before the player chooses), their roll for the
focus once made, who has the focus, a monstrosity's stamina and muddles, a race's blessing dice
spent, what was found, and why someone is out. The notes hold the player's blessing dice and
the kind's rule in a line. Everything fits an 80-column terminal.
"""

from __future__ import annotations

from solo.rules.conflict import ConflictView, FighterView, Gauge, TrackView
from solo.rules.humanity_blessed.endeavours import buttons as btn
from solo.rules.humanity_blessed.endeavours.line import Line

PHASES = {"declare": "your move", "spark": "your move", "contest": "your move", "side": "your side action",
          "help": "Help?", "stat": "a check", "glimmer": "a discovery", "stamina": "stamina"}


def _intent_tag(line: Line, key: str) -> str:
    intent = line.state["intent"].get(key)
    if not intent or key == line.player and line.state.get("ask", {}) and line.state["ask"]["kind"] == "declare":
        return ""
    if intent.get("do") == "sit":
        return f"in {line.name(str(intent['paired']))}'s pair" if intent.get("paired") else "sits out"
    stat = line.stat_text(key, str(intent["stat"])) if intent.get("stat") in line.character(key).stats else ""
    if intent.get("do") == "contest":
        return f"contests {line.name(str(intent['target']))} ({stat})"
    if intent.get("pair_with"):  # Double Trouble
        return f"tries {stat} sparked with {line.name(str(intent['pair_with']))}"
    return f"tries {stat}" + (" spark" if intent.get("spark") else "")


def _tags(line: Line, key: str) -> list[str]:
    st = line.state
    tags: list[str] = []
    out = st["out"].get(key)
    if out:
        return [str(out)]
    if key in st["captured"]:
        return [f"captured (break free: {st['captured'][key]['target']})"]
    word = _intent_tag(line, key)
    if word:
        tags.append(word)
    if key in st["rolls"]:
        tags.append(f"rolled {st['rolls'][key]['value']}")
    if st.get("focal") == key:
        tags.append("focus")
    if line.monstrous(key):
        tags.append(f"stamina {line.stamina(key)}")
    if not line.on_line(key):
        tags.append("summoner, off the line")
    elif line.s.kind == "clash":
        tags.append(f"summon {line.character(key).extra.get('die', '')}".strip())
    if any(str(c).lower() == "muddled" for c in line.character(key).conditions):
        tags.append("muddled")
    if line.s.kind == "race" and st["spent"].get(key):
        tags.append(f"spent {st['spent'][key]}")
    found = st["found"].get(key)
    if found:
        tags.append("found " + ", ".join(found))
    return tags


def _notes(line: Line) -> list[str]:
    st = line.state
    me = line.character(line.player)
    pool = sorted(int(v) for v in me.resources.get("blessings", []) or [])
    notes = [f"Target {line.s.target}; moves by size 1 2 3 5 8 13. Blessing dice: "
             + (" ".join(map(str, pool)) or "none") + "."]
    if line.s.kind == "stealth":
        rule = {"lose": "being made ends it", "check": "made: a check or caught"}.get(
            str(line.s.made), f"made {st.get('made', 0)} of {line.s.made} times")
        notes.append(f"Alarms move {line.s.patrol} a round; {rule}.")
    elif line.s.kind == "race":
        spent = st["spent"].get(line.player, 0)
        notes.append(f"Spending blessing dice calls for an endurance check ({line.s.endurance}"
                     + (f", target {spent + 1}+" if spent else "") + ").")
    elif line.s.kind == "clash":
        taken = st.get("taken", {})
        need = line.s.extra.get("captures")
        notes.append(f"Summons captured: yours {taken.get('ours', 0)}, theirs {taken.get('theirs', 0)}"
                     + (f" (at {need} a side wins)." if need else "."))
    elif line.s.kind == "monstrous":
        total = sum(line.pos(k) for k in line.actors() if line.ours(k))
        notes.append(f"Your side stands {total} along in all: drive off a monstrosity at its stamina.")
    if line.s.deadline is not None:
        notes.append(f"At the end of round {line.s.deadline} the furthest along wins.")
    return notes


def endeavour_view(line: Line) -> ConflictView:
    st = line.state
    fighters = []
    positions: dict[str, int] = {}
    for key in line.order:
        f = line.fighter(key)
        out = key in st["out"]
        name = "You" if key == line.player else f.name
        gauges = [Gauge("at", line.pos(key))] if line.on_line(key) else []
        fighters.append(FighterView(key, f.name, f.side, gauges, _tags(line, key), out))
        if not out and line.on_line(key):
            positions[name] = line.pos(key)
    names = {k: line.fighter(k).name for k in line.order}
    marks = btn.marks(st["buttons"], names)
    marks[line.s.length] = "goal" + (f", {marks[line.s.length]}" if line.s.length in marks else "")
    ask = st.get("ask") or {}
    phase = PHASES.get(str(ask.get("kind", "")), "")
    return ConflictView("", st["round"], phase, fighters, TrackView(line.s.length, positions, marks),
                        notes=_notes(line))
