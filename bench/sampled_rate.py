"""Benchmark: how much of a random-play analysis goes to sampled runs, and how many a CPU second.

    python bench/sampled_rate.py --seconds 30 supply-ship blessed-harvest     # this code
    python bench/sampled_rate.py --code /tmp/base --seconds 30 supply-ship     # other code (its tree)

Each adventure (``ADV`` or ``ADV:PREGEN``) is analysed in a child process, one at a time: ``solo
analyze ADV [--character P] --time-limit S --json`` under ``/usr/bin/time``, so the CPU seconds are
the child's own (user + system, start-up and loading included) and the wall seconds the whole
command's, setup included. ``--code DIR`` runs the tree at DIR instead (put first on the child's
``PYTHONPATH``), for a before/after pair in the same sitting. One Markdown row per analysis: the
method, runs, widest half-width, when exploration gave up (and why, when it says), the share of the wall time that went
to runs, runs per CPU second of the whole child, and the load average before and after (the
figures move with the load: say it beside them).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADER = ("| adventure | code | method | runs | widest ± (pts) | gave up at (s) | sampling share of wall | "
          "runs / CPU s | CPU s / wall s | load before-after |\n|---|---|---|---|---|---|---|---|---|---|")


def measure(target: str, seconds: float, code: Path | None) -> str:
    """One analysis in a child process: its Markdown row."""
    adventure, _, pregen = target.partition(":")
    command = [sys.executable, "-m", "solo", "analyze", adventure, "--time-limit", f"{seconds:g}", "--json"]
    if pregen:
        command += ["--character", pregen]
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(code), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    with tempfile.NamedTemporaryFile("r", suffix=".time") as timing:
        load_before = os.getloadavg()[0]
        # run from the tree's own folder: ``-m`` puts the working folder first on the path, ahead
        # of PYTHONPATH, so from this one the other tree would never be imported
        done = subprocess.run(["/usr/bin/time", "-o", timing.name, "-f", "%U %S %e", *command], env=env,
                              capture_output=True, text=True, check=True, cwd=code or ROOT)
        load_after = os.getloadavg()[0]
        user, system, wall = (float(x) for x in timing.read().split()[-3:])
    found = json.loads(done.stdout)
    cpu = user + system
    runs = found.get("runs", 0)
    explored = found.get("explored", {})
    gave_up = explored.get("seconds")
    sampling = (found["seconds"] - gave_up) / wall if gave_up is not None else 0.0
    widest = found.get("half_width", found.get("bound", 0.0)) * 100
    label = "this" if code is None or code.resolve() == ROOT else code.name
    why = re.search(r"\(([^)]*)\)", explored.get("stopped") or "")
    reason = f" ({why.group(1)})" if why else ""
    return (f"| {target} | {label} | {found['method']} | {runs:,} | {widest:.2f} | "
            f"{'—' if gave_up is None else f'{gave_up:.1f}{reason}'} | {sampling:.1%} | {runs / cpu:.0f} | "
            f"{cpu:.1f} / {wall:.1f} | {load_before:.1f}-{load_after:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="+", help="ADVENTURE or ADVENTURE:PREGEN")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--code", type=Path, action="append", help="another tree to run (repeat for several)")
    parser.add_argument("--no-header", action="store_true")
    args = parser.parse_args()
    if not args.no_header:
        print(HEADER, flush=True)
    for target in args.targets:
        for code in args.code or [None]:
            print(measure(target, args.seconds, code), flush=True)


if __name__ == "__main__":
    main()
