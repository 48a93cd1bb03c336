"""The real program under tmux, played with the keyboard alone, as a person would at 80×24 and 120×40.

Each test starts ``solo play`` in a detached tmux session of a fixed size, presses ``1`` whenever the
screen has settled on a question, and reads the screens: the story, the choices and the side panel
(at 80 columns, the status line) are there at every step, and supply-ship reaches an ending; ``q`` then leaves with status 0. The
last screens are written to ``SOLO_SCREENS`` (a folder) when that is set, to be looked at.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
              pytest.mark.usefixtures("tmux_socket_dir")]

STEP_LIMIT = 150
SETTLE = 0.25  # seconds the screen must stay unchanged to count as settled
WAIT = 60.0  # seconds to wait for a screen to change (generous: CI machines can be heavily loaded)


#: A private tmux server (its own socket, no configuration file): a developer's own tmux sessions,
#: server and ~/.tmux.conf are never touched, even when the suite runs inside tmux. Each test has
#: its own server: a server exits when its last session is killed, and a following test's
#: ``new-session`` that races that exit fails on a loaded machine.
SERVER = ["tmux", "-L", f"solo-tests-{os.getpid()}", "-f", "/dev/null"]


def tmux(*args: str) -> str:
    return subprocess.run([*SERVER, *args], capture_output=True, text=True, check=True).stdout


@pytest.fixture(autouse=True)
def _private_server(request):
    SERVER[2] = f"solo-tests-{os.getpid()}-{request.node.callspec.id if hasattr(request.node, 'callspec') else 'one'}"
    yield
    subprocess.run([*SERVER, "kill-server"], capture_output=True)


def capture(name: str) -> str:
    return tmux("capture-pane", "-p", "-t", name)


def ready(screen: str) -> bool:
    """A question is on screen (choice 1 in its box, the keys at the bottom), or the ending."""
    lines = screen.splitlines()
    # (a yes/no question counts once its answers are drawn: a loaded machine may pause between the
    # box's title and its lines for longer than SETTLE)
    asking = (any(re.match(r"│ \d+ ", line) for line in lines) or "The story is over" in screen  # "1" may be greyed
              or ("A question" in screen and "n  No" in screen))
    typing = any(line.lstrip().startswith("Typed ") for line in lines[-3:])  # a first digit waits for a second
    return asking and not typing and any("Sheet" in line and "Quit" in line for line in lines[-2:])


def settled(name: str, previous: str | None) -> str:
    """The screen once it differs from ``previous``, asks something, and has stopped changing."""
    deadline = time.monotonic() + WAIT
    screen = capture(name)
    while time.monotonic() < deadline:
        time.sleep(SETTLE)
        again = capture(name)
        if again == screen and screen != previous and ready(screen):
            return screen
        screen = again
    raise AssertionError(f"the screen did not settle:\n{screen}")


def _first_number(lines: list[str]) -> str:
    """The first choice's number the screen shows in the choices' box: a greyed-out choice
    keeps its number without showing it, so "1" may be taken by one that cannot be picked."""
    start = max((i for i, line in enumerate(lines) if line.startswith("╭─")), default=0)
    for line in lines[start + 1:]:
        found = re.match(r"│\s*(\d)\s", line)
        if found:
            return found.group(1)
    return "1"


@pytest.mark.parametrize("width,height", [(80, 24), (120, 40)])
def test_supply_ship_plays_to_an_ending_with_the_keyboard_alone(tmp_path, tmux_socket_dir, width, height):
    name = f"solo-test-{os.getpid()}-{width}"
    saves = tmp_path / "saves"
    command = " ".join(shlex.quote(p) for p in [sys.executable, "-m", "solo", "play", "--seed", "3", "--slot", "tm"])
    # tmux may open the window at its default size and resize it a moment later; a program that
    # starts inside that moment draws for the old size, so the script waits for the requested one.
    wait = f"while [ \"$(stty size)\" != \"{height} {width}\" ]; do sleep 0.05; done"
    # COLUMNS and LINES can reach the pane with the size the window was opened at; a program that
    # reads them (as Textual does) would draw for that size, so they go.
    script = f"{wait}; unset COLUMNS LINES; cd {shlex.quote(str(tmp_path))} && SOLO_SAVE_DIR={shlex.quote(str(saves))} {command}; echo EXITED $?; sleep 30"
    tmux("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), "-e", "TERM=xterm-256color", script)
    screens: list[str] = []
    try:
        socket = Path(tmux("display-message", "-p", "-t", name, "#{socket_path}").strip())
        assert socket.is_relative_to(tmux_socket_dir), "the private server's socket is in the run's own folder"
        screen = settled(name, None)
        for _ in range(STEP_LIMIT):
            screens.append(screen)
            assert "Traceback" not in screen
            lines = screen.splitlines()
            assert lines[0].lstrip().startswith("Supply Run"), "the title bar is on top"
            if width >= 100:
                assert "╭─" in lines[1] and "╮" in lines[1], "the side panel's top edge"
            else:  # narrow: the story takes the width and a status line sits above the keys
                assert "c: sheet" in lines[-2] or "Typed" in lines[-2], "the status line"
            assert any(line.startswith("╭─") for line in lines), "the choices' box"
            if "The story is over" in screen:
                break
            if "A question" in screen:  # the end asks whether to keep the character
                assert "Keep Dara Okafor" in screen
                tmux("send-keys", "-t", name, "n")
                screen = settled(name, screen)
                continue
            tmux("send-keys", "-t", name, _first_number(lines))
            screen = settled(name, screen)
        else:
            raise AssertionError("no ending within the step limit")
        assert len(screens) > 10
        tmux("send-keys", "-t", name, "q")
        deadline = time.monotonic() + WAIT
        while "EXITED" not in capture(name) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert "EXITED 0" in capture(name)
        assert "Re-read it with: solo transcript tm" in capture(name), "after the screen: where the story is"
    finally:
        if os.environ.get("SOLO_SCREENS"):
            folder = Path(os.environ["SOLO_SCREENS"])
            folder.mkdir(parents=True, exist_ok=True)
            for n, shot in enumerate(screens[:3] + screens[-3:]):
                (folder / f"tmux-{width}x{height}-{n}.txt").write_text(shot, encoding="utf-8")
    saved = json.loads((saves / "tm.json").read_text())
    assert saved["state"]["ending"] is not None
