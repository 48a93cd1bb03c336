"""One browser tab's game under ``solo serve``: ``python -m solo.ui.app.served_game ARGS``.

It runs ``solo ARGS`` (a ``play`` or ``continue`` command line) as a terminal would, with two
differences that the browser needs:

- **It ends when the server ends, however the server ends.** On Linux the kernel sends it SIGTERM
  the moment the server process dies (``PR_SET_PDEATHSIG``), even by SIGKILL; on every system a
  watchdog thread notices the server gone (this process's parent changes) and does the same.
  SIGTERM makes the game leave as Ctrl-C does (it saves after every step, so nothing is lost) and
  closing the process releases the slot's lock. A game still running :data:`GRACE` seconds
  later is ended outright: its save is written atomically, so it holds the last whole step.
- **``:save FOLDER/`` is refused**: a page in a browser does not choose where files are written;
  the game saves only in the server's save folder.

The server names itself in ``SOLO_SERVE_PARENT`` (its process id); without it the process is a
plain ``solo``.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PARENT_ENV = "SOLO_SERVE_PARENT"
GRACE = 3.0  # seconds a game has to leave after its server is gone
POLL = 0.25  # how often the watchdog looks for its server
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
EXIT_ORPHANED = 75  # the server was gone: the game did not (or no longer) run


def ask_kernel_for_signal(signum: int) -> bool:
    """Ask Linux to send ``signum`` to this process when its parent dies; False where that cannot
    be asked (another system, no C library)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def watch_server(parent: int, *, kernel_signals: bool, grace: float = GRACE, poll: float = POLL) -> None:
    """Wait until ``parent`` is no longer this process's parent, then make the game leave: SIGTERM
    (unless the kernel sent it already), and after ``grace`` seconds end the process."""
    while os.getppid() == parent:
        time.sleep(poll)
    if not kernel_signals:
        os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(grace)
    os._exit(EXIT_ORPHANED)


def guard(parent: int) -> None:
    """Tie this process's life to the server ``parent`` (see the module's docstring)."""
    kernel_signals = ask_kernel_for_signal(signal.SIGTERM)
    if os.getppid() != parent:  # the server died before the kernel was asked
        sys.exit(EXIT_ORPHANED)
    threading.Thread(target=watch_server, args=(parent,), kwargs={"kernel_signals": kernel_signals},
                     name="solo-serve-watchdog", daemon=True).start()


def main() -> None:
    parent = os.environ.pop(PARENT_ENV, "")
    if parent.isdigit():
        guard(int(parent))
    from solo.ui import commands

    commands.OTHER_FOLDERS = False
    from solo.cli import main as run

    run()


if __name__ == "__main__":
    main()
