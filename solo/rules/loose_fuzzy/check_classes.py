"""Outcome classes of a Loose and Fuzzy check or contest for ``solo analyze``, in closed form.

An adventure that reads ``roll.critical`` (lantern-fen reads it after almost every check) cannot
be analysed by outcome label alone: double 6s whose sum falls short read ``failure`` with
``critical == "success"``. The analyzer then enumerated each check die by die, and a pool of six
dice (6**6 orders of the marked dice and the rest, and the exploding bonus on double 6s) went
past its cap of 20,000 scripts: the least likely were left unexplored, which is what bounded
lantern-fen's best play.

A check reads of its dice only the marked pair's critical reading and the total (the rules
compare the total, bonus included, with the target; the record keeps the faces as narration).
So its classes are its (label, critical) pairs, and ``roll.margin`` too when an expression reads
it; the probabilities come from the pool by (critical, total) before the exploding bonus
(:func:`~solo.rules.loose_fuzzy.outcome_classes` ``_marked``) and the bonus walked six by six.
The bonus needs no cut when the margin is not read: once the lowest total after ``s`` sixes
(the ``s`` sixes and a 1) reaches the target, every longer chain reaches it too, so the whole
mass of chains of at least ``s`` sixes, ``p * (1/6)**s``, is one class (critical success). When
the margin is read each total is its own class and the bonus is listed to
:data:`~solo.rules.loose_fuzzy.outcome_classes.EXPLOSION_DEPTH` sixes, the rest left out.

Each class keeps the faces of one roll of it in the order the rules draw them (the pool, the
confirming die of a lone die, the bonus dice); the analyzer replays them on the real ruleset.
A contest (:func:`contest_classes`) is read the same way, its label from the player's critical
reading and whether their total beat the opponent's. Both pools explode, so each is listed to
the depth and the pairs past it are left out; tied attempts are rolled again, so a class's
probability is its share of the untied pairs listed. That share is never more than the true one
(the ties among the pairs left out only make untied attempts rarer), and the rules stop
rerolling after :data:`~solo.rules.loose_fuzzy.pool.MAX_TIE_REROLLS` ties: every class is
scaled by ``1 - 2**-(rerolls + 1)`` (the chance of that many ties in a row is below it, ties
being under even), and what the classes do not cover is left out. The analysis counts what is
left out as unknown, and every class's listed probability is at most its true one, so its
figures stay bounds that hold.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Iterable

from solo.rules.loose_fuzzy.outcome_classes import EXPLOSION_DEPTH, _marked, pool_classes
from solo.rules.loose_fuzzy.pool import MAX_EXPLOSIONS, MAX_TIE_REROLLS

#: The fields of a check's record an expression may read and these classes still keep apart
#: (``outcome`` and ``success`` follow from the label).
KEPT = frozenset({"outcome", "success", "critical", "margin"})

Classes = tuple[list[tuple[Fraction, list[int]]], Fraction]


def check_classes(count: int, target: int, bonus: int, reads: Iterable[str],
                  reading: Callable[[str | None, bool], str]) -> Classes | None:
    """The classes of a check of ``count`` dice plus ``bonus`` against ``target`` (``reading``
    gives the label of a critical reading and whether the target was reached) as
    ``([(probability, faces)], left out)``, or None when an expression reads a field they do
    not keep apart (``roll.total``...)."""
    reads = frozenset(reads or ())
    if not reads <= KEPT:
        return None
    by_critical = "critical" in reads
    by_margin = "margin" in reads
    found: dict[tuple[Any, ...], list[Any]] = {}
    left_out = Fraction(0)

    def add(critical: str | None, total: int, p: Fraction, faces: tuple[int, ...]) -> None:
        reached = total + bonus >= target
        key = (reading(critical, reached), critical if by_critical else None,
               total + bonus - target if by_margin else None)
        entry = found.setdefault(key, [Fraction(0), list(faces)])
        entry[0] += p

    for critical, pair_total, p, faces in _marked(count):
        if critical != "success":
            add(critical, pair_total, p, faces)
            continue
        for sixes in range(MAX_EXPLOSIONS):
            if sixes >= EXPLOSION_DEPTH and by_margin:
                left_out += p * Fraction(1, 6) ** sixes
                break
            lowest = pair_total + 6 * sixes + 1
            if not by_margin and lowest + bonus >= target:
                # every chain of at least ``sixes`` sixes reaches the target: one class
                add(critical, lowest, p * Fraction(1, 6) ** sixes, faces + (6,) * sixes + (1,))
                break
            for last in range(1, 6):
                add(critical, pair_total + 6 * sixes + last, p * Fraction(1, 6) ** (sixes + 1),
                    faces + (6,) * sixes + (last,))
        else:  # a target no hundred sixes reach: the rules cap the bonus there
            return None
    listed = sorted(((p, faces) for p, faces in found.values()), key=lambda pf: -pf[0])
    return listed, left_out


def contest_classes(mine: int, my_bonus: int, theirs: int, their_bonus: int, reads: Iterable[str],
                    reading: Callable[[str | None, bool], str]) -> Classes | None:
    """The classes of ``mine`` dice plus ``my_bonus`` against ``theirs`` plus ``their_bonus``
    (the faces: the player's pool, then the opponent's, of one untied attempt), as
    :func:`check_classes` gives them; None when a field is read they do not keep apart."""
    reads = frozenset(reads or ())
    if not reads <= KEPT:
        return None
    by_critical = "critical" in reads
    by_margin = "margin" in reads
    a_classes, a_out = pool_classes(mine)
    d_classes, d_out = pool_classes(theirs)
    found: dict[tuple[Any, ...], list[Any]] = {}
    tie = Fraction(0)
    for pa, fa, (ca, ta) in a_classes:
        for pd, fd, (_cd, td) in d_classes:
            margin = (ta + my_bonus) - (td + their_bonus)
            if margin == 0:
                tie += pa * pd
                continue
            key = (reading(ca, margin > 0), ca if by_critical else None, margin if by_margin else None)
            entry = found.setdefault(key, [Fraction(0), list(fa + fd)])
            entry[0] += pa * pd
    unlisted = 1 - (1 - a_out) * (1 - d_out)
    if (tie + unlisted) * 2 >= 1:  # ties could be even or likelier: the cap's bound fails
        return None
    # q / (1 - tie) is at most q / (1 - every tie), the share of an untied attempt
    scale = (1 - Fraction(1, 2 ** (MAX_TIE_REROLLS + 1))) / (1 - tie)
    listed = sorted(((p * scale, faces) for p, faces in found.values()), key=lambda pf: -pf[0])
    return listed, 1 - sum((p for p, _ in listed), Fraction(0))
