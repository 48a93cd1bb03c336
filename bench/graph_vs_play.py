"""`solo graph` against play: seeded games of every bundled adventure (or those named).

    python bench/graph_vs_play.py                  # 1,000 seeded games per adventure
    python bench/graph_vs_play.py supply-ship --games 200

Plays seeded random games through the playtest runner and holds every move they make against
the graph's edges (:func:`solo.playtest.graph_check.off_graph`). Prints per adventure: games,
how they ended, distinct moves taken and edges drawn, seconds, and each move the graph lacks or
scene it cannot reach. Exits 1 when any game left the graph. The suite plays fewer
(tests/adventure/test_graph_play.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.adventure import loader  # noqa: E402
from solo.adventure.graph import edges  # noqa: E402
from solo.playtest.graph_check import off_graph  # noqa: E402
from solo.playtest.runner import PlaytestSpec, run_batch  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adventures", nargs="*", help="bundled ids or paths (default: every bundled one)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="master seed of the runs")
    args = parser.parse_args(argv)
    paths = args.adventures or [str(p) for p in loader.bundled_files()]
    failed = False
    for name in paths:
        adventure = loader.load(name).adventure
        began = time.perf_counter()
        results = run_batch(PlaytestSpec(adventure), args.seed, 0, args.games)
        seconds = time.perf_counter() - began
        statuses = Counter(r.status for r in results)
        moves = {move for r in results for move in r.moves}
        gaps = off_graph(adventure, results)
        print(f"{adventure.id}: {args.games} games in {seconds:.1f} s, "
              f"{', '.join(f'{k} {v}' for k, v in sorted(statuses.items()))}; "
              f"{len(moves)} distinct moves, {len(edges(adventure))} edges drawn; "
              f"{len(gaps)} off the graph")
        for gap in gaps[:20]:
            print(f"    {gap}")
        failed = failed or bool(gaps)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
