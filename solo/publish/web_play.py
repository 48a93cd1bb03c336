"""The engine's side of an exported web page (``solo export --web``): runs inside Pyodide.

The page's JavaScript calls these functions with JSON strings and gets JSON strings back; it
draws what it is told and holds no rule. One step is a *view*: the events it caused (each as
the ``--json`` stream writes it, a roll with its words added), the decision on offer, the side
panel's rows (:meth:`solo.ui.words.Words.sheet`: character, objectives and clocks the player
knows), whether the game is over, and a save to keep in the browser's storage. Undo steps the
story back one decision and is honest as in the terminal (:mod:`solo.undo`): the same answer
given again draws the same dice, so undo fixes a misclick but cannot fish for a better roll.

Imports only the engine, the adventure model and the words (pure Python: transitions, six);
nothing here reads files, YAML or the network.
"""

from __future__ import annotations

import json
from typing import Any

from solo.adventure import model
from solo.engine import events as ev
from solo.engine.game import EngineError, Game, InvalidDecision
from solo.ui.words import Words
from solo.undo import answer_of, draw_taped, keep_drawn, mark, place_of, rebuild, story_point

SAVE_VERSION = 1
UNDO_DEPTH = 50

_game: Game | None = None
_adventure: model.Adventure | None = None
_history: list[dict[str, Any]] = []  # story points (solo.undo), the newest last
_redo: dict[str, list[int]] = {}  # the dice of undone decisions, by place
_ending: dict[str, Any] | None = None  # the ending event, kept so a resumed finished game shows it


def _view(events: list[ev.Event], note: str = "", *, shown_ending: bool = False) -> str:
    global _ending
    assert _game is not None and _adventure is not None
    words = Words(_adventure, _game)
    shown = []
    for event in events:
        if isinstance(event, ev.ChoicesOffered):
            continue
        data = event.to_dict()
        if isinstance(event, ev.RollMade):
            said = words.roll(event.record, event.label, event.final)
            data["words"] = {"title": said.title, "dice": [d.value for d in said.dice], "summary": said.summary(),
                             "why": list(said.why), "tone": said.tone}
        if isinstance(event, ev.ObjectiveCompleted):
            data["visible"] = words.visible("objective", event.id)
        if isinstance(event, ev.EndingReached):
            _ending = data
        shown.append(data)
    if not _game.finished:
        _ending = None
    elif shown_ending and _ending is not None:
        shown.append(_ending)
    offered = _game.offered
    return json.dumps({
        "events": shown,
        "offered": offered.to_dict() if offered is not None else None,
        "sheet": [list(row) for row in words.sheet()] if _game.state.character is not None else [],
        "finished": _game.finished,
        "can_undo": bool(_history),
        "note": note,
        "save": {"version": SAVE_VERSION, "adventure": _adventure.id, "digest": _adventure.digest,
                 "state": _game.snapshot(), "history": _history[-UNDO_DEPTH:], "redo": _redo, "ending": _ending},
    }, default=str)


def _build(adventure_json: str) -> model.Adventure:
    data = json.loads(adventure_json)
    return model.build(data["adventure"], source=data.get("source", ""), digest=data.get("digest", ""))


def new_game(adventure_json: str, seed: int) -> str:
    """Start the adventure (the JSON ``solo export`` wrote) with ``seed``; the first view."""
    global _game, _adventure, _history, _redo
    _adventure = _build(adventure_json)
    _game = Game(_adventure, seed=int(seed))
    _history, _redo = [], {}
    return _view(_game.start())


def resume(adventure_json: str, save_json: str) -> str:
    """Go on from a save the page kept; a save of another version of the adventure starts over."""
    global _game, _adventure, _history, _ending, _redo
    _adventure = _build(adventure_json)
    save = json.loads(save_json)
    if save.get("version") != SAVE_VERSION or save.get("digest") != _adventure.digest:
        raise ValueError("the save is of another version of this adventure")
    _game = Game.resume(_adventure, save["state"])
    _history = list(save.get("history") or [])  # a page saved before story points kept whole snapshots
    _redo = {str(k): [int(v) for v in vs] for k, vs in (save.get("redo") or {}).items()}
    _ending = save.get("ending")
    return _view(_game.replay_view(), note="resumed where you left off", shown_ending=True)


def choose(key: str) -> str:
    """Make a decision; a refused one says why and changes nothing. An answer given again where
    it was undone draws the dice it drew then."""
    global _game
    assert _game is not None
    key = str(key)
    before = _game.snapshot()
    place = place_of(before, answer_of(_game.offered, key))
    game = _game
    try:
        events, drawn = draw_taped(game.dice, _redo.get(place), lambda: game.choose(key))
    except InvalidDecision as exc:
        return _view([], note=str(exc))
    except EngineError as exc:
        _game = Game.resume(_adventure, before)
        return _view([], note=f"the adventure broke: {exc}")
    _history.append(mark(story_point(before), place, drawn))
    del _history[:-UNDO_DEPTH]
    return _view(events)


def undo() -> str:
    """Step the story back one decision; taking it again draws the same dice (no re-rolling)."""
    global _game
    assert _game is not None and _adventure is not None
    if not _history:
        return _view([], note="nothing to undo")
    point = _history.pop()
    now = _game.snapshot()
    _game = Game.resume(_adventure, rebuild(point, now))
    keep_drawn(_redo, point)
    return _view(_game.replay_view(), note="stepped back one decision; the same choice rolls the same dice")


def journal() -> str:
    """The journal's entries, with the scene each was written in."""
    assert _game is not None
    words = Words(_adventure, _game)
    return json.dumps([dict(e, scene_title=words.scene(e.get("scene"))) for e in _game.state.journal], default=str)
