"""How fast the analyzer expands states: CPU seconds for the first N states of each adventure.

Prints, per adventure, the states met, the states expanded, CPU seconds and states per CPU
second. To compare two versions of the code in one run (so the machine's load hits both
alike), run it under each with ``PYTHONPATH`` pointing at the other checkout, alternating (run
it as a script, not with ``-m`` from a checkout, whose directory would come first):

    python bench/analyze_speed.py --states 3000 supply-ship goblin-market
"""

from __future__ import annotations

import argparse
import os
import time

from solo.analyze.explore import Budget, Explorer
from solo.session import load_playable


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("adventures", nargs="+")
    parser.add_argument("--states", type=int, default=3000)
    parser.add_argument("--policy", default="random")
    args = parser.parse_args()
    import solo

    print(f"load {os.getloadavg()[0]:.1f}; code {os.path.dirname(solo.__file__)}")  # which checkout ran
    for name in args.adventures:
        adventure = load_playable(name).adventure
        explorer = Explorer(adventure, budget=Budget(seconds=600, max_states=args.states), policy=args.policy)
        cpu, wall = time.process_time(), time.perf_counter()
        explorer.explore()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"{name}: {len(explorer.nodes)} states, {explorer.expanded} expanded, {cpu:.2f} s CPU, "
              f"{wall:.2f} s wall, {len(explorer.nodes) / cpu:.0f} states/CPU s, "
              f"{1000 * cpu / max(1, explorer.expanded):.2f} ms CPU per expansion")


if __name__ == "__main__":
    main()
