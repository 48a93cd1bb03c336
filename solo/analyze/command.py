"""``solo analyze``: exact ending and objective probabilities, or a stated sampling fallback.

:func:`analyze` explores the adventure's states (:mod:`solo.analyze.explore`), solves them
(:mod:`solo.analyze.solve`) and returns a JSON-ready dict::

    {"adventure": ID, "character": WHO, "policy": "random", "method": "exact", "states": N,
     "endings": {ID: PROBABILITY}, "exact": {ID: "p/q"},
     "objectives": {ID: PROBABILITY}, "objectives_exact": {ID: "p/q"},
     "stuck": [{"scene": ID, "probability": P, "exact": "p/q"}], "errors": [...],
     "unreachable_endings": [ID, ...]}

When the state space is larger than ``max_states`` (or a check has no exact odds), ``method`` is
``"sampling"``: ``reason`` says why and ``blowup`` which variables took the most values, and the
figures come from ``samples`` random playthroughs (the playtest runner, policy random, with a
master seed derived from ``seed`` so that they are independent of ``solo playtest --seed``'s)
with ``standard_error``, the largest standard error of any ending's probability. Best and worst play
cannot be sampled: they need the exact analysis.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from solo.adventure.model import Adventure
from solo.analyze.explore import DEFAULT_MAX_STATES, explore
from solo.analyze.solve import absorption, best_policy, summarise
from solo.rules.base import Character

DEFAULT_SAMPLES = 20_000
SAMPLE_SALT = -1  # the sampling fallback's master seed is run_seed(seed, SAMPLE_SALT)
POLICIES = ("random", "best", "worst")


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _who(adventure: Adventure, character: Character | None) -> str:
    if character is not None:
        return character.id or character.name
    if len(adventure.characters) == 1:
        return adventure.characters[0].id
    return "each pregenerated character equally likely"


def analyze(
    adventure: Adventure,
    character: Character | None = None,
    policy: str = "random",
    max_states: int = DEFAULT_MAX_STATES,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 1,
) -> dict[str, Any]:
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (policies: {', '.join(POLICIES)})")
    graph = explore(adventure, character, max_states)
    head: dict[str, Any] = {"adventure": adventure.id, "character": _who(adventure, character), "policy": policy}
    if not graph.complete:
        return {**head, **_sampled(adventure, character, policy, samples, seed, graph.reason, graph.blowup)}
    chosen = None if policy == "random" else best_policy(graph, policy == "best")
    found = summarise(absorption(graph, chosen), adventure.endings, adventure.objectives)
    endings, objectives = found["endings"], found["objectives"]
    return {
        **head,
        "method": "exact",
        "states": len(graph.nodes),
        "endings": {k: float(v) for k, v in endings.items()},
        "exact": {k: _exact(v) for k, v in endings.items()},
        "objectives": {k: float(v) for k, v in objectives.items()},
        "objectives_exact": {k: _exact(v) for k, v in objectives.items()},
        "stuck": [{"scene": scene, "probability": float(p), "exact": _exact(p)}
                  for scene, p in sorted(found["stuck"].items(), key=lambda kv: -kv[1])],
        "errors": [{"scene": scene, "error": error, "probability": float(p), "exact": _exact(p)}
                   for (scene, error), p in sorted(found["errors"].items(), key=lambda kv: -kv[1])],
        "unreachable_endings": [k for k, v in endings.items() if v == 0],
    }


def _sampled(adventure: Adventure, character: Character | None, policy: str, samples: int, seed: int,
             reason: str, blowup: list[tuple[str, int]]) -> dict[str, Any]:
    base = {"method": "sampling", "reason": reason, "blowup": [{"variable": k, "values": n} for k, n in blowup]}
    if policy != "random":
        return {**base, "method": "none",
                "note": f"{policy} play needs the exact analysis, which is out of reach here"}
    from solo.playtest.executors import gather
    from solo.playtest.runner import PlaytestSpec, run_seed

    spec = PlaytestSpec(adventure, policy="random", character=None if character is None else character.to_dict())
    # Salted, so the analysis's runs are not `solo playtest --seed N`'s: the two estimate the same
    # probabilities from independent samples, and comparing them means something.
    results = gather(spec, samples, run_seed(seed, SAMPLE_SALT)).results
    n = len(results)
    if n == 0:  # every run was lost (interrupted, or each raised): nothing to estimate from
        return {**base, "method": "none", "note": "no sampled run finished, so there is nothing to estimate from"}
    endings = {e: 0 for e in adventure.endings}
    objectives = {o: 0 for o in adventure.objectives}
    stuck: dict[str, int] = {}
    for result in results:
        if result.ending:
            endings[result.ending] += 1
        else:
            stuck[result.scene or "(start)"] = stuck.get(result.scene or "(start)", 0) + 1
        for o in result.objectives:
            objectives[o] += 1
    se = max((math.sqrt(c / n * (1 - c / n) / n) for c in endings.values()), default=0.0)
    return {
        **base,
        "samples": n,
        "seed": seed,
        "standard_error": round(se, 6),
        "endings": {k: c / n for k, c in endings.items()},
        "objectives": {k: c / n for k, c in objectives.items()},
        "stuck": [{"scene": s, "probability": c / n} for s, c in sorted(stuck.items(), key=lambda kv: -kv[1])],
        "errors": [],
        "unreachable_endings": [k for k, c in endings.items() if c == 0],
    }
