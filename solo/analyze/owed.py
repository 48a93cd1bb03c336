"""Random gains left undrawn until a step reads them (the ruleset's ``AnalysisOwes`` hook).

A ruleset may keep an award's dice *owed* on the character while the analyzer plays (a
Humanity, Blessed award of blessing dice: :mod:`solo.rules.humanity_blessed.owed_blessings`),
so the states after the award differ only by how many are owed, not by every value they could
show. They must be drawn before anything reads the resource they go into. Which step reads it
is found by running the step: the resource is swapped for a :class:`Tripwire`, a list that
lets values be appended but raises :class:`ReadOwed` on any read (its length, items, iteration,
a copy, a comparison, a hash of the character...). A step that trips it is run again, every
branch of it, with the owed dice drawn first (:func:`settle`): drawing late is sound because the
gains are independent of what happened since and only append (the hook's contract), and the
step is the first to read them. A step that does not trip it plays exactly as it would with the
dice drawn, since nothing in it read them.

A check's roll reads the character whole (its classes are cached by the character's
fingerprint, its offers look at the pool) though what it reads of the pool cannot change how it
plays out here: the ruleset's readers hook (``AnalysisReaders``) names the parts a check does
not read, under the analyzer's way of playing rolls (no offer taken). For such a check the
guard sleeps (:meth:`Owed.sleep_for`) from the roll until its branch is chosen, and wakes
before the branch's effects run (:meth:`Owed.wake`).

A conflict's decision reads the pool only to see which actions it can offer (a spark while the
pool holds a pair, Help with as many dice as it can pay), and a ruleset that promises more dice
never take an action away marks those reads (:mod:`solo.rules.offer_reads`). For a bot's play
(:attr:`Owed.offer_reads`, set by :mod:`.policy_play`) they read the values drawn so far and do
not trip the guard: the actions offered on them are on offer whatever the owed dice show, so
what the bot picks there is a play of the real game, a function of the state's key; a spend
the pick leads to still trips it. A guarded pool copied with its character stays guarded
(:meth:`Tripwire.guarded_copy`) and is fingerprinted by its values drawn
(:meth:`Tripwire.analysis_print`), so a conflict call runs its classes on copies without
drawing (:mod:`.fights`). The plain explorer (random, best, worst play) never lets them pass:
there the number of options, or the best of them, would change with the values not drawn.
"""

from __future__ import annotations

from typing import Any

from solo.rules.base import AnalysisOwes, AnalysisReaders, Character, hook
from solo.rules.offer_reads import reading_offers


class ReadOwed(BaseException):
    """A step read a resource with draws owed (a BaseException: the engine's own ``except
    Exception`` around effects and expressions must not take it for an error)."""


def _guarded(name: str) -> Any:
    base = getattr(list, name)

    def method(self: "Tripwire", *args: Any, **kwargs: Any) -> Any:
        if self.guard.asleep or (self.guard.offer_reads and reading_offers()):
            return base(self, *args, **kwargs)
        raise ReadOwed(f"a step read a resource with draws owed ({name})")

    method.__name__ = name
    return method


#: What a :class:`Tripwire` does not allow while awake: every way of reading a list (appending,
#: extending and ``+=`` stay allowed: gains only append).
READS = ("__iter__", "__len__", "__getitem__", "__contains__", "__reversed__", "__eq__", "__ne__",
         "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__mul__", "__rmul__", "__repr__",
         "__str__", "__reduce__", "__reduce_ex__", "__copy__", "__deepcopy__", "copy", "index",
         "count", "pop", "remove", "sort", "clear", "__setitem__", "__delitem__", "insert",
         "reverse", "__imul__", "__sizeof__", "__format__")


class Tripwire(list):
    """A list of the values drawn so far that may be appended to but not read, unless its
    guard (:class:`Owed`) is asleep."""

    __slots__ = ("guard",)

    def __init__(self, values: list[Any], guard: "Owed") -> None:
        super().__init__(values)
        self.guard = guard

    def drawn(self) -> list[Any]:
        """The values in it, as a plain list (without tripping it)."""
        return list.__getitem__(self, slice(None))

    def guarded_copy(self) -> "Tripwire":
        """A copy under the same guard (a character copied while dice are owed: the analyzer's
        runs of a conflict call on copies of its fighters, :mod:`.fights`); the copy of a
        character's resources asks for it (``Character.to_dict``)."""
        return Tripwire(self.drawn(), self.guard)

    def analysis_print(self) -> tuple[Any, ...]:
        """What a fingerprint of it holds (:func:`solo.adventure.odds.fingerprint`): the values
        drawn, marked as such; the count still owed is in the character's session, which the
        fingerprint holds too. Two characters alike there and in the values drawn play alike
        until a step reads the pool, and such a step draws the owed dice first."""
        return ("drawn, more owed", tuple(self.drawn()))


for _name in READS:
    if hasattr(list, _name):
        setattr(Tripwire, _name, _guarded(_name))


class Owed:
    """The ruleset's ``AnalysisOwes`` hook as the explorer uses it."""

    def __init__(self, ruleset: Any) -> None:
        self.hook = hook(ruleset, AnalysisOwes)
        self.readers = hook(ruleset, AnalysisReaders)
        #: While a check that does not read the guarded part rolls (:meth:`sleep_for`).
        self.asleep = False
        #: Whether reads that only decide which actions a conflict offers see the values drawn
        #: so far (a bot's play only: :mod:`solo.rules.offer_reads`, :mod:`.policy_play`).
        self.offer_reads = False

    def part(self, character: Character | None) -> str | None:
        """The resource a step must not read from ``character`` (None: nothing is owed)."""
        if self.hook is None or character is None:
            return None
        return self.hook.analysis_owed(character)

    def arm(self, character: Character, part: str) -> None:
        """Swap ``part`` for a :class:`Tripwire` holding its values."""
        values = character.resources.get(part)
        character.resources[part] = Tripwire(values if isinstance(values, list) else [], self)

    @staticmethod
    def disarm(character: Character | None) -> None:
        """Put back plain lists for every :class:`Tripwire` (after the step, before keying)."""
        if character is None:
            return
        for name, value in list(character.resources.items()):
            if type(value) is Tripwire:
                character.resources[name] = value.drawn()

    def settle(self, dice: Any, character: Character) -> None:
        """Draw what is owed (the step's first random events)."""
        self.disarm(character)
        if self.hook is not None:
            self.hook.analysis_settle(dice, character)

    def marked(self, character: Character) -> Character:
        """``character`` as the key of a step run with its dice left owed reads it: the count
        owed said only as "some" (the hook's ``analysis_owed_marked``); itself without the hook."""
        return character if self.hook is None else self.hook.analysis_owed_marked(character)

    def sleep_for(self, character: Character, spec: Any, read: frozenset[str]) -> None:
        """Let the rules of the check ``spec`` read ``character``'s guarded parts when the
        ruleset's readers hook names them unread by that check (``read``: the resources
        expressions read); see the module docstring."""
        guarded = [k for k, v in character.resources.items() if type(v) is Tripwire]
        if guarded and self.readers is not None:
            self.asleep = set(guarded) <= set(self.readers.analysis_unread([spec], False, False, read))

    def wake(self, character: Character | None) -> None:
        """The roll is over (its branch is next): guard again, and guard a part still owed
        that the rules replaced with a copy while asleep."""
        self.asleep = False
        part = self.part(character)
        if part is not None and type(character.resources.get(part)) is not Tripwire:  # type: ignore[union-attr]
            self.arm(character, part)  # type: ignore[arg-type]
