"""Acceptance figures of issue 13 for every bundled adventure (or those named).

    python bench/adventures.py                        # 1,000 random runs per adventure
    python bench/adventures.py lantern-fen --runs 5000 --script-seeds 400

For each adventure: seeded random playthroughs (:func:`solo.acceptance.random_run`, the
pregenerated character taken from the seed so each is played equally) and, per ending, a guided
playthrough found by :func:`solo.acceptance.script_for` and replayed to check it reaches the same
ending. Prints per adventure: runs, errors, stuck runs, decisions per run, each ending's count and
rate overall and per pregenerated character, the endings no random run reached, and the guided
script per ending (seed and length) or "none found". Exits 1 when any adventure raises, gets
stuck, or has an ending that neither the random runs nor a guided one reach.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo import acceptance  # noqa: E402
from solo.adventure import loader  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("adventures", nargs="*", help="bundled ids or files (default: every bundled adventure)")
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--script-seeds", type=int, default=200, help="seeds tried per ending for a guided run")
    args = parser.parse_args()
    names = args.adventures or [p.stem for p in loader.bundled_files()]
    failed = False
    for name in names:
        adventure = loader.load(name).adventure
        start = time.process_time()
        runs = [acceptance.random_run(adventure, seed) for seed in range(args.runs)]
        cpu = time.process_time() - start
        errors = [r for r in runs if r.error]
        stuck = [r for r in runs if r.stuck]
        endings = Counter(r.ending for r in runs if r.ending)
        by_character: dict[str, Counter] = defaultdict(Counter)
        for r in runs:
            if r.ending:
                by_character[r.character][r.ending] += 1
        decisions = [len(r.decisions) for r in runs]
        print(f"== {adventure.id} ({adventure.system}): {args.runs} random runs, {cpu:.1f} s CPU "
              f"({args.runs / max(cpu, 1e-9):.0f} runs/s)")
        print(f"   errors {len(errors)}, stuck {len(stuck)}, decisions per run: mean "
              f"{statistics.mean(decisions):.1f}, max {max(decisions)}")
        for r in (errors + stuck)[:5]:
            print(f"   seed {r.seed}: {r.error or 'stuck after ' + str(len(r.decisions)) + ' decisions'}")
        outcome = {sid: adventure.scenes[sid].ending.outcome for sid in adventure.endings}
        characters = sorted(by_character)
        print("   " + f"{'ending':32} {'outcome':8} {'all':>7}" + "".join(f" {c[:10]:>10}" for c in characters))
        for sid in adventure.endings:
            cells = "".join(
                f" {100 * by_character[c][sid] / max(1, sum(by_character[c].values())):9.1f}%" for c in characters)
            print(f"   {sid[:32]:32} {outcome[sid]:8} {100 * endings[sid] / args.runs:6.1f}%{cells}")
        missed = [sid for sid in adventure.endings if not endings[sid]]
        print(f"   endings no random run reached: {', '.join(missed) or 'none'}")
        start = time.process_time()
        for sid in adventure.endings:
            script = acceptance.script_for(adventure, sid, seeds=range(args.script_seeds))
            if script is None:
                print(f"   guided to {sid}: none found in {args.script_seeds} seeds")
                if sid in missed:
                    failed = True
                continue
            try:
                again = acceptance.replay(adventure, script)
            except Exception as exc:  # noqa: BLE001 - a replay that diverges is a finding, not a crash
                again = f"an error ({type(exc).__name__}: {exc})"
            note = "" if again == sid else f" BUT ITS REPLAY ENDED AT {again}"
            failed |= again != sid
            print(f"   guided to {sid}: seed {script.seed}, {len(script.decisions)} decisions{note}")
        print(f"   guided search: {time.process_time() - start:.1f} s CPU")
        failed |= bool(errors or stuck)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
