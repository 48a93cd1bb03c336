"""One browser tab's game process, seen from ``solo serve``: started, relayed, stopped, explained.

The process is :mod:`solo.ui.app.served_game` under Textual's web driver, which speaks
textual-serve's protocol: after a ``__GANGLION__`` line saying the app started, its stdout carries
packets (a kind byte, a 4-byte big-endian length, the payload: ``D`` screen bytes, ``M`` a JSON
meta message, ``P`` packed download data) and its stdin takes packets the same way (``D`` keys,
``M`` resize, focus, blur, quit).

The process is started without a shell, in a session of its own (Ctrl-C at the server's terminal
reaches the server only, which stops every game itself), told the server's process id so that
it dies with the server (see :mod:`solo.ui.app.served_game`). Stopping is bounded: the game is
asked to quit, after ``grace`` seconds its process group gets SIGTERM, a second later SIGKILL.

When a game ends badly, :meth:`GameProcess.failure` says why in one line for the page: the last
``solo: ...`` line it wrote on stderr (e.g. no free slot), else its last line.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from solo.ui.app.served_game import PARENT_ENV

READY_LINE = b"__GANGLION__\n"
STDERR_KEPT = 16 * 1024  # the tail of a game's stderr kept to explain its end
MOST_EXPLAINED = 400  # characters of that explanation shown on the page
KILL_WAIT = 1.0  # seconds between SIGTERM and SIGKILL
_CONTROL = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def game_command(arguments: list[str]) -> list[str]:
    """The command line of a tab's game: this Python running ``solo ARGUMENTS`` as a served game."""
    return [sys.executable, "-m", "solo.ui.app.served_game", *arguments]


def game_environment(width: int, height: int) -> dict[str, str]:
    """The environment of a tab's game: this one, Textual's web driver, the screen's size, and the
    server's process id."""
    try:
        driver_version = version("textual-serve")
    except PackageNotFoundError:
        driver_version = "0"
    env = dict(os.environ)
    env.update({
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
        "TEXTUAL_FPS": "60",
        "TEXTUAL_COLOR_SYSTEM": "truecolor",
        "TERM_PROGRAM": "textual",
        "TERM_PROGRAM_VERSION": driver_version,
        "COLUMNS": str(width),
        "LINES": str(height),
        "ROWS": str(height),
        PARENT_ENV: str(os.getpid()),
    })
    return env


def packet(kind: bytes, payload: bytes) -> bytes:
    return kind + len(payload).to_bytes(4, "big") + payload


def one_line(text: str) -> str:
    """What a game wrote on stderr, as one line for the page: the last ``solo: ...`` line (the
    message of an error the player can fix), else the last line; no control characters."""
    lines = [line.strip() for line in _CONTROL.sub("", text).splitlines() if line.strip()]
    if not lines:
        return ""
    told = [line for line in lines if line.startswith("solo:")]
    line = (told or lines)[-1]
    line = line.removeprefix("solo:").strip()
    return line if len(line) <= MOST_EXPLAINED else line[: MOST_EXPLAINED - 1] + "…"


class GameProcess:
    """A game process for one tab (see the module's docstring)."""

    def __init__(self, command: list[str]) -> None:
        self.command = command
        self.process: asyncio.subprocess.Process | None = None
        self.started = False  # the app said it runs
        self.asked_to_stop = False  # by the server (a tab closed, the server stopping)
        self._stderr = bytearray()
        self._stderr_task: asyncio.Task[None] | None = None

    async def start(self, width: int, height: int) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=game_environment(width, height),
            start_new_session=hasattr(os, "killpg"),
        )
        self._stderr_task = asyncio.create_task(self._keep_stderr())

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    async def _keep_stderr(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        while data := await self.process.stderr.read(4096):
            self._stderr += data
            del self._stderr[:-STDERR_KEPT]

    async def packets(self) -> AsyncIterator[tuple[bytes, bytes]]:
        """The game's packets, (kind, payload), until its output ends."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        try:
            while not self.started:
                line = await stdout.readline()
                if not line:
                    return
                self.started = line == READY_LINE
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                yield kind, await stdout.readexactly(size)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError, ConnectionError):
            return

    async def send(self, kind: bytes, payload: bytes) -> bool:
        """Send one packet to the game; False when it no longer listens."""
        if self.process is None or self.process.stdin is None or self.process.returncode is not None:
            return False
        try:
            self.process.stdin.write(packet(kind, payload))
            await self.process.stdin.drain()
        except (ConnectionError, RuntimeError, OSError):
            return False
        return True

    async def send_meta(self, data: dict[str, Any]) -> bool:
        return await self.send(b"M", json.dumps(data).encode("utf-8"))

    async def stop(self, grace: float) -> int | None:
        """End the game: ask it to quit, then SIGTERM, then SIGKILL (see the module's docstring).
        Returns its exit status."""
        process = self.process
        if process is None:
            return None
        if process.returncode is None:
            self.asked_to_stop = True
            await self.send_meta({"type": "quit"})
            for sig, wait in ((None, grace), (signal.SIGTERM, KILL_WAIT), (getattr(signal, "SIGKILL", None), KILL_WAIT)):
                if sig is not None:
                    self._signal(sig)
                try:
                    await asyncio.wait_for(process.wait(), wait)
                    break
                except asyncio.TimeoutError:
                    continue
        if self._stderr_task is not None:
            try:
                await asyncio.wait_for(self._stderr_task, KILL_WAIT)
            except asyncio.TimeoutError:
                self._stderr_task.cancel()
        return process.returncode

    def _signal(self, sig: int) -> None:
        """Signal the game's process group (the game and anything it started) while it runs."""
        process = self.process
        if process is None or process.returncode is not None:
            return  # reaped: its id may belong to another process by now
        try:
            if hasattr(os, "killpg"):
                os.killpg(process.pid, sig)
            elif sig == signal.SIGTERM:
                process.terminate()
            else:
                process.kill()
        except (ProcessLookupError, PermissionError):
            pass  # ended meanwhile

    def failure(self) -> str:
        """Why the game ended badly, in one line for the page; "" when it ended well (the player left)."""
        code = None if self.process is None else self.process.returncode
        said = one_line(self._stderr.decode("utf-8", "replace"))
        if not self.started:
            return "The game could not start: " + (said or f"it stopped with exit status {code}.")
        if code in (0, None) or self.asked_to_stop:
            return ""
        return "The game stopped because of an error: " + (said or f"exit status {code}.")
