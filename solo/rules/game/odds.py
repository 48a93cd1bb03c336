"""Exact odds of GAME checks, contests and combined Build attempts (Fractions, never sampled).

A check's odds depend on a handful of its numbers only (:func:`_odds_key`), so they are kept per
those numbers (a ``functools.lru_cache``): a fight asks the same few again for every order.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from solo.rules.game.checks import GameCheck, cap_excess
from solo.rules.game.skills import DIE, TARGET


def lowest_die_distribution(count: int, sides: int = DIE) -> dict[int, Fraction]:
    """P(lowest of ``count`` d``sides`` = v) = ((s−v+1)^k − (s−v)^k) / s^k."""
    denom = sides**count
    return {
        v: Fraction((sides - v + 1) ** count - (sides - v) ** count, denom)
        for v in range(1, sides + 1)
    }


_OddsKey = tuple[bool, int, int, int, int, "int | None"]


def _odds_key(check: GameCheck) -> _OddsKey:
    """Everything about a check that its odds read: blocked or not, the extra die's threshold,
    the number of dice, the rating, the modifier and the excess cap."""
    return (bool(check.blocked), check.extra_threshold, check.dice_count, check.rating,
            check.modifier, check.excess_cap)


def excess_distribution(check: GameCheck) -> dict[int, Fraction]:
    """Exact distribution of the excess (negative values are failures, see module docstring).
    A blocked check (not rolled) always fails: its excess is −8."""
    return dict(_excess(_odds_key(check)))


@functools.lru_cache(maxsize=1024)
def _excess(key: _OddsKey) -> tuple[tuple[int, Fraction], ...]:
    blocked, threshold, count, rating, modifier, cap = key
    if blocked:
        return ((-TARGET, Fraction(1)),)
    p_extra = Fraction(threshold, DIE)

    dist: dict[int, Fraction] = {}
    for lowest, p in lowest_die_distribution(count).items():
        total = rating + lowest + modifier
        if total >= TARGET:
            add_probability(dist, cap_excess(total - TARGET, cap), p)
            continue
        if p_extra:
            add_probability(dist, cap_excess(1, cap), p * p_extra)
        if p_extra != 1:
            add_probability(dist, total - TARGET, p * (1 - p_extra))
    return tuple(sorted(dist.items()))


def add_probability(dist: dict[int, Fraction], key: int, p: Fraction) -> None:
    dist[key] = dist.get(key, Fraction(0)) + p


def success_chance(check: GameCheck) -> Fraction:
    """P(success) of a check."""
    return _success(_odds_key(check))


@functools.lru_cache(maxsize=1024)
def _success(key: _OddsKey) -> Fraction:
    return sum((p for e, p in _excess(key) if e >= 0), Fraction(0))


def extra_decides_chance(check: GameCheck) -> Fraction:
    """P(the extra die turns a failure into a success)."""
    return _extra_decides(_odds_key(check))


@functools.lru_cache(maxsize=1024)
def _extra_decides(key: _OddsKey) -> Fraction:
    blocked, threshold, count, rating, modifier, _cap = key
    if blocked:
        return Fraction(0)
    p_extra = Fraction(threshold, DIE)
    fail = sum(
        (p for v, p in lowest_die_distribution(count).items() if rating + v + modifier < TARGET),
        Fraction(0),
    )
    return fail * p_extra


def book_success_chance(rating: int, dice_count: int) -> Fraction:
    """The book's table in closed form: ((r+1)/8)^k for r ≤ 6, certain from 7 on."""
    if rating >= TARGET - 1:
        return Fraction(1)
    if rating < 0:
        return Fraction(0)
    return Fraction(rating + 1, DIE) ** dice_count


def contest_outcomes(mine: GameCheck, theirs: GameCheck) -> dict[str, Fraction]:
    """Exact success/draw/failure of a one-round competitive check."""
    p = success_chance(mine)
    q = success_chance(theirs)
    win = p * (1 - q)
    lose = (1 - p) * q
    return {"failure": lose, "draw": 1 - win - lose, "success": win}


def combined_build_chance(rating_a: int, rating_b: int, bonus: int = 0) -> Fraction:
    """Two Hard Build checks that must both succeed (book: combining two Build skills)."""
    a = success_chance(GameCheck("", rating_a, "hard", bonus))
    b = success_chance(GameCheck("", rating_b, "hard", bonus))
    return a * b
