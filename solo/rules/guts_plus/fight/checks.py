"""What ``solo validate`` learns from the GUTS+ fight about a declared conflict.

Every problem is located inside the ``conflict:`` mapping: a parameter at ``params.<name>``, an
opponent or companion at its entry in ``opponents`` or ``companions`` (what they carry that the
fight cannot read, a weapon attacking with a quality they lack, a body of their own written
wrong, a defence quality they lack), the player's side at ``procedure`` (with the pregenerated
character named by the validator).
"""

from __future__ import annotations

from typing import Any, Mapping

from solo.rules.conflict import ENEMY, ConflictSetup, Fighter, SetupProblem
from solo.rules.guts_plus.fight import gear
from solo.rules.guts_plus.qualities import NEAR_POLICIES, display_name

FLAGS = ("flee", "surrender", "talk", "xp")


def param_problems(params: Mapping[str, Any]) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    for name in FLAGS:
        if name in params and not isinstance(params[name], bool):
            found.append(SetupProblem(("params", name), f"{name} must be true or false (got {params[name]!r})"))
    near = params.get("near", "oracle")
    if near not in NEAR_POLICIES:
        found.append(SetupProblem(("params", "near"), f"near must be oracle, success or failure (got {near!r})",
                                  "what a near success counts as for the aggressor"))
    defence = params.get("defence", "gumption")
    if not isinstance(defence, str) or not defence.strip():
        found.append(SetupProblem(("params", "defence"), f"defence must name a quality (got {defence!r})"))
    return found



def _body_problems(who: str, extra: Mapping[str, Any]) -> list[str]:
    own = extra.get("body_parts")
    found: list[str] = []
    if own is None:
        if "vital" in extra:
            found.append(f"{who} names a vital part without a body of its own (body_parts)")
        return found
    if not isinstance(own, list) or not own or not all(isinstance(p, str) and p.strip() for p in own):
        return [f"{who}'s body_parts must list the names of its parts (got {own!r})"]
    vital = extra.get("vital")
    if vital is not None and (not isinstance(vital, str)
                              or vital.strip().lower() not in [p.strip().lower() for p in own]):
        found.append(f"{who}'s vital part {vital!r} is not one of its body_parts")
    return found


def fighter_problems(fighter: Fighter, setup: ConflictSetup, path: tuple[Any, ...],
                     defence: str) -> list[SetupProblem]:
    found: list[SetupProblem] = []
    character = fighter.character
    player = fighter.side == "player"
    who = "the player" if player else fighter.name
    for message in _body_problems(who, character.extra):
        found.append(SetupProblem(path, message, "list its parts, e.g. body_parts: [skin, core], vital: core"))
    if not gear.has_quality(character, defence):
        found.append(SetupProblem(("params", "defence") if player else path,
                                  f"{who} has no {display_name(defence)} to defend with",
                                  f"give {who} the quality, or defend with a core quality"))
    for item in dict.fromkeys(character.items):
        rules = setup.items.get(item)
        if not rules:
            continue
        name = setup.item_names.get(item, item)
        messages = gear.item_problems(rules)
        for message in messages:
            found.append(SetupProblem(path, f"{who} carries {name} ({item}): {message}"))
        weapon = gear.read_weapon(item, name, rules) if not messages else None
        if weapon is not None and not gear.has_quality(character, weapon.quality) and not player:
            found.append(SetupProblem(path, f"{who} carries {name}, which attacks with "
                                            f"{display_name(weapon.quality)}, a quality {who} lacks",
                                      "give them the quality, or set the weapon's quality"))
    return found


def setup_problems(setup: ConflictSetup) -> list[SetupProblem]:
    """Every reason the rules cannot run this fight."""
    found = param_problems(setup.params)
    defence = setup.params.get("defence", "gumption")
    defence = defence if isinstance(defence, str) and defence.strip() else "gumption"
    if not setup.side(ENEMY):
        found.append(SetupProblem(("opponents",), "a fight needs at least one opponent", "add opponents:"))
    paths = setup.entry_paths()
    seen: set[str] = set()
    for fighter in setup.fighters:
        path = paths.get(fighter.key, ("procedure",))
        for problem in fighter_problems(fighter, setup, path, defence):
            if problem.message not in seen:
                seen.add(problem.message)
                found.append(problem)
    return found
