"""What a long GM tool (analyze, playtest, the exhaustive sweep) may spend, and how to tell.

:class:`Limits` is a time and memory budget with safe defaults; :meth:`Limits.over` says which
one has run out. Memory is this process's peak resident size (``getrusage``), cheap enough to
look at every few runs or states.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

try:
    import resource
except ImportError:  # not on Windows: the memory budget is not watched there
    resource = None  # type: ignore[assignment]

DEFAULT_SECONDS = 600.0
DEFAULT_MEMORY_MB = 1500


def peak_memory_mb() -> float:
    """This process's peak resident memory so far, in MB (Linux counts KB, macOS bytes; 0 where
    the platform cannot tell)."""
    if resource is None:
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 / (1024 if peak > 1 << 32 else 1)


@dataclass(frozen=True)
class Limits:
    """Wall-clock seconds and peak memory (MB) a run of a tool may use."""

    seconds: float = DEFAULT_SECONDS
    memory_mb: float = DEFAULT_MEMORY_MB

    def over(self, started: float) -> str:
        """Which budget has run out since ``started`` (``time.monotonic()``), or ""."""
        if time.monotonic() - started > self.seconds:
            return f"budget: {self.seconds:g} s of time"
        if peak_memory_mb() > self.memory_mb:
            return f"budget: {self.memory_mb:g} MB of memory"
        return ""


UNLIMITED = Limits(math.inf, math.inf)
