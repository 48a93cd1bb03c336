"""Where the player stands, as plain data: the character, resources, objectives and clocks.

Every front end that keeps the character in view (the full-screen side panel, the line mode's
``:sheet``, a web page) reads one :class:`Status` built here from a game, so they agree on what a
player is shown; the words (labels, not ids) come from :mod:`solo.ui.words`. It holds only what the character knows: an objective or a
clock the adventure keeps hidden stays out until the game reveals it (:func:`known_objectives`,
:func:`known_clocks` are the one place that decides).

Building a status reads the game and never changes it; the result is frozen data, safe to hand
to another thread.
"""

from __future__ import annotations

from dataclasses import dataclass

from solo.adventure.model import Adventure
from solo.engine.game import Game
from solo.ui.words import Words, clean, stat_text


@dataclass(frozen=True)
class Gauge:
    """A clock (or any filling track): ``value`` of ``size`` segments filled."""

    label: str
    value: int
    size: int

    @property
    def full(self) -> bool:
        return self.value >= self.size


@dataclass(frozen=True)
class Status:
    title: str
    system: str
    scene: str = ""  # the current scene's title
    name: str = ""  # the character's name; empty before one is chosen
    stats: tuple[tuple[str, str], ...] = ()
    items: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    resources: tuple[tuple[str, str], ...] = ()
    objectives: tuple[tuple[str, bool], ...] = ()  # (text, done), the known ones only
    clocks: tuple[Gauge, ...] = ()  # the known ones only
    known: tuple[tuple[str, str], ...] = ()  # labelled counters and flags the character knows
    turn: int = 0
    ended: bool = False


def variable_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return clean(value)


def known_objectives(words: Words) -> list[tuple[str, bool]]:
    """The objectives the character knows of, with whether each is done."""
    game = words.game
    objectives = game.state.objectives  # in the adventure's order: a save sorts its keys
    return [
        (words.objective(oid), objectives[oid])
        for oid in words.adventure.objectives
        if oid in objectives and words.visible("objective", oid)
    ]


def known_clocks(words: Words) -> list[Gauge]:
    """The clocks the character can see ticking."""
    clocks = words.adventure.clocks
    values = words.game.state.clocks
    return [
        Gauge(words.clock(cid), values[cid], clocks[cid].size)
        for cid in clocks
        if cid in values and words.visible("clock", cid)
    ]


def status_of(game: Game, adventure: Adventure) -> Status:
    """The status of ``game`` now, in the words of :mod:`solo.ui.words`."""
    words = Words(adventure, game)
    state = game.state
    base = dict(
        title=clean(adventure.title),
        system=adventure.system,
        scene=words.scene(state.scene) if state.scene else "",
        objectives=tuple(known_objectives(words)),
        clocks=tuple(known_clocks(words)),
        known=tuple((words.label(n) or n, variable_text(v))
                    for n, v in list(state.counters.items()) + list(state.flags.items()) if words.shown_variable(n, v)),
        turn=state.turn,
        ended=state.ending is not None,
    )
    character = state.character
    if character is None:
        return Status(**base)
    return Status(
        **base,
        name=clean(character.name),
        stats=tuple((words.stat(k), stat_text(v)) for k, v in words.ordered_stats(character)),
        items=tuple(words.item(i) for i in character.items),
        conditions=tuple(words.condition(c) for c in character.conditions),
        resources=tuple(words.shown_resources(character.resources)),
    )
