"""Bounded work per step: what one decision may cost before the adventure is stopped.

Adventure files come from strangers, and their effects can chain: a table whose rows roll tables,
a filled clock that ticks clocks, effects that add text or conditions over and over. Each may be
fine once and endless together, and no validator can see every such loop. So every step (the
start of a game, then each decision) gets a :class:`StepBudget`, and the engine spends from it as
it works:

=====================  =======  ===================================================================
what                   budget   counted
=====================  =======  ===================================================================
effects                 10 000  each effect run (``set``, ``give``, ``table``, ``if``...)
table rolls              1 000  each roll on a random table, rerolls included
scene moves                100  each scene entered without the player deciding anything
text                   200 000  characters of narration the step's effects and branches write
=====================  =======  ===================================================================

Beyond one step, a character carries at most :data:`MAX_CONDITIONS` conditions (an effect that
adds one more stops the game), and effects nest at most
:data:`solo.engine.effects.MAX_EFFECT_DEPTH` levels deep.

An adventure that goes over a budget raises :class:`BudgetExceeded`, which the engine turns into
one line naming the scene (the game is saved as it was before the step; see
:mod:`solo.engine.failure`). The budgets are far beyond what a written adventure needs: the
bundled ones spend at most a few dozen effects and a few thousand characters a step.
"""

from __future__ import annotations

from solo.errors import SoloError

__all__ = ["BUDGETS", "MAX_CONDITIONS", "BudgetExceeded", "StepBudget"]

#: What one step may spend, by kind (see the module doc).
BUDGETS: dict[str, int] = {
    "effects": 10_000,
    "table rolls": 1_000,
    "scene moves": 100,
    "text": 200_000,
}
#: Conditions one character may carry at once.
MAX_CONDITIONS = 100

_WHY = {
    "effects": "runs more than {n} effects in one step (effects that keep triggering each other?)",
    "table rolls": "rolls on tables more than {n} times in one step (tables that roll each other?)",
    "scene moves": "moves through more than {n} scenes without asking the player anything "
                   "(gotos in a loop?)",
    "text": "writes more than {n} characters of text in one step",
}


class BudgetExceeded(SoloError, RuntimeError):
    """The adventure went over a budget; the message says which and why it may have."""

    def __init__(self, kind: str, limit: int) -> None:
        super().__init__(f"the adventure {_WHY[kind].format(n=f'{limit:,}')}")
        self.kind = kind
        self.limit = limit


class StepBudget:
    """What is left of one step's budgets. Cheap: one subtraction per thing counted."""

    __slots__ = ("effects", "table_rolls", "moves", "text")

    def __init__(self) -> None:
        self.effects = BUDGETS["effects"]
        self.table_rolls = BUDGETS["table rolls"]
        self.moves = BUDGETS["scene moves"]
        self.text = BUDGETS["text"]

    def effect(self) -> None:
        self.effects -= 1
        if self.effects < 0:
            raise BudgetExceeded("effects", BUDGETS["effects"])

    def table_roll(self) -> None:
        self.table_rolls -= 1
        if self.table_rolls < 0:
            raise BudgetExceeded("table rolls", BUDGETS["table rolls"])

    def move(self) -> None:
        self.moves -= 1
        if self.moves < 0:
            raise BudgetExceeded("scene moves", BUDGETS["scene moves"])

    def write(self, text: str) -> str:
        """Count ``text`` against the step's text; returns it unchanged."""
        self.text -= len(text)
        if self.text < 0:
            raise BudgetExceeded("text", BUDGETS["text"])
        return text
