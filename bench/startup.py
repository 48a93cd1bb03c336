"""Startup time: how long `solo --version`, `solo --help` and `solo play` take to be ready.

Prints the median of several runs of each, in milliseconds (target: `solo --version` under
150 ms), and the time `solo play --line` takes to reach its first prompt (measured with the
input closed at once, so the game saves and leaves right after its first prompt), with the
modules `solo --version` imports. For the full-screen mode it runs `solo play --full` in a
pseudo-terminal of 100x30 and times it until "Choose your character" is drawn (Textual loaded),
and checks that line mode never imports Textual. Run: python bench/startup.py [runs]
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

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 7


def timed(args: list[str], stdin: bytes = b"", env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "solo", *args], input=stdin, capture_output=True, env=env, check=False)
    return (time.perf_counter() - start) * 1000


def median(args: list[str], **kw) -> float:
    return statistics.median(timed(args, **kw) for _ in range(RUNS))


ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-B]|\x1b[=>78]")


def full_screen_ms(env: dict[str, str], columns: int = 100, rows: int = 30, timeout: float = 60.0) -> float:
    """Milliseconds from starting `solo play --full` in a pty until its first question is drawn."""
    import fcntl
    import struct
    import termios

    args = [sys.executable, "-m", "solo", "play", "--full", "--new", "--seed", "1"]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(args[0], args, dict(env, TERM="xterm-256color"))
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    start, seen = time.perf_counter(), b""
    try:
        while time.perf_counter() - start < timeout:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    seen += os.read(fd, 65536)
                except OSError:
                    break
                if b"Choose your character" in ANSI.sub(b"", seen):
                    return (time.perf_counter() - start) * 1000
        raise RuntimeError("the full screen never showed its first question")
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)


def line_mode_imports_textual(env: dict[str, str]) -> bool:
    code = ("import sys\nfrom click.testing import CliRunner\nfrom solo.cli import cli\n"
            "CliRunner().invoke(cli, ['play', '--new', '--seed', '1', '--json'], input='')\n"
            "print('textual' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return out.stdout.strip().endswith("True")


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
        full_screen_ms(env)  # once to warm Textual's bytecode cache
        full = statistics.median(full_screen_ms(env) for _ in range(RUNS))
        print(f"solo play --full, first screen {full:7.0f} ms  (Textual loaded; 100x30 pty)")
        print("line mode imports textual:", line_mode_imports_textual(env))
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "solo", "--version"], capture_output=True, text=True)
    heavy = [line for line in out.stderr.splitlines() if any(m in line for m in ("jsonschema", "rich", "yaml", "textual"))]
    print("heavy modules imported by --version:", "none" if not heavy else len(heavy))


if __name__ == "__main__":
    main()
