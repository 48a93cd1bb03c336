"""A playtest's runs, merged in run order, as one JSON-ready report.

:func:`build` reads nothing but the adventure and the :class:`~solo.playtest.runner.RunResult`
list, and never the clock or the number of workers, so the same seed and options give the same
report byte for byte (:func:`to_json`). Its keys:

``runs``, ``seed``, ``policy``, ``character``, ``step_limit``, ``interrupted``
    what was asked, and whether Ctrl-C cut the playtest short (``runs`` is then what was gathered).
``endings`` / ``ending_rates``
    how many runs reached each ending (every ending listed, 0 included), and each rate with its
    95% Wilson confidence interval and standard error; ``outcomes`` groups them by outcome.
``by_character``
    the endings of each character played (when the character was drawn per run).
``objectives``
    the share of runs that completed each objective.
``resources``
    mean, standard deviation, minimum and maximum at the end of a run of every numeric
    character resource (XP, EP, rerolls left, Luck...), and ``rerolls`` the rerolls spent.
``conflicts``
    how many conflicts ended with each result (won, lost, fled...), over all runs.
``scenes`` / ``choices``
    visit counts, and the share of runs that saw each scene; ``unreached_scenes`` and
    ``unreached_choices`` list what no run saw or took.
``stuck``
    runs that found no ending: ``step-limit`` (a loop the player cannot leave, with its scenes),
    ``dead-end`` (a scene without an enabled choice) and ``loop`` (gotos without a decision), by
    scene; ``errors``: runs the engine raised in, with their seed and replay file.
``checks`` / ``checks_failed_most``
    for every check rolled: attempts, failures and the failure rate; the ten failed most.
``length``
    decisions and turns per run: mean, standard deviation, median, minimum and maximum.
"""

from __future__ import annotations

import json
import math
from statistics import median
from typing import Any, Iterable

from solo.adventure.model import Adventure
from solo.playtest.runner import PlaytestSpec, RunResult

Z95 = 1.959963984540054
TOP_CHECKS = 10


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _r(value: float) -> float:
    return round(value, 6)


def _spread(values: list[int]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "median": 0.0, "min": 0, "max": 0}
    mean = sum(values) / len(values)
    var = sum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else 0.0
    return {"mean": _r(mean), "sd": _r(math.sqrt(var)), "median": _r(median(values)),
            "min": min(values), "max": max(values)}


def choice_ids(adventure: Adventure) -> list[str]:
    """Every scene choice as ``scene#index``, in file order."""
    return [f"{sid}#{i}" for sid, scene in adventure.scenes.items() for i in range(len(scene.choices))]


def build(
    spec: PlaytestSpec,
    results: Iterable[RunResult],
    *,
    runs_asked: int,
    seed: int,
    interrupted: bool = False,
    replays: dict[int, str] | None = None,
    stopped: str = "",
) -> dict[str, Any]:
    adventure = spec.adventure
    results = list(results)
    n = len(results)
    replays = replays or {}
    endings = {sid: 0 for sid in adventure.endings}
    outcomes: dict[str, int] = {}
    by_character: dict[str, dict[str, int]] = {}
    objectives = {oid: 0 for oid in adventure.objectives}
    resources: dict[str, list[int]] = {}
    conflicts: dict[str, int] = {}
    visits = {sid: 0 for sid in adventure.scenes}
    seen = {sid: 0 for sid in adventure.scenes}
    choices = {cid: 0 for cid in choice_ids(adventure)}
    checks: dict[str, dict[str, Any]] = {}
    stuck: dict[tuple[str, str], dict[str, Any]] = {}
    errors: list[dict[str, Any]] = []
    rerolls = 0
    for result in results:
        if result.ending is not None:
            endings[result.ending] = endings.get(result.ending, 0) + 1
            outcomes[result.outcome or "mixed"] = outcomes.get(result.outcome or "mixed", 0) + 1
        per = by_character.setdefault(result.character, {})
        per[result.ending or f"({result.status})"] = per.get(result.ending or f"({result.status})", 0) + 1
        for oid in result.objectives:
            objectives[oid] = objectives.get(oid, 0) + 1
        for name, value in result.resources.items():
            resources.setdefault(name, []).append(value)
        for how, count in result.conflicts.items():
            conflicts[how] = conflicts.get(how, 0) + count
        rerolls += result.rerolls
        for sid, count in result.visits.items():
            visits[sid] = visits.get(sid, 0) + count
            seen[sid] = seen.get(sid, 0) + 1
        for cid, count in result.choices.items():
            choices[cid] = choices.get(cid, 0) + count
        for cid, outcome, success in result.checks:
            entry = checks.setdefault(cid, {"attempts": 0, "failures": 0, "outcomes": {}})
            entry["attempts"] += 1
            entry["failures"] += 0 if success else 1
            entry["outcomes"][outcome] = entry["outcomes"].get(outcome, 0) + 1
        if result.status != "ended":
            where = result.scene or "(start)"
            group = (result.status, ", ".join(result.loop) if result.loop else where)
            entry = stuck.setdefault(group, {
                "kind": result.status, "scene": where, "runs": 0, "first_seed": result.seed,
                "loop": list(result.loop), "error": result.error,
            })
            entry["runs"] += 1
        if result.status in ("error", "dead-end", "loop"):
            errors.append({"run": result.index, "seed": result.seed, "scene": result.scene,
                           "error": result.error, "replay": replays.get(result.index)})
    for entry in checks.values():
        entry["failure_rate"] = _r(entry["failures"] / entry["attempts"])
        entry["outcomes"] = dict(sorted(entry["outcomes"].items()))
    failed_most = sorted(checks.items(), key=lambda kv: (-kv[1]["failures"], kv[0]))[:TOP_CHECKS]
    ending_rates = {}
    for sid, count in endings.items():
        lo, hi = wilson(count, n)
        p = count / n if n else 0.0
        ending_rates[sid] = {
            "rate": _r(p), "ci95": [_r(lo), _r(hi)],
            "se": _r(math.sqrt(p * (1 - p) / n) if n else 0.0),
            "outcome": adventure.scenes[sid].ending.outcome if adventure.scenes[sid].ending else None,
        }
    character = spec.pregen or (spec.character or {}).get("name") or "drawn per run"
    return {
        "adventure": adventure.id,
        "runs": n,
        "runs_asked": runs_asked,
        "seed": seed,
        "policy": spec.policy,
        "character": character,
        "step_limit": spec.step_limit,
        "interrupted": interrupted,
        "stopped": stopped,
        "endings": endings,
        "ending_rates": ending_rates,
        "outcomes": dict(sorted(outcomes.items())),
        "by_character": {k: dict(sorted(v.items())) for k, v in sorted(by_character.items())},
        "objectives": {oid: _r(count / n) if n else 0.0 for oid, count in objectives.items()},
        "resources": {name: _spread(values) for name, values in sorted(resources.items())},
        "rerolls": rerolls,
        "conflicts": dict(sorted(conflicts.items())),
        "scenes": visits,
        "scene_reach": {sid: _r(count / n) if n else 0.0 for sid, count in seen.items()},
        "choices": choices,
        "unreached_scenes": [sid for sid, count in seen.items() if count == 0],
        "unreached_choices": [cid for cid, count in choices.items() if count == 0],
        "stuck": sorted(stuck.values(), key=lambda e: (-e["runs"], e["kind"], e["scene"])),
        "errors": errors,
        "checks": dict(sorted(checks.items())),
        "checks_failed_most": [{"check": cid, **entry} for cid, entry in failed_most],
        "length": {
            "decisions": _spread([r.decisions for r in results]),
            "turns": _spread([r.turns for r in results]),
        },
    }


def to_json(report: dict[str, Any]) -> str:
    """The report as JSON text: stable key order and float formatting, so equal reports are
    equal byte for byte."""
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
