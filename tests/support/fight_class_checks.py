"""Checks shared by the fight outcome-class tests (GAME, four-s): a fight call's results grouped
by brute force over every die it draws, and the same call replayed on each closed-form class."""

from __future__ import annotations

from solo.analyze import classes as cl
from solo.rules import roll_walk
from solo.rules.conflict import ConflictSetup


def brute(call, s: ConflictSetup) -> dict:
    """The chance of each distinct result of ``call`` on a copy of ``s``, every script walked."""
    def run(dice):
        mine = roll_walk._copy_setup(s)
        return roll_walk.result_key(call(dice, mine), mine)

    found = cl.enumerate_classes(run, lambda k: k, max_runs=200_000)
    assert found.rest == 0
    groups: dict = {}
    for p, script in found.found:
        key = run(cl.Replay(list(script)))
        groups[key] = groups.get(key, 0) + p
    return groups


def closed(fight, what: str, s: ConflictSetup, call, state=None, extra=None) -> dict:
    """The chance of each result by ``fight``'s own outcome classes: nothing left out, the chances
    add up to 1, and no two classes replay to one result."""
    listed, rest = fight.outcome_classes(what, s, state, extra)
    assert rest == 0 and sum(p for p, _ in listed) == 1
    groups: dict = {}
    for p, faces in listed:
        mine = roll_walk._copy_setup(s)
        key = roll_walk.result_key(call(cl.Replay(list(faces), fallback=object()), mine), mine)  # type: ignore[arg-type]
        assert key not in groups, "two classes replay to one result"
        groups[key] = p
    return groups
