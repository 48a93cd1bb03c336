"""Loose and Fuzzy's creation rules as a draft the player changes one field at a time (no I/O).

The generic machinery (fields, tallies, the ruleset's own check after every edit) is
:mod:`solo.rules.creation`; this module says what a player of this system chooses. The ruleset
hands it out as its ``draft_class``.
"""

from __future__ import annotations

from solo.rules.creation import Draft, CreationError, Field, Tally, _key, _whole


class LooseDraft(Draft):
    own_prompt = 'Your special abilities, two or three, separated by commas (e.g. Sailor, Herbalist)'
    rules = ("Rate Cleverness, Body, Knowledge, Perception and Tenacity in dice (2 is an average "
             "person) and add two or three special abilities of your own. The baseline is 22 dice: "
             "each die under it earns a Luck (up to 5), each die over it an Unluck. Disabilities "
             "count against the dice.")
    own_word = "special ability"
    own_range = (2, 3)
    DISABILITY = "disability:"

    def start(self) -> None:
        from solo.rules.loose_fuzzy.abilities import REQUIRED

        self.stats = {name: 3 for name in REQUIRED}  # 15 dice
        self.stats["Boatwright"] = 4  # renamed by the player first (see solo.ui.creation)
        self.stats["Herbalist"] = 3  # 22 dice: the baseline, Luck 2 and Unluck 1
        self.extra["disabilities"] = {}

    def own_default(self) -> int:
        return 2

    def fields(self) -> list[Field]:
        own = set(self.own())
        fields = [Field(n, key if key in own else key.capitalize(), str(value), "1 or more",
                        "Special abilities" if key in own else "Every character", own=key in own)
                  for n, (key, value) in enumerate(self.stats.items(), start=1)]
        for name, value in (self.extra.get("disabilities") or {}).items():
            fields.append(Field(len(fields) + 1, name, str(value), "1 or more", "Disabilities", own=True))
        return fields

    def _set(self, field: Field, text: str) -> None:
        disabilities = self.extra.setdefault("disabilities", {})
        if field.label in disabilities and field.group == "Disabilities":
            disabilities[field.label] = _whole(text, field.label, 1)
            return
        key = next(k for k in self.stats if _key(k) == _key(field.label))
        self.stats[key] = _whole(text, field.label, 1)

    def add(self, name: str, text: str = "") -> None:
        words = name.split()
        if words and words[0].lower() in ("disability", "disability:"):
            label = " ".join(words[1:])
            if not label:
                raise CreationError("name the disability: add disability Afraid of the dark 2")
            disabilities = self.extra.setdefault("disabilities", {})
            if any(_key(k) == _key(label) for k in [*self.stats, *disabilities]):
                raise CreationError(f"there is already a line called {label!r}")
            disabilities[label] = 1 if not text else _whole(text, label, 1)
            return
        super().add(name, text)

    def remove(self, ref: str) -> str:
        found = self.field(ref)
        if found.group == "Disabilities":
            del self.extra["disabilities"][found.label]
            return found.label
        return super().remove(ref)

    def rename(self, ref: str, new: str) -> str:
        found = self.field(ref)
        if found.group == "Disabilities":
            new = " ".join(new.split())
            if not new:
                raise CreationError("give the new name after the line number")
            self.extra["disabilities"] = {(new if k == found.label else k): v
                                          for k, v in self.extra["disabilities"].items()}
            return new
        return super().rename(ref, new)

    def own(self) -> list[str]:
        from solo.rules.loose_fuzzy.abilities import REQUIRED

        return [k for k in self.stats if _key(k) not in REQUIRED]

    def tallies(self) -> list[Tally]:
        from solo.rules.loose_fuzzy.abilities import BASELINE, dice_spent, starting_luck

        character = self.character()
        try:
            spent = dice_spent(character)
            luck, unluck = starting_luck(character)
        except (TypeError, ValueError):
            return []
        specials = len(self.own())
        return [
            Tally("Dice", f"{spent}, baseline {BASELINE}",
                  "fewer earn Luck, more earn Unluck; a die above 5 counts twice", True),
            Tally("Luck and Unluck", f"{luck} and {unluck}", "2 and 1 at the baseline", True),
            Tally("Special abilities", str(specials), "two or three", 2 <= specials <= 3),
        ]

# -- Humanity, Blessed ------------------------------------------------------------------------
