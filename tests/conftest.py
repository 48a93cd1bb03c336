"""Shared fixtures: the plain-d6 test ruleset, paths to fixture adventures, the Hypothesis profile."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
sys.path.insert(0, str(HERE / "engine"))
sys.path.insert(0, str(HERE / "support"))

import bytecode_cache  # noqa: E402
import neutral_environment  # noqa: E402

CLEARED = neutral_environment.clear()  # COLUMNS, FORCE_COLOR, SOLO_SCREEN...: as on a fresh CI machine

BYTECODE = bytecode_cache.keep()  # before anything of solo is imported and compiled

import hypothesis_profiles  # noqa: E402
from plain_d6 import PlainD6  # noqa: E402

from solo.rules import registry  # noqa: E402

registry.register("plain-d6", PlainD6)
# --cpu-durations=N: what each test costs whatever the load; e2e_guard: a test that drives a real
# process, tmux, Textual's pilot or a browser must be marked e2e; e2e_modules: under -m "not e2e" a
# module whose pytestmark makes every test e2e is not even imported; shared_runs: seeded playthroughs
# played once per run for all its workers; costly_first: under -n, whole files to each worker, the
# costliest first (a short tail); frozen_collection: the collected suite is left out of garbage
# collections; outside_files: a test that reads a save or adventure from outside the tree and the
# run's folders, or writes outside them, fails and names the file; pytester: the guard's own tests
pytest_plugins = ["cpu_durations", "e2e_guard", "e2e_modules", "shared_runs", "costly_first", "frozen_collection",
                  "outside_files", "pytester"]
HYPOTHESIS_PROFILE = hypothesis_profiles.load()


def pytest_report_header(config) -> list[str]:
    kept = f"compiled modules kept in {BYTECODE} (SOLO_TEST_BYTECODE_CACHE=0: not)" if BYTECODE else None
    cleared = f"removed from the environment for the tests: {', '.join(CLEARED)}" if CLEARED else None
    return [f"hypothesis profile: {HYPOTHESIS_PROFILE} (HYPOTHESIS_PROFILE=dev|ci|long)"] + [
        line for line in (kept, cleared) if line]


def pytest_sessionfinish(session: pytest.Session) -> None:
    if BYTECODE is not None and not hasattr(session.config, "workerinput"):  # the run's own folder, once
        bytecode_cache.forget(session.config._tmp_path_factory.getbasetemp())


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


@pytest.fixture(autouse=True)
def _isolated_saves(tmp_path, monkeypatch):
    """Tests never write into the real ./saves or read a developer's SOLO_SAVE_DIR."""
    monkeypatch.setenv("SOLO_SAVE_DIR", str(tmp_path / "saves"))


@pytest.fixture(autouse=True)
def _no_deadline_left_behind():
    """An analysis's deadline on the rules' enumerations (:func:`solo.rules.scripted.stop_at`)
    ends with the test that set it: a test that fails between an explorer's ``begin`` and ``end``
    would otherwise leave it in force, and every later test on that worker would run out of time
    (sitting 13: one timing slip failed 32 tests after it)."""
    from solo.rules import scripted

    token = scripted._STOP.set(None)
    yield
    scripted._STOP.reset(token)
