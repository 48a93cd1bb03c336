"""The scene graph as a ``transitions`` state machine: scenes are states, gotos are transitions.

Every edge an adventure can take is declared up front: the gotos of choices and outcome branches
from their scene, and the gotos of hooks, clocks and tables (which can fire anywhere) from every
scene. A move the file never declared is refused by the machine, so a bug in the engine cannot
teleport the player.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from transitions import Machine, MachineError

from solo.adventure.model import Adventure, Branch

START = "(start)"


class SceneMoveError(RuntimeError):
    """The engine tried to move along an edge the adventure does not declare."""


def effect_gotos(effects: Any) -> Iterator[str]:
    """Every scene id named by a ``goto`` inside a list of effects (``if`` branches included)."""
    for effect in effects or ():
        if not isinstance(effect, Mapping):
            continue
        for name, value in effect.items():
            if name == "goto" and isinstance(value, str):
                yield value
            elif name == "if" and isinstance(value, Mapping):
                yield from effect_gotos(value.get("then"))
                yield from effect_gotos(value.get("else"))


def branch_gotos(branch: Branch) -> Iterator[str]:
    if branch.goto:
        yield branch.goto
    yield from effect_gotos(branch.effects)


def tables_used(effects: Any) -> Iterator[str]:
    for effect in effects or ():
        if not isinstance(effect, Mapping):
            continue
        for name, value in effect.items():
            if name == "table" and isinstance(value, str):
                yield value
            elif name == "if" and isinstance(value, Mapping):
                yield from tables_used(value.get("then"))
                yield from tables_used(value.get("else"))


def scene_edges(adventure: Adventure, scene_id: str) -> Iterator[tuple[str, str]]:
    """(destination, label) for every move a scene's own content can make."""
    scene = adventure.scenes[scene_id]
    for dest in effect_gotos(scene.on_enter):
        yield dest, "on enter"
    tables = list(tables_used(scene.on_enter))
    for choice in scene.choices:
        for dest in effect_gotos(choice.effects):
            yield dest, choice.text
        tables += tables_used(choice.effects)
        if choice.goto:
            yield choice.goto, choice.text
        if choice.check is not None:
            for label, branch in choice.check.outcomes.items():
                for dest in branch_gotos(branch):
                    yield dest, f"{choice.text} [{label}]"
                tables += tables_used(branch.effects)
    if scene.conflict is not None:
        for label, branch in scene.conflict.outcomes.items():
            for dest in branch_gotos(branch):
                yield dest, f"conflict [{label}]"
            tables += tables_used(branch.effects)
    for tid in tables:
        table = adventure.tables.get(tid)
        if table is not None:
            for branch in table.rows.values():
                for dest in branch_gotos(branch):
                    yield dest, f"table {tid}"


def global_gotos(adventure: Adventure) -> set[str]:
    """Scenes that hooks and clocks can send the player to from anywhere."""
    dests: set[str] = set()
    for hook in adventure.hooks:
        dests.update(effect_gotos(hook.effects))
        for tid in tables_used(hook.effects):
            table = adventure.tables.get(tid)
            if table is not None:
                for branch in table.rows.values():
                    dests.update(branch_gotos(branch))
    for clock in adventure.clocks.values():
        dests.update(effect_gotos(clock.filled))
    if adventure.defeated is not None:
        dests.update(branch_gotos(adventure.defeated))
    return dests


class _Model:
    """The object ``transitions`` keeps the current scene on."""

    state: str


class SceneMachine:
    """Tracks the current scene and allows only declared moves."""

    def __init__(self, adventure: Adventure) -> None:
        self.model = _Model()
        states = [START, *adventure.scenes]
        self.machine = Machine(
            model=self.model,
            states=states,
            initial=START,
            auto_transitions=False,
            ignore_invalid_triggers=False,
        )
        scene_ids = set(adventure.scenes)
        edges: dict[str, set[str]] = {START: {adventure.start}}
        for sid in adventure.scenes:
            edges.setdefault(sid, set()).update(
                dest for dest, _ in scene_edges(adventure, sid) if dest in scene_ids
            )
        anywhere = {d for d in global_gotos(adventure) if d in scene_ids}
        for dest in sorted(scene_ids | {adventure.start}):
            sources = sorted(src for src, dests in edges.items() if dest in dests or dest in anywhere)
            if dest in anywhere and START not in sources:
                sources.append(START)
            if sources:
                self.machine.add_transition(trigger=f"to:{dest}", source=sources, dest=dest)

    @property
    def scene(self) -> str | None:
        return None if self.model.state == START else self.model.state

    def move(self, dest: str) -> None:
        try:
            self.model.trigger(f"to:{dest}")
        except (MachineError, AttributeError) as exc:
            raise SceneMoveError(f"no way from {self.model.state!r} to {dest!r}") from exc

    def place(self, scene_id: str | None) -> None:
        """Put the machine in a scene without a transition (resuming a save)."""
        self.machine.set_state(scene_id or START)
