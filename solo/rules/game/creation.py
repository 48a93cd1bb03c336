"""GAME's creation rules as a draft the player changes one field at a time (no I/O).

The generic machinery (fields, tallies, the ruleset's own check after every edit) is
:mod:`solo.rules.creation`; this module says what a player of this system chooses. The ruleset
hands it out as its ``draft_class``.
"""

from __future__ import annotations

from solo.rules.creation import Draft, Field, Tally, _whole, _pick, _either


class GameDraft(Draft):
    rules = ("Spread 35 points over the 16 skills, none above 5 and at most one at 5, and pick the "
             "one characteristic you are notable in (it rolls an extra d8 on its skills).")

    def start(self) -> None:
        from solo.rules.game.skills import SKILLS

        self.stats = {skill: 2 for skill in SKILLS}
        for skill in ("Perception/Track", "Block/Dodge", "Sneak/Hide"):  # 32 + 3 = 35
            self.stats[skill] = 3
        self.extra["notable"] = "Balance"

    def fields(self) -> list[Field]:
        from solo.rules.game.skills import CHARACTERISTIC_OF, CHARACTERISTICS, CREATION_CAP

        fields = [Field(n, skill, str(value), f"0-{CREATION_CAP}", CHARACTERISTIC_OF.get(skill, ""))
                  for n, (skill, value) in enumerate(self.stats.items(), start=1)]
        fields.append(Field(len(fields) + 1, "Notable in", str(self.extra.get("notable", "")),
                            _either(list(CHARACTERISTICS)), "Characteristic", choices=CHARACTERISTICS))
        return fields

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.game.skills import CHARACTERISTICS, MAX_RATING

        if field.label == "Notable in":
            self.extra["notable"] = _pick(text, CHARACTERISTICS, "the notable characteristic")
        else:
            self.stats[field.label] = _whole(text, field.label, 0, MAX_RATING)

    def tallies(self) -> list[Tally]:
        from solo.rules.game.skills import CREATION_CAP, CREATION_POINTS

        values = [v for v in self.stats.values() if isinstance(v, int)]
        total = sum(values)
        top = [k for k, v in self.stats.items() if v == CREATION_CAP]
        over = [k for k, v in self.stats.items() if isinstance(v, int) and v > CREATION_CAP]
        return [
            Tally("Points spread", f"{total} of {CREATION_POINTS}",
                  f"exactly {CREATION_POINTS} over the 16 skills", total == CREATION_POINTS),
            Tally(f"Skills at {CREATION_CAP}", f"{len(top)}" + (f", {len(over)} above" if over else ""),
                  f"none above {CREATION_CAP}, at most one at {CREATION_CAP}", len(top) <= 1 and not over),
            Tally("Notable in", str(self.extra.get("notable") or "none"), "exactly one characteristic",
                  bool(self.extra.get("notable"))),
        ]


# -- GUTS+ ------------------------------------------------------------------------------------
