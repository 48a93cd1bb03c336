"""Humanity, Blessed (``humanity-blessed``): stat dice that bump, blessing dice that pay for help.

This package is the ruleset, one module per part of the game:

* :mod:`.tables`: the book's numbers and names (targets, outcome sizes, lifestyles, abilities);
* :mod:`.bumping`: the dice themselves (bumping, capped dice, groups) and their exact odds;
* :mod:`.character`: what a character has and the creation rules;
* :mod:`.conditions`: conditions read off a character for one roll;
* :mod:`.blessings`: the pool of blessing dice (gaining, worth, spending, Help, lucky number);
* :mod:`.session`: a session's lucky number and the blessing dice rolls earn;
* :mod:`.parsing`: check and contest parameters as written;
* :mod:`.planning`: one side of a roll before the dice (group, modifiers, aid, spark cost);
* :mod:`.rolling`: rolling and reading checks and contests;
* :mod:`.offers`: Help, Blessed Luck and automatic History success around a roll;
* :mod:`.odds`: exact odds of checks and contests;
* :mod:`.group_contest`: exact odds of a contest with a group on a side (the median roll);
* :mod:`.first_roll`: a check stopped after its first roll while a spark may still join it;
* :mod:`.record_words`: how a roll record's steps (codes and numbers) read;
* :mod:`.record_steps`: the verdict step a roll read again replaces;
* :mod:`.shop`: the session shop (Stat, Ability, History, Lifestyle and Item upgrades, free
  adjustments);
* :mod:`.number_line`: the endeavor's number line;
* :mod:`.ruleset`: :class:`HumanityBlessed`, the interface the engine calls, handing each part
  to its module.

Characters: ``stats`` maps Head, Hand, Heart, Home, Hurt, Hurry, History (and at most one setting
stat) to dice: ``"d4"``..``"d10"`` or capped ``"dcX"``. ``resources["blessings"]`` is the pool, a
list of d6 values; ``resources["free_upgrades"]`` and ``resources["upgrades_bought"]`` drive the
session shop. ``extra`` may hold ``lifestyle``, ``value_system``, ``best`` (the stat chosen as
best), ``abilities`` (names, e.g. "Advanced Training"), ``touchstones`` (the History's scope),
``spent_abilities`` (abilities waiting for a recharge), ``session`` (the lucky number and the
session's once-only awards) and the session shop's records (``stat_upgrades``,
``ability_upgrades``, ``pending_upgrades``, ``starting_lifestyle``, ``quality_items``: see
:mod:`.shop`).

Check parameters: ``stat`` (or ``die``, a die such as d8 or dc3, for odds without a character);
``target`` (a number or lowest / easy / medium / hard / very-hard / trial; default medium, the
book's usual target);
``spark`` (the second stat; with ``die`` a true value rolls two such dice); ``modifier`` (added to
the roll); ``aid`` (situational aid received when the roll would fail: +1 or a capped die up to
dc4); ``tags`` (what the check is about, for the abilities that answer it: see
:data:`.tables.CHECK_TAGS`); ``focal: true`` (a roll that decides an endeavor's Focal Action: Muddled applies there);
``training: true`` (Advanced Training without a character, for odds); ``witnessed: true`` (an
opposing character sees the roll: Vulnerability); ``group_with`` (companions who roll with the
character, passed as characters: the group's total is the median roll); ``spark_with`` (a
companion whose stat ``spark`` names: Synchronized Spark, :mod:`.synchronized`); ``loan_from`` and
``loan`` (a companion lends the player an ability until the scene ends: Synchronized Skill,
:mod:`.loans`); ``scope`` (the History touchstones a check of another stat calls on) and
``scope_with`` (Synchronized Uncommonality's swap of History scopes, :mod:`.history_scope`); ``convoy``
(the companions aboard on a ``transport`` roll, each of whom may Help for +1 at no cost: Blessèd
Convoy, :mod:`.convoy`). Contests add
``opponent_stat`` (defaults to ``stat``), ``violent: true`` (the attacker rolls Hurt, the defender
Hurry), ``opponent_modifier``, ``opponent_aid``, ``opponent_group_with`` (the opponent's side) and ``synchronized: true``
(both sides bump together: Synchronized Enmity, :mod:`.enmity`). A defended non-violent contest
lost to one attacker may turn the losing branch's ``lesser`` form on them (Blessèd Wits,
:mod:`.wits`).

Conditions are strings in ``character.conditions``: ``uncool`` (-1), ``pain`` (-1), ``ache`` (the
top face reads as the one below), ``weakness`` (no Help, no aid), ``muddled`` (-2 on the next
focal roll), ``distracted`` (no bumping), ``taxed`` (no spark), ``surprise`` (the next roll neither
bumps nor sparks), ``cursed`` (blessing dice worth 1 less), ``disarmed`` (a violent win caps at
very major), ``vulnerability`` (an opposing character who sees the roll forces a success to be
rolled again, once; the new roll stands: in a contest always, on a check marked ``witnessed``;
the player does the same to a vulnerable defender whose roll holds), ``hexed`` (a monstrosity's
Curse: the same reroll, once, then :mod:`.endeavours.monstrous` ends it). Ache, pain, weakness and
vulnerability may name a stat as ``pain:hand``; bare, they touch every stat.

**Decisions** (beyond the digest's):

* Outcome labels are ``failure``/``success``; the size (very-minor..maximum) is in
  ``details["size"]`` for successes and wins. Odds list each size as "succeeds with that size",
  so the six sizes add up to ``success``.
* ``expected`` in odds is the mean of the roll itself (stat dice, bumps, Advanced Training and
  modifiers), before aid that only comes on a failure: the book's statistic.
* A spark may be declared after a basic check's first roll (:mod:`.first_roll`): the check
  stops after the stat die's first face whenever a spark could join it, and the player rolls
  on or sparks; a taxed character may pay two more dice (worth 1+) to end Taxed and spark. The
  cheapest payment is taken. A check's odds are for the check as written (no spark unless
  ``spark`` is given). A group check, a contest and a Blessed Luck retry do not stop.
* A spark check (``spark`` parameter) pays two pool dice of equal worth (at least 1) when it is
  rolled, the lowest such pair. If the stats are not balanced, the pool cannot pay, or the
  character is taxed or surprised, a basic check is rolled instead and a step says why. Odds
  follow the same rule; with ``die`` there is no pool and nothing to pay.
* In a contest the defender rolls a basic check (no spark, no Help). Forcing a vulnerable
  roll again is always taken when it can only help the one who forces it: a winning attacker's
  roll, a holding defender's roll, a witnessed check's success (before aid).
* Situational aid comes once per roll when the roll would fail, from ``aid``, Survival Instinct
  (a Hurry roll, +dc2), Armored Skin (defending a violent contest, +dc2), an ability a tagged
  check calls on (+dc2) or an overcharged stat of an upgraded Lifestyle in a spark (+ a die of
  the spark's size); of several, the best mean is taken. An adventure's ``aid`` is at most what
  the book gives a situation: +1 (a high-quality item) or a capped die up to dc4 (the best
  companion or vehicle); a larger one, or a fixed +2 or more, is refused (``modifier`` is there
  for other bonuses).
* A tag's ability works where the book says: on checks (Intuitive Eye, Quick Acclimation,
  Efficiently Packed, Sharp Recall, Careful Practice, Perfect Divination), on contests as the
  one who acts (Tactful Speech) or on both (Licensed Driver, Line of Credit); a tag written where
  its ability cannot act is refused. Weakness on a rolled stat stops aid and Help. Aid and Help dice bump; Distracted and
  Surprise only stop the stat dice bumping.
* Advanced Training (+1 per bump) and Ease of Focus (bump on 2 too) count for stat dice of d8 or
  larger. The lucky number is matched by the natural total (stat dice readings with bumps, before
  Advanced Training, modifiers, aid or Help).
* An adventure is a session: the engine's ``start_adventure`` hook rolls its lucky number (or the
  first check does, if the hook was not called); ``end_of_adventure`` ends the session. Blessing dice earned by a roll (the lucky number;
  the session's first success or win by 6 or more) are rolled with the roll, shown in
  ``details["blessings_earned"]`` and added to the pool by :meth:`experience` (``solo analyze``
  leaves them owed, ``details["blessings_owed"]``, until a step reads the pool: :mod:`.owed_blessings`).
* Blessed Luck (an ability) is offered on a failed check: free when charged, otherwise by paying
  the recharge (5) at once. The retry repeats the same roll (a spark is not paid again); Help on
  the failed roll is lost with it.
* Automatic History success reduces very minor to very minor (there is no smaller size).
* The session shop is visited between adventures (``solo character advance``, or an
  adventure's ``advance`` effect). What arrives "at the end of the following session" (an
  Ability or a Lifestyle) waits in ``pending_upgrades`` until the next adventure ends. A free
  adjustment rides on its upgrade: the Stat Upgrade's moves one size from one die to another
  besides the upgrade; the Ability Upgrade's trade comes with the new ability. A starting
  Lifestyle's three upgrades stay open after one of them is taken; Lost opens every Lifestyle.
  The Item Upgrade's +1 aid comes on a roll whose ``uses`` names the item.
* A group check by median: each member rolls the check's stat with their own die and
  conditions; the character's own aid (the check's ``aid``, abilities) comes once, on the
  group's total; Help goes to that total; the lucky number is the character's own roll.
  ``witnessed`` is for one roll, and refused with a group.
* A group contest (``group_with`` on the player's side, ``opponent_group_with`` on the
  opponent's) reads each side's median as that side's roll: :mod:`.group_contest`.
* Spark statistics: the book's b_s formula for the mean of a bumping spark round is an
  approximation (2d6: 4.5 where the exact mean is 52/11); exact values come from enumeration.
"""

from __future__ import annotations

from solo.rules.humanity_blessed.blessings import (
    choose_pair,
    choose_spend,
    gain_blessings,
    help_bonus,
    roll_lucky_number,
    take,
    worth,
)
from solo.rules.humanity_blessed.character import starting_stats
from solo.rules.humanity_blessed.conditions import Conditions
from solo.rules.humanity_blessed.number_line import advantage_movement, move_on_line, spaces_for_size
from solo.rules.humanity_blessed.odds import check_distribution, contest_distribution
from solo.rules.humanity_blessed.offers import history_limit
from solo.rules.humanity_blessed.parsing import HBCheck, parse_target
from solo.rules.humanity_blessed.ruleset import HumanityBlessed
from solo.rules.humanity_blessed.shop import shop_cost
from solo.rules.humanity_blessed.tables import (
    CORE_STATS,
    LIFESTYLE_TABLE,
    OVERCHARGE,
    SIZES,
    STARTER_ABILITIES,
    SYSTEM,
    TARGETS,
    size_for_margin,
    size_for_total,
)

__all__ = [
    "CORE_STATS", "Conditions", "HBCheck", "HumanityBlessed", "LIFESTYLE_TABLE", "OVERCHARGE",
    "SIZES", "STARTER_ABILITIES", "SYSTEM", "TARGETS", "advantage_movement", "check_distribution",
    "choose_pair", "choose_spend", "contest_distribution", "gain_blessings", "help_bonus",
    "history_limit", "move_on_line", "parse_target", "roll_lucky_number", "shop_cost",
    "size_for_margin", "size_for_total", "spaces_for_size", "starting_stats", "take", "worth",
]
