"""Outcome classes per fight call on the bundled adventures: the procedure's own classes
(the ``OutcomeClasses`` hook) against the analyzer's die-by-die enumeration, on the same calls.

The first fight calls met in an adventure (up to ``--calls`` distinct start,
exchange and aftermath calls met in ``--runs`` seeded random playtests) are replayed both ways; each
line gives the call, then classes, the share left out and CPU seconds of each way. Before the
hook a call cost the die-by-die figures (capped at 4,000 scripts, the rest left unexplored)::

    python bench/fight_entry_classes.py clockwork-heist goblin-market --calls 6 --runs 20

A procedure without the hook (the Humanity, Blessed fight and endeavours) prints "hook none"
and its die-by-die figures: the measure to take before and after giving it classes.
"""

from __future__ import annotations

import argparse
import os
import time

from solo.adventure import loader
from solo.analyze import classes as cl
from solo.analyze import fights
from solo.rules.conflict import private_state


def calls_met(adventure_id: str, limit: int, runs: int) -> list[tuple]:
    """The first ``limit`` distinct fight calls random playtests meet: (procedure, what, setup,
    state, extra). The fight procedure's class is wrapped for the runs to see its calls."""
    from solo.engine.conflicts import ConflictRunner
    from solo.playtest.command import Options, playtest

    met: list[tuple] = []
    seen: set = set()
    original = ConflictRunner.rules

    def spy_rules(self, spec):
        rules = original(self, spec)
        if getattr(rules, "_spied", False):
            return rules
        begin, act = rules.begin, rules.act

        def spy_begin(dice, setup):
            note(rules, "start", setup, None, None)
            return begin(dice, setup)

        def spy_act(dice, setup, state, key):
            note(rules, "exchange", setup, state, key)
            return act(dice, setup, state, key)

        rules.begin, rules.act, rules._spied = spy_begin, spy_act, True
        return rules

    def note(rules, what, setup, state, extra):
        key = (what, fights._fighters(setup), None if state is None else fights.fingerprint(state), extra)
        if key not in seen and len(met) < limit:
            seen.add(key)
            met.append((rules, what, fights._copy(setup), None if state is None else private_state(state), extra))

    ConflictRunner.rules = spy_rules  # type: ignore[method-assign]
    try:
        playtest(Options(adventure=adventure_id, runs=runs, seed=7))
    finally:
        ConflictRunner.rules = original  # type: ignore[method-assign]
    return met


def by_dice(rules, what, setup, state, extra) -> cl.Classes:
    if what == "start":
        def call(d, s): return rules.begin(d, s)
    elif what == "exchange":
        def call(d, s): return rules.act(d, s, private_state(state), extra)
    else:
        def call(d, s): return rules.conclude(d, s, private_state(state), extra)

    def run(replay):
        mine = fights._copy(setup)
        return fights._result(call(replay, mine), mine)

    return cl.enumerate_classes(run, lambda k: k, cl.ordered_pools(rules.ruleset), cl.MAX_FIGHT_RUNS)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("adventures", nargs="+")
    parser.add_argument("--calls", type=int, default=6)
    parser.add_argument("--runs", type=int, default=20, help="random playtests to meet fights in")
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.1f}")
    for adventure_id in args.adventures:
        for rules, what, setup, state, extra in calls_met(adventure_id, args.calls, args.runs):
            started = time.process_time()
            hook = getattr(rules, "outcome_classes", None)  # Humanity, Blessed procedures have none yet
            own = hook(what, setup, state, extra) if hook is not None else None
            middle = time.process_time()
            dice = by_dice(rules, what, setup, state, extra)
            done = time.process_time()
            sides = "+".join(str(len(setup.side(s))) for s in ("player", "ally", "enemy"))
            mine = f"{len(own[0])} classes, rest {float(own[1]):.2%}, {middle - started:.2f} s" if own else "none"
            print(f"{adventure_id} {what} {extra or ''} ({sides}): hook {mine}; "
                  f"die by die {len(dice.found)} classes, rest {float(dice.rest):.2%}, {done - middle:.2f} s ({dice.runs} scripts)")


if __name__ == "__main__":
    main()
