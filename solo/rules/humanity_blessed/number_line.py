"""The endeavor's number line in Humanity, Blessed: spaces moved for an outcome size, the Focal
Action's advantage movement, and moving a character along the line.

Pure functions of numbers and names; an endeavor that runs them round by round builds on these.
"""

from __future__ import annotations

from typing import Mapping

from solo.rules.humanity_blessed.tables import SIZES, err

SPACES = dict(zip(SIZES, (1, 2, 3, 5, 8, 13)))


def spaces_for_size(size: str) -> int:
    """Endeavor spaces moved for an outcome size: 1, 2, 3, 5, 8, 13."""
    if size not in SPACES:
        raise err(f"outcome size must be one of {', '.join(SIZES)} (got {size!r})")
    return SPACES[size]


def advantage_movement(rolls: Mapping[str, int]) -> dict[str, int]:
    """Focal Action advantage: the single highest roller moves by their roll; on a tie for the
    highest, nobody does. Every roller is listed (0 for no move)."""
    moves = {name: 0 for name in sorted(rolls)}
    if not rolls:
        return moves
    best = max(rolls.values())
    leaders = [name for name, value in rolls.items() if value == best]
    if len(leaders) == 1:
        moves[leaders[0]] = max(0, best)
    return moves


def move_on_line(positions: Mapping[str, int], name: str, spaces: int) -> dict[str, int]:
    """A new number line with ``name`` moved forward ``spaces`` (everyone starts at 0)."""
    moved = dict(positions)
    moved[name] = moved.get(name, 0) + spaces
    return moved
