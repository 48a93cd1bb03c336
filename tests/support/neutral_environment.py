"""The test session starts from the environment a fresh CI machine gives, whatever the shell it
was started from has set.

What solo shows depends on a few environment variables that a developer's shell or a CI runner
may set for its own reasons: ``COLUMNS``/``LINES`` (rich and ``shutil.get_terminal_size`` wrap
every line-mode screen to them: ``COLUMNS=40`` failed ten tests that read whole lines),
``FORCE_COLOR`` and rich's ``TTY_COMPATIBLE``/``TTY_INTERACTIVE`` (colour codes in output the
tests read as text: ``FORCE_COLOR=1`` failed the test that no escape code reaches the terminal),
``NO_COLOR``, and solo's own ``SOLO_SCREEN`` (``full`` hung the first line-mode test waiting on the
full screen), ``SOLO_DEBUG``, ``SOLO_SERVE_PARENT`` and Textual's ``TEXTUAL_DRIVER``. The tests
were written against none of them set, so :func:`clear` removes them from the session's own
environment (and so from its xdist workers' and the processes its tests start) before any test
module is imported. A test that wants one sets it itself (``monkeypatch.setenv``, ``env=``), as the
width tests do with ``COLUMNS``; the report's header names what was removed.
"""

from __future__ import annotations

import os

CLEARED = ("COLUMNS", "LINES", "FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE",
           "SOLO_SCREEN", "SOLO_DEBUG", "SOLO_SERVE_PARENT", "TEXTUAL_DRIVER")


def clear() -> list[str]:
    """Remove :data:`CLEARED` from ``os.environ``; the names that were set."""
    return [name for name in CLEARED if os.environ.pop(name, None) is not None]
