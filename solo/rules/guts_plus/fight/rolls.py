"""The rolls of a GUTS+ fight, made and read through the ruleset, and their exact odds.

Every roll in a fight is an ordinary GUTS+ check or contest (:class:`~.ruleset.GutsPlus`), so
conditions, pairing qualities, assisting, doubles, mastery and the reading of near successes
work as they do everywhere else, and the odds shown are the ruleset's own (``solo odds
guts-plus --contest A:D`` gives the same figures).

Decisions:

* In a fight every bonus die is taken and placed by the best split, and mastery is used the
  best way, for everyone: in a contest more is always better, and asking after each roll would
  stall the fight. This is exactly what the exact odds assume.
* A near success (a 3 check, a 0 contest) is the GM's call in the book (line 458); a fight's
  ``near`` parameter says what it counts as, as a check's ``near`` does: ``oracle`` (default:
  one d6, 4-6 for the roller), ``success`` or ``failure``, always from the *aggressor's* side.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from solo.rules.base import Character, Odds
from solo.rules.dice import Dice, RollRecord
from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus import offers

NEAR_DEFAULT = "oracle"
#: What the roller's near policy is when the roller defends: the aggressor's policy turned round.
TURNED = {"success": "failure", "failure": "success", "oracle": "oracle"}


def _take_everything(dice: Dice, record: RollRecord) -> RollRecord:
    """Take every bonus die, place the pooled pips by the best split, use mastery the best way."""
    while any(o.key == offers.BONUS for o in offers.roll_offers(record)):
        record = offers.apply(dice, record, offers.BONUS)
    record = offers.place_best(record)
    mastery = record.details.get("mastery")
    if mastery and not mastery.get("used"):
        proposals = offers.mastery_proposals(record)
        if proposals:
            record = offers.apply(dice, record, proposals[0][0])
            while any(o.key == offers.BONUS for o in offers.roll_offers(record)):
                record = offers.apply(dice, record, offers.BONUS)
            record = offers.place_best(record)
    return record


def contest(ruleset: Any, dice: Dice, character: Character, opponent: Character,
            params: Mapping[str, Any], near: str) -> RollRecord:
    """A contest read from ``character``'s side (``defending`` in ``params`` when it defends);
    ``near`` is the aggressor's near policy. Dice that answer a whole roll at once (an
    analysis' coarse dice, :mod:`.classes`) are handed the roll to answer."""
    whole = getattr(dice, "whole_roll", None)
    if whole is not None:
        return whole(_contest, ruleset, character, opponent, params, near)
    return _contest(ruleset, dice, character, opponent, params, near)


def _contest(ruleset: Any, dice: Dice, character: Character, opponent: Character | None,
             params: Mapping[str, Any], near: str) -> RollRecord:
    record = ruleset.contest(dice, character, opponent, params)
    record = _take_everything(dice, record)
    policy = TURNED[near] if params.get("defending") is True else near
    return ruleset.settle(dice, record, character, {"near": policy}, frozenset())


def check(ruleset: Any, dice: Dice, character: Character, params: Mapping[str, Any],
          near: str) -> RollRecord:
    """A check by ``character`` with every bonus die and mastery taken, near settled by ``near``
    (dice that answer a whole roll at once are handed it, as for :func:`contest`)."""
    whole = getattr(dice, "whole_roll", None)
    if whole is not None:
        return whole(_check, ruleset, character, None, params, near)
    return _check(ruleset, dice, character, None, params, near)


def _check(ruleset: Any, dice: Dice, character: Character, opponent: Character | None,
           params: Mapping[str, Any], near: str) -> RollRecord:
    """:func:`check` as :func:`_contest` is called (``opponent`` is always None)."""
    record = ruleset.check(dice, character, params)
    record = _take_everything(dice, record)
    return ruleset.settle(dice, record, character, {"near": near}, frozenset())


def success_chance(odds: Odds, near: str) -> Fraction:
    """The chance a roll counts as a success: full success or positive impact, and a near
    success as ``near`` says (half of it for the oracle's 4-6)."""
    share = {"success": Fraction(1), "failure": Fraction(0)}.get(near, Fraction(1, 2))
    outcomes = odds.outcomes
    return outcomes["success"] + outcomes["positive-impact"] + outcomes["near-success"] * share


def contest_chance(ruleset: Any, character: Character, opponent: Character,
                   params: Mapping[str, Any], near: str) -> tuple[Fraction, Odds]:
    """The exact chance ``character`` comes out on top, with the ruleset's whole odds."""
    odds = ruleset.contest_odds(character, opponent, params)
    policy = TURNED[near] if params.get("defending") is True else near
    return success_chance(odds, policy), odds


def check_chance(ruleset: Any, character: Character, params: Mapping[str, Any],
                 near: str) -> Fraction:
    return success_chance(ruleset.check_odds(character, params), near)


def aggressor_rank(record: RollRecord) -> int:
    """The aggressor's reading of a contest record, whichever side it was rolled from."""
    rank = go.LABELS.index(record.outcome)
    return go.POSITIVE - rank if record.details.get("defending") else rank


def aggressor_won(record: RollRecord) -> bool:
    """Whether the aggressor came out on top (a near success as the record's policy settled)."""
    return not record.success if record.details.get("defending") else record.success
