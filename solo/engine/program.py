"""An adventure compiled once into what the engine asks at every decision: its per-scene program.

A game asks the same things over and over: which of a scene's choices are shown and enabled now,
which every-turn hooks run, which objectives complete. The answers depend on the state, but
everything else about the questions does not: the choice's once-mark (``"scene#2"``), whether its
text needs rendering, its condition as a function of the state (:mod:`solo.engine.conditions`).
A quiet game's scene offer is kept by its shape (which choices are shown and enabled) and made
again only for a shape not seen before.
:func:`program` works that out once per adventure object (shared by every game of it, dropped
with it) so the hot loops of :class:`~solo.engine.game.Game` only read tuples.

Nothing here changes what a step does: the game evaluates the same conditions in the same order,
and a condition whose function fails is evaluated the ordinary way (:meth:`Game.evaluate`).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

from solo.adventure.model import Adventure, Choice
from solo.engine import conditions

CHOICE_ID = "choice-"  # a scene option's id: "choice-" and its index (as solo.engine.game names it)


@dataclass(frozen=True, slots=True)
class ChoiceStep:
    """One choice of a scene as the offer reads it."""

    index: int
    choice: Choice
    option_id: str  # "choice-<index>"
    mark: str | None  # the once-mark kept in ``state.taken``, for a choice offered once
    condition: Any  # the choice's ``if`` (text), or None
    fast: conditions.Fast | None  # the condition as a function of the state, where it has one
    plain_text: bool  # the text has no ``{...}`` to fill in
    check: bool  # the choice rolls


@dataclass(frozen=True, slots=True)
class Watch:
    """A condition asked at every move (an objective's ``when``, an every-turn hook's ``when``)."""

    item: Any  # the Objective (Program.objectives) or the Hook (Program.turn_hooks)
    condition: Any
    fast: conditions.Fast | None


#: How many scene offers a program keeps (a state's shape: scene, who is down, choices shown).
OFFERS_LIMIT = 4096


@dataclass(frozen=True)
class Program:
    """The adventure's scenes' choices, objectives by condition and every-turn hooks, compiled."""

    scenes: dict[str, tuple[ChoiceStep, ...]]
    objectives: tuple[Watch, ...]
    turn_hooks: tuple[Watch, ...]
    #: A quiet game's scene offers by their shape: (scene, ``state.down``, then (index, enabled)
    #: of every choice shown). Kept only where no text depends on the state, so the same shape
    #: always gives equal options; nobody changes an offered option, so games share them.
    offers: dict[tuple, tuple[Any, ...]] = field(default_factory=dict)
    #: Per check, (scene id, check path): whether the adventure says what its degree does, and
    #: the roll measures its branches or texts read (:meth:`Game._reads_degrees`,
    #: :meth:`Game._measures_read`). Both depend on the adventure and its ruleset alone, so every
    #: game of it shares them instead of searching the texts again in each run.
    degrees_read: dict[tuple[str, Any], bool] = field(default_factory=dict)
    measures_read: dict[tuple[str, Any], list[str]] = field(default_factory=dict)
    #: Whether an objective's condition may read where the character is (``scene``,
    #: ``visited(...)``): the only part of the state entering a scene changes before its
    #: ``on_enter`` effects. Where none does, a scene entered with nothing to run on entry
    #: completes no objective the check just before the move did not (see
    #: :meth:`solo.playtest.fast_run._Run._enter`). Read from the texts, erring towards True.
    objectives_read_place: bool = True

    def keep_offer(self, shape: tuple, options: tuple[Any, ...]) -> None:
        if len(self.offers) >= OFFERS_LIMIT:
            self.offers.clear()
        self.offers[shape] = options


def _fast(condition: Any) -> conditions.Fast | None:
    return conditions.fast(condition) if type(condition) is str else None


def compile_program(adventure: Adventure) -> Program:
    scenes = {
        scene_id: tuple(
            ChoiceStep(
                index=index,
                choice=choice,
                option_id=f"{CHOICE_ID}{index}",
                mark=f"{scene_id}#{index}" if choice.once else None,
                condition=choice.condition,
                fast=_fast(choice.condition) if choice.condition is not None else None,
                plain_text="{" not in choice.text,
                check=choice.check is not None,
            )
            for index, choice in enumerate(scene.choices)
        )
        for scene_id, scene in adventure.scenes.items()
    }
    objectives = tuple(Watch(o, o.when, _fast(o.when)) for o in adventure.objectives.values() if o.when)
    hooks = tuple(Watch(h, h.when, _fast(h.when) if h.when is not None else None)
                  for h in adventure.hooks if h.every == "turn")
    place = any(type(w.condition) is not str or "scene" in w.condition or "visited" in w.condition
                for w in objectives)
    return Program(scenes, objectives, hooks, objectives_read_place=place)


# One program per adventure object, dropped with the adventure (as the scene machine is).
_PROGRAMS: dict[int, Program] = {}


def program(adventure: Adventure) -> Program:
    """The adventure's program, compiled the first time a game asks."""
    key = id(adventure)
    found = _PROGRAMS.get(key)
    if found is None:
        found = _PROGRAMS[key] = compile_program(adventure)
        weakref.finalize(adventure, _PROGRAMS.pop, key, None)
    return found
