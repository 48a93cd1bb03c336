"""The command line around the full-screen app: what line mode loads, and ``solo serve``'s checks."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from solo.cli import cli

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot


LINE_MODE_PLAY = """
import sys
from click.testing import CliRunner
from solo.cli import cli
result = CliRunner().invoke(cli, ["play", "--seed", "1"], input="1\\n1\\n")
assert result.exit_code == 0, result.output
assert "What do you do?" in result.output
print("textual" in sys.modules, "textual_serve" in sys.modules)
"""


def test_line_mode_never_imports_textual(tmp_path):
    out = subprocess.run([sys.executable, "-c", LINE_MODE_PLAY], capture_output=True, text=True,
                         env={"SOLO_SAVE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_serve_refuses_a_bad_adventure_or_slot_with_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [unclosed\n")
    result = CliRunner().invoke(cli, ["serve", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith("solo: ") and "Traceback" not in result.output
    result = CliRunner().invoke(cli, ["serve", "--slot", "../x"])
    assert result.exit_code == 1 and result.output.startswith("solo: ")


def test_serve_help_names_localhost_and_the_continue_option():
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    assert "localhost" in result.output and "--continue" in result.output and "--port" in result.output


def test_each_serve_tab_gets_a_slot_nobody_plays_and_no_unfinished_game_is_taken_over(tmp_path):
    import fcntl
    import os

    from solo.saves import SaveStore
    from solo.session import new_session
    from solo.ui.app.serve import tab_notice, tab_slot

    store = SaveStore(tmp_path)
    assert tab_slot(store, "ship") == "ship"  # free: the slot asked for
    store.release("ship")
    unfinished = new_session("supply-ship", store=store, slot="ship", seed=1)
    unfinished.game.start()
    unfinished.save()
    store.release("ship")
    before = (tmp_path / "ship.json").read_bytes()
    assert tab_slot(store, "ship") == "ship-2"  # an unfinished game is left for `solo continue`
    assert not store.holds("ship") and store.holds("ship-2")
    store.release("ship-2")
    others = [os.open(store.lock_path(name), os.O_RDWR | os.O_CREAT) for name in ("ship-2", "ship-3")]
    try:  # two other tabs play ship-2 and ship-3
        for fd in others:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert tab_slot(store, "ship") == "ship-4"
    finally:
        for fd in others:
            os.close(fd)
    assert (tmp_path / "ship.json").read_bytes() == before
    assert tab_notice("ship", "ship") == ""
    assert "ship-2" in tab_notice("ship", "ship-2") and "solo continue ship" in tab_notice("ship", "ship-2")


def test_serve_starts_each_tab_with_the_per_tab_slot_option(tmp_path, monkeypatch):
    import solo.ui.app.serve as serve_module

    seen: list[list[str]] = []
    monkeypatch.setattr(serve_module, "serve", lambda arguments, **kw: seen.append(arguments))
    result = CliRunner().invoke(cli, ["serve", "--save-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert seen[0][:5] == ["play", "supply-ship", "--slot", "supply-ship", "--tab"]
    result = CliRunner().invoke(cli, ["serve", "--continue", "--slot", "mine", "--save-dir", str(tmp_path)])
    assert result.exit_code == 0 and seen[1][:2] == ["continue", "mine"] and "--tab" not in seen[1]
