"""Benchmark and check: the fast playtest runtime against the engine, run by run, on many seeds.

    python bench/fast_runtime.py                       # 1,000 runs per bundled adventure
    python bench/fast_runtime.py --runs 200 supply-ship bench/choices.yaml

For each adventure, plays the same seeded random-policy runs on the engine
(:func:`solo.playtest.runner.run_one`) and on the fast runtime (:mod:`solo.playtest.fast_run`,
its own play, never its engine fallback) and prints how many runs differ in any field of their
result (0 expected: the runtime draws the dice and the bot's numbers in the engine's order), the
endings of each, and the CPU seconds of each measured in the same process, with the load average.
The test suite holds the same on a few seeds per pregen (``tests/playtest/test_fast_run.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.adventure import loader  # noqa: E402
from solo.playtest import fast_run  # noqa: E402
from solo.playtest.runner import PlaytestSpec, run_one  # noqa: E402


def compare(name: str, runs: int, master: int) -> None:
    spec = PlaytestSpec(loader.load(name).adventure, runtime="fast")
    for index in range(10):  # warm both (the program, the expressions' caches), as a long playtest is
        run_one(spec, index, master + 1)
        fast_run._Run(spec, index, master + 1).play()
    start = time.process_time()
    engine = [run_one(spec, index, master) for index in range(runs)]
    engine_cpu = time.process_time() - start
    start = time.process_time()
    fast = [fast_run._Run(spec, index, master).play() for index in range(runs)]
    fast_cpu = time.process_time() - start
    differ = [e.index for e, f in zip(engine, fast) if asdict(e) != asdict(f)]
    decisions = max(1, sum(r.decisions for r in engine))
    endings = Counter(r.ending or r.status for r in engine)
    print(f"  {Path(name).stem:<18} {runs} runs: {len(differ)} differ{(' ' + str(differ[:10])) if differ else ''}; "
          f"engine {engine_cpu:6.2f} s CPU ({engine_cpu / decisions * 1e6:5.0f} µs a decision), "
          f"runtime {fast_cpu:6.2f} s ({fast_cpu / decisions * 1e6:5.0f} µs): x{engine_cpu / max(1e-9, fast_cpu):.2f}")
    print("    endings: " + ", ".join(f"{ending} {count}" for ending, count in endings.most_common()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventures", nargs="*", help="adventures (default: the bundled ones and bench/choices.yaml)")
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.adventures or [*(p.stem for p in loader.bundled_files()), str(ROOT / "bench" / "choices.yaml")]
    print(f"Engine against the fast runtime, the same seeds (load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores):")
    for name in names:
        compare(name, args.runs, args.seed)
    print(f"(load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
