"""One roll of a Humanity, Blessed fight as the handful of results the fight can tell apart.

A fight rolls in two places (:mod:`.draws`): an action's roll (a focus roll at the top of the
round, or a changed action rolled afresh: the acting side of a contest, or a tend / coup de
grace check) and the other side of a contest when it is closed (the defender's group, a
vulnerable side's reroll, the aid on a would-be loss). Each is a random event whose classes are
listed here, for ``solo analyze`` only; play draws the dice as they fall.

Walked die by die a bumping die never ends (a 1 rolls again and adds), and a group of two dice
bumps on any 1. So every bumping group the roll throws is answered *whole*, by one class of its
rolls (:meth:`GroupDice.roll_group`, through the one hook in :func:`~..bumping.roll`): rolls of
one total (natural plus the group's bonus per bump) are one class, because nothing a fight reads
of a group tells them apart (the faces and the rounds are narration; the natural differs from the
total only by the bonus per bump, so with a bonus the bumps stay apart). Totals past a cap are
left out while their chance is at most :data:`TAIL` per group (the analysis is then bounded by
what is left out, never wrong). The roll itself is then run on the real rules with those faces,
on copies of the characters, and the runs are grouped by everything a later step can read of the
record (:func:`reading`: the record without its faces, rounds and text) and by the characters as
the roll leaves them. Blessing dice the roll earns are a random event of their own
(:func:`solo.rules.drawn.drawn`): while the classes are listed the first class of that event
stands in, so each class holds only the roll's own faces and the explorer branches on the
blessing dice afterwards.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Hashable, Sequence, cast

from solo.rules.base import Character
from solo.rules.dice import RollRecord
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.bumping import Group, Rolled
from solo.rules.humanity_blessed.outcome_classes import group_rolls
from solo.rules.memo import Memo, key as memo_key
from solo.rules.scripted import LeftOut, Missing, ScriptedDice, walk

#: A group's totals past a cap are left out while their chance is at most this.
TAIL = Fraction(1, 10**8)
#: Scripts of one roll (each group answered whole) before the least likely are left out.
MAX_RUNS = 5_000
#: Details of a record that only tell what happened (faces, rounds): not read by any rule.
NARRATION = frozenset({"rounds", "opponent_rounds", "bumps", "opponent_bumps", "bump_capped"})

Listed = tuple[list[tuple[Fraction, list[Any]]], Fraction]
_CLASSES: Memo = Memo(4096)


class Unclassed(Exception):
    """The roll met a random event it cannot list (a nested event without classes)."""


def group_classes(group: Group) -> tuple[list[tuple[Fraction, tuple[int, ...]]], Fraction]:
    """A group's rolls by total (module docstring): (probability, faces of one roll) per class,
    most likely first, and the chance left out (totals past the cap)."""
    cap = 12
    while True:
        rolls, tail, _ = group_rolls(group, cap)
        if tail <= TAIL or cap >= 64:
            break
        cap += 4
    merged: dict[Hashable, list[Any]] = {}
    for natural, bumps, p, faces in rolls:
        read = (natural, bumps) if group.bonus else natural
        entry = merged.setdefault(read, [Fraction(0), faces])
        entry[0] += p
    found = sorted(((p, f) for p, f in merged.values()), key=lambda pf: -pf[0])
    return found, tail


class GroupDice(ScriptedDice):
    """Dice answering each bumping group by the index of its class and any other die face by
    face; every face played is logged in ``faces`` (the class's faces, in the order drawn)."""

    def __init__(self, script: list[Any]) -> None:
        super().__init__(script)
        self.faces: list[Any] = []

    def roll(self, sides: int) -> int:
        face = super().roll(sides)
        self.faces.append(face)
        return face

    def rolls(self, n: int, sides: int) -> list[int]:
        return [self.roll(sides) for _ in range(n)]

    def roll_group(self, group: Group, max_bumps: int, first: Sequence[int]) -> Rolled | None:
        if first or max_bumps != bumping.MAX_BUMPS:
            return None  # a first face thrown already, or a capped chain: drawn face by face
        found, rest = group_classes(group)
        index = self.answer(lambda: [(i, p) for i, (p, _) in enumerate(found)] + ([(-1, rest)] if rest else []))
        if index < 0:
            raise LeftOut()
        faces = list(found[index][1])
        self.faces.extend(faces)
        return bumping.roll(ScriptedDice(faces, strict="a group's class drew more dice than it holds"), group)

    def draw_classes(self, name: str, classes: Callable[[], Any], run: Callable[[Any], Any]) -> Any:
        """A random event inside the roll (blessing dice earned): its first class stands in."""
        given = classes()
        if given is None or not given[0]:
            raise Unclassed(name)
        return run(ScriptedDice(list(given[0][0][1]), strict=f"{name} drew more dice than its class holds"))


def reading(record: RollRecord) -> Hashable:
    """Everything a later step can read of a record: all but its faces, rounds and text."""
    return memo_key(read_data(record.to_dict()))


def read_data(record: Any) -> Any:
    """A record's data (``RollRecord.to_dict``) without its faces, rounds and text."""
    if not isinstance(record, dict):
        return record
    data = dict(record)
    data.pop("dice", None)
    data.pop("steps", None)
    details = {k: v for k, v in (data.get("details") or {}).items() if k not in NARRATION}
    for part in ("aid", "opponent_aid", "help"):
        if isinstance(details.get(part), dict):
            details[part] = {k: v for k, v in details[part].items() if k != "rounds"}
    data["details"] = details
    return data


def _copy(character: Character) -> Character:
    return Character.from_dict(character.to_dict())


def roll_classes(name: str, run: Callable[..., RollRecord], characters: Sequence[Character],
                 *inputs: Any) -> Listed | None:
    """The classes of ``run(dice, *copies)`` (a roll on copies of ``characters``): (probability,
    faces) per class, most likely first, and the chance left out; None when it cannot be listed.
    ``inputs``: whatever else the roll depends on (the act, an open record), for the memo."""

    def compute() -> Listed | None:
        def one(script: list[Any]) -> Hashable:
            dice = GroupDice(script)
            copies = [_copy(c) for c in characters]
            try:
                found: Hashable = reading(run(dice, *copies))
            except (Missing, LeftOut, Unclassed):
                raise
            except Exception as exc:  # the real roll meets the same error with these faces
                found = ("error", type(exc).__name__, str(exc))
            return (found, tuple(memo_key(c) for c in copies)), tuple(dice.faces)

        try:
            walked = walk(one, MAX_RUNS)
        except Unclassed:
            return None
        merged: dict[Hashable, list[Any]] = {}
        for grouped, (p, _) in walked.groups.items():
            key, faces = cast(tuple[Hashable, tuple[Any, ...]], grouped)
            entry = merged.get(key)
            if entry is None:
                merged[key] = [p, list(faces)]
            else:
                entry[0] += p
        listed = sorted(((p, f) for p, f in merged.values()), key=lambda pf: -pf[0])
        return listed, walked.rest

    return _CLASSES.get(compute, name, list(characters), *inputs)
