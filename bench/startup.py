"""Benchmark: how long ``solo play`` takes to ask its first question, in line mode and full-screen.

Runs the real program in a pseudo-terminal (as a player would start it), several times each, and
prints the median and best wall time from start until the first question is on screen:

* ``solo --version``;
* ``solo play --line`` until the character prompt ``[1-5]``;
* ``solo play --full`` until the full screen shows "Choose your character" (Textual loaded);
* and whether line mode imported Textual at all (it must not: startup time is a feature).

    python bench/startup.py [RUNS]
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOLO = [sys.executable, "-m", "solo"]
ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-B]|\x1b[=>78]")
TIMEOUT = 60.0


def time_until(args: list[str], marker: bytes, *, columns: int = 100, rows: int = 30) -> float:
    """Seconds from starting ``args`` in a pty of that size until ``marker`` appears on screen."""
    with tempfile.TemporaryDirectory() as saves:
        env = dict(os.environ, SOLO_SAVE_DIR=saves, COLUMNS=str(columns), LINES=str(rows), TERM="xterm-256color")
        env.pop("SOLO_SCREEN", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: a terminal of the given size, then the program
            os.chdir(ROOT)
            os.execvpe(args[0], args, env)
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        start = time.perf_counter()
        seen = b""
        try:
            while time.perf_counter() - start < TIMEOUT:
                ready, _, _ = select.select([fd], [], [], 0.05)
                if ready:
                    try:
                        seen += os.read(fd, 65536)
                    except OSError:
                        break
                    if marker in ANSI.sub(b"", seen):
                        return time.perf_counter() - start
            raise RuntimeError(f"{' '.join(args)}: {marker!r} never appeared")
        finally:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)


def line_mode_imports_textual() -> bool:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from solo.cli import cli\n"
        "CliRunner().invoke(cli, ['play', '--seed', '1', '--json'], input='')\n"
        "print('textual' in sys.modules)\n"
    )
    with tempfile.TemporaryDirectory() as saves:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                             env=dict(os.environ, SOLO_SAVE_DIR=saves), check=True)
    return out.stdout.strip().endswith("True")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    cases = [
        ("solo --version", SOLO + ["--version"], b"solo, version"),
        ("solo play --line (first prompt)", SOLO + ["play", "--line", "--seed", "1"], b"[1-5]"),
        ("solo play --full (first screen)", SOLO + ["play", "--full", "--seed", "1"], b"Choose your character"),
    ]
    time_until(cases[-1][1], cases[-1][2])  # warm the bytecode caches once
    print(f"{'what':<36} {'median':>8} {'best':>8}   ({runs} runs, 100x30 pty)")
    for name, args, marker in cases:
        times = [time_until(args, marker) for _ in range(runs)]
        print(f"{name:<36} {statistics.median(times) * 1000:>6.0f} ms {min(times) * 1000:>6.0f} ms")
    print(f"line mode imports textual: {line_mode_imports_textual()}")


if __name__ == "__main__":
    main()
