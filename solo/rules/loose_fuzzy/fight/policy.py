"""How the engine plays every Loose and Fuzzy fighter but the player: the behaviours of a fight.

A fair GM running the other side without favour: each fighter picks whom to engage and how at
the start of the round (so the player sees their stance before choosing, and the odds shown
are exact), then, at the end of a round it won, how to spend its Advantage Points. Ties
between equally good targets are broken with the fight's own seeded dice, so the same seed and
the same decisions give the same fight.

Behaviours (the conflict's ``behaviour``, or an opponent's own):

* ``steady`` (the default): keeps to one opponent, choosing the one its side has fewest fighters
  on (the player first among equals); fights in the ordinary stance, defensively once seriously
  hurt; spends as soon as it can wound, on the worst wound its points buy; picks its weapon up
  again when disarmed.
* ``reckless``: goes for whoever is easiest to hurt (the lowest Defense Total against it, the
  player first among equals); fights offensively, and all-out once its points are enough for a
  wound; spends at once on the worst wound it can; never manoeuvres.
* ``cautious``: faces whoever is fighting it; fights defensively, in all-out defence once
  seriously hurt; first takes the better ground (2 points), then saves its points for a serious
  wound unless its opponent is already hurt; breaks away when seriously hurt and able to pay.

Companions on the player's side are played the same way, with the conflict's behaviour.
"""

from __future__ import annotations

from typing import Callable, Sequence

from solo.rules.dice import Dice

BEHAVIOURS = ("steady", "reckless", "cautious")
POSITION_COST = 2  # "2 for most things"
DISARM_COST = 4  # "4 for hard things"
REARM_COST = 2


def pick(dice: Dice, candidates: Sequence[str], preferred: str | None = None) -> str:
    """One of equally good candidates: ``preferred`` if among them, else one by the dice."""
    if preferred is not None and preferred in candidates:
        return preferred
    if len(candidates) == 1:
        return candidates[0]
    return candidates[dice.roll(len(candidates)) - 1]


def choose_target(
    behaviour: str,
    dice: Dice,
    current: str | None,
    foes: Sequence[str],
    engaged_by: Callable[[str], int],
    defense_against: Callable[[str], int],
    attacking_me: Sequence[str],
    player: str | None,
) -> str:
    """Whom to engage this round among the standing ``foes`` (keys, in the fight's order).

    ``engaged_by(foe)`` counts the fighters of this fighter's side already on that foe;
    ``defense_against(foe)`` is that foe's Defense Total against this fighter's weapon;
    ``attacking_me`` are the foes that chose this fighter as their target; ``player`` is the
    player's key when the player is among the foes.
    """
    if behaviour == "reckless":
        low = min(defense_against(f) for f in foes)
        return pick(dice, [f for f in foes if defense_against(f) == low], player)
    if behaviour == "cautious":
        facing = [f for f in foes if f in attacking_me]
        if current in facing:
            return current
        if facing:
            return pick(dice, facing, player)
    if current in foes:
        return current
    fewest = min(engaged_by(f) for f in foes)
    return pick(dice, [f for f in foes if engaged_by(f) == fewest], player)


def choose_stance(behaviour: str, my_penalty: int, my_points: int, their_defense: int) -> str:
    """The stance for this round, from the fighter's wounds and its points on its target."""
    hurt = my_penalty >= 2
    if behaviour == "reckless":
        return "all-out-attack" if my_points >= their_defense else "offensive"
    if behaviour == "cautious":
        return "all-out-defence" if hurt else "defensive"
    return "defensive" if hurt else "ordinary"


def choose_spends(
    behaviour: str,
    stance: str,
    points: int,
    defense: int,
    target_hurt: bool,
    my_penalty: int,
    holds_position: bool,
    disarmed: bool,
    can_flee: bool,
) -> list[str]:
    """What to buy with ``points`` against the opponent just beaten, in order: ``rearm``,
    ``position``, ``flee``, ``wound:<k>`` or ``all`` (every point on one wound)."""
    if stance == "all-out-attack":
        return ["all"]
    spends: list[str] = []
    left = points
    if behaviour == "cautious" and my_penalty >= 2 and can_flee:
        return ["flee"]
    if disarmed and behaviour != "reckless" and left >= REARM_COST:
        spends.append("rearm")
        left -= REARM_COST
    if behaviour == "cautious" and not holds_position and left >= POSITION_COST:
        spends.append("position")
        left -= POSITION_COST
    if stance == "all-out-defence":
        return spends
    level = min(4, left // max(1, defense))
    if behaviour == "cautious" and level < 2 and not target_hurt:
        return spends
    if level >= 1:
        spends.append(f"wound:{level}")
    return spends
