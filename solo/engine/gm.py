"""GM mode on the engine: jump to a scene, set a variable, give an item, force the next dice.

:class:`GameMaster` wraps a :class:`~solo.engine.game.Game` with the powers a game master has
over the table, and nothing else: no prompts, no printing (decisions in, events out, like the
engine). The ``:goto``, ``:set``, ``:give``, ``:force``, ``:state``, ``:scenes`` and ``:odds``
commands of ``solo play --gm`` are thin wrappers around it.

GM mode holds the game's public :class:`~solo.engine.context.PlayContext`, never the game. A
jump goes through the same public scene entry as play (``jump``): the one move made without a
declared edge (the GM may go anywhere), after which the scene is entered exactly as the engine
enters any scene (its ``on_enter`` effects, objectives, an ending, a conflict, further gotos).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol

from solo.adventure import odds
from solo.engine import events as ev
from solo.engine.context import PlayContext
from solo.engine.effects import EffectRunner
from solo.engine.game import CHOICE_ID
from solo.errors import SoloError
from solo.rules.base import RulesError


class GMError(SoloError, ValueError):
    """A GM command that cannot be carried out (unknown scene, variable or item; bad value)."""


def _value(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(low)
    except ValueError:
        raise GMError(f"{text!r} is not a number or true/false") from None


#: The GM commands that change the game. A session records each one among its decisions
#: (``:goto SCENE`` and so on), so a save made in GM mode replays: :func:`act` re-enacts it.
CHANGES = ("goto", "set", "give", "force")


def act(gm: "GameMaster", word: str, rest: str) -> Any:
    """Carry out one changing GM command from its words (``goto SCENE``, ``set NAME VALUE``,
    ``give ITEM``, ``force 6 6 1``): what the command returns, or :class:`GMError` saying why not."""
    words = rest.split()
    if word == "goto":
        if len(words) != 1:
            raise GMError("usage: :goto SCENE (:scenes lists them)")
        return gm.goto(words[0])
    if word == "set":
        if len(words) != 2:
            raise GMError("usage: :set NAME VALUE")
        return gm.set(words[0], words[1])
    if word == "give":
        return gm.give(rest.strip())
    if word == "force":
        try:
            faces = [int(w) for w in words]
        except ValueError:
            raise GMError("force takes numbers, e.g. :force 6 6 1") from None
        return gm.force(faces)
    raise GMError(f"{word!r} is not a GM command that changes the game")


class _HasContext(Protocol):
    """A game as GM mode takes it: only its public :class:`~solo.engine.context.PlayContext`."""

    @property
    def context(self) -> PlayContext: ...


class GameMaster:
    def __init__(self, game: _HasContext) -> None:
        self.play = game.context

    # -- changing the game ----------------------------------------------------------------
    def goto(self, scene_id: str) -> list[ev.Event]:
        """Jump to ``scene_id`` and enter it; returns the events, the new decision last."""
        play = self.play
        scenes = play.adventure.scenes
        if scene_id not in scenes:
            close = [s for s in scenes if scene_id.lower() in s.lower()][:5]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise GMError(f"no scene {scene_id!r}{hint}")
        if play.state.character is None:
            raise GMError("choose a character first")
        return play.jump(scene_id)  # the same scene entry as play, without a declared edge

    def set(self, name: str, text: str) -> str:
        """Set a flag, counter, clock, character stat or resource; says what changed."""
        play = self.play
        state = play.state
        value = _value(text)
        if name in state.flags:
            state.flags[name] = bool(value)
        elif name in state.counters:
            state.counters[name] = int(value)
        elif name in state.clocks:
            size = play.adventure.clocks[name].size
            state.clocks[name] = max(0, min(size, int(value)))
            value = state.clocks[name]
        elif state.character is not None and name in state.character.stats:
            state.character.stats[name] = int(value) if not isinstance(value, bool) else value
        elif state.character is not None and name in state.character.resources:
            state.character.resources[name] = int(value)
        else:
            raise GMError(f"no variable, stat or resource {name!r}")
        self._refresh()
        shown = str(value).lower() if isinstance(value, bool) else value
        return f"{name} = {shown}"

    def give(self, item: str) -> list[ev.Event]:
        play = self.play
        if item not in play.adventure.items:
            raise GMError(f"no item {item!r} (items: {', '.join(play.adventure.items) or 'none'})")
        runner = EffectRunner(play)
        runner.run([{"give": item}])
        self._refresh()
        return runner.events

    def force(self, faces: list[int]) -> tuple[int, ...]:
        """The next dice show ``faces`` in order (after any already forced)."""
        if not faces or any(f < 1 for f in faces):
            raise GMError("force needs faces of 1 or more, e.g. :force 6 6 1")
        self.play.dice.force(*faces)
        return self.play.dice.forced_pending

    def _refresh(self) -> None:
        """After a change: rebuild the decision on offer (conditions may read what changed)."""
        self.play.refresh_offer()

    # -- looking --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        play = self.play
        s = play.state
        character = s.character
        return {
            "scene": s.scene, "turn": s.turn, "flags": dict(s.flags), "counters": dict(s.counters),
            "clocks": dict(s.clocks), "objectives": dict(s.objectives),
            "character": None if character is None else {
                "name": character.name, "stats": dict(character.stats), "items": list(character.items),
                "conditions": list(character.conditions),
                "resources": {k: v for k, v in character.resources.items()},
            },
            "forced_dice": list(play.dice.forced_pending),
        }

    def scenes(self) -> list[dict[str, Any]]:
        play = self.play
        return [{"id": sid, "title": scene.title, "visits": play.state.visits.get(sid, 0),
                 "ending": scene.ending.outcome if scene.ending else None, "here": sid == play.state.scene}
                for sid, scene in play.adventure.scenes.items()]

    def notes(self) -> str:
        """The author's ``gm`` notes for the current scene."""
        scene = self.play.adventure.scenes.get(self.play.state.scene or "")
        return scene.gm if scene is not None else ""

    def odds(self) -> list[dict[str, Any]]:
        """Every check among the current scene's choices, enabled or not, with its exact odds."""
        play = self.play
        scene = play.adventure.scenes.get(play.state.scene or "")
        if scene is None or play.state.character is None:
            return []
        found: list[dict[str, Any]] = []
        for index, choice, enabled in play.visible_choices(scene):
            if choice.check is None:
                continue
            try:
                result = odds.spec_odds(play.adventure, play.ruleset, play.character, choice.check)
            except (RulesError, LookupError, ValueError) as exc:
                found.append({"choice": choice.text, "error": str(exc)})
                continue
            chance: Fraction = result.success_chance()
            found.append({
                "choice": choice.text, "id": f"{CHOICE_ID}{index}", "enabled": enabled,
                "tests": odds.spec_label(play.adventure, choice.check),
                "success": odds.percent(chance), "exact": f"{chance.numerator}/{chance.denominator}",
                "outcomes": {k: f"{float(v) * 100:.1f}%" for k, v in result.outcomes.items()},
            })
        return found


__all__ = ["GMError", "GameMaster"]
