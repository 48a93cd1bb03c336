"""The scene graph as a ``transitions`` state machine: scenes are states, declared moves transitions.

The machine is built once per adventure, from its :class:`~solo.adventure.scene_graph.SceneGraph`,
and shared by every game of that adventure (a new game, ``continue``, ``:undo`` and every run of a
playtest): each game keeps its current scene on its own small model object, and the machine is
told which model to move (``Event.trigger(model)``), so no model is ever registered with it and
nothing is added per game.

Size: one state per scene, one event per destination scene, one transition per declared edge of
the scenes' own ways, and one transition per *anywhere* destination (hooks, clocks). A move that
can happen from any scene is a single rule, :class:`_FromAnywhere`, not one transition per scene,
so time and memory are linear in scenes plus edges.

A move the file never declared is refused (:class:`SceneMoveError`), so a bug in the engine
cannot teleport the player.
"""

from __future__ import annotations

import weakref
from typing import Any, cast

from transitions import Machine, MachineError
from transitions.core import Event, Transition

from solo.adventure._gc import gc_paused
from solo.adventure.model import Adventure
from solo.adventure.scene_graph import SceneGraph, scene_graph
from solo.errors import SoloError

START = "(start)"
_TRIGGER = "to:"


class SceneMoveError(SoloError, RuntimeError):
    """The engine tried to move along an edge the adventure does not declare."""


class _AnySource(Transition):
    """A transition that may start in any state (it leaves whatever state the model is in)."""

    def _change_state(self, event_data: Any) -> None:
        event_data.state.exit(event_data)
        event_data.machine.set_state(self.dest, event_data.model)
        event_data.update(getattr(event_data.model, event_data.machine.model_attribute))
        dest = event_data.machine.get_state(self.dest)
        dest.enter(event_data)


class _EverySource(dict):
    """An event's transitions by source state, where every source has the same one rule."""

    def __init__(self, rule: Transition) -> None:
        super().__init__()
        self._rule = [rule]

    def __contains__(self, source: object) -> bool:
        return True

    def __missing__(self, source: str) -> list[Transition]:
        return self._rule

    def values(self):  # Event.add_callback walks the transitions
        return [self._rule]


class _FromAnywhere(Event):
    """``to:<scene>`` for a scene that hooks or clocks can send the player to from any scene."""

    def __init__(self, name: str, machine: Machine, dest: str) -> None:
        super().__init__(name, machine)
        self.transitions = cast(Any, _EverySource(_AnySource("*", dest)))  # a dict by source, as transitions keeps it

    def add_transition(self, transition: Transition) -> None:
        return  # a move from anywhere already covers every move to the same scene


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
        for dest in sorted(graph.anywhere):
            if dest in known:
                name = _TRIGGER + dest
                events[name] = _FromAnywhere(name, machine, dest)

        def add(source: str, dest: str) -> None:
            name = _TRIGGER + dest
            event = events.get(name)
            if event is None:
                event = events[name] = Event(name, machine)
            event.add_transition(make(source, dest))

        if graph.start in known:
            add(START, graph.start)
        for source in scenes:
            for dest in graph.known_out(source):
                add(source, dest)
    return machine


# One machine per adventure object, dropped with the adventure. (The adventure cannot be a key
# of a WeakKeyDictionary: frozen dataclasses with dict fields are not hashable.)
_MACHINES: dict[int, Machine] = {}


def shared_machine(adventure: Adventure) -> Machine:
    """The adventure's machine, built the first time a game of it asks."""
    key = id(adventure)
    machine = _MACHINES.get(key)
    if machine is None:
        machine = build_machine(scene_graph(adventure), list(adventure.scenes))
        _MACHINES[key] = machine
        weakref.finalize(adventure, _MACHINES.pop, key, None)
    return machine


class SceneMachine:
    """One game's place in the adventure's shared machine; allows only declared moves."""

    def __init__(self, adventure: Adventure) -> None:
        self.machine = shared_machine(adventure)
        self.model = _Model()

    @property
    def scene(self) -> str | None:
        return None if self.model.state == START else self.model.state

    def move(self, dest: str) -> None:
        event = self.machine.events.get(_TRIGGER + dest)
        try:
            if event is None or not event.trigger(self.model):
                raise MachineError(f"no transition to {dest!r}")
        except MachineError as exc:
            raise SceneMoveError(f"no way from {self.model.state!r} to {dest!r}") from exc

    def place(self, scene_id: str | None) -> None:
        """Put this game in a scene without a transition (resuming a save)."""
        self.machine.set_state(scene_id or START, self.model)
