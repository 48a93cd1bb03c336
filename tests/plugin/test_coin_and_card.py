"""The proof: a third-party ruleset installed through the ``solo.rulesets`` entry point plays like
a built-in, with no line of ``solo`` changed.

``site/`` holds the package ``coin_and_card`` and its ``coin_and_card-1.0.dist-info`` (METADATA and
``entry_points.txt``), as ``pip install`` would leave them. Each test runs ``solo`` in a fresh
process with ``site/`` on ``PYTHONPATH`` only, so the ruleset is found the way an installed one is
(``importlib.metadata``), never registered from the test. ``card-table.yaml`` is its adventure.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e  # each test runs solo in a process of its own

HERE = Path(__file__).resolve().parent
SITE = HERE / "site"
ADVENTURE = HERE / "card-table.yaml"
SYSTEM = "coin-and-card"
TIMEOUT = 120


def solo(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(SITE), SOLO_SAVE_DIR=str(tmp_path / "saves"),
               HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"), COLUMNS="100", NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "solo", *args], input=stdin, env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=TIMEOUT)


def python(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(SITE), SOLO_SAVE_DIR=str(tmp_path / "saves"), HOME=str(tmp_path))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=TIMEOUT)


def test_found_through_the_entry_point_and_checked(tmp_path):
    result = python(tmp_path, """
        from solo.rules import registry
        from solo.rules.base import HasVocabulary, PlaytestHints, Rests, hook
        r = registry.get("coin-and-card")
        print(registry.available()[-1], type(r).__module__, hook(r, HasVocabulary) is r,
              hook(r, PlaytestHints) is r, hook(r, Rests))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [SYSTEM, "coin_and_card", "True", "True", "None"]


def test_validates_and_plays_in_line_mode_with_its_own_words(tmp_path):
    assert solo(tmp_path, "validate", str(ADVENTURE)).stdout.strip() == "0 errors, 0 warnings in 1 file"
    result = solo(tmp_path, "play", str(ADVENTURE), "--seed", "3", stdin="1\n1\n1\n1\n\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Bluff  (Nerve 67%)" in out  # exact odds: d6+2 reaches 5 on 3-6
    assert "Scrape: it works, at a cost." in out  # the plugin's outcome word and meaning
    assert "The card turned 4 against a target of 5." in out  # the plugin's roll reading
    assert "Stare the stranger down  (Wits vs The Stranger 28%)" in out  # contest odds: 10/36
    assert "THE END — Cleaned Out (defeat)" in out
    assert "raise nerve by one costs 1 Luck" in out  # its advancement and resource name


def test_odds_and_rules_page(tmp_path):
    odds = solo(tmp_path, "odds", SYSTEM, "--rating", "1")
    assert odds.returncode == 0, odds.stderr
    rows = [line.split("│")[1:4] for line in odds.stdout.splitlines() if line.startswith("│")]
    assert [[c.strip() for c in row] for row in rows] == [
        ["failure", "16.67%", "1/6"], ["partial", "16.67%", "1/6"], ["success", "66.67%", "2/3"]]
    page = solo(tmp_path, "rules", SYSTEM).stdout
    assert page.startswith("# coin-and-card: the rules as `solo` plays them\n")
    assert "| partial | scrape | it works, at a cost |" in page
    assert "| Face-off | Both sides turn a card; the higher total wins, a tie is a stand-off. | Coin and Card, page 1 |" in page
    assert "| --target | the number to reach (default 4) |" in page
    assert "| card | the d6 you turn for a check |" in page


def test_analyze_is_exact(tmp_path):
    result = solo(tmp_path, "analyze", str(ADVENTURE), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    # random player: half walk home; a bluff (d6+2 vs 5) wins on 3-6, else a wits contest
    # 1 against 2: won 10/36, drawn (home) 5/36, lost 21/36.
    assert report["method"] == "exact"
    assert report["exact"] == {"win": "41/108", "lose": "7/72", "home": "113/216"}
    assert report["objectives_exact"] == {"pot": "41/108"}


def test_playtest_runs_every_policy(tmp_path):
    for policy in ("random", "careful", "greedy"):
        result = solo(tmp_path, "playtest", str(ADVENTURE), "--runs", "60", "--policy", policy, "--json",
                      "--replay-dir", str(tmp_path / "replays"))
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        assert sum(report["endings"].values()) == 60
        assert set(report["endings"]) <= {"win", "lose", "home"}


def test_new_adventure_and_character_creation_read_the_ruleset(tmp_path):
    made = solo(tmp_path, "new", "adventure", "gate.yaml", "--system", SYSTEM)
    assert made.returncode == 0, made.stderr
    text = (tmp_path / "gate.yaml").read_text()
    assert 'stats: {"nerve": 2, "wits": 1}' in text  # its creation defaults, legal by its rules
    assert 'extra: {"motto": ""}' in text  # its creation_extra field
    assert "target: 4" in text  # its starter check parameter
    assert 'when: "roll.margin >= 2"' in text  # its degree condition
    assert solo(tmp_path, "validate", "gate.yaml").stdout.strip() == "0 errors, 0 warnings in 1 file"
    helped = " ".join(solo(tmp_path, "new", "adventure", "--help").stdout.split())
    assert "(guts-plus, game, loose-fuzzy, humanity- blessed, four-s, coin-and-card)" in helped
    examples = solo(tmp_path, "odds", "--help").stdout
    assert "solo odds coin-and-card --rating 1 --target 5" in examples  # its cli_examples



def test_full_screen_plays_to_an_ending(tmp_path):
    """The Textual app, driven by its pilot in a process that found the ruleset by entry point."""
    result = python(tmp_path, f"""
        import asyncio, io, time
        from rich.console import Console
        from solo.saves import SaveStore
        from solo.session import new_session
        from solo.ui.app.app import SoloApp

        async def settle(pilot, app):
            deadline = time.monotonic() + 30
            while not (app.waiting or app.loop_done.is_set()):
                assert time.monotonic() < deadline, "no decision asked in time"
                await asyncio.sleep(0.01)
            await pilot.pause()

        async def go():
            app = SoloApp(new_session({str(ADVENTURE)!r}, store=SaveStore({str(tmp_path)!r}), slot="t", seed=3))
            seen = []
            async with app.run_test(size=(100, 40)) as pilot:
                await settle(pilot, app)
                for _ in range(20):
                    if app.loop_done.is_set():
                        break
                    await pilot.press("1")
                    await settle(pilot, app)
                    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
                    for block in app.query_one("#story").query(".block"):
                        console.print(getattr(block, "content", None) or getattr(block, "renderable", ""))
                    seen.append(console.export_text())
                await pilot.press("q")
                await pilot.pause()
            print(seen[-1])

        asyncio.run(go())
    """)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Scrape" in result.stdout  # the plugin's outcome word on the full screen
    assert "THE END" in result.stdout
