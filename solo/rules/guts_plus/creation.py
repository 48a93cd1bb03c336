"""GUTS+'s creation rules as a draft the player changes one field at a time (no I/O).

The generic machinery (fields, tallies, the ruleset's own check after every edit) is
:mod:`solo.rules.creation`; this module says what a player of this system chooses. The ruleset
hands it out as its ``draft_class``.
"""

from __future__ import annotations

from solo.rules.creation import Draft, Field, Tally, _key, _whole


class GutsDraft(Draft):
    own_prompt = 'Your own quality, what this character is known for (e.g. Piloting)'
    rules = ("Gumption, Utility, Thought and Slyness start at 1, and so do one to three qualities of "
             "your own (Essence may be one, but not the first). Add 3 points in all, at most 2 to "
             "one quality, none above 3.")
    own_word = "quality"
    own_range = (1, 3)

    def start(self) -> None:
        from solo.rules.guts_plus.qualities import CORE

        self.stats = {q: 1 for q in CORE}
        self.stats["gumption"] = 2
        self.stats["Knack"] = 3  # the player names it first (see solo.ui.creation)

    def fields(self) -> list[Field]:
        from solo.rules.guts_plus.qualities import CREATION_MAX_LEVEL

        own = set(self.own())
        return [Field(n, key if key in own else key.capitalize(), str(value), f"1-{CREATION_MAX_LEVEL}",
                      "Your own" if key in own else "Every character", own=key in own)
                for n, (key, value) in enumerate(self.stats.items(), start=1)]

    def _set(self, field: Field, text: str) -> None:
        from solo.rules.guts_plus.qualities import MAX_LEVEL

        key = next(k for k in self.stats if _key(k) == _key(field.label))
        self.stats[key] = _whole(text, field.label, 1, MAX_LEVEL)

    def tallies(self) -> list[Tally]:
        from solo.rules.guts_plus.qualities import (CREATION_MAX_LEVEL, CREATION_POINTS, ESSENCE,
                                                    MAX_CUSTOM_AT_CREATION)

        levels = [v for v in self.stats.values() if isinstance(v, int)]
        added = sum(v - 1 for v in levels)
        top = max(levels, default=1)
        own = self.own()
        return [
            Tally("Points added", f"{added} of {CREATION_POINTS}", f"exactly {CREATION_POINTS} over qualities that start at 1",
                  added == CREATION_POINTS),
            Tally("Highest quality", str(top), f"at most +2 to one quality, none above {CREATION_MAX_LEVEL}",
                  top <= CREATION_MAX_LEVEL),
            Tally("Your own qualities", str(len(own)),
                  "one to three; Essence may not be the first",
                  1 <= len(own) <= MAX_CUSTOM_AT_CREATION and not (own and _key(own[0]) == ESSENCE)),
        ]


# -- Loose and Fuzzy --------------------------------------------------------------------------
