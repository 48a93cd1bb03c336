"""``solo serve`` with two browser tabs open at once: each plays its own game in its own slot.

Like ``test_browser.py`` it drives headless Chromium with the system's browser and follows each
game through its save file; skipped without Chromium or the ``playwright`` package.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS, wait_for
from test_browser import free_port, read_save, wait_for_port

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")]
sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (pip install '.[e2e]')")

def steps(save) -> int:
    return len((read_save(save) or {}).get("transcript", []))


def choose(page, save, key: str = "1") -> None:
    """Press ``key`` until the game in ``save`` records one more decision."""
    before = steps(save)
    for _ in range(10):
        page.keyboard.press(key)
        try:
            wait_for(lambda: steps(save) > before, "", timeout=4.0)
            return
        except AssertionError:
            continue  # the key came before the question: press again
    raise AssertionError(f"{save.name} did not take the key")


def test_two_tabs_play_two_games_and_neither_touches_the_other(tmp_path):
    port = free_port()
    saves = tmp_path / "saves"
    server = subprocess.Popen(
        [sys.executable, "-m", "solo", "serve", "--port", str(port), "--seed", "3", "--slot", "web", "--save-dir", str(saves)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, cwd=tmp_path,
    )
    first, second = saves / "web.json", saves / "web-2.json"
    try:
        wait_for_port(port)
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            one = browser.new_page(viewport={"width": 1280, "height": 800})
            one.goto(f"http://localhost:{port}/", wait_until="domcontentloaded")
            wait_for(lambda: read_save(first), "the first tab's game never started")
            time.sleep(1.0)
            one.mouse.click(400, 300)
            choose(one, first)  # Dara Okafor
            two = browser.new_page(viewport={"width": 1280, "height": 800})
            two.goto(f"http://localhost:{port}/", wait_until="domcontentloaded")
            wait_for(lambda: read_save(second), "the second tab's game never started")
            time.sleep(1.0)
            two.mouse.click(400, 300)
            choose(two, second, "2")  # Teodor Lind
            choose(two, second)
            choose(one, first)
            if os.environ.get("SOLO_SCREENS"):
                time.sleep(1.5)  # the save is written before the screen is drawn
                two.screenshot(path=os.path.join(os.environ["SOLO_SCREENS"], "serve-second-tab.png"))
            browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    one_game, two_game = read_save(first), read_save(second)
    assert one_game["state"]["character"]["name"] == "Dara Okafor"
    assert two_game["state"]["character"]["name"] == "Teodor Lind"
    assert len(one_game["transcript"]) == 2 and len(two_game["transcript"]) == 2
