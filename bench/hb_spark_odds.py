"""How long the hints of a Humanity, Blessed first roll take (``python bench/hb_spark_odds.py``).

A check stopped after its first roll offers to roll on or to spark; each offer shows its exact
chance. Plays tests/fixtures/hb-abilities.yaml's home d6 check against 8 with each first face,
reads every hint, and prints the CPU time per face (the figures the player waits for).
"""

from __future__ import annotations

import time
from pathlib import Path

from solo.adventure import loader
from solo.engine.game import Game

FIXTURE = Path(__file__).parents[1] / "tests" / "fixtures" / "hb-abilities.yaml"


def main() -> None:
    adventure = loader.load(FIXTURE).adventure
    for face in range(1, 7):
        game = Game(adventure, seed=7)
        game.start()
        game.dice.force(1, 1)
        game.choose(next(o.key for o in game.offered.options if o.id == "ada"))
        game.character.resources["blessings"] = [3, 5, 3, 5]
        game.dice.force(face)
        game.choose(next(o.key for o in game.offered.options if o.text.startswith("See whether")))
        start = time.process_time()
        hints = [o.hint for o in game.offered.options]
        took = time.process_time() - start
        print(f"first face {face}: {len(hints)} hints in {took * 1000:.0f} ms CPU: {'; '.join(hints)}")


if __name__ == "__main__":
    main()
