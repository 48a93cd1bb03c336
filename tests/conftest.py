"""Shared fixtures: the plain-d6 test ruleset and paths to fixture adventures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
sys.path.insert(0, str(HERE / "engine"))
sys.path.insert(0, str(HERE / "support"))

from plain_d6 import PlainD6  # noqa: E402

from solo.rules import registry  # noqa: E402

registry.register("plain-d6", PlainD6)


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture(autouse=True)
def _isolated_saves(tmp_path, monkeypatch):
    """Tests never write into the real ./saves or read a developer's SOLO_SAVE_DIR."""
    monkeypatch.setenv("SOLO_SAVE_DIR", str(tmp_path / "saves"))
