"""``solo serve``: the full-screen game as a local web page.

textual-serve runs one ``solo play --full`` process per browser tab and relays its screen and keys
over a websocket; the game, its saves and its dice live in that process exactly as in a terminal.
Each tab plays in a slot of its own (:func:`tab_slot`): a second tab, or the page opened again
while a game there is unfinished, never takes over or replaces another tab's game. The page is
served on localhost unless another host is asked for.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo.saves import SaveStore

DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8000
MOST_TABS = 99  # slots tried for a new tab: SLOT, SLOT-2 ... SLOT-99


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


def tab_slot(store: "SaveStore", slot: str) -> str:
    """The slot a new browser tab plays in, locked for this process: ``slot`` itself when nobody
    plays it and it holds no unfinished game, else the first such of ``slot-2``, ``slot-3`` ...

    A finished game's slot is reused (its story is over; the previous save is kept beside it as
    for any new game); an unfinished one is left for ``solo continue`` or ``solo serve --continue``.
    """
    from solo.saves import SaveError, check_slot, is_unfinished

    for n in range(1, MOST_TABS + 1):
        name = check_slot(slot if n == 1 else f"{slot}-{n}")
        try:
            store.lock(name)
        except SaveError:
            continue  # another tab (or a terminal) plays it
        if not is_unfinished(store.peek(name)):
            return name
        store.release(name)
    raise SaveError(f"slots {slot!r} to {slot}-{MOST_TABS} are all in use or unfinished; "
                    "finish or remove some (`solo saves`), or serve with --slot NAME")


def tab_notice(wanted: str, slot: str) -> str:
    """What a tab says when it plays in another slot than the one asked for ("" when it does not)."""
    if slot == wanted:
        return ""
    return (f"This page plays in slot {slot!r}: slot {wanted!r} is in use or holds an unfinished game "
            f"(resume it with `solo continue {wanted}` or `solo serve --continue --slot {wanted}`).")
