"""Print each bundled adventure's measured play time (the model in solo.adventure.length).

    .venv/bin/python bench/play_time.py [RUNS]

For each adventure: median words shown and decisions of a random run, the median minutes of
one run and of a session of three, next to what its card says, and whether the card has drifted
(either figure more than a tenth and a minute away from the measured one: rewrite the card).
"""

from __future__ import annotations

import re
import sys

from solo.adventure import length, loader
from solo.playtest.play_time import summary

ADVENTURES = ["supply-ship", "clockwork-heist", "lantern-fen", "goblin-market", "blessed-harvest"]


def card_minutes(play_time: str) -> tuple[int | None, int | None]:
    """(one run, a session of three) in minutes as a card states them, None where it does not."""
    run = re.search(r"(\d+) minutes a run", play_time)
    session = re.search(r"(?:(\d+) hours? )?(\d+)(?: minutes)? for a session", play_time)
    return (int(run.group(1)) if run else None,
            (int(session.group(1) or 0) * 60 + int(session.group(2))) if session else None)


def drifted(stated: int | None, measured: float) -> bool:
    return stated is None or abs(stated - measured) > 0.1 * measured + 1


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for adventure_id in ADVENTURES:
        adventure = loader.load(adventure_id).adventure
        pregens = [p.id for p in adventure.characters]
        figures = summary(adventure, pregens, runs)
        print(f"{adventure_id}: words {figures['words']:.0f}, decisions {figures['decisions']:.0f}, "
              f"one run {figures['run_minutes']:.0f} min, a session of three {figures['session_minutes']:.0f} min; "
              f"card: {adventure.play_time!r}")
        run, session = card_minutes(adventure.play_time or "")
        if drifted(run, figures["run_minutes"]) or drifted(session, figures["session_minutes"]):
            print(f"  card drifted: it says {run} and {session} minutes")


if __name__ == "__main__":
    main()
