"""``solo serve`` under attack and under kill, end to end: a real server, real game processes, and
headless Chromium (the system's, through Playwright) where a page is what matters.

- a page on another origin (a second loopback port) cannot open a game; a foreign Host name (DNS
  rebinding, simulated with Chromium's resolver rules) is refused;
- SIGKILL of the server leaves no game process, and their slot locks are free;
- SIGTERM stops the server within its bound, every game saved and ended, every page told;
- a page asking for a giant terminal gets the clamped size;
- a tab beyond ``--max-games``, or one that finds no free slot, reads why on the page;
- a served game refuses ``:save FOLDER/``.

Every wait is a poll with a deadline. The browser tests are skipped, saying why, without Chromium
or the ``playwright`` package; the process tests need Linux's ``/proc`` to find game processes.
``SOLO_SCREENS`` (a folder) keeps the screenshots.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import aiohttp
import pytest

from solo.saves import SaveStore
from solo.session import new_session
from chromium import CHROMIUM, CHROMIUM_ARGS, WAIT, wait_for

from solo.ui.app.web_limits import MOST_COLUMNS, MOST_ROWS

pytestmark = [pytest.mark.e2e,
              pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finding game processes needs /proc (Linux)")]
needs_browser = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)")
GAME_MODULE = "solo.ui.app.served_game"


async def async_wait_for(check, what: str, timeout: float = WAIT):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        await asyncio.sleep(0.1)
    raise AssertionError(what)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int) -> None:
    def listening() -> bool:
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    wait_for(listening, f"solo serve did not listen on port {port}", timeout=30)


def read_save(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None  # not written yet, or caught between writes


def game_pids(saves: Path) -> list[int]:
    """The game processes playing in ``saves`` (each test has its own folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if GAME_MODULE.encode() in command and str(saves).encode() in command:
            try:
                if (entry / "stat").read_text().split(")")[-1].split()[0] != "Z":
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def slots_free(saves: Path, *slots: str) -> bool:
    store = SaveStore(saves)
    for slot in slots:
        if not store._try_lock(slot):
            return False
        store.release(slot)
    return True


@contextmanager
def solo_serve(tmp_path: Path, *options: str):
    """A ``solo serve`` of supply-ship on a free port, saving in ``tmp_path/saves``; yields
    (process, port, saves). Whatever happens, the server and its games end."""
    port = free_port()
    saves = tmp_path / "saves"
    server = subprocess.Popen(
        [sys.executable, "-m", "solo", "serve", "--port", str(port), "--seed", "3", "--slot", "web",
         "--save-dir", str(saves), *options],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True, cwd=tmp_path,
    )
    try:
        wait_for_port(port)
        yield server, port, saves
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        for pid in game_pids(saves):  # only if the test failed: the games of this server
            os.kill(pid, signal.SIGKILL)


async def open_game(port: int, *, width: int = 100, height: int = 30):
    """A WebSocket to the server as its own page opens it; returns (session, socket, screen bytes)."""
    session = aiohttp.ClientSession()
    socket = await session.ws_connect(f"http://localhost:{port}/ws?width={width}&height={height}",
                                      origin=f"http://localhost:{port}")
    screen = bytearray()
    told: list[str] = []

    async def read():
        async for message in socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                screen.extend(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                told.append(message.data)

    reader = asyncio.create_task(read())
    return session, socket, screen, told, reader


async def press_until_saved(socket, save: Path, key: str = "1") -> None:
    """Press ``key`` until the game in ``save`` records one more decision."""
    before = len((read_save(save) or {}).get("transcript", []))
    for _ in range(15):
        await socket.send_str(json.dumps(["stdin", key]))
        try:
            await async_wait_for(lambda: len((read_save(save) or {}).get("transcript", [])) > before, "", timeout=4.0)
            return
        except AssertionError:
            continue  # the key came before the question: press again
    raise AssertionError(f"{save.name} did not take the key")


# -- another site's page -------------------------------------------------------------------------

HOSTILE_PAGE = """<!DOCTYPE html><html><body><script>
window.result = {events: [], done: false};
const socket = new WebSocket("ws://localhost:PORT/ws?width=80&height=24");
socket.onopen = () => { result.events.push("open"); socket.send(JSON.stringify(["stdin", ":save TARGET/\\r"])); };
socket.onmessage = () => result.events.push("message");
socket.onerror = () => result.events.push("error");
socket.onclose = () => { result.events.push("close"); result.done = true; };
fetch("http://localhost:PORT/").then(r => r.text()).then(t => { result.read = t; }, e => { result.fetch = String(e); });
</script></body></html>"""


@contextmanager
def hostile_site(html: str):
    """A page on another origin: http://127.0.0.1:PORT/, served from this test."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    site = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_address[1]}/"
    finally:
        site.shutdown()
        site.server_close()


@needs_browser
def test_a_page_on_another_origin_or_a_rebound_name_starts_no_game(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (pip install '.[e2e]')")
    with solo_serve(tmp_path) as (server, port, saves), hostile_site(
            HOSTILE_PAGE.replace("PORT", str(port)).replace("TARGET", str(tmp_path / "written"))) as url:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM,
                                        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP evil.test 127.0.0.1"])
            page = browser.new_page()
            page.goto(url)
            page.wait_for_function("window.result && window.result.done && ('read' in window.result || 'fetch' in window.result)",
                                   timeout=WAIT * 1000)
            result = page.evaluate("window.result")
            rebound = page.goto(f"http://evil.test:{port}/")  # a foreign name that resolves here
            rebound_text = page.inner_text("body")
            browser.close()
        assert "open" not in result["events"] and "message" not in result["events"], result
        assert "read" not in result, "another site's page read the game's page"
        assert rebound.status == 403 and "does not answer to the name" in rebound_text
        assert game_pids(saves) == [] and not (saves / "web.json").exists()
        assert not (tmp_path / "written").exists()
        own = urllib.request.urlopen(f"http://localhost:{port}/", timeout=10)  # its own page still works
        assert own.status == 200 and b"textual.js" in own.read()


# -- kills ---------------------------------------------------------------------------------------


def test_sigkill_of_the_server_leaves_no_game_and_frees_their_slots(tmp_path):
    with solo_serve(tmp_path) as (server, port, saves):
        async def play_then_kill():
            tabs = [await open_game(port) for _ in range(2)]
            await async_wait_for(lambda: len(game_pids(saves)) == 2, "two games never started")
            await async_wait_for(lambda: all(len(tab[2]) > 1000 for tab in tabs), "a game never drew its screen")
            pids = game_pids(saves)
            server.send_signal(signal.SIGKILL)
            server.wait(WAIT)
            await async_wait_for(lambda: not game_pids(saves), f"game processes {pids} outlived the server", timeout=20)
            # an exiting process loses its command line (its memory goes) before its files close,
            # so its slot's lock can outlive it for a moment on a loaded machine (CI saw it once)
            await async_wait_for(lambda: slots_free(saves, "web", "web-2"), "the killed games' slots stayed locked",
                                 timeout=20)
            for session, socket, *_ in tabs:
                await session.close()
            return pids

        pids = asyncio.run(play_then_kill())
        assert len(pids) == 2
        assert slots_free(saves, "web", "web-2")


def test_sigterm_stops_the_server_quickly_with_every_game_saved(tmp_path):
    with solo_serve(tmp_path) as (server, port, saves):
        async def play_then_stop():
            first = await open_game(port)
            await async_wait_for(lambda: read_save(saves / "web.json"), "the first game never saved")
            second = await open_game(port)
            await async_wait_for(lambda: read_save(saves / "web-2.json"), "the second game never saved")
            await press_until_saved(first[1], saves / "web.json")  # Dara Okafor
            await press_until_saved(second[1], saves / "web-2.json", "2")  # Teodor Lind
            started = time.monotonic()
            server.send_signal(signal.SIGTERM)
            await async_wait_for(lambda: server.poll() is not None, "the server did not stop", timeout=20)
            took = time.monotonic() - started
            await async_wait_for(lambda: first[3] and second[3], "a page was not told the server stopped", timeout=10)
            for session, *_ in (first, second):
                await session.close()
            return took, first[3] + second[3]

        took, told = asyncio.run(play_then_stop())
        print(f"SIGTERM to exit: {took:.2f}s with two games")
        assert server.returncode == 0, server.stderr.read().decode()
        assert all("server stopped" in json.loads(t)[1]["message"] for t in told)
        assert game_pids(saves) == []
        assert slots_free(saves, "web", "web-2")
        one, two = read_save(saves / "web.json"), read_save(saves / "web-2.json")
        assert one["state"]["character"]["name"] == "Dara Okafor" and len(one["transcript"]) == 1
        assert two["state"]["character"]["name"] == "Teodor Lind" and len(two["transcript"]) == 1


# -- what a page may ask ---------------------------------------------------------------------------


def test_a_page_asking_for_a_giant_terminal_gets_the_clamped_size(tmp_path):
    positions = re.compile(rb"\x1b\[(\d+);(\d+)H")
    with solo_serve(tmp_path) as (server, port, saves):
        async def ask_giant():
            session, socket, screen, told, reader = await open_game(port, width=100_000, height=100_000)
            await async_wait_for(lambda: positions.search(screen), "the game never drew")
            await socket.send_str(json.dumps(["resize", {"width": 10_000, "height": 10_000}]))
            await async_wait_for(lambda: max(int(r) for r, _ in positions.findall(bytes(screen))) >= MOST_ROWS,
                                 "the game never drew the whole clamped screen")
            pid = game_pids(saves)[0]
            rss = next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("VmRSS"))
            await session.close()
            return bytes(screen), rss

        screen, rss = asyncio.run(ask_giant())
        print(f"game at {MOST_COLUMNS}x{MOST_ROWS}: {rss}")
        rows = [int(r) for r, _ in positions.findall(screen)]
        columns = [int(c) for _, c in positions.findall(screen)]
        assert max(rows) == MOST_ROWS and max(columns) <= MOST_COLUMNS


@needs_browser
def test_a_tab_beyond_the_limit_reads_why_on_the_page(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (pip install '.[e2e]')")
    with solo_serve(tmp_path, "--max-games", "1") as (server, port, saves):
        async def hold_then_look():
            holder = await open_game(port)
            await async_wait_for(lambda: len(game_pids(saves)) == 1, "the first game never started")
            text = await asyncio.to_thread(closed_message, sync_api, port, "serve-full.png")
            await holder[0].close()
            return text

        text = asyncio.run(hold_then_look())
        assert "already runs 1 game," in text and "Close a tab" in text
        assert len(game_pids(saves)) <= 1  # the refused tab started nothing


@needs_browser
def test_a_tab_that_finds_no_free_slot_reads_why_on_the_page(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (pip install '.[e2e]')")
    saves = tmp_path / "saves"
    store = SaveStore(saves)
    game = new_session("supply-ship", store=store, slot="web", seed=3)
    game.game.start()
    game.choose("1")
    game.save()
    store.release("web")
    for n in range(2, 100):  # 99 unfinished games: no slot for a new tab
        shutil.copy(saves / "web.json", saves / f"web-{n}.json")
    with solo_serve(tmp_path) as (server, port, _):
        text = closed_message(sync_api, port, "serve-no-slot.png")
    assert "could not start" in text and "all in use or unfinished" in text and "solo saves" in text


def closed_message(sync_api, port: int, shot: str) -> str:
    """Open the server's page in Chromium and read what it says when its game ends (and check on
    the way that the page opens no other site, as a link in adventure text would ask)."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 600})
        page.goto(f"http://localhost:{port}/", wait_until="domcontentloaded")
        page.wait_for_selector("body.-closed #closed-message", state="visible", timeout=WAIT * 1000)
        if os.environ.get("SOLO_SCREENS"):
            page.screenshot(path=str(Path(os.environ["SOLO_SCREENS"]) / shot))
        text = page.inner_text("#closed-message")
        opened = page.evaluate("[window.open('https://example.org/'), window.open(), window.open('//example.org/x')]")
        browser.close()
    assert opened == [None, None, None], "the page may open another site"
    return text


# -- where a served game writes ------------------------------------------------------------------


def test_a_served_game_refuses_to_save_in_another_folder(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    result = subprocess.run(
        [sys.executable, "-m", GAME_MODULE, "play", "supply-ship", "--seed", "3", "--slot", "web",
         "--save-dir", str(tmp_path / "saves"), "--line"],
        input=f"1\n:save {elsewhere}/\n:save ~/\n:quit\n", capture_output=True, text=True, timeout=WAIT, cwd=tmp_path,
    )
    assert "Traceback" not in result.stderr, result.stderr
    shown = " ".join(result.stdout.split())  # as one line: the screen wraps it
    assert shown.count("only in the server's save folder") == 2, result.stdout
    assert not elsewhere.exists() and (tmp_path / "saves" / "web.json").exists()


def test_where_the_kernel_cannot_help_the_watchdog_ends_a_game_whose_server_died(tmp_path):
    """The portable half of the parent-death guard (macOS, BSD): no PR_SET_PDEATHSIG, only the
    watchdog thread, which sees its parent change and sends the game SIGTERM."""
    told = tmp_path / "told"
    game = ("import os, signal, sys\n"
            "from solo.ui.app.served_game import watch_server\n"
            f"signal.signal(signal.SIGTERM, lambda *a: (open({str(told)!r}, 'w').write('SIGTERM'), sys.exit(0)))\n"
            "watch_server(int(sys.argv[1]), kernel_signals=False, grace=60)\n")
    server = ("import os, subprocess, sys\n"
              f"game = subprocess.Popen([sys.executable, '-c', {game!r}, str(os.getpid())])\n"
              "print(game.pid, flush=True)\n"
              "game.wait()\n")
    parent = subprocess.Popen([sys.executable, "-c", server], stdout=subprocess.PIPE, text=True)
    pid = int(parent.stdout.readline())
    try:
        parent.kill()
        parent.wait(WAIT)
        wait_for(lambda: told.exists(), "the game was never told its server died", timeout=20)
        wait_for(lambda: not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split(")")[-1][:3],
                 "the game outlived its server", timeout=20)
    finally:
        if Path(f"/proc/{pid}").exists():
            os.kill(pid, signal.SIGKILL)
    assert told.read_text() == "SIGTERM"


@needs_browser
def test_save_typed_in_the_page_stays_in_the_save_folder(tmp_path):
    """As a player would: ``:`` then ``save FOLDER/`` in the page is refused, between two ``save
    NAME`` typed the same way that save beside the game (so the keys do reach it)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed (pip install '.[e2e]')")
    elsewhere = tmp_path / "elsewhere"
    with solo_serve(tmp_path) as (server, port, saves):
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"http://localhost:{port}/", wait_until="domcontentloaded")
            wait_for(lambda: read_save(saves / "web.json"), "the game never started in the page")
            page.wait_for_selector("body.-first-byte", timeout=WAIT * 1000)
            page.mouse.click(400, 300)
            pause = typed(page, "save copy", 0.5, lambda: (saves / "copy.json").exists())
            command(page, f"save {elsewhere}/", pause)  # refused
            typed(page, "save mark", pause, lambda: (saves / "mark.json").exists())  # done after it
            if os.environ.get("SOLO_SCREENS"):
                command(page, f"save {elsewhere}/", pause)
                page.wait_for_timeout(1000)  # the canvas shows the answer a moment later
                page.screenshot(path=os.path.join(os.environ["SOLO_SCREENS"], "serve-save-elsewhere-refused.png"))
            browser.close()
    assert (saves / "copy.json").exists() and (saves / "mark.json").exists()
    assert not elsewhere.exists()


def typed(page, words: str, pause: float, done) -> float:
    """Type a command until ``done()`` says it worked, waiting longer after the ``:`` each time it
    did not (the machine may be busy); returns the pause that worked."""
    while True:
        command(page, words, pause)
        try:
            wait_for(done, "", timeout=3.0)
            return pause
        except AssertionError:
            page.keyboard.press("Escape")
            pause *= 2
            assert pause < 20, f"the typed :{words} never reached the game"


def command(page, words: str, pause: float) -> None:
    """Type ``:`` and a command in the page, as a player does. The page is a canvas: nothing in it
    says when the command line has opened, so the keys wait ``pause`` seconds after the ``:``."""
    page.keyboard.press(":")
    page.wait_for_timeout(pause * 1000)
    page.keyboard.type(words)
    page.keyboard.press("Enter")
