"""GUTS+ dice arithmetic: reading a check, doubles, bonus-pip splits, mastery and exact odds.

This module owns the pure mathematics of the GUTS+ success scale and nothing else: no
characters, no records, no randomness. :mod:`solo.rules.guts_plus` rolls the dice and calls in
here to read them; the odds functions enumerate every outcome exactly.

Reading a check (digest Decision): each 6 cancels one 1; no dice left is a near success; a
reading held by more than half of the remaining dice wins; otherwise good dice (4-6) against
bad dice (1-2) decide, and a tie with no good dice is a near success.

Bonus pips (from doubles, or from helper dice that match) are pooled: the pips of every bonus
die taken are added up and placed together (the book shares out "the total value of the extra
dice"), no die above 6. :func:`best_split` proposes the split whose result reads best; ties are
broken by a fixed key (see :func:`split_key`), so the same dice and pips always give the same
split. Exact odds assume every bonus die is taken and the pooled pips placed that way (what
``solo roll`` and keeping a roll do), and mastery, if any, used last on the die and value that
read best (see :func:`best_mastery`).

Odds are computed over sorted multisets of faces with multinomial weights (10 dice: 3003
multisets instead of 60 million ordered rolls) and kept as integer weights until the end. The
best placement of any number of pips is tabulated for every multiset at once (see "exact check
odds" below).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, factorial
from typing import Iterable, Sequence

#: Reading labels from worst to best; the index is the reading's rank.
LABELS: tuple[str, ...] = (
    "negative-impact",
    "failure",
    "near-success",
    "success",
    "positive-impact",
)
NEGATIVE, FAILURE, NEAR, SUCCESS, POSITIVE = range(5)

#: Words for the player, by rank.
WORDS: tuple[str, ...] = (
    "negative impact",
    "failure",
    "near success",
    "full success",
    "positive impact",
)

MAX_DICE = 10

#: The play these odds compute, as the names of a roll's own offers in the order they are taken
#: (:func:`solo.rules.guts_plus.offers.odds_offer` plays a real roll by it; the bots and the
#: analyzer ask that): every bonus die the roll earned, then their pooled pips placed by the best
#: split, then mastery's change that reads best, and then the roll is kept (a bonus die that
#: mastery's change earns is not taken: :func:`check_weights` counts the doubles of the roll as it
#: fell). An offer shown greyed is never taken; keeping places any waiting pips by the best split.
PLAY: tuple[str, ...] = ("bonus", "place:best", "mastery")


# -- reading ----------------------------------------------------------------------------------


def face_rank(face: int) -> int:
    """The reading of one die alone: 1 negative, 2 failure, 3 near, 4-5 success, 6 positive."""
    if face <= 1:
        return NEGATIVE
    if face == 2:
        return FAILURE
    if face == 3:
        return NEAR
    if face <= 5:
        return SUCCESS
    return POSITIVE


def _class_counts(values: Iterable[int]) -> list[int]:
    counts = [0, 0, 0, 0, 0]
    for value in values:
        counts[face_rank(value)] += 1
    return counts


@lru_cache(maxsize=None)
@lru_cache(maxsize=None)
def rank_of_classes(n1: int, n2: int, n3: int, n45: int, n6: int) -> int:
    """The reading's rank from the number of dice in each reading class (kept: the searches
    below ask for the same few hundred class counts hundreds of thousands of times)."""
    cancelled = min(n1, n6)
    n1 -= cancelled
    n6 -= cancelled
    left = n1 + n2 + n3 + n45 + n6
    if left == 0:
        return NEAR
    for rank, count in enumerate((n1, n2, n3, n45, n6)):
        if 2 * count > left:
            return rank
    good, bad = n45 + n6, n1 + n2
    if bad > good:
        return FAILURE
    if good > 0:
        return SUCCESS
    return NEAR


def read_rank(values: Sequence[int]) -> int:
    """The reading's rank of a whole check (see the module docstring)."""
    return rank_of_classes(*_class_counts(values))


def read(values: Sequence[int]) -> str:
    """The reading's label of a whole check."""
    return LABELS[read_rank(values)]


def explain(values: Sequence[int]) -> list[str]:
    """Short lines explaining how :func:`read` reached its answer, in order."""
    n1, n2, n3, n45, n6 = _class_counts(values)
    lines: list[str] = []
    cancelled = min(n1, n6)
    if cancelled == 1:
        lines.append("a 6 cancels a 1")
    elif cancelled:
        lines.append(f"{cancelled} sixes cancel {cancelled} ones")
    n1 -= cancelled
    n6 -= cancelled
    left = n1 + n2 + n3 + n45 + n6
    rank = rank_of_classes(n1, n2, n3, n45, n6)
    if left == 0:
        lines.append(f"no dice left → {WORDS[NEAR]}")
        return lines
    classes = (n1, n2, n3, n45, n6)
    for class_rank, count in enumerate(classes):
        if 2 * count > left:
            lines.append(f"{count} of {left} read {WORDS[class_rank]} → {WORDS[rank]}")
            return lines
    good, bad = n45 + n6, n1 + n2
    lines.append(f"no majority; good {good} vs bad {bad} → {WORDS[rank]}")
    return lines


# -- doubles and helper matches ----------------------------------------------------------------


def doubles(faces: Sequence[int]) -> list[int]:
    """The values that form doubles: two dice above 1 showing the same value, each die once.

    Three 2s make one double; four 2s make two. Returned in ascending value order, one entry
    per double.
    """
    found: list[int] = []
    for value in range(2, 7):
        found.extend([value] * (list(faces).count(value) // 2))
    return found


def pairs_with_helper(faces: Sequence[int], helper: Sequence[int]) -> tuple[list[int], list[int]]:
    """Doubles among the roller's dice and matches with a helper's dice, as many as possible.

    Each of the roller's dice serves in one pair only: either a double with another of the
    roller's dice (values above 1) or a match with one helper die (any value, 1s included).
    Each helper die matches at most one die. Per value the most pairs come from matching as
    many dice as the helper can, then pairing the rest. Returns ``(doubles, matches)``, each a
    list of values in ascending order.
    """
    found_doubles: list[int] = []
    found_matches: list[int] = []
    faces = list(faces)
    helper = list(helper)
    for value in range(1, 7):
        mine, theirs = faces.count(value), helper.count(value)
        matched = min(mine, theirs)
        found_matches.extend([value] * matched)
        if value > 1:
            found_doubles.extend([value] * ((mine - matched) // 2))
    return found_doubles, found_matches


# -- bonus pips --------------------------------------------------------------------------------


def thresholds(values: Iterable[int]) -> tuple[int, int, int, int, int, int]:
    """A multiset of dice as ``(n, N2, N3, N4, N5, N6)``: how many dice show at least t.

    Placing pips can reach a sorted result from sorted dice exactly when no threshold count
    goes down, so the search for a split works on these counts.
    """
    n = 0
    showing = [0] * 7  # dice showing exactly 2..5 at 2..5, 6 or more at 6
    for v in values:
        n += 1
        if v >= 2:
            showing[v if v < 6 else 6] += 1
    n6 = showing[6]
    n5 = n6 + showing[5]
    n4 = n5 + showing[4]
    n3 = n4 + showing[3]
    return n, n3 + showing[2], n3, n4, n5, n6


def from_thresholds(state: Sequence[int]) -> tuple[int, ...]:
    """The sorted values of a threshold state (inverse of :func:`thresholds`)."""
    n, n2, n3, n4, n5, n6 = state
    return (
        (1,) * (n - n2) + (2,) * (n2 - n3) + (3,) * (n3 - n4)
        + (4,) * (n4 - n5) + (5,) * (n5 - n6) + (6,) * n6
    )


def _state_rank(state: Sequence[int]) -> int:
    n, n2, n3, n4, _n5, n6 = state
    return rank_of_classes(n - n2, n2 - n3, n3 - n4, n4 - n6, n6)


def split_key(values: Sequence[int]) -> tuple[int, int, int, int, int]:
    """How good a set of dice is, for choosing a split: larger is better.

    First the reading's rank; then, to break ties, the number of dice reading full success or
    better, the number of 6s, the number of dice at 3 or more and at 2 or more. For a fixed
    number of pips these determine the resulting dice completely, so the choice is unique.
    """
    return _state_key(thresholds(values))


def _state_key(state: Sequence[int]) -> tuple[int, int, int, int, int]:
    _n, n2, n3, n4, _n5, n6 = state
    return (_state_rank(state), n4, n6, n3, n2)


@lru_cache(maxsize=None)
def best_raise_state(state: tuple[int, ...], pips: int) -> tuple[int, ...]:
    """The threshold state after placing ``pips`` the best way (see :func:`split_key`).

    The search raises the threshold counts by ``d2..d6`` (summing to the pips placed) while
    keeping them a valid multiset: ``n >= N2 >= N3 >= N4 >= N5 >= N6``. The key of
    :func:`split_key` is packed into one integer (each count is below 32) for speed.
    """
    n, n2, n3, n4, n5, n6 = state
    placed = min(pips, 5 * n - (n2 + n3 + n4 + n5 + n6))
    best = state
    best_key = -1
    for d2 in range(min(placed, n - n2) + 1):
        m2 = n2 + d2
        left2 = placed - d2
        for d3 in range(min(left2, m2 - n3) + 1):
            m3 = n3 + d3
            left3 = left2 - d3
            for d4 in range(min(left3, m3 - n4) + 1):
                m4 = n4 + d4
                left4 = left3 - d4
                for d5 in range(min(left4, m4 - n5) + 1):
                    m5 = n5 + d5
                    m6 = n6 + left4 - d5
                    if m6 > m5:
                        continue
                    rank = rank_of_classes(n - m2, m2 - m3, m3 - m4, m4 - m6, m6)
                    key = (rank << 20) | (m4 << 15) | (m6 << 10) | (m3 << 5) | m2
                    if key > best_key:
                        best_key = key
                        best = (n, m2, m3, m4, m5, m6)
    return best


def best_raise(current: Sequence[int], pips: int) -> tuple[int, ...]:
    """The sorted values after the best placement of ``pips`` on ``current``."""
    return from_thresholds(best_raise_state(thresholds(current), pips))


def best_split(dice: Sequence[int], pips: int) -> tuple[int, ...]:
    """How many of ``pips`` to add to each die (same order as ``dice``) for the best reading.

    All pips are placed unless every die reaches 6 (the rest are lost). Ties between splits are
    broken by :func:`split_key`. The raised dice are assigned in sorted order, and among dice of
    equal value the earlier die gets the larger raise, so the answer is deterministic.
    """
    order = sorted(range(len(dice)), key=lambda i: (dice[i], i))
    current = [dice[i] for i in order]
    target = best_raise(current, pips)
    split = [0] * len(dice)
    for position, index in enumerate(order):
        split[index] = target[position] - current[position]
    return tuple(_stable_equal_values(dice, split))


def _stable_equal_values(dice: Sequence[int], split: list[int]) -> list[int]:
    """Reorder raises among dice of equal value so earlier dice get the larger raise."""
    by_value: dict[int, list[int]] = {}
    for index, value in enumerate(dice):
        by_value.setdefault(value, []).append(index)
    result = list(split)
    for indices in by_value.values():
        raises = sorted((split[i] for i in indices), reverse=True)
        for index, amount in zip(indices, raises):
            result[index] = amount
    return result


def best_mastery(values: Sequence[int]) -> tuple[int, int] | None:
    """Mastery's proposal: ``(index, value)``, the one die and the value (1-6) that read best.

    The choice with the largest :func:`split_key` wins; among equals the lowest die (the
    earliest of equal dice) and then the highest value. None when no change reads better than
    the dice as they are.
    """
    best: tuple[int, int] | None = None
    best_key = split_key(values)
    for index in sorted(range(len(values)), key=lambda i: (values[i], i)):
        for value in range(6, 0, -1):
            if value == values[index]:
                continue
            changed = list(values)
            changed[index] = value
            key = split_key(changed)
            if key > best_key:
                best, best_key = (index, value), key
    return best


def apply_modifier(face: int, modifier: int) -> int:
    """A die's value after a modifier, kept between 1 and 6."""
    return max(1, min(6, face + modifier))


# -- exact check odds --------------------------------------------------------------------------
#
# How the exact check odds are computed (fast enough to do from scratch for 10 dice):
#
# * A multiset of dice is packed into one integer, 4 bits per face value: the number of dice
#   showing 1, 2, ..., 6 (at most MAX_DICE = 10 dice, so a count fits). Raising one die from v
#   to v + 1 is an addition. The C(n + 5, 5) multisets of n dice (3003 for 10) are numbered, and
#   the numbers index plain lists (see :class:`_Pool`).
# * ``raise_to[p][i]``, the multiset after placing ``p`` pips on multiset ``i`` the best way, is
#   built for every multiset and every pip total at once instead of searched for each one (see
#   :func:`_pool`).
# * Bonus dice are pooled, so a roll with ``b`` bonus dice ends at ``raise_to[S][i]`` where ``S``
#   is the sum of ``b`` d6: the weights per multiset are summed by their final reading, once per
#   pip total (see :func:`check_weights`).


def multisets(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Every sorted roll of ``n`` d6 with the number of ordered rolls giving it."""
    return list(_multisets(n))


@lru_cache(maxsize=None)
def _multisets(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every sorted roll of ``n`` d6 (in ascending order) with its multinomial weight."""
    fact = [factorial(k) for k in range(n + 1)]
    found: list[tuple[tuple[int, ...], int]] = []
    for faces in combinations_with_replacement(range(1, 7), n):
        weight = fact[n]
        for value in range(1, 7):
            weight //= fact[faces.count(value)]
        found.append((faces, weight))
    return tuple(found)


_BITS = 4
_MASK = (1 << _BITS) - 1
#: ``_UNIT[v]``: one die showing ``v`` in a packed multiset (index 0 unused).
_UNIT = (0,) + tuple(1 << (_BITS * (value - 1)) for value in range(1, 7))


class _Pool:
    """Every multiset of ``n`` dice, numbered, with what the odds need to know about each.

    ``index`` maps a packed multiset to its number; ``counts[i]`` is how many dice of multiset
    ``i`` show 1, 2, ..., 6 and ``rank[i]`` its reading's rank. :meth:`raise_to` gives the best
    placements of a number of pips, tabulated the first time they are asked for.
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.index: dict[int, int] = {}
        self.counts: list[tuple[int, int, int, int, int, int]] = []
        self.rank: list[int] = []
        #: per multiset: its split_key packed into an integer, shifted left by 12 bits, plus
        #: its number (below 4096), so that ``max`` compares keys and the low bits name it
        self._best: list[int] = []
        for c1 in range(n + 1):
            for c2 in range(n - c1 + 1):
                for c3 in range(n - c1 - c2 + 1):
                    for c4 in range(n - c1 - c2 - c3 + 1):
                        for c5 in range(n - c1 - c2 - c3 - c4 + 1):
                            c6 = n - c1 - c2 - c3 - c4 - c5
                            number = len(self.counts)
                            # packed as _UNIT says: 4 bits per value
                            packed = c1 | c2 << 4 | c3 << 8 | c4 << 12 | c5 << 16 | c6 << 20
                            self.index[packed] = number
                            self.counts.append((c1, c2, c3, c4, c5, c6))
                            r = rank_of_classes(c1, c2, c3, c4 + c5, c6)
                            self.rank.append(r)
                            # thresholds N2, N3, N4 (dice showing at least 2, 3, 4); N6 is c6
                            n2 = n - c1
                            n3 = n2 - c2
                            n4 = n3 - c3
                            # split_key packed as in best_raise_state: rank, N4, N6, N3, N2
                            key = (r << 20) | (n4 << 15) | (c6 << 10) | (n3 << 5) | n2
                            self._best.append((key << 12) | number)
        size = len(self.counts)
        # up[v - 1][i]: the number of multiset i with one die raised from v to v + 1, or
        # ``size`` if no die shows v (entry ``size`` of the best list is -1, below every key).
        # ``index`` lists the packed multisets in the order of their numbers. All 6s has no
        # successor: its best with p pips is itself, so its first successor is itself.
        self._up = [
            [
                self.index[code + _UNIT[v + 1] - _UNIT[v]]
                if (code >> (_BITS * (v - 1))) & _MASK else size
                for code in self.index
            ]
            for v in range(1, 6)
        ]
        all_sixes = self._all_sixes = self.index[n * _UNIT[6]]
        self._up[0][all_sixes] = all_sixes
        #: ``_entries[p][i]``: the packed best entry (key << 12 | number) after ``p`` pips on
        #: multiset ``i``; its reading's rank is ``entry >> RANK_SHIFT``.
        self._entries: list[list[int]] = [list(self._best)]
        self._tables: dict[int, list[int]] = {}

    @property
    def most_pips(self) -> int:
        """Pips enough to raise every die to 6; more pips change nothing."""
        return 5 * self.n

    def raise_to(self, pips: int) -> list[int]:
        """``raise_to(p)[i]``: the multiset after the best placement of ``p`` pips on ``i``.

        Exactly what :func:`best_raise_state` returns. The multisets that ``p`` pips can make
        from multiset ``s`` are the multisets that ``p - 1`` pips can make from a successor of
        ``s`` (``s`` with one die raised by one), so the best of them is the best of the
        successors' bests with ``p - 1`` pips, where "best" is the largest key of
        :func:`split_key`. All the candidates have the same pip total, and for a fixed total
        the key determines the multiset, so there are no ties. With more pips than the dice
        can take, every path ends at all 6s, which stays as it is (the rest are lost).
        """
        pips = min(pips, self.most_pips)
        table = self._tables.get(pips)
        if table is None:
            table = self._tables[pips] = [entry & 0xFFF for entry in self.entries(pips)]
        return table

    def entries(self, pips: int) -> list[int]:
        """The packed best entries after ``pips`` pips (see :meth:`raise_to`): the multiset's
        number in the low 12 bits, its reading's rank from bit :data:`RANK_SHIFT` up."""
        pips = min(pips, self.most_pips)
        entries = self._entries
        while len(entries) <= pips:
            best = entries[-1] + [-1]  # entry ``size``: no successor, below every key
            entries.append(list(map(max, *(map(best.__getitem__, column) for column in self._up))))
        return entries[pips]


#: Where the reading's rank starts in a packed entry: the key (rank at bit 20) shifted by 12.
RANK_SHIFT = 32


@lru_cache(maxsize=None)
def _pool(n: int) -> _Pool:
    """Every multiset of ``n`` dice, numbered (see :class:`_Pool`); one per ``n``."""
    return _Pool(n)


def _mastered_rank(c1: int, c2: int, c3: int, c4: int, c5: int, c6: int) -> int:
    """The reading's rank after mastery changes the die that reads best (see :func:`best_mastery`).

    Mastery picks the largest key, whose first part is the rank, so the rank is the best rank
    over moving one die from its reading class to any other (or leaving the dice as they are);
    which die and value win a tie does not change it.
    """
    classes = [c1, c2, c3, c4 + c5, c6]
    best = rank_of_classes(*classes)
    for source in range(5):
        if not classes[source]:
            continue
        for target in range(5):
            if target == source:
                continue
            moved = list(classes)
            moved[source] -= 1
            moved[target] += 1
            best = max(best, rank_of_classes(*moved))
    return best


@lru_cache(maxsize=None)
def _final_ranks(n: int, mastery: bool) -> tuple[int, ...]:
    """The rank each multiset of ``n`` dice reads as it stands, or after mastery."""
    pool = _pool(n)
    return tuple(_mastered_rank(*c) for c in pool.counts) if mastery else tuple(pool.rank)


@lru_cache(maxsize=None)
def _helper_extra(counts: tuple[int, ...], helper_dice: int) -> tuple[tuple[int, int], ...]:
    """Distribution of the extra pairs a helper's dice add, as (extra, ordered helper rolls).

    ``counts`` are the roller's dice per value, from value ``7 - len(counts)`` up to 6; the
    helper's ``helper_dice`` dice fall on those values (``comb`` counts the orders). Extra
    pairs are the pairs with the helper minus the roller's own doubles. Values 2-6 play the
    same part, so callers may pass their counts in any order (sorted from most to fewest, so
    that the cache is shared and the values no die shows come last).
    """
    if not any(counts):
        # no die of the roller's left: the helper's dice land anywhere and add nothing
        ways = len(counts) ** helper_dice
        return ((0, ways),) if ways else ()
    value = 7 - len(counts)
    mine = counts[0]
    own = mine // 2 if value > 1 else 0
    found: dict[int, int] = {}
    for theirs in range(helper_dice + 1):
        matched = min(mine, theirs)
        pairs = matched + ((mine - matched) // 2 if value > 1 else 0)
        ways = comb(helper_dice, theirs)
        for extra, weight in _helper_extra(counts[1:], helper_dice - theirs):
            total = pairs - own + extra
            found[total] = found.get(total, 0) + ways * weight
    return tuple(sorted(found.items()))


@lru_cache(maxsize=None)
def check_weights(
    n: int, modifier: int = 0, mastery: bool = False, helper_dice: int = 0
) -> tuple[tuple[int, ...], int, tuple[tuple[int, int], ...]]:
    """Exact check odds as integer weights.

    Returns ``(weights by rank, denominator, bonus-dice distribution as (count, weight))``.
    Every bonus die is taken, their pips pooled and placed by :func:`best_split`; mastery (if
    any) is used last (the play :data:`PLAY` names).

    Every roll (with the helper's dice, if any) is a start: the multiset of its values after
    the modifier, with its weight, and its number of bonus dice ``b``. ``start[b]`` gathers
    the weights per multiset. A start ends at ``raise_to[S]`` of its multiset, ``S`` the sum
    of its ``b`` bonus dice, so for each ``b`` and each total ``S`` (with its number of ways)
    the weights are summed by the reading they end at; ``6 ** (max_bonus - b)`` puts every
    start over the same denominator.
    """
    pool = _pool(n)
    size = len(pool.rank)
    max_bonus = n // 2 + helper_dice
    denominator = 6 ** (n + helper_dice + max_bonus)
    fact = [factorial(k) for k in range(n + 1)]
    # the packed contribution of one die per rolled face, after the modifier
    unit = [_UNIT[apply_modifier(face, modifier)] for face in range(1, 7)]

    # the starts: weights per (bonus dice, multiset after the modifier)
    start = [[0] * size for _ in range(max_bonus + 1)]
    for c1, c2, c3, c4, c5, c6 in pool.counts:
        weight = fact[n] // (fact[c1] * fact[c2] * fact[c3] * fact[c4] * fact[c5] * fact[c6])
        state = pool.index[
            c1 * unit[0] + c2 * unit[1] + c3 * unit[2] + c4 * unit[3] + c5 * unit[4] + c6 * unit[5]
        ]
        base = c2 // 2 + c3 // 2 + c4 // 2 + c5 // 2 + c6 // 2  # doubles (1s never pair)
        if helper_dice:
            tail = tuple(sorted((c2, c3, c4, c5, c6), reverse=True))
            for extra, helper_weight in _helper_extra((c1,) + tail, helper_dice):
                start[base + extra][state] += weight * helper_weight
        else:
            start[base][state] += weight
    # each start's weight counted over the helper's dice and every bonus die
    scale = 6**max_bonus
    bonus_dist = tuple((bonus, sum(row) * scale) for bonus, row in enumerate(start) if any(row))

    weights = [0, 0, 0, 0, 0]
    final = _final_ranks(n, True) if mastery else None
    for bonus, row in enumerate(start):
        support = [(number, weight) for number, weight in enumerate(row) if weight]
        if not support:
            continue
        scale = 6 ** (max_bonus - bonus)
        for pips, ways in _d6_sums(bonus):
            entries = pool.entries(pips)
            by_rank = [0, 0, 0, 0, 0]
            if final is None:  # the rank is in the entry itself
                for number, weight in support:
                    by_rank[entries[number] >> RANK_SHIFT] += weight
            else:
                for number, weight in support:
                    by_rank[final[entries[number] & 0xFFF]] += weight
            factor = ways * scale
            for rank in range(5):
                weights[rank] += factor * by_rank[rank]
    return tuple(weights), denominator, bonus_dist


def check_probabilities(
    n: int, modifier: int = 0, mastery: bool = False, helper_dice: int = 0
) -> dict[str, Fraction]:
    """Exact probability of each reading label for a check of ``n`` dice."""
    weights, denominator, _ = check_weights(n, modifier, mastery, helper_dice)
    return {LABELS[r]: Fraction(weights[r], denominator) for r in range(5)}


# -- exact contest odds ------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _d6_sums(k: int) -> tuple[tuple[int, int], ...]:
    """Distribution of the sum of ``k`` d6 as (total, ordered ways)."""
    dist = {0: 1}
    for _ in range(k):
        step: dict[int, int] = {}
        for total, ways in dist.items():
            for face in range(1, 7):
                step[total + face] = step.get(total + face, 0) + ways
        dist = step
    return tuple(sorted(dist.items()))


@lru_cache(maxsize=None)
def side_total_weights(
    n: int, bonus: bool = True, mastery: bool = False, helper_dice: int = 0
) -> tuple[tuple[tuple[int, int], ...], int]:
    """One side's contest total as (total, weight) pairs over a common denominator.

    With ``bonus`` every double adds one d6 to the total (always taken), and so does every
    match with one of ``helper_dice`` dice a helper rolls (as in a check: each die pairs once).
    With ``mastery`` the lowest rolled die is set to 6. Modifiers are applied by the caller.
    """
    max_bonus = n // 2 + helper_dice if bonus else 0
    denominator = 6 ** (n + helper_dice + max_bonus) if bonus else 6**n
    dist: dict[int, int] = {}
    for faces, weight in _multisets(n):
        total = sum(faces)
        if mastery:
            total += 6 - min(faces)
        own = len(doubles(faces)) if bonus else 0
        if bonus and helper_dice:
            counts = tuple(faces.count(v) for v in range(1, 7))
            tail = tuple(sorted(counts[1:], reverse=True))
            extras = _helper_extra((counts[0],) + tail, helper_dice)
        else:
            extras = ((0, 1),)
        for extra_pairs, helper_weight in extras:
            k = own + extra_pairs
            scale = weight * helper_weight * 6 ** (max_bonus - k)
            for extra, ways in _d6_sums(k):
                dist[total + extra] = dist.get(total + extra, 0) + ways * scale
    return tuple(sorted(dist.items())), denominator


def contest_rank(difference: int) -> int:
    """The aggressor's reading from aggressor total minus defender total."""
    if difference < -2:
        return NEGATIVE
    if difference < 0:
        return FAILURE
    if difference == 0:
        return NEAR
    if difference <= 3:
        return SUCCESS
    return POSITIVE


def defender_rank(difference: int) -> int:
    """The defender's reading from defender total minus aggressor total.

    The book reads a contest for the aggressor only; the defender's reading is its mirror (the
    aggressor's negative impact is the defender's positive impact, a near success stays near).
    So the scale is not the aggressor's: a defender who beats the aggressor by 3 has the
    aggressor's negative impact, a positive impact.
    """
    return POSITIVE - contest_rank(-difference)


@lru_cache(maxsize=None)
def contest_weights(
    mine: int,
    theirs: int,
    modifier: int = 0,
    their_modifier: int = 0,
    mastery: bool = False,
    their_mastery: bool = False,
    helper_dice: int = 0,
    defending: bool = False,
) -> tuple[tuple[int, ...], int, tuple[tuple[int, int], ...]]:
    """Exact contest odds: (weights by rank, denominator, difference distribution).

    ``mine`` is the side whose reading is counted; ``helper_dice`` the dice a helper rolls for
    it (see :func:`side_total_weights`). With ``defending`` that side is the defender and reads
    the contest by :func:`defender_rank`. The differences are always ``mine`` less ``theirs``.
    """
    rank_of = defender_rank if defending else contest_rank
    my_dist, my_den = side_total_weights(mine, True, mastery, helper_dice)
    their_dist, their_den = side_total_weights(theirs, True, their_mastery)
    weights = [0, 0, 0, 0, 0]
    differences: dict[int, int] = {}
    for my_total, my_weight in my_dist:
        for their_total, their_weight in their_dist:
            difference = (my_total + modifier) - (their_total + their_modifier)
            product = my_weight * their_weight
            weights[rank_of(difference)] += product
            differences[difference] = differences.get(difference, 0) + product
    return tuple(weights), my_den * their_den, tuple(sorted(differences.items()))
