"""How random play's unexplored mass falls as ``solo analyze --policy random`` explores.

    python bench/random_mass.py goblin-market --seconds 60
    python bench/random_mass.py lantern-fen --character maud --seconds 120

Explores the adventure as ``solo analyze --policy random`` does (most likely state first, the
solver asked at each doubling of the states expanded) and prints one line per look of the
solver: CPU seconds, wall seconds, states met and expanded, states expanded per CPU second, the
unexplored mass (the bound) and the peak memory. At the end: why it stopped, where the unexplored
mass sits by scene, and how many states each scene has (the states met that are not endings).
Those answer which of three it is: too slow a step (few states per CPU second), too fine a key
(many states per scene for the mass they carry), or mass spread thin over long runs (the bound
falling slowly however many states are met). The load average is printed beside the figures.
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

from analyze_blowup import adventure_and_who  # noqa: E402
from solo.analyze.explore import Budget, Explorer  # noqa: E402
from solo.analyze.solve import absorption, summarise  # noqa: E402
from solo.budget import peak_memory_mb  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventure")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--memory-mb", type=int, default=1500)
    parser.add_argument("--character", help="a pregen id (default: each pregen equally likely)")
    args = parser.parse_args()
    adventure, who = adventure_and_who(args.adventure, args.character)
    explorer = Explorer(adventure, who, budget=Budget(seconds=args.seconds, memory_mb=args.memory_mb))
    began_cpu, began_wall = time.process_time(), time.monotonic()
    print(f"{adventure.id} ({args.character or 'each pregen'}), load {os.getloadavg()[0]:.2f}")
    print("| CPU s | wall s | states met | expanded | expanded / CPU s | unexplored | peak MB |")
    print("|---|---|---|---|---|---|---|")

    def settled(graph) -> float:
        found = summarise(absorption(graph, None, exact=False), adventure.endings, adventure.objectives)
        mass = float(sum(found["unexplored"].values()))
        cpu = time.process_time() - began_cpu
        print(f"| {cpu:.1f} | {time.monotonic() - began_wall:.1f} | {len(explorer.nodes):,} | {explorer.expanded:,} "
              f"| {explorer.expanded / max(cpu, 1e-9):.0f} | {100 * mass:.2f}% | {peak_memory_mb():.0f} |", flush=True)
        return mass

    graph = explorer.explore(settled, 0.005)
    found = summarise(absorption(graph, None, exact=False), adventure.endings, adventure.objectives)
    print(f"\nstopped: {graph.stopped or 'complete'}; {len(graph.nodes):,} states, {explorer.expanded:,} expanded, "
          f"{time.process_time() - began_cpu:.1f} s CPU, load {os.getloadavg()[0]:.2f}")
    print("unexplored by scene:", ", ".join(f"{k or '(start)'} {100 * float(v):.2f}%"
                                            for k, v in sorted(found["unexplored"].items(), key=lambda kv: -kv[1])[:12]))
    print("endings so far:", ", ".join(f"{k} {100 * float(v):.2f}%" for k, v in found["endings"].items()))
    scenes = collections.Counter(n.scene for n in graph.nodes if n.kind in ("decision", "frontier"))
    print("states per scene:", ", ".join(f"{s} {n}" for s, n in scenes.most_common(15)))
    print("blowup:", ", ".join(f"{k} {n}" for k, n in graph.blowup))
    return 0


if __name__ == "__main__":
    sys.exit(main())
