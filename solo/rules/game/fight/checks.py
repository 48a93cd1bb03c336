"""What ``solo validate`` learns from the GAME fight about a declared conflict.

Every problem is located inside the ``conflict:`` mapping: a parameter at ``params.<name>`` (a
distance for an npc at ``params.distance.<npc>``), an opponent or companion at its entry in
``opponents`` or ``companions`` (no rating in the skill any attack of theirs rolls, a natural
AR the book cannot have, a carried item whose ``rules:`` the fight cannot read, naming the item
and the property), the player's side at ``procedure``.

:func:`reachable_results` is the procedure's honest ``possible_results``: ``won`` only if every
opponent can be hurt (or runs) by someone on the player's side, ``lost`` only if some opponent can
hurt the player, ``fled`` and ``surrendered`` only where the adventure allows them.
"""

from __future__ import annotations

from typing import Any

from solo.rules.base import RulesError
from solo.rules.conflict import ALLY, ENEMY, FLED, LOST, SURRENDERED, WON, ConflictSetup, Fighter, SetupProblem
from solo.rules.game.character import notable_characteristic, skill_rating, talents
from solo.rules.game.fatigue import check_fatigue, read_fatigue
from solo.rules.game.fight import policy
from solo.rules.game.fight.kit import DIFFICULTY_LEVELS, MAX_HIDE, Weapon, item_problems, read_kit
from solo.rules.game.fight.turn import DEFEATS, MAX_DISTANCE, SURPRISE
from solo.rules.game.skills import CHARACTERISTIC_OF


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def param_problems(setup: ConflictSetup) -> list[SetupProblem]:
    params = setup.params
    found: list[SetupProblem] = []
    distance = params.get("distance", 0)
    npcs = {str(f.npc) for f in setup.side(ENEMY)}
    span = f"a whole number of movement units from 0 (in melee) to {MAX_DISTANCE}"
    if isinstance(distance, dict):
        for npc, value in distance.items():
            if npc not in npcs:
                found.append(SetupProblem(("params", "distance", npc), f"distance: {npc!r} is not an opponent here",
                                          f"opponents: {', '.join(sorted(npcs))}"))
            elif not (_whole(value) and 0 <= value <= MAX_DISTANCE):
                found.append(SetupProblem(("params", "distance", npc), f"distance of {npc} must be {span} (got {value!r})"))
    elif not (_whole(distance) and 0 <= distance <= MAX_DISTANCE):
        found.append(SetupProblem(("params", "distance"), f"distance must be {span}, or npc id -> that (got {distance!r})"))
    difficulty = params.get("difficulty", "easy")
    if difficulty not in DIFFICULTY_LEVELS:
        found.append(SetupProblem(("params", "difficulty"),
                                  f"difficulty must be easy, challenging or hard (got {difficulty!r})"))
    for name in ("flee", "surrender"):
        if name in params and not isinstance(params[name], bool):
            found.append(SetupProblem(("params", name), f"{name} must be true or false (got {params[name]!r})"))
    if params.get("surprise", "none") not in SURPRISE:
        found.append(SetupProblem(("params", "surprise"),
                                  f"surprise must be none, player or foes (got {params['surprise']!r})",
                                  "player: the foes catch the player's side unawares; foes: the other way round"))
    if "frontage" in params and not (_whole(params["frontage"]) and 1 <= params["frontage"] <= 20):
        found.append(SetupProblem(("params", "frontage"),
                                  f"frontage must be a whole number of opponents from 1 to 20 (got {params['frontage']!r})"))
    if "defeat" in params and params["defeat"] not in DEFEATS:
        found.append(SetupProblem(("params", "defeat"), f"defeat must be one of {', '.join(DEFEATS)} "
                                                         f"(got {params['defeat']!r})"))
    if "defeats" in params:
        value = params["defeats"]
        if not isinstance(value, list) or not value:
            found.append(SetupProblem(("params", "defeats"), f"defeats is a list of {', '.join(DEFEATS)} "
                                                              f"(got {value!r})"))
        else:
            for n, kind in enumerate(value):
                if kind not in DEFEATS:
                    found.append(SetupProblem(("params", "defeats", n), f"defeats: {kind!r} is not one of "
                                                                        f"{', '.join(DEFEATS)}"))
    return found



def fighter_problems(fighter: Fighter, setup: ConflictSetup, path: tuple[Any, ...]) -> list[SetupProblem]:
    character = fighter.character
    who = "the player" if fighter.side == "player" else fighter.name
    found: list[SetupProblem] = []
    for item in character.items:
        rules = setup.items.get(item) or {}
        name = setup.item_names.get(item, item)
        for _, message in item_problems(rules):
            found.append(SetupProblem(path, f"{who} carries {name} ({item}): {message}"))
    hide = character.extra.get("ar")
    if hide is not None and not (_whole(hide) and 0 <= hide <= MAX_HIDE):
        found.append(SetupProblem(path, f"{who}'s natural AR (extra.ar) must be a whole number from 0 to {MAX_HIDE} "
                                        f"(got {hide!r})"))
    if "humanoid" in character.extra and not isinstance(character.extra["humanoid"], bool):
        found.append(SetupProblem(path, f"{who}'s extra.humanoid must be true or false"))
    try:
        check_fatigue(character)
    except RulesError as exc:
        found.append(SetupProblem(path, f"{who}: {exc}"))
    if fighter.side != "player" and not found:  # (an unreadable weapon leaves it bare-handed)
        kit = read_kit(character, setup.items, setup.item_names)
        if all(skill_rating(character, w.skill) <= 0 for w in kit.weapons):
            attacks = ", ".join(f"{w.skill} for its {'bare hands' if not w.id else w.name}" for w in kit.weapons)
            found.append(SetupProblem(path, f"{who} has no rating in the skill its attack rolls ({attacks})",
                                      f"give {who} a rating in it, or a weapon of a skill it has"))
    return found


def setup_problems(setup: ConflictSetup) -> list[SetupProblem]:
    """Every reason the rules cannot run this fight."""
    found = param_problems(setup)
    if not setup.side(ENEMY):
        found.append(SetupProblem(("opponents",), "a fight needs at least one opponent", "add opponents:"))
    paths = setup.entry_paths()
    seen: set[str] = set()
    for fighter in setup.fighters:
        for problem in fighter_problems(fighter, setup, paths.get(fighter.key, ("procedure",))):
            if problem.message not in seen:
                seen.add(problem.message)
                found.append(problem)
    return found


# -- cautions: the book's rules, playing badly ---------------------------------------------------
def escape_reach(ruleset: Any, character: Any) -> int:
    """The highest excess the character's Easy Wilderness/Escape check can make (what a snare's
    intensity must not pass for them to ever get free)."""
    odds = ruleset.check_odds(character, {"stat": "Wilderness/Escape", "difficulty": "easy"})
    reached = [e for e, p in odds.distributions["excess"].items() if p > 0]
    return max(reached) if reached else -1


def snare_cautions(ruleset: Any, setup: ConflictSetup) -> list[SetupProblem]:
    """A warning for each opponent whose snare can hold the player for good.

    The book's rule stands: a snare's intensity is its hit's excess, and only an escape check
    whose excess reaches it frees the target, so a player whose best escape excess is below the
    best hit the opponent's snare can make has an escape chance of 0 from such a hit."""
    player = setup.player
    try:
        reach = escape_reach(ruleset, player.character)
    except RulesError:
        return []
    found: list[SetupProblem] = []
    paths = setup.entry_paths()
    for foe in setup.side(ENEMY):
        kit = read_kit(foe.character, setup.items, setup.item_names)
        for weapon in kit.weapons:
            if not weapon.ensnare:
                continue
            band = foe.group or foe.npc or foe.key
            pooled = sum((f.group or f.npc or f.key) == band for f in setup.side(ENEMY)) >= 2
            worst = _most_dice(foe, weapon, pooled)
            if worst > reach:
                who = player.character.name or "the player"
                found.append(SetupProblem(
                    paths.get(foe.key, ("opponents",)),
                    f"{foe.name}'s {weapon.name} can hold {who} for good: a hit of intensity "
                    f"{reach + 1 if reach + 1 == worst else f'{reach + 1} to {worst}'} leaves an escape "
                    f"chance of 0 (Wilderness/Escape excess at most {max(reach, 0)})",
                    "the book's rule; give the character more Wilderness/Escape, or the fight a way "
                    "out (surrender: true, or fewer rounds and an at_limit result)", warning=True))
    return found


# -- what the fight can end with ---------------------------------------------------------------
def _most_dice(fighter: Fighter, weapon: Weapon, pooled: bool) -> int:
    """The most damage dice one hit can roll: the best excess (rating + bonus), at least 1 when
    an extra die can make the success, plus a riposte's excess for a parrying blade."""
    character = fighter.character
    rating = skill_rating(character, weapon.skill)
    best = rating + weapon.bonus
    if pooled or notable_characteristic(character) == CHARACTERISTIC_OF[weapon.skill]:
        best = max(best, 1)
    if weapon.kind == "blade":
        best += min(talents(character).get("Hack/Slash", 0), skill_rating(character, "Hack/Slash"))
    return max(0, best)


def can_hurt(attacker: Fighter, target: Fighter, setup: ConflictSetup, pooled: bool) -> bool:
    """Whether some hit of ``attacker`` can cost ``target`` FP (each die 1, a critical 2, less AR)."""
    kit = read_kit(attacker.character, setup.items, setup.item_names)
    theirs = read_kit(target.character, setup.items, setup.item_names)
    levels = kit.talents
    for weapon in kit.weapons:
        ignore = 0
        if weapon.kind == "unarmed" and weapon.skill == "Throw/Ensnare" and theirs.humanoid:
            ignore = levels.get("Throw/Ensnare", 0)
        elif weapon.kind == "mount":
            ignore = levels.get("Ride/Pilot", 0)
        if 2 * _most_dice(attacker, weapon, pooled) - max(0, theirs.ar - ignore) > 0:
            return True
    return False


def reachable_results(ruleset: Any, setup: ConflictSetup) -> tuple[str, ...]:
    params = setup.params
    flee = params.get("flee", True) is not False
    player = setup.player
    mine = [f for f in setup.fighters if f.side != ENEMY]
    foes = setup.side(ENEMY)
    allies = len(setup.side(ALLY))

    def removable(foe: Fighter) -> bool:
        runs = flee and foe.behaviour == "cautious" and read_fatigue(foe.character).fp <= policy.FLEE_AT
        return runs or any(can_hurt(f, foe, setup, f.side == ALLY and allies >= 2) for f in mine)

    found = []
    if all(removable(foe) for foe in foes):
        found.append(WON)
    counts: dict[str, int] = {}
    for foe in foes:
        group = foe.group or foe.npc or foe.key
        counts[group] = counts.get(group, 0) + 1
    if any(can_hurt(foe, player, setup, counts[foe.group or foe.npc or foe.key] >= 2) for foe in foes):
        found.append(LOST)
    if flee:
        found.append(FLED)
    if params.get("surrender") is True:
        found.append(SURRENDERED)
    return tuple(found)
