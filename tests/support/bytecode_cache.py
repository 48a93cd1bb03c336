"""Compiled test and solo modules kept between runs, outside the source tree, when Python is told
not to write bytecode.

With ``PYTHONDONTWRITEBYTECODE=1`` (set on some development machines and CI boxes so no
``__pycache__`` lands in the tree) every pytest process compiles every module of ``solo`` again
and rewrites the asserts of every test module again: about 8 s of CPU per xdist worker, each run,
most of the inner loop's start-up. The test session (and only it: the subprocesses that tests
start keep the environment they were given) then writes its bytecode under one cache folder
instead (``sys.pycache_prefix``: the tree stays clean), so the next run reads it. pytest and
Python check each cached file against its source's size and time, as they do ``__pycache__``.

The folder is ``$PYTHONPYCACHEPREFIX`` when that is set, else ``solo-tests-bytecode`` in the
user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``); delete it at will.
What the run compiled from its own temporary folder (pytester's suites, scaffolded packs) is
removed when the run ends, so the cache holds only the tree's modules.
``SOLO_TEST_BYTECODE_CACHE=0`` keeps the old behaviour (compile everything, write nothing).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def folder() -> Path:
    """Where the compiled modules go."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "solo-tests-bytecode"


def keep() -> Path | None:
    """Turn bytecode writing on under the cache folder if it was off; the folder used, or None."""
    if not sys.dont_write_bytecode or os.environ.get("SOLO_TEST_BYTECODE_CACHE", "") == "0":
        return None
    where = Path(sys.pycache_prefix) if sys.pycache_prefix else folder()
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError:  # a read-only home: compile as before
        return None
    sys.pycache_prefix = str(where)
    sys.dont_write_bytecode = False
    return where


def forget(temporary: Path) -> None:
    """Remove what was compiled from files under ``temporary`` (a run's temporary folder)."""
    if sys.pycache_prefix and temporary.is_absolute():
        shutil.rmtree(Path(sys.pycache_prefix, *temporary.resolve().parts[1:]), ignore_errors=True)
