"""The e2e guard (tests/support/e2e_guard.py): a test that runs solo in a real process, tmux,
Textual's pilot or Playwright without the e2e mark fails before it runs and says to mark it;
marked, or doing none of those, it runs as written. Each case is a small suite run in-process
by pytester; none of the flagged code ever runs."""

from __future__ import annotations

import textwrap

import pytest

MARK_IT = "but is not marked e2e: mark it @pytest.mark.e2e"


def _run(pytester: pytest.Pytester, **files: str) -> pytest.RunResult:
    pytester.makeini("[pytest]\naddopts = -p e2e_guard -p no:cacheprovider\n")
    pytester.makepyfile(**{name: textwrap.dedent(text) for name, text in files.items()})
    return pytester.runpytest_inprocess("-q")


def test_an_unmarked_textual_pilot_test_fails_and_says_to_mark_it(pytester):
    result = _run(pytester, test_guarded_pilot="""
        import asyncio

        class App:
            async def run_test(self):
                raise AssertionError("the guard let the pilot run")

        def test_pilot():
            asyncio.run(App().run_test())
    """)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*test_guarded_pilot.py::test_pilot drives the full screen through Textual's pilot"
                                 f" (run_test) (test_guarded_pilot.py:8) {MARK_IT}*"])


def test_a_marked_one_runs(pytester):
    result = _run(pytester, test_guarded_pilot="""
        import pytest

        pytestmark = pytest.mark.e2e

        def test_pilot(app=None):
            pytest.skip("marked: the guard let it through")
            app.run_test()
    """, conftest="""
        def pytest_configure(config):
            config.addinivalue_line("markers", "e2e: end to end")
    """)
    result.assert_outcomes(skipped=1)


def test_tmux_through_a_helper_and_a_module_constant_is_found(pytester):
    result = _run(pytester, test_guarded_tmux="""
        import subprocess

        SERVER = ["tmux", "-L", "guard-test", "-f", "/dev/null"]

        def _tmux(*args):
            return subprocess.run([*SERVER, *args], capture_output=True)

        class Screen:
            def capture(self):
                return _tmux("capture-pane", "-p")

        def test_screen():
            Screen().capture()
    """)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*test_screen runs tmux (test_guarded_tmux.py:6) {MARK_IT}*"])


def test_solo_started_by_a_fixture_in_a_conftest_is_found(pytester):
    result = _run(pytester, conftest="""
        import subprocess
        import sys

        import pytest

        @pytest.fixture
        def game():
            return subprocess.Popen([sys.executable, "-m", "solo", "play"], stdin=subprocess.PIPE)
    """, test_guarded_game="""
        def test_game(game):
            game.kill()
    """)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*test_game starts solo in a real process (conftest.py:8) {MARK_IT}*"])


def test_playwright_is_found(pytester):
    result = _run(pytester, test_guarded_browser="""
        def test_browser():
            from playwright.sync_api import sync_playwright

            with sync_playwright() as driver:
                driver.chromium.launch()
    """)
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"*test_browser drives a browser through Playwright (test_guarded_browser.py:2) {MARK_IT}*"])


def test_other_subprocesses_and_words_in_strings_are_not_flagged(pytester):
    result = _run(pytester, test_guarded_quiet="""
        import subprocess
        import sys

        def test_fresh_interpreter():
            done = subprocess.run([sys.executable, "-c", "import json"], capture_output=True, check=True)
            assert done.returncode == 0

        def test_words():
            text = "found under tmux; try solo play, or page.run_test in the docs"
            assert "tmux" in text
    """)
    result.assert_outcomes(passed=2)
