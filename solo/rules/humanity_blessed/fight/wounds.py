"""Wounds in a Humanity, Blessed fight: what a blow of each outcome size does to the stat it
lands on, how wounds on one stat worsen, and when a fighter can take no more.

The book has no hit points ("when you're hit, you're hit"): a violent Contest won by the
Attacker leaves the Defender a wound whose degree follows the outcome size (GM Guide: Effect of
Contest Outcomes), from the mildest to the worst: **ache** (the top face reads as the one below,
until the end of the scene), **pain** (-1, until a rest in a safe place), **weakness** (no Help
nor aid, until treated), **vulnerability** (an opponent who sees the roll may have it rolled
again, until treated). A wound is a condition on one stat, written ``kind:stat`` (``pain:hurry``).

**Decisions** (the book gives ranges and leaves the pick to the GM):

* very minor and minor blows leave an ache; medium a pain (the book: an ache or a pain, and an
  ache is what the smaller blows already give); major a weakness, very major a vulnerability (the
  book: a weakness or a vulnerability, the larger for the larger blow); maximum both ("multiple
  weaknesses or vulnerabilities").
* A wound lands on the stat the defender rolled (their first stat when they sparked): the part
  of them that failed to keep them safe.
* By the book each blow leaves the wound its size gives and nothing more ("when you're hit,
  you're hit"): a fighter hit three times by minor blows bears three aches and fights on. A
  wound the stat already bears is not written twice. A fight of small blows ends when a side
  yields, flees or the round limit passes.
* The ``harm-escalates`` house rule (an adventure opts in, see :mod:`solo.rules.house_rules`):
  harm adds up, a blow on a fighter already wounded leaves a wound one degree worse than the
  worst they bear (two light blows make a pain, a third a weakness), so three blows that land
  are as much as one major blow.
* A blow whose wound is a weakness or worse, a major, very major or maximum blow (the book's
  "Major violent effect"), or under ``harm-escalates`` harm that has added up to it, puts the
  defender **down**; so does a wound that would go past vulnerability. The GM Guide's way of drawing a Major effect out is
  followed: while down a fighter does not act; an ally may tend them (a Home roll against the
  roll that felled them, winning by 4 or more: the blow is reduced to a medium one, a pain, and
  they are back up), and a foe who rolls 8 or more on a Hurt check first delivers the *coup de
  grace* (they are out for good). See :mod:`.melee`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solo.rules.base import Character
from solo.rules.humanity_blessed.tables import SIZES, norm

#: Wound degrees, mildest first.
DEGREES: tuple[str, ...] = ("ache", "pain", "weakness", "vulnerability")
#: The wounds a blow of each outcome size leaves on the stat it lands on.
SIZE_WOUNDS: dict[str, tuple[str, ...]] = {
    "very-minor": ("ache",),
    "minor": ("ache",),
    "medium": ("pain",),
    "major": ("weakness",),
    "very-major": ("vulnerability",),
    "maximum": ("weakness", "vulnerability"),
}
#: Outcome sizes of a "Major violent effect".
SEVERE: frozenset[str] = frozenset({"major", "very-major", "maximum"})
#: A wound this bad (weakness) or worse puts the fighter down.
DOWN_DEGREE = 3
#: What a tended blow is reduced to (the book: "a Medium or Minor effect").
MITIGATED = "medium"
#: Ways of being out of a fight for good, and what stops a character outside one.
TAKEN_OUT, DEAD = "taken out", "dead"
OUT_CONDITIONS: tuple[str, ...] = (TAKEN_OUT, DEAD)


@dataclass
class Blow:
    """What one blow did: the wound conditions added, and whether it put the fighter down."""

    stat: str
    size: str
    added: list[str] = field(default_factory=list)
    down: bool = False  # a severe blow, or wounds past what the fighter can take
    beyond: bool = False  # a wound that would have gone past vulnerability

    @property
    def words(self) -> str:
        parts = [wound_words(c) for c in self.added]
        if self.beyond:
            parts.append("more than they can take")
        return ", ".join(parts) if parts else "no lasting harm"


def wound_words(condition: str) -> str:
    """``pain:hurry`` as a reader sees it: ``pain in Hurry``."""
    kind, _, stat = str(condition).partition(":")
    return f"{kind} in {stat.title()}" if stat else kind


def degree(kind: str) -> int:
    """1 for ache ... 4 for vulnerability; 0 for anything else."""
    key = norm(kind)
    return DEGREES.index(key) + 1 if key in DEGREES else 0


def wounds_on(character: Character, stat: str) -> list[str]:
    """The wound conditions on ``stat`` (``kind:stat``), in the character's order."""
    found = []
    for raw in character.conditions:
        kind, _, on = str(raw).partition(":")
        if on and norm(on) == norm(stat) and degree(kind):
            found.append(str(raw))
    return found


def worst(character: Character, stat: str) -> int:
    """The worst wound degree on ``stat`` (0 when unhurt there)."""
    return max((degree(c.partition(":")[0]) for c in wounds_on(character, stat)), default=0)


def worst_overall(character: Character) -> int:
    """The worst wound degree anywhere on the character (bare wounds count too)."""
    found = 0
    for raw in character.conditions:
        found = max(found, degree(str(raw).partition(":")[0]))
    return found


def wound(character: Character, stat: str, size: str, *, escalate: bool = False) -> Blow:
    """Apply a blow of ``size`` landing on ``stat``: the wounds its size gives (by the book), or
    with ``escalate`` (the ``harm-escalates`` house rule) one degree worse than the worst the
    fighter already bears; a weakness or worse puts the fighter down."""
    if size not in SIZE_WOUNDS:
        raise ValueError(f"outcome size must be one of {', '.join(SIZES)} (got {size!r})")
    blow = Blow(stat, size)
    for kind in SIZE_WOUNDS[size]:
        level = max(degree(kind), worst_overall(character) + 1) if escalate else degree(kind)
        if level > len(DEGREES):
            blow.beyond = True
            break
        condition = f"{DEGREES[level - 1]}:{stat}"
        if not escalate and condition in character.conditions:
            continue  # the stat already bears this wound: nothing new
        character.conditions.append(condition)
        blow.added.append(condition)
    blow.down = blow.beyond or any(degree(c.partition(":")[0]) >= DOWN_DEGREE for c in blow.added)
    return blow


def undo(character: Character, added: list[str]) -> None:
    """Take back the conditions a blow added (a tended blow)."""
    for condition in added:
        if condition in character.conditions:
            character.conditions.remove(condition)


def mitigate(character: Character, stat: str, added: list[str]) -> list[str]:
    """A tended severe blow: what it added is taken back and a medium blow's pain is left
    instead (nothing more when the stat already bears a pain or worse). The conditions added."""
    undo(character, added)
    if worst(character, stat) >= degree(SIZE_WOUNDS[MITIGATED][0]):
        return []
    condition = f"{SIZE_WOUNDS[MITIGATED][0]}:{stat}"
    character.conditions.append(condition)
    return [condition]


def clear_aches(character: Character) -> list[str]:
    """Aches last until the end of the scene: the fight's end clears them. The ones cleared."""
    gone = [c for c in character.conditions if norm(str(c).partition(":")[0]) == "ache"]
    for condition in gone:
        character.conditions.remove(condition)
    return gone


def out_reason(character: Character) -> str | None:
    """Why the character can no longer act (taken out, dead), or None."""
    names = {norm(c) for c in character.conditions}
    for reason in (DEAD, TAKEN_OUT):
        if norm(reason) in names:
            return reason
    return None
