"""The scene graph as a ``transitions`` state machine: scenes are states, declared moves transitions.

The machine is built once per adventure, from its :class:`~solo.adventure.scene_graph.SceneGraph`,
and shared by every game of that adventure (a new game, ``continue``, ``:undo`` and every run of a
playtest): each game keeps its current scene on its own small model object, and no model is ever
registered with the machine, so nothing is added per game.

Size: one state per scene, one event per destination scene and one transition per declared edge
of the scenes' own ways. A move that can happen from any scene (hooks, filled clocks) is not a
transition at all: it is one entry in the adventure's table of moves (see below), so time and
memory stay linear in scenes plus edges.

Only ``transitions``' public surface is used (``Machine``, ``Event``, ``transition_cls``,
``get_transitions``, ``set_state``); nothing of it is overridden. A game's move does not go
through ``Event.trigger``, though: triggering resolves callbacks, builds event data and walks the
state's exit and entry for a machine that has no callbacks at all, which cost about 20 µs per
move on the loaded development machine, more than the rest of a choice-only step's bookkeeping. Instead the machine's own
transitions are read once into a table (destination -> the scenes it may be reached from, or
from anywhere) and each move is a lookup in it. The table is made from the machine, so the two
cannot disagree.

A move the file never declared is refused (:class:`SceneMoveError`), so a bug in the engine
cannot teleport the player.
"""

from __future__ import annotations

import weakref

from transitions import Machine
from transitions.core import Event

from solo.adventure._gc import gc_paused
from solo.adventure.model import Adventure
from solo.adventure.scene_graph import SceneGraph, scene_graph
from solo.errors import SoloError

START = "(start)"
_TRIGGER = "to:"


class SceneMoveError(SoloError, RuntimeError):
    """The engine tried to move along an edge the adventure does not declare."""


class _Model:
    """The object ``transitions`` keeps one game's current scene on."""

    def __init__(self) -> None:
        self.state = START


def build_machine(graph: SceneGraph, scenes: list[str]) -> Machine:
    """The shared machine of a scene graph (no model; games pass their own).

    The transitions are made directly rather than through ``Machine.add_transition`` (which
    also checks its arguments and decorates models, here none): the same objects, a third of
    the time for tens of thousands of edges. The garbage collector is paused meanwhile, as for
    loading (:mod:`solo.adventure._gc`).
    """
    with gc_paused():
        machine = Machine(
            model=None,
            states=[START, *scenes],
            initial=START,
            auto_transitions=False,
            ignore_invalid_triggers=False,
        )
        known = set(scenes)
        events = machine.events
        make = machine.transition_cls

        def add(source: str, dest: str) -> None:
            name = _TRIGGER + dest
            event = events.get(name)
            if event is None:
                event = events[name] = Event(name, machine)
            event.add_transition(make(source, dest))

        if graph.start in known:
            add(START, graph.start)
        anywhere = graph.anywhere & known
        for source in scenes:
            for dest in graph.known_out(source):
                if dest not in anywhere:  # a move from anywhere covers this one too
                    add(source, dest)
    return machine


def moves_table(machine: Machine, anywhere: frozenset[str]) -> dict[str, frozenset[str] | None]:
    """Destination -> the scenes the machine lets a game reach it from (None: from any scene, the
    adventure's moves from anywhere)."""
    table: dict[str, frozenset[str] | None] = {}
    for name in machine.events:
        if name.startswith(_TRIGGER):
            table[name[len(_TRIGGER):]] = frozenset(t.source for t in machine.get_transitions(name))
    for dest in anywhere:
        if dest in machine.states:
            table[dest] = None
    return table


# One machine per adventure object, dropped with the adventure. (The adventure cannot be a key
# of a WeakKeyDictionary: frozen dataclasses with dict fields are not hashable.)
_MACHINES: dict[int, tuple[Machine, dict[str, frozenset[str] | None]]] = {}


def shared_machine(adventure: Adventure) -> tuple[Machine, dict[str, frozenset[str] | None]]:
    """The adventure's machine and its table of moves, built the first time a game asks."""
    key = id(adventure)
    found = _MACHINES.get(key)
    if found is None:
        graph = scene_graph(adventure)
        machine = build_machine(graph, list(adventure.scenes))
        found = _MACHINES[key] = (machine, moves_table(machine, graph.anywhere))
        weakref.finalize(adventure, _MACHINES.pop, key, None)
    return found


class SceneMachine:
    """One game's place in the adventure's shared machine; allows only declared moves."""

    def __init__(self, adventure: Adventure) -> None:
        self.machine, self._moves = shared_machine(adventure)
        self.model = _Model()

    @property
    def scene(self) -> str | None:
        return None if self.model.state == START else self.model.state

    def move(self, dest: str) -> None:
        sources = self._moves.get(dest, ())
        if sources is not None and self.model.state not in sources:
            raise SceneMoveError(f"no way from {self.model.state!r} to {dest!r}")
        self.model.state = dest  # what the machine's transition would set (see the module docstring)

    def place(self, scene_id: str | None) -> None:
        """Put this game in a scene without a transition (resuming a save)."""
        self.machine.set_state(scene_id or START, self.model)
