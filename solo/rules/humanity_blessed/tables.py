"""The book's tables and names for Humanity, Blessed: stats, targets, outcome sizes, lifestyles,
starter abilities, and how names written in files are matched and numbers read.

Everything else in the package reads its numbers from here; nothing here rolls a die.
"""

from __future__ import annotations

from fractions import Fraction

from dataclasses import dataclass

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
MAX_GROUP = 7  # the book's table of group checks by median goes up to seven rolls
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
#: Every ability of the book and the ability it requires and extends (None: it stands alone).
ABILITIES: dict[str, str | None] = {
    **{name: None for name in STARTER_ABILITIES},
    "Careful Practice": "Survival Instinct", "Blessèd Agility": "Survival Instinct",
    "Quick Scan": "Survival Instinct",
    "Blessèd Thorns": "Armored Skin", "Blessèd Sentry": "Armored Skin",
    "Best Friend": "Quick Acclimation", "Blessèd Determination": "Quick Acclimation",
    "Perfect Divination": "Intuitive Eye", "Imbued Trait": "Intuitive Eye",
    "Calling Card": "Intuitive Eye",
    "Transport Authority": "Licensed Driver", "Blessèd Convoy": "Licensed Driver",
    "Uncommon Vehicle": "Licensed Driver",
    "Blessèd Anger": "Fearless Resolve", "Blessèd Charity": "Fearless Resolve",
    "Blessèd Ambience": "Concerted Effort", "Epic Storytelling": "Concerted Effort",
    "Double Trouble": "Concerted Effort",
    "Ascendant Spark": "Radical Self-Acceptance", "Epic Awkwardness": "Radical Self-Acceptance",
    "Blessèd Luck": "Efficiently Packed", "Blessèd Distraction": "Efficiently Packed",
    "Epic Fortitude": "Efficiently Packed",
    "Blessèd Wits": "Tactful Speech", "Blessèd Intrigue": "Tactful Speech",
    "Blessèd Circumstance": "Tactful Speech",
    "Blessèd Insurance": "Line of Credit", "Blessèd Voices": "Line of Credit",
    "Dirty Trick": "Line of Credit",
    "Optimal Solution": "Sharp Recall", "Shower Thoughts": "Sharp Recall",
    "Blessèd Pragmatism": "Sharp Recall",
    "Ease of Focus": "Advanced Training", "Uncommon Attack": "Advanced Training",
    "Ambidexterity": "Advanced Training",
    "Synchronized Spark": None,
    "Synchronized Skill": "Synchronized Spark", "Synchronized Enmity": "Synchronized Spark",
    "Synchronized Uncommonality": "Synchronized Spark",
}

@dataclass(frozen=True)
class TagRule:
    """What a check's tag means: the ability that answers it, what the check is about, whether
    it works on checks and/or contests (as the one who acts), and what the ability does there:
    ``aid`` (+dc2 on a would-be failure), ``help`` (each blessing die spent on Help counts
    twice), ``size`` (a success one outcome size larger) or ``insure`` (a failure may be turned
    into a success: :mod:`.insurance`)."""

    ability: str
    about: str
    roles: frozenset[str]
    effect: str


_CHECKS, _CONTESTS, _BOTH = frozenset({"check"}), frozenset({"contest"}), frozenset({"check", "contest"})
#: What an adventure may say a check is about (``tags``), and the ability that answers it.
CHECK_TAGS: dict[str, TagRule] = {
    "dangerous": TagRule("Careful Practice", "a dangerous action", _CHECKS, "aid"),
    "nature": TagRule("Quick Acclimation", "weather, disease or other natural effects", _CHECKS, "aid"),
    "inspect": TagRule("Intuitive Eye", "inspecting an object: its make, where it has been, what "
                       "happened around it", _CHECKS, "aid"),
    "transport": TagRule("Licensed Driver", "carrying supplies or people", _BOTH, "aid"),
    "prepared": TagRule("Efficiently Packed", "whether the character already has an item on them",
                        _CHECKS, "aid"),
    "persuade": TagRule("Tactful Speech", "persuading, influencing, inspiring or deceiving",
                        _CONTESTS, "aid"),
    "recall": TagRule("Sharp Recall", "recalling information", _CHECKS, "aid"),
    "purchase": TagRule("Line of Credit", "buying goods or services", _BOTH, "help"),
    "decrypt": TagRule("Perfect Divination", "decrypting an encoded or cryptic message", _CHECKS,
                       "size"),
    "tend": TagRule("Blessèd Insurance", "tending the character's wounds", _BOTH, "insure"),
    "safe": TagRule("Shower Thoughts", "made in a safe place (a Head or Heart check there is "
                    "remembered)", _CHECKS, "remember"),
}

#: The largest situational aid an adventure may give (``aid``): the book's items give +1 or
#: +dc2, a companion or vehicle at most +dc4.
MAX_AID_NUMBER = 1
MAX_AID_CAP = 4



#: A float where a whole number is wanted reads by int(): 2.5 reads 2.
VALUES = ValueReader("HUMANITY-BLESSED", floats="truncate")
err = VALUES.error


def norm(name: object) -> str:
    """A name for matching: lower case, accents dropped, no spaces, dashes or underscores."""
    if type(name) is str:  # the common case, asked tens of times a decision: one look-up
        found = _NORMS.get(name)
        if found is None:
            found = name_key(name, keep_punctuation=True, fold_accents=True)
            if len(_NORMS) >= _NORMS_LIMIT:
                _NORMS.clear()
            _NORMS[name] = found
        return found
    return name_key(name, keep_punctuation=True, fold_accents=True)


#: :func:`norm` of the texts read so far (a pure function of the text), at most _NORMS_LIMIT.
_NORMS: dict[str, str] = {}
_NORMS_LIMIT = 8192


def stat_title(stat: str) -> str:
    """A stat's name as the player reads it in any text the rules write: ``hand`` -> ``Hand``,
    ``fen_lore`` -> ``Fen Lore`` (the status line and sheet show the same)."""
    return str(stat).replace("_", " ").title()


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


def contest_outcomes(margin: dict[int, Fraction], listed: Fraction, disarmed: bool = False) -> dict[str, Fraction]:
    """A contest's outcomes from the chance of each margin (attacker less defender): success when
    the margin is above 0, then each size by :func:`size_for_margin` (a disarmed attacker's
    maximum counts as very major); ``listed`` is the mass the margins hold (less than 1 when a
    long tail was left out)."""
    win = sum((p for m, p in margin.items() if m > 0), Fraction(0))
    outcomes: dict[str, Fraction] = {"success": win, "failure": listed - win}
    outcomes.update({size: Fraction(0) for size in SIZES})
    for m, p in margin.items():
        if m > 0:
            size = size_for_margin(m)
            outcomes["very-major" if disarmed and size == "maximum" else size] += p
    return outcomes


def smaller_size(size: str) -> str:
    return SIZES[max(0, SIZES.index(size) - 1)]


def larger_size(size: str, steps: int = 1) -> str:
    """The outcome size ``steps`` ranks larger (maximum stays maximum)."""
    return SIZES[min(len(SIZES) - 1, SIZES.index(size) + steps)]
