"""The typed core stays typed: mypy, configured in pyproject.toml ([tool.mypy]), is clean on the
engine, the ruleset interface, the adventure format and saves.

mypy keeps its incremental cache outside the tree, one folder per checkout (under
``$XDG_CACHE_HOME`` or ``~/.cache``, ``solo-tests-mypy``), as the bytecode cache does: it checks
again every module whose source changed and every module that depends on one, and reads the rest
from the cache (about 0.3 s of CPU instead of 3-4 s once warm). ``SOLO_TEST_MYPY_CACHE=0`` checks
everything from scratch (``--no-incremental``), as before.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# find_spec, not importorskip: importing mypy costs every xdist worker a tenth of a second at collection
pytestmark = pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install '.[test]')")


def cache_options() -> list[str]:
    """mypy's cache options: a folder of its own for this checkout, or none at all."""
    if os.environ.get("SOLO_TEST_MYPY_CACHE", "") == "0":
        return ["--no-incremental"]
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    tree = hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]  # two checkouts never share one
    return ["--cache-dir", str(base / "solo-tests-mypy" / tree)]


def test_the_core_type_checks():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", *cache_options(), "--config-file", str(ROOT / "pyproject.toml")],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "Success: no issues found" in result.stdout


def test_the_cache_is_outside_the_tree_and_can_be_turned_off(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("SOLO_TEST_MYPY_CACHE", raising=False)
    option, folder = cache_options()
    assert option == "--cache-dir" and Path(folder).parent == tmp_path / "solo-tests-mypy"
    monkeypatch.setenv("SOLO_TEST_MYPY_CACHE", "0")
    assert cache_options() == ["--no-incremental"]
