"""What a game lends to its helpers: the small public :class:`PlayContext`.

Effects (:mod:`solo.engine.effects`), conflicts (:mod:`solo.engine.conflicts`) and GM mode
(:mod:`solo.engine.gm`) change a game, but they are not handed the :class:`~solo.engine.game.Game`
itself: each gets its game's ``context``, which carries only what they may read and call. The
game's private members stay private, and these modules need not import ``game.py`` (which
imports them), so there is no import cycle inside ``solo/engine/``.

The context reads the game's current state, dice and step budget on each access (a resumed
game, the analysis and every new step replace them) and binds the game's methods once, so a
call through it costs no more than a call on the game, and a subclass's override (the analysis
answers tables from a script) is the one called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

if TYPE_CHECKING:
    from solo.adventure.model import Adventure, Branch, Choice, Scene
    from solo.engine import events as ev
    from solo.engine.budget import StepBudget
    from solo.engine.state import GameState
    from solo.rules.base import Character, Ruleset
    from solo.rules.dice import Dice


class PlayHost(Protocol):
    """What a game must have for a :class:`PlayContext` (the engine's ``Game`` has it).

    ``runner`` is an :class:`~solo.engine.effects.EffectRunner`; it is typed loosely here because
    effects import this module, and naming it would make a cycle of imports (type-only, but one).
    """

    adventure: "Adventure"
    ruleset: "Ruleset"
    state: "GameState"
    dice: "Dice"
    budget: "StepBudget"

    @property
    def character(self) -> "Character": ...

    def evaluate(self, text: str) -> Any: ...

    def render(self, text: str) -> str: ...

    def award(self, resource: str, amount: int | Mapping[str, int], reason: str, runner: Any) -> None: ...

    def complete_objective(self, oid: str, runner: Any) -> None: ...

    def roll_table(self, table_id: str, runner: Any) -> "Branch | None": ...

    def incapacitated(self) -> str | None: ...

    def run_turn_hooks(self, runner: Any, goto: str | None) -> None: ...

    def visible_choices(self, scene: "Scene") -> list[tuple[int, "Choice", bool]]: ...

    def jump(self, scene_id: str) -> list["ev.Event"]: ...

    def refresh_offer(self) -> None: ...


class PlayContext:
    """One game as its effects, conflicts and GM mode see it (see the module docstring)."""

    __slots__ = (
        "_host", "adventure", "ruleset", "evaluate", "render", "award", "complete_objective",
        "roll_table", "incapacitated", "run_turn_hooks", "visible_choices", "jump", "refresh_offer", "quiet",
    )

    def __init__(self, host: PlayHost) -> None:
        self._host = host
        self.adventure = host.adventure
        self.ruleset = host.ruleset
        #: The value of an expression now (the adventure's own language, never Python).
        self.evaluate: Callable[[str], Any] = host.evaluate
        #: A text with its ``{expressions}`` filled in.
        self.render: Callable[[str], str] = host.render
        #: Give a resource (an objective's award, a conflict's), with its events.
        self.award = host.award
        self.complete_objective = host.complete_objective
        #: Roll on a random table: the row's branch, or None.
        self.roll_table = host.roll_table
        #: Why the rules say the character cannot act, or None.
        self.incapacitated = host.incapacitated
        #: The end of a turn: ``every: turn`` hooks, then the move the turn chose.
        self.run_turn_hooks = host.run_turn_hooks
        #: (index, choice, enabled) for the choices shown in a scene now.
        self.visible_choices = host.visible_choices
        #: Enter a scene without a declared edge (a GM's jump), exactly as play enters one.
        self.jump = host.jump
        #: Rebuild the decision on offer after a change made outside a step (GM mode).
        self.refresh_offer = host.refresh_offer
        #: Nobody reads this game's events beyond what a playtest counts (see ``Game.quiet``).
        self.quiet: bool = bool(getattr(host, "quiet", False))

    @property
    def state(self) -> "GameState":
        return self._host.state

    @property
    def dice(self) -> "Dice":
        return self._host.dice

    @property
    def budget(self) -> "StepBudget":
        return self._host.budget

    @property
    def character(self) -> "Character":
        return self._host.character


__all__ = ["PlayContext", "PlayHost"]
