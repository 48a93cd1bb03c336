"""Play one conflict scene of an adventure many times (``python bench/one_fight.py ADVENTURE SCENE``).

Each run starts a game at ``SCENE`` (the adventure's start moved there) with the pregen at
``seed mod count``, then draws every decision from ``random.Random(seed)``; with ``--fight-on``
it never yields or flees while anything else is on offer, as a player who means to win; with
``--attack`` it makes the plain attack whenever there is one. Prints
how the conflict ended per 1,000 runs (won/lost/fled...), per pregen, and the mean rounds: the
figure to check that a fight is fair before and after re-tuning it.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import random
import time

from solo.adventure import loader
from solo.engine.game import Game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("adventure")
    parser.add_argument("scene")
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--fight-on", action="store_true")
    parser.add_argument("--attack", action="store_true",
                        help="in a fight, always the plain attack when there is one (else at random)")
    args = parser.parse_args()
    adventure = dataclasses.replace(loader.load(args.adventure).adventure, start=args.scene)
    results: collections.Counter[str] = collections.Counter()
    per: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    rounds = []
    start = time.process_time()
    for seed in range(args.runs):
        game = Game(adventure, seed=seed)
        rng = random.Random(seed)
        events = game.start()
        who = ""
        for _ in range(500):
            end = next((e for e in events if e.type == "conflict-end"), None)
            if end is not None:
                results[end.result] += 1
                per[who][end.result] += 1
                rounds.append(end.rounds)
                break
            keys = game.offered.enabled_keys()
            if game.offered.kind == "character":
                key = keys[seed % len(keys)]
                who = next(o.id for o in game.offered.options if o.key == key)
            else:
                if args.fight_on and game.offered.kind == "conflict":
                    texts = {o.key: o.text.lower() for o in game.offered.options}
                    keys = [k for k in keys if not texts[k].startswith(("yield", "flee", "run"))] or keys
                if args.attack and game.offered.kind == "conflict":
                    ids = {o.key: o.id for o in game.offered.options}
                    plain = [k for k in keys if ids[k].startswith("attack:") and ids[k].count(":") == 1]
                    keys = plain or keys
                key = rng.choice(keys)
            events = game.choose(key)
    n = sum(results.values())
    print(f"{args.adventure} {args.scene}: {n} fights of {args.runs} runs, "
          f"{time.process_time() - start:.0f} s CPU; fight on: {args.fight_on}, attack: {args.attack}")
    print("  per 1,000: " + ", ".join(f"{r} {c * 1000 / n:.0f}" for r, c in sorted(results.items())))
    for who, counts in sorted(per.items()):
        m = sum(counts.values())
        print(f"  {who}: " + ", ".join(f"{r} {c * 1000 / m:.0f}" for r, c in sorted(counts.items())))
    if rounds:
        print(f"  mean rounds {sum(rounds) / len(rounds):.1f}")


if __name__ == "__main__":
    main()
