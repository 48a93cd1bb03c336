"""Profile: where a playtest's CPU time goes, per adventure, for the engine's hot paths.

    python bench/profile_playtest.py supply-ship --runs 100
    python bench/profile_playtest.py bench/choices.yaml --runs 300 --top 25
    python bench/profile_playtest.py supply-ship --runtime fast   # the fast runtime (solo playtest's)

Prints the rate (runs per CPU second, µs per decision) of :func:`solo.playtest.runner.run_batch`
(or of the fast runtime's, :func:`solo.playtest.fast_run.run_batch`, with ``--runtime fast``)
unprofiled, then one profiled batch sorted by own time and by cumulative time, and the calls per
decision of all functions together and of the busiest (counts that do not depend on the machine's
load, so they show a change in work done even when the timings are noisy).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.adventure import loader  # noqa: E402
from solo.playtest import fast_run  # noqa: E402
from solo.playtest.runner import PlaytestSpec, run_batch  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventure", help="a bundled adventure's name or a file")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--runtime", choices=("engine", "fast"), default="engine")
    args = parser.parse_args()

    spec = PlaytestSpec(loader.load(args.adventure).adventure, runtime=args.runtime)
    batch = fast_run.run_batch if args.runtime == "fast" else run_batch
    batch(spec, 0, 0, min(20, args.runs))
    start = time.process_time()
    results = batch(spec, 1, 0, args.runs)
    cpu = time.process_time() - start
    decisions = sum(r.decisions for r in results)
    print(f"{args.adventure}: {args.runs / cpu:.1f} runs/s per core, {cpu / max(1, decisions) * 1e6:.1f} µs "
          f"per decision, {decisions / args.runs:.1f} decisions per run")

    profile = cProfile.Profile()
    profile.enable()
    batch(spec, 1, 0, args.runs)
    profile.disable()
    stats = pstats.Stats(profile)
    # the profiled batch replays the same seeded runs, so it made the same decisions
    print(f"Python function calls per decision: {stats.total_calls / max(1, decisions):.1f} "  # type: ignore[attr-defined]
          "(the work done, whatever the machine's load)")
    for order in ("tottime", "cumtime"):
        print(f"\n-- sorted by {order}")
        stats.sort_stats(order).print_stats(args.top)
    print("-- calls per decision (busiest first)")
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][1])[: args.top]  # type: ignore[attr-defined]
    for (path, line, name), (_, calls, *_rest) in rows:
        print(f"  {calls / max(1, decisions):8.2f}  {Path(path).name}:{line}({name})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
