"""GM mode's ``:`` commands for ``solo play --gm`` (the engine side is :mod:`solo.engine.gm`).

``:goto SCENE``, ``:set NAME VALUE``, ``:give ITEM``, ``:force 6 6 1``, ``:state``, ``:scenes``,
``:odds``, registered in the shared command layer (:mod:`solo.ui.commands`, group ``gm``), and
the author's ``gm`` notes shown whenever a scene is entered. Every answer goes through the
front end's ``info`` (kind ``gm``), so line mode and ``--json`` behave alike. Outside GM mode the
commands refuse. A change made here is autosaved, and a save made in GM mode says so.
"""

from __future__ import annotations

import json
from typing import Any

from solo.engine import events as ev
from solo.engine.gm import GameMaster, GMError
from solo.ui.commands import Context, _autosave, command


def show_notes(game, front: Any, events: list[ev.Event]) -> None:
    """The author's ``gm`` notes of each scene entered in ``events``."""
    for event in events:
        if isinstance(event, ev.SceneEntered):
            scene = game.adventure.scenes.get(event.id)
            if scene is not None and scene.gm:
                front.info("gm", f"GM notes ({scene.id}): {' '.join(scene.gm.split())}", {"scene": scene.id})


def _state(gm: GameMaster, front: Any, rest: str) -> None:
    data = gm.state()
    lines = [f"scene {data['scene']}, turn {data['turn']}"]
    for part in ("flags", "counters", "clocks", "objectives"):
        if data[part]:
            lines.append(f"{part}: " + ", ".join(f"{k}={json.dumps(v)}" for k, v in data[part].items()))
    who = data["character"]
    if who:
        lines.append(f"{who['name']}: " + ", ".join(f"{k} {v}" for k, v in who["stats"].items()))
        lines.append(f"items: {', '.join(who['items']) or 'none'}; conditions: {', '.join(who['conditions']) or 'none'}")
        lines.append("resources: " + ", ".join(f"{k} {json.dumps(v)}" for k, v in who["resources"].items()))
    if data["forced_dice"]:
        lines.append(f"forced dice: {' '.join(map(str, data['forced_dice']))}")
    front.info("gm", "\n".join(lines), {"state": data})


def _scenes(gm: GameMaster, front: Any, rest: str) -> None:
    lines = []
    for scene in gm.scenes():
        mark = "*" if scene["here"] else " "
        end = f" [ending: {scene['ending']}]" if scene["ending"] else ""
        lines.append(f"{mark} {scene['id']}: {scene['title']}{end} (visits {scene['visits']})")
    front.info("gm", "\n".join(lines), {"scenes": gm.scenes()})


def _odds(gm: GameMaster, front: Any, rest: str) -> None:
    found = gm.odds()
    if not found:
        front.info("gm", "no check among this scene's choices")
        return
    lines = []
    for entry in found:
        if "error" in entry:
            lines.append(f"{entry['choice']}: {entry['error']}")
            continue
        off = "" if entry["enabled"] else " (disabled now)"
        outcomes = ", ".join(f"{k} {v}" for k, v in entry["outcomes"].items())
        lines.append(f"{entry['choice']}{off}: {entry['tests']} {entry['success']} success ({entry['exact']}); {outcomes}")
    front.info("gm", "\n".join(lines), {"odds": found})


def _gm(ctx: Context) -> GameMaster | None:
    if not ctx.session.gm:
        ctx.front.info("refused", "that is a GM command: start the game with solo play --gm")
        return None
    return GameMaster(ctx.game)


def _changed(ctx: Context, events: list[ev.Event]) -> None:
    ctx.last_events = events
    _autosave(ctx)  # saved before shown, as every step is
    ctx.front.show(events)
    show_notes(ctx.game, ctx.front, events)


def _act(ctx: Context, word: str, rest: str) -> Any:
    """Carry out a changing GM command through the session (which records it, so the save
    replays); its result, or None when it was refused (said on the front end)."""
    if _gm(ctx) is None:
        return None
    try:
        return ctx.session.gm_act(word, rest)
    except GMError as exc:
        ctx.front.info("refused", str(exc))
        return None


@command("goto", usage=":goto SCENE", text="jump to a scene and enter it", group="gm")
def _goto_command(ctx: Context, rest: str) -> None:
    events = _act(ctx, "goto", rest)
    if events is not None:
        _changed(ctx, events)


@command("set", usage=":set NAME VALUE", text="set a flag, counter, clock, stat or resource", group="gm")
def _set_command(ctx: Context, rest: str) -> None:
    said = _act(ctx, "set", rest)
    if said is not None:
        ctx.front.info("gm", said)
        _autosave(ctx)


@command("give", usage=":give ITEM", text="give the character an item", group="gm")
def _give_command(ctx: Context, rest: str) -> None:
    events = _act(ctx, "give", rest)
    if events is not None:
        _changed(ctx, events)


@command("force", usage=":force 6 6 1", text="the next dice show these faces", group="gm")
def _force_command(ctx: Context, rest: str) -> None:
    queued = _act(ctx, "force", rest)
    if queued is not None:
        ctx.front.info("gm", f"the next dice: {' '.join(map(str, queued))}")
        _autosave(ctx)


@command("state", usage=":state", text="every variable, clock, objective and the character", group="gm")
def _state_command(ctx: Context, rest: str) -> None:
    gm = _gm(ctx)
    if gm is not None:
        _state(gm, ctx.front, rest)


@command("scenes", usage=":scenes", text="every scene, with visits", group="gm")
def _scenes_command(ctx: Context, rest: str) -> None:
    gm = _gm(ctx)
    if gm is not None:
        _scenes(gm, ctx.front, rest)


@command("odds", usage=":odds", text="the exact odds of this scene's checks", group="gm")
def _odds_command(ctx: Context, rest: str) -> None:
    gm = _gm(ctx)
    if gm is not None:
        _odds(gm, ctx.front, rest)
