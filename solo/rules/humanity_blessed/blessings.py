"""The pool of blessing dice in Humanity, Blessed: gaining them (a 1 brings another), what a die
is worth (less while Cursed), choosing which to spend, what Help buys, and the session's lucky
number.

The pool is ``character.resources["blessings"]``, a list of d6 values.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from solo.rules.dice import Dice
from solo.rules.drawn import drawn
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.bumping import Die
from solo.rules.humanity_blessed.tables import MAX_HELP_DICE, err


def worth(value: int, cursed: bool = False) -> int:
    """What a pool die is worth: its value, one less while cursed (never below 0)."""
    return max(0, value - 1) if cursed else value


def roll_lucky_number(dice: Dice) -> tuple[int | None, list[int]]:
    """The session's lucky number: the higher of 2d10; both 1 means there is none (the
    analyzer branches on the number, not the faces: :func:`lucky_classes`)."""
    return drawn(dice, "the lucky number", lucky_classes, _lucky)


def _lucky(dice: Dice) -> tuple[int | None, list[int]]:
    faces = dice.rolls(2, 10)
    return (None if faces == [1, 1] else max(faces)), faces


def lucky_classes() -> tuple[list[tuple[Fraction, list[Any]]], Fraction]:
    """The lucky number's classes: none (both 1), or 2 to 10, each the higher of 2d10 (faces
    1 and N: only the number is read later; the session keeps the faces only to tell them)."""
    found: list[tuple[Fraction, list[Any]]] = [(Fraction(1, 100), [(1, 1)])]
    found += [(Fraction(2 * n - 1, 100), [(1, n)]) for n in range(2, 11)]
    return found, Fraction(0)


def gain_blessings(dice: Dice, count: int = 1) -> list[int]:
    """Roll ``count`` blessing dice; each 1 also gains another die (repeatedly, capped). The
    analyzer branches on the dice gained, not the order they came in
    (:func:`~.outcome_classes.gain_classes`)."""
    from solo.rules.humanity_blessed.outcome_classes import gain_classes

    return drawn(dice, f"{count} blessing dice", lambda: gain_classes(count), lambda d: _gain(d, count))


def _gain(dice: Dice, count: int) -> list[int]:
    gained: list[int] = []
    for _ in range(count):
        for _ in range(bumping.MAX_BUMPS + 1):
            face = dice.roll(6)
            gained.append(face)
            if face != 1:
                break
    return gained


def gained_words(gained: list[int]) -> str:
    """The dice gained, as a player reads them: where a 1 came up, why there is an extra die."""
    text = ", ".join(map(str, gained))
    ones = sum(1 for face in gained if face == 1)
    if ones:
        text += f" (a blessing die that rolls 1 brings another: {ones} more)"
    return text


def help_bonus(count: int) -> int | Die:
    """What Help bought with ``count`` pool dice adds: +1 for one, +dcN for N of 2 to 10."""
    if not 1 <= count <= MAX_HELP_DICE:
        raise err(f"Help costs 1 to {MAX_HELP_DICE} blessing dice (got {count})")
    return 1 if count == 1 else bumping.capped_die(count)


def choose_spend(pool: list[int], count: int, least: int, cursed: bool) -> list[int] | None:
    """Indexes of ``count`` pool dice each worth ``least`` or more, the cheapest ones first."""
    order = sorted(range(len(pool)), key=lambda i: (pool[i], i))
    picked = [i for i in order if worth(pool[i], cursed) >= least][:count]
    return picked if len(picked) == count else None


def choose_pair(pool: list[int], cursed: bool) -> list[int] | None:
    """Indexes of two pool dice of the same worth (at least 1), the cheapest pair."""
    by_worth: dict[int, list[int]] = {}
    for i in sorted(range(len(pool)), key=lambda i: (pool[i], i)):
        by_worth.setdefault(worth(pool[i], cursed), []).append(i)
    for value in sorted(by_worth):
        if value >= 1 and len(by_worth[value]) >= 2:
            return by_worth[value][:2]
    return None


def take(pool: list[int], indexes: Iterable[int]) -> list[int]:
    """Remove the dice at ``indexes`` from ``pool`` (in place); return their values."""
    chosen = sorted(set(indexes), reverse=True)
    values = [pool[i] for i in chosen]
    for i in chosen:
        del pool[i]
    return sorted(values)


def spark_payment(pool: list[int], cursed: bool, taxed: bool) -> tuple[list[int], list[int]] | None:
    """Indexes of the pool dice a spark costs: two of equal worth (at least 1), and while Taxed
    two more worth 1 or more that end the condition first; the cheapest such choice, or None."""
    best: tuple[int, int, list[int], list[int]] | None = None
    order = sorted(range(len(pool)), key=lambda i: (pool[i], i))
    for a, first in enumerate(order):
        for second in order[a + 1:]:
            value = worth(pool[first], cursed)
            if value < 1 or worth(pool[second], cursed) != value:
                continue
            tax: list[int] = []
            if taxed:
                tax = [i for i in order if i not in (first, second) and worth(pool[i], cursed) >= 1][:2]
                if len(tax) < 2:
                    continue
            cost = sum(pool[i] for i in (first, second, *tax))
            if best is None or (cost, value) < best[:2]:
                best = (cost, value, [first, second], tax)
    return None if best is None else (best[2], best[3])
