"""The GUTS+ fight's outcome classes against brute force over every die, on whole calls.

Prints, for a fight start (steady and cautious foes) and a player's attack, the number of dice
scripts brute force runs, the number of classes, the CPU seconds of each way, and whether the
classes and their exact probabilities agree. Takes minutes (brute force is the slow side)::

    python bench/fight_classes.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rules"))

from test_guts_plus_fight_classes import FIGHT, brute, closed, person  # noqa: E402
from test_guts_plus_fight_classes import fight_setup as setup  # noqa: E402

from solo.analyze import classes as cl  # noqa: E402
from solo.rules.conflict import private_state  # noqa: E402
from solo.rules.guts_plus.fight import classes as fc  # noqa: E402


def compare(name: str, what: str, s, call, state=None, extra=None) -> None:
    started = time.process_time()
    want, rest = brute(call, s)
    middle = time.process_time()
    got = closed(what, s, state, extra, call=call)
    done = time.process_time()
    print(f"{name}: brute force {len(want)} results in {middle - started:.1f} s CPU (rest {rest}); "
          f"classes {len(got)} in {done - middle:.2f} s CPU; agree: {got == want}")


def main() -> None:
    for behaviour, thought in (("steady", 2), ("cautious", 1)):  # a cautious foe of Thought 2 looks first: hours
        s = setup(person("You", ["club"]), person("Brute", ["club"], thought=thought), behaviour=behaviour)
        compare(f"start, {behaviour} foe", "start", s, lambda dice, mine: FIGHT.begin(dice, mine))
    s = setup(person("You", ["club"]), person("Brute", ["club", "helmet"]))
    step = FIGHT.begin(cl.Replay([6, 1]), fc._copy_setup(s))
    aiming = FIGHT.act(cl.Replay([]), fc._copy_setup(s), private_state(step.state), "attack:brute:club")
    state = private_state(aiming.state)  # where to aim: no dice yet
    compare("the player's blow (wherever it lands) and the reply", "exchange", s,
            lambda dice, mine: FIGHT.act(dice, mine, private_state(state), "aim:any"), state, "aim:any")


if __name__ == "__main__":
    main()
