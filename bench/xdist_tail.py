"""How long the inner loop's xdist workers run on an idle machine, by schedule, from tests' CPU seconds.

Wall times on a shared machine say more about the load than about the schedule, so this replays
the two schedules on the CPU seconds of each test (a ``--cpu-durations=0`` report) as if every
worker had a core of its own: xdist's default ``--dist load`` (tests in collection order, in
chunks, as xdist 3.x's LoadScheduling hands them out) and tests/support/costly_first.py's (whole
files, the costliest first). It prints each worker's busy seconds, the finish (the run's wall
time less start-up) and the tail: how long the first worker to finish waits for the last. What it
cannot show: a module fixture worked out again in each worker that runs some of its file's tests,
and a worker waiting on a shared run's lock (tests/support/shared_runs.py) while the other plays
it; the per-test figures carry whichever worker paid them.

    python -m pytest -n 2 -m "not e2e" --cpu-durations=0 > costs.txt
    python bench/xdist_tail.py costs.txt [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "support"))

from costly_first import ordered, unit  # noqa: E402


def _costs(report: Path) -> dict[str, float]:
    found = {}
    for line in report.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s+([\d.]+)s cpu  (\S+)$", line)
        if match:
            found[match[2]] = float(match[1])
    return found


def _collected() -> list[str]:
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "not e2e", "-p", "no:cacheprovider"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if "::" in line]


def load_schedule(order: list[str], cost: dict[str, float], workers: int) -> list[float]:
    """xdist's LoadScheduling: a quarter of each worker's share first, refilled in chunks."""
    pending = list(range(len(order)))
    queues: list[list[int]] = [[] for _ in range(workers)]
    clock = [0.0] * workers
    chunk = max(min(len(order) // workers // 4, len(order)), 2)
    for queue in queues:
        queue += pending[:chunk]
        del pending[:chunk]
    while any(queues):
        node = min((n for n in range(workers) if queues[n]), key=lambda n: clock[n] + cost.get(order[queues[n][0]], 0))
        done = queues[node].pop(0)
        took = cost.get(order[done], 0.0)
        clock[node] += took
        if pending:
            low = max(2, len(pending) // workers // 4)
            high = max(2, len(pending) // workers // 2)
            if len(queues[node]) < low and not (took >= 0.1 and len(queues[node]) >= 2):
                send = high - len(queues[node])
                queues[node] += pending[:send]
                del pending[:send]
    return clock


def unit_schedule(order: list[str], cost: dict[str, float], workers: int) -> list[float]:
    """costly_first: whole units in order; a worker with two tests or fewer left takes the next
    (here: the worker that is free first, which differs by the last two tests' seconds at most)."""
    units: dict[str, list[float]] = {}
    for nodeid in order:
        units.setdefault(unit(nodeid), []).append(cost.get(nodeid, 0.0))
    clock = [0.0] * workers
    for tests in units.values():  # the worker that gets down to two left first takes it
        node = min(range(workers), key=lambda n: clock[n])
        clock[node] += sum(tests)
    return clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    cost = _costs(args.report)
    order = _collected()
    table = json.loads((ROOT / "tests" / "support" / "file_costs.json").read_text(encoding="utf-8"))
    by_cost = [order[i] for i in ordered(order, table)]
    print(f"{len(order)} tests, {sum(cost.get(t, 0) for t in order):.1f} s of CPU, {args.workers} workers")
    for name, clock in (("--dist load (xdist)", load_schedule(order, cost, args.workers)),
                        ("costly_first", unit_schedule(by_cost, cost, args.workers))):
        busy = ", ".join(f"{c:.1f}" for c in clock)
        print(f"{name:22} busy {busy} s: finishes at {max(clock):.1f} s, tail {max(clock) - min(clock):.1f} s")


if __name__ == "__main__":
    main()
