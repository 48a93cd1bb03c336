"""The explorer's state copy is the engine's copy, made cheaper: equal, and sharing no container."""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.analyze.explore import Budget, Explorer
from solo.analyze.snapshot import copy_state

HERE = Path(__file__).parent


def _containers(value, found):
    """Every dict and list inside ``value`` (by identity), the character's included."""
    if isinstance(value, (dict, list)):
        found.add(id(value))
        for v in value.values() if isinstance(value, dict) else value:
            _containers(v, found)
    elif hasattr(value, "__dict__"):
        for v in vars(value).values():
            _containers(v, found)
    return found


def _states(name: str, count: int):
    explorer = Explorer(loader.load(name).adventure, budget=Budget(max_states=count))
    explorer.explore()
    return [node.state for node in explorer.nodes if node.state is not None]


def test_copy_state_equals_the_engine_copy_and_shares_no_container():
    states = _states("supply-ship", 150) + _states(str(HERE / "fixtures" / "lf-duel.yaml"), 60)
    assert len(states) > 50 and any(s.pending is not None and s.pending.kind == "conflict" for s in states), \
        "the sample has fights in progress (nested pending data)"
    for state in states:
        twin = copy_state(state)
        assert twin == state.copy() and twin.to_dict() == state.to_dict()
        assert type(twin.character) is type(state.character)
        assert not _containers(twin, set()) & _containers(state, set())


def test_a_change_to_the_copy_leaves_the_original_alone():
    state = _states("supply-ship", 40)[-1]
    before = state.to_dict()
    twin = copy_state(state)
    twin.flags[next(iter(twin.flags))] = "changed"
    twin.character.items.append("x")
    twin.character.resources["changed"] = 1
    twin.visits["x"] = 9
    twin.taken.append("x")
    assert state.to_dict() == before
