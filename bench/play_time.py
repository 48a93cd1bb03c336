"""Print each bundled adventure's measured play time (the model in solo.adventure.length).

    .venv/bin/python bench/play_time.py [RUNS]

For each adventure: median words shown and decisions of a random run, the median minutes of
one run and of a session of three, next to what its card says.
"""

from __future__ import annotations

import sys

from solo.adventure import length, loader
from solo.playtest.play_time import summary

ADVENTURES = ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for adventure_id in ADVENTURES:
        adventure = loader.load(adventure_id).adventure
        pregens = [p.id for p in adventure.characters]
        figures = summary(adventure, pregens, runs)
        print(f"{adventure_id}: words {figures['words']:.0f}, decisions {figures['decisions']:.0f}, "
              f"one run {figures['run_minutes']:.0f} min, a session of three {figures['session_minutes']:.0f} min; "
              f"card: {adventure.play_time!r}")


if __name__ == "__main__":
    main()
