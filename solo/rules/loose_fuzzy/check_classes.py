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
``EXPLOSION_DEPTH`` sixes (:func:`~solo.rules.loose_fuzzy.outcome_classes.pool_classes`), the rest left out.

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

from solo.rules.loose_fuzzy.outcome_classes import _marked, pool_classes, untied_pairs
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

    if by_margin:  # each total its own class: the pool's classes, the bonus to the depth
        pool, left_out = pool_classes(count)
        for p, faces, (critical, total) in pool:
            add(critical, total, p, faces)
    else:
        for critical, pair_total, p, faces in _marked(count):
            if critical == "success" and not _lump_explosions(add, pair_total, p, faces, target - bonus):
                return None  # a target no hundred sixes reach: the rules cap the bonus there
            if critical != "success":
                add(critical, pair_total, p, faces)
    listed = sorted(((p, faces) for p, faces in found.values()), key=lambda pf: -pf[0])
    return listed, left_out


def _lump_explosions(add: Callable[..., None], pair_total: int, p: Fraction, faces: tuple[int, ...],
                     need: int) -> bool:
    """Double 6s (``p``, their pool adding up to ``pair_total``) by their exploding bonus, six by
    six until the lowest chain reaches ``need``: from there every longer chain does too, and
    the mass of all of them, ``p * (1/6)**sixes``, is one class. False if no hundred sixes get
    there (the rules cap the bonus)."""
    for sixes in range(MAX_EXPLOSIONS):
        lowest = pair_total + 6 * sixes + 1
        if lowest >= need:
            add("success", lowest, p * Fraction(1, 6) ** sixes, faces + (6,) * sixes + (1,))
            return True
        for last in range(1, 6):
            add("success", lowest - 1 + last, p * Fraction(1, 6) ** (sixes + 1), faces + (6,) * sixes + (last,))
    return False


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
    pairs, tie, unlisted = untied_pairs(mine, my_bonus, theirs, their_bonus)
    found: dict[tuple[Any, ...], list[Any]] = {}
    for p, faces, ca, _cd, margin in pairs:
        key = (reading(ca, margin > 0), ca if by_critical else None, margin if by_margin else None)
        entry = found.setdefault(key, [Fraction(0), list(faces)])
        entry[0] += p
    if (tie + unlisted) * 2 >= 1:  # ties could be even or likelier: the cap's bound fails
        return None
    # q / (1 - tie) is at most q / (1 - every tie), the share of an untied attempt
    scale = (1 - Fraction(1, 2 ** (MAX_TIE_REROLLS + 1))) / (1 - tie)
    listed = sorted(((p * scale, faces) for p, faces in found.values()), key=lambda pf: -pf[0])
    return listed, 1 - sum((p for p, _ in listed), Fraction(0))
