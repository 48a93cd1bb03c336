"""Outcome classes a ruleset gives in closed form, checked on the real rules.

A ruleset's :class:`~solo.rules.base.CheckClasses` hook lists a roll's classes as (probability,
faces of one roll of the class). Each such roll is played once on the real rules
(:class:`~solo.analyze.classes.Replay`) and grouped by what the game can tell apart of its
result, as enumerated classes are; the roll must draw exactly the faces given, no fewer and no
more, or the ruleset's answer is set aside (:class:`Mismatch`) and the roll is enumerated die
by die after all. So what the explorer branches on is always what the engine plays; that the
probabilities are right is the ruleset's claim, held to brute-force enumeration by its tests.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Hashable

from solo.analyze import classes as cl
from solo.rules.base import CheckClasses, hook
from solo.rules.dice import Dice


class Mismatch(Exception):
    """A given roll drew other dice than its faces: the ruleset's classes are not used."""


def check_hook(ruleset: object) -> CheckClasses | None:
    return hook(ruleset, CheckClasses)


def from_scripts(run: Callable[[Dice], Any], key: Callable[[Any], Hashable],
                 given: tuple[list[tuple[Fraction, list[Any]]], Fraction], ordered: bool = False) -> cl.Classes:
    """The classes of ``given`` (a ruleset's list and the probability it leaves out), each roll
    played by ``run`` and grouped by ``key`` of its result; :class:`Mismatch` when a roll does
    not draw exactly its faces."""
    listed, rest = given
    grouped: dict[Hashable, list[Any]] = {}
    for p, faces in listed:
        replay = cl.Replay(list(faces), ordered)
        try:
            k: Hashable = ("ok", key(run(replay)))
        except cl._Missing:
            raise Mismatch("a given roll drew more dice than its faces") from None
        except Exception as exc:  # the engine meets the same error playing these faces
            k = ("error", type(exc).__name__, str(exc))
        if replay.used != len(faces):
            raise Mismatch(f"a given roll drew {replay.used} of its {len(faces)} faces")
        entry = grouped.get(k)
        if entry is None:
            grouped[k] = [Fraction(p), list(faces)]
        else:
            entry[0] += p
    found = sorted(((p, s) for p, s in grouped.values()), key=lambda ps: -ps[0])
    return cl.Classes(found, Fraction(rest), len(listed))
