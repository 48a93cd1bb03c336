"""Blessèd Wits (an ability extending Tactful Speech): when the character loses a non-violent
contest to a single attacker, the attacker may be made to receive a less severe version of the
effect the character received. Then the ability is spent; readying it again costs ③ (one
blessing die worth 3 or more), paid when it is used again, as Blessed Luck's recharge is.

The adventure says what the lesser version is: a losing branch of the contest carries a
``lesser`` form (its text and effects), which the engine runs after the branch when the player
takes this offer (:attr:`solo.rules.base.Offer.lesser`). The engine offers it only where the
branch the roll takes has such a form, and ``solo validate`` warns about a contest a
pregenerated character could answer this way whose losing branch has none.

**Decisions** (the book leaves these open):

* "Against a single Attacker" is read as the book's roles say: the npc attacks and the player
  defends (``defending: true``), one character on the attacker's side (no
  ``opponent_group_with``). A contest the player starts and loses has no effect the player
  received: the attack just fails, so there is nothing to turn. The player's own side may be a
  group (the group is one character for the rules).
* It acts once the loss stands: it is offered beside Help and Fearless Resolve, and taking it
  accepts the loss (no Help, no Fearless Resolve after it). Fearless Resolve taken first makes
  the blow one size smaller, and the lesser form is the one of the branch the smaller blow takes.
* Nothing is rolled: the odds of the contest are those without it.
* Plain contests only: an endeavour's contests move characters along a track and a fight's are
  violent, so neither has an authored effect to turn.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from solo.rules.base import Character, Offer
from solo.rules.dice import RollRecord
from solo.rules.humanity_blessed.character import abilities
from solo.rules.humanity_blessed.tables import flag
from solo.rules.reasons import reason

KEY = "blessed-wits"
NAME = "Blessèd Wits"


def answers(params: Mapping[str, Any], character: Character | None = None) -> bool:
    """Whether a lost contest with these parameters may be turned (``character``: by them, who
    must have the ability; None: by anyone who has it)."""
    if not (flag(params.get("defending", False)) and not flag(params.get("violent", False))):
        return False
    if params.get("opponent_group_with"):
        return False
    return character is None or "blessedwits" in abilities(character)


def offer(record: RollRecord, character: Character) -> Offer | None:
    """The offer on a defended non-violent contest lost to one attacker, while the ability is
    charged or its recharge can be paid."""
    details = record.details
    if record.kind != "contest" or record.success or not details.get("defending") or "wits" in details:
        return None
    if not answers(details.get("params") or {"defending": True}, character):
        return None
    from solo.rules.humanity_blessed.fight.abilities import cost_text, readiness  # fight/ imports offers

    if readiness(character, NAME, npc=False) is None:
        return None
    return Offer(KEY, f"{NAME}: the loss stands, and your attacker gets a lesser version of it"
                      f"{cost_text(character, NAME)}", lesser=True)


def apply(record: RollRecord, character: Character) -> RollRecord:
    """Spend the ability (or pay its recharge); the loss stands, marked as turned."""
    from solo.rules.humanity_blessed.fight.abilities import use

    before = Counter(character.resources.get("blessings", []) or [])
    use(character, NAME)
    paid = sorted((before - Counter(character.resources.get("blessings", []) or [])).elements())
    new = RollRecord.from_dict(record.to_dict())
    new.details["wits"] = {"recharge_paid": paid}
    new.details["help_allowed"] = False  # the loss is accepted
    new.steps = new.steps + [reason("wits", paid=paid)]
    return new
