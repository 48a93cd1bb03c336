"""`solo export --web/--zip`: what is exported, what is refused, and (e2e) the page played in Chromium."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.publish import web_export
from solo.publish.starter import starter_text
from solo.publish.web_export import MARKER, RUNTIME, ExportError, export_web

ROOT = Path(__file__).parents[2]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture
def fake_runtime(tmp_path):
    """A folder with the runtime's file names (enough for what is checked before a browser)."""
    folder = tmp_path / "fake-pyodide"
    folder.mkdir()
    for name in RUNTIME:
        (folder / name).write_text("stand-in")
    return folder


def test_export_writes_validated_json_our_page_and_pure_python(tmp_path, fake_runtime):
    done = export_web("lantern-fen", tmp_path / "page", pyodide=str(fake_runtime))
    page = done.folder
    assert {p.name for p in page.iterdir()} >= {"index.html", "app.js", "style.css", "adventure.json", "python.zip",
                                                 "pyodide", MARKER}
    data = json.loads((page / "adventure.json").read_text())
    assert data["adventure"]["id"] == "lantern-fen" and data["digest"]
    names = zipfile.ZipFile(page / "python.zip").namelist()
    assert "solo/publish/web_play.py" in names and "transitions/core.py" in names and "six.py" in names
    assert all(n.endswith(".py") for n in names)  # no compiled extension reaches the browser
    assert not any(n.startswith("yaml/") for n in names)  # no YAML parser: the page reads JSON
    assert f"Pyodide from {fake_runtime}" == done.pyodide_from
    assert "innerHTML" not in (page / "app.js").read_text()  # text goes in with textContent only


def test_an_invalid_file_is_never_exported_with_validates_messages(tmp_path, fake_runtime):
    bad = tmp_path / "bad.yaml"
    bad.write_text(starter_text("game", "bad", "Bad").replace("goto: home", "goto: hom"))
    result = CliRunner().invoke(cli, ["export", str(bad), "--web", str(tmp_path / "page"), "--pyodide", str(fake_runtime)])
    assert result.exit_code == 1
    assert f"{bad}:" in result.output and "no scene called 'hom'" in result.output
    assert not (tmp_path / "page").exists()


def test_a_folder_that_is_not_an_earlier_export_is_not_overwritten(tmp_path, fake_runtime):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.txt").write_text("years of work")
    with pytest.raises(ExportError, match="not an earlier export"):
        export_web("lantern-fen", mine, pyodide=str(fake_runtime))
    assert (mine / "thesis.txt").read_text() == "years of work" and len(list(mine.iterdir())) == 1
    export_web("lantern-fen", tmp_path / "page", pyodide=str(fake_runtime))
    (tmp_path / "page" / "stale.txt").write_text("from before")
    export_web("supply-ship", tmp_path / "page", pyodide=str(fake_runtime))  # an earlier export: replaced
    assert not (tmp_path / "page" / "stale.txt").exists()
    assert json.loads((tmp_path / "page" / "adventure.json").read_text())["adventure"]["id"] == "supply-ship"


def test_zip_holds_the_page_at_its_top(tmp_path, fake_runtime):
    result = CliRunner().invoke(cli, ["export", "lantern-fen", "--zip", str(tmp_path / "game.zip"),
                                      "--pyodide", str(fake_runtime)])
    assert result.exit_code == 0, result.output
    names = zipfile.ZipFile(tmp_path / "game.zip").namelist()
    assert "index.html" in names and "pyodide/pyodide.asm.wasm" in names and MARKER not in names


def test_without_web_or_zip_is_a_usage_error():
    result = CliRunner().invoke(cli, ["export", "lantern-fen"])
    assert result.exit_code == 2 and "--web DIR, --zip FILE" in result.output


def test_web_play_runs_the_engine_from_the_exported_json(tmp_path, fake_runtime):
    """The functions the page calls, run here in CPython: new game, decisions, undo, save and resume."""
    from solo.publish import web_play

    export_web("lantern-fen", tmp_path / "page", pyodide=str(fake_runtime))
    adventure = (tmp_path / "page" / "adventure.json").read_text()
    view = json.loads(web_play.new_game(adventure, 1))
    steps = 0
    while not view["finished"]:
        key = [o for o in view["offered"]["options"] if o["enabled"]][-1]["key"]
        view = json.loads(web_play.choose(key))
        steps += 1
        assert steps < 200
        if steps == 3:
            middle = view
    assert any(e["type"] == "ending" for e in view["events"])
    again = json.loads(web_play.resume(adventure, json.dumps(view["save"])))
    assert again["finished"] and [e for e in again["events"] if e["type"] == "ending"] == \
        [e for e in view["events"] if e["type"] == "ending"]
    resumed = json.loads(web_play.resume(adventure, json.dumps(middle["save"])))
    assert resumed["offered"] == middle["offered"] and resumed["note"] == "resumed where you left off"
    undone = json.loads(web_play.undo())
    assert undone["save"]["state"]["turn"] < middle["save"]["state"]["turn"]
    refused = json.loads(web_play.choose("99"))
    assert refused["note"] and refused["save"]["state"] == undone["save"]["state"]


# -- the page in a browser -------------------------------------------------------------------------

def runtime_on_disk() -> str | None:
    """A real Pyodide: $SOLO_PYODIDE, or the user cache an earlier export filled."""
    given = os.environ.get("SOLO_PYODIDE")
    if given:
        return given
    cached = web_export._cache() / f"pyodide-{web_export.PYODIDE_VERSION}"
    return str(cached) if all((cached / f).is_file() for f in RUNTIME) else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served(tmp_path):
    """Export an adventure and serve the folder with `python -m http.server` on loopback."""
    runtime = runtime_on_disk()
    if runtime is None:
        pytest.skip("no Pyodide on disk: run `solo export ADVENTURE --web DIR` once, or set SOLO_PYODIDE")
    servers = []

    def serve(adventure: str) -> str:
        folder = tmp_path / f"page-{len(servers)}"
        export_web(adventure, folder, pyodide=runtime)
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                                 str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        servers.append(proc)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    return f"http://127.0.0.1:{port}/"
            time.sleep(0.1)
        raise AssertionError("http.server did not listen")

    yield serve
    for proc in servers:
        proc.terminate()
        proc.wait(timeout=30)


def open_page(playwright, url: str, viewport: dict, outside: list):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
    context = browser.new_context(viewport=viewport)
    # no network but the loopback server: anything else is refused, and noted
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1")
                  else (outside.append(route.request.url), route.abort()))
    return browser, context


LOAD_WAIT = 180_000  # ms: the first load compiles a 10 MB WebAssembly module, slow on a shared machine


@pytest.mark.e2e
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_page_plays_a_bundled_adventure_to_an_ending_and_resumes_after_reload(served, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    url = served("lantern-fen") + "?seed=1"
    outside: list[str] = []
    # the screenshots, to be looked at: under $SOLO_SCREENS when set, as the other browser tests do
    shots = Path(os.environ["SOLO_SCREENS"]) / "publish" if os.environ.get("SOLO_SCREENS") else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser, context = open_page(p, url, {"width": 1280, "height": 800}, outside)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        started = time.monotonic()
        page.goto(url)
        page.wait_for_selector("#options button", timeout=LOAD_WAIT)
        print(f"first load: {time.monotonic() - started:.1f} s")
        page.keyboard.press("1")  # the first choice (the character), by its number key
        steps = 1
        while page.is_hidden("#ending"):
            buttons = page.locator("#options button:enabled")
            page.wait_for_function("document.querySelectorAll('#options button:enabled').length > 0 || "
                                   "!document.getElementById('ending').hidden", timeout=30_000)
            if not page.is_hidden("#ending"):
                break
            before = page.locator("#story > *").count()
            buttons.last.click()
            page.wait_for_function(f"document.querySelectorAll('#story > *').length > {before}", timeout=30_000)
            steps += 1
            assert steps < 200, "no ending after 200 decisions"
            if steps == 4:  # reload mid-game: the page resumes at the same decision
                offered = page.inner_text("#choices")
                scene = page.locator("#story h3").last.inner_text()
                page.reload()
                page.wait_for_selector("#options button", timeout=LOAD_WAIT)
                assert page.inner_text("#note") == "resumed where you left off"
                assert page.inner_text("#title") == "The Last Lantern on Gallow Fen"
                assert page.inner_text("#choices") == offered
                assert page.locator("#story h3").last.inner_text() == scene
        ending = page.inner_text("#ending")
        assert ending.startswith("The end:")
        assert page.inner_text("#roll-dice").strip()  # the last roll is shown
        assert page.locator("#sheet dt").count() > 3  # the side panel
        page.screenshot(path=str(shots / "web-1280x800-ending.png"))
        page.reload()  # after the end, the ending is shown again
        page.wait_for_selector("#ending:not([hidden])", timeout=LOAD_WAIT)
        assert page.inner_text("#ending") == ending
        page.click("#undo")  # undo from the ending: a decision is on offer again
        page.wait_for_selector("#options button", timeout=30_000)
        assert page.is_hidden("#ending")
        page.click("#journal-button")
        assert page.is_visible("#journal")
        browser.close()
        phone_browser, phone = open_page(p, url, {"width": 390, "height": 844}, outside)
        small = phone.new_page()
        small.goto(url)
        small.wait_for_selector("#options button", timeout=LOAD_WAIT)
        width = small.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width}px wide at phone width"
        small.screenshot(path=str(shots / "web-390x844.png"), full_page=False)
        phone_browser.close()
    assert not errors, errors
    assert outside == [], outside


HOSTILE = """format: 1
id: hostile-page
title: "<img src=x onerror=\\"window.pwned=1\\">Title"
system: guts-plus
start: a
characters:
  - id: p
    name: "<script>window.pwned=2</script>Mallory"
    stats: {gumption: 2, utility: 1, thought: 1, slyness: 1, knack: 3}
scenes:
  a:
    title: "<b onmouseover=\\"window.pwned=3\\">Room</b>"
    text: "Before <iframe src=\\"javascript:window.pwned=4\\"></iframe> after &amp; <svg onload=\\"window.pwned=5\\">"
    choices:
      - {text: "<img src=y onerror=\\"window.pwned=6\\">Go", goto: b}
  b:
    title: End
    text: "<script>window.pwned=7</script>done"
    ending: {outcome: victory, summary: "<img src=z onerror=\\"window.pwned=8\\">bye"}
"""


@pytest.mark.e2e
@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_markup_in_a_hostile_file_shows_as_text_and_never_runs(served, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    path = tmp_path / "hostile-page.yaml"
    path.write_text(HOSTILE)
    url = served(str(path))
    outside: list[str] = []
    with sync_api.sync_playwright() as p:
        browser, context = open_page(p, url, {"width": 1280, "height": 800}, outside)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("#options button", timeout=LOAD_WAIT)
        page.keyboard.press("1")
        page.wait_for_selector("#ending:not([hidden])", timeout=30_000)
        story = page.inner_text("body")
        assert "<script>window.pwned=2</script>Mallory" in story
        assert '<b onmouseover="window.pwned=3">Room</b>' in story
        assert '<img src=z onerror="window.pwned=8">bye' in story
        assert page.locator("#story img, #story script, #story iframe, #story svg, #story b").count() == 0
        assert page.evaluate("window.pwned") is None
        browser.close()
    assert outside == [] or all("/x" not in u for u in outside)
