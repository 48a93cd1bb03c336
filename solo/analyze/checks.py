"""``solo analyze --checks``: every check and contest of an adventure with its exact odds.

One row per check (scene, choice, what it tests) and one column per character: each
pregenerated character as the game starts with them, and a stored character when one is given.
The chance shown is the one play, ``solo graph`` and the reports show (:mod:`solo.adventure.odds`).
"""

from __future__ import annotations

from typing import Any

from solo.adventure.model import Adventure
from solo.adventure.odds import percent, spec_label, spec_odds
from solo.rules import registry
from solo.rules.base import Character, RulesError


def check_table(adventure: Adventure, extra: Character | None = None) -> dict[str, Any]:
    ruleset = registry.get(adventure.system)
    people: list[tuple[str, Character]] = []
    for person in adventure.characters:
        people.append((person.id, ruleset.prepare_character(person.character(adventure.system))))
    if extra is not None:
        people.append((extra.id or extra.name, ruleset.prepare_character(Character.from_dict(extra.to_dict()))))
    rows = []
    for sid, scene in adventure.scenes.items():
        for index, choice in enumerate(scene.choices):
            spec = choice.check
            if spec is None:
                continue
            odds: dict[str, Any] = {}
            for who, character in people:
                try:
                    found = spec_odds(adventure, ruleset, character, spec)
                except (RulesError, LookupError, ValueError) as exc:
                    odds[who] = {"error": str(exc)}
                    continue
                chance = found.success_chance()
                odds[who] = {"success": float(chance), "exact": f"{chance.numerator}/{chance.denominator}",
                             "percent": percent(chance)}
            rows.append({"check": f"{sid}#{index}", "scene": sid, "choice": choice.text, "kind": spec.kind,
                         "tests": spec_label(adventure, spec), "odds": odds})
    return {"adventure": adventure.id, "characters": [who for who, _ in people], "checks": rows}
