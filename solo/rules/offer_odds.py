"""The exact chance of success after an offer on a roll (a reroll, blessing dice, a bonus die,
mastery, a spark), for any ruleset, by walking every way the dice it draws can fall.

The offer is carried out on copies of the roll and the character with dice that answer from a
script of faces; when the script runs out, the walk branches on every face of the die asked for,
each with its share of the chance. Keeping the roll right after the offer (the ruleset's
``settle``) is part of the walk, so the figure is "take this, then keep". A walk that would need
more than :data:`MAX_RUNS` runs or :data:`MAX_DICE` dice counts what it left out, and gives up
(None) when that is more than half a percent: no figure is better than a wrong one.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any, Callable, Mapping

from solo.rules.base import Character, RulesError
from solo.rules.dice import Dice, RollRecord

MAX_RUNS = 600  # a hint is computed while the player waits: at most a few tenths of a second
MAX_DICE = 8
UNKNOWN_AT_MOST = Fraction(1, 200)  # the share of the walk left unexplored that still gives a figure
SUCCESS = "*success"  # the key of the chance of success among the outcomes


class _MoreDice(Exception):
    """The script ran out: the walk branches on a die of ``sides`` faces."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Impossible(Exception):
    """A scripted face cannot show on the die asked for (the walk only scripts what was asked)."""


class _ScriptedDice(Dice):
    """Dice that answer from a script of faces, and ask for more when it runs out."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self._script = faces
        self._next = 0

    def roll(self, sides: int) -> int:
        if self._next >= len(self._script):
            raise _MoreDice(sides)
        value = self._script[self._next]
        if value > sides:
            raise _Impossible()
        self._next += 1
        self.count += 1
        return value


#: one run: (dice, a fresh copy of the record, a fresh copy of the character) -> the final record
Run = Callable[[Dice, RollRecord, Character], RollRecord]


def outcomes_of(run: Run, record: RollRecord, character: Character,
                measures: tuple[str, ...] = ()) -> dict[str, Fraction] | None:
    """The chance of each outcome ``run`` (an offer, then keeping) ends in, and of ``success``
    (key :data:`SUCCESS`); None if the walk is too big to be within :data:`UNKNOWN_AT_MOST` or a
    run fails for a reason other than the dice. ``measures``: the record measures that say how
    well a roll went (the ruleset's ``degree_words``), tallied too as ``"size:medium"``-style
    keys, so an offer that changes only how well a roll goes is told from one that changes nothing.

    The walk goes breadth first, so what it leaves unexplored are the long tails of dice that
    roll again (exploding dice), whose share is small.
    """
    saved_record, saved_character = record.to_dict(), character.to_dict()
    found: dict[str, Fraction] = {}
    unknown = Fraction(0)
    todo: deque[tuple[list[int], Fraction]] = deque([([], Fraction(1))])
    runs = 0
    wide = False
    while todo:
        faces, share = todo.popleft()
        runs += 1
        if runs > MAX_RUNS:
            unknown += share + sum(s for _, s in todo)
            break
        try:
            final = run(_ScriptedDice(faces), RollRecord.from_dict(saved_record), Character.from_dict(saved_character))
        except _MoreDice as more:
            if len(faces) >= MAX_DICE or more.sides < 1:
                unknown += share
                continue
            todo.extend((faces + [v], share / more.sides) for v in range(1, more.sides + 1))
            if runs + len(todo) > MAX_RUNS and not wide:  # the walk cannot end within its runs:
                wide = True                                # go on only if what it leaves is small
                if sum((s for _, s in todo), Fraction(0)) > UNKNOWN_AT_MOST * 8:
                    return None
            continue
        except _Impossible:
            continue
        except (RulesError, LookupError, ValueError, TypeError):
            return None
        found[final.outcome] = found.get(final.outcome, Fraction(0)) + share
        for name in measures:
            key = measure_key(name, (final.measures or {}).get(name))
            if key:
                found[key] = found.get(key, Fraction(0)) + share
        if final.success:
            found[SUCCESS] = found.get(SUCCESS, Fraction(0)) + share
    if unknown > UNKNOWN_AT_MOST:
        return None
    found.setdefault(SUCCESS, Fraction(0))
    return found


def measure_key(name: str, value: Any) -> str:
    """The key a degree measure is tallied under (``"size:medium"``); "" for none."""
    return f"{name}:{value}" if value not in (None, "") else ""


def distribution(draw: Callable[[Dice], int]) -> dict[int, Fraction] | None:
    """The chance of each value ``draw`` returns from the dice it rolls (a bonus die that may
    roll again...), walked as :func:`outcomes_of` walks; None when too big to walk."""

    class _Value:
        def __init__(self, value: int) -> None:
            self.outcome, self.success = str(value), False

    found = outcomes_of(lambda dice, record, character: _Value(draw(dice)),  # type: ignore[arg-type,return-value]
                        RollRecord("", "", "", [], "", False), Character("", "", {}))
    if found is None:
        return None
    return {int(k): p for k, p in found.items() if k != SUCCESS}


def offer_run(ruleset: Any, key: str | None, params: Mapping[str, Any], branches: frozenset[str]) -> Run:
    """A run for ``key`` (None: keep the roll as it is): the offer, then the ruleset's settling."""

    def run(dice: Dice, record: RollRecord, character: Character) -> RollRecord:
        if key is not None:
            record = ruleset.apply_offer(dice, record, character, key)
        return ruleset.settle(dice, record, character, params, branches)

    return run
