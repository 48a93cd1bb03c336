"""House rules: readings that go beyond a book, each off unless an adventure names it.

The book's rule is always the default. Where the project once played a rule of its own (because
the book leaves a gap a GM fills at the table), that rule lives on only as a named option an
adventure opts into with a top-level ``house_rules: [name, ...]`` list. Each ruleset owns its
own (its ``house_rules`` hook, :class:`solo.rules.base.HasHouseRules`, kept in its package); this
module owns the type and gathers them: by system for the rules page and ``solo validate``, by
name for the adventure's card. It does no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

__all__ = ["HouseRule", "for_system", "known", "lookup"]


@dataclass(frozen=True)
class HouseRule:
    """One named opt-in rule: its name, the system it belongs to, a title and what it does."""

    name: str
    system: str
    title: str
    text: str


def for_system(system: str) -> list[HouseRule]:
    """The house rules an adventure of ``system`` may name, in a stable order (none for an
    unknown system or one that offers none)."""
    from solo.rules import registry
    from solo.rules.base import HasHouseRules, RulesError, hook

    try:
        own = hook(registry.get(system), HasHouseRules)
    except RulesError:
        return []
    return list(own.house_rules) if own is not None else []


def known() -> dict[str, HouseRule]:
    """Every registered system's house rules by name."""
    from solo.rules import registry

    return {rule.name: rule for system in registry.available() for rule in for_system(system)}


def lookup(names: Iterable[str]) -> list[HouseRule]:
    """The known house rules among ``names``, in the order given (unknown names are skipped:
    the validator reports them)."""
    names = list(names)
    if not names:
        return []
    table = known()
    return [table[name] for name in names if name in table]
