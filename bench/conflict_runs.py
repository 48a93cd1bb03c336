"""Seeded random playthroughs of adventures with conflicts (``python bench/conflict_runs.py``).

For each adventure (by default every bundled adventure that has a ``conflict``), plays ``--runs``
games (default 500) with seeds 0, 1, 2...: the character is the pregen at ``seed mod count``, and
every decision is drawn from a ``random.Random(seed)`` among the options on offer. Prints, per
adventure: how many games reached an ending, how many ran into the step limit (a game that does
not end), how many raised, how many conflicts ended with each result, the longest and mean
conflict in rounds, and the CPU time. The issue's acceptance asks for both won and lost
conflicts, no exception and no game without end.

Options: ``--runs N``, ``--steps N`` (decisions before a game counts as endless, default 2000),
``--fight-on`` (in a conflict never yield while anything else is on offer, as a player who
means to win would), ``--house-rules a,b`` (play as if the adventures opted into these house rules, to compare with
the book's rules), and adventure names or paths as arguments. Results are also printed per
conflict scene with its procedure (a fight's won/lost/fled apart from an endeavour's).
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import random
import time
import traceback

from solo.adventure import loader
from solo.engine.game import Game


def with_conflicts() -> list[str]:
    names = []
    for path in loader.bundled_files():
        adventure = loader.load(path).adventure
        if any(scene.conflict is not None for scene in adventure.scenes.values()):
            names.append(path.stem)
    return names


def run(name: str, runs: int, steps: int, house: tuple[str, ...] = (), fight_on: bool = False) -> None:
    adventure = loader.load(name).adventure
    if house:
        adventure = dataclasses.replace(adventure, house_rules=tuple(house))
    results: collections.Counter[str] = collections.Counter()
    by_scene: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    endings: collections.Counter[str] = collections.Counter()
    rounds: list[int] = []
    endless = errors = 0
    start = time.process_time()
    for seed in range(runs):
        game = Game(adventure, seed=seed)
        rng = random.Random(seed)
        try:
            events = game.start()
            for _ in range(steps):
                for event in events:
                    if event.type == "conflict-end":
                        results[event.result] += 1
                        by_scene[event.scene][event.result] += 1
                        rounds.append(event.rounds)
                if game.finished:
                    break
                keys = game.offered.enabled_keys()
                if fight_on and game.offered.kind == "conflict":
                    texts = {o.key: o.text for o in game.offered.options}
                    keys = [k for k in keys if texts.get(k) != "Yield"] or keys
                if game.offered.kind == "character":
                    key = keys[seed % len(keys)]
                else:
                    key = rng.choice(keys)
                events = game.choose(key)
            if game.finished:
                endings[game.state.ending or ""] += 1
            else:
                endless += 1
        except Exception:  # noqa: BLE001 - a bench reports every failure and goes on
            errors += 1
            print(f"{name} seed {seed} raised:")
            traceback.print_exc()
    spent = time.process_time() - start
    print(f"{name}: {runs} runs, {sum(endings.values())} ended, {endless} endless, {errors} raised, "
          f"{spent:.1f} s CPU")
    print(f"  conflicts: {sum(results.values())} — "
          + ", ".join(f"{result} {count}" for result, count in sorted(results.items())))
    for scene, counts in sorted(by_scene.items()):
        conflict = adventure.scenes[scene].conflict
        procedure = conflict.procedure if conflict is not None else "?"
        print(f"  {scene} ({procedure}): " + ", ".join(f"{r} {n}" for r, n in sorted(counts.items())))
    if rounds:
        print(f"  rounds: longest {max(rounds)}, mean {sum(rounds) / len(rounds):.2f}")
    print("  endings: " + ", ".join(f"{ending} {count}" for ending, count in sorted(endings.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adventures", nargs="*")
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--house-rules", default="", help="comma-separated house rules to opt into")
    parser.add_argument("--fight-on", action="store_true", help="never yield in a conflict")
    args = parser.parse_args()
    house = tuple(n for n in args.house_rules.split(",") if n)
    if house or args.fight_on:
        print(f"house rules: {', '.join(house) or 'none'}; fight on: {args.fight_on}")
    for name in args.adventures or with_conflicts():
        run(name, args.runs, args.steps, house, args.fight_on)


if __name__ == "__main__":
    main()
