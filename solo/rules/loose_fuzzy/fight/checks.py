"""What ``solo validate`` learns from the Loose and Fuzzy fight about a declared conflict.

Every problem is located inside the ``conflict:`` mapping: a parameter at ``params.<name>``, an
opponent or companion at its entry in ``opponents`` or ``companions`` (their missing abilities
and the broken ``rules:`` of what they carry), the player's side at ``params.ability`` or at
``procedure`` when a pregenerated character cannot fight.
"""

from __future__ import annotations

from typing import Any

from solo.rules.conflict import ENEMY, ConflictSetup, Fighter, SetupProblem
from solo.rules.loose_fuzzy.fight import gear

FLEE_HINT = "a whole number of Advantage Points (2 for most escapes, 4 for a hard one), or false"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def param_problems(params: Any) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    ability = params.get("ability", "body")
    if not isinstance(ability, str) or not ability.strip():
        found.append(SetupProblem(("params", "ability"), f"ability must be an ability's name (got {ability!r})"))
    flee = params.get("flee", 2)
    if not (isinstance(flee, bool) or (_whole(flee) and 1 <= flee <= 20)):
        found.append(SetupProblem(("params", "flee"), f"flee must be 1 to 20 or false (got {flee!r})", FLEE_HINT))
    for name in ("surrender", "lethal"):
        if name in params and not isinstance(params[name], bool):
            found.append(SetupProblem(("params", name), f"{name} must be true or false (got {params[name]!r})"))
    crowd = params.get("crowd", gear.DEFAULT_CROWD)
    if not (_whole(crowd) and 2 <= crowd <= 50):
        found.append(SetupProblem(("params", "crowd"), f"crowd must be a whole number from 2 to 50 (got {crowd!r})",
                                  "how many opponents at once count as a crowd (two dice fewer)"))
    return found



def fighter_problems(fighter: Fighter, setup: ConflictSetup, path: tuple[Any, ...], base: str) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    character = fighter.character
    who = "the player" if fighter.side == "player" else fighter.name
    if gear.loadout(character, setup.items, setup.item_names, base) is None:
        where = ("params", "ability") if fighter.side == "player" else path
        found.append(SetupProblem(where, f"{who} has no {base} to fight with",
                                  f"give {who} {base}, or a weapon whose `fits` names one of their abilities"))
    if gear.ability_key(character, "tenacity") is None:
        found.append(SetupProblem(path, f"{who} has no Tenacity: each new wound calls for a Tenacity roll of 7",
                                  "give them tenacity"))
    weapon = character.extra.get("weapon")
    if weapon is not None and weapon not in gear.LETHALITY:
        found.append(SetupProblem(path, f"{who}'s natural weapon must be one of {', '.join(gear.LETHALITY)} "
                                        f"(got {weapon!r})"))
    for item in character.items:
        rules = setup.items.get(item)
        if not rules:
            continue
        name = setup.item_names.get(item, item)
        for message in gear.item_problems(rules):
            found.append(SetupProblem(path, f"{who} carries {name} ({item}): {message}"))
    return found


def setup_problems(setup: ConflictSetup) -> list[SetupProblem]:
    """Every reason the rules cannot run this fight."""
    found = param_problems(setup.params)
    base = setup.params.get("ability", "body")
    base = base if isinstance(base, str) and base.strip() else "body"
    if not setup.side(ENEMY):
        found.append(SetupProblem(("opponents",), "a fight needs at least one opponent", "add opponents:"))
    paths = setup.entry_paths()
    seen: set[str] = set()
    for fighter in setup.fighters:
        path = paths.get(fighter.key, ("procedure",))
        for problem in fighter_problems(fighter, setup, path, base):
            if problem.message not in seen:
                seen.add(problem.message)
                found.append(problem)
    return found
