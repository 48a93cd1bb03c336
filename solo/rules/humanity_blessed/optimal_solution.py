"""Optimal Solution (an ability extending Sharp Recall): up to twice a session, Help by rolling
four d6 instead of spending blessing dice. If the four can be split into two piles of two whose
sum or product match (1, 1, 1, 2: 1 x 2 = 1 + 1), the roll Helped gains +5; otherwise nothing.

It is offered beside Help after an adventure's check or contest, wherever Help is (once per
roll: it *is* the roll's Help), with exact odds: the chance the four dice pair up is counted over
all 1,296 throws (:data:`PAIRING`), and the roll is read again with +5 or +0.

**Decisions** (the book leaves these open):

* The one who rolls the four dice may Help themselves (Help in the book is for anyone's roll,
  one's own included).
* A pile's value may be its sum or its product, and either pile may use either: two piles match
  when any value of one equals any value of the other.
* The uses are counted per session (an adventure), in ``extra["session"]``; a throw that does not
  pair up still uses one.
* Fights and endeavours have their own Help steps and do not offer it.
* Where even +5 cannot change the result it is shown disabled, saying why (:mod:`.idle_help`):
  taking it would only use one of the session's two uses.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from solo.rules.base import Character, Odds, Offer
from solo.rules.dice import Dice, RollRecord
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.idle_help import idle_reason
from solo.rules.humanity_blessed.rolling import read_check, read_contest
from solo.rules.humanity_blessed.session import earn
from solo.rules.humanity_blessed.tables import SYSTEM
from solo.rules.reasons import reason

ABILITY = "optimalsolution"
KEY = "optimal-solution"
USES = 2
BONUS = 5


def pairs_up(faces: tuple[int, ...] | list[int]) -> bool:
    """Whether four dice split into two piles of two with a matching sum or product."""
    a, b, c, d = faces
    for (w, x), (y, z) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
        if {w + x, w * x} & {y + z, y * z}:
            return True
    return False


#: The chance four d6 pair up, exactly.
PAIRING = Fraction(sum(pairs_up(f) for f in product(range(1, 7), repeat=4)), 6**4)


def _used(character: Character) -> int:
    session = character.extra.get("session")
    return int(session.get("optimal_solution", 0)) if isinstance(session, dict) else 0


def offer(record: RollRecord, character: Character) -> Offer | None:
    """The offer on a roll that may still take Help, while uses are left this session."""
    if ABILITY not in abilities(character) or not record.details.get("help_allowed"):
        return None
    if "help" in record.details or _used(character) >= USES:
        return None
    left = USES - _used(character)
    return Offer(KEY, f"Optimal Solution: Help with four d6 (+{BONUS} if they pair up; "
                      f"{left} use{'s' if left != 1 else ''} left this session)",
                 disabled=idle_reason(record, character, BONUS))  # even +5 changes nothing: a use kept


def apply(dice: Dice, record: RollRecord, character: Character) -> RollRecord:
    """Roll the four dice, add +5 when they pair up, and read the roll again."""
    faces = [dice.roll(6) for _ in range(4)]
    value = BONUS if pairs_up(faces) else 0
    session = character.extra.get("session")
    if not isinstance(session, dict):
        session = character.extra["session"] = {}
    session["optimal_solution"] = _used(character) + 1
    new = RollRecord.from_dict(record.to_dict())
    new.total = int(new.total or 0) + value
    new.details["help"] = {"optimal_solution": faces, "dice_spent": 0, "value": value, "die": f"+{BONUS}"}
    new.steps.append(reason("optimal-solution", faces=faces, value=value))
    (read_check if new.kind == "check" else read_contest)(new)
    earn(dice, new, character)
    return new


def odds(record: RollRecord) -> Odds:
    """The roll's odds once Helped this way: read with +5 at the pairing chance, else as it is."""
    outcomes: dict[str, Fraction] = {}
    success = Fraction(0)
    for value, chance in ((BONUS, PAIRING), (0, 1 - PAIRING)):
        new = RollRecord.from_dict(record.to_dict())
        new.total = int(new.total or 0) + value
        (read_check if new.kind == "check" else read_contest)(new)
        outcomes[new.outcome] = outcomes.get(new.outcome, Fraction(0)) + chance
        if new.success:
            success += chance
    return Odds(system=SYSTEM, outcomes=outcomes, overall_success=success)
