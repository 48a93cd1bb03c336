"""Outcome classes a ruleset gives in closed form, checked on the real rules.

A ruleset's :class:`~solo.rules.base.CheckClasses` hook lists a roll's classes as (probability,
faces of one roll of the class), one per distinct result. One roll of each length of faces is
played on the real rules (:class:`~solo.analyze.classes.Replay`) before they are used: it must
draw exactly the faces given, no fewer and no more, or the ruleset's answer is set aside
(:class:`Mismatch`) and the roll is enumerated die by die after all. Playing every class here
as well would cost as much as the explorer's own run of each (a few hundred per check with the
blessing dice a roll earns), so the explorer's run is the one that counts: it plays the class
drawn on the engine with its faces. That the probabilities and the grouping are right is the
ruleset's claim, held to brute-force enumeration by its tests.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Hashable

from solo.analyze import classes as cl
from solo.rules.base import CheckClasses, hook
from solo.rules.dice import Dice, QueuedDice
from solo.rules.scripted import Missing


class Mismatch(Exception):
    """A given roll drew other dice than its faces: the ruleset's classes are not used."""


def check_hook(ruleset: object) -> CheckClasses | None:
    return hook(ruleset, CheckClasses)


def from_scripts(run: Callable[[Dice], Any], key: Callable[[Any], Hashable],
                 given: tuple[list[tuple[Fraction, list[Any]]], Fraction], ordered: bool = False) -> cl.Classes:
    """The classes of ``given`` (a ruleset's list, distinct results, and the probability it
    leaves out). One roll of each length of faces is played by ``run`` first: :class:`Mismatch`
    when it does not draw exactly its faces (the ruleset's idea of the draw order is not the
    rules'). The explorer then plays the class drawn on the engine with its faces."""
    listed, rest = given
    tried: set[int] = set()
    for _, faces in listed:
        if len(faces) in tried:
            continue
        tried.add(len(faces))
        replay = cl.Replay(list(faces), ordered)
        try:
            run(replay)
        except Missing:
            # past its faces the roll asks for more: fine when it is a later random event of
            # the rules with classes of its own (blessing dice a roll earns), not a die
            if replay.used != len(faces) or not replay.asked_classes:
                raise Mismatch("a given roll drew more dice than its faces") from None
        except Exception:  # the engine meets the same error playing these faces
            pass
        if replay.used != len(faces):
            raise Mismatch(f"a given roll drew {replay.used} of its {len(faces)} faces")
    found = sorted(((Fraction(p), list(s)) for p, s in listed), key=lambda ps: -ps[0])
    return cl.Classes(found, Fraction(rest), len(tried))


def drawn_class(dice: Dice, answer: Callable[[Callable[[], list[tuple[Any, Fraction]]]], Any], name: str,
                classes: Callable[[], Any], run: Callable[[Dice], Any]) -> Any:
    """One class of a random event of the rules (:mod:`solo.rules.drawn`) chosen by
    ``answer(choices)`` (an index, or -1 for what the classes leave out), played on its faces;
    the event drawn die by die on ``dice`` when the rules give no classes. ``choices()`` builds
    the list of (index, probability) only when asked: a script that holds the answer already
    (every run of a step but the one that meets the event first) never needs it, and building
    it for an event of 2,550 classes (blessed-harvest's opening pool) was half the step's time."""
    given = classes()
    if given is None:
        return run(dice)
    listed, rest = given

    def choices() -> list[tuple[Any, Fraction]]:
        return [(i, Fraction(p)) for i, (p, _) in enumerate(listed)] + ([(-1, Fraction(rest))] if rest else [])

    picked = answer(choices) if len(listed) + (1 if rest else 0) > 1 else 0
    if picked == -1:
        from solo.analyze.outcomes import NotExact

        raise NotExact(f"{name}: the least likely draws are left unexplored")
    return run(QueuedDice(list(listed[int(picked)][1]), dice))
