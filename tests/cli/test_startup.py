"""What starting ``solo`` loads: ``--version`` answers before the command line is imported."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from solo import __version__
from solo.cli import cli

pytestmark = pytest.mark.e2e  # real processes, terminals or the Textual pilot


VERSION_IMPORTS = """
import runpy, sys
sys.argv = ["solo", "--version"]
try:
    runpy.run_module("solo", run_name="__main__")
finally:
    print(sorted(m for m in ("click", "rich", "yaml", "jsonschema", "textual", "solo.cli") if m in sys.modules))
"""


def test_version_imports_nothing_heavy_and_says_what_click_says():
    out = subprocess.run([sys.executable, "-c", VERSION_IMPORTS], capture_output=True, text=True, check=True)
    first, loaded = out.stdout.splitlines()
    assert first == f"solo, version {__version__}"
    assert loaded == "[]"
    assert CliRunner().invoke(cli, ["--version"]).output.strip() == first  # the same words either way


def test_other_commands_still_go_to_the_command_line():
    out = subprocess.run([sys.executable, "-m", "solo", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "Usage: solo" in out.stdout
