"""The exact odds of a check or contest as an adventure writes it, for one character.

Play (the hint beside a choice), ``solo graph``, ``solo analyze``, the playtest reports and the
GM's ``:odds`` all ask this module, so the same check for the same character shows the same
chance everywhere. It turns a :class:`~solo.adventure.model.CheckSpec` into what the ruleset
needs (the parameters as written, a companion who assists as ``helper``, the opponent as a
prepared :class:`~solo.rules.base.Character`) and asks the ruleset's ``check_odds`` or
``contest_odds``; the chance of success shown to people is :meth:`Odds.success_chance`, the
chance that the roll counts as a success for the adventure's generic branches.

Results are memoised by the ruleset, the parameters and everything about the characters that a
ruleset may read (stats, resources, items, conditions, extra), so an unchanged character never
pays for the same computation twice.
"""

from __future__ import annotations

from collections import OrderedDict
from fractions import Fraction
from typing import Any, Mapping

from solo.adventure.model import Adventure, CheckSpec
from solo.rules.base import Character, Odds, Ruleset, SaysCheckCosts, hook, names

CACHE_SIZE = 4096
_cache: OrderedDict[Any, Odds] = OrderedDict()


def fingerprint(value: Any) -> Any:
    """A hashable summary of a parameter value; a character by everything a ruleset may read."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    if kind is dict:
        return tuple((str(k), fingerprint(v)) for k, v in value.items())
    if kind is list or kind is tuple:
        return tuple(fingerprint(v) for v in value)
    if isinstance(value, Character):
        return ("character", value.system, fingerprint(value.stats), fingerprint(value.resources),
                tuple(value.items), tuple(value.conditions), fingerprint(value.extra))
    if isinstance(value, Mapping):
        return tuple((str(k), fingerprint(v)) for k, v in value.items())
    if hasattr(value, "analysis_print"):  # the analyzer's guarded list (solo.analyze.owed.Tripwire)
        return value.analysis_print()
    if isinstance(value, (list, tuple)):
        return tuple(fingerprint(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set", tuple(sorted(map(repr, value))))
    return value


def _memo(key: Any, compute) -> Odds:
    try:
        found = _cache[key]
    except (KeyError, TypeError):
        pass
    else:
        _cache.move_to_end(key)
        return found
    odds = compute()
    try:
        _cache[key] = odds
    except TypeError:  # an unhashable parameter: compute every time
        return odds
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return odds


def check_odds_for(ruleset: Ruleset, character: Character, params: Mapping[str, Any]) -> Odds:
    """``ruleset.check_odds``, memoised. The character is copied so the ruleset cannot change it."""
    key = ("check", ruleset.id, fingerprint(character), fingerprint(params))
    return _memo(key, lambda: ruleset.check_odds(_copy(character), dict(params)))


def contest_odds_for(
    ruleset: Ruleset, character: Character, opponent: Character, params: Mapping[str, Any]
) -> Odds:
    """``ruleset.contest_odds``, memoised like :func:`check_odds_for`."""
    key = ("contest", ruleset.id, fingerprint(character), fingerprint(opponent), fingerprint(params))
    return _memo(key, lambda: ruleset.contest_odds(_copy(character), _copy(opponent), dict(params)))


def check_params(adventure: Adventure, ruleset: Ruleset, spec: CheckSpec) -> dict[str, Any]:
    """The parameters the ruleset gets for a check: as written, a companion who assists as
    ``helper`` (a prepared character), the ``assist`` id itself left out, and the NPCs named by
    a parameter the ruleset lists in ``npc_params`` (Humanity, Blessed ``group_with``) as
    prepared characters."""
    params = dict(spec.params)
    params.pop("assist", None)
    if spec.assist and spec.assist in adventure.npcs:
        helper = adventure.npcs[spec.assist]
        params["helper"] = ruleset.prepare_character(helper.character(adventure.system))
    for name in names(ruleset, "npc_params"):
        if params.get(name):
            params[name] = adventure.npc_characters(params[name], ruleset.prepare_character)
    return params


def opponent_of(adventure: Adventure, ruleset: Ruleset, spec: CheckSpec) -> Character | None:
    """The prepared opponent of a contest, or None when the adventure names no known one."""
    person = adventure.npcs.get(spec.opponent or "")
    if person is None:
        return None
    return ruleset.prepare_character(person.character(adventure.system))


def spec_odds(adventure: Adventure, ruleset: Ruleset, character: Character, spec: CheckSpec) -> Odds:
    """The exact odds of the check or contest ``spec`` for ``character``.

    Raises :class:`~solo.rules.base.RulesError` when the ruleset refuses it, and ``LookupError``
    for a contest without a known opponent.
    """
    params = check_params(adventure, ruleset, spec)
    if spec.kind == "contest":
        opponent = opponent_of(adventure, ruleset, spec)
        if opponent is None:
            raise LookupError(f"contest without a known opponent ({spec.opponent!r})")
        return contest_odds_for(ruleset, character, opponent, params)
    return check_odds_for(ruleset, character, params)


def success_chance(adventure: Adventure, ruleset: Ruleset, character: Character, spec: CheckSpec) -> Fraction:
    """The chance that ``spec`` counts as a success for ``character`` (what every view shows)."""
    return spec_odds(adventure, ruleset, character, spec).success_chance()


def percent(chance: Fraction) -> str:
    """A chance as people read it everywhere: a whole percentage (``"74%"``)."""
    return f"{float(chance) * 100:.0f}%"


def spec_label(adventure: Adventure, spec: CheckSpec, *, title: bool = False, ruleset: object = None) -> str:
    """What a check tests: the stat (``utility``, ``a + b``), and ``vs`` the opponent's name for
    a contest. With ``title`` it is said for the player: each stat by the adventure's ``labels``
    entry when it has one ("Hedge wizard"), else its id in words and capitalised ("Hedge Wizard",
    never "Hedge_Wizard"). Given the ``ruleset``, the others who roll with each side (its
    ``group_params``) are named: "Hand (with Pip and Tom) vs The foreman (with a docker)"."""
    names = [spec.stat] if isinstance(spec.stat, str) else [str(s) for s in spec.stat or ()]
    if title:
        names = [adventure.labels.get(n) or n.replace("_", " ").title() for n in names]
    stat = " + ".join(names)
    mine, theirs = _sides(adventure, spec, ruleset)
    costs = hook(ruleset, SaysCheckCosts) if title and ruleset is not None else None
    if costs is not None:
        stat += costs.check_cost_words(spec.params)  # " + Head spark, paying 2 blessing dice"
    stat += mine
    if spec.kind == "contest":
        opponent = adventure.npcs.get(spec.opponent or "")
        stat += f" vs {opponent.name if opponent else spec.opponent}" + theirs
    return stat


def _sides(adventure: Adventure, spec: CheckSpec, ruleset: object) -> tuple[str, str]:
    """" (with A and B)" for the others rolling with the player's side and with the opponent's
    (empty when none, or without a ruleset that names them)."""
    from solo.rules.vocabulary import in_sentence

    found: tuple[list[str], list[str]] = ([], [])
    for param in names(ruleset, "group_params") if ruleset is not None else ():
        value = spec.params.get(param)
        ids = value if isinstance(value, list) else [] if value is None else [value]
        side = found[1] if param.startswith("opponent_") else found[0]
        for npc_id in ids:
            npc = adventure.npcs.get(npc_id) if isinstance(npc_id, str) else None
            side.append(in_sentence(npc.name) if npc is not None and npc.name else str(npc_id))

    def said(people: list[str]) -> str:
        if not people:
            return ""
        listed = people[0] if len(people) == 1 else ", ".join(people[:-1]) + " and " + people[-1]
        return f" (with {listed})"

    return said(found[0]), said(found[1])


def _copy(character: Character) -> Character:
    return Character.from_dict(character.to_dict())
