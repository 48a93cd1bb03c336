"""Benchmark: random-policy ending probabilities of ``solo analyze`` against sampled playthroughs.

    python bench/analyze_agreement.py                       # the test adventures and every bundled one
    python bench/analyze_agreement.py --runs 10000 --seconds 120 lantern-fen
    python bench/analyze_agreement.py --each-pregen lantern-fen      # each pregen, then the mix
    python bench/analyze_agreement.py --character maud --no-header lantern-fen   # one row (one process per row:
                                                    # the memory budget reads the process's peak)

For each adventure (and with ``--each-pregen`` each pregenerated character, then the default
"each pregen equally likely"): ``solo analyze`` with the random policy within ``--seconds``, then,
when it is exact, bounded within ``--bound`` (default half a percentage point) or sampled (its
fallback when exploration cannot reach the bound: :mod:`solo.analyze.sampled`), ``--runs`` random
playthroughs (default 10,000, seed 7: not the analysis's seed 1, so a sampled analysis is compared
with runs of its own) and, per ending, the gap between the sampled frequency and the analysis
(its range, when bounded; for a sampled analysis the difference of two samples) in standard
errors (:mod:`solo.analyze.agreement`); "agree" when every gap is at most 3. Analyses left wider
are listed with their bound, not compared. Prints one Markdown table: the method; for a sampled
analysis its runs, the widest half-width of its 95% intervals, and when and how far from the
bound exploration gave up; the CPU seconds of the analysis beside its wall time and the load
average at each row (the timings move with the load).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.adventure import loader  # noqa: E402
from solo.analyze.agreement import gaps  # noqa: E402
from solo.analyze.command import analyze  # noqa: E402
from solo.analyze.explore import Budget  # noqa: E402
from solo.playtest.command import Options, playtest  # noqa: E402

# replays of runs that fail, per user: a fixed /tmp folder made by another user is not writable
REPLAYS = os.path.join(tempfile.gettempdir(), f"solo-bench-replays-{os.getuid()}")

TEST_ADVENTURES = [ROOT / "tests" / "playtest" / "agree.yaml", ROOT / "tests" / "playtest" / "broken" / "trapdoor.yaml",
                   ROOT / "tests" / "analyze" / "fixtures" / "lf-duel.yaml"]
HEADER = ("| adventure | character | method | bound or widest ± (pts) | states | sampled runs | gave up at (s, unexplored) "
          "| CPU s | wall s | load | playtest runs | largest gap (SE) | verdict |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|")


def row(name: str, who: str | None, args: argparse.Namespace) -> str:
    """One line of the table: the analysis, then the playthroughs when the analysis is tight."""
    adventure = loader.load(name).adventure
    character = None
    if who is not None:
        character = next(p for p in adventure.characters if p.id == who).character(adventure.system)
    load = os.getloadavg()[0]
    wall, cpu = time.perf_counter(), time.process_time()
    found = analyze(adventure, character, budget=Budget(seconds=args.seconds), bound=args.bound)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    sampled = found["method"] == "sampled"
    width = found["half_width"] if sampled else 0.0 if found["method"] == "exact" else found["bound"]
    gave_up = (f"{found['explored']['seconds']:.1f}, {found['explored']['unexplored'] * 100:.1f}%" if sampled else "-")
    head = (f"| {adventure.id} | {who or 'each pregen'} | {found['method']} | {width * 100:.3f} | {found['states']} "
            f"| {found['runs'] if sampled else '-'} | {gave_up} | {cpu:.1f} | {wall:.1f} | {load:.1f}")
    if not sampled and width > args.bound:
        return f"{head} | - | - | not compared ({found['stopped'] or 'bound too wide'}) |"
    report = playtest(Options(adventure=name, runs=args.runs, seed=7, pregen=who,
                              replay_dir=REPLAYS))
    ended = sum(report["endings"].values()) if isinstance(report.get("endings"), dict) else args.runs
    found_gaps = gaps(found, report["endings"], args.runs)
    worst = max(found_gaps.values(), default=0.0)
    return f"{head} | {args.runs} ({ended} ended) | {worst:.2f} | {'agree' if worst <= 3 else 'DISAGREE'} |"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventures", nargs="*", help="ids or files (default: test adventures and bundled ones)")
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=120.0, help="analyze's time budget")
    parser.add_argument("--bound", type=float, default=0.005)
    parser.add_argument("--each-pregen", action="store_true", help="a row per pregenerated character too")
    parser.add_argument("--character", help="only this pregenerated character's row ('mix': each pregen equally likely)")
    parser.add_argument("--no-header", action="store_true", help="rows only (to run one row per process)")
    args = parser.parse_args()
    names = args.adventures or [str(p) for p in TEST_ADVENTURES] + [p.stem for p in loader.bundled_files()]
    if not args.no_header:
        print(f"analyze (random policy, budget {args.seconds:g} s, bound {args.bound * 100:g} points) "
              f"against {args.runs} playthroughs\n")
        print(HEADER, flush=True)
    for name in names:
        people: list[str | None] = [None]
        if args.character:
            people = [None if args.character == "mix" else args.character]
        elif args.each_pregen:
            adventure = loader.load(name).adventure
            if len(adventure.characters) > 1:
                people = [p.id for p in adventure.characters] + [None]
        for who in people:
            print(row(name, who, args), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
