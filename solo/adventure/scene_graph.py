"""The scene graph of an adventure: which scene can lead to which. Its one home.

The edges are a property of the adventure, so they are worked out here once and read by
everything that needs them: the validator (reachability, dead ends, loops without a choice), ``solo
graph`` (which draws them with labels), the engine's scene machine (which refuses any move the
file does not declare) and the playtest and analysis tools.

Where a move can come from:

* a scene's own *ways* (:func:`scene_ways`, the one function that walks a scene's branches): its
  ``on_enter`` effects, each choice's effects and ``goto``, each outcome branch of a choice's
  check or contest, and each result branch of the scene's conflict. A new kind of branch is one
  more ``yield`` there, and every reader of the graph sees it;
* the rows of the tables those effects roll, followed through tables that roll tables;
* hooks, filled clocks and the adventure's ``defeated`` branch (the rules taking the character
  out), which can fire after any choice in any scene: their destinations are
  *anywhere* moves, kept as one set (one rule), never as one edge per scene.

:func:`scene_graph` builds a :class:`SceneGraph` once per adventure and caches it on the adventure
object, in time and memory linear in scenes plus edges.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping

from solo.adventure.format.effects import BY_NAME, walk
from solo.adventure._gc import gc_paused

if TYPE_CHECKING:
    from solo.adventure.model import Adventure, Branch, Choice, Scene

__all__ = [
    "SceneGraph",
    "Way",
    "branch_gotos",
    "effect_gotos",
    "effect_tables",
    "forced_goto",
    "reach",
    "scene_graph",
    "scene_ways",
    "table_rows_gotos",
    "tables_reached",
]

#: The key under which the graph is cached in an adventure's ``__dict__``.
_CACHE = "_scene_graph"


# -- walking effects ----------------------------------------------------------------------------


def effect_gotos(effects: Any) -> Iterator[str]:
    """Every scene id named by a ``goto`` inside a list of effects (nested effects included, as
    the format registry nests them: :func:`solo.adventure.format.effects.walk`)."""
    for name, value in walk(effects):
        if name == "goto" and isinstance(value, str):
            yield value


def effect_tables(effects: Any) -> Iterator[str]:
    """Every table id a list of effects rolls directly (nested effects included)."""
    for name, value in walk(effects):
        if name == "table" and isinstance(value, str):
            yield value


def branch_gotos(branch: "Branch") -> Iterator[str]:
    """The scenes a branch (an outcome, a table row) names: its ``goto``, then its effects'."""
    if branch.goto:
        yield branch.goto
    yield from effect_gotos(branch.effects)


def tables_reached(adventure: "Adventure", effects: Any) -> list[str]:
    """Every table the effects can roll, directly or through the rows of tables they roll.

    Each table once, in the order first met; unknown table ids are left out.
    """
    found: list[str] = []
    seen: set[str] = set()
    queue = deque(effect_tables(effects))
    while queue:
        tid = queue.popleft()
        if tid in seen:
            continue
        seen.add(tid)
        table = adventure.tables.get(tid)
        if table is None:
            continue
        found.append(tid)
        for branch in table.rows.values():
            queue.extend(effect_tables(branch.effects))
    return found


def table_rows_gotos(adventure: "Adventure", table_id: str) -> Iterator[str]:
    """The scenes the rows of one table name (not following the tables its rows roll)."""
    table = adventure.tables.get(table_id)
    if table is not None:
        for branch in table.rows.values():
            yield from branch_gotos(branch)


def effects_destinations(adventure: "Adventure", effects: Any) -> Iterator[str]:
    """Every scene a list of effects can send the player to, tables included."""
    yield from effect_gotos(effects)
    for tid in tables_reached(adventure, effects):
        yield from table_rows_gotos(adventure, tid)


# -- a scene's ways -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Way:
    """One part of a scene that can move the player on: effects that run together, then maybe
    the part's own ``goto``.

    ``kind`` is ``enter`` (the scene's ``on_enter``), ``choice`` (a choice's effects and goto) or
    ``outcome`` (one outcome branch of a choice's check or contest, ``outcome`` its label) or
    ``conflict`` (one result branch of the scene's conflict, ``outcome`` its result).
    ``path`` is where it is in the file.
    """

    kind: str
    effects: tuple[Mapping[str, Any], ...]
    goto: str | None = None
    choice: "Choice | None" = None
    outcome: str = ""
    path: tuple[Any, ...] = ()


def scene_ways(scene: "Scene") -> Iterator[Way]:
    """Every way of a scene, in file order. The one place that knows a scene's branches."""
    if scene.on_enter:
        yield Way("enter", scene.on_enter, None, None, "", scene.path + ("on_enter",))
    for choice in scene.choices:
        yield Way("choice", choice.effects, choice.goto, choice, "", choice.path)
        if choice.check is not None:
            for label, branch in choice.check.outcomes.items():
                yield Way("outcome", branch.effects, branch.goto, choice, label, branch.path)
    if scene.conflict is not None:
        for label, branch in scene.conflict.outcomes.items():
            yield Way("conflict", branch.effects, branch.goto, None, label, branch.path)


def way_destinations(adventure: "Adventure", way: Way) -> Iterator[str]:
    """Every scene one way can lead to: its goto, its effects' gotos and its tables' rows."""
    if way.goto:
        yield way.goto
    yield from effects_destinations(adventure, way.effects)


def global_destinations(adventure: "Adventure") -> Iterator[str]:
    """Scenes that hooks, filled clocks and the ``defeated`` branch can send the player to, from
    any scene."""
    for hook in adventure.hooks:
        yield from effects_destinations(adventure, hook.effects)
    for clock in adventure.clocks.values():
        yield from effects_destinations(adventure, clock.filled)
    if adventure.defeated is not None:
        yield from branch_gotos(adventure.defeated)
        for tid in tables_reached(adventure, adventure.defeated.effects):
            yield from table_rows_gotos(adventure, tid)


def forced_goto(scene: "Scene") -> str | None:
    """The scene a scene's ``on_enter`` always moves on to before the player is asked anything.

    That is a plain ``goto`` effect after which no effect can change where the player goes (no
    ``if``, table, clock or another goto). ``None`` when nothing is sure.
    """
    dest: str | None = None
    for effect in scene.on_enter:
        if not isinstance(effect, Mapping):
            continue
        for name, value in effect.items():
            if name == "goto" and isinstance(value, str):
                dest = value
            elif name in BY_NAME and BY_NAME[name].may_move:
                dest = None  # it may move elsewhere (a goto inside, a row, a filled clock)
    return dest


# -- the graph ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SceneGraph:
    """Which scene can lead where, built once per adventure (see :func:`scene_graph`).

    ``out`` maps every scene to the scene ids its own ways name, each once in file order (ids
    the file names but does not define included, so a reader can tell "goes nowhere" from
    "goes to a missing scene"); ``anywhere`` holds the scenes that hooks and filled clocks can
    send the player to from any scene.
    """

    start: str
    out: Mapping[str, tuple[str, ...]]
    anywhere: frozenset[str]

    def known_out(self, scene_id: str) -> tuple[str, ...]:
        """The scenes one scene's own ways lead to, only those that exist."""
        return tuple(dest for dest in self.out.get(scene_id, ()) if dest in self.out)

    def can_move(self, source: str | None, dest: str) -> bool:
        """Whether the adventure declares a move from ``source`` (None: the start) to ``dest``."""
        if dest not in self.out:
            return False
        if dest in self.anywhere:
            return True
        if source is None:
            return dest == self.start
        return dest in self.out.get(source, ())

    def reachable(self, starts: Iterable[str] | None = None) -> set[str]:
        """The scenes reachable from ``starts`` (default: the start scene), anywhere moves included."""
        starts = [self.start] if starts is None else list(starts)
        return reach(starts, {sid: self.known_out(sid) for sid in self.out}, self._known_anywhere())

    def backwards(self) -> dict[str, list[str]]:
        """For every scene, the scenes whose own ways lead to it."""
        back: dict[str, list[str]] = {sid: [] for sid in self.out}
        for sid in self.out:
            for dest in self.known_out(sid):
                back[dest].append(sid)
        return back

    def _known_anywhere(self) -> list[str]:
        return sorted(dest for dest in self.anywhere if dest in self.out)


def reach(starts: Iterable[str], edges: Mapping[str, Iterable[str]], anywhere: list[str]) -> set[str]:
    """Breadth-first search; ``anywhere`` destinations join as soon as one node is reached."""
    seen: set[str] = set()
    queue = deque(s for s in starts if s in edges)
    seen.update(queue)
    joined = False
    while queue:
        node = queue.popleft()
        nexts: Iterable[str] = edges.get(node, ())
        if not joined and anywhere:
            joined = True
            nexts = list(nexts) + anywhere
        for dest in nexts:
            if dest not in seen:
                seen.add(dest)
                queue.append(dest)
    return seen


def build(adventure: "Adventure") -> SceneGraph:
    """Work the graph out from the adventure (uncached; :func:`scene_graph` caches it)."""
    out: dict[str, tuple[str, ...]] = {}
    table_gotos: dict[str, tuple[str, ...]] = {}  # a table's rows' destinations, worked out once

    def destinations(effects: Any) -> Iterator[str]:
        yield from effect_gotos(effects)
        for tid in tables_reached(adventure, effects):
            if tid not in table_gotos:
                table_gotos[tid] = tuple(table_rows_gotos(adventure, tid))
            yield from table_gotos[tid]

    for sid, scene in adventure.scenes.items():
        dests: dict[str, None] = {}
        for way in scene_ways(scene):
            if way.goto:
                dests[way.goto] = None
            if way.effects:
                dests.update((d, None) for d in destinations(way.effects))
        out[sid] = tuple(dests)
    return SceneGraph(adventure.start, out, frozenset(global_destinations(adventure)))


def scene_graph(adventure: "Adventure") -> SceneGraph:
    """The adventure's scene graph, built the first time it is asked for and kept on the adventure."""
    found = adventure.__dict__.get(_CACHE)
    if found is None:
        with gc_paused():
            found = build(adventure)
        adventure.__dict__[_CACHE] = found  # the adventure is frozen; this is a cache, not a field
    return found
