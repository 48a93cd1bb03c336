"""What ``solo validate`` learns from the Humanity, Blessed fight about a declared conflict.

Every problem is located inside the ``conflict:`` mapping: a parameter at ``params.<name>``; an
opponent or companion at its entry in ``opponents`` or ``companions`` (a fighter with no Hurt
or no Hurry die, or a die the game does not have); the player's side at ``procedure`` when a
pregenerated character cannot fight.
"""

from __future__ import annotations

from typing import Any

from solo.rules.conflict import ENEMY, PLAYER, ConflictSetup, Fighter, SetupProblem
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.tables import parse_target

NEEDED = ("hurt", "hurry")
SWITCHES = ("flee", "surrender", "lethal", "close", "history")


def param_problems(params: Any) -> list[SetupProblem]:
    found = []
    for name in SWITCHES:
        if name in params and not isinstance(params[name], bool):
            found.append(SetupProblem(("params", name), f"{name} must be true or false (got {params[name]!r})"))
    if "complex" in params:
        try:
            parse_target(params["complex"])
        except ValueError as exc:
            found.append(SetupProblem(("params", "complex"), "complex: " + str(exc).split(": ", 1)[-1]))
    return found



def fighter_problems(fighter: Fighter, path: tuple[Any, ...]) -> list[SetupProblem]:
    found = []
    stats = {str(k).lower(): v for k, v in fighter.character.stats.items()}
    who = "the player's character" if fighter.side == PLAYER else fighter.name
    if fighter.side == PLAYER and fighter.name:
        who = fighter.name
    missing = [s for s in NEEDED if s not in stats]
    if missing:
        names = " and ".join(s.title() for s in missing)
        found.append(SetupProblem(path, f"{who} has no {names} die: a fight's attacks roll Hurt and "
                                        "its first defences Hurry",
                                  "give them " + " and ".join(f"{s}: d4" for s in missing)))
    for stat, die in sorted(stats.items()):
        if not bumping.is_die(die):
            found.append(SetupProblem(path, f"{who}'s {stat} must be a die such as d4, d6, d8, d10 or "
                                            f"dc2 (got {die!r})"))
    return found


def setup_problems(setup: ConflictSetup) -> list[SetupProblem]:
    """Every reason the rules cannot run this fight."""
    found = param_problems(setup.params)
    if not setup.side(ENEMY):
        found.append(SetupProblem(("opponents",), "a fight needs at least one opponent", "add opponents:"))
    paths = setup.entry_paths()
    seen: set[str] = set()
    for fighter in setup.fighters:
        path = paths.get(fighter.key, ("procedure",))
        for problem in fighter_problems(fighter, path):
            if problem.message not in seen:
                seen.add(problem.message)
                found.append(problem)
    return found
