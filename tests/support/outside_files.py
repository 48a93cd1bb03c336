"""A test that reads a save or an adventure from outside the run's own folders, or writes a file
there, fails and names the file: it would pass only on the machine that happens to hold it.

The tenth sitting's fresh machine found ``tests/rules/test_reasons.py`` replaying sample saves on
the adventure path recorded in them, a worktree of the machine they were written on: green there,
red everywhere else. This plugin watches Python's ``open`` audit event while each test (with its
fixtures) runs. It flags

- reads of an existing ``.yaml``, ``.yml``, ``.json`` or ``.bak`` file (adventures, saves, their
  backups, packs, records), and
- opens for writing of any file,

whose path lies outside the test tree's root folder, pytest's temporary folders for this run, the
system's temporary folder, the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``: caches
are safe to delete, and the fresh-home runs prove the suite passes without them), ``/dev``,
``/proc``, ``$SOLO_SCREENS`` and the Python installation (the standard library and the installed
packages, where a non-editable install keeps solo's bundled adventures). A flagged test fails at
the end of the phase (setup, call or teardown) that touched the file, listing each path once.
Subprocesses are not watched. Nested in-process pytest runs (pytester) are watched against their
own folders. ``SOLO_TEST_OUTSIDE_FILES=0`` turns the check off.
"""

from __future__ import annotations

import os
import site
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

WATCHED = (".yaml", ".yml", ".json", ".bak")
WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC

# (allowed folders, files found) for the test now running, innermost run last
_watching: list[tuple[tuple[str, ...] | None, list[str]]] = []
_hooked = False
_ROOTS = pytest.StashKey[tuple[str, ...]]()
_ON = pytest.StashKey[bool]()


def _under(path: str, roots: tuple[str, ...]) -> bool:
    return any(path == root or path.startswith(root + os.sep) for root in roots)


def _writes(mode: object, flags: object) -> bool:
    if isinstance(mode, str):
        return any(c in mode for c in "wax+")
    return isinstance(flags, int) and bool(flags & WRITING)


def _audit(event: str, args: tuple) -> None:
    if event != "open" or not _watching:
        return
    path = args[0]
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str):  # a file descriptor
        return
    roots, found = _watching[-1]
    if roots is None:
        return
    writing = _writes(args[1], args[2])
    if not writing and not path.endswith(WATCHED):
        return
    full = os.path.abspath(path)
    if _under(full, roots) or _under(os.path.realpath(full), roots):
        return
    if writing or os.path.isfile(full):
        note = f"{'writes' if writing else 'reads'} {full}"
        if note not in found:
            found.append(note)


def _user_cache() -> str:
    return os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")


def _roots(config: pytest.Config) -> tuple[str, ...]:
    temporary = config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
    if hasattr(config, "workerinput"):  # xdist: the run's folder is the parent of the worker's
        temporary = temporary.parent
    folders = [str(config.rootpath), str(temporary), tempfile.gettempdir(), _user_cache(), "/dev", "/proc",
               sys.prefix, sys.base_prefix, sys.exec_prefix, *site.getsitepackages(), site.getusersitepackages(),
               *(sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib"))]
    if sys.pycache_prefix:
        folders.append(sys.pycache_prefix)
    if os.environ.get("SOLO_SCREENS"):
        folders.append(os.environ["SOLO_SCREENS"])
    return tuple(sorted({os.path.realpath(folder) for folder in folders if folder}))


def pytest_configure(config: pytest.Config) -> None:
    global _hooked
    config.stash[_ON] = os.environ.get("SOLO_TEST_OUTSIDE_FILES", "") != "0"
    if config.stash[_ON] and not _hooked:
        sys.addaudithook(_audit)  # for the life of the process: audit hooks cannot be removed
        _hooked = True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    roots = None  # off: an outer run's test is not charged with what this one opens
    if item.config.stash[_ON]:
        roots = item.config.stash.get(_ROOTS, None)
        if roots is None:
            roots = item.config.stash[_ROOTS] = _roots(item.config)
    _watching.append((roots, []))
    try:
        yield
    finally:
        _watching.pop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    outcome = yield
    if not _watching:
        return
    found = _watching[-1][1]
    if not found:
        return
    report = outcome.get_result()
    lines = "\n".join(f"  {note}" for note in found)
    found.clear()
    message = (f"{item.nodeid} {call.when}: touched files outside the tree and this run's folders, which "
               f"another machine may not have (tests/support/outside_files.py):\n{lines}")
    if report.passed:
        report.outcome = "failed"
        report.longrepr = message
    else:
        report.sections.append(("files outside the run", message))
