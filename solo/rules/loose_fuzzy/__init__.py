"""A Loose and Fuzzy Game System (``loose-fuzzy``): abilities rated in d6s, summed against a target.

This package owns the whole ruleset: character rules (required and special abilities,
disabilities, starting Luck/Unluck from the campaign baseline), checks and contests with the
marked-dice criticals and exploding critical bonus dice, Luck/Unluck rolls and the lottery, the
experience price list, the combat helpers (Advantage Points, Defense Total, wound levels and
penalties) and exact odds.

Characters: ``stats`` holds every good ability by name (Cleverness, Body, Knowledge, Perception,
Tenacity plus two or more special abilities); ``extra["disabilities"]`` maps disability names to
ratings; ``resources`` holds ``luck``, ``unluck`` and ``experience``. Wounds are conditions named
``moderate wound``, ``serious wound`` or ``mortal wound`` (any spacing, dashes or case).

Check parameters: ``stat`` (an ability, a disability, ``luck`` or ``unluck``) or ``dice`` (a number
of dice, for odds without a character); ``target`` (a number or easy / average / hard /
really-hard / nigh-impossible, default average); ``fit: poor | barely`` (+1 / +2 to the target);
``bonus`` (added to the roll: +1/+2 for a more fitting ability in a contest, -1/-2 for heavy gear);
``dice_penalty`` (fewer dice, e.g. 1 against several foes); ``disability`` (a disability whose dice
are taken away, e.g. Clumsy from Body). Dice never drop below one. Contest parameters add
``opponent_stat`` (defaults to ``stat``), ``opponent_bonus`` and ``opponent_dice_penalty``.

**Decisions** (beyond the digest's):

* Labels. Double 1s on the marked dice are a critical failure, but the book says it does not
  fail the roll by itself ("You don't automatically fail"): the sum still decides. So double 1s
  read ``costly-success`` when the sum reaches the target (the roll succeeds and something bad
  happens too) and ``critical-failure`` when it falls short. ``critical-success`` needs both
  marked dice on 6 *and* the sum with its bonus dice reaching the target; double 6s that still
  fall short read ``failure``. ``details["critical"]`` keeps what the marked dice showed
  (``"failure"`` for double 1s, ``"success"`` for double 6s) and ``details["sum_success"]``
  whether the sum reached the target. Overall success = costly-success + success +
  critical-success; an adventure without a ``costly-success`` branch runs its ``success``
  branch. The same holds in contests, with winning in place of reaching the target.
* One die: a confirmed critical success (the confirming die matches a 6) also earns the exploding
  bonus dice; the confirming die itself is never added.
* Explosions are capped at :data:`MAX_EXPLOSIONS` bonus dice when rolling. Check odds are exact
  (closed form for the exploding bonus), so ``truncated`` is 0; the listed ``total``
  distribution (for display) stops once the mass left is below 1e-6 and that exact remainder is
  ``values["total_tail"]`` (the contest's ``advantage`` likewise, ``values["advantage_tail"]``).
* A tied contest is rolled again (digest Decision), at most :data:`MAX_TIE_REROLLS` times; after
  that the defender holds. Contest odds condition on the last, untied roll; the exploding bonus
  dice are listed to a depth where the left-out mass is below 1e-15, reported as ``truncated``.

Modules: :mod:`~solo.rules.loose_fuzzy.abilities` (characters, constants),
:mod:`~solo.rules.loose_fuzzy.pool` (rolling), :mod:`~solo.rules.loose_fuzzy.odds`,
:mod:`~solo.rules.loose_fuzzy.combat`, :mod:`~solo.rules.loose_fuzzy.experience` (prices, Luck's
bounds) and :mod:`~solo.rules.loose_fuzzy.ruleset` (the :class:`LooseFuzzy` class the registry
loads as ``solo.rules.loose_fuzzy:LooseFuzzy``). Everything public is re-exported here.
"""

from __future__ import annotations

from solo.rules.loose_fuzzy.abilities import (
    BASELINE,
    MAX_LUCK,
    REQUIRED,
    START_LUCK,
    START_UNLUCK,
    SYSTEM,
    TARGETS,
    ability_cost,
    dice_spent,
    disabilities,
    norm,
    starting_luck,
)
from solo.rules.loose_fuzzy.combat import (
    INCAPACITATION_TARGET,
    WOUNDS,
    advantage_points,
    condition_wound_penalty,
    defense_total,
    needs_tenacity_roll,
    wound_level,
    wound_penalty,
)
from solo.rules.loose_fuzzy.experience import advance, advancement, gain
from solo.rules.loose_fuzzy.odds import (
    EXPLOSION_DEPTH,
    check_distribution,
    class_pmfs,
    contest_distribution,
    expected_total,
    explosion_at_least,
    total_distribution,
    with_overall,
)
from solo.rules.loose_fuzzy.pool import (
    MAX_EXPLOSIONS,
    MAX_TIE_REROLLS,
    PoolRoll,
    lottery,
    roll_pool,
    roll_sum,
)
from solo.rules.loose_fuzzy.ruleset import SUCCESSES, LFCheck, LooseFuzzy, parse_target, reading

__all__ = [
    "LFCheck",
    "LooseFuzzy",
    "PoolRoll",
    "BASELINE",
    "EXPLOSION_DEPTH",
    "INCAPACITATION_TARGET",
    "MAX_EXPLOSIONS",
    "MAX_LUCK",
    "MAX_TIE_REROLLS",
    "REQUIRED",
    "START_LUCK",
    "START_UNLUCK",
    "SUCCESSES",
    "SYSTEM",
    "TARGETS",
    "WOUNDS",
    "ability_cost",
    "advance",
    "advancement",
    "advantage_points",
    "check_distribution",
    "class_pmfs",
    "condition_wound_penalty",
    "contest_distribution",
    "defense_total",
    "dice_spent",
    "disabilities",
    "expected_total",
    "explosion_at_least",
    "gain",
    "lottery",
    "needs_tenacity_roll",
    "norm",
    "parse_target",
    "reading",
    "roll_pool",
    "roll_sum",
    "starting_luck",
    "total_distribution",
    "with_overall",
    "wound_level",
    "wound_penalty",
]
