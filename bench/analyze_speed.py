"""How fast the analyzer expands states: CPU seconds for the first N states of each adventure.

Prints, per adventure, the states met, the states expanded, CPU seconds and states per CPU
second. ``--policy`` is ``random`` (the plain explorer, solved at each doubling as ``solo
analyze`` does), a playtest bot's name (``careful-top``...: its play, :mod:`solo.analyze.policy_play`,
solved the same way) or ``best``/``worst`` (the focused search alone, no floors); ``--character``
picks the pregen (default: none, the adventure's own choice). To compare two versions of the code
in one run (so the machine's load hits both alike), run it under each with ``PYTHONPATH``
pointing at the other checkout, alternating (run it as a script, not with ``-m`` from a checkout,
whose directory would come first):

    python bench/analyze_speed.py --states 3000 supply-ship goblin-market
    python bench/analyze_speed.py --states 6000 --policy careful-top --character pilot supply-ship

``--digest`` adds a digest of the graph (every node's key and every option's distribution,
:func:`graph_digest`), so two versions can be seen to build the same graph.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import os
import time
from typing import Any

from solo.analyze.explore import Budget, Explorer
from solo.session import load_playable


def canonical(value: Any) -> Any:
    """``value`` with its sets as sorted tuples, so its repr is the same in every process (the
    order of a frozenset of text follows the process's string hashing)."""
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted((canonical(v) for v in value), key=repr))
    if isinstance(value, tuple):
        return tuple(canonical(v) for v in value)
    if isinstance(value, list):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return sorted(((canonical(k), canonical(v)) for k, v in value.items()), key=repr)
    return value


def graph_digest(nodes: list[Any]) -> str:
    """A digest of a graph's nodes: each one's key, kind, and per option its key and the exact
    distribution of the nodes it leads to."""
    h = hashlib.sha256()
    for node in nodes:
        h.update(repr((canonical(node.key), node.kind, [(k, [(t, str(p)) for t, p in dist])
                                                         for k, dist in node.options])).encode())
    return h.hexdigest()[:16]


def explorer_for(adventure: Any, character: Any, policy: str, budget: Budget) -> tuple[Any, Any]:
    """The explorer for ``policy`` and how to run it (returning when the state cut is met)."""
    from solo.analyze.solve import unexplored_mass

    if policy in ("best", "worst"):
        from solo.analyze.focused import FocusedSearch

        explorer = Explorer(adventure, character, budget=budget, policy=policy)
        return explorer, FocusedSearch(explorer, policy == "best", 0.005).run
    if policy == "random":
        explorer = Explorer(adventure, character, budget=budget)
    else:
        from solo.analyze.policy_play import PolicyExplorer

        explorer = PolicyExplorer(adventure, character, policy, budget=budget)
    return explorer, lambda: explorer.explore(unexplored_mass, 0.005)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("adventures", nargs="+")
    parser.add_argument("--states", type=int, default=3000)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--character")
    parser.add_argument("--digest", action="store_true", help="print a digest of the graph too")
    args = parser.parse_args()
    import solo

    print(f"load {os.getloadavg()[0]:.1f}; code {os.path.dirname(solo.__file__)}")  # which checkout ran
    for name in args.adventures:
        adventure = load_playable(name).adventure
        character = None
        if args.character:
            character = next(p.character(adventure.system) for p in adventure.characters
                             if args.character in (p.id, p.name))
        explorer, run = explorer_for(adventure, character, args.policy,
                                     Budget(seconds=600, max_states=args.states))
        cpu, wall = time.process_time(), time.perf_counter()
        run()
        gc.collect()  # a full collection the run left for later (solo.analyze.collector) counts too
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        digest = f", graph {graph_digest(explorer.nodes)}" if args.digest else ""
        print(f"{name} {args.policy}{' ' + args.character if args.character else ''}: {len(explorer.nodes)} states, "
              f"{explorer.expanded} expanded, {cpu:.2f} s CPU, "
              f"{wall:.2f} s wall, {len(explorer.nodes) / cpu:.0f} states/CPU s, "
              f"{1000 * cpu / max(1, explorer.expanded):.2f} ms CPU per expansion{digest}")


if __name__ == "__main__":
    main()
