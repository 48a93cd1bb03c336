"""One playtest run, as a pure function of its spec and index, and batches of runs.

:func:`run_one` plays one game on the ordinary engine (:class:`~solo.engine.game.Game`) with a
bot policy and returns a :class:`RunResult`: plain, picklable data. It reads no file and writes
none, so it can run in this process, in a local process pool or on a Dask worker, and the same
(spec, index) always gives the same result. Run ``i``'s seed is :func:`run_seed` of the master
seed and ``i``, never a draw from a shared generator, so how runs are split among workers cannot
change any of them.

A run stops at an ending; at the step limit (:data:`DEFAULT_STEP_LIMIT` decisions: a run that
long is taken to be stuck in a loop, and the scenes of its last steps are kept to show where);
or when the engine raises (a dead end, a loop without a decision, any other error), in which
case the decisions that led there are kept so the run can be written out as a replay file.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from solo.adventure.model import Adventure
from solo.engine import events as ev
from solo.engine.game import ALTERNATIVE, CHOICE_ID, Game
from solo.errors import BadRequest
from solo.playtest.policies import make_policy
from solo.rules.base import Character

#: Decisions after which a run counts as stuck (no ending in sight). A full playthrough of a
#: bundled adventure takes well under 200.
DEFAULT_STEP_LIMIT = 1000
#: How many of a stuck run's last decisions name the scenes of its loop.
LOOP_WINDOW = 60

DEAD_END = "leaves the player no choice"
NO_DECISION_LOOP = "moves in a loop without asking"


@dataclass(frozen=True)
class PlaytestSpec:
    """What to play: the adventure, who, how, and when to give up. Picklable."""

    adventure: Adventure
    policy: str = "random"
    pregen: str | None = None  # a pregenerated character's id
    character: dict[str, Any] | None = None  # a stored character, as data
    step_limit: int = DEFAULT_STEP_LIMIT
    #: Runs whose dice are forced: index -> faces (the exhaustive sweep uses it).
    forced: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: Who plays the runs gathered by :mod:`solo.playtest.executors`: ``"fast"`` (the fast
    #: runtime, :mod:`solo.playtest.fast_run`, where it covers the spec) or ``"engine"``.
    runtime: str = "engine"


@dataclass
class RunResult:
    """What one run did, as plain data (merged in run order by :mod:`solo.playtest.report`)."""

    index: int
    seed: int
    status: str  # ended, step-limit, dead-end, loop, error
    character: str = ""
    ending: str | None = None
    outcome: str | None = None
    decisions: int = 0
    turns: int = 0
    scene: str | None = None  # where the run stopped
    objectives: tuple[str, ...] = ()
    resources: dict[str, int] = field(default_factory=dict)
    visits: dict[str, int] = field(default_factory=dict)
    choices: dict[str, int] = field(default_factory=dict)  # "scene#index" -> times taken
    checks: list[tuple[str, str, bool]] = field(default_factory=list)  # (scene#index, outcome, success)
    conflicts: dict[str, int] = field(default_factory=dict)  # result -> count
    #: (from, to) -> times the player was moved from one scene to another; from is None at the start
    moves: dict[tuple[str | None, str], int] = field(default_factory=dict)
    rerolls: int = 0  # offers that rerolled or re-attempted a roll
    loop: tuple[str, ...] = ()  # a stuck run's last scenes
    error: str = ""
    keys: tuple[str, ...] = ()  # every decision, for a replay file (kept for failed runs only)


def run_seed(master: int, index: int) -> int:
    """Run ``index``'s dice seed, derived from the master seed alone (63 bits)."""
    digest = hashlib.sha256(f"solo-playtest:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _starting_character(spec: PlaytestSpec) -> Character | None:
    if spec.character is not None:
        return Character.from_dict(spec.character)
    if spec.pregen is not None:
        person = next((p for p in spec.adventure.characters if p.id == spec.pregen), None)
        if person is None:
            known = ", ".join(p.id for p in spec.adventure.characters) or "none"
            raise BadRequest(f"no pregenerated character {spec.pregen!r} (pregenerated: {known})")
        return person.character(spec.adventure.system)
    return None


REROLL_WORDS = ("reroll", "blessed-luck")


def run_one(spec: PlaytestSpec, index: int, master: int) -> RunResult:
    """Play run ``index`` of a playtest with master seed ``master``."""
    seed = run_seed(master, index)
    result = RunResult(index=index, seed=seed, status="ended")
    # a bot reads no hints and never fails a check on purpose (see the policies)
    game = Game(spec.adventure, seed=seed, character=_starting_character(spec), quiet=True, alternatives=False)
    forced = dict(spec.forced).get(index)
    if forced:
        game.dice.force(*forced)
    policy = make_policy(spec.policy, random.Random(f"solo-playtest-policy:{seed}"))
    keys: list[str] = []
    scenes: list[str | None] = []
    last_choice = ""
    try:
        events = game.start()
        here: str | None = None
        while True:
            here = _note(result, events, last_choice, here)
            if game.finished:
                break
            if len(keys) >= spec.step_limit:
                result.status = "step-limit"
                result.loop = tuple(sorted({s for s in scenes[-LOOP_WINDOW:] if s}))
                break
            offered = game.offered
            assert offered is not None
            key = policy.choose(game)
            kind = offered.kind
            if kind == "scene" or kind == "roll":  # the only kinds whose option is counted
                option = next((o for o in offered.options if o.key == key), None)
                if option is None:
                    pass
                elif kind == "scene":
                    mark = (game.state.scene, option.id)
                    last_choice = _MARKS.get(mark) or _MARKS.setdefault(mark, _choice_mark(*mark))
                    result.choices[last_choice] = result.choices.get(last_choice, 0) + 1
                elif option.id in REROLL_WORDS:
                    result.rerolls += 1
            keys.append(key)
            scenes.append(game.state.scene)
            events = game.choose(key)
    except Exception as exc:  # any failure inside the engine is a finding, not a crash
        message = str(exc) or type(exc).__name__
        result.status = "dead-end" if DEAD_END in message else "loop" if NO_DECISION_LOOP in message else "error"
        result.error = f"{type(exc).__name__}: {message}"
        result.keys = tuple(keys)
    return finish(result, game.state, spec.adventure, len(keys))


def finish(result: RunResult, state: Any, adventure: Adventure, decisions: int) -> RunResult:
    """``result`` completed from the game's state at the end of a run (the engine's and the fast
    runtime's runs alike): decisions, turns, where it stopped, objectives met, the character's
    counted resources and the ending."""
    result.decisions = decisions
    result.turns = state.turn
    result.scene = state.scene
    result.visits = dict(state.visits)
    result.objectives = tuple(oid for oid, done in state.objectives.items() if done)
    if state.character is not None:
        result.character = state.character.id or state.character.name
        result.resources = {
            k: v for k, v in state.character.resources.items() if isinstance(v, int) and not isinstance(v, bool)
        }
    if state.ending is not None:
        result.ending = state.ending
        ending = adventure.scenes[state.ending].ending
        result.outcome = ending.outcome if ending is not None else None
    return result


#: "scene#index" by (scene, option id), made once per option seen.
_MARKS: dict[tuple[str | None, str], str] = {}


def _choice_mark(scene: str | None, option_id: str) -> str:
    """What a run counts a scene choice by: ``scene#index`` (an alternative counts as its choice)."""
    if len(_MARKS) > 65536:
        _MARKS.clear()
    return f"{scene}#{option_id.removeprefix(CHOICE_ID).partition(ALTERNATIVE)[0]}"


def _note(result: RunResult, events: list[ev.Event], last_choice: str, here: str | None) -> str | None:
    """Count what ``events`` tell (rolls, conflicts' results, moves from scene ``here`` on);
    return the scene the player is in after them."""
    for event in events:
        if isinstance(event, ev.SceneEntered):
            move = (here, event.id)
            result.moves[move] = result.moves.get(move, 0) + 1
            here = event.id
        elif isinstance(event, ev.RollMade) and event.final:
            record = event.record
            result.checks.append((last_choice, str(record.get("outcome")), bool(record.get("success"))))
        elif event.type == "conflict-end":  # a conflict, counted by its result (won, lost, fled...)
            how = str(getattr(event, "result", "") or "ended")
            result.conflicts[how] = result.conflicts.get(how, 0) + 1
    return here


def run_batch(spec: PlaytestSpec, master: int, start: int, stop: int) -> list[RunResult]:
    """Runs ``start`` to ``stop - 1``, in order. Pure and picklable: what executors run."""
    return [run_one(spec, index, master) for index in range(start, stop)]
