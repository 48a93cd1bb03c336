"""GAME (Guilddom Adventures Made Easy): the ``game`` ruleset, as a package.

This package owns everything GAME-specific: the sixteen skills and four characteristics, forgiving
skill-name lookup, creation and advancement rules (35 points, talents, traits, EP), the skill
check (1–3 d8 keep the lowest, rating + lowest die ≥ 8, excess) with the notable/group extra
die, competitive checks, rerolls, and exact odds; fatigue points (wounds and exertion, Drain
taken by itself, rest, encumbrance, defeat at 0 FP); the traits and talents that act on checks an
adventure tags. It also holds pure helpers for the rest of the book's mechanics that fights will
need: damage dice, Build-skill durations, combined Build checks; and the book's fight as a
conflict procedure (:mod:`solo.rules.game.fight`).

Check parameters (as written in an adventure file)
    ``stat``        a skill, looked up forgivingly (``"Hack/Slash"``, ``"hack-slash"``, ``"hack"``
                    and ``"slash"`` all find Hack/Slash; ``"Chemistry"`` finds the book's Chemstry);
                    or two different Build skills, a combined Build attempt: two Hard checks
                    that must both succeed, 3 FP of Drain with Transmutery (instead of each
                    check's), no reroll (a reroll repeats one roll; the attempt is two).
    ``difficulty``  ``easy`` (1d8, the default), ``challenging`` (2d8) or ``hard`` (3d8);
                    the dice counts 1/2/3 work too.
    ``bonus``       a situational modifier added to the sum (the book's +1/+2; negative allowed).
    ``group``       N characters acting together: an extra d8 succeeds on N or less (N ≥ 2).
    ``notable``     ``true`` rolls the notable extra d8 (succeeds on a 1); it is rolled anyway when
                    the skill belongs to the character's notable characteristic.
    ``exhausted``   ``true`` forces the −1; it applies anyway when the character has the condition
                    ``exhausted`` or FP − ENC ≤ 2 (``resources["fp"]`` − ``resources["enc"]``).
    ``rating``      a numeric rating 0–8 used instead of the character's skill (for
                    ``solo odds`` and NPCs without stats).
    ``tags``        what the check is about, for the traits and talents that act on such checks:
                    ``surprise``, ``ongoing``, ``parry``, ``surprise-attack``, ``haggle``,
                    ``fast-talk`` (see :mod:`solo.rules.game.tags`). The player's side only.

Contests take the same keys for the character plus ``opponent_stat`` (default: ``stat``),
``opponent_difficulty`` (default: ``difficulty``), ``opponent_bonus``, ``opponent_group``,
``opponent_notable``, ``opponent_exhausted`` and ``opponent_rating`` for the other side, and
``defending: true`` when the other side starts it (see the Decisions).

Decisions and readings of the book recorded here
    * Success needs rating + lowest die + modifiers ≥ 8; the book's "equals ten" is a slip for
      eight.
    * A notable check that is also a group check rolls a single extra die (the book asks for one
      distinctly coloured fourth die); it succeeds on ``max(N, 1)`` or less.
    * The excess of a failure is recorded as the negative value rating + lowest + modifiers − 8;
      the ``excess`` odds distribution uses the same convention (negative keys are failures). A
      success that came only from the extra die has excess 1.
    * Exhaustion is −1 once, however it arises. FP − ENC ≤ 2 counts with ENC 0 too (a character
      worn down to 2 FP is exhausted).
    * A contest is one round: one success against one failure decides, anything else is a
      ``draw``. When the player defends (``defending: true``: the other side attacks, hunts,
      tries to trick them), a tie goes to the defender: the attempt did not get through, so it
      reads ``success`` (the book leaves a tie "a draw or more checks, as circumstances
      require"; a defender who was not beaten has held). Contest outcome labels are :attr:`Game.contest_labels` = failure, draw, success;
      an adventure without a ``draw`` branch simply lets the player act again.
    * One reroll repeats the player's whole check (in a contest, only the player's side). It is
      offered on any check while the character holds rerolls, and on a contest not yet won.
    * Damage: each damage die is 1 FP, a critical adds 1 more, AR is subtracted once, never below 0.
      With fewer or more damage dice than the excess (blocks, ripostes) the dice count is used.
    * Fatigue, Drain, rest and the overloaded load: see :mod:`solo.rules.game.fatigue`. A
      Transmutery check takes its Drain when the roll is kept (the ruleset's ``experience``
      hook, called once per kept roll), so a reroll never drains twice.
    * A check that is not rolled (an overloaded character's Brawn or Balance check, a surprise
      attack without the talent) fails with excess −8 and offers no reroll.
    * At creation the skill points must total exactly 35 and every talent level is 0 (the book:
      a new PC has no talents). Traits are optional but come as one advantage plus one
      disadvantage.

Modules: :mod:`~solo.rules.game.skills` (names and constants), :mod:`~solo.rules.game.checks`
(the check as data), :mod:`~solo.rules.game.odds`, :mod:`~solo.rules.game.combat`,
:mod:`~solo.rules.game.build`, :mod:`~solo.rules.game.fatigue`,
:mod:`~solo.rules.game.character`, :mod:`~solo.rules.game.traits`, :mod:`~solo.rules.game.tags`,
:mod:`~solo.rules.game.records` and :mod:`~solo.rules.game.ruleset` (the :class:`Game` class the
registry loads as ``solo.rules.game:Game``). Everything public is re-exported here.
"""

from __future__ import annotations

from solo.rules.game.build import (
    BUILD_DURATION_UNIT,
    COMBINED_TRANSMUTERY_DRAIN,
    DRAIN_BY_DIFFICULTY,
    FAILED_TRANSMUTERY_DRAIN,
    build_duration,
    combined_build_drain,
    drain,
)
from solo.rules.game.character import notable_characteristic, skill_rating, talents
from solo.rules.game.checks import CheckResult, GameCheck, read_check, roll_check
from solo.rules.game.combat import (
    ARMOUR_RATING,
    Damage,
    critical_from,
    damage_dice_count,
    damage_distribution,
    parry_excess,
    read_damage,
    roll_damage,
    stun_chance,
)
from solo.rules.game.fatigue import (
    Fatigue,
    cannot_stand,
    encumbrance_effect,
    incapacitated,
    is_exhausted,
    read_fatigue,
    rest,
    take_drain,
)
from solo.rules.game.odds import (
    book_success_chance,
    combined_build_chance,
    contest_outcomes,
    excess_distribution,
    extra_decides_chance,
    lowest_die_distribution,
    success_chance,
)
from solo.rules.game.ruleset import Game
from solo.rules.game.skills import (
    BUILD_SKILLS,
    CHARACTERISTIC_OF,
    CHARACTERISTICS,
    DIFFICULTIES,
    DIFFICULTY_DICE,
    MAX_FP,
    MAX_RATING,
    SKILLS,
    SKILLS_BY_CHARACTERISTIC,
    SYSTEM,
    TARGET,
    find_characteristic,
    find_skill,
    lookup_skill,
    parse_difficulty,
)
from solo.rules.game.tags import TAGS, parse_tags, tag_effects
from solo.rules.game.traits import (
    ADVANTAGES,
    COMPATIBLE_TRAITS,
    DISADVANTAGES,
    TRAIT_PAIRS,
    character_traits,
    has_trait,
)

__all__ = [
    "CheckResult",
    "Damage",
    "Fatigue",
    "Game",
    "GameCheck",
    "ADVANTAGES",
    "ARMOUR_RATING",
    "BUILD_DURATION_UNIT",
    "BUILD_SKILLS",
    "CHARACTERISTICS",
    "CHARACTERISTIC_OF",
    "COMBINED_TRANSMUTERY_DRAIN",
    "COMPATIBLE_TRAITS",
    "DIFFICULTIES",
    "DIFFICULTY_DICE",
    "DISADVANTAGES",
    "DRAIN_BY_DIFFICULTY",
    "FAILED_TRANSMUTERY_DRAIN",
    "MAX_FP",
    "MAX_RATING",
    "SKILLS",
    "SKILLS_BY_CHARACTERISTIC",
    "SYSTEM",
    "TAGS",
    "TARGET",
    "TRAIT_PAIRS",
    "book_success_chance",
    "build_duration",
    "cannot_stand",
    "character_traits",
    "combined_build_chance",
    "combined_build_drain",
    "contest_outcomes",
    "critical_from",
    "damage_dice_count",
    "damage_distribution",
    "drain",
    "encumbrance_effect",
    "excess_distribution",
    "extra_decides_chance",
    "find_characteristic",
    "find_skill",
    "has_trait",
    "incapacitated",
    "is_exhausted",
    "lookup_skill",
    "lowest_die_distribution",
    "notable_characteristic",
    "parry_excess",
    "parse_difficulty",
    "parse_tags",
    "read_check",
    "read_damage",
    "read_fatigue",
    "rest",
    "roll_check",
    "roll_damage",
    "skill_rating",
    "stun_chance",
    "success_chance",
    "tag_effects",
    "take_drain",
    "talents",
]
