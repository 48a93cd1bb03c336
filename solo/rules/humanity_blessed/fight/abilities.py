"""The abilities that act in a Humanity, Blessed fight, whether they are ready, and paying for them.

Found in the book's ability packs (Step Four) by what they do in a violent Contest:

* **Armored Skin** (+dc2 aid when the defender would lose a violent Contest) and **Survival
  Instinct** (+dc2 when a Hurry roll would lose) need no choice: the ruleset's planning gives
  the aid (:mod:`..planning`).
* **Fearless Resolve**: once per session, a Contest lost as the Defender is one outcome size
  smaller, and the defender gains a Blessing.
* **Blessèd Thorns** (recharge ③): a violent Contest lost as the Defender at close distance; the
  Attacker receives a less severe version of the same injury.
* **Blessèd Sentry** (③): becoming the Defender instead of a nearby character, before they roll.
* **Blessèd Anger** (④): attacking with Hand or Home instead of Hurt; a lost Contest hurts the
  attacker as though attacked.
* **Blessèd Determination** (③): ignoring one injury or condition for one action.
* **Blessèd Distraction** (⑤): -3 to another character's winning roll, with an item in hand.
* **Uncommon Attack**: when the History stat is relevant, the Defender rolls first and the
  History die decides (see :mod:`.procedure`).

**Recharging.** A used ability waits in ``extra["spent_abilities"]`` (as Blessed Luck does). The
player may use it again by paying its recharge at that moment: one blessing die worth that much
or more. An NPC has no pool for this; the book's GM Guide has it roll a d6 as though gaining a
Blessing Die and recharge when the die is worth enough. **Decision:** an NPC tries once at the
end of every round of a fight while an ability waits (a 1 rolls another die, as gaining one does).
"""

from __future__ import annotations

from solo.rules.base import Character
from solo.rules.dice import Dice
from solo.rules.humanity_blessed.blessings import choose_spend, gain_blessings, take, worth
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.tables import norm

ARMORED_SKIN = "Armored Skin"
SURVIVAL_INSTINCT = "Survival Instinct"
FEARLESS_RESOLVE = "Fearless Resolve"
THORNS = "Blessèd Thorns"
SENTRY = "Blessèd Sentry"
ANGER = "Blessèd Anger"
DETERMINATION = "Blessèd Determination"
DISTRACTION = "Blessèd Distraction"
UNCOMMON_ATTACK = "Uncommon Attack"
#: Not a fight ability (plain contests: :mod:`..wits`); its recharge is kept with the others.
WITS = "Blessèd Wits"

#: Blessing-die worth that recharges each ability that needs one.
RECHARGE: dict[str, int] = {THORNS: 3, SENTRY: 3, ANGER: 4, DETERMINATION: 3, DISTRACTION: 5, WITS: 3}
#: Stats Blessèd Anger may attack with instead of Hurt.
ANGER_STATS = ("hand", "home")
#: What Blessèd Distraction takes off the other's result.
DISTRACTION_PENALTY = 3


def has(character: Character, ability: str) -> bool:
    return norm(ability) in abilities(character)


def _spent(character: Character) -> list[str]:
    spent = character.extra.setdefault("spent_abilities", [])
    if not isinstance(spent, list):
        spent = character.extra["spent_abilities"] = []
    return spent


def is_spent(character: Character, ability: str) -> bool:
    return norm(ability) in {norm(a) for a in character.extra.get("spent_abilities", []) or []}


def readiness(character: Character, ability: str, *, npc: bool) -> str | None:
    """``"ready"`` (charged), ``"recharge"`` (spent, and the player's pool can pay it now), or
    None (not theirs, or spent and not payable)."""
    if not has(character, ability):
        return None
    if ability not in RECHARGE or not is_spent(character, ability):
        return "ready"
    if npc:
        return None
    pool = list(character.resources.get("blessings", []) or [])
    cursed = Conditions.of(character).has("cursed")
    return "recharge" if choose_spend(pool, 1, RECHARGE[ability], cursed) is not None else None


def use(character: Character, ability: str) -> str:
    """Use a recharging ability: spend its charge, or pay its recharge first. A line saying how."""
    if ability not in RECHARGE:
        return ""
    if not is_spent(character, ability):
        _spent(character).append(ability)
        return ""
    pool = character.resources.setdefault("blessings", [])
    picked = choose_spend(pool, 1, RECHARGE[ability], Conditions.of(character).has("cursed"))
    if picked is None:
        raise ValueError(f"{ability} is spent and the pool cannot recharge it")
    paid = take(pool, picked)
    return f"recharged with a blessing die worth {paid[0]}"


def cost_text(character: Character, ability: str) -> str:
    """How using the ability is paid for now, for an option's text."""
    if ability in RECHARGE and is_spent(character, ability):
        return f", recharging it with a die worth {RECHARGE[ability]}+"
    return ""


def npc_recharge(dice: Dice, character: Character) -> list[str]:
    """An NPC's end-of-round try at recharging what it has spent; the abilities recharged."""
    back = []
    for raw in list(character.extra.get("spent_abilities", []) or []):
        ability = next((a for a in RECHARGE if norm(a) == norm(raw)), None)
        if ability is None:
            continue
        rolled = gain_blessings(dice, 1)
        if any(worth(v) >= RECHARGE[ability] for v in rolled):
            _spent(character).remove(raw)
            back.append(ability)
    return back


def fearless_used(character: Character) -> bool:
    session = character.extra.get("session")
    return isinstance(session, dict) and bool(session.get("fearless_resolve"))


def fearless_ready(character: Character) -> bool:
    """Fearless Resolve is the character's and unused this session."""
    return has(character, FEARLESS_RESOLVE) and not fearless_used(character)


def mark_fearless(character: Character) -> None:
    session = character.extra.get("session")
    if not isinstance(session, dict):
        session = character.extra["session"] = {}
    session["fearless_resolve"] = True
