"""Humanity, Blessed's creation rules as a draft the player changes one field at a time (no I/O).

The generic machinery (fields, tallies, the ruleset's own check after every edit) is
:mod:`solo.rules.creation`; this module says what a player of this system chooses. The ruleset
hands it out as its ``draft_class``.
"""

from __future__ import annotations

from solo.rules.creation import Draft, CreationError, Field, Tally, _pick, _either


class BlessedDraft(Draft):
    rules = ("Every stat starts at d4. Your best stat is one size larger, and your starter Lifestyle "
             "with your Value System raises two more one size each (the book's Step Two table). "
             "Then pick two [Starter] abilities.")

    LIFESTYLES = ("Carefree", "Eager", "Wisened")
    VALUE_SYSTEMS = ("Virtue and Vice", "Fate and Knowledge", "Cunning and Capability")

    def start(self) -> None:
        from solo.rules.humanity_blessed.tables import STARTER_ABILITIES

        self.extra.update(best="Head", lifestyle="Carefree", value_system="Virtue and Vice",
                          abilities=list(STARTER_ABILITIES[:2]))
        self._derive()

    def _derive(self) -> None:
        from solo.rules.humanity_blessed.character import starting_stats

        self.stats = starting_stats(self.extra["best"], self.extra["lifestyle"], self.extra["value_system"])

    def fields(self) -> list[Field]:
        from solo.rules.humanity_blessed.tables import CORE_STATS, STARTER_ABILITIES

        stats = tuple(s.capitalize() for s in CORE_STATS)
        fields = [
            Field(1, "Best stat", self.extra["best"], _either(list(stats)), "Choices", choices=stats),
            Field(2, "Lifestyle", self.extra["lifestyle"], _either(list(self.LIFESTYLES)), "Choices",
                  choices=self.LIFESTYLES),
            Field(3, "Value System", self.extra["value_system"], _either(list(self.VALUE_SYSTEMS)), "Choices",
                  choices=self.VALUE_SYSTEMS),
        ]
        for i, ability in enumerate(self.extra.get("abilities") or [], start=1):
            fields.append(Field(len(fields) + 1, f"Ability {i}", ability,
                                f"a [Starter] ability: type {len(fields) + 1} for the list", "Choices",
                                choices=STARTER_ABILITIES))
        for stat, die in self.stats.items():
            fields.append(Field(len(fields) + 1, stat.capitalize(), str(die), "", "Stats that follow", editable=False))
        return fields

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.humanity_blessed.tables import CORE_STATS, STARTER_ABILITIES

        if field.label == "Best stat":
            self.extra["best"] = _pick(text, [s.capitalize() for s in CORE_STATS], "the best stat")
        elif field.label == "Lifestyle":
            self.extra["lifestyle"] = _pick(text, self.LIFESTYLES, "the starter Lifestyle")
        elif field.label == "Value System":
            self.extra["value_system"] = _pick(text, self.VALUE_SYSTEMS, "the Value System")
        else:
            index = int(field.label.split()[-1]) - 1
            chosen = _pick(text, STARTER_ABILITIES, "a starting ability")
            abilities = list(self.extra.get("abilities") or [])
            if chosen in abilities and abilities.index(chosen) != index:
                raise CreationError(f"{chosen} is already your other ability")
            abilities[index] = chosen
            self.extra["abilities"] = abilities
        self._derive()

    def tallies(self) -> list[Tally]:
        raised = [f"{s.capitalize()} {d}" for s, d in self.stats.items() if d != "d4"]
        return [
            Tally("Raised", ", ".join(raised) or "none", "the best stat one size, the table's pair one size each", True),
            Tally("Abilities", f"{len(self.extra.get('abilities') or [])} of 2", "two from the [Starter] list",
                  len(self.extra.get("abilities") or []) == 2),
        ]


# -- FOUR-S -----------------------------------------------------------------------------------
