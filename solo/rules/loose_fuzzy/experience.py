"""Loose and Fuzzy experience: the price list, the trades that pay, and Luck's bounds.

Prices (book: "Experience"): raising a good ability costs 3 × its new level, a new ability at 1
costs 3, lowering a disability costs 3 × its old level. Luck is bought and sold as a good ability
(1 to 5), Unluck lowered as a disability (never below 1).

Two trades pay experience instead of costing it:

* ``disability:<name>`` takes on a new voluntary disability at 1, or worsens one by 1, and gives
  the experience that buying a good ability to that level would cost: 3 × the new level (taking
  one at 3 in three steps gives 3 + 6 + 9, the price of an ability at 3).
* ``lower:luck`` gives up a Luck die and gives 3 × the old level, what that die cost to buy
  (Decision: the book lets Luck be "reduced as though it were a good Ability" without naming a
  refund; the price of the die given up is the reading that keeps buying and selling even).

Awards keep Luck within 1 to 5 and Unluck at 1 or more: Luck over 5 is lost (book: "You may never
have more than 5 Luck dice"), and the lines returned say so.
"""

from __future__ import annotations

from solo.rules.base import Advance, Character
from solo.rules.loose_fuzzy.abilities import (
    MAX_LUCK,
    START_LUCK,
    START_UNLUCK,
    VALUES,
    disabilities,
    lookup,
    norm,
    rules_error,
)

PRICE = 3  # experience per level
MIN_LUCK = 1
MIN_UNLUCK = 1
KEYS_HELP = ("raise:<ability>, new:<ability>, lower:<disability>, disability:<name>, "
             "raise:luck, lower:luck, lower:unluck")


def _resource(character: Character, name: str, default: int) -> int:
    return VALUES.whole_number(character.resources.get(name, default), f"resources.{name}")


def advancement(character: Character) -> list[Advance]:
    """Everything experience can buy now, and the trades that pay; ``cost`` is negative for a gain."""
    options: list[Advance] = []
    for key in sorted(character.stats, key=str):
        new = int(character.stats[key]) + 1
        options.append(Advance(f"raise:{key}", f"Raise {key} to {new}", {"experience": PRICE * new}))
    options.append(Advance("new", "A new ability at 1 (new:<name>)", {"experience": PRICE}))
    found = disabilities(character)
    for key, rating in sorted(found.items(), key=lambda kv: str(kv[0])):
        text = f"Lower {key} to {rating - 1}" if rating > 1 else f"Buy off {key}"
        options.append(Advance(f"lower:{key}", text, {"experience": PRICE * int(rating)}))
    for key, rating in sorted(found.items(), key=lambda kv: str(kv[0])):
        gain = PRICE * (int(rating) + 1)
        options.append(Advance(f"disability:{key}", f"Worsen {key} to {int(rating) + 1}: gives {gain} "
                               "experience", {"experience": -gain}))
    options.append(Advance("disability", f"Take on a new disability at 1 (disability:<name>): gives "
                           f"{PRICE} experience", {"experience": -PRICE}))
    luck = _resource(character, "luck", START_LUCK)
    if luck < MAX_LUCK:
        options.append(Advance("raise:luck", f"Raise Luck to {luck + 1}", {"experience": PRICE * (luck + 1)}))
    if luck > MIN_LUCK:
        options.append(Advance("lower:luck", f"Lower Luck to {luck - 1}: gives {PRICE * luck} experience",
                               {"experience": -PRICE * luck}))
    unluck = _resource(character, "unluck", START_UNLUCK)
    if unluck > MIN_UNLUCK:
        options.append(Advance("lower:unluck", f"Lower Unluck to {unluck - 1}", {"experience": PRICE * unluck}))
    return options


def advance(character: Character, key: str) -> Character:
    """Buy (or take) one advance; raises :class:`~solo.rules.base.RulesError` when it is not allowed
    or not affordable. Names may be spelled loosely (``raise:BODY``)."""
    action, _, name = str(key).partition(":")
    xp = _resource(character, "experience", 0)
    if action == "new" and name:
        if lookup(character.stats, name) is not None or norm(name) in {"luck", "unluck"}:
            raise rules_error(f"{name} is already an ability")
        if lookup(disabilities(character), name) is not None:
            raise rules_error(f"{name} is a disability, not an ability")
        _pay(character, PRICE, xp, f"a new ability {name} at 1")
        character.stats[name] = 1
        return character
    if action == "disability" and name:
        return _take_disability(character, name, xp)
    if action == "disability":
        raise rules_error("name the disability: disability:<name>")
    option = _find(character, action, name, key)
    _pay(character, option.cost["experience"], xp, option.text)
    _, _, target = option.key.partition(":")
    if option.key == "raise:luck":
        character.resources["luck"] = _resource(character, "luck", START_LUCK) + 1
    elif option.key == "lower:luck":
        character.resources["luck"] = _resource(character, "luck", START_LUCK) - 1
    elif option.key == "lower:unluck":
        character.resources["unluck"] = _resource(character, "unluck", START_UNLUCK) - 1
    elif option.key.startswith("raise:"):
        character.stats[target] = int(character.stats[target]) + 1
    else:
        dis = character.extra.setdefault("disabilities", {})
        dis[target] = int(dis[target]) - 1
        if dis[target] == 0:
            del dis[target]
    return character


def _find(character: Character, action: str, name: str, key: str) -> Advance:
    options = [a for a in advancement(character) if ":" in a.key]
    for option in options:
        if option.key == key:
            return option
    for option in options:  # any spelling of the name
        kind, _, target = option.key.partition(":")
        if kind == action and norm(target) == norm(name):
            return option
    if action == "raise" and norm(name) == "luck":
        raise rules_error(f"Luck is at most {MAX_LUCK}")
    if action == "lower" and norm(name) == "luck":
        raise rules_error(f"Luck cannot go below {MIN_LUCK}")
    if action == "lower" and norm(name) == "unluck":
        raise rules_error(f"Unluck cannot go below {MIN_UNLUCK}")
    raise rules_error(f"no advance {key!r} (try {KEYS_HELP})")


def _take_disability(character: Character, name: str, xp: int) -> Character:
    name = name.strip()
    if not name:
        raise rules_error("name the disability: disability:<name>")
    if lookup(character.stats, name) is not None or norm(name) in {"luck", "unluck"}:
        raise rules_error(f"{name} is an ability, so it cannot also be a disability")
    dis = character.extra.setdefault("disabilities", {})
    key = lookup(dis, name) or name
    level = int(dis.get(key, 0)) + 1
    dis[key] = level
    character.resources["experience"] = xp + PRICE * level
    return character


def _pay(character: Character, cost: int, xp: int, what: str) -> None:
    if cost > 0 and xp < cost:
        raise rules_error(f"{what} costs {cost} experience (have {xp})")
    character.resources["experience"] = xp - cost


def gain(character: Character, resource: str, amount: int) -> list[str] | None:
    """An award of Luck, Unluck or experience, kept within the book's bounds (experience is
    never below 0: it is only ever spent on advances); ``None`` for other resources (the engine
    adds them as they come)."""
    key = norm(resource)
    if key == "luck":
        low, high, start = MIN_LUCK, MAX_LUCK, START_LUCK
    elif key == "unluck":
        low, high, start = MIN_UNLUCK, None, START_UNLUCK
    elif key == "experience":
        low, high, start = 0, None, 0
    else:
        return None
    before = _resource(character, key, start)
    wanted = before + amount
    after = max(low, wanted if high is None else min(high, wanted))
    character.resources[key] = after
    if after == wanted:
        return []
    name = {"luck": "Luck", "unluck": "Unluck"}.get(key, "Experience")
    if high is not None and wanted > high:
        return [f"{name} is at most {high}: {wanted - high} of the award lost"]
    return [f"{name} is at least {low}: it stays at {after}"]
