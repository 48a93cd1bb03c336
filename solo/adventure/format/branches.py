"""Which branch a roll's outcome or a conflict's result takes: the rules, each written once.

A check's ``outcomes`` are keyed by the system's outcome labels, by a size the system names
(Humanity, Blessed ``major``), or by the generic ``success`` / ``failure``. :func:`check_branch` is
the one rule the engine follows after a roll and ``solo graph`` follows to draw its edges; a
contest's ``draw`` without its own branch takes none (the choice's ``goto``, or the player picks
again). A conflict's result takes its own branch, else the branch its fallbacks lead to
(:func:`conflict_branch`; ``fled`` -> ``lost``), for the engine, the validator and the graph alike.
"""

from __future__ import annotations

from typing import Callable, Mapping, TypeVar

__all__ = ["DRAW", "FAILURE", "GENERIC_OUTCOMES", "SUCCESS", "check_branch", "check_branch_key", "conflict_branch"]

SUCCESS = "success"
FAILURE = "failure"
#: Outcome labels every system understands: each catches the labels the system counts as such.
GENERIC_OUTCOMES: tuple[str, ...] = (SUCCESS, FAILURE)
#: A contest neither side won (GAME, FOUR-S): no generic branch catches it.
DRAW = "draw"

B = TypeVar("B")


def check_branch_key(outcomes: Mapping[str, object], outcome: str, success: bool,
                     size: object = None) -> str | None:
    """The key of the branch a check or contest takes for ``outcome`` (whether the system counts
    it a ``success``, and the size it measured, if any): the label's own branch, else the size's,
    else none for a draw, else the generic ``success`` or ``failure`` branch; None when the
    adventure gives none of them."""
    if outcome in outcomes:
        return outcome
    if isinstance(size, str) and size in outcomes:
        return size
    if outcome == DRAW:
        return None
    generic = SUCCESS if success else FAILURE
    return generic if generic in outcomes else None


def check_branch(outcomes: Mapping[str, B], outcome: str, success: bool, size: object = None) -> B | None:
    """The branch itself (see :func:`check_branch_key`), or None."""
    key = check_branch_key(outcomes, outcome, success, size)
    return None if key is None else outcomes[key]


def conflict_branch(outcomes: Mapping[str, B], result: str,
                    fallback: Callable[[str], str | None]) -> B | None:
    """The branch a conflict that ended ``result`` takes: its own, else the first its chain of
    fallbacks (``fallback(label)``, the procedure's) reaches; None when none does."""
    seen: set[str] = set()
    label: str | None = result
    while label is not None and label not in seen:
        if label in outcomes:
            return outcomes[label]
        seen.add(label)
        label = fallback(label)
    return None
