"""Two trees' ``solo analyze`` side by side, in the same run, so load hits both alike.

    python bench/analyze_before_after.py /tmp/base clockwork-heist blessed-harvest --time-limit 120

``BEFORE`` is a folder holding an older ``solo/`` package (e.g. ``git archive base6 solo | tar -x
-C /tmp/base``); the other tree is this one. For each adventure both analyses run at once
(``--policy random --json`` and the options given) and the script prints, per tree: method,
states, the unexplored bound in points, CPU seconds, wall seconds, the load before and after, and
for best and worst play the goal's bounds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def start(tree: Path, adventure: str, extra: list[str]) -> tuple[subprocess.Popen, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    # the tree first on sys.path: ``-c`` puts the working folder (this tree) ahead of PYTHONPATH,
    # so both runs were once this tree's code
    code = f"import sys; sys.path.insert(0, {str(tree)!r}); from solo.__main__ import main; sys.exit(main())"
    command = [sys.executable, "-c", code, "analyze", adventure, "--json", *extra]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            cwd=str(ROOT)), time.monotonic()


def cpu_of(pid: int) -> float:
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", type=Path)
    parser.add_argument("adventures", nargs="+")
    parser.add_argument("--time-limit", default="120")
    parser.add_argument("--character")
    parser.add_argument("--policy", default="random")
    args = parser.parse_args()
    extra = ["--time-limit", args.time_limit, "--policy", args.policy]
    if args.character:
        extra += ["--character", args.character]
    for adventure in args.adventures:
        load = os.getloadavg()[0]
        runs = {name: start(tree, adventure, extra) for name, tree in (("before", args.before), ("after", ROOT))}
        ended: dict[str, tuple[bytes, float]] = {}

        def collect(name: str, proc: subprocess.Popen, began: float) -> None:
            # each run's own end: read one after the other, the second once looked as long as the first
            out = proc.stdout.read() if proc.stdout else b""
            ended[name] = (out, time.monotonic() - began)

        readers = [threading.Thread(target=collect, args=(name, proc, began)) for name, (proc, began) in runs.items()]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()
        for name, (proc, began) in runs.items():
            out, wall = ended[name]
            cpu = cpu_of(proc.pid)
            try:
                found = json.loads(out)
            except ValueError:
                print(f"{adventure} {name}: no JSON ({out[:200]!r})")
                continue
            bound = found.get("bound")
            goal = found.get("goal_bounds")  # best and worst play: the goal's chance lies between
            print(f"{adventure:<16} {name:<6} {found.get('method'):<8} states {found.get('states'):>7} "
                  f"bound {'-' if bound is None else f'{100 * bound:.2f} pt':>9}  cpu {cpu:6.1f} s  "
                  f"wall {wall:6.1f} s  load {load:.1f}->{os.getloadavg()[0]:.1f}"
                  + (f"  goal {goal[0]:.4f}-{goal[1]:.4f}" if goal else ""), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
