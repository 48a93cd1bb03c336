"""Honest undo: story points to step back to, and the dice each undone decision drew.

Undo fixes a misclick; it is not a free re-roll. A story point is the state before a decision
without the dice and the journal (those go on), and with the append-only logs as lengths. The
decision is remembered with its *place* (a digest of the story point and the answer) and the dice
it drew; once undone, giving the same answer at the same place draws those dice again, while any
other answer draws dice never seen. GM mode and ``--forgiving`` leave the place out, so the dice
go on and an undone roll may come out differently.

Pure Python, no I/O: the terminal's :class:`~solo.session.Session` and the exported web page
(:mod:`solo.publish.web_play`, under Pyodide) both take decisions and undo through here, so the
two keep the same dice.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Callable

from solo.rules.dice import Dice

#: the state's append-only logs: a story point keeps their lengths, not their contents
LOGS = ("rolls", "choices")
#: what a story point leaves out and takes from the present on undo
PRESENT = ("dice", "journal")
REDO_KEPT = 200  # undone decisions whose dice are remembered (in the save too)


def story_point(snapshot: dict[str, Any]) -> dict[str, Any]:
    """A state snapshot slimmed for undo: no dice, no journal, logs as their lengths."""
    point = {k: v for k, v in snapshot.items() if k not in LOGS and k not in PRESENT}
    for name in LOGS:
        point[f"{name}_kept"] = len(snapshot.get(name) or [])
    return point


def place_of(snapshot: dict[str, Any], answer: str) -> str:
    """Where a decision is taken, as a short digest: the story (not the dice) and the answer."""
    raw = json.dumps([story_point(snapshot), answer], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:24]


def answer_of(offered: Any, key: str) -> str:
    """The option an answer picks (``1`` and the option's id are one answer), else the answer."""
    for option in getattr(offered, "options", ()) or ():
        if key in (option.key, option.id):
            return str(option.id)
    return key


def rebuild(point: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """The state to resume on undo: the story from ``point``, the dice and journal from ``now``.

    A full snapshot (a save written before story points existed) is used as it is, but still
    with today's dice, so an undo never rewinds them.
    """
    state = dict(point)
    for name in LOGS:
        kept = point.get(f"{name}_kept")
        if kept is not None:
            state[name] = list(now.get(name) or [])[: int(kept)]
            state.pop(f"{name}_kept", None)
    for name in PRESENT:
        state[name] = now.get(name)
    return state


def draw_taped(dice: Dice, again: list[int] | None, decide: Callable[[], Any]) -> tuple[Any, list[int]]:
    """Run ``decide`` with ``again`` queued as the next draws (an answer given again where it was
    undone); returns what it returned and every value it drew. A decision that raises leaves the
    forced queue as it was."""
    queued = list(dice.forced_pending)
    if again:
        dice.force(*again)
    dice.tape = []
    try:
        result = decide()
    except BaseException:
        dice.clear_forced()
        dice.force(*queued)
        raise
    finally:
        drawn, dice.tape = dice.tape, None
    return result, list(drawn or [])


def mark(point: dict[str, Any], place: str, drawn: list[int]) -> dict[str, Any]:
    """A story point that knows where its decision was taken and what it drew."""
    if place:
        point["place"], point["drawn"] = place, list(drawn)
    return point


def keep_drawn(redo: dict[str, list[int]], point: dict[str, Any]) -> None:
    """An undone point's dice, kept for its place (the newest last, at most :data:`REDO_KEPT`)."""
    if not point.get("place"):
        return
    redo.pop(point["place"], None)
    redo[str(point["place"])] = [int(v) for v in point.get("drawn") or []]
    while len(redo) > REDO_KEPT:
        del redo[next(iter(redo))]
