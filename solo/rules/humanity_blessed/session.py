"""A Humanity, Blessed session: an adventure is one. It opens with the lucky number; awards of
blessing dice are rolled (a 1 brings another); a roll may earn dice (the lucky number, the
session's first success or win by 6 or more), which join the pool when the roll stands.

The session's state is ``character.extra["session"]``.
"""

from __future__ import annotations

from solo.rules.base import Character
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed import owed_blessings, record_words
from solo.rules.humanity_blessed.blessings import gain_blessings, gained_words, roll_lucky_number
from solo.rules.humanity_blessed.tables import BIG_WIN, norm
from solo.rules.reasons import Step, reason


def open_session(dice: Dice, character: Character) -> list[Step]:
    """Begin a session: roll the lucky number and open the session's once-only awards; the
    step that tells the lucky number."""
    lucky, faces = roll_lucky_number(dice)
    character.extra["session"] = {"lucky_number": lucky, "lucky_faces": faces, "big_win": False}
    return [reason("lucky-number", lucky=lucky, faces=list(faces))]


def start_session(dice: Dice, character: Character) -> list[str]:
    """Begin a session (:func:`open_session`); the line that tells the lucky number."""
    return record_words.lines(open_session(dice, character))


def session_steps(dice: Dice, character: Character) -> list[Step]:
    """Open a session if none is open (a check rolled before the engine opened one): the steps
    a roll record shows for it (none when a session was open)."""
    if isinstance(character.extra.get("session"), dict):
        return []
    return open_session(dice, character)


def ensure_session(dice: Dice, character: Character) -> list[str]:
    """:func:`session_steps` as the lines a fight or an endeavour tells."""
    return record_words.lines(session_steps(dice, character))


def gain(dice: Dice, character: Character, resource: str, amount: int) -> list[str] | None:
    """Engine hook for awards: blessing dice are rolled (a 1 brings another); any other
    resource is left to the engine (None)."""
    if norm(resource) not in {"blessings", "blessing"}:
        return None
    if int(amount) < 1:
        return []
    if owed_blessings.defers(dice, character):  # the analyzer draws them when first read
        owed_blessings.owe(dice, character, int(amount))
        return []
    gained = gain_blessings(dice, int(amount))
    character.resources.setdefault("blessings", []).extend(gained)
    return [f"Blessing dice gained: {gained_words(gained)}"]


def earn(dice: Dice, record: RollRecord, character: Character) -> None:
    """Roll blessing dice the roll earns (lucky number, first big success of the session). The
    analyzer's dice may leave each one owed instead (:func:`_earned`)."""
    session = character.extra.get("session")
    if not isinstance(session, dict):
        return
    record.details.setdefault("blessings_earned", [])
    reasons = record.details.setdefault("blessing_reasons", [])
    lucky = session.get("lucky_number")
    hit = lucky is not None and record.details.get("natural") == lucky
    if hit and "lucky number" not in reasons:
        _earned(dice, record, character)
        reasons.append("lucky number")
        record.steps.append(reason("lucky-earned", lucky=lucky))
    big = record.success and int(record.details.get("margin", 0)) >= BIG_WIN
    if big and not session.get("big_win") and "success by 6+" not in reasons:
        _earned(dice, record, character)
        reasons.append("success by 6+")
        record.steps.append(reason("big-win-earned", margin=int(record.details.get("margin", 0))))


def _earned(dice: Dice, record: RollRecord, character: Character) -> None:
    """One blessing die earned by the roll: rolled into ``details["blessings_earned"]``, or, with
    the analyzer's dice that allow it (:func:`~.owed_blessings.defers_earned`), counted in
    ``details["blessings_owed"]`` and owed to the pool when the roll stands (drawn when a step
    first reads the pool). Which dice a roll earns depends on its natural, total and margin; their
    values do not, and nothing reads them before the pool, so a class of rolls that all earn one
    die is one class, not one per value the die may show."""
    if owed_blessings.defers_earned(dice, character):
        record.details["blessings_owed"] = int(record.details.get("blessings_owed", 0)) + 1
        return
    record.details["blessings_earned"] += gain_blessings(dice)


def experience(record: RollRecord, character: Character) -> list[str]:
    """Add the blessing dice a kept roll earned to the pool (once), or owe those left owed
    (:func:`_earned`); lines saying so."""
    earned = record.details.get("blessings_earned") or []
    owing = int(record.details.get("blessings_owed", 0) or 0)
    if not (earned or owing) or record.details.get("blessings_added"):
        return []
    character.resources.setdefault("blessings", []).extend(int(v) for v in earned)
    if owing:
        owed_blessings.owe_earned(character, owing)
    record.details["blessings_added"] = True
    session = character.extra.get("session")
    if isinstance(session, dict) and "success by 6+" in record.details.get("blessing_reasons", []):
        session["big_win"] = True
    reasons = ", ".join(record.details.get("blessing_reasons", []))
    shown = gained_words([int(v) for v in earned]) if earned else ""
    if owing:  # (only while the analyzer plays: the values are drawn when the pool is read)
        shown = ", ".join(filter(None, [shown, ", ".join(["owed"] * owing)]))
    return [f"Blessing dice gained ({reasons}): {shown}"]
