"""The story so far, retold: a save's run re-enacted step by step, with the journal woven in.

``:recap``, ``solo transcript`` and re-reading a finished story all come from here. A save keeps
the seed, the starting character and every answer (``:undo`` included), so re-running them on a
fresh game gives back every scene, roll and consequence exactly, with nothing extra stored.
Undone steps are left out; the journal's notes are placed after the step during which they were
written. No I/O beyond loading the adventure; the words come from :mod:`solo.ui.words`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.engine import events as ev
from solo.saves import SaveError
from solo.session import UNDO, gm_command


@dataclass
class Step:
    """One decision and what followed it (the first step is the start: no choice)."""

    choice: str = ""  # the text of the option chosen
    key: str = ""
    events: list[ev.Event] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    turn: int = 0


@dataclass
class Story:
    adventure: Any
    steps: list[Step]
    ending: ev.EndingReached | None = None
    rolls: list[dict[str, Any]] = field(default_factory=list)


def retell(payload: dict[str, Any]) -> Story:
    """Re-run a save's answers and collect the steps that still stand."""
    from solo.replay import replay_payload

    steps: list[Step] = []

    def observe(key: str, option: Any, events: list, game: Any) -> None:
        if key == UNDO:  # back to before the last choice, with any GM commands after it
            while len(steps) > 1 and gm_command(steps[-1].key) is not None:
                steps.pop()
            if len(steps) > 1:
                steps.pop()
            return
        choice = getattr(option, "text", "") if option is not None else ""
        if gm_command(key) is not None:
            choice = f"(GM) {key}"
        steps.append(Step(choice=choice, key=key, events=list(events), turn=game.state.turn))

    result = replay_payload(payload, observe)
    if result.differences and result.steps < len(payload.get("transcript") or payload.get("choices") or []):
        raise SaveError(f"the story cannot be retold: {result.differences[0]}")
    game = result.game
    # place each journal entry after the last step whose turn it was written in
    journal = list((payload.get("state") or {}).get("journal") or [])
    for note in journal:
        turn = int(note.get("turn", 0) or 0)
        target = steps[0]
        for step in steps:
            if step.turn <= turn:
                target = step
        target.notes.append(note)
    ending = next((e for s in steps for e in s.events if isinstance(e, ev.EndingReached)), None)
    return Story(game.adventure, steps, ending, list(game.state.rolls))


def retell_session(session: Any) -> Story:
    """The story of a session being played (its current payload, re-run)."""
    return retell(session.payload())
