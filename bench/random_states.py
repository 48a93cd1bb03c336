"""How many distinct analysis states random play wanders through: sampled, as a diagnostic.

    python bench/random_states.py goblin-market --runs 2000
    python bench/random_states.py lantern-fen --runs 2000 --character maud

Plays ``--runs`` seeded random playthroughs on the engine (as ``solo playtest`` does with the
engine runtime) and keys the state at every decision with the key ``solo analyze`` gives it
(:class:`~solo.analyze.explore.KeyMaker`, as an :class:`~solo.analyze.explore.Explorer` sets it
up). Prints the decisions seen, the distinct keys among them, how many keys were seen once, and
the Good-Turing estimate of the chance that the next decision lands on a key not seen yet (keys
seen once / decisions), per tenth of the runs; then how many runs of another seed stay wholly
inside the keys met (an explorer bounds a figure by the chance of a run ever leaving what it
expanded, so this is about the bound an explorer that had expanded just those states would get). Sampled, so no answer: it says how far an
exact analysis is (an explorer that must expand every state random play can reach) and whether
more runs keep finding new states. Prints CPU seconds and the load beside the figures.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from analyze_blowup import adventure_and_who  # noqa: E402
from solo.analyze.explore import Explorer  # noqa: E402
from solo.engine.game import Game  # noqa: E402
from solo.playtest.policies import make_policy  # noqa: E402
from solo.playtest.runner import run_seed  # noqa: E402


def play(adventure, who, keys, seed: int) -> list:
    """The keys of the states at each decision of one seeded random run (as far as it goes)."""
    character = None if who is None else type(who).from_dict(who.to_dict())
    game = Game(adventure, seed=seed, character=character, quiet=True, alternatives=False)
    policy = make_policy("random", random.Random(f"solo-playtest-policy:{seed}"))
    found = []
    try:
        game.start()
        while not game.finished and len(found) < 2000:
            found.append(keys.key(game.state))
            game.choose(policy.choose(game))
    except Exception:  # a run the engine stops is no part of this count
        pass
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("adventure")
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fresh", type=int, default=1000, help="runs of another seed held to the keys met")
    parser.add_argument("--character", help="a pregen id (default: each pregen equally likely)")
    args = parser.parse_args()
    adventure, who = adventure_and_who(args.adventure, args.character)
    keys = Explorer(adventure, who).keys
    seen: collections.Counter = collections.Counter()
    decisions = 0
    cpu = time.process_time()
    print(f"{adventure.id} ({args.character or 'each pregen'}), load {os.getloadavg()[0]:.2f}")
    print("| runs | decisions | distinct keys | seen once | next decision on a new key (Good-Turing) |")
    print("|---|---|---|---|---|")
    marks = {max(1, args.runs * k // 10) for k in range(1, 11)}
    for index in range(args.runs):
        run = play(adventure, who, keys, run_seed(args.seed, index))
        seen.update(run)
        decisions += len(run)
        if index + 1 in marks:
            once = sum(1 for n in seen.values() if n == 1)
            print(f"| {index + 1:,} | {decisions:,} | {len(seen):,} | {once:,} | {once / max(1, decisions):.1%} |", flush=True)
    inside = sum(all(k in seen for k in play(adventure, who, keys, run_seed(args.seed + 1, index)))
                 for index in range(args.fresh))
    print(f"\n{args.fresh:,} fresh runs (seed {args.seed + 1}): {inside / args.fresh:.1%} stay inside the "
          f"{len(seen):,} keys met, so an explorer that had expanded just those would be bounded at about "
          f"{1 - inside / args.fresh:.1%}")
    print(f"\n{time.process_time() - cpu:.1f} s CPU, load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
