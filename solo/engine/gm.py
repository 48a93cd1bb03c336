"""GM mode on the engine: jump to a scene, set a variable, give an item, force the next dice.

:class:`GameMaster` wraps a :class:`~solo.engine.game.Game` with the powers a game master has
over the table, and nothing else: no prompts, no printing (decisions in, events out, like the
engine). The ``:goto``, ``:set``, ``:give``, ``:force``, ``:state``, ``:scenes`` and ``:odds``
commands of ``solo play --gm`` are thin wrappers around it.

A jump is the one move the scene machine is told to make without a declared edge (the GM may
go anywhere); the scene is then entered exactly as the engine enters any scene (its
``on_enter`` effects, objectives, an ending, a conflict, further gotos).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from solo.adventure import odds
from solo.engine import events as ev
from solo.engine.effects import EffectRunner
from solo.engine.game import CHOICE_ID, Game
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


class GameMaster:
    def __init__(self, game: Game) -> None:
        self.game = game

    # -- changing the game ----------------------------------------------------------------
    def goto(self, scene_id: str) -> list[ev.Event]:
        """Jump to ``scene_id`` and enter it; returns the events, the new decision last."""
        game = self.game
        scenes = game.adventure.scenes
        if scene_id not in scenes:
            close = [s for s in scenes if scene_id.lower() in s.lower()][:5]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise GMError(f"no scene {scene_id!r}{hint}")
        if game.state.character is None:
            raise GMError("choose a character first")
        game._freeze_hints()
        game.state.pending = None
        game._offered = None
        game.state.ending = None
        game.machine.place(scene_id)  # the GM's jump: no edge needed
        runner = EffectRunner(game)
        scene = scenes[scene_id]
        game.state.scene = scene_id
        game.state.visits[scene_id] = game.state.visits.get(scene_id, 0) + 1
        runner.events.append(ev.SceneEntered(scene.id, scene.title, game.render(scene.text), scene.group))
        runner.run(scene.on_enter)
        game._check_objectives(runner)
        if scene.ending is not None and runner.goto is None:
            game._end(scene, runner)
        elif getattr(scene, "conflict", None) is not None and runner.goto is None:
            game.conflicts.begin(scene, runner)
        return game._finish_step(game._follow(runner))

    def set(self, name: str, text: str) -> str:
        """Set a flag, counter, clock, character stat or resource; says what changed."""
        game = self.game
        state = game.state
        value = _value(text)
        if name in state.flags:
            state.flags[name] = bool(value)
        elif name in state.counters:
            state.counters[name] = int(value)
        elif name in state.clocks:
            size = game.adventure.clocks[name].size
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
        game = self.game
        if item not in game.adventure.items:
            raise GMError(f"no item {item!r} (items: {', '.join(game.adventure.items) or 'none'})")
        runner = EffectRunner(game)
        runner.run([{"give": item}])
        self._refresh()
        return runner.events

    def force(self, faces: list[int]) -> tuple[int, ...]:
        """The next dice show ``faces`` in order (after any already forced)."""
        if not faces or any(f < 1 for f in faces):
            raise GMError("force needs faces of 1 or more, e.g. :force 6 6 1")
        self.game.dice.force(*faces)
        return self.game.dice.forced_pending

    def _refresh(self) -> None:
        """After a change: rebuild the decision on offer (conditions may read what changed)."""
        game = self.game
        game._freeze_hints()
        if game.state.pending is not None and not game.finished:
            game._offered = game._build_offer()

    # -- looking --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        game = self.game
        s = game.state
        character = s.character
        return {
            "scene": s.scene, "turn": s.turn, "flags": dict(s.flags), "counters": dict(s.counters),
            "clocks": dict(s.clocks), "objectives": dict(s.objectives),
            "character": None if character is None else {
                "name": character.name, "stats": dict(character.stats), "items": list(character.items),
                "conditions": list(character.conditions),
                "resources": {k: v for k, v in character.resources.items()},
            },
            "forced_dice": list(game.dice.forced_pending),
        }

    def scenes(self) -> list[dict[str, Any]]:
        game = self.game
        return [{"id": sid, "title": scene.title, "visits": game.state.visits.get(sid, 0),
                 "ending": scene.ending.outcome if scene.ending else None, "here": sid == game.state.scene}
                for sid, scene in game.adventure.scenes.items()]

    def notes(self) -> str:
        """The author's ``gm`` notes for the current scene."""
        scene = self.game.adventure.scenes.get(self.game.state.scene or "")
        return scene.gm if scene is not None else ""

    def odds(self) -> list[dict[str, Any]]:
        """Every check among the current scene's choices, enabled or not, with its exact odds."""
        game = self.game
        scene = game.adventure.scenes.get(game.state.scene or "")
        if scene is None or game.state.character is None:
            return []
        found: list[dict[str, Any]] = []
        for index, choice, enabled in game.visible_choices(scene):
            if choice.check is None:
                continue
            try:
                result = odds.spec_odds(game.adventure, game.ruleset, game.character, choice.check)
            except (RulesError, LookupError, ValueError) as exc:
                found.append({"choice": choice.text, "error": str(exc)})
                continue
            chance: Fraction = result.success_chance()
            found.append({
                "choice": choice.text, "id": f"{CHOICE_ID}{index}", "enabled": enabled,
                "tests": odds.spec_label(game.adventure, choice.check),
                "success": odds.percent(chance), "exact": f"{chance.numerator}/{chance.denominator}",
                "outcomes": {k: f"{float(v) * 100:.1f}%" for k, v in result.outcomes.items()},
            })
        return found


__all__ = ["GMError", "GameMaster"]
