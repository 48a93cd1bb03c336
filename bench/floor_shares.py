"""Benchmark: careful-top's floor with the thrifty play explored first, against careful-top alone.

    python bench/floor_shares.py --seconds 60 --pregen manager supply-ship

For each pregen, ``--policy best``'s floors (:data:`solo.analyze.floors.FLOOR_PLAYS`) and then
careful-top alone as the only floor, each on a budget of ``--seconds`` of this process's CPU time
(``time.process_time`` as the budget's clock, so the load of a shared machine does not change what
either gets), and prints one Markdown row: each floor's chance of victory, states and CPU seconds.
careful-top has its own share of the time in both (solo/analyze/floors.py), so its figure should
match alone's up to the clock's granularity; the thrifty play's time comes from the search's.
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
from solo.analyze.command import analyze  # noqa: E402
from solo.analyze.explore import Budget  # noqa: E402
from solo.analyze.floors import FLOOR_PLAYS, FLOOR_SHARE  # noqa: E402


def _floors(found: dict) -> str:
    return ", ".join(f"{f['play']} {100 * f['victory']:.2f}% ({f['states']:,} states)" for f in found.get("floors", []))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("adventure")
    parser.add_argument("--pregen", action="append", help="a pregen id (repeatable; default: every pregen)")
    parser.add_argument("--seconds", type=float, default=60.0, help="each run's budget in CPU seconds")
    args = parser.parse_args()
    adventure = loader.load(str(ROOT / "adventures" / f"{args.adventure}.yaml")).adventure
    print("| pregen | floors (both plays) | CPU s | careful-top alone | CPU s | load |")
    print("|---|---|---|---|---|---|")
    for person in adventure.characters:
        if args.pregen and person.id not in args.pregen:
            continue
        row = [person.id]
        load = os.getloadavg()[0]
        for plays in (FLOOR_PLAYS, (("careful-top", FLOOR_SHARE),)):
            character = person.character(adventure.system)
            started = time.process_time()
            found = analyze(adventure, character, "best", floor_plays=plays, quick_first=False,
                            budget=Budget(seconds=args.seconds, clock=time.process_time))
            row += [_floors(found), f"{time.process_time() - started:.1f}"]
        print("| " + " | ".join(row + [f"{load:.2f}"]) + " |", flush=True)


if __name__ == "__main__":
    main()
