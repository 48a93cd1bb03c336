"""The book's tables and names for Humanity, Blessed: stats, targets, outcome sizes, lifestyles,
starter abilities, and how names written in files are matched and numbers read.

Everything else in the package reads its numbers from here; nothing here rolls a die.
"""

from __future__ import annotations

from solo.rules.values import ValueReader, name_key

SYSTEM = "humanity-blessed"
CORE_STATS = ("head", "hand", "heart", "home", "hurt", "hurry", "history")
TARGETS = {"lowest": 3, "easy": 4, "medium": 8, "hard": 12, "veryhard": 16, "trial": 20}
TARGET_NAMES = ("lowest", "easy", "medium", "hard", "very-hard", "trial")
SIZES = ("very-minor", "minor", "medium", "major", "very-major", "maximum")
CHECK_BANDS = (3, 7, 11, 15, 19)  # a total at most this is the size of the same index
CONTEST_BANDS = (1, 3, 5, 7, 9)  # a margin at most this ...
HISTORY_AUTO = {4: 4, 6: 8, 8: 12, 10: 16}
MAX_STAT_UPGRADES = 10
BIG_WIN = 6
MAX_HELP_DICE = 10
BLESSED_LUCK_RECHARGE = 5

STARTER_LIFESTYLES = ("carefree", "eager", "wisened")
VALUE_SYSTEMS = {"virtueandvice": "Virtue and Vice", "fateandknowledge": "Fate and Knowledge",
                 "cunningandcapability": "Cunning and Capability"}
#: Step Two: the two stats a starter Lifestyle and Value System raise one die size.
LIFESTYLE_TABLE: dict[tuple[str, str], tuple[str, str]] = {
    ("carefree", "virtueandvice"): ("heart", "hurry"),
    ("carefree", "fateandknowledge"): ("head", "hurt"),
    ("carefree", "cunningandcapability"): ("hand", "home"),
    ("eager", "virtueandvice"): ("hand", "hurt"),
    ("eager", "fateandknowledge"): ("heart", "home"),
    ("eager", "cunningandcapability"): ("head", "hurry"),
    ("wisened", "virtueandvice"): ("head", "home"),
    ("wisened", "fateandknowledge"): ("hand", "hurry"),
    ("wisened", "cunningandcapability"): ("heart", "hurt"),
}
#: Upgraded Lifestyles and the stats they overcharge.
OVERCHARGE: dict[str, tuple[str, ...]] = {
    "blossomed": ("heart", "hurry"), "prodigious": ("head", "hurt"), "crafty": ("hand", "home"),
    "driven": ("hand", "hurt"), "chosen": ("heart", "home"), "wired": ("head", "hurry"),
    "steadfast": ("head", "home"), "warry": ("hand", "hurry"), "compelling": ("heart", "hurt"),
    "lost": ("history",),
}
STARTER_ABILITIES = (
    "Survival Instinct", "Armored Skin", "Quick Acclimation", "Intuitive Eye", "Licensed Driver",
    "Fearless Resolve", "Concerted Effort", "Radical Self-Acceptance", "Efficiently Packed",
    "Tactful Speech", "Line of Credit", "Sharp Recall", "Advanced Training",
)
RESULT = "result: "  # the verdict line of a record's steps (replaced when Help changes it)


#: A float where a whole number is wanted reads by int(): 2.5 reads 2.
VALUES = ValueReader("HUMANITY-BLESSED", floats="truncate")
err = VALUES.error


def norm(name: object) -> str:
    """A name for matching: lower case, accents dropped, no spaces, dashes or underscores."""
    return name_key(name, keep_punctuation=True, fold_accents=True)


def parse_target(value: object) -> int:
    """A target number, or one of the named difficulties."""
    return VALUES.number_or_name(value, "target", TARGETS, TARGET_NAMES, norm)


def flag(value: object) -> bool:
    """A yes/no parameter as written (``true``, ``"yes"``, ``1``...)."""
    if isinstance(value, str):
        return norm(value) in {"true", "yes", "1", "on"}
    return bool(value)


# -- outcome sizes ---------------------------------------------------------------------------


def size_for_total(total: int) -> str:
    """Outcome size of a successful check by its total."""
    for size, top in zip(SIZES, CHECK_BANDS):
        if total <= top:
            return size
    return SIZES[-1]


def size_for_margin(margin: int) -> str:
    """Outcome size of a won contest by how much the attacker rolled over the defender."""
    for size, top in zip(SIZES, CONTEST_BANDS):
        if margin <= top:
            return size
    return SIZES[-1]


def smaller_size(size: str) -> str:
    return SIZES[max(0, SIZES.index(size) - 1)]
