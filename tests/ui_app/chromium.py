"""What the browser tests share: the system's Chromium, how to start it headless and offline, and
a poll with a deadline (no fixed sleeps). Importing it needs no Playwright."""

from __future__ import annotations

import shutil
import time

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 60.0  # seconds: generous, CI machines can be heavily loaded


def wait_for(check, what: str, timeout: float = WAIT):
    """``check()``'s first true value, polled until ``timeout``; AssertionError(``what``) after."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(what)
