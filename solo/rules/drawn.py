"""A random event of the rules whose outcome classes are known: drawn die by die in play, one
branch per class in ``solo analyze``.

``drawn(dice, name, classes, run)`` plays ``run(dice)`` (the rules' own die-by-die code, so a
game's dice and seeds are untouched). Dice that know how to branch (the analyzer's: a method
``draw_classes``) instead pick one class of ``classes()`` (``(list of (probability, faces)),
probability left out``, or None: then drawn die by die after all; ``faces`` the dice of one draw of the class, in the order ``run``
draws them) and play ``run`` on those faces. Two draws of one class must be alike for every
later rule; the ruleset that gives the classes says why in its docstring.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, TypeAlias, TypeVar

from solo.rules.dice import Dice

T = TypeVar("T")
Classes: TypeAlias = "tuple[list[tuple[Fraction, list[Any]]], Fraction] | None"


def drawn(dice: Dice, name: str, classes: Callable[[], Classes], run: Callable[[Dice], T]) -> T:
    """``run(dice)``, or one class of ``classes()`` played when ``dice`` branch by class."""
    own = getattr(dice, "draw_classes", None)
    if own is None:
        return run(dice)
    return own(name, classes, run)
