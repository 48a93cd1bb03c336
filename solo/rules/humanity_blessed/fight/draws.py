"""The random stages of a Humanity, Blessed fight, each one event for ``solo analyze``.

:func:`roll` is how the fight throws an action's roll and closes a contest: in play it runs the
rules on the fight's dice (nothing else happens); for the analyzer's dice it is one random event
(:func:`solo.rules.drawn.drawn`) whose classes are those of :mod:`.roll_classes`, so a round of
the fight branches on the few results each roll has, not on its faces.

Before the event, dice that watch the fight (a method ``fight_point``: the fight's walker,
:mod:`.call_walk`) are told where the fight stands: the look at the fight (its state and
fighters), the event's name and its ``context``, everything the rest of the call reads that is
not in the fight's state or characters (the action being rolled). Two moments alike in all of
these play on alike, so the walker merges them.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from solo.rules.base import Character
from solo.rules.dice import Dice, RollRecord
from solo.rules.drawn import drawn
from solo.rules.humanity_blessed.fight.roll_classes import roll_classes


def roll(dice: Dice, look: Any, name: str, context: Hashable, run: Callable[..., RollRecord],
         characters: Sequence[Character], *inputs: Any) -> RollRecord:
    """``run(dice, *characters)``, one random event for the analyzer (module docstring).
    ``run`` must read nothing but its dice and the characters given (it is also run on copies
    of them); ``inputs`` are what else it depends on, for the memo of its classes."""
    watch = getattr(dice, "fight_point", None)
    if watch is not None:
        watch(look, name, context)
    return drawn(dice, name, lambda: roll_classes(name, run, characters, context, *inputs),
                 lambda d: run(d, *characters))
