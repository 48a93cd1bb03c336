"""How the engine plays everyone in an endeavour but the player: rivals, pursuers, monstrosities
and the player's companions, as a fair GM would, by a named behaviour.

The engine's characters declare their action before the player (a GM says what the others
attempt as everyone rolls), so the player sees it and the odds shown are exact. Any tie between
equally good choices is broken in a fixed order (the line's order of participants), so the same
seed and the same decisions give the same endeavour.

Behaviours (the conflict's ``behaviour``, or an opponent's own; companions play the conflict's):

* ``steady`` (the default): every round a check with its best stat (the highest mean among the
  stats it may roll); never contests anyone, never spends blessing dice. A steady monstrosity
  that gains the advantage tries to Capture the opponent furthest along, giving back what the
  advantage just gave it (the target is its roll), when that is 3 or more.
* ``bold``: contests the opponent furthest ahead of it with the stat that favours it most (then
  its highest roll, for the focus), when
  one is ahead and contests are allowed (an opponent it contests loses its own side action);
  otherwise a check with its best stat. After the focus rolls it spends blessing dice on Help
  when one or two would make its roll the highest (and so, in a race, faces the endurance
  check). A bold monstrosity that gains the advantage gives back every space it holds to
  Capture (a higher target, a bigger risk).

Checks the engine's characters must make (escaping a Capture, taking a glimmer, hiding when
made, coming back after a Capture) use the stat with the best exact chance of success. They
always try for a glimmer, and their side drives a monstrosity off as soon as its stamina allows
when the player is not there to decide.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Sequence

from solo.rules.base import Character
from solo.rules.humanity_blessed.endeavours.rolls import mean_of

BEHAVIOURS = ("steady", "bold")
#: A Capture whose target is below this is not worth the spaces: every roll makes 2 or more.
LEAST_CAPTURE = 3


def known(behaviour: str) -> str:
    return behaviour if behaviour in BEHAVIOURS else BEHAVIOURS[0]


def best_stat(character: Character, stats: Sequence[str]) -> str | None:
    """The stat with the highest mean roll among ``stats`` the character has (first on a tie)."""
    best, value = None, Fraction(-1)
    for stat in stats:
        if stat not in character.stats:
            continue
        mean = mean_of(character, stat)
        if mean > value:
            best, value = stat, mean
    return best


def declare(
    behaviour: str,
    me: Character,
    stats: Sequence[str],
    ahead: Sequence[tuple[str, Character]],
    contests: bool,
) -> dict[str, str]:
    """This round's action: ``{"do": "check", "stat": s}`` or ``{"do": "contest", "target": key,
    "stat": s}``. ``ahead`` are the opponents in the endeavour further along than this
    character, furthest first."""
    stat = best_stat(me, stats)
    if known(behaviour) == "bold" and contests:
        for key, other in ahead:
            shared = [s for s in stats if s in me.stats and s in other.stats]
            if shared:
                pick = max(shared, key=lambda s: (mean_of(me, s) - mean_of(other, s), mean_of(me, s),
                                                  -shared.index(s)))
                return {"do": "contest", "target": key, "stat": pick}
    if stat is None:
        return {"do": "sit"}
    return {"do": "check", "stat": stat}


def help_dice(behaviour: str, mine: int, best_other: int | None, usable: int) -> int:
    """Blessing dice to spend on Help for a focus roll of ``mine`` against the best other roll:
    bold spends one (+1) when that makes it the highest, two (+dc2) when it is one behind."""
    if known(behaviour) != "bold" or best_other is None or mine > best_other:
        return 0
    if usable >= 1 and mine + 1 > best_other:
        return 1
    if usable >= 2 and mine + 2 > best_other:
        return 2
    return 0


def capture_spaces(behaviour: str, gained: int, position: int) -> int:
    """How far back a monstrosity that just gained ``gained`` spaces of advantage moves to
    Capture (0: it does not try)."""
    spaces = position if known(behaviour) == "bold" else min(gained, position)
    return spaces if spaces >= LEAST_CAPTURE else 0


def capture_victim(candidates: Sequence[tuple[str, int]]) -> str | None:
    """Whom a monstrosity tries to Capture: the opponent furthest along (the first listed among
    equals, the player being listed first)."""
    if not candidates:
        return None
    furthest = max(pos for _, pos in candidates)
    return next(key for key, pos in candidates if pos == furthest)


def surest_stat(stats: Sequence[str], chance: Callable[[str], Fraction]) -> str | None:
    """The stat with the best chance of success (the first on a tie)."""
    best, value = None, Fraction(-1)
    for stat in stats:
        p = chance(stat)
        if p > value:
            best, value = stat, p
    return best
