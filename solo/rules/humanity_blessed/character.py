"""Characters in Humanity, Blessed: what every character has (seven stat dice, at most one
setting stat, a pool of blessing dice), and the creation rules (all d4, the best stat one size
larger, two more from the starter Lifestyle x Value System table, two [Starter] abilities).
"""

from __future__ import annotations

from solo.rules.base import Character
from solo.rules.humanity_blessed import bumping
from solo.rules.humanity_blessed.tables import (
    CORE_STATS,
    LIFESTYLE_TABLE,
    MAX_STAT_UPGRADES,
    STARTER_ABILITIES,
    err,
    norm,
)
from solo.rules.values import canonical_keys

CREATION_RULES = (
    "Every stat starts at d4. Your best stat is one size larger (d6), and your starter "
    "Lifestyle (Carefree, Eager, Wisened) with your Value System (Virtue and Vice, Fate and "
    "Knowledge, Cunning and Capability) raises two more one size each."
)
CREATION_EXTRA = ("best", "lifestyle", "value_system")


def starting_stats(best: str, lifestyle: str, value_system: str) -> dict[str, str]:
    """Creation stats: all d4, the best stat one size larger, two more from the Step Two table."""
    key = (norm(lifestyle), norm(value_system))
    if key not in LIFESTYLE_TABLE:
        raise err(
            "a starting character picks a starter Lifestyle (Carefree, Eager, Wisened) and a Value "
            f"System (Virtue and Vice, Fate and Knowledge, Cunning and Capability) (got {lifestyle!r}, "
            f"{value_system!r})"
        )
    steps = {stat: 0 for stat in CORE_STATS}
    best_key = norm(best)
    if best_key not in steps:
        raise err(f"the best stat must be one of {', '.join(CORE_STATS)} (got {best!r})")
    steps[best_key] += 1
    for stat in LIFESTYLE_TABLE[key]:
        steps[stat] += 1
    return {stat: f"d{bumping.STANDARD_SIZES[n]}" for stat, n in steps.items()}


def abilities(character: Character | None) -> set[str]:
    """The character's abilities, as normalised names: their own and those on loan to them
    (Synchronized Skill, :mod:`.loans`)."""
    if character is None:
        return set()
    raw = character.extra.get("abilities")
    if LOANS not in character.extra and type(raw) is list and all(type(a) is str for a in raw):
        key = tuple(raw)  # the common case: the names' texts (no loans) decide it, kept by them
        found = _ABILITIES.get(key)
        if found is None:
            found = frozenset(norm(a) for a in raw)
            if len(_ABILITIES) >= _ABILITIES_LIMIT:
                _ABILITIES.clear()
            _ABILITIES[key] = found
        return set(found)  # the caller's own (some add to it)
    return {norm(a) for a in listed_abilities(character) + borrowed(character)}


#: A character's listed ability names (texts, no loans) -> :func:`abilities` of them.
_ABILITIES: dict[tuple[str, ...], frozenset[str]] = {}
_ABILITIES_LIMIT = 1024


#: Where the abilities on loan to a character are kept (:mod:`.loans`): ``extra["loans"]``, a
#: list of ``{"ability": name, "from": the lender's name}``.
LOANS = "loans"


def borrowed(character: Character) -> list[str]:
    """The names of the abilities on loan to the character (Synchronized Skill)."""
    loans = character.extra.get(LOANS)
    if not isinstance(loans, list):
        return []
    return [str(loan["ability"]) for loan in loans if isinstance(loan, dict) and "ability" in loan]


def listed_abilities(character: Character) -> list[str]:
    """``extra["abilities"]`` as names; anything but a list (a bad hand-written pregen) counts as none."""
    found = character.extra.get("abilities")
    if not isinstance(found, (list, tuple)):
        return []
    return [str(a) for a in found if isinstance(a, (str, int, float))]


def prepare_character(character: Character) -> Character:
    character.stats = {
        key: str(value).strip().lower() if isinstance(value, str) else value
        for key, value in canonical_keys(character.stats, CORE_STATS, norm).items()
    }
    character.resources.setdefault("blessings", [])
    character.resources.setdefault("free_upgrades", 0)
    character.resources.setdefault("upgrades_bought", 0)
    character.extra.setdefault("stat_upgrades", 0)
    return character



def validate_character(character: Character, *, creation: bool = False) -> None:
    found = {norm(k): k for k in character.stats}
    missing = [s for s in CORE_STATS if s not in found]
    if missing:
        raise err(
            "every character has Head, Hand, Heart, Home, Hurt, Hurry and History "
            f"(missing: {', '.join(missing)})"
        )
    setting = sorted(k for n, k in found.items() if n not in CORE_STATS)
    if len(setting) > 1:
        raise err(f"a setting adds at most one stat (got {len(setting)}: {', '.join(setting)})")
    for key in sorted(character.stats, key=str):
        value = character.stats[key]
        if not bumping.is_die(value):
            raise err(f"stat dice are d4, d6, d8, d10 or capped dcX (got {key}: {value!r})")
    pool = character.resources.get("blessings", [])
    if not isinstance(pool, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6 for v in pool
    ):
        raise err(f"resources.blessings is a list of blessing die values 1-6 (got {pool!r})")
    listed = character.extra.get("abilities", [])
    if listed is not None and not (isinstance(listed, list) and all(isinstance(a, str) for a in listed)):
        raise err(f"extra.abilities is a list of ability names, e.g. [Intuitive Eye] (got {listed!r})")
    upgrades = character.extra.get("stat_upgrades", 0)
    if not isinstance(upgrades, int) or not 0 <= upgrades <= MAX_STAT_UPGRADES:
        raise err(
            f"a character takes the Stat Upgrade at most {MAX_STAT_UPGRADES} times "
            f"(got {upgrades!r})"
        )
    if creation:
        _validate_creation(character, found, setting)


def _validate_creation(character: Character, found: dict[str, str], setting: list[str]) -> None:
    steps: dict[str, int] = {}
    for stat in CORE_STATS:
        die = bumping.parse_die(character.stats[found[stat]])
        if not die.standard or die.sides > 8:
            raise err(
                "at creation stats are d4, the best one size larger and two raised by the "
                f"Lifestyle table: d8 at most (got {found[stat]}: {character.stats[found[stat]]})"
            )
        steps[stat] = bumping.STANDARD_SIZES.index(die.sides)
    best = character.extra.get("best")
    best_key = norm(best) if best else None
    if setting and best_key == norm(setting[0]):
        die = bumping.parse_die(character.stats[setting[0]])
        if die.name != "d6":
            raise err(
                f"the best stat begins one size larger than d4 (got {setting[0]}: {die.name})"
            )
        best_key = "setting"
    expected_steps = 3 if best_key != "setting" else 2
    if sum(steps.values()) != expected_steps:
        raised = ", ".join(f"{s} d{bumping.STANDARD_SIZES[n]}" for s, n in steps.items() if n)
        raise err(
            "at creation every stat is d4, the best stat one size larger and the Lifestyle x "
            f"Value System table raises two more: {expected_steps} sizes in all "
            f"(got {raised or 'all d4'})"
        )
    lifestyle = character.extra.get("lifestyle")
    values = character.extra.get("value_system")
    if lifestyle is not None or values is not None:
        key = (norm(lifestyle or ""), norm(values or ""))
        if key not in LIFESTYLE_TABLE:
            raise err(
                "a starting character picks a starter Lifestyle (Carefree, Eager, Wisened) and "
                "a Value System (Virtue and Vice, Fate and Knowledge, Cunning and Capability) "
                f"(got {lifestyle!r}, {values!r})"
            )
        pairs = [LIFESTYLE_TABLE[key]]
    else:
        pairs = sorted(set(LIFESTYLE_TABLE.values()))
    fits = []
    for pair in pairs:
        rest = dict(steps)
        for stat in pair:
            rest[stat] -= 1
        if min(rest.values()) < 0:
            continue
        left = [s for s, n in rest.items() if n]
        if best_key == "setting":
            if not left:
                fits.append(pair)
        elif len(left) == 1 and (best_key is None or left == [best_key]):
            fits.append(pair)
    if not fits:
        table = "a pair from the table"
        if len(pairs) == 1:
            table = "the table's pair " + " and ".join(pairs[0])
        raise err(
            "at creation two stats are raised by the Lifestyle x Value System table and one "
            f"by the best stat: these dice do not fit {table}"
            + (f" with {best} as best" if best else "")
        )
    abilities = character.extra.get("abilities")
    if abilities is not None:
        starters = {norm(a) for a in STARTER_ABILITIES}
        if len(abilities) != 2:
            raise err(f"a starting character picks two [Starter] abilities (got {len(abilities)})")
        wrong = [a for a in abilities if norm(a) not in starters]
        if wrong:
            raise err(
                "starting abilities come from the [Starter] list "
                f"(got {', '.join(map(str, wrong))})"
            )
