"""The Humanity, Blessed session shop: one free upgrade each session, extra ones for blessing
dice (3, then 2 more each time), and what they buy.
"""

from __future__ import annotations

from solo.rules.base import Advance, Character
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.blessings import choose_spend, take
from solo.rules.humanity_blessed.bumping import DieError
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import lookup
from solo.rules.humanity_blessed.tables import MAX_STAT_UPGRADES, err


def shop_cost(bought: int) -> int:
    """Blessing dice (worth 1+) for the next extra upgrade after ``bought`` this session."""
    return 3 + 2 * bought


def advancement(character: Character) -> list[Advance]:
    """What the shop offers the character now, with its price."""
    free = int(character.resources.get("free_upgrades", 0))
    bought = int(character.resources.get("upgrades_bought", 0))
    cost = {} if free > 0 else {"blessings": shop_cost(bought)}
    if int(character.extra.get("stat_upgrades", 0)) >= MAX_STAT_UPGRADES:
        return []
    options = []
    for key in sorted(character.stats, key=str):
        try:
            die = bumping.parse_die(character.stats[key])
        except DieError:
            continue
        size = bumping.upgrade_size(die)
        if size is None:
            continue
        how = "free upgrade" if free > 0 else f"{cost['blessings']} blessing dice"
        text = f"Upgrade {key} {die.name} → d{size} ({how})"
        options.append(Advance(f"stat:{key}", text, dict(cost)))
    return options


def advance(character: Character, key: str) -> Character:
    """Buy ``key`` from :func:`advancement` (paying the free upgrade first, else dice)."""
    action, _, name = key.partition(":")
    stat = lookup(character.stats, name) if action == "stat" else None
    if stat is None:
        raise err(f"no advance {key!r} (try stat:<stat>)")
    if int(character.extra.get("stat_upgrades", 0)) >= MAX_STAT_UPGRADES:
        raise err(f"the Stat Upgrade can be taken at most {MAX_STAT_UPGRADES} times")
    die = bumping.parse_die(character.stats[stat])
    size = bumping.upgrade_size(die)
    if size is None:
        raise err(f"{stat} {die.name} cannot be upgraded (d10 is the largest; capped dice stay)")
    free = int(character.resources.get("free_upgrades", 0))
    if free > 0:
        character.resources["free_upgrades"] = free - 1
    else:
        bought = int(character.resources.get("upgrades_bought", 0))
        cost = shop_cost(bought)
        pool = character.resources.setdefault("blessings", [])
        picked = choose_spend(pool, cost, 1, Conditions.of(character).has("cursed"))
        if picked is None:
            raise err(f"an extra upgrade costs {cost} blessing dice worth 1+ (have {len(pool)})")
        take(pool, picked)
        character.resources["upgrades_bought"] = bought + 1
    character.stats[stat] = f"d{size}"
    character.extra["stat_upgrades"] = int(character.extra.get("stat_upgrades", 0)) + 1
    return character


def end_of_adventure(character: Character) -> list[str]:
    """The session ends: a free upgrade is earned, the extra-upgrade price resets."""
    character.resources["free_upgrades"] = int(character.resources.get("free_upgrades", 0)) + 1
    character.resources["upgrades_bought"] = 0
    lines = ["Session shop: one free upgrade earned "
             "(extra upgrades cost 3 blessing dice, then 2 more each)"]
    if character.extra.pop("session", None) is not None:
        lines.append("The session's lucky number is gone; a new one is rolled next session")
    return lines
