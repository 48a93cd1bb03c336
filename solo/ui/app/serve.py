"""``solo serve``: the full-screen game as a local web page.

The server runs one ``solo play --full`` process per browser tab (textual-serve's protocol and
terminal script) and relays its screen and keys over a websocket; the game, its saves and its
dice live in that process exactly as in a terminal. Each tab plays in a slot of its own
(:func:`tab_slot`): a second tab, or the page opened again while a game there is unfinished,
never takes over or replaces another tab's game. The page is served on localhost unless another
host is asked for, and answers only its own page (see :mod:`solo.ui.app.web_server` and the
modules beside it).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solo.saves import SaveStore

DEFAULT_HOST = "localhost"
DEFAULT_PORT = 8000
MOST_TABS = 99  # slots tried for a new tab: SLOT, SLOT-2 ... SLOT-99


def serve(arguments: list[str], *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          allow_origins: tuple[str, ...] = (), most_games: int | None = None) -> None:
    """Serve ``solo ARGUMENTS`` (a ``play`` or ``continue`` command line), one game per tab, until
    stopped (Ctrl-C, SIGTERM). Raises OSError when the port cannot be listened on, and
    :class:`~solo.ui.app.web_gate.OriginError` for a bad ``allow_origins``."""
    from solo.ui.app.game_process import game_command
    from solo.ui.app.web_gate import Gate
    from solo.ui.app.web_limits import DEFAULT_MOST_GAMES, Seats
    from solo.ui.app.web_server import GameServer

    seats = Seats(most_games or DEFAULT_MOST_GAMES)
    server = GameServer(game_command(arguments), gate=Gate.build(host, allow_origins), seats=seats)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{'localhost' if host in ('', '0.0.0.0', '::') else shown}:{port}/"

    def ready() -> None:
        games = f"{seats.most} game" + ("" if seats.most == 1 else "s")
        print(f"solo serve: open {url} (at most {games} at once; Ctrl-C stops)", file=sys.stderr, flush=True)

    asyncio.run(server.run(host, port, ready))


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
