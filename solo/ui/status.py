"""Where the player stands, as plain data: the character, resources, objectives and clocks.

Every front end that keeps the character in view (the full-screen side panel, the line mode's
``:sheet``, a web page) reads one :class:`Status` built here from a game, so they agree on what a
player is shown and in what words. It holds only what the character knows: an objective or a
clock the adventure keeps hidden stays out until the game reveals it (:func:`known_objectives`,
:func:`known_clocks` are the one place that decides).

Building a status reads the game and never changes it; the result is frozen data, safe to hand
to another thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solo.adventure.model import Adventure
from solo.engine.game import Game


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
    turn: int = 0
    ended: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


SHORT_NAMES = {"xp": "XP", "ep": "EP", "ap": "AP", "fp": "FP", "hp": "HP"}


def resource_label(key: str) -> str:
    """A resource's name for players: ``xp`` → ``XP``, ``sp_unspent`` → ``Sp unspent``."""
    if key.lower() in SHORT_NAMES:
        return SHORT_NAMES[key.lower()]
    return key.replace("_", " ").replace("-", " ").strip().capitalize()


def stat_label(key: str) -> str:
    return key.replace("_", " ").strip().capitalize() if key.islower() else key


def value_text(value: Any) -> str:
    """A stat or resource value in a few characters: tiers ``6/1``, lists, nested counts."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} {value_text(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, int) for v in value) and len(value) == 6:  # four-s tiers
            shown = list(value)
            while len(shown) > 1 and shown[-1] == 0:
                shown.pop()
            return "/".join(map(str, shown))
        return " ".join(map(str, value)) or "none"
    return str(value)


def known_objectives(game: Game, adventure: Adventure) -> list[tuple[str, bool]]:
    """The objectives the character knows of, with whether each is done."""
    from solo.ui.words import Words

    words = Words(adventure, game)
    return [
        (game.render(adventure.objectives[oid].text), done)
        for oid, done in game.state.objectives.items()
        if oid in adventure.objectives and words.visible("objective", oid)
    ]


def known_clocks(game: Game, adventure: Adventure) -> list[Gauge]:
    """The clocks the character can see ticking."""
    from solo.ui.words import Words

    words = Words(adventure, game)
    return [
        Gauge(words.clock(cid), value, adventure.clocks[cid].size)
        for cid, value in game.state.clocks.items()
        if cid in adventure.clocks and words.visible("clock", cid)
    ]


def status_of(game: Game, adventure: Adventure) -> Status:
    """The status of ``game`` now."""
    state = game.state
    scene = adventure.scenes.get(state.scene or "")
    base = dict(
        title=adventure.title,
        system=adventure.system,
        scene=scene.title if scene else "",
        objectives=tuple(known_objectives(game, adventure)),
        clocks=tuple(known_clocks(game, adventure)),
        turn=state.turn,
        ended=state.ending is not None,
    )
    character = state.character
    if character is None:
        return Status(**base)
    return Status(
        **base,
        name=character.name,
        stats=tuple((stat_label(k), value_text(v)) for k, v in character.stats.items()),
        items=tuple(adventure.item_name(i) for i in character.items),
        conditions=tuple(str(c).replace("-", " ") for c in character.conditions),
        resources=tuple((resource_label(k), value_text(v)) for k, v in character.resources.items()),
    )
