"""How the engine plays every four-s fighter but the player: the GM side and the companions.

A fair GM with the book's advice in hand ("spread the rolls out amongst the party", "no more
than 1d6 per player level" unless "really trying to knock that player down"). Everything here
is a deterministic function of the fight's state; the only chance is in the dice rolled, drawn
from the fight's seeded dice, so the same seed and the same decisions give the same fight.

**The enemy phase.** The opponents act one after another, in the order the conflict lists them,
each spending from the side's shared rolls (:mod:`.pool`). An opponent held back by the player
does nothing. Otherwise, by its behaviour:

1. *Heal* (an opponent with ``heal`` among its actions, unless reckless): if an opponent is
   below half its share of Health, one die (a d6 if left, else a d3) heals the worst hurt.
2. *Step back* (cautious only): below half its Health with a foe within reach, it moves away.
3. *Pick a target* among the party: the one within reach, else the nearest. ``reckless``
   picks the one with the least Health; ``steady`` and ``cautious`` the one dealt the least
   damage this phase (spreading it out); ties go to the player, then to the listed order.
4. *Move* toward it, zone by zone, while it is out of reach, paying a Combat Point or a d3
   for each move (the book's price), at most 3 moves (reckless), 2 (steady), 1 (cautious);
   entering a zone where the party stands ends its movement (no moving through them).
5. *Grapple* (an opponent with ``grapple``, unless reckless): a target within reach who is not
   yet held and could leave the fight at its next move (in or next to an exit), or any target
   if the opponent has no ``attack``: 1d3 against the target's resistance.
6. *Attack* (``attack``, the default action): it takes its part of the dice left, the dice
   divided evenly among the opponents still to attack (rounded up), d6 before d3, no more d6
   than the target's level (at least one) unless reckless. Combat Points go on top when they
   are exactly what takes the target out; a reckless last attacker throws in all that are left.

   *Fireball* (``fireball`` among its actions, unless reckless): when another of the party
   stands in the target's zone, the attack's damage is shared among everyone there, each
   taking its share rounded up (the book: "divide Xd6 damage amongst multiple players in one
   Zone"; shares round up as an ``area`` item's do). *Drain* (``drain``): an opponent below its
   Health rolling two dice or more deals the first half of them (rounded up, d6 first) as
   damage and heals itself by the rest (the book: "deal Xd6 damage, heal Yd6 Health").

7. *Shove* (``shove``, an opponent with no ``attack``, ``fireball`` nor ``drain``, unless
   reckless): a target in its own zone with somewhere farther to go: 1d3 against the target's
   resistance, as a grapple is answered, and one zone paid for (a Combat Point, else a d3: the
   book's Xd3 + X CP with X = 1); a target who loses is pushed one zone away from it.

``cautious`` opponents also keep back a reserve as the phase starts (two d6, two d3 and two
Combat Points, each only out of three or more) for the player's phase, where every use costs
double: an opponent with ``block`` among its actions, or a cautious one, blocks a blow that
would take it out (two d6, or two d3, for one die off the damage); and an opponent faced with a
role-play raises its free d3: a cautious one against any move that ends the fight, holds it or
breaks its hold (up to two more d3 and two Combat Points), a steady one against a move that
ends the fight or holds it back (one more d3). The odds the player is shown include that raise.

**Companions** act in the player phase, after the player ends it, with 6 AP each: heal a hurt
ally (below half Health) with a healing item unless reckless, else strike the foe with the least
Health within reach with their best damaging item (most damage on average), else move toward
the nearest foe; they stop when nothing is left to do. They answer a grapple with every AP they
still hold.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil
from typing import TYPE_CHECKING, Any

from solo.rules.conflict import Beat
from solo.rules.dice import Dice
from solo.rules.four_s.fight import pool
from solo.rules.four_s.fight.battle import HALF
from solo.rules.four_s.fight.moves import BREAK_FREE, Move

if TYPE_CHECKING:
    from solo.rules.four_s.fight.battle import Battle

BEHAVIOURS = ("steady", "reckless", "cautious")
MOVE_LIMIT = {"reckless": 3, "steady": 2, "cautious": 1}
STRIKES = frozenset({"attack", "fireball", "drain"})  # the actions that strike with the dice
RESERVE = {"d6": 2, "d3": 2, "cp": 2}


def reserve(b: "Battle") -> dict[str, int]:
    """What cautious opponents keep back for the player phase, as an enemy phase starts."""
    if not any(b.behaviour(k) == "cautious" for k in b.enemies() if b.standing(k)):
        return {}
    bank = b.state["bank"]
    return {kind: amount for kind, amount in RESERVE.items() if int(bank.get(kind, 0)) > amount}


def _usable(b: "Battle", key: str, kind: str) -> int:
    keep = b.state.get("reserve", {}) if b.behaviour(key) == "cautious" else {}
    return max(0, int(b.state["bank"].get(kind, 0)) - int(keep.get(kind, 0)))


def block_response(b: "Battle", target: str, amount: int) -> str | None:
    """The kind of die ``target`` blocks ``amount`` damage with in the player phase, or None."""
    if "block" not in b.enemy_actions(target) and b.behaviour(target) != "cautious":
        return None
    if amount < b.health(target) + int(b.state["wards"].get(target, 0)):
        return None
    for kind in ("d6", "d3"):
        if pool.affordable(b.state["bank"], kind, player_phase=True) >= 1:
            return kind
    return None


def raise_opposition(b: "Battle", target: str, move: Move) -> tuple[int, int]:
    """Extra d3 and Combat Points ``target`` adds to its free 1d3 against a role-play (paid double)."""
    behaviour = b.behaviour(target)
    bank = b.state["bank"]
    d3 = pool.affordable(bank, "d3", player_phase=True)
    cp = pool.affordable(bank, "cp", player_phase=True)
    if behaviour == "cautious" and (move.ends or move.hold or move.id == BREAK_FREE):
        return min(d3, 2), min(cp, 2)
    if behaviour == "steady" and (move.ends or move.hold):
        return min(d3, 1), 0
    return 0, 0


# -- the enemy phase ---------------------------------------------------------------------------


def _pay_move(b: "Battle", key: str) -> str | None:
    for kind, words in (("cp", "1 Combat Point"), ("d3", "a d3")):
        if _usable(b, key, kind) >= 1:
            pool.pay(b.state["bank"], kind, 1, player_phase=False)
            return words
    return None


def _near_exit(b: "Battle", target: str) -> bool:
    exits = set(b.zones.exits)
    here = b.zone(target)
    return bool(exits) and (here in exits or any(z in exits for z in b.zones.access.get(here, ())))


def choose_target(b: "Battle", key: str, behaviour: str, reach: str) -> str | None:
    foes = b.foes_of(key)
    near = b.in_reach(key, reach, foes)
    here = b.zone(key)
    distance = {f: b.zones.steps(here, b.zone(f)) for f in foes}
    limit = MOVE_LIMIT[behaviour]
    far = [f for f in foes if distance[f] is not None and (behaviour != "cautious" or distance[f] <= limit)]
    candidates = near or far
    if not candidates:
        return None

    def rank(f: str) -> tuple[Any, ...]:
        first = 0 if f == b.player else 1
        if behaviour == "reckless":
            return (b.health(f), distance[f] or 0, first, b.order.index(f))
        return (int(b.state["dealt"].get(f, 0)), distance[f] or 0, first, b.order.index(f))

    return min(candidates, key=rank)


def enemy_turn(b: "Battle", dice: Dice, key: str, attackers_left: int, beats: list[Beat]) -> dict[str, Any] | None:
    """One opponent's part of the enemy phase; returns a grapple waiting to be answered."""
    if key in b.state["stunned"]:
        b.state["stunned"].remove(key)
        b.state["shaken"].append(key)
        beats.append(Beat(key, f"{b.title(key)} is still held back and does nothing this phase."))
        return None
    behaviour = b.behaviour(key)
    actions = b.enemy_actions(key)
    reach = b.enemy_reach(key)
    if not b.foes_of(key):
        return None
    if "heal" in actions and behaviour != "reckless" and _heal(b, dice, key, beats):
        return None
    near = b.in_reach(key, reach, b.foes_of(key))
    if behaviour == "cautious" and near and b.health(key) * HALF < b.max_health(key) and not b.can_move(key):
        away = b.zones.away(b.zone(key), [b.zone(f) for f in b.foes_of(key)])
        if away is not None:
            paid = _pay_move(b, key)
            if paid is not None:
                b.move(key, away, beats, f"{paid} of the enemy rolls")
                return None
    target = choose_target(b, key, behaviour, reach)
    if target is None:
        return None
    moves = 0
    while target not in b.in_reach(key, reach, [target]) and moves < MOVE_LIMIT[behaviour] and not b.can_move(key):
        goals = [z for z in b.zones.order if b.zone(target) in b.zones.reach(z, reach)]
        step = b.zones.toward(b.zone(key), goals)
        if step is None:
            break
        paid = _pay_move(b, key)
        if paid is None:
            break
        b.move(key, step, beats, f"{paid} of the enemy rolls")
        moves += 1
    if target not in b.in_reach(key, reach, [target]):
        return None
    grapples = "grapple" in actions and behaviour != "reckless"
    if grapples and target not in b.state["held"] and _usable(b, key, "d3") >= 1 \
            and (_near_exit(b, target) or not STRIKES & set(actions)) and b.zone(target) == b.zone(key):
        pool.pay(b.state["bank"], "d3", 1, player_phase=False)
        beats.append(Beat(key, f"{b.title(key)} tries to grapple {b.name(target)} (1d3 of the enemy rolls)."))
        return {"grappler": key, "target": target, "dice": 1, "cp": 0}
    shoves = "shove" in actions and behaviour != "reckless" and not STRIKES & set(actions)
    if shoves and b.zone(target) == b.zone(key) and b.zones.away(b.zone(target), [b.zone(key)]) is not None \
            and _usable(b, key, "d3") >= 1 and _usable(b, key, "cp") + _usable(b, key, "d3") >= 2:
        pool.pay(b.state["bank"], "d3", 1, player_phase=False)
        paid = _pay_move(b, key)
        beats.append(Beat(key, f"{b.title(key)} tries to shove {b.name(target)} away (1d3 and {paid} of the "
                               "enemy rolls)."))
        return {"grappler": key, "target": target, "dice": 1, "cp": 0, "shove": 1}
    if STRIKES & set(actions):
        _attack(b, dice, key, target, behaviour, attackers_left, beats)
    return None


def _heal(b: "Battle", dice: Dice, key: str, beats: list[Beat]) -> bool:
    hurt = [e for e in b.friends_of(key) if b.health(e) * HALF < b.max_health(e)]
    kind = next((k for k in ("d6", "d3") if _usable(b, key, k) >= 1), None)
    if not hurt or kind is None:
        return False
    worst = min(hurt, key=lambda e: (Fraction(b.health(e), max(1, b.max_health(e))), b.order.index(e)))
    pool.pay(b.state["bank"], kind, 1, player_phase=False)
    face = dice.roll(6 if kind == "d6" else 3)
    before = b.health(worst)
    b.set_health(worst, before + face)
    whom = "itself" if worst == key else b.name(worst)
    beats.append(Beat(key, f"{b.title(key)} heals {whom} with {kind.replace('d', 'a d', 1)} of the enemy rolls: "
                           f"{b.health(worst) - before} Health, now {b.health(worst)}.",
                      b.record("heal", [face], face, {"target": worst})))
    return True


def _attack(b: "Battle", dice: Dice, key: str, target: str, behaviour: str, attackers_left: int,
            beats: list[Beat]) -> None:
    d6, d3 = _usable(b, key, "d6"), _usable(b, key, "d3")
    left = d6 + d3
    if left == 0:
        return
    take = ceil(left / max(1, attackers_left))
    cap = take if behaviour == "reckless" else max(1, b.level(target))
    n6 = min(d6, cap, take)
    n3 = min(d3, take - n6)
    if n6 + n3 == 0:
        n3 = min(d3, 1)
        if n3 == 0:
            return
    pool.pay(b.state["bank"], "d6", n6, player_phase=False)
    pool.pay(b.state["bank"], "d3", n3, player_phase=False)
    faces = dice.rolls(n6, 6) + dice.rolls(n3, 3)
    amount = sum(faces)
    need = b.health(target) + int(b.state["wards"].get(target, 0))
    points = _usable(b, key, "cp")
    extra = 0
    if amount < need <= amount + points:
        extra = need - amount
    elif behaviour == "reckless" and attackers_left <= 1:
        extra = points
    pool.pay(b.state["bank"], "cp", extra, player_phase=False)
    dice_words = " + ".join(f"{n}{kind}" for n, kind in ((n6, "d6"), (n3, "d3")) if n)
    bonus = f" + {extra} CP" if extra else ""
    actions = b.enemy_actions(key)
    if "fireball" in actions and behaviour != "reckless":
        around = [target] + [f for f in b.foes_of(key) if f != target and b.zone(f) == b.zone(target)]
        if len(around) >= 2:
            share = ceil((amount + extra) / len(around))
            whom = ", ".join(b.name(f) for f in around)
            beats.append(Beat(key, f"{b.title(key)} hurls a fireball into {b.zone(target)} ({dice_words}{bonus} of "
                                   f"the enemy rolls): {amount + extra} damage shared among {whom}, {share} each.",
                              b.record("damage", faces, amount + extra, {"target": around, "cp": extra,
                                                                         "share": share})))
            for victim in around:
                b.damage(dice, victim, share, key, beats, player_phase=False)
            return
    if "drain" in actions and len(faces) >= 2 and b.health(key) < b.max_health(key):
        cut = ceil(len(faces) / 2)  # the first half of the dice (d6 first) hurt, the rest heal
        harm, mend = sum(faces[:cut]) + extra, sum(faces[cut:])
        beats.append(Beat(key, f"{b.title(key)} drains {b.name(target)} ({dice_words}{bonus} of the enemy rolls): "
                               f"{harm} damage, and {mend} Health back for itself.",
                          b.record("damage", faces, harm, {"target": [target], "cp": extra, "drain": mend})))
        b.damage(dice, target, harm, key, beats, player_phase=False)
        before = b.health(key)
        b.set_health(key, before + mend)
        beats.append(Beat(key, f"{b.title(key)} is back up to {b.health(key)} Health."))
        return
    beats.append(Beat(key, f"{b.title(key)} attacks {b.name(target)} ({dice_words}{bonus} of the enemy rolls): "
                           f"{amount + extra} damage.",
                      b.record("damage", faces, amount + extra, {"target": [target], "cp": extra})))
    b.damage(dice, target, amount + extra, key, beats, player_phase=False)


# -- companions --------------------------------------------------------------------------------


def companion_turn(b: "Battle", dice: Dice, key: str, beats: list[Beat]) -> None:
    """A companion's player phase: heal, strike or close in, until nothing is left to do."""
    behaviour = b.behaviour(key)
    while b.standing(key) and b.ap(key) > 0 and b.result() is None:
        uses = [u for u in b.uses(key) if u.ap <= b.ap(key)]
        if behaviour != "reckless" and _companion_heal(b, dice, key, uses, beats):
            continue
        strikes = [u for u in uses if u.damage is not None and (b.target_zones(key, u) if u.area else b.targets_of(key, u))]
        if strikes:
            best = max(strikes, key=lambda u: (u.damage.mean if u.damage else 0, -u.ap))
            if best.area:
                zones = b.target_zones(key, best)
                where = max(zones, key=lambda z: (sum(1 for f in b.foes_of(key) if b.zone(f) == z), -zones.index(z)))
                b.use_item(dice, key, best, where, beats)
            else:
                targets = b.targets_of(key, best)
                b.use_item(dice, key, best, min(targets, key=lambda f: (b.health(f), b.order.index(f))), beats)
            continue
        if not b.can_move(key):
            step = b.zones.toward(b.zone(key), [b.zone(f) for f in b.foes_of(key)])
            if step is not None:
                b.spend_ap(key, 1)
                b.move(key, step, beats, b.ap_text(key, 1))
                continue
        break


def _companion_heal(b: "Battle", dice: Dice, key: str, uses: list[Any], beats: list[Beat]) -> bool:
    for use in uses:
        if use.heal is None or use.offensive:
            continue
        hurt = [t for t in b.targets_of(key, use) if b.hurt_party(t)]
        if hurt:
            target = min(hurt, key=lambda t: (Fraction(b.health(t), max(1, b.max_health(t))), b.order.index(t)))
            b.use_item(dice, key, use, target, beats)
            return True
    return False
