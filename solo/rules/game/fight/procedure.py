"""The GAME ``fight``: five-second turns of defence, ranged attacks, melee and movement, by the book.

This module owns the turn-by-turn procedure of the book's combat section; what items and
sheets mean comes from :mod:`.kit`, the other side's choices from :mod:`.policy`, what the
player sees from :mod:`.view` and what ``solo validate`` refuses from :mod:`.checks`. Every check
is the ruleset's own (:meth:`Game.check`, :meth:`Game.contest`, their exact odds and rerolls).

**A turn.** Every fighter but the player declares its action first (a GM says what the other
side does), then the player chooses one: attack the foe of their choice with the weapon in hand,
block or dodge (giving up the attack), parry a foe in melee (a Hack/Slash talent and a blade),
close in, fall back, draw another weapon, run for it, or yield where the adventure allows it.
Then, in the book's order:

1. **Defence.** Every block, dodge and parry is rolled. A block or dodge takes its excess off the
   damage dice of the first hit on the defender this turn, and of one more hit per Block/Dodge
   talent level. A parry takes its excess (counted up to the Hack/Slash talent level) off the
   hit of the foe parried.
2. **Ranged attacks**, then 3. **melee attacks**, each all at once: every check of the step is
   rolled, then every hit's damage, then all of it lands together (a fighter felled in a step
   still strikes in it). Foes of one group attacking one target make one check with their best
   rating and the extra die, which succeeds on the number attacking or less. When the target
   fights back at one of them in the same step it is the book's competitive check: both roll,
   one success against one failure hits, a tie is rolled again (20 rolls at most; after that
   the step passes without a hit), and only the winner strikes.
4. A successful **parry's riposte** follows the parried foe's attack, with the parry's excess
   as extra damage dice when that foe missed or did no harm (no FP lost, no stun); after a
   failed parry the attack comes last in the turn.
5. **Movement**: closing in, falling back, drawing a weapon, running.

**Damage.** A hit rolls as many d8 damage dice as its excess (plus a riposte's, less a block's or
a parry's); each die is 1 FP, an 8 is a critical worth one more, and a group's criticals start one
face lower per member beyond the first (a group of four: 5-8). The defender's AR comes off once:
FP lost = damage dice + criticals − AR, never below 0. Any damage die showing 1 stuns: the
target loses its next action not yet taken (this turn's, if its step is still to come). At 0 FP
a fighter is defeated. Talents act: a Lift/Smash talent sweeps a blunt melee hit onto one more
foe in melee per level (each with its own damage dice); a Shoot/Fire talent rolls one more die
per level on a hit, which only stuns; unarmed martial arts (a Throw/Ensnare talent) ignore 1 AR
per level against humanoids, and so does a mount (a Ride/Pilot talent); a Perception/Track talent
gives a free surprise attack before the first turn at up to the talent level, without defence.
Perils an item may bring (see :mod:`.kit`): an area weapon's target first tries the free
avoidance the book grants against large-area harm (Block/Dodge or Leap/Tumble, no action); a net
ensnares instead of wounding (the hit's excess against the target's Wilderness/Escape), and a
martial arts stun pins; the ensnared or pinned can only struggle free (rolled when movement is)
or yield, attacks on them take +1, and a pinner cannot defend.

**Where.** Each opponent stands some movement units (MU) from the player's side, who keep
together (companions move with the player). Melee needs 0 MU. A ranged weapon is Easy up to its
first band (2 MU), Challenging to its second (4), Hard to its third (6), out of reach beyond; the
band adds to the fight's ``difficulty`` (Hard at most). Closing in or falling back moves 1 MU.

**Ends.** ``won`` when no opponent stands (the player then chooses how they are left: killed,
captured, beaten, driven off, read as ``roll.defeat``), ``lost`` when the player is defeated (the
foe who felled them chooses by its behaviour, or the adventure's ``defeat``), ``fled`` when the
player gets away (running is the turn's movement, so the turn's attacks come first),
``surrendered`` when the player yields. ``roll.fp_lost`` is what the fight cost the player.

**Decisions where the book is silent or loose** (beyond :mod:`.kit`'s and :mod:`.policy`'s):

* The group rule (book: foes attacking one target make one check) pools the foes of one group:
  an opponent entry's copies, or every entry sharing a ``group`` name. Different groups attack
  separately. Companions on the player's side pool among themselves; the player never pools
  (the rule is there so a lone hero can face a crowd).
* The competitive check applies when a lone fighter strikes back at a member of the group
  attacking it in the same step; a blocking, parrying or shooting-elsewhere target is simply
  attacked.
* Damage dice are the hit's excess: a success with excess 0 rolls none. Sweeps roll a separate
  set for each foe (the GM's choice in the book); an interrupting shot needs a hit.
* Stuns do not stack: a fighter stunned twice before acting loses one action.
* A reroll repeats one of the player's own checks in the fight (attack, block, dodge, parry,
  surprise attack; in a competitive check the player's side only), offered while rerolls last
  whenever the check did nothing (failed, lost, or succeeded with excess 0); a tied competitive
  check is not offered, since the book rolls it again anyway. Damage dice are not rerolled.
* The free avoidance against an area attack and the escape checks from a snare or pin are not
  offered for a reroll (they are rolled inside another step's landing).
* Running away succeeds for a player still standing and not stunned when movement comes.
  A cautious opponent runs the same way. An opponent who ran is not defeated (not ``fallen``).
* The player at 0 FP ends the fight (companions do not fight on without them).
* Heavy or bulky armour makes unsuited actions Hard (see :mod:`.kit`); exhaustion (FP − ENC ≤ 2,
  −1) and the overloaded load (Brawn and Balance checks fail) come from the character's FP and
  ENC as every GAME check reads them.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from solo.rules.conflict import (
    FLED,
    LOST,
    SURRENDERED,
    WON,
    Conclusion,
    ConflictSetup,
    ConflictStep,
    ConflictView,
    Decision,
    SetupProblem,
)
from solo.rules.dice import Dice
from solo.rules.game.fight import checks, choices, policy, resolve
from solo.rules.game.fight.turn import PARAMETERS, FightTurn
from solo.rules.game.fight.view import fight_view

class Fight:
    """The GAME fight (see the module docstring)."""

    procedure: ClassVar[str] = "fight"
    summary: ClassVar[str] = ("Five-second turns: defence, ranged, melee, movement; hits roll damage dice "
                              "against armour, stun on a 1, and 0 FP is defeat.")
    results: ClassVar[tuple[str, ...]] = (WON, LOST, FLED, SURRENDERED)
    behaviours: ClassVar[tuple[str, ...]] = policy.BEHAVIOURS
    parameters: ClassVar[Mapping[str, str]] = PARAMETERS

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # -- checking ----------------------------------------------------------------------------
    def problems(self, setup: ConflictSetup) -> list[SetupProblem]:
        return checks.setup_problems(setup) + checks.snare_cautions(self.ruleset, setup)

    def possible_results(self, setup: ConflictSetup) -> tuple[str, ...]:
        return checks.reachable_results(self.ruleset, setup)

    # -- the life cycle ----------------------------------------------------------------------
    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        return resolve.start(self.ruleset, dice, setup)

    def decision(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision:
        return choices.decision(FightTurn(self.ruleset, setup, state), priced=not setup.quiet)

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        return resolve.act(FightTurn(self.ruleset, setup, state), dice, key)

    def act_on_offer(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str,
                     owned: bool = False) -> ConflictStep:
        """``act`` without checking ``key`` against the decision worked out again (see
        :class:`~solo.rules.conflict.ActsOnOffer`): the caller took it from that decision; on
        the caller's own ``state`` itself when it is ``owned`` (no private copy)."""
        return resolve.act(FightTurn(self.ruleset, setup, state, owned=owned), dice, key, on_offer=True)

    def view(self, setup: ConflictSetup, state: Mapping[str, Any]) -> ConflictView:
        return fight_view(FightTurn(self.ruleset, setup, state))

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        return resolve.conclude(FightTurn(self.ruleset, setup, state), result)

    # -- analysis ----------------------------------------------------------------------------
    def outcome_classes(self, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                        extra: Any) -> Any:
        """A call's distinct results with exact odds, for ``solo analyze``
        (:mod:`solo.rules.game.fight.classes`)."""
        from solo.rules.game.fight.classes import outcome_classes

        return outcome_classes(self, what, setup, state, extra)
