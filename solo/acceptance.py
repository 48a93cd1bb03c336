"""Acceptance runs of an adventure: seeded random playthroughs, and a guided one to each ending.

Issue 13 accepts an adventure when many seeded random playthroughs never raise, never get stuck
and between them reach every ending, and when a scripted playthrough reaches each ending. The
test suite runs a few of each for every bundled adventure; ``bench/adventures.py`` runs a
thousand per adventure and prints the figures. Everything is read from the adventure file
itself (its endings, its scene graph), so the checks follow the adventures as they grow.

* :func:`random_run` plays one game with a seeded random player (the pregenerated character
  picked from the seed, so every one is played) and returns a :class:`Run`: the ending, the
  decisions made, and the error or ``stuck`` when there is one.
* :func:`guided_run` plays towards one ending: at each scene it mostly takes the choice whose
  destinations are fewest moves from that ending in the scene graph (dice and the other side of
  a conflict still decide the rest), and records every decision.
* :func:`script_for` searches seeds with :func:`guided_run` until one reaches the ending, and
  returns that run: a script (seed, character, decisions) that :func:`replay` plays again to the
  same ending.

Like every front end this drives :class:`~solo.engine.game.Game` with decisions and reads its
state; it prints nothing.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Callable, Sequence

from solo.adventure.model import Adventure
from solo.adventure.scene_graph import scene_graph, scene_ways, way_destinations
from solo.engine.events import ChoicesOffered
from solo.engine.game import ALTERNATIVE, CHOICE_ID, Game

__all__ = ["GREEDS", "GUIDED_STEP_LIMIT", "STEP_LIMIT", "Run", "distances_to", "ending_scenes", "guided_run", "random_run", "replay",
           "script_for"]

#: Decisions after which a playthrough counts as stuck.
STEP_LIMIT = 2000

#: Decisions after which a guided run gives up (it is a search, not a finding).
GUIDED_STEP_LIMIT = 500

#: How successive seeds of :func:`script_for` head for the ending: (greed, explore).
GREEDS = ((0.9, False), (0.9, True), (0.6, False), (0.0, False))


@dataclass
class Run:
    """One playthrough: how it ended and the decisions that got there."""

    seed: int
    character: str = ""
    ending: str | None = None
    decisions: list[str] = field(default_factory=list)
    error: str = ""  # the exception, as "Type: message", when the engine raised
    stuck: bool = False  # reached the step limit without ending

    @property
    def ok(self) -> bool:
        return self.ending is not None and not self.error and not self.stuck


Chooser = Callable[[Game, ChoicesOffered, random.Random], str]


def _play(adventure: Adventure, seed: int, chooser: Chooser, character: int | None, step_limit: int,
          *, quiet: bool = False) -> Run:
    """One playthrough. ``quiet`` plays a quiet game (no odds or views worked out for a reader):
    the same game for about half the CPU, for a caller that reads only where it ended; the
    harness itself plays loud games, so an error in what people are shown is found too."""
    run = Run(seed)
    answers = random.Random(seed)
    try:
        game = Game(adventure, seed=seed, quiet=quiet)
        game.start()
        while not game.finished:
            if len(run.decisions) >= step_limit:
                run.stuck = True
                return run
            offered = game.offered
            assert offered is not None, "a game that is not over offers a decision"
            keys = offered.enabled_keys()
            if not keys:
                run.stuck = True
                return run
            if offered.kind == "character":
                key = keys[(seed if character is None else character) % len(keys)]
            else:
                key = chooser(game, offered, answers)
            run.decisions.append(key)
            game.choose(key)
        run.ending = game.state.ending
        run.character = game.character.id if game.character is not None else ""
    except Exception as exc:  # noqa: BLE001 - what the harness is for: any exception is a finding
        run.error = f"{type(exc).__name__}: {exc}"
    return run


def random_run(adventure: Adventure, seed: int, *, step_limit: int = STEP_LIMIT) -> Run:
    """A playthrough by a player who picks uniformly among the enabled options."""
    return _play(adventure, seed, lambda game, offered, answers: answers.choice(offered.enabled_keys()),
                 None, step_limit)


def distances_to(adventure: Adventure, target: str) -> dict[str, int]:
    """For each scene, the fewest moves along the scenes' own ways to ``target`` (scenes that
    cannot get there are missing)."""
    back = scene_graph(adventure).backwards()
    dist = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for before in back.get(here, ()):
            if before not in dist:
                dist[before] = dist[here] + 1
                queue.append(before)
    return dist


def _choice_destinations(adventure: Adventure, scene_id: str, index: int) -> set[str]:
    scene = adventure.scenes[scene_id]
    choice = scene.choices[index]
    found = set()
    for way in scene_ways(scene):
        if way.choice is choice:
            found.update(way_destinations(adventure, way))
    return found


def guided_run(adventure: Adventure, target: str, seed: int, *, character: int | None = None,
               greed: float = 0.85, explore: bool = False, step_limit: int = GUIDED_STEP_LIMIT,
               distances: dict[str, int] | None = None) -> Run:
    """A playthrough that heads for the ending scene ``target``: at a scene, with probability
    ``greed`` the choice with a destination nearest to it (ties broken by the seed), otherwise any
    enabled option; every other decision (dice offers, conflict rounds) at random.

    With ``explore``, a scene's choices not yet taken come first (those that stay in the scene
    before those that leave it, in a random order), then the nearest: the run picks up what lies
    off the shortest path (an item, a clue) that an ending's conditions may need. Either way a
    choice that can no longer lead to the ending comes last."""
    dist = distances if distances is not None else distances_to(adventure, target)
    far = len(adventure.scenes) + 1
    taken: Counter[tuple[str, str]] = Counter()

    def choose(game: Game, offered: ChoicesOffered, answers: random.Random) -> str:
        keys = offered.enabled_keys()
        if offered.kind != "scene" or answers.random() >= greed:
            return answers.choice(keys)
        here = game.state.scene or ""
        scored: list[tuple] = []
        for option in offered.options:
            if not option.enabled or option.key is None or not option.id.startswith(CHOICE_ID):
                continue
            if ALTERNATIVE in option.id:
                continue
            index = int(option.id[len(CHOICE_ID):])
            dests = _choice_destinations(adventure, here, index) or {here}
            best = min(dist.get(d, far) for d in dests)
            # a choice taken before here ranks after the untried ones at the same distance, so
            # a way that keeps the player in place is not taken for ever
            tried = taken[(here, option.id)]
            # a choice that can no longer lead to the ending comes last either way
            # exploring, what can be done without leaving the scene (a search, an item) comes first
            stays = dests == {here}
            first = (best >= far, tried > 0, not stays, best if tried else answers.random()) if explore \
                else (best, tried)
            scored.append((*first, answers.random(), option.key))
        if not scored:
            return answers.choice(keys)
        best_choice = min(scored)
        taken[(here, next(o.id for o in offered.options if o.key == best_choice[-1]))] += 1
        return best_choice[-1]

    return _play(adventure, seed, choose, character, step_limit)


def script_for(adventure: Adventure, ending: str, *, seeds: Sequence[int] = range(200),
               character: int | None = None) -> Run | None:
    """The first guided run over ``seeds`` that reaches ``ending``, or None. The way of heading
    for it cycles through :data:`GREEDS` with the seed: an ending behind a condition (an item, a
    flag) set off the shortest path is found by the exploring or less greedy runs."""
    dist = distances_to(adventure, ending)
    for seed in seeds:
        greed, explore = GREEDS[seed % len(GREEDS)]
        run = guided_run(adventure, ending, seed, character=character, distances=dist,
                         greed=greed, explore=explore)
        if run.ending == ending:
            return run
    return None


def replay(adventure: Adventure, run: Run) -> str | None:
    """Play ``run``'s seed and decisions again; the ending they reach."""
    game = Game(adventure, seed=run.seed)
    game.start()
    for key in run.decisions:
        game.choose(key)
    return game.state.ending if game.finished else None


def ending_scenes(adventure: Adventure) -> list[str]:
    """The adventure's ending scenes, in file order."""
    return list(adventure.endings)

