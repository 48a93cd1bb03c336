"""FOUR-S's creation rules as a draft the player changes one field at a time (no I/O).

The generic machinery (fields, tallies, the ruleset's own check after every edit) is
:mod:`solo.rules.creation`; this module says what a player of this system chooses. The ruleset
hands it out as its ``draft_class``.
"""

from __future__ import annotations

from solo.rules.creation import Draft, Field, Tally, _whole


class FourSDraft(Draft):
    rules = ("A level-0 character has 12 SP, 3 in the first tier of each of Strength, Skill, Support "
             "and Scharisma; each level adds 4 SP and 10 max Health. A stat's SP fill its tiers six "
             "at a time; its Roleplay Bonus is the highest tier reached.")

    def start(self) -> None:
        from solo.rules.four_s import START_TIER_ONE, STATS

        self.resources["level"] = 0
        self.stats = {stat: START_TIER_ONE for stat in STATS}

    def fields(self) -> list[Field]:
        from solo.rules.four_s import STAT_MAX, roleplay_bonus, tiers_from_total

        fields = [Field(1, "Level", str(self.resources.get("level", 0)), "0 or more", "Level")]
        for stat, value in self.stats.items():
            try:
                bonus = roleplay_bonus(tiers_from_total(int(value)))
                shown = f"{value} SP (Roleplay Bonus {bonus})"
            except (RulesError, TypeError, ValueError):
                shown = str(value)
            fields.append(Field(len(fields) + 1, stat.capitalize(), shown, f"3-{STAT_MAX} SP", "Skill points"))
        return fields

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.four_s import STAT_MAX

        if field.label == "Level":
            self.resources = {"level": _whole(text, "Level", 0, 50)}
            return
        self.stats[field.label.lower()] = _whole(text, field.label, 0, STAT_MAX)

    def character(self) -> Character:
        from solo.rules.four_s import sp_budget

        made = super().character()
        level = int(made.resources.get("level", 0))
        placed = sum(v for v in made.stats.values() if isinstance(v, int))
        made.resources["sp_unspent"] = max(0, sp_budget(level) - placed)
        return made

    def tallies(self) -> list[Tally]:
        from solo.rules.four_s import START_TIER_ONE, STAT_MAX, max_health_of, sp_budget, tiers_from_total

        level = int(self.resources.get("level", 0))
        budget = sp_budget(level)
        placed = sum(v for v in self.stats.values() if isinstance(v, int))
        low = [k.capitalize() for k, v in self.stats.items() if isinstance(v, int) and v < START_TIER_ONE]
        left = f", {budget - placed} kept to place later" if placed < budget else ""
        strength = self.stats.get("strength")
        return [
            Tally("SP placed", f"{placed} of {budget}{left}", f"level {level}: 12 SP and 4 more per level",
                  placed <= budget),
            Tally("Tier 1", "3 or more in each" if not low else "too few in " + ", ".join(low),
                  f"every stat starts with {START_TIER_ONE} SP in its first tier", not low),
            Tally("Max Health", str(max_health_of(level, tiers_from_total(strength) if isinstance(strength, int) and 0 <= strength <= STAT_MAX else None)),
                  "10, 10 more per level, 5 more per Strength tier opened beyond the first", True),
        ]


# -- any other ruleset ------------------------------------------------------------------------
