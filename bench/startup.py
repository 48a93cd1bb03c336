"""Startup time: how long `solo --version`, `solo --help` and `solo play` take to be ready.

Prints the median of several runs of each, in milliseconds (target: `solo --version` under
150 ms), and the time `solo play --line` takes to reach its first prompt (measured with the
input closed at once, so the game saves and leaves right after its first prompt), with the
modules `solo --version` imports. Run: python bench/startup.py [runs]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def timed(args: list[str], stdin: bytes = b"", env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "solo", *args], input=stdin, capture_output=True, env=env, check=False)
    return (time.perf_counter() - start) * 1000


def median(args: list[str], **kw) -> float:
    return statistics.median(timed(args, **kw) for _ in range(RUNS))


def main() -> None:
    baseline = statistics.median(
        (lambda s: (subprocess.run([sys.executable, "-c", "pass"]), (time.perf_counter() - s) * 1000)[1])(time.perf_counter())
        for _ in range(RUNS))
    with tempfile.TemporaryDirectory() as saves:
        env = dict(os.environ, SOLO_SAVE_DIR=saves)
        print(f"python -c pass                 {baseline:7.0f} ms  (the interpreter alone)")
        print(f"solo --version                 {median(['--version'], env=env):7.0f} ms  (target 150)")
        print(f"solo --help                    {median(['--help'], env=env):7.0f} ms")
        print(f"solo play to its first prompt  {median(['play', '--line', '--new', '--seed', '1'], env=env):7.0f} ms")
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "solo", "--version"], capture_output=True, text=True)
    heavy = [line for line in out.stderr.splitlines() if any(m in line for m in ("jsonschema", "rich", "yaml", "textual"))]
    print("heavy modules imported by --version:", "none" if not heavy else len(heavy))


if __name__ == "__main__":
    main()
