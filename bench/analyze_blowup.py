"""What splits an analysis' state space: the distinct values of each part of the state key.

    python bench/analyze_blowup.py lantern-fen --seconds 40 --character maud
    python bench/analyze_blowup.py goblin-market --max-states 5000

Explores the adventure as ``solo analyze --policy random`` does (within the budget) and prints,
over the states met that are not endings: how many states each scene has, how many distinct
values each part of the key takes (flags, counters, clocks, once-only marks, the character,
pending data...), which once-only marks, items and conditions occur and how often, and the
values each resource takes. Each figure is a question for the key (see the docstring of
``solo/analyze/explore.py``): can any later rule, expression or procedure read this part? If
not, it splits states that play on alike. Prints CPU seconds and the load beside the figures.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.adventure import loader  # noqa: E402
from solo.analyze.explore import Budget, Explorer  # noqa: E402

PARTS = ("scene", "ending", "pending", "flags", "counters", "clocks", "clocks filled", "objectives",
         "once-only marks", "turn", "visits", "character", "npcs", "fallen", "last roll", "down")


def adventure_and_who(name: str, character: str | None) -> tuple:
    """The adventure ``name`` and its pregen ``character`` ready to play (None: each pregen
    equally likely), as the analysis benches take them."""
    adventure = loader.load(name).adventure
    who = None
    if character:
        who = next(p for p in adventure.characters if p.id == character).character(adventure.system)
    return adventure, who


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventure")
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--max-states", type=int, default=200_000)
    parser.add_argument("--character", help="a pregen id (default: each pregen equally likely)")
    args = parser.parse_args()
    adventure, who = adventure_and_who(args.adventure, args.character)
    explorer = Explorer(adventure, who, budget=Budget(seconds=args.seconds, max_states=args.max_states))
    cpu = time.process_time()
    graph = explorer.explore()
    cpu = time.process_time() - cpu
    print(f"{adventure.id} ({args.character or 'each pregen'}): {len(graph.nodes)} states met, {explorer.expanded} "
          f"expanded, {cpu:.1f} s CPU, load {os.getloadavg()[0]:.1f}; stopped: {graph.stopped or 'complete'}")
    values: dict[str, set] = collections.defaultdict(set)
    scenes: collections.Counter = collections.Counter()
    marks: collections.Counter = collections.Counter()
    items: collections.Counter = collections.Counter()
    conditions: collections.Counter = collections.Counter()
    resources: dict[str, set] = collections.defaultdict(set)
    pending: collections.Counter = collections.Counter()
    for node in graph.nodes:
        if node.kind not in ("decision", "frontier"):
            continue
        key = node.key
        scenes[key[0]] += 1
        for part, value in zip(PARTS, key):
            values[part].add(repr(value))
        marks.update(key[8])
        if key[2]:
            pending[key[2][0]] += 1
        character = key[11]
        if character:
            items.update(character[2])
            conditions.update(character[3])
            for name, value in character[4]:
                resources[name].add(value)
    print("\ndistinct values per part of the key:")
    for part in PARTS:
        print(f"  {part:<16} {len(values[part])}")
    print("\nstates per scene:", ", ".join(f"{s} {n}" for s, n in scenes.most_common()))
    print("pending decisions by kind:", dict(pending))
    print("once-only marks kept (states holding each):", ", ".join(f"{m} {n}" for m, n in sorted(marks.items())))
    print("items:", ", ".join(f"{i} {n}" for i, n in items.most_common()))
    print("conditions:", ", ".join(f"{c} {n}" for c, n in conditions.most_common()) or "none")
    print("resources:", "; ".join(f"{r}: {', '.join(sorted(v, key=lambda x: (len(x), x)))}" for r, v in resources.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
