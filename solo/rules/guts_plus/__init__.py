"""The GUTS+ System (2019), registered as the ruleset ``guts-plus``.

A package, one module per concern:

* :mod:`.qualities`: quality names and levels, learning experiences, mastery, conditions.
* :mod:`.checks`: a check's or contest's parameters, read and validated.
* :mod:`.odds`: the dice arithmetic: reading a check, doubles, bonus-pip splits, exact odds.
* :mod:`.offers`: the placements offered for bonus pips.
* :mod:`.body`: injuries, protection, inventory and Essence.
* :mod:`.ruleset`: :class:`GutsPlus`, which the engine drives.

The names below are re-exported so that ``from solo.rules.guts_plus import GutsPlus`` (the
registry's entry) and the helpers' old import paths keep working.
"""

from solo.rules.guts_plus import odds
from solo.rules.guts_plus.body import (
    AURAS,
    BAG_SLOTS,
    BODY_PARTS,
    ESSENCE_SKILLS,
    INJURIES_TO_DISABLE,
    MASTERY_RANGE,
    POCKET_SLOTS,
    PROTECTION_MARKS,
    STRAINED,
    UNCONSCIOUS,
    UNCONSCIOUS_OTHER_PARTS,
    body_parts,
    essence_range,
    essence_skills,
    heal,
    healing_days,
    injure,
    injuries,
    inventory_limit,
    inventory_used,
    protect,
    readjust,
    roll_aura,
    strain,
    unconscious,
    unusable_parts,
)
from solo.rules.guts_plus.checks import CheckSpec, parse_side
from solo.rules.guts_plus.offers import (
    BEST,
    MAX_PLACEMENTS,
    PLACE,
    SPLIT,
    placement_options,
    read_typed,
    spill_split,
)
from solo.rules.guts_plus.qualities import (
    BOOK_CONDITIONS,
    CORE,
    CREATION_ITEMS,
    CREATION_MAX_LEVEL,
    CREATION_POINTS,
    ESSENCE,
    LEARNING_TO_RISE,
    MAX_CUSTOM_AT_CREATION,
    MAX_LEVEL,
    NEAR_POLICIES,
    SYSTEM,
    XP_TO_ADVANCE,
    condition_effects,
    custom_qualities,
    find_quality,
    has_mastery,
    learning,
    norm,
    quality_level,
)
from solo.rules.guts_plus.ruleset import GutsPlus

__all__ = [
    "AURAS", "BAG_SLOTS", "BEST", "BODY_PARTS", "BOOK_CONDITIONS", "CORE", "CREATION_ITEMS",
    "CREATION_MAX_LEVEL", "CREATION_POINTS", "ESSENCE", "ESSENCE_SKILLS", "INJURIES_TO_DISABLE",
    "LEARNING_TO_RISE", "MASTERY_RANGE", "MAX_CUSTOM_AT_CREATION", "MAX_LEVEL", "MAX_PLACEMENTS",
    "NEAR_POLICIES", "PLACE", "POCKET_SLOTS", "PROTECTION_MARKS", "STRAINED", "SYSTEM",
    "UNCONSCIOUS", "UNCONSCIOUS_OTHER_PARTS", "XP_TO_ADVANCE",
    "CheckSpec", "GutsPlus",
    "body_parts", "condition_effects", "custom_qualities", "essence_range", "essence_skills",
    "find_quality", "has_mastery", "heal", "healing_days", "injure", "injuries",
    "inventory_limit", "inventory_used", "learning", "norm", "odds", "parse_side",
    "placement_options", "protect", "read_typed", "SPLIT", "quality_level", "readjust", "roll_aura", "spill_split",
    "strain", "unconscious", "unusable_parts",
]
