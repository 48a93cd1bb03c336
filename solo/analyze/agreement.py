"""How far sampled playthroughs stand from an analysis: the check behind ``bench/analyze_agreement.py``.

An exact analysis gives each ending one probability p; ``runs`` random playthroughs should find
it at a frequency within a few standard errors, sqrt(p (1 - p) / runs), of p. A bounded analysis
gives a range [low, high] (its figure, and its figure plus the bound): the frequency is compared
with the nearest end of the range, and a frequency inside the range is no gap at all. A sampled
analysis (:mod:`solo.analyze.sampled`) is a sample of its own: its figure and the frequency are
two independent estimates, compared in standard errors of their difference.
"""

from __future__ import annotations

import math
from typing import Any, Mapping


def gaps(found: Mapping[str, Any], counts: Mapping[str, int], runs: int) -> dict[str, float]:
    """Each ending's gap between the sampled frequency and the analysis, in standard errors."""
    if found.get("method") == "sampled":
        return sampled_gaps(found, counts, runs)
    ranges = found.get("ranges") or {e: {"low": p, "high": p} for e, p in found["endings"].items()}
    out: dict[str, float] = {}
    for ending, span in ranges.items():
        low, high = float(span["low"]), float(span["high"])
        seen = counts.get(ending, 0) / runs
        nearest = min(max(seen, low), high)
        se = math.sqrt(nearest * (1 - nearest) / runs) or 1 / runs
        out[ending] = abs(seen - nearest) / se
    return out


def sampled_gaps(found: Mapping[str, Any], counts: Mapping[str, int], runs: int) -> dict[str, float]:
    """Each ending's gap between two independent samples (a sampled analysis of ``found["runs"]``
    runs, and ``runs`` more of another seed), in standard errors of their difference: the shared
    share ``q`` of both gives ``sqrt(q (1 - q) (1 / n1 + 1 / n2))``."""
    n1 = int(found["runs"])
    out: dict[str, float] = {}
    for ending, p in found["endings"].items():
        seen = counts.get(ending, 0) / runs
        q = (p * n1 + seen * runs) / (n1 + runs)
        se = math.sqrt(q * (1 - q) * (1 / n1 + 1 / runs)) or 1 / runs
        out[ending] = abs(seen - p) / se
    return out
