"""How the engine plays every Humanity, Blessed fighter but the player: the fight's behaviours.

A fair GM running the other side: at the top of each round every fighter declares what it tries
(shown to the player before they choose), and it answers an attack by a rule fixed before the
attack is rolled, so the odds the player sees are exact. Ties between equally good choices are
broken by the fight's own seeded dice, so the same seed and the same decisions give the same
fight. Engine fighters do not spend blessing dice on Help (an NPC's pool, if it has one, pays
for sparks only).

Behaviours (the conflict's ``behaviour``, or an opponent's own):

* ``steady`` (the default): keeps to one opponent, else takes the one its side has fewest on
  (the player first among equals); tends a fallen ally before anything else; finishes only a
  foe it felled itself; defends with its best stat (Hurry in the first round), sparking when
  its pool can pay.
* ``reckless``: goes for whoever defends worst (the player first among equals); delivers the
  coup de grace on any fallen foe first; never tends nor flees; sparks its attacks when it can,
  and attacks with Hand or Home when Blessèd Anger makes that the stronger roll.
* ``cautious``: answers whoever attacked it last; tends a fallen ally first; never finishes a
  fallen foe; once it is in pain or worse it runs (or yields, where nobody may run);
  sparks its defence when it can.

Every behaviour uses its abilities when they help: Fearless Resolve on a blow of medium size or
more, Blessèd Thorns whenever it is charged, Blessèd Distraction when it turns a foe's win into
a loss, Blessèd Sentry for an ally (never for the player) who defends worse than it does,
Blessèd Determination on the worst wound of the stat it rolls. Companions play the conflict's
behaviour.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Sequence

from solo.rules.dice import Dice
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.blessings import choose_pair
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.fight import abilities as ab
from solo.rules.humanity_blessed.fight import wounds
from solo.rules.humanity_blessed.parsing import parse_check
from solo.rules.humanity_blessed.planning import plan_roll
from solo.rules.humanity_blessed.tables import norm

if TYPE_CHECKING:
    from solo.rules.humanity_blessed.fight.melee import Melee

BEHAVIOURS = ("steady", "reckless", "cautious")
#: Stats a defender may answer continued violence with (book: Violent Contests, point 5).
DEFENCE_STATS = ("hurry", "head", "hand", "heart", "home")


def behaviour_of(m: "Melee", key: str) -> str:
    found = m.by_key[key].behaviour
    return found if found in BEHAVIOURS else BEHAVIOURS[0]


def pick(dice: Dice, candidates: Sequence[str], preferred: str | None = None) -> str:
    """One of equally good candidates: ``preferred`` if among them, else one by the dice."""
    if preferred is not None and preferred in candidates:
        return preferred
    if len(candidates) == 1:
        return candidates[0]
    return candidates[dice.roll(len(candidates)) - 1]


def roll_mean(m: "Melee", key: str, stat: str, role: str, spark: str | None = None) -> Fraction:
    """The mean of a roll of ``stat`` (with ``spark``) as the fighter would make it now:
    their dice with their wounds, as the ruleset plans it."""
    character = m.character(key)
    params: dict[str, Any] = {"stat": stat}
    if spark:
        params["spark"] = spark
    parsed = parse_check(params, character, contest=True)
    plan = plan_roll(character, parsed, role=role, violent=True, prepaid=True)
    return bumping.mean(plan.group) + plan.modifier


def spark_partner(m: "Melee", key: str, stat: str) -> str | None:
    """A stat balanced with ``stat`` the fighter could spark with now (pool and conditions
    permitting), the one least wounded; None if there is none."""
    character = m.character(key)
    cond = Conditions.of(character)
    if cond.has("taxed") or cond.has("surprise"):
        return None
    if choose_pair(list(character.resources.get("blessings", []) or []), cond.has("cursed")) is None:
        return None
    die = character.stats.get(stat)
    partners = [s for s in m.stats_of(key) if s != stat and character.stats.get(s) == die]
    if not partners:
        return None
    return min(partners, key=lambda s: (wounds.worst(character, s), m.stats_of(key).index(s)))


def defence_stats(m: "Melee", key: str) -> list[str]:
    """The stats the fighter may defend with now: Hurry in the first round; from the second
    (the violence goes on) any of Hurry, Head, Hand, Heart and Home it has."""
    if m.state["round"] <= 1:
        return ["hurry"]
    have = m.stats_of(key)
    return [s for s in DEFENCE_STATS if s in have]


def ignore_choice(m: "Melee", key: str, stats: Sequence[str]) -> str | None:
    """The condition Blessèd Determination would set aside for a roll of ``stats``: the worst
    wound on them (an NPC uses it only while charged)."""
    character = m.character(key)
    if ab.readiness(character, ab.DETERMINATION, npc=True) != "ready":
        return None
    found = [c for s in stats for c in wounds.wounds_on(character, s)]
    if not found:
        return None
    return max(found, key=lambda c: wounds.degree(c.partition(":")[0]))


def defence(m: "Melee", key: str) -> dict[str, Any]:
    """How the fighter answers an attack: ``{"stat", "spark", "ignore"}``, decided from the state
    before the attack is rolled."""
    stats = defence_stats(m, key)
    best = max(stats, key=lambda s: (roll_mean(m, key, s, "defender"), -stats.index(s)))
    spark = None
    if behaviour_of(m, key) != "reckless":
        spark = spark_partner(m, key, best)
    return {"stat": best, "spark": spark, "ignore": ignore_choice(m, key, [best])}


def choose_target(
    behaviour: str, dice: Dice, current: str | None, foes: Sequence[str],
    engaged_by: Callable[[str], int], defends: Callable[[str], Fraction],
    attacked_me: str | None, player: str | None,
) -> str:
    """Whom to attack among ``foes`` (standing, in the fight's order)."""
    if behaviour == "reckless":
        low = min(defends(f) for f in foes)
        return pick(dice, [f for f in foes if defends(f) == low], player)
    if behaviour == "cautious" and attacked_me in foes:
        return str(attacked_me)
    if current in foes:
        return str(current)
    fewest = min(engaged_by(f) for f in foes)
    return pick(dice, [f for f in foes if engaged_by(f) == fewest], player)


def attack(m: "Melee", dice: Dice, key: str, foes: Sequence[str]) -> dict[str, Any]:
    """An attack on one of ``foes``: the target, the stat (Hurt, or Hand or Home with Blessèd
    Anger when reckless and stronger), a spark when reckless and able."""
    b = behaviour_of(m, key)
    declared = m.state["declared"]
    target = choose_target(
        b, dice, m.state["targets"].get(key), foes,
        lambda f: sum(1 for k, a in declared.items()
                      if k != key and a.get("target") == f and a.get("do") == "attack"),
        lambda f: roll_mean(m, f, defence_stats(m, f)[0], "defender"),
        m.state["attacked_by"].get(key),
        m.player if m.player in foes else None,
    )
    stat, anger = "hurt", False
    character = m.character(key)
    if b == "reckless" and ab.readiness(character, ab.ANGER, npc=True) == "ready":
        options = [s for s in ab.ANGER_STATS if s in m.stats_of(key)]
        best = max(options, key=lambda s: roll_mean(m, key, s, "attacker"), default=None)
        if best and roll_mean(m, key, best, "attacker") > roll_mean(m, key, "hurt", "attacker"):
            stat, anger = best, True
    spark = spark_partner(m, key, stat) if b == "reckless" else None
    return {"do": "attack", "target": target, "stat": stat, "spark": spark, "anger": anger,
            "ignore": ignore_choice(m, key, [stat])}


def declare(m: "Melee", dice: Dice, key: str) -> dict[str, Any]:
    """The fighter's action for this round (its orders, shown to the player)."""
    b = behaviour_of(m, key)
    character = m.character(key)
    foes = m.attackable(key)
    if b == "cautious" and foes and wounds.worst_overall(character) >= 2:
        return {"do": "flee"} if m.flee_allowed else {"do": "yield"}
    declared = m.state["declared"]
    taken = {a.get("target") for k, a in declared.items() if k != key and a.get("do") in ("tend", "finish")}
    if b != "reckless" and "home" in m.stats_of(key):
        fallen = [f for f in m.friends(key) if m.is_down(f) and f not in taken]
        if fallen:
            return {"do": "tend", "target": fallen[0]}
    if b != "cautious" and "hurt" in m.stats_of(key):
        fallen = [f for f in m.foes(key) if m.is_down(f) and f not in taken
                  and (b == "reckless" or m.state["down"][f].get("by") == key)]
        if fallen:
            return {"do": "finish", "target": fallen[0]}
    if not foes:
        return {"do": "hold"}
    return attack(m, dice, key, foes)


def adapt(m: "Melee", dice: Dice, key: str, act: dict[str, Any]) -> dict[str, Any] | None:
    """A new action when the declared one cannot go through (its target is taken up or gone),
    rolled afresh; None to let the moment pass."""
    if act.get("do") == "tend":
        fallen = [f for f in m.friends(key) if m.is_down(f)]
        return {"do": "tend", "target": fallen[0]} if fallen and "home" in m.stats_of(key) else None
    if act.get("do") == "finish":
        fallen = [f for f in m.foes(key) if m.is_down(f)]
        return {"do": "finish", "target": fallen[0]} if fallen else None
    free = [f for f in m.attackable(key) if m.free(f)]
    if act.get("do") == "attack" and free:
        return attack(m, dice, key, free)
    return None


def sentry_for(m: "Melee", defender: str, attacker: str) -> str | None:
    """An engine fighter who steps in for ``defender`` (an engine fighter, never the player)
    with Blessèd Sentry: free, charged, and defending better."""
    if defender == m.player:
        return None
    mine = roll_mean(m, defender, defence(m, defender)["stat"], "defender")
    for key in m.friends(defender):
        if key in (defender, m.player) or not m.free(key):
            continue
        if ab.readiness(m.character(key), ab.SENTRY, npc=True) != "ready":
            continue
        theirs = roll_mean(m, key, defence(m, key)["stat"], "defender")
        if theirs > mine:
            return key
    return None


def uses_fearless(size: str) -> bool:
    return size not in ("very-minor", "minor")


def distraction_from(m: "Melee", winner: str, margin: int, *, check: bool) -> str | None:
    """An engine fighter (a foe of ``winner``, standing, not the player) whose Blessèd
    Distraction turns ``winner``'s win (by ``margin``; a check by its margin over the target)
    into a loss; None if nobody's would."""
    if margin > 3 or (check and margin >= 3):
        return None
    for key in m.foes(winner):
        if key == m.player or not m.standing(key):
            continue
        character = m.character(key)
        if character.items and ab.readiness(character, ab.DISTRACTION, npc=True) == "ready":
            return key
    return None


def prefers(stats: Sequence[str], name: str) -> bool:
    return norm(name) in {norm(s) for s in stats}
