"""The playtest's fast runtime: a random-policy run that plays scene decisions and checks without
the engine's offers, events or text, on the engine's own state, dice and rules.

A playtest bot answers hundreds of scene decisions a second, and for each the engine builds what
only a person reads: the offer's options, a ``SceneEntered`` event with its text rendered, the
choice matched back from its key. This runtime keeps the game (:class:`~solo.engine.game.Game`:
its state, seeded dice, ruleset, effects runner and per-scene program) and drives it directly:

* a **scene decision** is played here: the shown and enabled choices are the program's
  (:meth:`Game._visible`, the same conditions in the same order), the bot picks among them with
  the same ``rng.choice`` the random policy makes over the same number of keys, and the choice
  runs as the engine runs it (turn, once-mark, its effects through the engine's
  :class:`~solo.engine.effects.EffectRunner`, the every-turn hooks, objectives, then the moves
  it leads to, entering scenes as :meth:`Game._enter` does but with no event and no text);
* a **check or contest** a choice asks for is rolled here by the ruleset's own ``check`` or
  ``contest``, the rules' **offers on the roll** (``offers``, ``apply_offer``) are answered here
  the way the bots play the dice (:func:`solo.playtest.policies.dice_decision`'s choice, worked
  out from the offers without building the options), with no copy of the roll's record, and the
  roll is settled by the engine's own :meth:`Game._resolve` (settle, experience, the branch, the
  end of the turn; the roll counted in the run's checks there, without the record's copy, log
  entry and event the engine makes for a reader), whose moves are the engine's own :meth:`Game._follow` with each scene entered here
  (:meth:`_Run._enter`), for the character choice and the steps handed to the engine too;
* a **conflict's decision** is asked of the procedure here (:meth:`ConflictRunner.decision
  <solo.engine.conflicts.ConflictRunner.decision>`: the same actions, without the offer's
  options and hints), the bot draws among the enabled actions as the random policy does, and
  the action is carried out by the engine's :meth:`ConflictRunner.choose
  <solo.engine.conflicts.ConflictRunner.choose>` and the procedure's own ``act`` on the setup
  the decision was asked on (the fighters restored once per decision, not twice), its beats
  not told (no ``ConflictAction`` event, no roll logged: ``ConflictRunner.tells_beats``);
* the **character choice** is drawn here as the random policy draws it over the offer's keys
  and played by the engine's own :meth:`Game._choose_character`, without the offer (its stats
  and descriptions) being built;
* **everything else is handed to the engine**, on the same game object, so no state crosses
  over: any decision the engine made itself is offered by the engine (built only when it is
  on offer: the runtime's game builds no offer at the end of a step), answered by the random
  policy and played by :meth:`Game.choose`, as in :func:`solo.playtest.runner.run_one`.

So every roll, check, contest and conflict is the ruleset's own code, the dice and the policy's
random numbers are drawn in the same order, and the same seed gives the same
:class:`~solo.playtest.runner.RunResult` as the engine's run (held by
``tests/playtest/test_fast_run.py`` on every bundled adventure and pregen). What it leaves out:
scene texts and ending summaries are not rendered (a text that cannot be rendered is the
validator's to catch; such a run goes wrong only in the engine). Only a spec that asks for it
(``runtime="fast"``, what ``solo playtest`` sends unless ``--runtime engine``) with the ``random``
policy and no forced dice runs here; :func:`run` hands any other spec to the engine's runner, and
plays any run that ends other than at an ending (an error, a dead end, a loop, the step limit)
again on the engine, so what the report and the replay file say of it is the engine's own.
"""

from __future__ import annotations

import random
from typing import Any

from solo.engine import events as ev
from solo.engine.budget import StepBudget
from solo.engine.effects import EffectRunner
from solo.engine.game import ALTERNATIVE, FAILURES, KEEP, LESSER, EngineError, Game, InvalidDecision
from solo.engine.state import Pending
from solo.playtest import runner as engine_runner
from solo.playtest.policies import make_policy, odds_offer, plays_odds_offers
from solo.playtest.runner import (
    DEAD_END, LOOP_WINDOW, NO_DECISION_LOOP, REROLL_WORDS, PlaytestSpec, RunResult, run_seed,
)
from solo.rules.base import TakesGivenOffers, hook

#: Option keys "1", "2"... as the engine numbers a scene's enabled choices.
_KEYS = tuple(str(n) for n in range(1, 101))


def covers(spec: PlaytestSpec) -> bool:
    """Whether this runtime plays ``spec``'s runs (else the engine's runner does): the spec asks
    for it, with the random policy and no forced dice."""
    return spec.runtime == "fast" and spec.policy == "random" and not spec.forced


def run(spec: PlaytestSpec, index: int, master: int) -> RunResult:
    """Run ``index`` of a playtest: here when :func:`covers` says so, else on the engine. A run
    that does not reach an ending here (an error, a dead end, a loop, the step limit) is played
    again on the engine, whose result is the one reported (and replayed from the replay file)."""
    if not covers(spec):
        return engine_runner.run_one(spec, index, master)
    result = _Run(spec, index, master).play()
    if result.status != "ended":
        return engine_runner.run_one(spec, index, master)
    return result


def run_batch(spec: PlaytestSpec, master: int, start: int, stop: int) -> list[RunResult]:
    """Runs ``start`` to ``stop - 1`` in order (picklable, as the engine's batch is)."""
    return [run(spec, index, master) for index in range(start, stop)]


class _Game(Game):
    """The engine's game, whose steps leave the next decision's offer unbuilt (the runtime plays
    scene, character, roll and conflict decisions without one, and :meth:`_Run._offer` has the
    engine build any other when it is on offer), whose settled rolls are counted, not logged, and
    whose moves (the engine's :meth:`Game._follow`, here and in any step of the engine's) enter
    scenes the runtime's way (:meth:`_Run._enter`: without events or text, the moves counted there)."""

    #: The run this game is played in (set before the game starts).
    driver: "_Run"

    def _finish_step(self, events: list[ev.Event]) -> list[ev.Event]:
        return events

    def _enter(self, scene_id: str, runner: EffectRunner, *, jump: bool = False) -> None:
        """The scene entered by :meth:`_Run._enter` (no event, no text) on the engine's own
        :meth:`Game._follow` (one definition of following the moves); a GM's jump as the engine's."""
        if jump:
            super()._enter(scene_id, runner, jump=True)
        else:
            self.driver._enter(scene_id, runner)

    def _params(self, spec: Any) -> dict[str, Any]:
        """The check's parameters: the very ones made for the roll in progress when it is this
        check's (settling it asks again: :meth:`Game._resolve`), else made as the engine makes
        them. They depend on the adventure and the check alone, and nothing changes them."""
        kept = self.driver.params
        if kept is not None and kept[0] is spec:
            return kept[1]
        return super()._params(spec)

    def _roll_made(self, data: Any, record: Any, choice: Any) -> None:
        """A settled roll counted in the run's checks where it is settled (what
        :func:`solo.playtest.runner._note` reads of its event), with no copy of its record, no
        log entry and no event: nothing in a fast run reads them."""
        driver = self.driver
        driver.result.checks.append((driver.last_choice, str(record.outcome), bool(record.success)))


class _Run:
    """One run: the game, the bot's random numbers, and what the result counts."""

    def __init__(self, spec: PlaytestSpec, index: int, master: int) -> None:
        self.spec = spec
        seed = run_seed(master, index)
        self.result = RunResult(index=index, seed=seed, status="ended")
        self.game = _Game(spec.adventure, seed=seed, character=engine_runner._starting_character(spec),
                          quiet=True, alternatives=False)
        self.game.driver = self
        self.game.conflicts.tells_beats = False  # no ConflictAction event nor logged roll: unread here
        self.game.conflicts.keeps_fighters = True  # a decision's fighters are the ones its step left
        self.game.conflicts.answers_on_offer = True  # every conflict decision: _conflict_step's on_offer
        self.rng = random.Random(f"solo-playtest-policy:{seed}")
        self.policy = make_policy("random", self.rng)
        self.here: str | None = None
        self.last_choice = ""
        #: The enabled choices (program steps) of the scene decision on offer, worked out when
        #: the step that led to it ended (where the engine builds its offer).
        self.enabled: list[Any] = []
        self.keys: list[str] | None = None  # the enabled choices' keys, when greyed ones keep a number
        #: A roll on offer made here: (its check's data, the record, the rules' offers on it).
        self.roll: tuple[dict[str, Any], Any, list[Any]] | None = None
        self.chosen = KEEP  # the id of the bot's answer to that roll (see _roll_decision)
        #: A conflict's decision on offer, asked here: the setup it was asked on and the
        #: (option key, action key) of each action the bot may take (see _offer).
        self.fight: tuple[Any, list[tuple[str, str]]] | None = None
        self.takes_offers = plays_odds_offers(self.game.ruleset)  # whether the bot takes any offer
        #: The check rolled last here and the parameters made for it (see _Game._params).
        self.params: tuple[Any, dict[str, Any]] | None = None

    def play(self) -> RunResult:
        game, result, spec = self.game, self.result, self.spec
        keys: list[str] = []
        scenes: list[str | None] = []
        try:
            self._note(game.start())
            self._offer()
            state = game.state
            while state.ending is None:
                if len(keys) >= spec.step_limit:
                    result.status = "step-limit"
                    result.loop = tuple(sorted({s for s in scenes[-LOOP_WINDOW:] if s}))
                    break
                pending = state.pending
                assert pending is not None
                if pending.kind == "scene":
                    enabled = self.enabled
                    # the random policy's rng.choice over as many keys: the same draw
                    n = self.rng.choice(range(len(enabled)))
                    step = enabled[n]
                    key = self.keys[n] if self.keys is not None else _KEYS[n] if n < len(_KEYS) else str(n + 1)
                    mark = (state.scene, step.option_id)
                    marks = engine_runner._MARKS
                    self.last_choice = marks.get(mark) or marks.setdefault(mark, engine_runner._choice_mark(*mark))
                    result.choices[self.last_choice] = result.choices.get(self.last_choice, 0) + 1
                    keys.append(key)
                    scenes.append(state.scene)
                    self._scene_step(step, key)
                elif pending.kind == "roll" and self.roll is not None:
                    key = self._roll_decision()
                    keys.append(key)
                    scenes.append(state.scene)
                    self._roll_step(key)
                elif pending.kind == "character":
                    # the random policy's rng.choice over the options' keys: the same draw
                    offered_ids = [(_KEYS[n] if n < len(_KEYS) else str(n + 1), person.id)
                                   for n, person in enumerate(game.adventure.characters) if ALTERNATIVE not in person.id]
                    key, person_id = offered_ids[self.rng.choice(range(len(offered_ids)))]
                    keys.append(key)
                    scenes.append(state.scene)
                    self._character_step(key, person_id)
                elif pending.kind == "conflict" and self.fight is not None:
                    setup, playable = self.fight
                    # the random policy's rng.choice over the playable keys: the same draw
                    key, action = playable[self.rng.choice(range(len(playable)))]
                    keys.append(key)
                    scenes.append(state.scene)
                    self._conflict_step(setup, key, action)
                else:
                    offered = game.offered
                    assert offered is not None
                    key = self.policy.choose(game)
                    if offered.kind == "roll":
                        option = next((o for o in offered.options if o.key == key), None)
                        if option is not None and option.id in REROLL_WORDS:
                            result.rerolls += 1
                    keys.append(key)
                    scenes.append(state.scene)
                    self._note(game.choose(key))
                    self._offer()
        except Exception as exc:  # any failure inside the engine is a finding, not a crash
            message = str(exc) or type(exc).__name__
            result.status = "dead-end" if DEAD_END in message else "loop" if NO_DECISION_LOOP in message else "error"
            result.error = f"{type(exc).__name__}: {message}"
            result.keys = tuple(keys)
        return self._finish(keys)

    # -- a scene decision, played here ------------------------------------------------------
    def _scene_step(self, step: Any, key: str) -> None:
        game = self.game
        state = game.state
        state.choices.append(key)
        state.pending = None
        game._offered = None
        game.budget = StepBudget()
        try:
            choice = step.choice
            state.turn += 1
            if step.mark is not None:
                state.taken.append(step.mark)
            runner = EffectRunner(game.context)
            runner.run(choice.effects)
            if step.check and runner.goto is None:  # Game._begin_check: the rules' roll
                self._note(runner.events)
                data = {"scene": state.scene, "index": step.index}
                spec = choice.check
                params = super(_Game, game)._params(spec)
                self.params = (spec, params)  # settling the roll asks for them again (_Game._params)
                if spec.kind == "contest":
                    record = game.ruleset.contest(game.dice, game.character, game._opponent(spec), params)
                else:
                    record = game.ruleset.check(game.dice, game.character, params)
                self._after_roll(data, record)
            else:
                game.run_turn_hooks(runner, runner.goto or choice.goto)
                game._follow(runner, checked=True)
                self._note(runner.events)
            self._offer()
        except (InvalidDecision, EngineError):
            raise
        except FAILURES as exc:  # as Game.choose reports it: one line naming scene and field
            raise game._failed(exc) from exc

    # -- the character choice, played here ---------------------------------------------------
    def _character_step(self, key: str, person_id: str) -> None:
        """:meth:`Game.choose` on the character decision: the engine's own
        :meth:`Game._choose_character` (the pregen made, prepared and checked, the first scene
        entered), without the character offer (its stats and descriptions) built for nobody."""
        game = self.game
        game.state.choices.append(key)
        game.state.pending, game._offered, game.budget = None, None, StepBudget()
        try:
            self._note(game._choose_character(person_id, {}))
            self._offer()
        except (InvalidDecision, EngineError):
            raise
        except FAILURES as exc:
            raise game._failed(exc) from exc

    # -- a roll and the rules' offers on it, played here --------------------------------------
    def _after_roll(self, data: dict[str, Any], record: Any) -> None:
        """:meth:`Game._after_roll`: the rules' offers on the roll make a decision (kept here,
        with no copy of the record), or the roll is settled by the engine's own
        :meth:`Game._resolve` (its branch, the end of the turn and the moves)."""
        game = self.game
        offers = game._offers(data, record)
        if offers:
            game.state.pending = Pending("roll", dict(data))
            self.roll = (data, record, offers)
        else:
            self._note(game._resolve(data, record))

    def _roll_decision(self) -> str:
        """The key the bot answers the roll on offer with (:func:`policies.dice_decision` on the
        offer the engine would build: keep is "1", the numbered offers "2"...)."""
        assert self.roll is not None
        if not self.takes_offers:  # the odds take no offer (GAME, Loose and Fuzzy): keep, "1"
            self.chosen = KEEP
            return "1"
        by_id = {KEEP: "1"}
        numbered = [offer for offer in self.roll[2] if not offer.typed and offer.key != KEEP]
        for n, offer in enumerate(numbered, start=2):
            if not offer.disabled:  # shown greyed, never taken: its number stays used
                by_id[offer.key] = str(n)
        wanted = odds_offer(self.game.ruleset, self.roll[1], self.roll[2])
        self.chosen = wanted if wanted in by_id else KEEP
        if self.chosen in REROLL_WORDS:
            self.result.rerolls += 1
        return by_id[self.chosen]

    def _roll_step(self, key: str) -> None:
        """:meth:`Game._choose_roll` for the bot's answer."""
        game = self.game
        assert self.roll is not None
        data, record, offers = self.roll
        self.roll = None
        game.state.choices.append(key)
        game.state.pending = None
        game.budget = StepBudget()
        chosen = self.chosen
        try:
            base = {k: v for k, v in data.items() if k != "record"}
            if chosen == KEEP and not any(o.key == KEEP for o in offers):
                self._note(game._resolve(base, record))
            else:
                if any(o.key == chosen and o.lesser for o in offers):
                    base[LESSER] = True
                given = hook(game.ruleset, TakesGivenOffers)
                # the record is the run's alone (see _after_roll) and dropped here: no copy of it
                self._after_roll(base, given.apply_given_offer(game.dice, record, game.character, chosen, offers,
                                                               owned=True)
                                 if given else game.ruleset.apply_offer(game.dice, record, game.character, chosen))
            self._offer()
        except (InvalidDecision, EngineError):
            raise
        except FAILURES as exc:
            raise game._failed(exc) from exc

    # -- a conflict's decision, played here ----------------------------------------------------
    def _conflict_step(self, setup: Any, key: str, action: str) -> None:
        """:meth:`Game.choose` on a conflict: the procedure's own ``act`` through the engine's
        :meth:`ConflictRunner.choose <solo.engine.conflicts.ConflictRunner.choose>`, on the setup
        the decision was asked on (its fighters are not restored a second time)."""
        game = self.game
        state = game.state
        pending = state.pending
        assert pending is not None
        self.fight = None
        state.choices.append(key)
        state.pending = None
        game._offered = None
        game.budget = StepBudget()
        try:
            runner = EffectRunner(game.context)
            # one of its enabled keys, on the pending state itself (dropped here for the step's)
            game.conflicts.choose(action, pending.data, runner, setup, on_offer=True, owned=True)
            game._follow(runner, checked=False)
            self._note(runner.events)
            self._offer()
        except (InvalidDecision, EngineError):
            raise
        except FAILURES as exc:
            raise game._failed(exc) from exc

    def _enter(self, scene_id: str, runner: EffectRunner) -> None:
        """:meth:`Game._enter` along a declared edge, with no event and no text; the move is
        counted here (the engine's run counts it from the event). The objectives are not checked
        again where that cannot complete one: the check just before the move completed none
        (``runner.settled``), the scene runs nothing on entry, the rules end nothing with the old
        scene, and no objective reads where the character is (``Program.objectives_read_place``):
        then nothing an objective reads has changed since that check."""
        game = self.game
        state = game.state
        settled = runner.settled and game._ends_scenes is None and not game.program.objectives_read_place
        scene = game.adventure.scenes.get(scene_id)
        if scene is None:
            raise EngineError(f"unknown scene {scene_id!r}")
        game.machine.move(scene_id)
        if game._ends_scenes is not None and state.scene not in (None, scene_id):
            runner.events.extend(ev.RulesNote(line) for line in game._ends_scenes.end_scene(game.character) or ())
        state.scene = scene_id
        state.visits[scene_id] = state.visits.get(scene_id, 0) + 1
        moves = self.result.moves
        move = (self.here, scene_id)
        moves[move] = moves.get(move, 0) + 1
        self.here = scene_id
        if scene.on_enter:
            runner.run(scene.on_enter)
            game._check_objectives(runner)
        elif not settled:
            game._check_objectives(runner)
        if scene.ending is not None and runner.goto is None:
            state.ending = scene.id
            state.pending = None
            game.ruleset.end_of_adventure(game.character)  # the rules' end (it may change the character)
            runner.settled = False
        elif scene.conflict is not None and runner.goto is None:
            game.conflicts.begin(scene, runner)
            runner.settled = False

    def _offer(self) -> None:
        """What the engine does at the end of a step: a scene decision's enabled choices (or the
        dead end), any other decision's offer built by the engine."""
        game = self.game
        pending = game.state.pending
        if pending is None or game.state.ending is not None:
            return
        if pending.kind == "scene":
            scene_id = game.state.scene or ""
            visible = game._visible(scene_id)
            self.enabled = [step for step, enabled in visible if enabled]
            # the keys the engine's offer gives them (Game._scene_offer): a greyed choice keeps
            # its number under the current numbering (GameState.numbering); with none greyed
            # they are numbered in order either way (None: the keys by position)
            self.keys = ([_KEYS[n] if n < len(_KEYS) else str(n + 1) for n, (_, on) in enumerate(visible) if on]
                         if game.state.numbering >= 2 and len(self.enabled) < len(visible) else None)
            if not self.enabled:
                raise EngineError(f"scene {scene_id!r} leaves the player no choice")
            game._offered = None
        elif pending.kind == "roll" and self.roll is not None or pending.kind == "character":
            game._offered = None  # played here (see _roll_decision, _character_step)
        elif pending.kind == "conflict":
            # the procedure's decision, without the offer's options, hints or odds: the keys the
            # engine would number ("1", "2"... over the enabled actions), less the alternatives
            # to rolling the random policy never plays (policies.playable_keys)
            setup, decision = game.conflicts.decision(pending.data)
            enabled = [action.key for action in decision.actions if action.enabled]
            self.fight = (setup, [(_KEYS[n] if n < len(_KEYS) else str(n + 1), action)
                                  for n, action in enumerate(enabled) if ALTERNATIVE not in action])
            game._offered = None
        elif game._offered is None:
            game._offered = game._build_offer()

    # -- what the result counts -------------------------------------------------------------
    def _note(self, events: list[ev.Event]) -> None:
        """:func:`solo.playtest.runner._note` for the events the engine's own paths return (none
        count nothing)."""
        if events:
            self.here = engine_runner._note(self.result, events, self.last_choice, self.here)

    def _finish(self, keys: list[str]) -> RunResult:
        return engine_runner.finish(self.result, self.game.state, self.spec.adventure, len(keys))
