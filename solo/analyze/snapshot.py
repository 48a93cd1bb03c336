"""Copying a game state for the explorer, which copies one for every run of every step.

:meth:`solo.engine.state.GameState.copy` is the engine's general copy: it rebuilds the state
through ``dataclasses.replace`` and copies every dict and list by a recursive call per value,
the character through a dict round trip. The explorer copies a state each time it runs a step
(once per script of random answers), and profiles put those copies at a fifth to a quarter of
its time on supply-ship and goblin-market. :func:`copy_state` makes the same copy cheaper: a
flat dict or list of plain values (most of a state: flags, counters, clocks, visits, marks) is
copied in one call, and only nested containers are walked. What is copied is what the engine's
copy copies (dicts and lists all the way down; tuples, text and numbers shared, being
immutable), so a copy and its original never share a container a step could change;
tests/analyze/test_snapshot.py holds the two copies equal and independent on explored states.
"""

from __future__ import annotations

from typing import Any

from solo.engine.state import GameState, Pending
from solo.rules.base import Character

_LEAVES = frozenset({str, int, bool, float, type(None), tuple})


def _deep(value: Any) -> Any:
    """A copy of JSON-like data: dicts and lists copied all the way down, the rest shared."""
    leaves = _LEAVES
    if isinstance(value, dict):
        return {k: v if type(v) in leaves else _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in leaves else _deep(v) for v in value]
    return value


def plain_copy(value: Any) -> Any:
    """An independent copy of JSON-like data (what ``to_dict`` gives): dicts and lists copied
    all the way down, text and numbers shared."""
    return _deep(value)


def _character(person: Character) -> Character:
    twin = Character.__new__(Character)
    twin.__dict__.update(person.__dict__)
    twin.stats = _deep(person.stats)
    twin.resources = _deep(person.resources)
    twin.items = list(person.items)
    twin.conditions = list(person.conditions)
    twin.extra = _deep(person.extra)
    return twin


def copy_state(state: GameState) -> GameState:
    """An independent copy of ``state``, equal to ``state.copy()``."""
    twin = GameState.__new__(GameState)
    leaves = _LEAVES
    fields: dict[str, Any] = {}
    for name, value in state.__dict__.items():
        kind = type(value)
        if kind is dict:
            fields[name] = {k: v if type(v) in leaves else _deep(v) for k, v in value.items()}
        elif kind is list:
            fields[name] = [v if type(v) in leaves else _deep(v) for v in value]
        elif isinstance(value, (dict, list)):
            fields[name] = _deep(value)
        else:
            fields[name] = value
    twin.__dict__.update(fields)
    if state.character is not None:
        twin.character = _character(state.character)
    if state.pending is not None:
        twin.pending = Pending(state.pending.kind, _deep(state.pending.data))
    return twin
