"""Conditions in Humanity, Blessed, read off a character for one roll.

Conditions are strings in ``character.conditions``: a bare name (``uncool``, ``taxed``) touches
every roll; ``kind:stat`` (``pain:hand``) touches rolls of that stat only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from solo.rules.base import Character
from solo.rules.humanity_blessed.tables import norm

#: The conditions read on whoever rolls, so on an NPC too (an adventure may give an npc one to
#: start with): Disarmed caps a violent attacker's maximum; Uncool and Pain take 1, an Ache the
#: top face, Weakness the aid, Distracted the bumps; a Vulnerability is rolled again.
NPC_CONDITIONS = ("disarmed", "uncool", "pain", "ache", "weakness", "distracted", "vulnerability")


@dataclass(frozen=True)
class Conditions:
    """The conditions on a character, read for one roll of some stats."""

    names: frozenset[str]  # normalised, general
    by_stat: frozenset[tuple[str, str]]  # (kind, stat)

    @classmethod
    def of(cls, character: Character | None) -> "Conditions":
        names: set[str] = set()
        by_stat: set[tuple[str, str]] = set()
        for raw in (character.conditions if character else []):
            text = str(raw)
            if ":" in text:
                kind, _, stat = text.partition(":")
                by_stat.add((norm(kind), norm(stat)))
            else:
                names.add(norm(text))
        names = {"surprise" if n == "surprised" else n for n in names}
        return cls(frozenset(names), frozenset(by_stat))

    def has(self, kind: str, stats: Iterable[str] = ()) -> bool:
        return kind in self.names or any((kind, norm(s)) in self.by_stat for s in stats)

    def on(self, kind: str, stat: str) -> bool:
        return kind in self.names or (kind, norm(stat)) in self.by_stat
