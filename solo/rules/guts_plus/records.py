"""GUTS+ roll records: what a check or contest record holds, and reading it again.

This module owns the shape of a GUTS+ :class:`~solo.rules.dice.RollRecord`'s ``details`` (the
roller's side, the bonus dice, mastery) and :func:`reread`, which turns the record's current
values into its outcome. Steps are reasons (codes and numbers); :mod:`.record_words` says them. The ruleset builds records; :mod:`.offers` changes them.
"""

from __future__ import annotations

from typing import Any, Sequence

from solo.rules.dice import RollRecord
from solo.rules.guts_plus import odds as go
from solo.rules.guts_plus.checks import CheckSpec
from solo.rules.guts_plus.qualities import SYSTEM
from solo.rules.reasons import Step, reason


def dice_text(values: Sequence[int]) -> str:
    """Dice values for the player: ``"2 5 6"``."""
    return " ".join(str(v) for v in values)


def copy_record(record: RollRecord) -> RollRecord:
    """A deep copy (records are changed by offers, never in place)."""
    return record.copy()


def doubles_step(doubles: Sequence[int]) -> Step:
    """The step that names the doubles found (and so the bonus dice they give)."""
    return reason("doubles", doubles=list(doubles))


def roller_details(
    spec: CheckSpec, values: list[int], doubles: list[int], bonus_dice: int
) -> dict[str, Any]:
    """The roller's side of a check or contest record's details, before helper or opponent.

    ``bonus`` lists the bonus dice taken (``{"die": face}``); ``bonus_left`` counts those
    still on offer. In a check the pips of the dice taken wait in ``pending_bonus``
    (``{"dice": [faces], "pips": total}``) until they are placed together, which is recorded
    in ``placement``.
    """
    return {
        "qualities": list(spec.qualities),
        "levels": list(spec.levels),
        "pool": spec.dice,
        "modifier": spec.modifier,
        "fewer_dice": spec.fewer,
        "conditions": [c for c, _, _ in spec.conditions],
        "values": values,
        "doubles": doubles,
        "bonus_total": bonus_dice,
        "bonus_left": bonus_dice,
        "bonus": [],
    }


def unread_record(
    spec: CheckSpec, kind: str, faces: Sequence[int], details: dict[str, Any], steps: list[Any],
    **fields: Any,
) -> RollRecord:
    """A check or contest record of the dice as rolled, mastery not yet used, still to be read."""
    if spec.mastery:
        details["mastery"] = {"used": False}
    return RollRecord(
        system=SYSTEM, kind=kind, stat=spec.stat, dice=list(faces), outcome="", success=False,
        modifiers={"modifier": spec.modifier, "fewer_dice": spec.fewer},
        details=details, steps=steps, **fields,
    )


def pending_pips(details: dict[str, Any]) -> tuple[list[int], int] | None:
    """``(bonus dice, pooled pips)`` waiting to be placed, or None.

    A record saved before the pips were pooled holds one die as ``{"die": face}``.
    """
    pending = details.get("pending_bonus")
    if not pending:
        return None
    if "die" in pending:
        return [pending["die"]], pending["die"]
    return list(pending["dice"]), pending["pips"]


def reread(record: RollRecord, explain: bool = False) -> RollRecord:
    """Read the record's current state into outcome, success, kept, learning and measures.

    ``measures`` (``roll.<name>`` in expressions): ``impact``, the reading as a number from -2
    (negative impact) through 0 (near success) to 2 (positive impact), for checks and
    contests; and for contests ``difference``, the roller's total less the opponent's
    (positive when the roller came out ahead, whichever side started it). A contest whose
    details say ``defending`` is read from the defender's side (:func:`~.odds.defender_rank`).
    """
    details = record.details
    if record.kind == "check":
        values = details["values"]
        rank = go.read_rank(values)
        record.kept = list(values)
        details["readings"] = [go.LABELS[go.face_rank(v)] for v in values]
        if explain:
            record.steps.append(reason("read", values=list(values)))
        qualities = details.get("qualities") or []
        record.learning = (
            {qualities[0]: 1} if rank == go.NEGATIVE and qualities else {}
        )
    else:
        own = sum(details["values"]) + sum(b["die"] for b in details["bonus"])
        total = own + details["modifier"]
        difference = total - details["opponent"]["total"]
        defending = bool(details.get("defending"))
        rank = go.defender_rank(difference) if defending else go.contest_rank(difference)
        record.total = total
        record.kept = list(details["values"])
        details["difference"] = difference
        if explain:
            record.steps.append(reason("versus", total=total, theirs=details["opponent"]["total"],
                                       defending=defending))
        record.measures = {"difference": difference, "impact": rank - go.NEAR}
    if record.kind == "check":
        record.measures = {"impact": rank - go.NEAR}
    details["reading"] = go.LABELS[rank]
    record.outcome = go.LABELS[rank]
    record.success = rank >= go.SUCCESS
    return record
