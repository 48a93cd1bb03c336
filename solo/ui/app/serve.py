"""``solo serve``: the full-screen game as a local web page.

textual-serve runs one ``solo play --full`` process per browser tab and relays its screen and keys
over a websocket; the game, its saves and its dice live in that process exactly as in a terminal.
The page is served on localhost unless another host is asked for.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8000


def play_command(arguments: list[str]) -> str:
    """The shell command each browser tab runs: this Python, ``-m solo``, and ``arguments``."""
    return " ".join(shlex.quote(part) for part in [sys.executable, "-m", "solo", *arguments])


def serve(arguments: list[str], *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, title: str = "solo") -> None:
    """Serve ``solo ARGUMENTS`` (a ``play`` or ``continue`` command line) until Ctrl-C."""
    from textual_serve.server import Server

    server = Server(play_command(arguments), host=host, port=port, title=title)
    server.serve()


def absolute(folder: str | None) -> str | None:
    """A folder given on the command line, made absolute so every tab's process agrees on it."""
    return None if folder is None else str(Path(folder).resolve())
