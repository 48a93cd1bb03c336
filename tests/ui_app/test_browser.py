"""``solo serve`` in a real browser: headless Chromium plays supply-ship to an ending with keys.

The page draws the terminal on a canvas, so the test follows the game through its save file (the
game saves after every step) and looks at the page through screenshots. Every request the page
makes goes to the server itself (no web fonts from elsewhere). It needs the system's
Chromium (Debian's ``chromium`` package) and the ``playwright`` package; without them it is
skipped, saying which is missing. ``SOLO_SCREENS`` (a folder) keeps the screenshots.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
STEP_LIMIT = 150
STEP_WAIT = 4.0  # seconds to wait for a key to show in the save before pressing it again

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")]
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (pip install '.[e2e]')")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"solo serve did not listen on port {port}")


def read_save(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None  # not written yet, or caught between writes


def test_solo_serve_plays_supply_ship_to_an_ending_in_chromium(tmp_path):
    port = free_port()
    saves = tmp_path / "saves"
    shots = Path(os.environ.get("SOLO_SCREENS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "solo", "serve", "--port", str(port), "--seed", "3", "--slot", "web", "--save-dir", str(saves)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, cwd=tmp_path,
    )
    save = saves / "web.json"
    try:
        wait_for_port(port)
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            asked: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            page.goto(f"http://localhost:{port}/", wait_until="domcontentloaded")
            deadline = time.monotonic() + 60
            while read_save(save) is None:
                assert time.monotonic() < deadline, "the game never started in the page"
                time.sleep(0.2)
            time.sleep(1.0)
            page.mouse.click(400, 300)  # focus the terminal
            steps = 0
            key, missed = 1, 0  # the first choice, or the next when it is greyed out (it keeps its number)
            while not (read_save(save) or {}).get("state", {}).get("ending"):
                before = len((read_save(save) or {}).get("transcript", []))
                page.keyboard.press(str(key))
                waited = time.monotonic()
                while len((read_save(save) or {}).get("transcript", [])) == before:
                    if time.monotonic() - waited > STEP_WAIT:
                        # the key came before the question (press it again), or twice in a row
                        # it named a greyed choice: then the next number, after 9 the first
                        missed += 1
                        if missed == 2:
                            key, missed = key % 9 + 1, 0
                        break
                    time.sleep(0.05)
                else:
                    key, missed = 1, 0
                steps += 1
                assert steps < STEP_LIMIT, "no ending within the step limit"
                if steps == 6:
                    page.screenshot(path=str(shots / "serve-supply-ship-playing.png"))
            time.sleep(1.5)  # let the last screen reach the page
            page.screenshot(path=str(shots / "serve-supply-ship-end.png"))
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    final = read_save(save)
    assert final["state"]["ending"] == "end-made-good"  # seed 3, always the first choice
    own = (f"http://localhost:{port}/", f"ws://localhost:{port}/")
    assert asked and all(url.startswith(own) for url in asked), [u for u in asked if not u.startswith(own)]
    assert any("/static/fonts/" in url for url in asked)  # the font comes from the server
    assert len(final["transcript"]) >= 10
    assert (shots / "serve-supply-ship-end.png").stat().st_size > 10_000
