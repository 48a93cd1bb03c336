"""The state of one playthrough, and how it turns into plain data and back.

Everything a save needs to resume a game exactly lives here: the scene, variables, clocks,
objectives, the character, the dice state, the roll and choice logs and the decision the game is
waiting for. :meth:`GameState.to_dict` and :meth:`GameState.from_dict` are its one serializer.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from solo.rules.base import Character


#: The scene numbering of a new game (see :attr:`GameState.numbering`).
SCENE_NUMBERING = 2


@dataclass
class Pending:
    """The decision the game waits for, as data (so a save can hold it).

    ``kind`` is ``character``, ``scene``, ``check`` (roll or take an alternative), ``roll``
    (offers on a finished roll) or ``conflict`` (an action in a fight or an endeavour). ``data`` holds what the kind needs: the choice index, the roll
    record, and so on.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameState:
    adventure_id: str
    seed: int
    scene: str | None = None
    character: Character | None = None
    flags: dict[str, bool] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    clocks: dict[str, int] = field(default_factory=dict)
    clocks_filled: list[str] = field(default_factory=list)
    objectives: dict[str, bool] = field(default_factory=dict)
    visits: dict[str, int] = field(default_factory=dict)
    #: once-only things taken: choices ("scene#index") and alternatives to rolling a choice's
    #: check that each choice allows once ("scene#index:key")
    taken: list[str] = field(default_factory=list)
    turn: int = 0
    dice: dict[str, Any] = field(default_factory=dict)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)  # every decision's key, in order
    pending: Pending | None = None
    ending: str | None = None
    start_character: dict[str, Any] | None = None  # a stored character brought in, as it started
    #: NPCs changed by a conflict (injuries, fatigue), as character data, by npc id.
    npcs: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: NPCs a conflict took out, and how ("out", "unconscious", "killed"...), by npc id.
    fallen: dict[str, str] = field(default_factory=dict)
    #: The last roll that was kept: outcome, success, total and the system's measures.
    last_roll: dict[str, Any] = field(default_factory=dict)
    #: Why the rules have the character out of action ("unconscious"...), None when they can act.
    down: str | None = None
    revealed: list[str] = field(default_factory=list)  # hidden things the player has learned of
    journal: list[dict[str, Any]] = field(default_factory=list)  # the player's notes: turn, scene, text
    #: How a scene's choices are numbered. 2: every choice shown takes a number, a greyed one
    #: too (shown without it), so the numbers after it stay where they were; 1: only the
    #: choices that can be taken (saves written before read11 have no field and are read as 1,
    #: so their choice logs replay to the same choices).
    numbering: int = SCENE_NUMBERING

    def to_dict(self) -> dict[str, Any]:
        return {
            "adventure_id": self.adventure_id,
            "seed": self.seed,
            "scene": self.scene,
            "character": None if self.character is None else self.character.to_dict(),
            "flags": dict(self.flags),
            "counters": dict(self.counters),
            "clocks": dict(self.clocks),
            "clocks_filled": list(self.clocks_filled),
            "objectives": dict(self.objectives),
            "visits": dict(self.visits),
            "taken": list(self.taken),
            "turn": self.turn,
            "dice": self.dice,
            "rolls": list(self.rolls),
            "choices": list(self.choices),
            "pending": None
            if self.pending is None
            else {"kind": self.pending.kind, "data": self.pending.data},
            "ending": self.ending,
            "start_character": self.start_character,
            "npcs": {k: dict(v) for k, v in self.npcs.items()},
            "fallen": dict(self.fallen),
            "last_roll": dict(self.last_roll),
            "down": self.down,
            "revealed": list(self.revealed),
            "journal": [dict(n) for n in self.journal],
            "numbering": self.numbering,
        }

    def copy(self) -> "GameState":
        """An independent copy (for tools that branch a game: analysis, the exhaustive sweep)."""
        twin = dataclasses.replace(self)
        for item in dataclasses.fields(self):
            value = getattr(self, item.name)
            if isinstance(value, (dict, list)):
                setattr(twin, item.name, _plain_copy(value))
        if self.character is not None:
            twin.character = Character.from_dict(self.character.to_dict())
        if self.pending is not None:
            twin.pending = Pending(self.pending.kind, _plain_copy(self.pending.data))
        return twin

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameState":
        pending = data.get("pending")
        character = data.get("character")
        return cls(
            adventure_id=str(data["adventure_id"]),
            seed=int(data["seed"]),
            scene=data.get("scene"),
            character=None if character is None else Character.from_dict(character),
            flags={str(k): bool(v) for k, v in data.get("flags", {}).items()},
            counters={str(k): int(v) for k, v in data.get("counters", {}).items()},
            clocks={str(k): int(v) for k, v in data.get("clocks", {}).items()},
            clocks_filled=list(data.get("clocks_filled", [])),
            objectives={str(k): bool(v) for k, v in data.get("objectives", {}).items()},
            visits={str(k): int(v) for k, v in data.get("visits", {}).items()},
            taken=list(data.get("taken", [])),
            turn=int(data.get("turn", 0)),
            dice=dict(data.get("dice", {})),
            rolls=list(data.get("rolls", [])),
            choices=[str(c) for c in data.get("choices", [])],
            pending=None
            if pending is None
            else Pending(kind=str(pending["kind"]), data=dict(pending.get("data", {}))),
            ending=data.get("ending"),
            start_character=data.get("start_character"),
            npcs={str(k): dict(v) for k, v in data.get("npcs", {}).items()},
            fallen={str(k): str(v) for k, v in data.get("fallen", {}).items()},
            last_roll=dict(data.get("last_roll", {})),
            down=None if data.get("down") is None else str(data["down"]),
            revealed=[str(r) for r in data.get("revealed", [])],
            journal=[dict(n) for n in data.get("journal", []) if isinstance(n, dict)],
            numbering=int(data.get("numbering", 1)),  # written before read11: enabled choices only
        )


def _plain_copy(value: Any) -> Any:
    """A copy of JSON-like data (dicts and lists copied all the way down)."""
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value
