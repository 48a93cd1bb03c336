"""Benchmark: random-policy ending probabilities of ``solo analyze`` against sampled playthroughs.

    python bench/analyze_agreement.py                       # the test adventures and every bundled one
    python bench/analyze_agreement.py --runs 10000 --seconds 120 lantern-fen

For each adventure: ``solo analyze`` with the random policy within ``--seconds``, then, when it
is exact or bounded within ``--bound`` (default half a percentage point), ``--runs`` random
playthroughs (default 10,000) and, per ending, the gap between the sampled frequency and the
analysis (its range, when bounded) in standard errors (:mod:`solo.analyze.agreement`); "agree"
when every gap is at most 3. Adventures the analysis leaves wider are named with their bound.
Prints the load average beside the figures; the timings move with it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.adventure import loader  # noqa: E402
from solo.analyze.agreement import gaps  # noqa: E402
from solo.analyze.command import analyze  # noqa: E402
from solo.analyze.explore import Budget  # noqa: E402
from solo.playtest.command import Options, playtest  # noqa: E402

TEST_ADVENTURES = [ROOT / "tests" / "playtest" / "agree.yaml", ROOT / "tests" / "playtest" / "broken" / "trapdoor.yaml"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventures", nargs="*", help="ids or files (default: test adventures and bundled ones)")
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=120.0, help="analyze's time budget")
    parser.add_argument("--bound", type=float, default=0.005)
    args = parser.parse_args()
    names = args.adventures or [str(p) for p in TEST_ADVENTURES] + [p.stem for p in loader.bundled_files()]
    print(f"analyze (random policy, budget {args.seconds:g} s) against {args.runs} playthroughs; "
          f"load {os.getloadavg()[0]:.2f}")
    for name in names:
        adventure = loader.load(name).adventure
        start = time.perf_counter()
        found = analyze(adventure, budget=Budget(seconds=args.seconds), bound=args.bound)
        took = time.perf_counter() - start
        how = "exact" if found["method"] == "exact" else f"bounded within {found['bound'] * 100:.2f} points"
        head = f"  {adventure.id:<18} {found['states']:>7} states {took:7.1f} s  {how}"
        if found["method"] != "exact" and found["bound"] > args.bound:
            print(f"{head}: not compared ({found['stopped']})")
            continue
        report = playtest(Options(adventure=name, runs=args.runs, seed=7, replay_dir="/tmp/solo-bench-replays"))
        found_gaps = gaps(found, report["endings"], args.runs)
        worst = max(found_gaps.values(), default=0.0)
        print(f"{head}: largest gap {worst:.2f} standard errors ({'agree' if worst <= 3 else 'DISAGREE'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
