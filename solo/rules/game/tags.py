"""What a check is about (its ``tags``), and the traits and talents that act on such checks.

An adventure says what a check is about with ``tags`` (a list of words). Each GAME tag comes from
a trait or a talent of the book and names the skills it belongs to; a tag on another skill, or a
word GAME does not know, is refused, so ``solo validate`` reports it at the tag.

========================  =====================  =============================================
tag                       skills                 what acts on it
========================  =====================  =============================================
``surprise``              Perception/Track       danger sense: detecting a surprise attack is
                                                 always Easy
``ongoing``               any                    absentmindedness: an ongoing activity (a long
                                                 talk, a long sneak) is one level harder
``parry``                 Hack/Slash             the Hack/Slash talent: a parry's excess counts
                                                 up to the talent level (none without one)
``surprise-attack``       Hack/Slash,            the Perception/Track talent: a free attack
                          Lift/Smash,            before combat at up to the talent level in
                          Throw/Ensnare,         effective rating; without the talent there is
                          Shoot/Fire             none (the check fails without a roll)
``haggle``                Bargain/Appraise       the Bargain/Appraise talent: a successful
                                                 haggle moves the price 5% plus 5% per level
                                                 (``roll.percent``)
``fast-talk``             Social/Etiquette       the Social/Etiquette talent: the mark sees
                                                 through it after 5–10 minutes plus one hour
                                                 per level (``roll.hours``)
========================  =====================  =============================================

Decisions
    * "One level harder" than Hard rolls 4d8: the book's levels are one die each.
    * Tags describe the player character's side of a check or contest; an opponent's traits and
      talents do not act on it.
    * The other talents (sweep, interrupting shots, unarmed and mounted attacks ignoring AR,
      blocking more attacks, helping others through the wilderness or in hiding, falling
      farther) act on damage and on several people at once: they belong to fights, not to one
      check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from solo.rules.base import Character
from solo.rules.game.character import talents
from solo.rules.game.checks import GameCheck
from solo.rules.game.skills import DIFFICULTY_DICE, rules_error
from solo.rules.game.traits import character_traits
from solo.rules.reasons import Step, reason

ATTACK_SKILLS = ("Hack/Slash", "Lift/Smash", "Throw/Ensnare", "Shoot/Fire")
#: Each tag and the skills it belongs to (empty: any skill).
TAGS: dict[str, tuple[str, ...]] = {
    "surprise": ("Perception/Track",),
    "ongoing": (),
    "parry": ("Hack/Slash",),
    "surprise-attack": ATTACK_SKILLS,
    "haggle": ("Bargain/Appraise",),
    "fast-talk": ("Social/Etiquette",),
}
MAX_DICE = 4
HAGGLE_PERCENT = 5


def parse_tags(value: Any, skill: str) -> tuple[str, ...]:
    """The tags a check is marked with, checked against its skill."""
    if value is None:
        return ()
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, (list, tuple)):
        raise rules_error(f"check parameter 'tags' is a list of words (got {value!r})", param="tags")
    found: list[str] = []
    for n, item in enumerate(items):
        tag = str(item).strip().lower().replace("_", "-").replace(" ", "-")
        if tag not in TAGS:
            raise rules_error(
                f"check parameter 'tags': GAME has no tag {item!r} (its tags: {', '.join(TAGS)})",
                param=("tags", n),
            )
        skills = TAGS[tag]
        if skills and skill and skill not in skills:
            raise rules_error(
                f"check parameter 'tags': {tag} is for {' or '.join(skills)} checks (got {skill})",
                param=("tags", n),
            )
        if tag not in found:
            found.append(tag)
    return tuple(found)


@dataclass(frozen=True)
class TagEffects:
    """What a check's tags change, for one character."""

    dice: int = 0  # dice rolled instead of the difficulty's (0: the difficulty's)
    rating: int | None = None  # an effective rating instead of the skill's
    excess_cap: int | None = None
    blocked: str = ""  # why the check fails without a roll, a code (:data:`.record_words.BLOCKED`)
    talent: int = 0  # the talent level a haggle or a fast talk reads
    notes: tuple[Step, ...] = ()  # what the traits and talents changed, as reasons (:func:`.record_words.note`)


def tag_effects(
    character: Character | None, skill: str, difficulty: str, rating: int, tags: Iterable[str]
) -> TagEffects:
    """The traits and talents of ``character`` that act on a check with these tags."""
    tags = tuple(tags)
    if character is None or not tags:
        return TagEffects()
    traits = character_traits(character)
    levels = talents(character)
    dice = DIFFICULTY_DICE[difficulty]
    changed = 0
    effects: dict[str, Any] = {}
    notes: list[Step] = []
    if "surprise" in tags and "danger sense" in traits and dice > 1:
        changed = 1
        notes.append(reason("danger-sense", dice=dice))
    if "ongoing" in tags and "absentmindedness" in traits:
        base = changed or dice
        changed = min(MAX_DICE, base + 1)
        notes.append(reason("absentmindedness", dice=changed))
    if "parry" in tags:
        level = levels.get("Hack/Slash", 0)
        effects["excess_cap"] = level
        notes.append(reason("parry", level=level))
    if "surprise-attack" in tags:
        level = levels.get("Perception/Track", 0)
        if not level:
            effects["blocked"] = "no-surprise-talent"
        elif level < rating:
            effects["rating"] = level
            notes.append(reason("surprise-attack", level=level, capped=True))
        else:
            notes.append(reason("surprise-attack", level=level, capped=False))
    if "haggle" in tags:
        level = effects["talent"] = levels.get("Bargain/Appraise", 0)
        notes.append(reason("haggling", percent=haggle_percent(level)))
    if "fast-talk" in tags:
        level = effects["talent"] = levels.get("Social/Etiquette", 0)
        notes.append(reason("fast-talk", hours=level))
    return TagEffects(dice=changed, notes=tuple(notes), **effects)


def haggle_percent(level: int) -> int:
    """How far a successful haggle moves a price: 5%, and 5% more per Bargain/Appraise level."""
    return HAGGLE_PERCENT * (1 + level)


def tag_results(check: GameCheck, success: bool) -> tuple[dict[str, int], list[str]]:
    """The measures (``percent``, ``hours``) and lines a check's tags add once it is read."""
    measures: dict[str, int] = {}
    lines: list[str] = []
    if "haggle" in check.tags:
        measures["percent"] = haggle_percent(check.talent) if success else 0
        if success:
            lines.append(f"the price moves {measures['percent']}%")
    if "fast-talk" in check.tags:
        measures["hours"] = check.talent if success else 0
        if success:
            extra = f" and {check.talent} hour{'s' if check.talent != 1 else ''}" if check.talent else ""
            lines.append(f"fast-talked: they see through it after 5-10 minutes{extra}")
    return measures, lines
