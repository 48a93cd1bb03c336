"""``solo playtest --exhaustive``: take every choice and every outcome branch at least once.

Like ChoiceScript's quicktest, but by playing: guided runs on the ordinary engine. In each scene
the guide takes a choice not yet taken (or with a branch not yet taken) if it can, else chooses
at random. When a choice's check has an
outcome branch not yet taken, the guide *forces the dice*: it finds a roll of that check, for the
character as they are now and played the way the exact odds assume, that lands in the wanted
branch (:func:`solo.analyze.outcomes.representative`), records the faces that roll drew, and
queues them with :meth:`Dice.force <solo.rules.dice.Dice.force>`. Pregenerated characters take
turns for the first runs (unless one is given).

Rather than always starting over, the sweep keeps the game states it meets (up to
:data:`MAX_POOL`) with the choices open in each, and branches from a kept state that offers
something untested, as quicktest does: a choice deep in the adventure is tried from a state
where it is enabled instead of being hoped for from the start. When no kept state offers
anything untested it wanders on from random kept states to find new ones; it stops after
:data:`PATIENCE` branchings in a row that found nothing new, or after ``--runs`` branchings.

Fights and other conflicts count as branches too: each result a conflict's ``outcomes`` name
(``yard#conflict [lost]``) is tested once a run has ended the conflict that way. When a conflict
begins with results not yet taken, the guide forces it as it forces a check (:func:`fight_plan`):
it plays the fight out on copies of the game, each with its own seeded dice and random actions,
until one ends as wanted, then forces that copy's faces on the run and takes the same actions.

What stays untested is listed: choices whose conditions never held, branches no roll can reach
for any character tried (or that need a state the guide never found), scenes never entered. Runs
that reach the step limit without an ending name the scenes of their last steps under
``stuck_in``: a loop without exit or a soft-lock the guide walked into.
The sweep keeps to the options' time and memory budget (:class:`~solo.budget.Limits`): at the
budget it stops between branchings and reports what it has, with ``stopped`` saying why;
``progress`` is told the counts as it goes.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from rich.console import Console
from rich.text import Text

from solo.adventure.model import Adventure
from solo.adventure.odds import check_params, opponent_of
from solo.analyze import outcomes
from solo.engine.game import CHOICE_ID, Game
from solo.playtest.command import Options, make_spec
from solo.playtest.policies import CarefulPolicy, dice_decision, playable_keys
from solo.playtest.runner import LOOP_WINDOW, _starting_character
from solo.rules.base import Character
from solo.rules.dice import Dice

MAX_POOL = 20_000  # game states kept to branch from
PATIENCE = 200  # branchings in a row that find nothing new before the sweep gives up
FIGHT_TRIES = 60  # fights played out on copies to find dice that end one as wanted
FIGHT_STEPS = 400  # decisions one of those fights may take


class _Recording(Dice):
    """Dice that remember every face they give."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.faces: list[int] = []

    def roll(self, sides: int) -> int:
        face = super().roll(sides)
        self.faces.append(face)
        return face


def faces_for(game: Game, index: int, wanted: str) -> list[int] | None:
    """Faces that make the check of choice ``index`` in the current scene take branch ``wanted``."""
    scene = game.adventure.scenes[game.state.scene or ""]
    spec = scene.choices[index].check
    assert spec is not None
    params = check_params(game.adventure, game.ruleset, spec)
    opponent = opponent_of(game.adventure, game.ruleset, spec) if spec.kind == "contest" else None
    for seed in range(outcomes.SEARCH_TRIES // 4):
        dice = _Recording(seed)
        who = Character.from_dict(game.character.to_dict())
        try:
            record = outcomes.play_roll(game.ruleset, dice, who, opponent, params, spec)
        except Exception:
            return None
        if outcomes.branch_key(spec, record.outcome, record.success, record.measures.get("size")) == wanted:
            return dice.faces
    return None


def fight_plan(game: Game, wanted: list[str], rng: random.Random) -> tuple[list[int], list[str], str] | None:
    """Dice and actions that take the conflict on offer to one of the ``wanted`` results: fights
    played out from here on copies of the game, each with its own seeded dice, with random actions
    and, every other fight, the careful bot's (rolls inside played the way the exact odds
    assume), until one ends as wanted. Returns the
    faces it drew, the actions it took and its result; replayed on ``game`` (faces forced) the
    fight ends the same way, since nothing else in it is random."""
    snapshot = game.snapshot()
    aim = rng.choice(wanted)
    careful = CarefulPolicy(rng)
    for attempt in range(FIGHT_TRIES):
        trial = Game.resume(game.adventure, snapshot)
        trial.dice = _Recording(rng.randrange(2**31))
        actions: list[str] = []
        result = None
        try:
            while result is None and len(actions) < FIGHT_STEPS and trial.offered is not None:
                offered = trial.offered
                if offered.kind not in ("conflict", "check", "roll"):
                    break
                if offered.kind in ("check", "roll"):
                    key = dice_decision(trial, offered)
                elif attempt % 2:  # every other fight fought as the careful bot fights: wins come too
                    key = careful.choose(trial)
                else:
                    key = rng.choice(playable_keys(offered))
                actions.append(key)
                for event in trial.choose(key):
                    if event.type == "conflict-end":
                        result = event.result
        except Exception:  # the normal playtest reports the runs the engine fails in
            return None
        if result == aim or (result in wanted and attempt >= FIGHT_TRIES // 2):
            return trial.dice.faces, actions, result
    return None


def targets(adventure: Adventure) -> tuple[list[str], list[tuple[str, str]]]:
    choices = [f"{sid}#{i}" for sid, s in adventure.scenes.items() for i in range(len(s.choices))]
    branches = [(f"{sid}#{i}", label) for sid, s in adventure.scenes.items() for i, c in enumerate(s.choices)
                if c.check is not None for label in c.check.outcomes]
    branches += [(f"{sid}#conflict", result) for sid, s in adventure.scenes.items() if s.conflict is not None
                 for result in s.conflict.outcomes]
    return choices, branches


def progress_text(found: dict[str, Any]) -> str:
    """The sweep's progress line."""
    rate = found["runs"] / found["seconds"] if found["seconds"] > 0 else 0.0
    return (f"exhaustive: {found['runs']} runs and branchings ({rate:.0f}/s), choices {found['choices']}, "
            f"branches {found['branches']}, {found['pool']} states kept; {found['seconds']:.0f} s, "
            f"stops within {max(0.0, found['budget'] - found['seconds']):.0f} s (budget)")


def sweep(options: Options, progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    spec = make_spec(options)
    limits = options.limits
    started = time.monotonic()
    stopped = ""
    adventure = spec.adventure
    all_choices, all_branches = targets(adventure)
    taken: set[str] = set()
    branched: set[tuple[str, str]] = set()
    seen: set[str] = set()
    endings: set[str] = set()
    stuck_in: set[str] = set()
    forced = 0
    forced_fights = 0
    people = [None] if (spec.pregen or spec.character or not adventure.characters) else [p.id for p in adventure.characters]
    #: Game states to branch from: (snapshot, the enabled choices there as scene#index).
    pool: list[tuple[dict[str, Any], list[str]]] = []
    pooled: set[Any] = set()

    def open_here(marks: list[str]) -> list[str]:
        found = []
        for mark in marks:
            sid, _, index = mark.partition("#")
            check = adventure.scenes[sid].choices[int(index)].check
            if mark not in taken or (check is not None and any((mark, b) not in branched for b in check.outcomes)):
                found.append(mark)
        return found

    def play_on(game: Game, rng: random.Random, first: str | None) -> None:
        """Take ``first`` (a scene#index on offer) if given, then play on, preferring what is
        untested and pooling the states met; every check aims at a branch not yet taken."""
        nonlocal forced
        nonlocal forced_fights
        current: tuple[str, Any] | None = None
        steps = 0
        recent: list[str] = []
        plan: list[str] = []  # the actions that take the fight under way to an untested result
        planned = False  # a plan was looked for in the fight under way
        while not game.finished and steps < options.step_limit:
            steps += 1
            if steps % 32 == 0 and limits.over(started):
                return  # out of budget in the middle of a run: neither an ending nor stuck
            offered = game.offered
            assert offered is not None
            seen.add(game.state.scene or "")
            recent = (recent + [game.state.scene or ""])[-LOOP_WINDOW:]
            if offered.kind == "conflict" and not planned:
                planned = True
                sid = game.state.scene or ""
                conflict = adventure.scenes[sid].conflict
                wanted = [r for r in (conflict.outcomes if conflict else []) if (f"{sid}#conflict", r) not in branched]
                found = fight_plan(game, wanted, rng) if wanted else None
                if found is not None:
                    game.dice.clear_forced()
                    game.dice.force(*found[0])
                    plan = list(found[1])
                    forced_fights += 1
            if plan and offered.kind in ("conflict", "check", "roll"):
                events = game.choose(plan.pop(0))
            elif offered.kind != "scene":
                events = game.choose(dice_decision(game, offered) if offered.kind in ("check", "roll")
                                     else rng.choice(playable_keys(offered)))
            else:
                sid = game.state.scene or ""
                seen.add(sid)
                scene = adventure.scenes[sid]
                keys = playable_keys(offered)
                here = {f"{sid}#{o.id.removeprefix(CHOICE_ID)}": o.key for o in offered.options if o.key in keys}
                key = tuple(sorted(game.snapshot()["flags"].items())), sid, tuple(sorted(game.state.counters.items())), \
                    tuple(sorted(game.state.clocks.items())), tuple(sorted(game.state.taken)), \
                    tuple(sorted(game.character.items)), tuple(sorted(game.state.objectives.items()))
                if key not in pooled and len(pool) < MAX_POOL:
                    pooled.add(key)
                    pool.append((game.snapshot(), list(here)))
                wanted_here = [m for m in open_here(list(here))]
                if first is not None and first in here:
                    mark = first
                elif wanted_here:
                    mark = rng.choice(wanted_here)
                else:
                    mark = rng.choice(list(here))
                first = None
                index = int(mark.partition("#")[2])
                check = scene.choices[index].check
                game.dice.clear_forced()
                current = None
                if check is not None:
                    aim = [b for b in check.outcomes if (mark, b) not in branched]
                    if aim:
                        faces = faces_for(game, index, rng.choice(aim))
                        if faces:
                            game.dice.force(*faces)
                            forced += 1
                    current = (mark, check)
                taken.add(mark)
                events = game.choose(here[mark])
            for event in events:
                if event.type == "conflict-end":
                    branched.add((f"{event.scene}#conflict", event.result))
                    plan, planned = [], False
                    game.dice.clear_forced()
                if current is not None and event.type == "roll" and getattr(event, "final", False):
                    mark_, check_ = current
                    record_ = event.record
                    branch = outcomes.branch_key(check_, record_["outcome"], bool(record_["success"]),
                                                 (record_.get("measures") or {}).get("size"))
                    if branch is not None:
                        branched.add((mark_, branch))
                    current = None
                    game.dice.clear_forced()
        if game.finished:
            seen.add(game.state.ending or "")
            endings.add(game.state.ending or "")
        else:
            stuck_in.update(recent)

    probes = 0

    def tell() -> None:
        if progress is not None:
            progress({"runs": probes, "choices": f"{len(taken & set(all_choices))}/{len(all_choices)}",
                      "branches": f"{len(branched)}/{len(all_branches)}", "pool": len(pool),
                      "seconds": time.monotonic() - started, "budget": limits.seconds})

    tell()
    for n, who in enumerate(people):
        if limits.over(started):
            break  # a first full run per character fills the pool
        run_spec = spec if who is None else type(spec)(**{**spec.__dict__, "pregen": who})
        game = Game(adventure, seed=options.seed * 1000 + n, character=_starting_character(run_spec))
        game.start()
        try:
            play_on(game, random.Random(f"solo-exhaustive:{options.seed}:start:{n}"), None)
        except Exception:  # a run the engine fails in: the normal playtest reports those
            pass
    idle = 0
    stopped = limits.over(started)
    while not stopped and probes < options.runs and idle < PATIENCE and pool:
        stopped = limits.over(started)
        if stopped:
            break
        tell()
        before = (len(taken), len(branched), len(pool))
        candidates = [(snap, mark) for snap, marks in pool for mark in open_here(marks)]
        rng = random.Random(f"solo-exhaustive:{options.seed}:{probes}")
        if candidates:
            snapshot, mark = rng.choice(candidates)
        else:  # nothing open in any kept state: wander from one to find new states
            snapshot, marks = rng.choice(pool)
            mark = rng.choice(marks)
        probes += 1
        try:
            game = Game.resume(adventure, snapshot)
            game.dice = Dice(options.seed * 7919 + probes)
            play_on(game, rng, mark)
        except Exception:
            taken.add(mark)  # the engine fails there: the normal playtest names it
        idle = 0 if (len(taken), len(branched), len(pool)) != before else idle + 1
    untested_branches = [f"{c} [{b}]" for c, b in all_branches if (c, b) not in branched]
    return {
        "adventure": adventure.id,
        "runs": probes + len(people),
        "states_pooled": len(pool),
        "forced_rolls": forced,
        "forced_fights": forced_fights,
        "choices": {"tested": len(taken & set(all_choices)), "total": len(all_choices)},
        "branches": {"tested": len(branched), "total": len(all_branches)},
        "untested_choices": [c for c in all_choices if c not in taken],
        "untested_branches": untested_branches,
        "unreached_scenes": [s for s in adventure.scenes if s not in seen],
        "endings_reached": sorted(endings),
        "stuck_in": sorted(stuck_in),
        "stopped": stopped,
        "seconds": round(time.monotonic() - started, 3),
    }


def show(result: dict[str, Any], console: Console) -> None:
    c, b = result["choices"], result["branches"]
    console.print(Text(f"Exhaustive sweep of {result['adventure']}: {result['runs']} runs and branchings, {result['states_pooled']} states kept, "
                       f"{result['forced_rolls']} rolls and {result.get('forced_fights', 0)} fights forced", style="bold"))
    console.print(f"choices taken: {c['tested']}/{c['total']}; outcome branches taken: {b['tested']}/{b['total']}")
    console.print(Text(f"endings reached: {', '.join(result['endings_reached']) or 'none'}"))
    if result.get("stopped"):
        console.print(Text(f"Stopped early ({result['stopped']}): what follows is what was tested by then.",
                           style="yellow"))
    for title, key in (("Runs stuck without an ending in", "stuck_in"),
                       ("Untested choices", "untested_choices"), ("Untested outcome branches", "untested_branches"),
                       ("Scenes never entered", "unreached_scenes")):
        if result[key]:
            console.print(Text(f"{title} ({len(result[key])}): " + ", ".join(result[key]), style="yellow"))
    if not (result["untested_choices"] or result["untested_branches"] or result["unreached_scenes"]
            or result.get("stuck_in")):
        console.print(Text("Everything was tested.", style="green"))
