"""The one seeded random source of a playthrough, and the roll records it leaves.

Every die in a game is drawn from a single :class:`Dice` object. It wraps a private
``random.Random`` (Mersenne Twister, seeded with an integer), so a seed reproduces every roll on
every machine and Python version that keeps ``random.Random``'s documented reproducibility
guarantee for ``seed(int)`` and ``randrange``. Its whole state can be exported as plain JSON and
restored, which is how a save resumes a game "RNG state included".

For playtesting and debugging, values can be *forced*: a queue of faces that the next draws return
instead of random ones (a forced face is still recorded, and marked as forced in the log).
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from solo.errors import SoloError


class DiceError(SoloError, ValueError):
    """A die that cannot exist (fewer than one side) or a forced face it cannot show."""


class Dice:
    """A seeded source of die rolls with an exportable state and a forced-value queue."""

    def __init__(self, seed: int | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.seed = int(seed)
        self._rng = random.Random(self.seed)
        self._forced: list[int] = []
        self.count = 0
        #: when a list, every value drawn is appended to it (not part of the state: the caller
        #: records what one decision drew, for honest undo)
        self.tape: list[int] | None = None

    def roll(self, sides: int) -> int:
        """One die with ``sides`` faces numbered 1..sides."""
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += 1
        if self._forced:
            value = self._forced.pop(0)
            if not 1 <= value <= sides:
                raise DiceError(f"forced value {value} cannot show on a d{sides}")
        else:
            value = self._rng.randrange(sides) + 1
        if self.tape is not None:
            self.tape.append(value)
        return value

    def rolls(self, n: int, sides: int) -> list[int]:
        """``n`` dice of ``sides`` faces, in the order rolled."""
        return [self.roll(sides) for _ in range(n)]

    def force(self, *values: int) -> None:
        """Make the next draws return ``values`` in order (debug mode and tests)."""
        self._forced.extend(int(v) for v in values)

    @property
    def forced_pending(self) -> tuple[int, ...]:
        return tuple(self._forced)

    def clear_forced(self) -> None:
        self._forced.clear()

    # -- persistence -------------------------------------------------------------------------
    def get_state(self) -> dict[str, Any]:
        """The full state as JSON-ready data (seed, generator state, forced queue, count)."""
        version, internal, gauss = self._rng.getstate()
        return {
            "seed": self.seed,
            "version": version,
            "internal": list(internal),
            "gauss": gauss,
            "forced": list(self._forced),
            "count": self.count,
        }

    def set_state(self, state: dict[str, Any]) -> None:
        """Restore a state produced by :meth:`get_state`."""
        self.seed = int(state["seed"])
        self._rng.setstate((state["version"], tuple(state["internal"]), state["gauss"]))
        self._forced = [int(v) for v in state.get("forced", [])]
        self.count = int(state.get("count", 0))

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> "Dice":
        dice = cls(int(state["seed"]))
        dice.set_state(state)
        return dice


@dataclass
class RollRecord:
    """What one check or contest rolled and how it was read.

    ``dice`` holds every die as rolled, in order; ``kept`` the dice that decided the result (for
    systems that keep some); ``outcome`` is the ruleset's label for the result and ``success``
    says whether adventures treat it as a success. ``details`` holds everything else a ruleset
    wants the player to see (bonus dice, pip splits, bumps, excess, the near-success policy...).
    ``steps`` explain the reading, in order, as reasons: codes and numbers
    (:mod:`solo.rules.reasons`), put into words only when shown.
    ``measures`` says how big the result was, in the system's own terms, for adventures to read
    right after the roll (``roll.excess`` in GAME, ``roll.margin`` in Loose and Fuzzy,
    ``roll.size`` in Humanity, Blessed...): names the ruleset lists in ``measure_names``.
    """

    system: str
    kind: str  # "check" or "contest"
    stat: str
    dice: list[int]
    outcome: str
    success: bool
    total: int | None = None
    kept: list[int] | None = None
    modifiers: dict[str, int] = field(default_factory=dict)
    details: dict[str, Any] = field(default_factory=dict)
    steps: list[Any] = field(default_factory=list)
    xp: int = 0
    learning: dict[str, int] = field(default_factory=dict)
    measures: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "system": self.system,
            "kind": self.kind,
            "stat": self.stat,
            "dice": list(self.dice),
            "outcome": self.outcome,
            "success": self.success,
            "total": self.total,
            "kept": None if self.kept is None else list(self.kept),
            "modifiers": dict(self.modifiers),
            "details": _plain(self.details),
            "steps": _plain(self.steps),
            "xp": self.xp,
            "learning": dict(self.learning),
        }
        if self.measures:
            data["measures"] = dict(self.measures)
        return data

    def copy(self) -> "RollRecord":
        """``RollRecord.from_dict(self.to_dict())`` (a copy that shares nothing and reads as it
        would after a JSON round trip) made in one pass: offers copy a record at every roll."""
        details, steps = self.details, self.steps
        if type(details) is not dict or type(steps) is not list:
            return RollRecord.from_dict(self.to_dict())
        return RollRecord(
            self.system, self.kind, self.stat, list(self.dice), self.outcome, bool(self.success), self.total,
            None if self.kept is None else list(self.kept), dict(self.modifiers), _plain(details),
            _plain(steps), int(self.xp), dict(self.learning), dict(self.measures),
        )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RollRecord":
        return cls(
            system=data["system"],
            kind=data["kind"],
            stat=data["stat"],
            dice=list(data["dice"]),
            outcome=data["outcome"],
            success=bool(data["success"]),
            total=data.get("total"),
            kept=data.get("kept"),
            modifiers=dict(data.get("modifiers", {})),
            details=dict(data.get("details", {})),
            steps=[dict(s) if isinstance(s, dict) else s for s in data.get("steps", [])],
            xp=int(data.get("xp", 0)),
            learning=dict(data.get("learning", {})),
            measures=dict(data.get("measures", {})),
        )


class QueuedDice(Dice):
    """Given faces first (the faces of an outcome class drawn), then the dice underneath, whose
    other methods (their events and hooks: ``draw_classes`` and the like) answer as well. A face
    that is a group (a tuple or list) answers one :meth:`rolls` call whole."""

    def __init__(self, faces: list[Any], under: Dice) -> None:
        super().__init__(0)
        self.faces = faces
        self.under = under

    def roll(self, sides: int) -> int:
        self.count += 1
        return int(self.faces.pop(0)) if self.faces else self.under.roll(sides)

    def rolls(self, n: int, sides: int) -> list[int]:
        self.count += n
        if self.faces and isinstance(self.faces[0], (tuple, list)):
            return list(self.faces.pop(0))
        return [self.roll(sides) for _ in range(n)] if self.faces else self.under.rolls(n, sides)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.under, name)


_LEAVES = frozenset({str, int, bool, float, type(None)})


def _plain(value: Any) -> Any:
    """Turn tuples into lists recursively so records compare equal after a JSON round trip.
    (Text, numbers and None, the leaves of every record, are let through without a call, and a
    list of them inside a dict is copied whole: a record is copied at every roll.)"""
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is dict:
        return _plain_dict(value)
    leaves = _LEAVES
    if kind is list or kind is tuple:  # a record's steps: mostly plain dicts
        return [v if type(v) in leaves else _plain_dict(v) if type(v) is dict else _plain(v) for v in value]
    if isinstance(value, dict):
        return _plain_dict(value)
    if isinstance(value, (list, tuple)):
        return [v if type(v) in leaves else _plain(v) for v in value]
    return value


def _plain_dict(value: dict[Any, Any]) -> dict[str, Any]:
    """:func:`_plain` of a dict: a plain dict inside is walked here without ``_plain``'s tests
    of its type, an empty list or one of leaves copied whole."""
    leaves = _LEAVES
    return {k if type(k) is str else str(k):
            v if type(v) in leaves
            else (v[:] if not v or leaves.issuperset(map(type, v)) else _plain(v)) if type(v) is list
            else _plain_dict(v) if type(v) is dict else _plain(v)
            for k, v in value.items()}


def pool_multisets(n: int, sides: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every multiset of ``n`` dice of ``sides`` faces (ascending), with its exact probability:
    how a pool rolled together branches when its rules read it by sums, counts and pairs (3d6:
    56 ways, not 216). The analyzer and the rulesets' outcome classes share it."""
    whole = sides ** n
    found = []
    for faces in itertools.combinations_with_replacement(range(1, sides + 1), n):
        ways = math.factorial(n)
        for face in set(faces):
            ways //= math.factorial(faces.count(face))
        found.append((faces, Fraction(ways, whole)))
    return found
