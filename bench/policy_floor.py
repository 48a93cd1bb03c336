"""Benchmark: a bot's exact play and the best play's floor on the bundled adventures, per pregen.

    python bench/policy_floor.py --policy careful-top              # every bundled adventure, each pregen
    python bench/policy_floor.py --policy best --seconds 120 lantern-fen
    python bench/policy_floor.py --policy careful-thrifty blessed-harvest   # the second floor's play
    python bench/policy_floor.py --runs 2000 --pregen pilot supply-ship   # and sampled runs beside it

Runs ``solo analyze ADVENTURE --character P --policy POLICY --time-limit S --json`` in a child
process per pregen and prints one Markdown row each: method, bound (percentage points), states,
the child's CPU seconds and wall seconds, the load average when it started, the chance of
victory (the part explored: a lower bound when bounded; for ``best`` and ``worst`` that of the
play shown) and for ``best`` and ``worst`` the goal bounds and the floor's (ceiling's) bot
figure, its chance of victory. With ``--runs N`` the same bot plays N seeded playtest runs too and the row
gives the largest gap per ending in standard errors (:mod:`solo.analyze.agreement`; a bounded
analysis is compared by its ranges).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.analyze.agreement import gaps  # noqa: E402
from solo.playtest.command import Options, playtest  # noqa: E402
from solo.session import load_playable  # noqa: E402

BUNDLED = ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"]
HEADER = ("| adventure | pregen | policy | method | bound (pts) | states | CPU s | wall s | load | victory "
          "| goal bounds | floor / ceiling bot wins | runs: largest gap (SE) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|")


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def row(adventure: str, pregen: str, args: argparse.Namespace) -> str:
    loaded = load_playable(adventure).adventure
    load = os.getloadavg()[0]
    cpu, wall = _cpu_children(), time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "solo", "analyze", adventure, "--character", pregen, "--policy",
                          args.policy, "--time-limit", str(args.seconds), "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    cpu, wall = _cpu_children() - cpu, time.perf_counter() - wall
    found = json.loads(out.stdout)
    victory = sum(p for e, p in found["endings"].items() if loaded.scenes[e].ending.outcome == "victory")
    bound = 0.0 if found["method"] == "exact" else found["bound"]
    goal = "-" if "goal_bounds" not in found else f"{found['goal_bounds'][0] * 100:.2f}-{found['goal_bounds'][1] * 100:.2f}%"
    floor = found.get("floor") or found.get("ceiling")  # best play's floor, worst play's ceiling
    floor_text = "-" if floor is None else (f"{floor['play']} {floor['victory'] * 100:.2f}% ({floor['method']}, "
                                            f"{floor['states']} states)")
    compared = "-"
    if args.runs:
        report = playtest(Options(adventure=adventure, runs=args.runs, seed=7, pregen=pregen, policy=args.policy,
                                  replay_dir="/tmp/solo-bench-replays"))
        compared = f"{args.runs}: {max(gaps(found, report['endings'], args.runs).values(), default=0.0):.2f}"
    return (f"| {adventure} | {pregen} | {args.policy}{' (' + found['play']['name'] + ')' if 'play' in found else ''} "
            f"| {found['method']} | {bound * 100:.2f} | {found['states']} | {cpu:.1f} | {wall:.1f} | {load:.2f} "
            f"| {victory * 100:.2f}% | {goal} | {floor_text} | {compared} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adventures", nargs="*", default=BUNDLED)
    parser.add_argument("--policy", default="careful-top")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--runs", type=int, default=0, help="also sample this many playtest runs of the bot")
    parser.add_argument("--pregen", action="append", help="only these pregens (default: each)")
    args = parser.parse_args()
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
    print(HEADER, flush=True)
    for adventure in args.adventures:
        for person in load_playable(adventure).adventure.characters:
            if not args.pregen or person.id in args.pregen:
                print(row(adventure, person.id, args), flush=True)


if __name__ == "__main__":
    main()
