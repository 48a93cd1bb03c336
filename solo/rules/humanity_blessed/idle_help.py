"""Which Help on a Humanity, Blessed roll changes nothing, and the reason the player is shown:
one blessing die's Help and a companion's free Help under Blessèd Convoy each add exactly 1, and
Optimal Solution adds 5 or nothing (where +5 changes nothing, +0 does not either).

By the book a character may Help any roll, so such an offer stays on the roll's list (and keeps
its number there, so a save's choice log still names the offers after it), but where the bonus
reaches neither the target (or the other side's total) nor the next outcome size, nor the margin
of 6 that earns the session's first big-win blessing die, taking it would only spend a die or a
turn: it is shown disabled with its reason (:attr:`solo.rules.base.Offer.disabled`).

**Decision:** "the result" is the outcome and its size, what an adventure's branches and its
``roll.size`` read, and the blessing die a big win earns; and the margin where the check's
branches or texts read ``roll.margin`` (the engine lists such measures in the record's
``measures_read``). No bundled adventure reads it.
"""

from __future__ import annotations

from solo.rules.base import Character
from solo.rules.dice import RollRecord
from solo.rules.humanity_blessed.tables import BIG_WIN

__all__ = ["RESULT", "BIG_WIN_ONLY", "idle_reason", "what_it_changes", "help_effect"]

#: What a bonus changes (:func:`what_it_changes`): the outcome or its size, or only the
#: session's big-win blessing die.
RESULT, BIG_WIN_ONLY = "result", "big-win"


def what_it_changes(record: RollRecord, character: Character, bonus: int = 1) -> str:
    """:data:`RESULT`, :data:`BIG_WIN_ONLY`, or "" when adding ``bonus`` changes nothing."""
    return _changes(record, _with(record, bonus), character)


def idle_reason(record: RollRecord, character: Character, bonus: int = 1) -> str:
    """Why adding ``bonus`` to the roll's total cannot change its result, or "" when it can."""
    return help_effect(record, character, bonus)[1]


def help_effect(record: RollRecord, character: Character, bonus: int = 1) -> tuple[str, str]:
    """:func:`what_it_changes` and :func:`idle_reason` together, the roll read again once."""
    new = _with(record, bonus)
    changes = _changes(record, new, character)
    if changes:
        return changes, ""
    assert new is not None
    return "", f"cannot change the result: +{bonus} makes {_still(new)}"


def _changes(record: RollRecord, new: RollRecord | None, character: Character) -> str:
    """:func:`what_it_changes`, for the roll ``new`` read with the bonus added (None: unread)."""
    if new is None:
        return RESULT
    if (new.success, new.outcome, new.measures.get("size")) != (record.success, record.outcome, record.measures.get("size")):
        return RESULT
    if "margin" in (record.details.get("measures_read") or ()):
        return RESULT  # the adventure shows the margin: any bonus changes what it says
    if _earns_big_win(new, character) and not _earns_big_win(record, character):
        return BIG_WIN_ONLY
    return ""


def _with(record: RollRecord, bonus: int) -> RollRecord | None:
    """The roll read again with ``bonus`` added; None for a roll this cannot read."""
    from solo.rules.humanity_blessed.rolling import read_check, read_contest

    if record.kind not in ("check", "contest") or not isinstance(record.total, int):
        return None
    new = RollRecord.from_dict(record.to_dict())
    new.total = record.total + bonus
    (read_check if new.kind == "check" else read_contest)(new)
    return new


def _earns_big_win(record: RollRecord, character: Character) -> bool:
    """Whether the roll would earn the session's first big-win blessing die (see ``session.earn``)."""
    session = character.extra.get("session")
    if not isinstance(session, dict) or session.get("big_win"):
        return False
    if "success by 6+" in (record.details.get("blessing_reasons") or []):
        return False
    return bool(record.success) and int(record.details.get("margin", 0) or 0) >= BIG_WIN


def _still(new: RollRecord) -> str:
    """What the roll would still be with the bonus: "6, still a minor success"."""
    total, size = new.total, new.measures.get("size") or ""
    if new.kind == "check":
        target = new.details.get("target")
        return f"{total}, still a {size} success" if new.success else f"{total}, still short of {target}"
    other = new.details.get("opponent_total")
    if new.details.get("defending"):
        return f"{total} against {other}, still holding" if new.success else f"{total} against {other}: the {size} blow still lands"
    return f"{total} against {other}, still a {size} win" if new.success else f"{total} against {other}, still a loss"
