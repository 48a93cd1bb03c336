"""The long fuzz run: hostile adventures and damaged saves for hours, with counts and findings.

    python tests/fuzz/run.py [--adventures N] [--saves N] [--expressions N] [--playthroughs N] [--out fuzz-findings]

Each worker is a separate Python process that runs cases from a seed onwards (the generators of
:mod:`cases`, fed ``random.Random(seed)``) and prints one line per case: the seed, the finding or
``ok``, and its peak memory. The parent is the watchdog: a case that prints nothing for
``--hang`` seconds (default 20) is a hang; the worker is killed and restarted after that seed. A
finding (a traceback, a hang, or a worker whose peak memory passes ``--memory`` MB) is written to
the ``--out`` folder as ``<kind>-<seed>.txt``, with the case's file beside it, and counted.

Every minute (and at the end) it prints: cases run per kind, findings per kind, hangs, and the
peak memory of any worker. Reproduce a finding with ``--kind adventure --from SEED --count 1``.
Ctrl-C stops it and prints the figures so far.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))


#: What the run fuzzes: mutated adventures, damaged saves, expressions evaluated by a real game,
#: and whole playthroughs typed into ``solo play`` (GM commands and undo included) then replayed.
KINDS = ["adventure", "save", "expression", "playthrough"]


def current_case(out: str, kind: str) -> Path:
    """Where a worker keeps the case it is running (copied beside a finding)."""
    return Path(out) / f".current-{kind}.{'yaml' if kind == 'adventure' else 'json'}"


def worker(kind: str, start: int, count: int, out: str) -> int:
    """Run ``count`` cases of ``kind`` from seed ``start``; one JSON line per case.

    The worker's saves skip ``fsync``: it makes a save durable against a power cut, which the
    kill test (``kill.py``) checks, and it is about half the time of a fuzz case, while what the
    fuzz run looks for (tracebacks, hangs, memory) does not depend on it.
    """
    import cases

    os.fsync = lambda fd: None  # this worker process only; see the docstring

    Path(out).mkdir(parents=True, exist_ok=True)
    current = current_case(out, kind)
    with tempfile.TemporaryDirectory(prefix="solo-fuzz-") as folder:
        base = Path(folder)
        for seed in range(start, start + count):
            rnd = random.Random(f"{kind}:{seed}")
            case = base / f"case-{seed}"
            case.mkdir()
            try:
                if kind == "adventure":
                    data = cases.adventure_case(rnd)
                    current.write_bytes(data)
                    finding = cases.check_adventure(data, case, rnd)
                elif kind == "expression":
                    text = cases.expression(rnd)
                    current.write_text(json.dumps(text), encoding="utf-8")
                    finding = cases.check_expression(text)
                elif kind == "playthrough":
                    play = cases.playthrough_case(rnd)
                    current.write_text(json.dumps(play), encoding="utf-8")
                    finding = cases.check_playthrough(play, case)
                else:
                    main, bak = cases.save_case(rnd, base / "real")
                    current.write_bytes(main)
                    finding = cases.check_save(main, bak, case)
            except Exception as exc:  # the generator itself failed: report, do not stop
                finding = f"the case could not be made: {exc!r}"
            _remove(case)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # MB on Linux
            print(json.dumps({"seed": seed, "finding": finding, "peak": peak}), flush=True)
    return 0


def _remove(path: Path) -> None:
    for root, dirs, files in os.walk(path, topdown=False):
        for name in files:
            try:
                os.unlink(os.path.join(root, name))
            except OSError:
                pass
        for name in dirs:
            try:
                os.rmdir(os.path.join(root, name))
            except OSError:
                pass
    try:
        os.rmdir(path)
    except OSError:
        pass


class Run:
    """One kind's cases, carried by a worker process the watchdog restarts when needed."""

    def __init__(self, kind: str, start: int, total: int, args: argparse.Namespace) -> None:
        self.kind, self.next, self.end, self.args = kind, start, start + total, args
        self.done = self.findings = self.hangs = self.peak = 0
        self.proc: subprocess.Popen | None = None
        self.last = time.monotonic()
        self.buffer = b""

    def spawn(self, selector: selectors.BaseSelector) -> None:
        if self.next >= self.end:
            self.proc = None
            return
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", self.kind, "--from", str(self.next),
             "--count", str(self.end - self.next), "--out", self.args.out],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.last = time.monotonic()
        self.buffer = b""
        selector.register(self.proc.stdout, selectors.EVENT_READ, self)

    def stop(self, selector: selectors.BaseSelector) -> None:
        if self.proc is not None:
            selector.unregister(self.proc.stdout)
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def record(self, seed: int, finding: str) -> None:
        self.findings += 1
        out = Path(self.args.out)
        out.mkdir(parents=True, exist_ok=True)
        (out / f"{self.kind}-{seed}.txt").write_text(finding, encoding="utf-8")
        case = current_case(self.args.out, self.kind)
        if case.exists():
            (out / f"{self.kind}-{seed}{case.suffix}").write_bytes(case.read_bytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adventures", type=int, default=100_000)
    parser.add_argument("--saves", type=int, default=100_000)
    parser.add_argument("--from", dest="start", type=int, default=0, help="first seed")
    parser.add_argument("--hang", type=float, default=20.0, help="seconds without an answer that make a hang")
    parser.add_argument("--memory", type=int, default=500, help="MB of peak memory that make a finding")
    parser.add_argument("--out", default="fuzz-findings", help="folder for findings")
    parser.add_argument("--expressions", type=int, default=1_000_000)
    parser.add_argument("--playthroughs", type=int, default=100_000)
    parser.add_argument("--worker", choices=KINDS, help=argparse.SUPPRESS)
    parser.add_argument("--kind", choices=KINDS, help="run only this kind")
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker, args.start, args.count, args.out)
    runs = []
    if args.kind in (None, "adventure") and args.adventures:
        runs.append(Run("adventure", args.start, args.adventures, args))
    if args.kind in (None, "save") and args.saves:
        runs.append(Run("save", args.start, args.saves, args))
    if args.kind in (None, "expression") and args.expressions:
        runs.append(Run("expression", args.start, args.expressions, args))
    if args.kind in (None, "playthrough") and args.playthroughs:
        runs.append(Run("playthrough", args.start, args.playthroughs, args))
    selector = selectors.DefaultSelector()
    for run in runs:
        run.spawn(selector)
    began = last_report = time.monotonic()

    def report(final: bool = False) -> None:
        minutes = (time.monotonic() - began) / 60
        parts = [f"{r.kind}s {r.done} (findings {r.findings}, hangs {r.hangs})" for r in runs]
        peak = max((r.peak for r in runs), default=0)
        print(f"[{minutes:7.1f} min] {'; '.join(parts)}; peak memory {peak} MB" + ("  DONE" if final else ""),
              flush=True)

    try:
        while any(r.proc is not None for r in runs):
            for key, _ in selector.select(timeout=1.0):
                run = key.data
                chunk = os.read(key.fileobj.fileno(), 65536)
                if not chunk:  # the worker ended (done, or died)
                    code = run.proc.wait() if run.proc else 0
                    selector.unregister(key.fileobj)
                    run.proc = None
                    if run.next < run.end:  # died mid-case: that case is a finding
                        run.record(run.next, f"the worker died (exit status {code}) on this case")
                        run.done += 1
                        run.next += 1
                        run.spawn(selector)
                    continue
                run.buffer += chunk
                run.last = time.monotonic()
                *lines, run.buffer = run.buffer.split(b"\n")
                for line in lines:
                    result = json.loads(line)
                    run.done += 1
                    run.next = result["seed"] + 1
                    run.peak = max(run.peak, result["peak"])
                    if result["finding"]:
                        run.record(result["seed"], result["finding"])
                    elif result["peak"] > args.memory:
                        run.record(result["seed"], f"peak memory {result['peak']} MB")
            now = time.monotonic()
            for run in runs:
                if run.proc is not None and now - run.last > args.hang:
                    run.stop(selector)
                    run.hangs += 1
                    run.record(run.next, f"no answer in {args.hang:.0f} s (a hang)")
                    run.done += 1
                    run.next += 1
                    run.spawn(selector)
            if now - last_report > 60:
                last_report = now
                report()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C (or a forwarded one) waits for the figures
        for run in runs:
            run.stop(selector)
    report(final=True)
    return 1 if any(r.findings for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
