"""The engine's modules import each other without a cycle, and each imports on its own.

The graph is read from the source (every ``import`` and ``from ... import``, those under
``TYPE_CHECKING`` included, since a cycle there is still a tangle a reader must follow), and
each module is then imported alone in a fresh interpreter.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "solo" / "engine"
MODULES = sorted(p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__")


def _engine_imports(name: str) -> set[str]:
    tree = ast.parse((ENGINE / f"{name}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "solo.engine":
                found.update(alias.name for alias in node.names)
            elif node.module.startswith("solo.engine."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[2] for a in node.names if a.name.startswith("solo.engine."))
    return found & set(MODULES)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that returns to its start, or None."""
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_inside_the_engine():
    graph = {name: _engine_imports(name) for name in MODULES}
    assert graph["game"] >= {"effects", "conflicts", "context"}  # the graph is really read
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


@pytest.mark.parametrize("name", MODULES)
def test_each_engine_module_imports_alone(name):
    done = subprocess.run([sys.executable, "-c", f"import solo.engine.{name}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
