"""How the engine plays every GUTS+ fighter but the player: the behaviours of a fight.

A fair GM running the other side: each engine fighter, on its turn, picks one thing to do, a
target, a weapon and where to aim; when hit it may react. Ties between equally good choices go
to the player first (a GM's monsters come for the hero), then to the fight's own seeded dice,
so the same seed and the same decisions give the same fight.

Behaviours (the conflict's ``behaviour``, or an opponent's own; companions play the
conflict's):

* ``steady`` (the default): fights whoever last attacked it, else the player; swings wherever
  the blow lands (the location is rolled); when a blow comes at its head, reacts by taking it
  on another part; re-adjusts protection knocked loose from its head; pursues a fleeing foe.
* ``reckless``: goes for the most hurt foe, aims at the head, never reacts, never re-adjusts,
  pursues; never gives up.
* ``cautious``: fights whoever last attacked it, else the foe who rolls the fewest dice against
  it; first looks for a weak spot (a Thought check) when its Thought is 2 or more; aims at the
  part its target already has hurt, to disable it; reacts to any blow that would disable a part
  or knock it out; re-adjusts any protection knocked loose; lets a fleeing foe go; and, on the
  other side, runs once a part is disabled or its head is hurt (if it still has a leg to run
  on, or no legs at all). A cautious companion holds its
  turn (after the first round) until the player has acted, so the player may call on its help.

Every fighter attacks with the weapon that gives it the best chance against its target (then
the one that hurts more).

A steady or cautious fighter that carries a remedy (an item that ``heals``) uses it on its turn
instead of fighting: on a knocked-out fighter of its side it would bring round, else on the one
of its side (itself first) whose vital part is hurt (:func:`remedy_to_use`); a reckless one
never stops to heal. Essence strikes the file gives a fighter are among its weapons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from solo.rules.base import Character
from solo.rules.dice import Dice
from solo.rules.guts_plus.body import PROTECTION_MARKS, UNCONSCIOUS, heal, injure, injuries, unconscious, vital_part
from solo.rules.guts_plus.fight import gear
from solo.rules.guts_plus.qualities import quality_level

if TYPE_CHECKING:
    from solo.rules.guts_plus.fight.procedure import Bout

BEHAVIOURS = ("steady", "reckless", "cautious")
PURSUERS = ("steady", "reckless")


def behaviour_of(bout: "Bout", key: str) -> str:
    found = bout.by_key[key].behaviour
    return found if found in BEHAVIOURS else BEHAVIOURS[0]


def pick(dice: Dice, candidates: Sequence[str], player: str) -> str:
    """One of equally good candidates: the player if among them, else one by the dice."""
    if player in candidates:
        return player
    if len(candidates) == 1:
        return candidates[0]
    return candidates[dice.roll(len(candidates)) - 1]


def hurt(bout: "Bout", key: str) -> int:
    return sum(injuries(bout.character(key)).values())


def choose_target(bout: "Bout", key: str, dice: Dice) -> str:
    behaviour = behaviour_of(bout, key)
    foes = bout.foes(key)
    last = bout.state["last_attacker"].get(key)
    if behaviour == "reckless":
        most = max(hurt(bout, f) for f in foes)
        return pick(dice, [f for f in foes if hurt(bout, f) == most], bout.player)
    if last in foes:
        return last
    if behaviour == "cautious":
        dice_of = {f: bout.defence_dice(f) for f in foes}
        low = min(dice_of.values())
        return pick(dice, [f for f in foes if dice_of[f] == low], bout.player)
    return pick(dice, foes, bout.player)


def choose_weapon(bout: "Bout", key: str, target: str) -> gear.Weapon:
    weapons = bout.weapons(key)
    return max(weapons, key=lambda w: (bout.attack_chance(key, target, w, None)[0], w.injuries,
                                       w.sharp or w.piercing))


def choose_aim(bout: "Bout", key: str, target: str) -> str | None:
    """Where to aim, or None to let the blow land where it may."""
    behaviour = behaviour_of(bout, key)
    character = bout.character(target)
    parts = gear.usable_parts(character)
    vital = vital_part(character)
    if behaviour == "reckless":
        return vital if vital in parts else None
    if behaviour == "cautious":
        marks = injuries(character)
        worst = max((marks.get(p, 0) for p in parts), default=0)
        if worst:
            hurt_parts = [p for p in parts if marks.get(p, 0) == worst]
            return vital if vital in hurt_parts else hurt_parts[0]
    return None


def _room(bout: "Bout", key: str, part: str, piercing: bool) -> int:
    """Marks the protection on ``part`` can still take (0 when a blow would go through)."""
    if piercing or part in bout.torn(key):
        return 0
    protection = bout.character(key).extra.get("protection", {})
    if part not in protection:
        return 0
    return max(0, PROTECTION_MARKS - int(protection[part]))


def best_cover(bout: "Bout", key: str, part: str, piercing: bool) -> str | None:
    """The part to take a blow on instead of ``part``: not the vital one, usable, with the most
    protection left and the fewest injuries (body order breaks ties)."""
    character = bout.character(key)
    vital = vital_part(character)
    marks = injuries(character)
    options = [p for p in gear.usable_parts(character) if p not in (part, vital)]
    if not options:
        return None
    return min(options, key=lambda p: (-_room(bout, key, p, piercing), marks.get(p, 0)))


def harm(bout: "Bout", key: str, part: str, count: int, piercing: bool) -> tuple[int, int, int]:
    """What a blow of ``count`` injuries on ``part`` would do, worst first: (knocks out, ruins
    the part, injuries taken), found by trying it on a copy of the character."""
    character = bout.character(key)
    trial = Character.from_dict(character.to_dict())
    before = injuries(trial).get(part, 0)
    injure(trial, part, count, ignore_protection=piercing or part in bout.torn(key))
    after = injuries(trial).get(part, 0)
    return (1 if unconscious(trial) else 0), (1 if after >= 2 > before else 0), after - before


def choose_reaction(bout: "Bout", key: str, part: str, count: int, piercing: bool) -> str | None:
    """The part ``key`` reacts by taking the blow on, or None to take it where it falls."""
    behaviour = behaviour_of(bout, key)
    if behaviour == "reckless":
        return None
    character = bout.character(key)
    vital = part == vital_part(character)
    now = harm(bout, key, part, count, piercing)
    if behaviour == "steady" and not vital:
        return None
    if behaviour == "cautious" and not vital and not any(now[:2]):
        return None
    cover = best_cover(bout, key, part, piercing)
    if cover is None or harm(bout, key, cover, count, piercing) >= now:
        return None
    return cover


def readjust_part(bout: "Bout", key: str) -> str | None:
    """Protection to re-adjust this turn instead of attacking, or None."""
    behaviour = behaviour_of(bout, key)
    if behaviour == "reckless":
        return None
    loose = bout.loose_parts(key)
    if behaviour == "steady":
        vital = vital_part(bout.character(key))
        return vital if vital in loose else None
    return loose[0] if loose else None


def remedy_to_use(bout: "Bout", key: str) -> tuple[str, str, int] | None:
    """A remedy (an item that ``heals``) an engine fighter uses this turn instead of fighting,
    as (patient, item, injuries it heals), or None. Steady and cautious fighters use one on a
    knocked-out fighter of their side whom it would bring round, else on the one of their side
    (themselves first) whose vital part is hurt; reckless ones never stop to heal."""
    if behaviour_of(bout, key) == "reckless":
        return None
    carried = gear.remedies(bout.character(key), bout.setup.items)
    if not carried:
        return None
    item, count = max(carried, key=lambda ic: ic[1])
    patients = bout.patients(key)
    for patient in patients:
        if bout.state["out"].get(patient) == UNCONSCIOUS and _brought_round(bout.character(patient), count):
            return patient, item, count
    for patient in patients:
        character = bout.character(patient)
        vital = vital_part(character)
        if bout.standing(patient) and vital and injuries(character).get(vital, 0):
            return patient, item, count
    return None


def _brought_round(character: Character, count: int) -> bool:
    """Whether healing ``count`` injuries, the worst first, leaves the body conscious."""
    from solo.rules.guts_plus.fight.procedure import worst_part

    trial = Character.from_dict(character.to_dict())
    for _ in range(count):
        part = worst_part(trial)
        if part is None:
            break
        heal(trial, part, 1)
    return not unconscious(trial)


def wants_to_run(bout: "Bout", key: str) -> bool:
    """A cautious opponent runs once a part is disabled or its vital part is hurt."""
    if behaviour_of(bout, key) != "cautious" or bout.by_key[key].side != "enemy":
        return False
    if not gear.can_run(bout.character(key)):
        return False
    character = bout.character(key)
    marks = injuries(character)
    vital = vital_part(character)
    return any(n >= 2 for n in marks.values()) or bool(vital and marks.get(vital, 0))


def pursues(bout: "Bout", key: str) -> bool:
    return behaviour_of(bout, key) in PURSUERS


def holds_for_player(bout: "Bout", key: str) -> bool:
    """A cautious companion waits for the player's move (from the second round on)."""
    state = bout.state
    return (behaviour_of(bout, key) == "cautious" and bout.by_key[key].side == "ally"
            and state["round"] > 1 and key not in state["held"] and bout.standing(bout.player)
            and bout.player in state["queue"][1:])


def studies(bout: "Bout", key: str, target: str) -> bool:
    """A cautious fighter with Thought 2 or more looks for a weak spot before its first blow."""
    if behaviour_of(bout, key) != "cautious" or bout.edge(key, target):
        return False
    if target in bout.state["studied"].get(key, []):
        return False
    return quality_level(bout.character(key), "thought")[1] >= 2
