"""Leaving the full screen says where the game is, and a resumed game offers to keep its hero.

The real program under tmux (a private server), played with the keyboard at 80×24: ``q`` in the
middle of a game closes the screen and prints the slot and ``solo continue``; ``solo continue``
of that game, played to its ending, asks whether to keep the character, and after ``q`` prints
``solo transcript``. The last screens go to ``SOLO_SCREENS`` (a folder) when that is set.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
              pytest.mark.usefixtures("tmux_socket_dir")]

SERVER = f"solo-leaving-{os.getpid()}"
WAIT = 60.0  # seconds to wait for a screen (generous: CI machines can be heavily loaded)
SETTLE = 0.25
STEP_LIMIT = 150


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SERVER, "-f", "/dev/null", *args], capture_output=True, text=True,
                          check=True).stdout


def capture() -> str:
    return tmux("capture-pane", "-p", "-t", "play")


def wait_for(predicate, previous: str | None = None) -> str:
    """The screen once it differs from ``previous``, satisfies ``predicate`` and stopped changing."""
    deadline = time.monotonic() + WAIT
    screen = capture()
    while time.monotonic() < deadline:
        time.sleep(SETTLE)
        again = capture()
        if again == screen and screen != previous and predicate(screen):
            return screen
        screen = again
    raise AssertionError(f"the screen never got there:\n{screen}")


def asking(screen: str) -> bool:
    lines = screen.splitlines()
    return (any(line.startswith("│ 1 ") for line in lines) or "The story is over" in screen
            or ("A question" in screen and "n  No" in screen)) and "Quit" in "".join(lines[-2:])


def start(tmp_path: Path, *arguments: str, again: bool = False) -> None:
    """Run solo in the pane; ``again`` runs it in the same pane as a fresh process.

    A second session is not made by killing the first: killing a server's only session makes
    the server exit, and a ``new-session`` racing that exit fails on a loaded machine.
    """
    command = " ".join(shlex.quote(p) for p in [sys.executable, "-m", "solo", *arguments])
    saves = shlex.quote(str(tmp_path / "saves"))
    wait = 'while [ "$(stty size)" != "24 80" ]; do sleep 0.05; done'
    script = f"{wait}; unset COLUMNS LINES; SOLO_SAVE_DIR={saves} {command}; echo EXITED $?; sleep 60"
    if again:
        tmux("respawn-pane", "-k", "-t", "play", script)
    else:
        tmux("new-session", "-d", "-s", "play", "-x", "80", "-y", "24", "-e", "TERM=xterm-256color", script)


def leave() -> str:
    tmux("send-keys", "-t", "play", "q")
    return wait_for(lambda screen: "EXITED" in screen)


def keep(name: str, screen: str) -> None:
    if os.environ.get("SOLO_SCREENS"):
        folder = Path(os.environ["SOLO_SCREENS"])
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{name}.txt").write_text(screen, encoding="utf-8")


def test_q_says_where_the_game_is_and_continue_offers_to_keep_the_hero(tmp_path):
    try:
        start(tmp_path, "play", "--seed", "3", "--slot", "tm", "--full")
        screen = wait_for(asking)
        tmux("send-keys", "-t", "play", "1")  # the first pregenerated character
        screen = wait_for(asking, screen)
        screen = leave()
        keep("leaving-80x24-q", screen)
        assert "EXITED 0" in screen
        assert "Progress saved in slot 'tm'" in screen and "Resume with: solo continue tm" in screen
        tmux("clear-history", "-t", "play")

        start(tmp_path, "continue", "tm", "--full", again=True)
        screen = wait_for(asking)
        asked = ""
        for _ in range(STEP_LIMIT):
            if "The story is over" in screen:
                break
            if "A question" in screen:
                asked = screen
                tmux("send-keys", "-t", "play", "n")
            else:
                tmux("send-keys", "-t", "play", "1")
            screen = wait_for(asking, screen)
        else:
            raise AssertionError("no ending within the step limit")
        keep("leaving-80x24-keep-after-continue", asked)
        assert "Keep Dara Okafor" in asked, "the resumed game offers to keep its hero"
        screen = leave()
        keep("leaving-80x24-ended", screen)
        assert "EXITED 0" in screen and "Re-read it with: solo transcript tm" in screen
    finally:
        subprocess.run(["tmux", "-L", SERVER, "kill-server"], capture_output=True)
