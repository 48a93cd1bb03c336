"""Which rulesets exist: the five built-ins by id, plus any a package adds by entry point.

A third-party package adds a ruleset by declaring, in its ``pyproject.toml``::

    [project.entry-points."solo.rulesets"]
    my-system = "my_package.rules:MySystem"

The object named there is a :class:`~solo.rules.base.Ruleset` class (instantiated with no
arguments) or instance. Built-ins are imported lazily so that ``solo --help`` stays fast.

:data:`BUILTIN` is the one place outside ``solo/rules/<system>/`` that names the five systems, on
purpose rather than as solo's own entry points: the built-ins must be there in a source checkout
or a frozen build with no ``*.dist-info`` (entry points exist only once pip wrote the metadata,
so an editable install made before they were declared would lose every system), their order is
the order shown everywhere (``available()``, the first one is ``solo new pack``'s default), and
finding them costs no scan of the installed distributions. :data:`BUILTIN_NAMES` is the same
exception for speed: the names ``solo list`` shows, held equal to the rulesets' own by a test.
Everything else about a system is asked of its ruleset (:mod:`solo.rules.base`, the hooks).
Every ruleset is checked once, when first asked for (:func:`solo.rules.base.check_ruleset`): a
missing member or a hook of the wrong kind is one line naming the system, the entry point and
the member, not a traceback mid-game.
"""

from __future__ import annotations

import importlib
import logging
from importlib.metadata import entry_points

from solo.rules.base import Ruleset, RulesError, check_ruleset

log = logging.getLogger(__name__)

ENTRY_POINT_GROUP = "solo.rulesets"

BUILTIN: dict[str, str] = {
    "guts-plus": "solo.rules.guts_plus:GutsPlus",
    "game": "solo.rules.game:Game",
    "loose-fuzzy": "solo.rules.loose_fuzzy:LooseFuzzy",
    "humanity-blessed": "solo.rules.humanity_blessed:HumanityBlessed",
    "four-s": "solo.rules.four_s:FourS",
}

#: What players call each built-in (its ruleset's ``display_name``, which a test holds equal), so
#: that ``solo list`` names the systems of its adventures without importing five rulesets.
BUILTIN_NAMES: dict[str, str] = {
    "guts-plus": "GUTS+",
    "game": "GAME",
    "loose-fuzzy": "Loose and Fuzzy",
    "humanity-blessed": "Humanity, Blessed",
    "four-s": "FOUR-S",
}

_loaded: dict[str, Ruleset] = {}
_registered: dict[str, object] = {}


class UnknownRuleset(RulesError):
    """No ruleset is registered under that id."""


def register(ruleset_id: str, ruleset: object) -> None:
    """Register a ruleset class or instance under an id (replacing an earlier one)."""
    _registered[ruleset_id] = ruleset
    _loaded.pop(ruleset_id, None)


def _entry_point_targets() -> dict[str, str]:
    found: dict[str, str] = {}
    try:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            found[ep.name] = ep.value
    except Exception as exc:  # a broken installed distribution must not stop the game
        log.warning("could not read %s entry points: %s", ENTRY_POINT_GROUP, exc)
    return found


def available() -> list[str]:
    """All ruleset ids: built-ins first, then registered and entry-point ones, sorted."""
    extra = set(_registered) | set(_entry_point_targets())
    return list(BUILTIN) + sorted(extra - set(BUILTIN))


def display_name(ruleset_id: str) -> str:
    """The name players know a system by: a built-in's from :data:`BUILTIN_NAMES` (no import),
    any other ruleset's ``display_name`` hook, else its ``name``; an unknown id as it is."""
    from solo.rules.base import Presents, hook

    if ruleset_id in BUILTIN_NAMES and ruleset_id not in _registered:
        return BUILTIN_NAMES[ruleset_id]
    try:
        ruleset = get(ruleset_id)
    except RulesError:
        return ruleset_id
    own = hook(ruleset, Presents)
    return own.display_name if own is not None else ruleset.name


def _instantiate(obj: object) -> Ruleset:
    return obj() if isinstance(obj, type) else obj  # type: ignore[return-value]


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with that id; raises :class:`UnknownRuleset` with the known ids."""
    if ruleset_id in _loaded:
        return _loaded[ruleset_id]
    if ruleset_id in _registered:
        source = "registered in code"
        ruleset = _instantiate(_registered[ruleset_id])
    else:
        target = BUILTIN.get(ruleset_id) or _entry_point_targets().get(ruleset_id)
        if target is None:
            known = ", ".join(available())
            raise UnknownRuleset(f"unknown game system {ruleset_id!r} (known: {known})")
        source = f"built-in {target}" if ruleset_id in BUILTIN else f"entry point {target}"
        module_name, _, attr = target.partition(":")
        try:
            module = importlib.import_module(module_name)
            obj = module
            for part in attr.split("."):
                obj = getattr(obj, part)
        except (ImportError, AttributeError) as exc:
            raise UnknownRuleset(
                f"game system {ruleset_id!r} is registered as {target!r} but cannot be loaded: {exc}"
            ) from exc
        ruleset = _instantiate(obj)
    check_ruleset(ruleset, ruleset_id, source)
    _loaded[ruleset_id] = ruleset
    return ruleset
