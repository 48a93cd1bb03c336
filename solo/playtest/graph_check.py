"""Whether play stays on ``solo graph``'s map: moves taken that the graph lacks, scenes it calls unreachable.

:func:`off_graph` reads the moves of playtest runs (:attr:`~solo.playtest.runner.RunResult.moves`)
and answers each move from one scene to another that no edge of :func:`solo.adventure.graph.edges`
draws (an edge from "any scene", a hook's or a clock's, serves every scene), and each scene
entered that the graph's edges cannot reach from the start. The tests and
``bench/graph_vs_play.py`` use it to hold the graph to what the engine does.
"""

from __future__ import annotations

from typing import Iterable

from solo.adventure.graph import ANYWHERE, START, Edge, edges
from solo.adventure.model import Adventure
from solo.playtest.runner import RunResult

__all__ = ["off_graph", "reachable"]


def reachable(graph: Iterable[Edge]) -> set[str]:
    """The scenes the edges reach from the start (edges from any scene leave every scene reached)."""
    out: dict[str, set[str]] = {}
    for edge in graph:
        out.setdefault(edge.source, set()).add(edge.dest)
    anywhere = out.get(ANYWHERE, set())
    seen: set[str] = set()
    todo = [START]
    while todo:
        here = todo.pop()
        for dest in out.get(here, set()) | (anywhere if here != START else set()):
            if dest not in seen:
                seen.add(dest)
                todo.append(dest)
    return seen


def off_graph(adventure: Adventure, results: Iterable[RunResult]) -> list[str]:
    """One line for each move the runs took that the graph lacks and each scene they entered that
    the graph cannot reach, in order of first appearance (empty when play stayed on the graph)."""
    graph = edges(adventure)
    drawn = {(edge.source, edge.dest) for edge in graph}
    anywhere = {edge.dest for edge in graph if edge.source == ANYWHERE}
    reached = reachable(graph)
    found: dict[str, None] = {}
    for result in results:
        for (source, dest), _count in result.moves.items():
            start = START if source is None else source
            if (start, dest) not in drawn and (source is None or dest not in anywhere):
                found[f"run {result.index} (seed {result.seed}) moved {start} -> {dest}: no such edge"] = None
            if dest not in reached:
                found[f"run {result.index} (seed {result.seed}) entered {dest}, which the graph cannot reach"] = None
    return list(found)
