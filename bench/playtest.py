"""Benchmark: playtest throughput, scaling with workers, analyze times, and analyze vs sampling.

    python bench/playtest.py                 # everything, default sizes
    python bench/playtest.py --runs 300 --agree-runs 20000 --skip-scaling

Prints, for every bundled adventure:

* random playthroughs per second per core and CPU time per decision: CPU time
  (``time.process_time``) of the playtest's own per-run function
  (:func:`solo.playtest.runner.run_batch`, the same engine as ``solo play``), so other programs
  on the machine do not count against it; also for ``bench/choices.yaml``, a small choice-only
  adventure (no checks, the size of a sample game); for this code's engine and for its fast
  runtime (:mod:`solo.playtest.fast_run`, what ``solo playtest`` uses), the targets read on the
  runtime. The same figures for the code before the
  engine was made faster (``--baseline``, git revisions, comma-separated, each unpacked with ``git archive`` into a
  temporary folder and run in a subprocess) are measured in the same run, side by side
  (``--rounds N``: in turn N times, the best of each shown, for a loaded machine). Targets:
  the choice-only adventure at no more than 45 µs per decision, supply-ship at least 300
  playthroughs per second per core, every bundled adventure at least 3x its baseline rate;
* how long ``solo analyze`` takes (wall clock) within ``--analyze-seconds`` (its budget) for each
  policy, whether it was exact or bounded, the bound and why it stopped (targets: exact or
  bounded within 0.5 percentage point, in under 120 s per adventure on an idle machine);

then the wall-clock throughput of ``solo playtest --workers K`` for K = 1, 2, ... on supply-ship,
and the agreement of ``analyze`` with ``--agree-runs`` sampled runs (default 100,000) for every
adventure it analyses exactly (the test adventure ``tests/playtest/agree.yaml`` included): the
largest gap between an exact ending probability and its sampled frequency, in standard errors.
The load average is printed with the figures; ``--calls`` adds the Python function calls per
decision of each (cProfile's count over a few seeded runs: the work a decision does, which a
loaded machine does not change). Where the time goes: ``bench/profile_playtest.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solo.adventure import loader  # noqa: E402
from solo.analyze.command import analyze  # noqa: E402
from solo.analyze.explore import Budget  # noqa: E402
from solo.playtest.command import Options, playtest  # noqa: E402
from solo.playtest import fast_run  # noqa: E402
from solo.playtest.runner import PlaytestSpec, run_batch  # noqa: E402

# replays of runs that fail, per user: a fixed /tmp folder made by another user is not writable
REPLAYS = os.path.join(tempfile.gettempdir(), f"solo-bench-replays-{os.getuid()}")

TARGET_RUNS_PER_CORE = 300.0  # supply-ship
TARGET_CHOICE_MICROSECONDS = 45.0  # the choice-only adventure, per decision
TARGET_SPEEDUP = 3.0  # every bundled adventure against the baseline
#: The code before the engine was made faster (main when the work began), and the code before
#: the fast runtime (``base9``): both measured in the same run, comma-separated.
BASELINE = "6309eae,base9"
CHOICES = ROOT / "bench" / "choices.yaml"
TARGET_ANALYZE_SECONDS = 120.0
TARGET_BOUND = 0.005
AGREE = ROOT / "tests" / "playtest" / "agree.yaml"


def throughput(name: str, runs: int, runtime: str = "engine") -> tuple[float, float]:
    """Playthroughs per CPU second and CPU microseconds per decision, on one core, of the engine
    or of the fast runtime (``runtime="fast"``, :mod:`solo.playtest.fast_run`, what
    ``solo playtest`` uses by default)."""
    adventure = loader.load(name).adventure
    spec = PlaytestSpec(adventure, runtime=runtime)
    batch = fast_run.run_batch if runtime == "fast" else run_batch
    batch(spec, 0, 0, min(20, runs))  # warm the caches, as a long playtest would
    start = time.process_time()
    results = batch(spec, 1, 0, runs)
    cpu = time.process_time() - start
    decisions = sum(r.decisions for r in results)
    return runs / cpu, cpu / max(1, decisions) * 1e6


#: Runs profiled for ``--calls`` (the count does not depend on the machine: a few suffice).
CALLS_RUNS = 40


def calls_per_decision(name: str, runs: int = CALLS_RUNS, runtime: str = "engine") -> float:
    """Python function calls per decision over ``runs`` seeded runs (cProfile's count): the work
    a decision does, the same on a loaded machine as on an idle one."""
    import cProfile
    import pstats

    spec = PlaytestSpec(loader.load(name).adventure, runtime=runtime)
    batch = fast_run.run_batch if runtime == "fast" else run_batch
    batch(spec, 0, 0, 5)
    profile = cProfile.Profile()
    profile.enable()
    results = batch(spec, 1, 0, runs)
    profile.disable()
    return pstats.Stats(profile).total_calls / max(1, sum(r.decisions for r in results))  # type: ignore[attr-defined]


BASELINE_SCRIPT = """
import cProfile, json, pstats, sys, time
from solo.adventure import loader
from solo.playtest.runner import PlaytestSpec, run_batch
found = {}
for name in sys.argv[3:]:
    spec = PlaytestSpec(loader.load(name).adventure)
    run_batch(spec, 0, 0, min(20, int(sys.argv[1])))
    start = time.process_time()
    results = run_batch(spec, 1, 0, int(sys.argv[1]))
    cpu = time.process_time() - start
    found[name] = [int(sys.argv[1]) / cpu, cpu / max(1, sum(r.decisions for r in results)) * 1e6]
    if int(sys.argv[2]):
        profile = cProfile.Profile()
        profile.enable()
        results = run_batch(spec, 1, 0, int(sys.argv[2]))
        profile.disable()
        found[name].append(pstats.Stats(profile).total_calls / max(1, sum(r.decisions for r in results)))
print(json.dumps(found))
"""


def baseline_throughput(revision: str, names: list[str], runs: int, calls: bool = False) -> dict[str, tuple]:
    """:func:`throughput` of the code at git ``revision`` (unpacked apart, run in a subprocess),
    with its :func:`calls_per_decision` third when ``calls``."""
    with tempfile.TemporaryDirectory(prefix="solo-baseline-") as folder:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True)
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        env = {**os.environ, "PYTHONPATH": folder}
        done = subprocess.run([sys.executable, "-c", BASELINE_SCRIPT, str(runs), str(CALLS_RUNS if calls else 0),
                               *names], cwd=folder, env=env, check=True, capture_output=True, text=True)
    return {name: tuple(figures) for name, figures in json.loads(done.stdout).items()}


def _best(found: dict[str, tuple], more: dict[str, tuple]) -> dict[str, tuple]:
    """The better figures of two measurements, per adventure (the highest rate, the fewest µs;
    a call count, where there is one, is the same in every round)."""
    best = dict(found)
    for name, (rate, micro, *calls) in more.items():
        old = best.get(name)
        best[name] = (rate, micro, *calls) if old is None else (max(old[0], rate), min(old[1], micro),
                                                                 *(calls or old[2:]))
    return best


def report_throughput(names: list[str], runs: int, revisions: list[str], rounds: int = 1, calls: bool = False) -> None:
    """The figures against their targets: this code's engine and its fast runtime (what
    ``solo playtest`` uses), each baseline revision beside them, all measured in the same run.
    With ``rounds`` > 1 everything is measured in turn that many times and the best of each is
    shown: on a loaded machine another program's burst then hits all alike. With ``calls``, also
    the Python calls per decision of each (:func:`calls_per_decision`, once). The targets are
    read on the fast runtime, the x3 against the first baseline."""
    paths = [*names, str(CHOICES)]
    before: dict[str, dict[str, tuple]] = {revision: {} for revision in revisions}
    engine: dict[str, tuple] = {}
    fast: dict[str, tuple] = {}
    loads = []
    for round_ in range(max(1, rounds)):
        loads.append(os.getloadavg()[0])
        counting = calls and round_ == 0
        for revision in revisions:
            before[revision] = _best(before[revision], baseline_throughput(revision, paths, runs, counting))
        engine = _best(engine, {path: throughput(path, runs) + ((calls_per_decision(path),) if counting else ())
                                for path in paths})
        fast = _best(fast, {path: throughput(path, runs, "fast")
                            + ((calls_per_decision(path, runtime="fast"),) if counting else ()) for path in paths})
    loads.append(os.getloadavg()[0])
    load = f"{min(loads):.1f}-{max(loads):.1f}"
    print(f"Random playthroughs (CPU time, one core; load average {load} on {os.cpu_count()} cores"
          + (f"; baselines {', '.join(revisions)} measured in the same run" if revisions else "")
          + (f"; best of {rounds} rounds in turn" if rounds > 1 else "") + "):")

    def figures(found: tuple) -> str:
        rate, micro, *count = found
        return f"{rate:8.1f} runs/s, {micro:6.1f} µs" + (f", {count[0]:6.1f} calls" if count else "")

    for path in paths:
        label = Path(path).stem
        rate, micro = fast[path][:2]
        print(f"  {label}")
        for revision in revisions:
            if path in before[revision]:
                print(f"    {revision:<14} {figures(before[revision][path])}")
        print(f"    {'engine':<14} {figures(engine[path])}")
        line = f"    {'fast runtime':<14} {figures(fast[path])}  (x{rate / engine[path][0]:.2f} the engine"
        line += "".join(f", x{rate / before[r][path][0]:.2f} {r}" for r in revisions if path in before[r]) + ")"
        marks = []
        first = before[revisions[0]] if revisions else {}
        if path in first and path in names:
            marks.append(f"x{TARGET_SPEEDUP:g}: {'OK' if rate >= TARGET_SPEEDUP * first[path][0] else 'BELOW'}")
        if label == "supply-ship":
            marks.append(f"{TARGET_RUNS_PER_CORE:g} runs/s: {'OK' if rate >= TARGET_RUNS_PER_CORE else 'BELOW'}")
        if path == str(CHOICES):
            marks.append(f"{TARGET_CHOICE_MICROSECONDS:g} µs: {'OK' if micro <= TARGET_CHOICE_MICROSECONDS else 'ABOVE'}")
        print(line + (f"  [target {'; '.join(marks)}]" if marks else ""))


def scaling(name: str, runs: int, workers: list[int]) -> None:
    print(f"\nScaling on {name}: {runs} runs, wall clock (this machine has {os.cpu_count()} cores)")
    base = None
    for k in workers:
        start = time.perf_counter()
        playtest(Options(adventure=name, runs=runs, seed=1, workers=k, replay_dir=REPLAYS))
        rate = runs / (time.perf_counter() - start)
        base = base or rate
        print(f"  --workers {k}: {rate:8.1f} runs/s  (x{rate / base:.2f})")


def agreement(path: str, runs: int, seconds: float) -> None:
    adventure = loader.load(path).adventure
    exact = analyze(adventure, budget=Budget(seconds=seconds), sample=False)
    if exact["method"] != "exact":
        print(f"  {adventure.id:<20} not exact (bounded within {exact['bound'] * 100:.2f} points; {exact['stopped']})")
        return
    report = playtest(Options(adventure=path, runs=runs, seed=7, workers=os.cpu_count() or 1,
                              replay_dir=REPLAYS))
    worst = 0.0
    for ending, p in exact["endings"].items():
        se = math.sqrt(p * (1 - p) / runs) or 1 / runs
        gap = abs(report["endings"][ending] / runs - p) / se
        worst = max(worst, gap)
    verdict = "agree" if worst <= 3 else "DISAGREE"
    print(f"  {adventure.id:<20} {runs} runs: largest gap {worst:.2f} standard errors ({verdict})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=500, help="runs per adventure for throughput")
    parser.add_argument("--agree-runs", type=int, default=100_000)
    parser.add_argument("--analyze-seconds", type=float, default=120.0, help="analyze's time budget here")
    parser.add_argument("--skip-scaling", action="store_true")
    parser.add_argument("--skip-agreement", action="store_true")
    parser.add_argument("--skip-analyze", action="store_true")
    parser.add_argument("--baseline", default=BASELINE,
                        help="git revisions to compare with, comma-separated ('' for none)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure the baseline and this code in turn this many times; show the best of each")
    parser.add_argument("--calls", action="store_true",
                        help="also count Python calls per decision (the work done, whatever the load)")
    args = parser.parse_args()

    names = [p.stem for p in loader.bundled_files()]
    revisions = [r.strip() for r in args.baseline.split(",") if r.strip()]
    report_throughput(names, args.runs, revisions, args.rounds, args.calls)
    if args.skip_analyze:
        return 0

    print(f"\nsolo analyze (wall clock, budget {args.analyze_seconds:g} s; load {os.getloadavg()[0]:.2f}):")
    for name in names:
        adventure = loader.load(name).adventure
        for policy in ("random", "best", "worst"):
            start = time.perf_counter()
            found = analyze(adventure, policy=policy, budget=Budget(seconds=args.analyze_seconds))
            seconds = time.perf_counter() - start
            if found["method"] == "exact":
                how, met = f"exact, {found['states']} states", seconds <= TARGET_ANALYZE_SECONDS
            elif found["method"] == "sampled":  # random play's fallback: an interval, not a bound
                how = (f"sampled, {found['runs']} runs, widest ±{found['half_width'] * 100:.2f} points (95%), "
                       f"{found['states']} states explored first")
                met = False
            else:
                how = f"bounded within {found['bound'] * 100:.2f} points, {found['states']} states ({found['stopped']})"
                met = found["bound"] <= TARGET_BOUND and seconds <= TARGET_ANALYZE_SECONDS
            print(f"  {name:<20} {policy:<6} {seconds:8.2f} s  {how}  [{'OK' if met else 'target not met'}]")

    if not args.skip_scaling:
        scaling("supply-ship", max(200, args.runs), [1, 2] + ([os.cpu_count()] if (os.cpu_count() or 1) > 2 else []))
    if not args.skip_agreement:
        print(f"\nAgreement of analyze with sampled runs (within 3 standard errors):")
        for path in [str(AGREE)] + names:
            agreement(path, args.agree_runs, args.analyze_seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
