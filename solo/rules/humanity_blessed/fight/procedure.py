"""The Humanity, Blessed ``fight``: the :class:`~solo.rules.conflict.ConflictRules` procedure.

This module owns the procedure's face to the engine: its parameters, results and behaviours,
setting a fight up, handing each decision to :mod:`.asks` and each round to :mod:`.melee`, and
the aftermath. The rules themselves, and the Decisions taken where the book is silent, are in
:mod:`.melee` (the round), :mod:`.wounds` (blows), :mod:`.abilities` and :mod:`.policy`.

**Aftermath** (Decision): when the fight ends, aches go (they last until the end of the scene);
fighters who are down come round unless their side lost outright, in which case they are *taken
out* (a condition: for the player, the adventure's ``lost`` branch clears it, ``clear: [taken
out]``; until then no roll can be made). Fighters taken out, killed or who yielded are
``fallen`` for the adventure (``fallen("npc")``); those who ran are not.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from solo.rules.conflict import (
    ENEMY,
    FLED,
    LOST,
    PLAYER,
    SURRENDERED,
    WON,
    Beat,
    Conclusion,
    ConflictSetup,
    ConflictStep,
    ConflictView,
    Decision,
    SetupProblem,
)
from solo.rules import kept_decision, offer_reads
from solo.rules.dice import Dice
from solo.rules.humanity_blessed import session
from solo.rules.humanity_blessed.fight import asks, policy, wounds
from solo.rules.humanity_blessed.fight.melee import Melee

PARAMETERS: dict[str, str] = {
    "flee": "whether fighters may run for it (default true): a Hurry contest against the free foe "
            "best placed to stop them",
    "surrender": "whether the player may yield (default true; result surrendered)",
    "lethal": "whether a coup de grace kills (default false: the fallen are taken out)",
    "close": "whether the fight is at close quarters (default true; Blessèd Thorns needs it)",
    "history": "whether the fight lies within the player's History (default false; Uncommon "
                "Attack needs it)",
    "complex": "every attack here is a complex attack (a fight across a chasm, on a rope bridge): "
               "the target it must also beat, a number or lowest/easy/medium/hard/very-hard/trial; "
               "a defender who rolls under it counts as rolling it",
}


def fresh_state() -> dict[str, Any]:
    return {"round": 1, "declared": {}, "rolls": {}, "focus": {}, "order": [], "next": 0,
            "involved": [], "down": {}, "out": {}, "targets": {}, "attacked_by": {},
            "ask": None, "now": None}


class Fight:
    """Humanity, Blessed violent conflict, round by round (see :mod:`.melee`)."""

    procedure: ClassVar[str] = "fight"
    summary: ClassVar[str] = ("Rounds of simultaneous actions: the highest roll acts first; attacks "
                              "are violent Contests, Hurt against the defender's answer, and the "
                              "outcome size is the wound.")
    results: ClassVar[tuple[str, ...]] = (WON, LOST, FLED, SURRENDERED)
    behaviours: ClassVar[tuple[str, ...]] = policy.BEHAVIOURS
    parameters: ClassVar[Mapping[str, str]] = PARAMETERS

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset

    # -- checking ----------------------------------------------------------------------------
    def problems(self, setup: ConflictSetup) -> list[SetupProblem]:
        from solo.rules.humanity_blessed.fight.checks import setup_problems

        return setup_problems(setup)

    def possible_results(self, setup: ConflictSetup) -> tuple[str, ...]:
        found = [WON, LOST]
        if setup.params.get("flee", True) is not False:
            found.append(FLED)
        if setup.params.get("surrender", True) is not False:
            found.append(SURRENDERED)
        return tuple(found)

    # -- the life cycle ----------------------------------------------------------------------
    def begin(self, dice: Dice, setup: ConflictSetup) -> ConflictStep:
        m = Melee(self.ruleset, setup, fresh_state())
        beats: list[Beat] = []
        me = setup.player.character
        if me.stats:
            beats += [Beat("", line) for line in session.ensure_session(dice, me)]
        for f in setup.fighters:
            reason = wounds.out_reason(f.character)
            if reason is not None:
                m.state["out"][f.key] = reason
                beats.append(Beat(f.key, f"{m.title(f.key)} cannot fight ({reason})."))
        found = m.result()
        if found is None:
            m.start_round(dice, beats)
            found = m.advance(dice, beats)
        return ConflictStep(m.state, beats, m.state["round"], found)

    def decision(self, setup: ConflictSetup, state: Mapping[str, Any]) -> Decision:
        # the pool only adds answers (a spark, Help with more dice, an ability it can recharge),
        # never takes one away or moves another's key: :mod:`solo.rules.offer_reads`
        with offer_reads.offers():
            if setup.answered_on_offer:  # asked on the state itself (a decision only reads it), not kept
                return asks.decision(Melee(self.ruleset, setup, state, owned=True))
            found = asks.decision(Melee(self.ruleset, setup, state))  # on a copy, kept for act to recall
            kept_decision.remember(type(self), self.ruleset, setup, state, found)
        return found

    def act(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str) -> ConflictStep:
        m = Melee(self.ruleset, setup, state)
        beats: list[Beat] = []
        with offer_reads.offers():  # the key checked against the answers on offer (as in decision)
            offered = kept_decision.recall(type(self), self.ruleset, setup, state) or asks.decision(m)
        asks.answer(m, dice, key, beats, offered)
        found = m.advance(dice, beats)
        return ConflictStep(m.state, beats, m.state["round"], found)

    def act_on_offer(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], key: str,
                     owned: bool = False) -> ConflictStep:
        """``act`` for a key the caller took from ``decision(setup, state)``'s enabled actions
        (:class:`~solo.rules.conflict.ActsOnOffer`): not checked against the decision again, and
        on the caller's own ``state`` itself when it is ``owned`` (no private copy)."""
        m = Melee(self.ruleset, setup, state, owned)
        beats: list[Beat] = []
        asks.answer(m, dice, key, beats, on_offer=True)
        found = m.advance(dice, beats)
        return ConflictStep(m.state, beats, m.state["round"], found)

    def outcome_classes(self, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                        extra: Any) -> Any:
        """The call's distinct results for ``solo analyze`` (:mod:`.call_walk`)."""
        from solo.rules.humanity_blessed.fight.call_walk import outcome_classes

        return outcome_classes(self, what, setup, state, extra)

    # -- showing -----------------------------------------------------------------------------
    def view(self, setup: ConflictSetup, state: Mapping[str, Any]) -> ConflictView:
        from solo.rules.humanity_blessed.fight.view import fight_view

        return fight_view(Melee(self.ruleset, setup, state))

    def conclude(self, dice: Dice, setup: ConflictSetup, state: Mapping[str, Any], result: str) -> Conclusion:
        m = Melee(self.ruleset, setup, state)
        beats: list[Beat] = []
        fallen: dict[str, str] = {}
        losers = PLAYER if result == LOST else ENEMY if result == WON else None
        for key in m.order:
            if not m.is_down(key):
                continue
            if m.side_of(key) == losers:
                m.take_out(key, beats)
                beats.append(Beat(key, f"{m.title(key)} {m.verb(key, 'are', 'is')} taken out."))
            else:
                m.state["down"].pop(key)
                beats.append(Beat(key, f"{m.title(key)} {m.verb(key, 'come', 'comes')} round, "
                                       "hurt but standing."))
        for key in m.order:
            gone = wounds.clear_aches(m.character(key))
            if gone and key == m.player:
                beats.append(Beat(key, "The aches of the fight fade: "
                                       + ", ".join(wounds.wound_words(c) for c in gone) + "."))
            reason = m.state["out"].get(key)
            if key != m.player and reason not in (None, "fled"):
                fallen[key] = reason
        return Conclusion(beats, {}, fallen)
