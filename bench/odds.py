"""Benchmark: how long exact odds take.

Prints, for every check and contest in the bundled adventures (for every pregenerated character),
the time to compute its exact odds from a cold cache, and the worst case of each system. The
target is under 50 ms for any single check on a 2-core machine.

Each figure is the computation's CPU time (``time.process_time``); the wall-clock time is printed
beside it. On a machine shared with other work the wall clock also counts the time the process
waited for a core (with a load average of 12 on 2 cores, three to four times the CPU time), so
the target is judged on the CPU time, which is what the computation costs wherever it runs.

    python bench/odds.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solo.adventure import loader  # noqa: E402
from solo.rules import registry  # noqa: E402
from solo.rules.base import Character, RulesError  # noqa: E402

TARGET_MS = 50.0

WORST_CASES = [
    ("guts-plus", "10-die check, bonus dice always taken", {"dice": "10"}),
    ("guts-plus", "10-die vs 10-die contest", {"contest": "10:10"}),
    ("game", "hard, notable, group of 6", {"skill": "6", "difficulty": "hard", "notable": True, "group": "6"}),
    ("loose-fuzzy", "10 dice vs nigh-impossible", {"dice": "10", "target": "18"}),
    ("humanity-blessed", "spark d10 group vs trial", {"die": "d10", "spark": True, "target": "20"}),
    ("humanity-blessed", "d4 vs trial (deep bumping)", {"die": "d4", "target": "20"}),
    ("four-s", "bonus 6 vs almost impossible", {"bonus": "6", "goal": "12"}),
]


def _people(system: str, stats: dict) -> tuple[Character, Character]:
    ruleset = registry.get(system)
    return (ruleset.prepare_character(Character("A", system, dict(stats))),
            ruleset.prepare_character(Character("B", system, dict(stats))))


CONTESTS = [
    ("loose-fuzzy", "10 dice vs 10 dice contest", {k: 10 for k in ("cleverness", "body", "knowledge", "perception", "tenacity")}, {"stat": "body"}),
    ("humanity-blessed", "d10 vs d10 contest", {k: "d10" for k in ("head", "hand", "heart", "home", "hurt", "hurry", "history")}, {"stat": "hurt", "violent": True}),
    ("four-s", "tier-6 vs tier-6 contest", {k: [6, 6, 6, 6, 6, 6] for k in ("strength", "skill", "support", "scharisma")}, {"stat": "strength"}),
]


def clear_caches(ruleset) -> None:
    """Forget memoised results so that every figure is a cold computation."""
    import functools
    import gc

    for obj in gc.get_objects():
        if isinstance(obj, functools._lru_cache_wrapper):
            obj.cache_clear()


WALL: list[float] = []  # the wall-clock times, beside the CPU times returned


def timed(fn) -> float:
    """CPU milliseconds to run ``fn`` (its wall-clock milliseconds go to :data:`WALL`)."""
    cpu, wall = time.process_time(), time.perf_counter()
    fn()
    WALL.append((time.perf_counter() - wall) * 1000)
    return (time.process_time() - cpu) * 1000


def main() -> int:
    slowest = 0.0
    total = 0
    print("Checks in bundled adventures (cold cache, CPU ms):")
    for path in loader.bundled_files():
        adventure = loader.load(path).adventure
        ruleset = registry.get(adventure.system)
        people = [ruleset.prepare_character(p.character(adventure.system)) for p in adventure.characters]
        times = []
        for scene in adventure.scenes.values():
            for choice in scene.choices:
                spec = choice.check
                if spec is None:
                    continue
                for person in people:
                    clear_caches(ruleset)
                    try:
                        if spec.kind == "contest":
                            opponent = ruleset.prepare_character(
                                adventure.npcs[spec.opponent].character(adventure.system))
                            ms = timed(lambda: ruleset.contest_odds(person, opponent, dict(spec.params)))
                        else:
                            ms = timed(lambda: ruleset.check_odds(person, dict(spec.params)))
                    except (RulesError, KeyError):  # a check a pregen cannot make (a custom quality)
                        continue
                    times.append(ms)
        total += len(times)
        if times:
            slowest = max(slowest, max(times))
            print(f"  {adventure.id:<20} {adventure.system:<17} {len(times):>4} checks  "
                  f"mean {sum(times) / len(times):7.3f}  max {max(times):7.3f}")
    print("\nWorst cases (cold cache, CPU ms; wall-clock ms in brackets):")
    for system, what, args in WORST_CASES:
        ruleset = registry.get(system)
        clear_caches(ruleset)
        ms = timed(lambda: ruleset.odds_for_args(args))
        slowest = max(slowest, ms)
        print(f"  {system:<17} {what:<40} {ms:9.3f}  [{WALL[-1]:9.3f}]")
    for system, what, stats, params in CONTESTS:
        ruleset = registry.get(system)
        mine, theirs = _people(system, stats)
        clear_caches(ruleset)
        ms = timed(lambda: ruleset.contest_odds(mine, theirs, params))
        slowest = max(slowest, ms)
        print(f"  {system:<17} {what:<40} {ms:9.3f}  [{WALL[-1]:9.3f}]")
    verdict = "OK" if slowest < TARGET_MS else "OVER TARGET"
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n{total} adventure checks; slowest single computation {slowest:.3f} CPU ms "
          f"(load average {load:.1f}) "
          f"(target {TARGET_MS:.0f} ms, ratio {slowest / TARGET_MS:.3f}): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
