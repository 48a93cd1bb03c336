"""The Humanity, Blessed session shop: one free upgrade each session, extra ones for blessing
dice (3, then 2 more each time), and what they buy.

What it sells, as advance keys (:meth:`~solo.rules.base.Ruleset.advance`):

* ``stat:<stat>``: the Stat Upgrade, one die size now (at most 10 times);
* ``ability:<name>``: the Ability Upgrade, received at the end of the next session (at most
  twice, not counting an ability that is the first to extend one the character has);
* ``history:<edits>``: the History Upgrade, two changes or additions to the History's scope
  (``add=TEXT`` or ``change=OLD>NEW``, joined by ``;``), now; seven touchstones at most;
* ``lifestyle:<name>``: a Lifestyle Upgrade (from the starting Lifestyle to one of its three
  upgrades, from any to Lost, from Lost to any), received at the end of the next session;
* ``item:<item>``: the Item Upgrade, a mundane item made high-quality (+1 aid on a roll that
  uses it), now.

Free adjustments ride on an upgrade, joined by ``+``: ``stat:hand+move:head>heart`` also moves a
size from one stat die to another; ``ability:<name>+swap:<old>><new>`` also trades an ability
no other of the character's abilities extends for another; and an upgrade that changes the
History die's size may add one History edit, ``+history:add=TEXT``.

State kept on the character: ``extra["stat_upgrades"]``, ``extra["ability_upgrades"]``,
``extra["pending_upgrades"]`` (what arrives at the end of the next session),
``extra["starting_lifestyle"]``, ``extra["touchstones"]`` (the History's scope) and
``extra["quality_items"]`` (high-quality items).
"""

from __future__ import annotations

import copy
from typing import Any

from solo.rules.base import Advance, Character
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.blessings import choose_spend, take
from solo.rules.humanity_blessed.bumping import DieError
from solo.rules.humanity_blessed.character import listed_abilities
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.parsing import lookup
from solo.rules.humanity_blessed.tables import (
    ABILITIES,
    MAX_STAT_UPGRADES,
    OVERCHARGE,
    err,
    norm,
    stat_title,
)

MAX_ABILITY_UPGRADES = 2
MAX_TOUCHSTONES = 7
#: Each starting Lifestyle and the three it may be upgraded to.
LIFESTYLE_UPGRADES: dict[str, tuple[str, ...]] = {
    "carefree": ("Blossomed", "Prodigious", "Crafty"),
    "eager": ("Driven", "Chosen", "Wired"),
    "wisened": ("Steadfast", "Warry", "Compelling"),
}
ALL_LIFESTYLES = ("Carefree", "Eager", "Wisened") + tuple(
    name for names in LIFESTYLE_UPGRADES.values() for name in names) + ("Lost",)
HISTORY_PROMPT = ("two changes or additions to your History's scope, e.g. "
                  "add=knot tying;change=old touchstone>new touchstone")


def shop_cost(bought: int) -> int:
    """Blessing dice (worth 1+) for the next extra upgrade after ``bought`` this session."""
    return 3 + 2 * bought


# -- what the character has ---------------------------------------------------------------------


def _abilities(character: Character) -> list[str]:
    return listed_abilities(character)


def _pending(character: Character) -> list[dict[str, Any]]:
    return [dict(p) for p in character.extra.get("pending_upgrades", []) or []]


def _ability_name(name: str) -> str | None:
    """The book's spelling of an ability written loosely (``blessed luck``), or None."""
    return next((a for a in ABILITIES if norm(a) == norm(name)), None)


def _extended(abilities: list[str]) -> set[str]:
    """Abilities that one of ``abilities`` already extends."""
    return {norm(ABILITIES[a]) for a in (_ability_name(x) for x in abilities)
            if a is not None and ABILITIES[a] is not None}


def _gainable(character: Character) -> list[tuple[str, bool]]:
    """Abilities the character may gain now, each with whether it counts against the two
    Ability Upgrades (an ability that is the first to extend one the character has does not)."""
    have = {norm(a) for a in _abilities(character)}
    pending = {norm(p.get("ability", "")) for p in _pending(character)}
    extended = _extended(_abilities(character) + [p["ability"] for p in _pending(character)
                                                  if "ability" in p])
    counted = int(character.extra.get("ability_upgrades", 0) or 0)
    found = []
    for name, base in ABILITIES.items():
        if norm(name) in have or norm(name) in pending:
            continue
        if base is not None and norm(base) not in have:
            continue
        counts = base is None or norm(base) in extended
        if counts and counted >= MAX_ABILITY_UPGRADES:
            continue
        found.append((name, counts))
    return found


def _starting_lifestyle(character: Character) -> str:
    start = character.extra.get("starting_lifestyle") or character.extra.get("lifestyle") or ""
    return norm(start)


def _lifestyle_targets(character: Character) -> list[str]:
    """The Lifestyles the character may upgrade to now."""
    if any("lifestyle" in p for p in _pending(character)):
        return []
    current = norm(character.extra.get("lifestyle") or "")
    if current == "lost":
        return [name for name in ALL_LIFESTYLES if norm(name) != "lost"]
    targets = list(LIFESTYLE_UPGRADES.get(_starting_lifestyle(character), ())) + ["Lost"]
    return [name for name in targets if norm(name) != current]


def _quality_items(character: Character) -> list[str]:
    return [str(i) for i in character.extra.get("quality_items", []) or []]


# -- the shop's list ----------------------------------------------------------------------------


def advancement(character: Character) -> list[Advance]:
    """What the shop offers the character now, with its price."""
    free = int(character.resources.get("free_upgrades", 0))
    bought = int(character.resources.get("upgrades_bought", 0))
    cost = {} if free > 0 else {"blessings": shop_cost(bought)}
    how = "free upgrade" if free > 0 else f"{cost['blessings']} blessing dice"
    options = []
    if int(character.extra.get("stat_upgrades", 0)) < MAX_STAT_UPGRADES:
        for key in sorted(character.stats, key=str):
            try:
                die = bumping.parse_die(character.stats[key])
            except DieError:
                continue
            size = bumping.upgrade_size(die)
            if size is not None:
                text = f"Stat Upgrade: {stat_title(key)} {die.name} → d{size}, now ({how})"
                options.append(Advance(f"stat:{key}", text, dict(cost)))
    for name, counts in _gainable(character):
        extends = ABILITIES[name]
        note = f", extends {extends}" + ("" if counts else ", not counted") if extends else ""
        text = f"Ability Upgrade: {name}{note}, at the end of the next session ({how})"
        options.append(Advance(f"ability:{_ascii(name)}", text, dict(cost)))
    text = f"History Upgrade: two changes or additions to your History's scope, now ({how})"
    options.append(Advance("history", text, dict(cost), typed=HISTORY_PROMPT))
    for name in _lifestyle_targets(character):
        text = f"Lifestyle Upgrade: {name}, at the end of the next session ({how})"
        options.append(Advance(f"lifestyle:{name}", text, dict(cost)))
    for item in character.items:
        if item not in _quality_items(character):
            text = f"Item Upgrade: {item} becomes high-quality (+1 aid on rolls that use it), now ({how})"
            options.append(Advance(f"item:{item}", text, dict(cost)))
    return options


def _ascii(name: str) -> str:
    return name.replace("è", "e")


# -- buying -------------------------------------------------------------------------------------


def advance(character: Character, key: str) -> Character:
    """Buy ``key`` (see the module docstring): everything is checked before anything changes;
    the free upgrade pays first, else blessing dice. The character is changed in place."""
    changed = copy.deepcopy(character)
    main, *extras = [part.strip() for part in str(key).split("+")]
    action, _, arg = main.partition(":")
    adjustments = _adjustments(extras, key)
    history_before = _history_die(changed)
    if action == "stat":
        _buy_stat(changed, arg, adjustments.pop("move", None))
        edits = adjustments.pop("history", None)
        if edits is not None:
            if _history_die(changed) == history_before:
                raise err("a free History edit comes with an upgrade that changes the History "
                          "die's size")
            _edit_history(changed, edits, most=1)
    elif action == "ability":
        _buy_ability(changed, arg, adjustments.pop("swap", None))
    elif action == "history":
        if not arg:
            raise err(f"say what the History Upgrade changes: history:<edits>, {HISTORY_PROMPT}")
        _edit_history(changed, arg, most=2)
    elif action == "lifestyle":
        _buy_lifestyle(changed, arg)
    elif action == "item":
        _buy_item(changed, arg)
    else:
        raise err(f"no advance {key!r} (the shop sells stat:, ability:, history:, lifestyle: "
                  "and item: upgrades)")
    if adjustments:
        raise err(f"{', '.join(sorted(adjustments))} cannot go with a {action} upgrade")
    _pay(changed)
    for name in ("stats", "resources", "extra", "items", "conditions"):
        setattr(character, name, getattr(changed, name))
    return character


def _adjustments(extras: list[str], key: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for extra in extras:
        kind, _, value = extra.partition(":")
        if kind not in ("move", "swap", "history") or not value:
            raise err(f"{extra!r} in {key!r} is not a free adjustment (move:A>B with a Stat "
                      "Upgrade, swap:OLD>NEW with an Ability Upgrade, history:add=TEXT with an "
                      "upgrade that changes the History die)")
        if kind in found:
            raise err(f"one {kind} adjustment per upgrade (got two in {key!r})")
        found[kind] = value
    return found


def _pay(character: Character) -> None:
    free = int(character.resources.get("free_upgrades", 0))
    if free > 0:
        character.resources["free_upgrades"] = free - 1
        return
    bought = int(character.resources.get("upgrades_bought", 0))
    cost = shop_cost(bought)
    pool = character.resources.setdefault("blessings", [])
    picked = choose_spend(pool, cost, 1, Conditions.of(character).has("cursed"))
    if picked is None:
        raise err(f"an extra upgrade costs {cost} blessing dice worth 1+ (have {len(pool)})")
    take(pool, picked)
    character.resources["upgrades_bought"] = bought + 1


def _history_die(character: Character) -> str | None:
    key = lookup(character.stats, "history")
    return None if key is None else str(character.stats[key])


def _resize(character: Character, name: str, step: int, what: str) -> None:
    stat = lookup(character.stats, name)
    if stat is None:
        raise err(f"{what}: {character.name or 'the character'} has no stat {name!r}")
    die = bumping.parse_die(character.stats[stat])
    if not die.standard:
        raise err(f"{what}: {stat} {die.name} is a capped die, which the shop does not change")
    index = bumping.STANDARD_SIZES.index(die.sides) + step
    if not 0 <= index < len(bumping.STANDARD_SIZES):
        limit = "d10 is the largest" if step > 0 else "d4 is the smallest"
        raise err(f"{what}: {stat} {die.name} cannot go {'up' if step > 0 else 'down'} ({limit})")
    character.stats[stat] = f"d{bumping.STANDARD_SIZES[index]}"


def _buy_stat(character: Character, name: str, move: str | None) -> None:
    if int(character.extra.get("stat_upgrades", 0)) >= MAX_STAT_UPGRADES:
        raise err(f"the Stat Upgrade can be taken at most {MAX_STAT_UPGRADES} times")
    stat = lookup(character.stats, name)
    if stat is None:
        raise err(f"no advance 'stat:{name}': {character.name or 'the character'} has no such stat")
    die = bumping.parse_die(character.stats[stat])
    if bumping.upgrade_size(die) is None:
        raise err(f"{stat} {die.name} cannot be upgraded (d10 is the largest; capped dice stay)")
    _resize(character, stat, +1, "Stat Upgrade")
    character.extra["stat_upgrades"] = int(character.extra.get("stat_upgrades", 0)) + 1
    if move is not None:
        down, sep, up = move.partition(">")
        if not sep or lookup(character.stats, down) == lookup(character.stats, up):
            raise err(f"move:{move}: name two different stats, move:DOWN>UP")
        _resize(character, down.strip(), -1, "free adjustment")
        _resize(character, up.strip(), +1, "free adjustment")


def _buy_ability(character: Character, name: str, swap: str | None) -> None:
    wanted = _ability_name(name)
    gainable = dict(_gainable(character))
    if wanted is None:
        raise err(f"no ability {name!r} in the book")
    if wanted not in gainable:
        base = ABILITIES[wanted]
        if norm(wanted) in {norm(a) for a in _abilities(character)}:
            raise err(f"{character.name or 'the character'} already has {wanted}")
        if base is not None and norm(base) not in {norm(a) for a in _abilities(character)}:
            raise err(f"{wanted} requires and extends {base}, which the character lacks")
        raise err(f"the Ability Upgrade counts at most {MAX_ABILITY_UPGRADES} times "
                  f"(an ability that first extends one you have does not count), or {wanted} is "
                  "already on its way")
    pending: dict[str, Any] = {"ability": wanted}
    if swap is not None:
        pending["swap"] = list(_swap(character, swap, wanted))
    if gainable[wanted]:
        character.extra["ability_upgrades"] = int(character.extra.get("ability_upgrades", 0)) + 1
    character.extra["pending_upgrades"] = _pending(character) + [pending]


def _swap(character: Character, swap: str, gaining: str) -> tuple[str, str]:
    old_text, sep, new_text = swap.partition(">")
    old, new = _ability_name(old_text), _ability_name(new_text)
    have = {norm(a) for a in _abilities(character)}
    if not sep or old is None or new is None:
        raise err(f"swap:{swap}: name two of the book's abilities, swap:OLD>NEW")
    if norm(old) not in have:
        raise err(f"swap:{swap}: {character.name or 'the character'} does not have {old}")
    if norm(old) in _extended(_abilities(character) + [gaining]):
        raise err(f"swap:{swap}: {old} is extended by another of your abilities, so it stays")
    if norm(new) in have or new == gaining:
        raise err(f"swap:{swap}: {new} is already yours")
    base = ABILITIES[new]
    if base is not None and (norm(base) not in have or norm(base) == norm(old)):
        raise err(f"swap:{swap}: {new} requires and extends {base}")
    return old, new


def _edit_history(character: Character, edits: str, most: int) -> None:
    scope = [str(t) for t in character.extra.get("touchstones", []) or []]
    parts = [part.strip() for part in edits.split(";") if part.strip()]
    if not 1 <= len(parts) <= most:
        allowed = "one change or addition" if most == 1 else "one or two changes or additions"
        raise err(f"this History edit makes {allowed} (got {len(parts)})")
    for part in parts:
        kind, _, text = part.partition("=")
        if kind == "add" and text.strip():
            scope.append(text.strip())
        elif kind == "change" and ">" in text:
            old, _, new = (t.strip() for t in text.partition(">"))
            index = next((i for i, t in enumerate(scope) if norm(t) == norm(old)), None)
            if index is None or not new:
                raise err(f"change={text}: the History has no touchstone {old!r} "
                          f"(has: {', '.join(scope) or 'none'})")
            scope[index] = new
        else:
            raise err(f"{part!r}: a History edit is add=TEXT or change=OLD>NEW")
    if len(scope) > MAX_TOUCHSTONES:
        raise err(f"the History's scope holds at most {MAX_TOUCHSTONES} touchstones "
                  f"(would be {len(scope)})")
    character.extra["touchstones"] = scope


def _buy_lifestyle(character: Character, name: str) -> None:
    targets = _lifestyle_targets(character)
    wanted = next((t for t in targets if norm(t) == norm(name)), None)
    if wanted is None:
        if any("lifestyle" in p for p in _pending(character)):
            raise err("a Lifestyle Upgrade is already on its way")
        raise err(f"lifestyle:{name}: from {character.extra.get('lifestyle') or 'no lifestyle'} "
                  f"the shop offers {', '.join(targets) or 'no Lifestyle Upgrade'}")
    character.extra["pending_upgrades"] = _pending(character) + [{"lifestyle": wanted}]


def _buy_item(character: Character, item: str) -> None:
    if item not in character.items:
        raise err(f"item:{item}: {character.name or 'the character'} does not carry {item!r} "
                  f"(carries: {', '.join(character.items) or 'nothing'})")
    if item in _quality_items(character):
        raise err(f"item:{item}: it is high-quality already")
    character.extra["quality_items"] = _quality_items(character) + [item]


# -- the end of a session -----------------------------------------------------------------------


def receive(character: Character) -> list[str]:
    """What was bought for the end of the next session arrives; lines saying what."""
    lines = []
    for pending in _pending(character):
        if "ability" in pending:
            abilities = _abilities(character)
            swap = pending.get("swap")
            if swap:
                abilities = [a for a in abilities if norm(a) != norm(swap[0])] + [swap[1]]
                lines.append(f"Session shop: {swap[0]} traded for {swap[1]}")
            character.extra["abilities"] = abilities + [pending["ability"]]
            lines.append(f"Session shop: new ability, {pending['ability']}")
        if "lifestyle" in pending:
            character.extra.setdefault("starting_lifestyle", character.extra.get("lifestyle"))
            character.extra["lifestyle"] = pending["lifestyle"]
            stats = ", ".join(OVERCHARGE.get(norm(pending["lifestyle"]), ()))
            lines.append(f"Session shop: Lifestyle now {pending['lifestyle']}"
                         + (f" (overcharges {stats})" if stats else ""))
    character.extra.pop("pending_upgrades", None)
    return lines


def end_of_adventure(character: Character) -> list[str]:
    """The session ends: upgrades bought for it arrive, a free upgrade is earned, the
    extra-upgrade price resets."""
    lines = receive(character)
    character.resources["free_upgrades"] = int(character.resources.get("free_upgrades", 0)) + 1
    character.resources["upgrades_bought"] = 0
    lines.append("Session shop: one free upgrade earned "
                 "(extra upgrades cost 3 blessing dice, then 2 more each)")
    if character.extra.pop("session", None) is not None:
        lines.append("The session's lucky number is gone; a new one is rolled next session")
    return lines
