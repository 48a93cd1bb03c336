"""How many states each reduction of the state key merges, on the same explored games.

    python bench/analyze_key_merges.py clockwork-heist --seconds 60

Explores the adventure as ``solo analyze --policy random`` does (within the budget) and keys every
game state met (every step's result, before merging) six ways: with the key as it is, and with
one reduction switched off at a time (the last roll kept in every field read anywhere; counters
kept whole; visits kept for every scene any expression asks about; the once-only marks of
choices whose guard is false for good kept; where the game can still go
worked out from its scene over the scene graph, every way open, instead of per state). Prints the distinct keys of
each: what a reduction merges among the same games (the ratio grows as exploration goes deeper).
Prints CPU seconds and the load beside the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analyze_blowup import adventure_and_who  # noqa: E402
from solo.analyze import explore as ex  # noqa: E402


def variants(keys: ex.KeyMaker) -> dict[str, ex.KeyMaker]:
    """The key as it is, and copies each without one reduction."""
    import copy

    found = {"as it is": keys}
    rolls = copy.copy(keys)
    rolls.kept_roll_fields = list(keys.roll_fields)
    found["last roll kept whole"] = rolls
    counters = copy.copy(keys)
    counters.counter_caps = tuple(None for _ in keys.counter_caps)
    counters._live = {}  # its own: a scene's Live carries the caps
    found["counters kept whole"] = counters
    visits = copy.copy(keys)
    visits._live = {}
    plain_live = ex.KeyMaker.live

    def live(scene, region=None, done=frozenset(), _self=visits):
        return plain_live(_self, scene, region, done)._replace(visits=keys.asked)

    visits.live = live  # type: ignore[method-assign]
    found["visits kept for every scene asked"] = visits
    marks = copy.copy(keys)
    marks.closed = lambda: frozenset()  # type: ignore[method-assign]
    found["marks of choices closed by a guard kept"] = marks
    static = copy.copy(keys)
    static._live = {}
    static.per_state = False
    found["region from the scene graph"] = static
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventure")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--character")
    args = parser.parse_args()
    adventure, who = adventure_and_who(args.adventure, args.character)
    explorer = ex.Explorer(adventure, who, budget=ex.Budget(seconds=args.seconds))
    seen: dict[str, set] = {}
    ways = variants(explorer.keys)
    plain_node = explorer._node

    def node(state, error=""):
        if not error:
            for name, keys in ways.items():
                seen.setdefault(name, set()).add(keys.key(state))
        return plain_node(state, error)

    explorer._node = node  # type: ignore[method-assign]
    cpu = time.process_time()
    graph = explorer.explore()
    cpu = time.process_time() - cpu
    print(f"{adventure.id} ({args.character or 'each pregen'}): {explorer.expanded} states expanded, "
          f"{len(graph.nodes)} met, {cpu:.1f} s CPU, load {os.getloadavg()[0]:.1f}")
    for name, keys in seen.items():
        print(f"  {name:<36} {len(keys):>7} distinct keys")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
