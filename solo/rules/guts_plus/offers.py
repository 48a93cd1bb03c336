"""GUTS+ bonus-pip placements: the choices a player is offered for a bonus die's pips.

This module owns the list of placements shown for pending bonus pips (the best split first,
then "all pips on die N" with what does not fit spilling on) and the words that describe them.
"""

from __future__ import annotations

from typing import Sequence

from solo.rules.guts_plus import odds as go


def dice_text(values: Sequence[int]) -> str:
    """Dice values for the player: ``"2 5 6"``."""
    return " ".join(str(v) for v in values)


#: At most this many placement offers for one bonus die (the best split included).
MAX_PLACEMENTS = 8
BEST = "best"
PLACE = "place:"


def spill_split(values: Sequence[int], pips: int, die: int) -> tuple[int, ...]:
    """The split for "all pips on die ``die``" (0-based): that die is raised up to 6, and what
    does not fit spills to the next die that can take it, in order after it, wrapping round to
    the first die. Pips are lost only when every die shows 6 (the Doubles Decision).

    ``spill_split([5, 5], 2, 0) == (1, 1)``: one pip raises die 1 to 6, the other spills to die 2.
    """
    split = [0] * len(values)
    left = pips
    for step in range(len(values)):
        index = (die + step) % len(values)
        take = min(left, 6 - values[index])
        split[index] = take
        left -= take
        if not left:
            break
    return tuple(split)


def placement_options(values: Sequence[int], pips: int) -> list[tuple[str, tuple[int, ...]]]:
    """Where a bonus die's pips may go: ``[(key, split)]``, the best split first (``best``),
    then "all pips on die N" (key ``str(N)``, 1-based, see :func:`spill_split`) in die order,
    for each die below 6.

    An option whose result (the values as a multiset: the reading ignores the dice's order)
    equals an earlier option's is left out, and the list stops at :data:`MAX_PLACEMENTS`.
    """
    found: list[tuple[str, tuple[int, ...]]] = []
    seen: set[tuple[int, ...]] = set()
    candidates = [(BEST, tuple(go.best_split(values, pips)))]
    candidates += [
        (str(n + 1), spill_split(values, pips, n)) for n in range(len(values)) if values[n] < 6
    ]
    for key, split in candidates:
        result = tuple(sorted(v + s for v, s in zip(values, split)))
        if result in seen:
            continue
        seen.add(result)
        found.append((key, split))
        if len(found) >= MAX_PLACEMENTS:
            break
    return found


def placement_text(values: Sequence[int], pips: int, key: str, split: Sequence[int]) -> str:
    raised = [v + s for v, s in zip(values, split)]
    lost = pips - sum(split)
    tail = f"{dice_text(raised)} → {go.WORDS[go.read_rank(raised)]}"
    if lost:
        tail += f" ({lost} lost)"
    if key == BEST:
        return f"Best split: {tail}"
    die = int(key) - 1
    spilled = sum(split) - split[die]
    spill = ""
    if spilled:
        to = [str(i + 1) for i, s in enumerate(split) if s and i != die]
        spill = (f" ({spilled} {'spills' if spilled == 1 else 'spill'} to "
                 f"{'die' if len(to) == 1 else 'dice'} {', '.join(to)})")
    return f"All pips on die {key}{spill}: {tail}"
