"""Python's cyclic garbage collector kept off what an analysis has already kept.

The explorer keeps every state it meets (a node, its key, its game state until expanded) and
makes few reference cycles: on supply-ship's pilot, careful-top play, 30,000 states, a collection
at the end found 314 objects to free. But the collector's full collections walk every object
alive each time the long-lived ones have grown by a quarter, so as the graph grows they walk it
again and again: 15 full collections took 3.0 of 10.8 s of CPU there (28%).

While an analysis holds the collector (:func:`hold` ... :func:`release`, nested as analyses
nest: ``--policy best`` explores fixed plays, then searches), what exists is moved into the
collector's permanent generation (``gc.freeze()``, two list splices, no walk) at the start and
again every so often as the explorer goes (:func:`settle`), so a full collection walks only what
was made since; when the outermost analysis ends it all goes back into the oldest generation
(``gc.unfreeze()``) and is collected on the collector's own schedule again (its next full
collection walks it once). Objects are still freed when nothing refers to them; only a cycle
that became garbage while frozen waits for the end. Nothing an analysis computes depends on the
collector, so its graph and figures are the same. Like :mod:`solo.adventure._gc`, it leaves the
collector alone when someone else has frozen objects (``unfreeze`` would release theirs too: the
test suite freezes its collection) or has turned it off.
"""

from __future__ import annotations

import functools
import gc
import threading
from typing import Any, Callable, TypeVar

_lock = threading.Lock()
_depth = 0  # analyses holding the collector
_owned = False  # whether the outermost one froze what existed (and so unfreezes it)

F = TypeVar("F", bound=Callable[..., Any])


def hold() -> None:
    """An analysis begins: the first one freezes what exists (when nobody else has)."""
    global _depth, _owned
    with _lock:
        if _depth == 0:
            _owned = gc.isenabled() and gc.get_freeze_count() == 0
            if _owned:
                gc.freeze()
        _depth += 1


def settle() -> None:
    """What was made since the last freeze and is still alive: frozen too (while held)."""
    with _lock:
        if _owned:
            gc.freeze()


def release() -> None:
    """An analysis ends: the last one gives back what was frozen."""
    global _depth, _owned
    with _lock:
        _depth = max(0, _depth - 1)
        if _depth == 0 and _owned:
            _owned = False
            gc.unfreeze()


def held(function: F) -> F:
    """``function`` run holding the collector (:func:`hold`, then :func:`release` however it ends)."""

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> Any:
        hold()
        try:
            return function(*args, **kwargs)
        finally:
            release()

    return run  # type: ignore[return-value]
