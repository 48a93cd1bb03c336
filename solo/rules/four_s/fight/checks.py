"""What ``solo validate`` learns from the four-s fight about a declared conflict.

Every problem is located inside the ``conflict:`` mapping: a parameter at ``params.<name>``
(a zone, an access list entry, a starting place, an exit, a role-play move's key), an opponent
at its entry in ``opponents`` (actions it cannot take, a reach it cannot have). Item rules are
checked where the items are declared (:meth:`Fight.item_problems`, asked for every item).
"""

from __future__ import annotations

from typing import Any

from solo.rules.conflict import ENEMY, PLAYER, ConflictSetup, Fighter, SetupProblem
from solo.rules.four_s.fight import pool
from solo.rules.four_s.fight.battle import ENEMY_ACTIONS
from solo.rules.four_s.fight.moves import move_problems
from solo.rules.four_s.fight.zones import zone_problems
from solo.rules.four_s.ruleset import lookup_stat, stat_tiers


def param_problems(params: Any) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    difficulty = params.get("difficulty", pool.DEFAULT_DIFFICULTY)
    if difficulty not in pool.DIFFICULTIES:
        found.append(SetupProblem(("params", "difficulty"),
                                  f"difficulty must be easy, normal or hard (got {difficulty!r})",
                                  "easy: half the party's SP in Health; normal: the SP; hard: twice"))
    first = params.get("first", "enemy")
    if first not in ("enemy", "player"):
        found.append(SetupProblem(("params", "first"), f"first must be enemy or player (got {first!r})"))
    for name in ("heal", "surrender"):
        if name in params and not isinstance(params[name], bool):
            found.append(SetupProblem(("params", name), f"{name} must be true or false (got {params[name]!r})"))
    return found


def opponent_problems(fighter: Fighter, path: tuple[Any, ...]) -> list[SetupProblem]:
    extra = fighter.character.extra
    found: list[SetupProblem] = []
    actions = extra.get("actions")
    if actions is not None:
        if not isinstance(actions, list) or not actions:
            found.append(SetupProblem(path, f"{fighter.name}: extra.actions lists what it does in a fight "
                                            f"({', '.join(ENEMY_ACTIONS)})"))
        else:
            for action in actions:
                if action not in ENEMY_ACTIONS:
                    found.append(SetupProblem(path, f"{fighter.name} has an action the four-s fight does not "
                                                    f"know: {action!r}", f"one of {', '.join(ENEMY_ACTIONS)}"))
    reach = extra.get("reach")
    if reach is not None and reach not in ("melee", "ranged"):
        found.append(SetupProblem(path, f"{fighter.name}: extra.reach is melee or ranged (got {reach!r})"))
    return found


def _opponent_paths(setup: ConflictSetup) -> dict[str, tuple[Any, ...]]:
    paths: dict[str, tuple[Any, ...]] = {}
    npcs: list[str] = []
    for f in setup.side(ENEMY):
        if f.npc not in npcs:
            npcs.append(str(f.npc))
        paths[f.key] = ("opponents", npcs.index(str(f.npc)))
    return paths


def setup_problems(setup: ConflictSetup) -> list[SetupProblem]:
    """Every reason the rules cannot run this fight."""
    params = setup.params
    found = param_problems(params)
    found.extend(zone_problems(params, setup.fighters))
    raw = params.get("zones")
    zones = {str(z) for z in raw} if isinstance(raw, dict) else set()
    found.extend(move_problems(params, zones))
    if not setup.side(ENEMY):
        found.append(SetupProblem(("opponents",), "a fight needs at least one opponent", "add opponents:"))
    seen: set[str] = set()
    paths = _opponent_paths(setup)
    for f in setup.side(ENEMY):
        for problem in opponent_problems(f, paths[f.key]):
            if problem.message not in seen:
                seen.add(problem.message)
                found.append(problem)
    player = next((f for f in setup.fighters if f.side == PLAYER), None)
    moves = params.get("roleplay")
    if player is not None and isinstance(moves, list):
        for n, entry in enumerate(moves):
            stat = lookup_stat(entry.get("stat")) if isinstance(entry, dict) else None
            if stat is not None and stat_tiers(player.character, stat) is None:
                found.append(SetupProblem(("params", "roleplay", n, "stat"),
                                          f"the player has no {stat} to roll for this move",
                                          "give every pregenerated character the stat, or pick another"))
    return found
