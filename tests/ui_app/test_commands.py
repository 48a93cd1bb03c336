"""The command line around the full-screen app: what line mode loads, and ``solo serve``'s checks."""

from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from solo.cli import cli

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
