"""How the engine plays every GAME fighter but the player: the behaviours of a fight.

At the start of each turn, before the player chooses, every other fighter still standing
declares its action (a GM says what the other side does; the player then sees it, so the odds on
offer are exact). Ties between equally good targets go to the player first, then to the fight's
order, so no die is spent on them and the same seed and decisions give the same fight.

Behaviours (the conflict's ``behaviour``, or an opponent's own; companions play the conflict's):

* ``steady`` (the default): keeps to its target while it stands (the player first, then the
  nearest); attacks with what reaches, draws a weapon that reaches when it holds none, closes in
  otherwise; parries the foe it is fighting when it can (a Hack/Slash talent and a blade in
  hand). A player it beats is taken captive.
* ``reckless``: goes for the foe with the fewest FP it can reach (the player first among
  equals); always attacks, never defends, never runs. A player it beats is left beaten senseless.
* ``cautious``: turns on whoever attacked it last turn; once down to half its FP it parries if it
  can, or else blocks or dodges; at 2 FP or fewer it runs (an opponent; a companion stays by the
  player). A player it beats is driven off.

A fighter holding a net (an ensnaring weapon) draws a weapon that wounds once its target is
ensnared; an ensnared or pinned fighter only struggles (:mod:`.turn` declares it).

An opponent that cannot reach anyone with any weapon closes in one movement unit a turn;
a companion moves with the player, so it waits or draws a weapon that reaches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solo.rules.game.fight.turn import FightTurn

BEHAVIOURS = ("steady", "reckless", "cautious")
#: How a foe with each behaviour leaves a player (or companion) it has beaten.
DEFEAT_BY_BEHAVIOUR = {"steady": "captured", "reckless": "beaten", "cautious": "driven-off"}
FLEE_AT = 2  # cautious opponents run at this many FP or fewer


def behaviour_of(turn: "FightTurn", key: str) -> str:
    found = turn.by_key[key].behaviour
    return found if found in BEHAVIOURS else BEHAVIOURS[0]


def _first(turn: "FightTurn", candidates: list[str]) -> str:
    """The player if among the candidates, else the first in the fight's order."""
    if turn.player in candidates:
        return turn.player
    return candidates[0]


def choose_target(turn: "FightTurn", key: str, behaviour: str) -> str:
    foes = turn.foes(key)
    reach = [f for f in foes if turn.can_attack(key, f)]
    pool = reach or foes
    if behaviour == "reckless":
        low = min(turn.fp(f) for f in pool)
        return _first(turn, [f for f in pool if turn.fp(f) == low])
    if behaviour == "cautious":
        attackers = [f for f in turn.state["last_attackers"].get(key, []) if f in foes]
        if attackers:
            return _first(turn, attackers)
    current = turn.state["targets"].get(key)
    if current in foes and (current in reach or not reach):
        return current
    near = min(turn.distance(key, f) for f in pool)
    return _first(turn, [f for f in pool if turn.distance(key, f) == near])


def choose_order(turn: "FightTurn", key: str) -> dict[str, Any]:
    """The action ``key`` declares for this turn (it is standing and not stunned)."""
    behaviour = behaviour_of(turn, key)
    enemy = turn.is_enemy(key)
    fp, most = turn.fp(key), turn.max_fp(key)
    if behaviour == "cautious" and enemy and fp <= FLEE_AT and turn.flee_allowed():
        return {"act": "flee"}
    target = choose_target(turn, key, behaviour)
    turn.state["targets"][key] = target
    weapon = turn.wielded(key)
    if weapon.ensnare and turn.snared(target):  # the net is on them: now a weapon that wounds
        other = next((w for w in turn.kit(key).weapons if not w.ensnare and turn.can_attack(key, target, w)), None)
        if other is not None:
            return {"act": "ready", "item": other.id}
        weapon = next((w for w in turn.kit(key).weapons if not w.ensnare), weapon)
        if weapon.id != turn.wielded(key).id:
            return {"act": "ready", "item": weapon.id}  # draw it now, close in next turn
    if not turn.can_attack(key, target, weapon):
        other = turn.best_weapon(key, target)
        if other is not None and not (other.ensnare and turn.snared(target)):
            return {"act": "ready", "item": other.id}
        if enemy and turn.distance(key, target) > 0:
            return {"act": "advance", "target": target}
        return {"act": "wait"}
    hurt = fp * 2 <= most
    if behaviour != "reckless" and turn.can_parry(key, target):
        if behaviour == "steady" or hurt:
            return {"act": "parry", "target": target}
    if behaviour == "cautious" and hurt and turn.can_defend(key):
        return {"act": "block"}
    return {"act": "attack", "target": target}
