"""The engine: one playthrough of an adventure, driven by decisions, answering with events.

A :class:`Game` owns the state, the seeded dice and the ruleset. Drivers call :meth:`Game.start`
once (or :meth:`Game.resume` from a save), then show the events, read :attr:`Game.offered` (the
current decision) and call :meth:`Game.choose` with a key. No method prints, prompts or touches a
file. The same game with the same seed and the same keys gives the same events.

Effects, conflicts and GM mode are handed the game's :attr:`Game.context` (a
:class:`~solo.engine.context.PlayContext`), never the game; a GM's jump is :meth:`Game.jump`, the
same scene entry as play. A playtest bot plays a ``quiet`` game: no odds hints are prepared.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from solo.adventure import expressions, odds
from solo.adventure.expression_compiler import SPECIAL_NAMES
from solo.adventure.format import branches
from solo.adventure.model import Adventure, Branch, CheckSpec, Choice, Scene
from solo.engine import conditions
from solo.engine import events as ev
from solo.engine.budget import StepBudget
from solo.engine.conflicts import ConflictRunner
from solo.engine.context import PlayContext
from solo.engine.effects import EffectError, EffectRunner
from solo.engine.failure import describe, mark_text
from solo.engine.program import program
from solo.engine.scene_machine import SceneMachine
from solo.engine.state import GameState, Pending
from solo.errors import SoloError
from solo.rules import registry
from solo.rules.base import (
    Character, Gains, HasMeasures, HasTraits, Incapacitates, KnowsOfferOdds, Offer, ReadsOffers, RulesError,
    EndsScenes, SaysWhatOffersDo, StartsAdventures, TakesGivenOffers, hook,
)
from solo.rules.dice import Dice, RollRecord
from solo.rules.notation import DiceNotation
from solo.rules.values import find_key

#: What ``roll.*`` reads after a kept roll (or a conflict's end), and its value before any roll.
#: A ruleset adds its own measures (``measure_names``: ``excess``, ``margin``, ``size``...).
ROLL_FIELDS: dict[str, Any] = {"outcome": "", "success": False, "total": 0}
KEEP = "keep"
ROLL = "roll"
#: Pending roll data that says an offer taken turns the loss on the opponent: the branch's
#: ``lesser`` form runs after it (see :attr:`solo.rules.base.Offer.lesser`).
LESSER = "lesser"
CHOICE_ID = "choice-"  # a scene option's id: "choice-" and its index in the scene's list
ALTERNATIVE = "/"  # "choice-2/voluntary-failure": choice 2 resolved by an alternative, not dice


class EngineError(SoloError, RuntimeError):
    """The game cannot go on: a broken adventure slipped past validation, or a bad save."""


#: What an adventure can make go wrong during a step, beyond what the validator catches (a bad
#: value, a missing key, arithmetic, a budget or bound run out, the rules refusing): turned into one
#: line naming the scene and field (:mod:`solo.engine.failure`). Other exceptions pass through
#: untouched: they are the caller's own (the analysis drives the engine with exceptions of its own).
FAILURES: tuple[type[BaseException], ...] = (
    ValueError, TypeError, LookupError, AttributeError, ArithmeticError, RecursionError, RuntimeError,
    MemoryError, AssertionError,
)


class InvalidDecision(SoloError, ValueError):
    """The player picked something not on offer. Not an error: ask again."""


MAX_STATS_SHOWN = 6


def _stat_text(value: Any) -> str:
    if isinstance(value, (list, tuple)):  # tiers (FOUR-S): "6/1" for [6, 1, 0, 0, 0, 0]
        shown = list(value)
        while len(shown) > 1 and shown[-1] == 0:
            shown.pop()
        return "/".join(map(str, shown))
    return str(value)


def stats_summary(stats: Mapping[str, Any]) -> str:
    """A one-line summary of a character's stats; with many numeric stats, the highest few."""
    items = list(stats.items())
    numeric = all(isinstance(v, int) and not isinstance(v, bool) for _, v in items)
    if numeric and len(items) > MAX_STATS_SHOWN:
        best = sorted(items, key=lambda kv: -kv[1])[:MAX_STATS_SHOWN]
        return ", ".join(f"{k} {v}" for k, v in best) + ", …"
    return ", ".join(f"{k} {_stat_text(v)}" for k, v in items)


class Game:
    """One playthrough. See the module docstring for how drivers use it."""

    def __init__(
        self,
        adventure: Adventure,
        *,
        seed: int | None = None,
        character: Character | None = None,
        quiet: bool = False,
        alternatives: bool = True,
    ) -> None:
        self.adventure = adventure
        #: Leave out what only a person reads: no odds hints on offered options (a bot that
        #: wants the odds asks :mod:`solo.adventure.odds`). The same state, dice and events
        #: otherwise. Playtest runs ask for it.
        self.quiet = quiet
        #: Offer the ruleset's alternatives to rolling beside a scene's check choices (``1a``:
        #: GUTS+ failing on purpose). A playtest bot never takes them, so its runs ask for none:
        #: the same choices, keys, dice and results, without working out options nobody picks.
        self.alternatives = alternatives
        self.ruleset = registry.get(adventure.system)
        self.dice = Dice(seed)
        self.machine = SceneMachine(adventure)
        self.budget = StepBudget()
        #: What effects, conflicts and GM mode may use of this game (never the game itself).
        self.context = PlayContext(self)
        self.conflicts = ConflictRunner(self.context)
        self.state = GameState(
            adventure_id=adventure.id,
            seed=self.dice.seed,
            flags=dict(adventure.flags),
            counters=dict(adventure.counters),
            clocks={cid: clock.start for cid, clock in adventure.clocks.items()},
            objectives={oid: False for oid in adventure.objectives},
        )
        self._preset = character
        if character is not None:
            self.state.start_character = character.to_dict()
        self._offered: ev.ChoicesOffered | None = None
        self._env: expressions.Environment | None = None
        #: A quiet game's roll on offer: (the record as kept in the pending data, the record, the
        #: rules' offers on it), so the offer and the answer neither copy it back nor ask again.
        self._roll_memo: tuple[dict[str, Any], RollRecord, list[Offer]] | None = None
        #: What is asked at every decision, compiled once per adventure (:mod:`solo.engine.program`):
        #: each scene's choices, the objectives that complete by a condition, the every-turn hooks.
        self.program = program(adventure)
        self._degree_memo = self.program.degrees_read  # (scene, check path): its degree is read
        self._measures_memo = self.program.measures_read  # (scene, check path): measures it reads
        self._incapacitates = hook(self.ruleset, Incapacitates)
        self._ends_scenes = hook(self.ruleset, EndsScenes)

    # -- life cycle --------------------------------------------------------------------------
    @classmethod
    def resume(cls, adventure: Adventure, state: Mapping[str, Any]) -> "Game":
        """A game restored from :meth:`snapshot` data: same scene, decision and dice."""
        game = cls(adventure, seed=int(state["seed"]))
        game.state = GameState.from_dict(dict(state))
        if game.state.dice:
            game.dice.set_state(game.state.dice)
        if game.state.scene is not None and game.state.scene not in adventure.scenes:
            raise EngineError(f"scene {game.state.scene!r} is no longer in the adventure")
        game.machine.place(game.state.scene)
        if game.state.pending is not None:
            try:
                game._offered = game._build_offer()
            except FAILURES as exc:
                raise game._failed(exc) from exc
        return game

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (what a save stores)."""
        self.state.dice = self.dice.get_state()
        return self.state.to_dict()

    @property
    def character(self) -> Character:
        if self.state.character is None:
            raise EngineError("no character has been chosen yet")
        return self.state.character

    @property
    def finished(self) -> bool:
        return self.state.ending is not None

    @property
    def offered(self) -> ev.ChoicesOffered | None:
        """The decision the game is waiting for, or None when it has ended."""
        return self._offered

    def start(self) -> list[ev.Event]:
        """Begin the adventure: the intro, then the character choice or the first scene."""
        self.budget = StepBudget()
        try:
            return self._start()
        except EngineError:
            raise
        except FAILURES as exc:
            raise self._failed(exc) from exc

    def _start(self) -> list[ev.Event]:
        events: list[ev.Event] = [
            ev.AdventureStarted(
                adventure=self.adventure.id,
                title=self.adventure.title,
                system=self.adventure.system,
                seed=self.dice.seed,
                intro=self.render(self.adventure.intro) if self.adventure.intro else "",
            )
        ]
        if self._preset is not None:
            events += self._set_character(self._preset)
            events += self._enter_start()
        elif len(self.adventure.characters) == 1:
            events += self._set_character(
                self.adventure.characters[0].character(self.adventure.system)
            )
            events += self._enter_start()
        elif self.adventure.characters:
            self.state.pending = Pending("character")
        else:
            raise EngineError("this adventure has no pregenerated character: bring your own")
        return self._finish_step(events)

    def replay_view(self) -> list[ev.Event]:
        """Events that show a resumed game where it stands (no state changes)."""
        events: list[ev.Event] = []
        if self.state.scene is not None:
            scene = self.adventure.scenes[self.state.scene]
            self.budget = StepBudget()
            try:
                text = self.render(scene.text)
            except FAILURES as exc:
                raise self._failed(exc) from exc
            events.append(ev.SceneEntered(scene.id, scene.title, text, scene.group))
            pending = self.state.pending
            if pending is not None and pending.kind == "conflict":  # the fight as it stands
                try:
                    events.append(self.conflicts.where_it_stands(pending.data))
                except FAILURES as exc:
                    raise self._failed(exc) from exc
        if self._offered is not None:
            events.append(self._offered)
        return events

    # -- decisions ---------------------------------------------------------------------------
    def choose(self, key: str, *, recorded: bool = False) -> list[ev.Event]:
        """Answer the decision on offer with an option's key (or its id).

        ``recorded``: the answer is re-enacted from a save's choice log (a replay), where the
        number of an offer on a roll shown disabled (:attr:`Offer.disabled`) is still taken:
        a save of an older release may have taken it when it was on offer, and the rules still
        carry it out, so the replay arrives where the save did. In play it is refused."""
        offered = self._offered
        if offered is None or self.state.pending is None:
            raise InvalidDecision("the game is not waiting for a decision")
        key = str(key).strip()
        try:
            option = self._match(offered, key)
        except InvalidDecision:
            withheld = withheld_option(offered, key)
            if withheld is not None and recorded and offered.kind == "roll":
                option = ev.Option(key, withheld.text, withheld.id)
            elif withheld is not None:
                raise InvalidDecision(f"{withheld.text!r} cannot be taken now: {withheld.reason}") from None
            else:
                typed = self._typed(key)
                if typed is None:
                    raise
                option = typed
        self._freeze_hints()
        self.state.choices.append(option.key or "")
        pending = self.state.pending
        self.state.pending = None
        self._offered = None
        handler = _HANDLERS[pending.kind]
        self.budget = StepBudget()
        try:
            return self._finish_step(handler(self, option.id, pending.data))
        except (InvalidDecision, EngineError):
            raise
        except FAILURES as exc:  # any failure of the adventure is the game's, in one line
            raise self._failed(exc) from exc

    def _failed(self, exc: BaseException) -> "EngineError":
        """The error to raise for ``exc`` raised during a step: one line naming scene and field
        (see :mod:`solo.engine.failure`)."""
        return EngineError(describe(self.adventure, self.state.scene, exc))

    @staticmethod
    def _match(offered: ev.ChoicesOffered, key: str) -> ev.Option:
        """The enabled option whose key is ``key`` (what was typed), else whose id is ``key``."""
        enabled = [o for o in offered.options if o.enabled and o.key is not None]
        for option in enabled:
            if option.key == key:
                return option
        for option in enabled:
            if option.id == key:
                return option
        valid = ", ".join(offered.enabled_keys())
        raise InvalidDecision(f"{key!r} is not one of the choices ({valid})")

    def _typed(self, text: str) -> ev.Option | None:
        """An answer typed to a roll's typed offer, read by the ruleset, as an option whose key
        reads back to itself (so the choice log replays); None if it is no such answer."""
        pending = self.state.pending
        read = hook(self.ruleset, ReadsOffers)
        if pending is None or pending.kind != "roll" or read is None or not text:
            return None
        record = RollRecord.from_dict(pending.data["record"])
        try:
            key = read.read_offer(record, self.character, text)
        except RulesError as exc:
            raise InvalidDecision(str(exc)) from exc
        return None if key is None else ev.Option(key, text, key)

    def _finish_step(self, events: list[ev.Event]) -> list[ev.Event]:
        if self.state.pending is not None:
            self._offered = self._build_offer()
            events.append(self._offered)
        return events

    # -- characters --------------------------------------------------------------------------
    def _set_character(self, character: Character) -> list[ev.Event]:
        character = self.ruleset.prepare_character(character)
        self.ruleset.validate_character(character)
        self.state.character = character
        gain = hook(self.ruleset, StartsAdventures)
        events: list[ev.Event] = [
            ev.CharacterChosen(character.id, character.name, dict(character.stats), list(character.items))
        ]
        if gain is not None:
            events += [ev.RulesNote(line) for line in gain.start_adventure(self.dice, character) or ()]
        return events

    def _choose_character(self, option_id: str, data: dict[str, Any]) -> list[ev.Event]:
        person = next(p for p in self.adventure.characters if p.id == option_id)
        events = self._set_character(person.character(self.adventure.system))
        return events + self._enter_start()

    def _enter_start(self) -> list[ev.Event]:
        runner = EffectRunner(self.context)
        runner.goto = self.adventure.start
        return self._follow(runner)

    # -- scenes ------------------------------------------------------------------------------
    def _follow(self, runner: EffectRunner, *, checked: bool = False) -> list[ev.Event]:
        """Move along pending gotos until a scene asks for a decision or the game ends.

        ``checked``: the caller has just checked the objectives (``runner.settled`` says whether
        that check completed none). The objectives are checked once more at the end unless the
        last check completed none and nothing has changed since: ``runner.settled`` stays true
        only while that holds (entering a scene checks them last, and an ending, a conflict's
        start or the character falling clears it), so a move into a scene that completes nothing
        is not checked twice.
        """
        state = self.state
        if not checked:
            runner.settled = False
        while state.ending is None:
            if runner.goto is None:
                if state.pending is None and self._taken_out(runner):
                    continue  # the adventure's `defeated` branch ran; follow where it leads
                break
            self.budget.move()
            dest, runner.goto = runner.goto, None
            self._enter(dest, runner)
        if not runner.settled:
            self._check_objectives(runner)
        if state.ending is None and state.pending is None:
            state.pending = Pending("scene")
        return runner.events

    def _enter(self, scene_id: str, runner: EffectRunner, *, jump: bool = False) -> None:
        """Enter a scene: along a declared edge in play, or without one for a GM's ``jump``;
        either way its ``on_enter`` effects, objectives, an ending or a conflict follow."""
        if scene_id not in self.adventure.scenes:
            raise EngineError(f"unknown scene {scene_id!r}")
        if jump:
            self.machine.place(scene_id)
        else:
            self.machine.move(scene_id)
        scene = self.adventure.scenes[scene_id]
        if self._ends_scenes is not None and self.state.scene not in (None, scene_id):
            lines = self._ends_scenes.end_scene(self.character) or ()  # what lasts the scene ends
            runner.events.extend(ev.RulesNote(line) for line in lines)
        self.state.scene = scene_id
        self.state.visits[scene_id] = self.state.visits.get(scene_id, 0) + 1
        runner.events.append(ev.SceneEntered(scene.id, scene.title, self.render(scene.text), scene.group))
        runner.run(scene.on_enter)
        self._check_objectives(runner)  # sets runner.settled
        if scene.ending is not None and runner.goto is None:
            self._end(scene, runner)
            runner.settled = False  # the rules' end of the adventure may change the character
        elif scene.conflict is not None and runner.goto is None:
            self.conflicts.begin(scene, runner)
            runner.settled = False

    def jump(self, scene_id: str) -> list[ev.Event]:
        """Go to ``scene_id`` without a declared edge (a GM's jump) and enter it as play enters
        any scene, then follow its gotos; the new decision is the last event. An ended game
        goes on from there. Raises :class:`EngineError` for an unknown scene or no character."""
        if scene_id not in self.adventure.scenes:
            raise EngineError(f"unknown scene {scene_id!r}")
        if self.state.character is None:
            raise EngineError("no character has been chosen yet")
        self._freeze_hints()
        self.state.pending = None
        self._offered = None
        self.state.ending = None
        runner = EffectRunner(self.context)
        self.budget = StepBudget()
        try:
            self._enter(scene_id, runner, jump=True)
            return self._finish_step(self._follow(runner))
        except (InvalidDecision, EngineError):
            raise
        except FAILURES as exc:
            raise self._failed(exc) from exc

    def refresh_offer(self) -> None:
        """Rebuild the decision on offer after a change made outside a step (GM mode's ``:set``
        and ``:give``): its conditions may read what changed."""
        self._freeze_hints()
        self._roll_memo = None  # the change may change the rules' offers
        if self.state.pending is not None and not self.finished:
            self._offered = self._build_offer()

    def incapacitated(self) -> str | None:
        """Why the rules say the character cannot act (``"unconscious"``, ``"0 FP"``), or None."""
        check = self._incapacitates
        character = self.state.character
        if check is None or character is None:
            return None
        return check.incapacitated(character) or None

    def _taken_out(self, runner: EffectRunner) -> bool:
        """Run the adventure's ``defeated`` branch when the character has just been taken out.

        Only the moment of falling counts (a conflict's own ``lost`` branch handles a fall in a
        fight): the branch runs once, and again only after the character was back on their feet.
        Returns True when the branch ran.
        """
        reason = self.incapacitated()
        if reason == self.state.down:
            return False
        self.state.down = reason
        runner.settled = False  # the state changed after the last objectives check
        if reason is None or self.adventure.defeated is None:
            return False
        runner.events.append(ev.RulesNote(f"{self.character.name} is taken out: {reason}."))
        runner.apply_branch(self.adventure.defeated)
        return True

    def _end(self, scene: Scene, runner: EffectRunner) -> None:
        self.state.ending = scene.id
        self.state.pending = None
        assert scene.ending is not None
        lines = self.ruleset.end_of_adventure(self.character) or []
        runner.events.extend(ev.RulesNote(line) for line in lines)
        runner.events.append(
            ev.EndingReached(
                id=scene.id,
                title=scene.title,
                outcome=scene.ending.outcome,
                summary=self.render(scene.ending.summary),
                objectives=dict(self.state.objectives),
                resources=dict(self.character.resources),
            )
        )

    def visible_choices(self, scene: Scene) -> list[tuple[int, Choice, bool]]:
        """(index, choice, enabled) for the choices a player sees in a scene now."""
        return [(step.index, step.choice, enabled) for step, enabled in self._visible(scene.id)]

    def _visible(self, scene_id: str) -> list[tuple[Any, bool]]:
        """(compiled choice, enabled) for the choices a player sees in a scene now (the program's
        :class:`~solo.engine.program.ChoiceStep`, so the offer need not work them out again).

        A condition holds when its function of the state (:mod:`solo.engine.conditions`) says
        so, or, where it has none or the function fails, when :meth:`evaluate` (the ordinary
        way, which words any error) says so; the every-turn hooks and the objectives are asked
        the same way. The calls are written out in each loop: they run at every decision."""
        shown = []
        state = self.state
        down = state.down
        taken = state.taken
        env = self._env or self.environment()
        # what a condition's function reads (nothing here changes them: conditions only read)
        F, K, N, V, P = state.flags, state.clocks, state.counters, env.variables, env.functions
        for step in self.program.scenes[scene_id]:
            if step.mark is not None and step.mark in taken:
                continue
            condition = step.condition
            if condition is None:
                enabled = True
            else:  # its function of the state (see _visible's docstring), inline: asked at every decision
                try:
                    value = step.fast(F, K, N, V, P)  # type: ignore[misc]  # None raises: the ordinary way
                except Exception:  # no function (None), or not the common case: the ordinary way
                    value = self.evaluate(condition)
                enabled = value is True or (value is not False and bool(value))
            if down and step.check:
                enabled = False  # no rolls while the rules have the character out
                shown.append((step, enabled))
            elif enabled or step.choice.disabled:
                shown.append((step, enabled))
        return shown

    def _choose_scene(self, option_id: str, data: dict[str, Any]) -> list[ev.Event]:
        scene = self.adventure.scenes[self.state.scene or ""]
        number, _, alternative = option_id.removeprefix(CHOICE_ID).partition(ALTERNATIVE)
        index = int(number)
        choice = scene.choices[index]
        self.state.turn += 1
        if choice.once:
            self.state.taken.append(f"{scene.id}#{index}")
        runner = EffectRunner(self.context)
        runner.run(choice.effects)
        if choice.check is not None and runner.goto is None:
            if alternative:
                data = {"scene": scene.id, "index": index}
                if any(o.once and o.key == alternative for o in self._alternatives(data)):
                    self.state.taken.append(self._once_mark(data, alternative))
                record = self.ruleset.take_alternative(self.character, self._params(choice.check), alternative)
                return runner.events + self._resolve(data, record)
            return self._begin_check(scene, index, runner)
        return self._end_turn(choice, runner, None)

    def _end_turn(self, choice: Choice, runner: EffectRunner, branch: Branch | None) -> list[ev.Event]:
        """After a choice (and its roll): hooks, then move on or stay and choose again."""
        goto = runner.goto or (branch.goto if branch is not None else None) or choice.goto
        self.run_turn_hooks(runner, goto)  # checks the objectives last
        return self._follow(runner, checked=True)

    def run_turn_hooks(self, runner: EffectRunner, goto: str | None) -> None:
        """The end of a turn: the ``every: turn`` hooks, then the move the turn chose (a hook's
        own ``goto`` wins)."""
        runner.goto = None
        state, env = self.state, self._env or self.environment()
        F, K, N, V, P = state.flags, state.clocks, state.counters, env.variables, env.functions
        for watch in self.program.turn_hooks:
            if watch.condition is not None:  # as in _visible (a hook changes the dictionaries in place)
                try:
                    value = watch.fast(F, K, N, V, P)  # type: ignore[misc]  # None raises: the ordinary way
                except Exception:  # no function (None), or not the common case: the ordinary way
                    value = self.evaluate(watch.condition)
                if not (value is True or (value is not False and bool(value))):
                    continue
            runner.run(watch.item.effects)
        if runner.goto is None:
            runner.goto = goto
        self._check_objectives(runner)

    # -- conflicts ---------------------------------------------------------------------------
    def _choose_conflict(self, option_id: str, data: dict[str, Any]) -> list[ev.Event]:
        runner = EffectRunner(self.context)
        self.conflicts.choose(option_id, data, runner)
        return self._follow(runner)

    # -- checks ------------------------------------------------------------------------------
    def _params(self, spec: CheckSpec) -> dict[str, Any]:
        """The check's parameters for the ruleset; a companion who assists comes as ``helper``."""
        return odds.check_params(self.adventure, self.ruleset, spec)

    def _opponent(self, spec: CheckSpec) -> Character:
        opponent = odds.opponent_of(self.adventure, self.ruleset, spec)
        if opponent is None:
            raise EngineError(f"contest without a known opponent ({spec.opponent!r})")
        return opponent

    def _spec(self, data: Mapping[str, Any]) -> tuple[Scene, int, Choice, CheckSpec]:
        scene = self.adventure.scenes[data["scene"]]
        index = int(data["index"])
        choice = scene.choices[index]
        if choice.check is None:
            raise EngineError(f"choice {index} of scene {scene.id!r} has no check")
        return scene, index, choice, choice.check

    def _begin_check(self, scene: Scene, index: int, runner: EffectRunner) -> list[ev.Event]:
        spec = scene.choices[index].check
        assert spec is not None
        data = {"scene": scene.id, "index": index}
        return runner.events + self._roll(data)

    def _alternatives(self, data: Mapping[str, Any]) -> list[Offer]:
        """The ruleset's alternatives to rolling this choice's check, less those it offers once
        per choice that were taken here before (GUTS+ voluntary failure)."""
        spec = self._spec(data)[3]
        offers = self.ruleset.alternatives(self.character, self._params(spec))
        return [o for o in offers if not (o.once and self._once_mark(data, o.key) in self.state.taken)]

    @staticmethod
    def _once_mark(data: Mapping[str, Any], key: str) -> str:
        return f"{data['scene']}#{data['index']}:{key}"

    def _choose_check(self, option_id: str, data: dict[str, Any]) -> list[ev.Event]:
        if option_id == ROLL:
            return self._roll(data)
        spec = self._spec(data)[3]
        if any(o.once and o.key == option_id for o in self._alternatives(data)):
            self.state.taken.append(self._once_mark(data, option_id))
        record = self.ruleset.take_alternative(self.character, self._params(spec), option_id)
        return self._resolve(data, record)

    def _roll(self, data: dict[str, Any]) -> list[ev.Event]:
        scene, index, choice, spec = self._spec(data)
        params = self._params(spec)
        # the chance before the roll is for people (luck, in summaries): a quiet game keeps none
        chance = None if self.quiet else self._chance(spec)
        if chance is not None:
            data = {**data, "chance": chance}
        if spec.kind == "contest":
            record = self.ruleset.contest(self.dice, self.character, self._opponent(spec), params)
        else:
            record = self.ruleset.check(self.dice, self.character, params)
        return self._after_roll(data, record)

    def _reads_degrees(self, scene: Scene, spec: CheckSpec) -> bool:
        """Whether the adventure says what this check's degree does (a degree branch, or a
        ``roll.<measure>`` read after it); True in a system without degrees as outcomes."""
        found = self._degree_memo.get((scene.id, spec.path))
        if found is None:
            from solo.adventure.degree_checks import degrees, writes_degrees

            words = degrees(self.ruleset)
            found = words is None or not words[0] or writes_degrees(self.adventure, scene, spec, *words)
            self._degree_memo[(scene.id, spec.path)] = found
        return found

    def _measures_read(self, scene: Scene, spec: CheckSpec) -> list[str]:
        """The ruleset's roll measures (``roll.<name>``) this check's branches or texts read
        beyond its degrees (Humanity, Blessed ``margin``): an offer that only moves one of them
        still changes what the player is shown."""
        found = self._measures_memo.get((scene.id, spec.path))
        if found is None:
            from solo.adventure.degree_checks import degrees, writes_degrees

            words = degrees(self.ruleset)
            said = set(words[1]) if words else set()
            found = [name for name in _measures(self.ruleset)
                     if name not in said and writes_degrees(self.adventure, scene, spec, (), (name,))]
            self._measures_memo[(scene.id, spec.path)] = found
        return found

    def _offers(self, data: Mapping[str, Any], record: RollRecord) -> list[Offer]:
        """The rules' offers on a roll, less any that would run a ``lesser`` form the branch the
        roll takes does not have (the loss would be turned for nothing)."""
        scene, _, _, spec = self._spec(data)
        if not self._reads_degrees(scene, spec):
            record.details["degree_unread"] = True  # the rules offer nothing that only changes it
        read = self._measures_read(scene, spec)
        if read:
            record.details["measures_read"] = read  # an offer moving one of them is not idle
        offers = self.ruleset.offers(record, self.character)
        if any(o.lesser for o in offers):
            branch = self._branch_for(spec, record)
            if branch is None or branch.lesser is None:
                offers = [o for o in offers if not o.lesser]
        return offers

    def _after_roll(self, data: dict[str, Any], record: RollRecord) -> list[ev.Event]:
        offers = self._offers(data, record)
        if offers:
            kept = record.to_dict()
            self.state.pending = Pending("roll", {**data, "record": kept})
            if self.quiet:  # the offer and the answer read this record and its offers, not copies
                self._roll_memo = (kept, record, offers)
            # a quiet game's event shares the pending copy (no front end holds the event)
            return [ev.RollMade(kept if self.quiet else record.to_dict(), self._roll_label(data), final=False)]
        return self._resolve(data, record)

    def _pending_roll(self, data: Mapping[str, Any]) -> tuple[RollRecord, list[Offer]]:
        """The roll on offer (its record kept in the pending ``data``) and the rules' offers on
        it: a quiet game's own, when the record is the copy it made of them, else read back from
        the data (a resumed game, an analyzer's restored state)."""
        kept = data["record"]
        memo = self._roll_memo
        if memo is not None and memo[0] is kept:
            return memo[1], memo[2]
        record = RollRecord.from_dict(kept)
        return record, self._offers(data, record)

    def _choose_roll(self, option_id: str, data: dict[str, Any]) -> list[ev.Event]:
        record, offers = self._pending_roll(data)
        self._roll_memo = None  # the rules may change the record in place: read from the data again
        base = {k: v for k, v in data.items() if k != "record"}
        if option_id == KEEP and not any(o.key == KEEP for o in offers):  # the rules' own keep goes on
            return self._resolve(base, record)
        if any(o.key == option_id and o.lesser for o in offers):
            base[LESSER] = True  # the branch's lesser form runs after it
        given = hook(self.ruleset, TakesGivenOffers)  # the offers are at hand: not worked out again
        record = (given.apply_given_offer(self.dice, record, self.character, option_id, offers) if given
                  else self.ruleset.apply_offer(self.dice, record, self.character, option_id))
        return self._after_roll(base, record)

    def _own_keep(self, record: RollRecord) -> Offer | None:
        """The ruleset's own offer keyed ``keep``, when it has one: the roll is not finished
        (Humanity, Blessed: a spark may still join a first roll), and keeping it goes on through
        :meth:`apply_offer` instead of ending the roll."""
        return next((o for o in self.ruleset.offers(record, self.character) if o.key == KEEP), None)

    def _resolve(self, data: dict[str, Any], record: RollRecord) -> list[ev.Event]:
        scene, index, choice, spec = self._spec(data)
        dice, character = self.dice, self.character  # read once: the rules change it in place, never swap it
        record = self.ruleset.settle(dice, record, character, self._params(spec), frozenset(spec.outcomes))
        runner = EffectRunner(self.context)
        xp_before = int(character.resources.get("xp", 0) or 0)
        lines = self.ruleset.experience(record, character) or []
        self.state.last_roll = {
            "outcome": record.outcome, "success": record.success,
            "total": record.total if isinstance(record.total, int) else 0, **record.measures,
        }
        made = self._roll_made(data, record, choice)  # its label read with the roll just made
        if made is not None:
            runner.events.append(made)
        xp_after = int(character.resources.get("xp", 0) or 0)
        if xp_after != xp_before:
            runner.events.append(ev.XpGained(xp_after - xp_before, xp_after, "roll"))
        runner.events.extend(ev.RulesNote(line) for line in lines)
        branch = self._branch_for(spec, record)
        if branch is not None:
            runner.apply_branch(branch)
            if data.get(LESSER) and branch.lesser is not None:  # the loss turned on the opponent
                runner.apply_branch(branch.lesser)
        return self._end_turn(choice, runner, branch)

    def _roll_made(self, data: Mapping[str, Any], record: RollRecord, choice: Choice) -> ev.RollMade | None:
        """A settled roll written down: its copy in the game's roll log (with the odds of success
        before it, when known) and the event that shows it. A run that reads neither (the
        playtest's fast runtime) counts the roll its own way instead."""
        shown = record.to_dict()
        entry = dict(shown)  # the log's copy (its parts are the event's: neither is changed later)
        if "chance" in data:
            entry["chance"] = data["chance"]  # the odds of success before the roll: luck, in summaries
        self.state.rolls.append(entry)
        return ev.RollMade(shown, self.render(choice.text), final=True)  # _roll_label(data)

    def _branch_for(self, spec: CheckSpec, record: RollRecord) -> Branch | None:
        return branches.check_branch(spec.outcomes, record.outcome, record.success, record.measures.get("size"))

    def _roll_label(self, data: Mapping[str, Any]) -> str:
        """What a roll is for: the text of the choice that asked for it."""
        return self.render(self._spec(data)[2].text)

    # -- offers ------------------------------------------------------------------------------
    def _build_offer(self) -> ev.ChoicesOffered:
        pending = self.state.pending
        assert pending is not None
        if pending.kind == "character":
            options = []
            for n, person in enumerate(self.adventure.characters, start=1):
                stats = stats_summary(person.stats)
                options.append(
                    ev.Option(str(n), person.name, person.id, hint=stats, detail=self.render(person.description))
                )
            return ev.ChoicesOffered("character", "Choose your character", options)
        if pending.kind == "scene":
            return self._scene_offer()
        if pending.kind == "check":
            scene, index, choice, spec = self._spec(pending.data)
            options = [ev.Option("1", "Roll the dice", ROLL, hint="" if self.quiet else self._lazy_hint(spec))]
            for n, alt in enumerate(self._alternatives(pending.data), start=2):
                options.append(ev.Option(str(n), alt.text, alt.key))
            return ev.ChoicesOffered("check", choice.text, options)
        if pending.kind == "conflict":
            return self.conflicts.offer(pending.data)
        if pending.kind == "roll":
            record, offers = self._pending_roll(pending.data)
            keep = next((o for o in offers if o.key == KEEP), None)  # what _own_keep finds, asked once
            frozen = None if self.quiet else self.character.to_dict()  # the hints read the roll and character as offered
            if keep is None:
                says = hook(self.ruleset, SaysWhatOffersDo)
                also = says.keep_words(record) if says is not None else ""
                options = [ev.Option("1", f"Keep the roll: {also}" if also else "Keep the roll", KEEP)]
            elif frozen is None:
                options = [ev.Option("1", keep.text, KEEP)]
            else:
                options = [ev.Option("1", keep.text, KEEP,
                                     hint=functools.partial(self._offer_hint, pending.data, KEEP, frozen))]  # type: ignore[arg-type]  # computed when first read
            numbered = [offer for offer in offers if not offer.typed and offer.key != KEEP]
            for n, offer in enumerate(numbered, start=2):
                if offer.disabled:  # shown with its reason and no key; its number stays taken
                    options.append(ev.Option(None, offer.text, offer.key, False, offer.disabled))
                    continue
                if frozen is None:
                    options.append(ev.Option(str(n), offer.text, offer.key))
                    continue
                hint = functools.partial(self._offer_hint, pending.data, offer.key, frozen, offer.text)
                options.append(ev.Option(str(n), offer.text, offer.key, hint=hint))  # type: ignore[arg-type]  # computed when first read
            # answered by typing (the text says what): shown without a number
            options += [ev.Option(None, o.text, o.key) for o in offers if o.typed]
            return ev.ChoicesOffered("roll", "The dice are down", options)
        raise EngineError(f"unknown decision kind {pending.kind!r}")

    def _scene_offer(self) -> ev.ChoicesOffered:
        scene_id = self.state.scene or ""
        visible = self._visible(scene_id)
        numbered = self.state.numbering >= 2  # a greyed choice keeps its number (GameState.numbering)
        if self.quiet:
            shape = (scene_id, self.state.down, numbered, *[(step.index, enabled) for step, enabled in visible])
            made = self.program.offers.get(shape)
            if made is not None:  # the same choices shown as before: the same options
                return ev.ChoicesOffered("scene", "What do you do?", list(made))
        options = []
        n = 0
        quiet, render, option = self.quiet, self.render, ev.Option
        fixed = quiet  # every text the same whatever the state: the options can be kept
        for step, enabled in visible:
            choice = step.choice
            text = choice.text
            if enabled or numbered:
                n += 1
            if enabled:
                key = _KEYS[n] if n < len(_KEYS) else str(n)
                fixed = fixed and step.plain_text
                if quiet:  # no hint: a bot reads none
                    options.append(ev.plain_option(key, text if step.plain_text else render(text), step.option_id))
                else:
                    hint = self._lazy_hint(choice.check) if step.check else ""
                    options.append(option(key, text if step.plain_text else render(text), step.option_id, hint=hint))
                if step.check and self.alternatives:
                    fixed = False  # the rules' alternatives read the character
                    options.extend(self._alternative_options(choice, step.index, key))
            else:
                fixed = fixed and step.plain_text and "{" not in (choice.disabled or "")
                reason = self.render(choice.disabled or "")
                if self.state.down and step.check:
                    reason = f"not while {self.state.down}"
                options.append(option(None, self.render(choice.text), step.option_id, False, reason))
        if not any(enabled for _, enabled in visible):
            scene = self.adventure.scenes[scene_id]
            raise EngineError(f"scene {scene.id!r} leaves the player no choice")
        if fixed:
            self.program.keep_offer(shape, tuple(options))
        return ev.ChoicesOffered("scene", "What do you do?", options)

    def _alternative_options(self, choice: Choice, index: int, key: str) -> list[ev.Option]:
        """Ways to settle a choice's check without rolling (GUTS+ failing on purpose), keyed 1a, 1b..."""
        spec = choice.check
        if spec is None or spec.kind != "check":
            return []
        try:
            alternatives = self._alternatives({"scene": self.state.scene, "index": index})
        except RulesError:
            return []
        return [
            ev.Option(f"{key}{chr(ord('a') + n)}", alt.text, f"{CHOICE_ID}{index}{ALTERNATIVE}{alt.key}", parent=key)
            for n, alt in enumerate(alternatives[:26])
        ]

    def _odds(self, spec: CheckSpec, character: Character | None = None):
        """The exact odds of a check or contest for the character now (or ``character``), or None
        if not computable. Every view asks :mod:`solo.adventure.odds`, so they all agree."""
        try:
            who = character if character is not None else self.character
            return odds.spec_odds(self.adventure, self.ruleset, who, spec)
        except (RulesError, EngineError, LookupError):
            return None

    def _chance(self, spec: CheckSpec) -> float | None:
        """The chance of success of a check or contest before it is rolled, or None if unknown."""
        found = self._odds(spec)
        return None if found is None else round(float(found.success_chance()), 6)

    def _lazy_hint(self, spec: CheckSpec) -> Any:
        """The odds hint of a check on offer, computed only when someone reads it."""
        return functools.partial(self._odds_hint, spec, None)

    def _freeze_hints(self) -> None:
        """Before the state changes: hints nobody has read yet keep the character as it is now."""
        offered = self._offered
        if self.quiet or offered is None or not any(option.hint_pending() for option in offered.options):
            return
        frozen = Character.from_dict(self.character.to_dict())
        for option in offered.options:
            if option.hint_pending():
                pending = option.__dict__["_hint"]
                if pending.func == self._odds_hint:  # an offer's hint holds its own copies
                    option.hint = functools.partial(self._odds_hint, pending.args[0], frozen)  # type: ignore[assignment]  # made when first read

    def _offer_hint(self, data: Mapping[str, Any], key: str, character: dict[str, Any], text: str = "") -> str:
        """What an offer on a roll does to the chance of success (take it, then keep the roll),
        or that it cannot change the result; "" when that cannot be worked out. What the offer
        earns is not said again when its ``text`` says it already."""
        from solo.rules.base import WALK, DescribesDegrees
        from solo.rules.offer_odds import SUCCESS, offer_run, outcomes_of

        try:
            record = RollRecord.from_dict(data["record"])
            who = Character.from_dict(character)
            spec = self._spec(data)[3]
            params, branches = self._params(spec), frozenset(spec.outcomes)
        except (EngineError, RulesError, LookupError, ValueError, TypeError):
            return ""
        known = hook(self.ruleset, KnowsOfferOdds)  # a plug-in ruleset may not have it
        degrees = hook(self.ruleset, DescribesDegrees)
        measures = degrees.degree_words[1] if degrees is not None else ()

        def after_taking(offer: str | None) -> dict[str, Any] | None:
            exact = known.offer_odds(record, who, offer) if known is not None and offer is not None else WALK
            if exact is None:
                return None
            if isinstance(exact, str):  # WALK: walk the dice the offer draws
                return outcomes_of(offer_run(self.ruleset, offer, params, branches), record, who, measures)
            return {**exact.outcomes, SUCCESS: exact.success_chance()}

        after = after_taking(key)
        if after is None:
            return ""
        if key == KEEP:  # the roll's own way on (a first roll a spark may still join)
            return f"then {odds.percent(after[SUCCESS])} to succeed"
        # the roll as it stands: kept plainly, or carried on by the ruleset's own keep
        now = after_taking(KEEP if self._own_keep(record) is not None else None)
        chance = after[SUCCESS]
        sure = now is not None and all(p in (0, 1) for p in now.values())
        if sure and now == after:  # one outcome and one degree, sure either way
            says = hook(self.ruleset, SaysWhatOffersDo)
            effect = says.offer_effect(record, who, key) if says is not None else ""
            if effect and effect.removeprefix("it ") in text:  # "Spend 1 blessing die for +1: earns ..." says it once
                return "the result stays as it is"
            return f"the result stays as it is; {effect}" if effect else "cannot change the result"
        if now is not None and now != after and odds.percent(now[SUCCESS]) == odds.percent(chance):
            # the chance as the player reads it stays: what the offer changes is how well it goes
            return f"{odds.percent(chance)} to succeed either way; it can change how well"
        return f"then {odds.percent(chance)} to succeed"

    def _odds_hint(self, spec: CheckSpec | None, character: Character | None = None) -> str:
        if spec is None:
            return ""
        found = self._odds(spec, character)
        if found is None:
            return ""
        label = odds.spec_label(self.adventure, spec, title=True, ruleset=self.ruleset)
        return f"{label}: {odds.percent(found.success_chance())} success"

    # -- objectives, awards, tables -----------------------------------------------------------
    def _check_objectives(self, runner: EffectRunner) -> None:
        if self.state.character is None:
            return
        state = self.state
        done = state.objectives
        settled = True
        env = self._env or self.environment()
        F, K, N, V, P = state.flags, state.clocks, state.counters, env.variables, env.functions
        for watch in self.program.objectives:
            objective = watch.item
            if done.get(objective.id):
                continue
            try:  # as in _visible: the objectives are asked after every move
                value = watch.fast(F, K, N, V, P)  # type: ignore[misc]  # None raises: the ordinary way
            except Exception:  # no function (None), or not the common case: the ordinary way
                value = self.evaluate(watch.condition)
            if value is True or (value is not False and bool(value)):
                self.complete_objective(objective.id, runner)
                settled = False
        runner.settled = settled

    def complete_objective(self, oid: str, runner: EffectRunner) -> None:
        objective = self.adventure.objectives.get(oid)
        if objective is None:
            raise EffectError(f"complete: unknown objective {oid!r}")
        if self.state.objectives.get(oid):
            return
        self.state.objectives[oid] = True
        runner.events.append(ev.ObjectiveCompleted(oid, self.render(objective.text), dict(objective.award)))
        for resource, amount in objective.award.items():
            self.award(resource, amount, f"objective: {objective.text}", runner)

    def award(self, resource: str, amount: int | Mapping[str, int], reason: str, runner: EffectRunner) -> None:
        """Give a resource. An amount per name (GUTS+ ``learning: {thought: 1}``) is for the
        ruleset's ``gain`` hook to carry out; a number it leaves alone is added here."""
        character = self.character
        gain = hook(self.ruleset, Gains)
        before = character.resources.get(resource, 0)
        if not isinstance(amount, Mapping):
            amount = int(amount)
        lines = gain.gain(self.dice, character, resource, amount) if gain is not None else None
        if lines is None:
            if isinstance(amount, Mapping):
                raise EffectError(f"award: {resource} takes a whole number in {self.ruleset.id}")
            character.resources[resource] = int(before or 0) + amount
            lines = []
        after = character.resources.get(resource)
        count = sum(int(n) for n in amount.values()) if isinstance(amount, Mapping) else amount
        if resource == "xp":
            runner.events.append(ev.XpGained(count, int(after or 0), reason))
        else:
            runner.events.append(ev.ResourceChanged(resource, count, after, reason))
        runner.events.extend(ev.RulesNote(line) for line in lines)

    def roll_table(self, table_id: str, runner: EffectRunner) -> Branch | None:
        table = self.adventure.tables.get(table_id)
        if table is None:
            raise EffectError(f"table: unknown table {table_id!r}")
        notation = DiceNotation.parse(table.dice)
        rerolled: list[int] = []
        for _ in range(100):
            self.budget.table_roll()
            dice, total = notation.roll(self.dice)
            if total not in table.reroll:
                break
            rerolled.append(total)
        else:
            raise EffectError(f"table {table_id!r} rerolled 100 times in a row")
        runner.events.append(ev.TableRolled(table_id, dice, total, rerolled))
        for (lo, hi), branch in table.rows.items():
            if lo <= total <= hi:
                return branch
        return None

    # -- the journal -------------------------------------------------------------------------
    def note(self, text: str, kind: str = "note") -> ev.JournalNoted:
        """Write in the journal: a player's note, or an oracle's answer or a free roll (``kind``).

        The journal is part of the state, so saves keep it; it is not story, so undo keeps it too.
        """
        entry: dict[str, Any] = {"turn": self.state.turn, "scene": self.state.scene, "text": str(text), "kind": kind}
        self.state.journal.append(entry)
        return ev.JournalNoted(entry["text"], self.state.turn, self.state.scene, kind)

    # -- expressions -------------------------------------------------------------------------
    def environment(self) -> expressions.Environment:
        """What expressions see: a live view of the state, built once per game."""
        env = self._env
        if env is None:
            env = self._env = expressions.Environment(_Variables(self), self._functions())
        return env

    def _functions(self) -> dict[str, Any]:
        game = self

        def has(item: str) -> bool:
            character = game.state.character
            return character is not None and item in character.items

        def done(objective: str) -> bool:
            return bool(game.state.objectives.get(objective))

        def visited(scene: str) -> bool:
            return game.state.visits.get(scene, 0) > 0

        def stat(name: str) -> int:
            character = game.state.character
            if character is None:
                return 0
            value = _lookup(character.stats, name)
            return value if isinstance(value, int) else (0 if value is None else _die_size(value))

        def chance(name: str) -> int:
            try:
                found = odds.check_odds_for(game.ruleset, game.character, {"stat": name})
            except RulesError:
                return 0
            return round(float(found.success_chance()) * 100)

        def clock(name: str) -> int:
            return game.state.clocks.get(name, 0)

        def condition(name: str) -> bool:
            character = game.state.character
            return character is not None and name in character.conditions

        def fallen(npc: str) -> bool:
            return npc in game.state.fallen

        def resource(name: str) -> int:
            character = game.state.character
            if character is None:
                return 0
            value = character.resources.get(name, 0)
            return len(value) if isinstance(value, list) else int(value or 0)

        def trait(name: str) -> bool:
            character = game.state.character
            traits = hook(game.ruleset, HasTraits)
            return character is not None and traits is not None and bool(traits.has_trait(character, name))

        return {
            "has": has,
            "done": done,
            "visited": visited,
            "stat": stat,
            "chance": chance,
            "clock": clock,
            "condition": condition,
            "resource": resource,
            "trait": trait,
            "fallen": fallen,
        }

    def evaluate(self, text: str) -> Any:
        if type(text) is str:
            fast = _FAST.get(text, _UNMADE)
            if fast is _UNMADE:
                fast = conditions.fast(text)
                if len(_FAST) >= COMPILED_LIMIT:
                    _FAST.clear()
                _FAST[text] = fast
            if fast is not None:  # the common case: one function of the state (solo.engine.conditions)
                state, env = self.state, self._env or self.environment()
                try:
                    return fast(state.flags, state.clocks, state.counters, env.variables, env.functions)
                except Exception:
                    pass  # not the common case: the ordinary way below gives the value or the error
        run = _COMPILED.get(text) if type(text) is str else None
        try:
            if run is not None:  # the common case: a text compiled before, run straight
                return run(self._env or self.environment())
            expression = expressions.parse(text)
            value = expression.evaluate(self.environment())
            if type(text) is str and len(_COMPILED) < COMPILED_LIMIT:
                _COMPILED[text] = expression.compiled()
            return value
        except RecursionError:
            exc = expressions.ExpressionError("expression is too complex to evaluate")
            mark_text(exc, text)
            raise exc from None
        except Exception as exc:
            mark_text(exc, text)
            raise

    def render(self, text: str) -> str:
        if "{" not in text:
            return text
        try:
            return expressions.render(text, self.environment())
        except Exception as exc:
            mark_text(exc, text)
            raise


#: The method answering each kind of decision (looked up on the class: a subclass's own wins).
#: Option keys "1", "2"... made once.
_KEYS = tuple(str(n) for n in range(100))

_HANDLERS: dict[str, Any] = {
    "character": lambda game, option, data: game._choose_character(option, data),
    "scene": lambda game, option, data: game._choose_scene(option, data),
    "check": lambda game, option, data: game._choose_check(option, data),
    "roll": lambda game, option, data: game._choose_roll(option, data),
    "conflict": lambda game, option, data: game._choose_conflict(option, data),
}

#: Expression texts and their compiled closures (see :meth:`Game.evaluate`); the closures read
#: everything through the environment they are given, so one serves every game.
_COMPILED: dict[str, Any] = {}
COMPILED_LIMIT = 8192
#: Expression texts and their functions of the state (:mod:`solo.engine.conditions`), or None.
_FAST: dict[str, Any] = {}
_UNMADE = object()


class _Variables(Mapping[str, Any]):
    """The variables of a game's expressions, read from its state when asked (never copied).

    Later sources win, as they always have: counters, then clocks, then flags, then ``turn``,
    ``scene`` and the character's name and id.
    """

    __slots__ = ("_game", "_rolls")

    def __init__(self, game: "Game") -> None:
        self._game = game
        #: (the ruleset, ``roll.<field>`` -> the field's value before any roll): what
        #: :meth:`_special` works out for a ``roll.`` name, made at the first read of one.
        self._rolls: tuple[Any, dict[str, tuple[str, Any]]] | None = None

    def _special(self, name: str) -> Any:
        state = self._game.state
        if name.startswith("roll."):
            field = name[5:]
            if field in ROLL_FIELDS:
                return state.last_roll.get(field, ROLL_FIELDS[field])
            if field in _measures(self._game.ruleset):
                return state.last_roll.get(field, 0)
            raise KeyError(name)
        if name == "turn":
            return state.turn
        if name == "scene":
            return state.scene or ""
        if state.character is not None:
            if name == "character.name":
                return state.character.name
            if name == "character.id":
                return state.character.id
        raise KeyError(name)

    def __getitem__(self, name: str) -> Any:
        if name == "turn":  # the special name read most (``turn % 3 == 0``): as _special reads it
            return self._game.state.turn
        if name[:5] == "roll.":  # read after every roll (``roll.margin >= 2``): as _special reads it
            game = self._game
            rolls = self._rolls
            if rolls is None or rolls[0] is not game.ruleset:
                rolls = self._rolls = (game.ruleset, self._roll_fields(game.ruleset))
            found = rolls[1].get(name)
            if found is None:
                raise KeyError(name)
            return game.state.last_roll.get(found[0], found[1])
        if name in _SPECIAL:
            return self._special(name)
        return self.plain(name)

    @staticmethod
    def _roll_fields(ruleset: object) -> dict[str, tuple[str, Any]]:
        """``roll.<field>`` -> (field, its value before any roll), for every field and measure."""
        fields = {f"roll.{name}": (name, 0) for name in _measures(ruleset)}
        fields.update((f"roll.{name}", (name, value)) for name, value in ROLL_FIELDS.items())
        return fields

    def dicts(self) -> tuple[dict, dict, dict]:
        """The state's flags, clocks and counters, for the compiled expressions to read straight
        (:func:`solo.adventure.expression_compiler.compile_tree`)."""
        state = self._game.state
        return state.flags, state.clocks, state.counters

    def plain(self, name: str) -> Any:
        """A flag, clock or counter by name (``name`` neither special nor ``roll.*``)."""
        state = self._game.state
        # flags win over clocks, which win over counters (see the class docstring)
        value = state.flags.get(name, _ABSENT)
        if value is _ABSENT:
            value = state.clocks.get(name, _ABSENT)
            if value is _ABSENT:
                value = state.counters.get(name, _ABSENT)
                if value is _ABSENT:
                    raise KeyError(name)
        return value

    def __contains__(self, name: object) -> bool:
        try:
            self[name]  # type: ignore[index]
        except (KeyError, TypeError):
            return False
        return True

    def get(self, name: str, default: Any = None) -> Any:
        try:
            return self[name]
        except KeyError:
            return default

    def __iter__(self):
        state = self._game.state
        names = dict.fromkeys([*state.counters, *state.clocks, *state.flags, "turn", "scene"])
        if state.character is not None:
            names.update(dict.fromkeys(["character.name", "character.id"]))
        names.update(dict.fromkeys(f"roll.{field}" for field in ROLL_FIELDS))
        names.update(dict.fromkeys(f"roll.{field}" for field in _measures(self._game.ruleset)))
        return iter(names)

    def __len__(self) -> int:
        return sum(1 for _ in self)


_SPECIAL = SPECIAL_NAMES
_ABSENT = object()


def withheld_option(offered: ev.ChoicesOffered, key: str) -> ev.Option | None:
    """The option shown disabled whose number (or id) is ``key``, else None. A roll's options
    are numbered in order from 1 (the keep), a disabled one keeping its number unshown, and
    those answered by typing come last without one; a scene's choices likewise, when greyed
    ones keep their numbers (:attr:`GameState.numbering`; its choices that settle a check
    without dice, ``1a``, are no part of the count)."""
    if offered.kind == "scene":
        shown = [o for o in offered.options if not o.parent]
        if any(o.key is not None and o.key != str(n) for n, o in enumerate(shown, start=1)):
            return None  # numbered the old way: a greyed choice has no number
        return next((o for n, o in enumerate(shown, start=1)
                     if not o.enabled and o.key is None and key == str(n)), None)
    if offered.kind != "roll":
        return None
    for number, option in enumerate(offered.options, start=1):
        if not option.enabled and option.key is None and key in (str(number), option.id):
            return option
    return None


def _measures(ruleset: object) -> tuple[str, ...]:
    """The measures a ruleset's roll records carry (``roll.<name>``); none when it names none."""
    own = hook(ruleset, HasMeasures)
    return tuple(own.measure_names) if own is not None else ()


def _lookup(stats: Mapping[str, Any], name: Any) -> Any:
    """The value of the stat spelled ``name`` exactly, else read loosely (``"Hack/Slash"``)."""
    if not isinstance(name, str):
        return None
    if name in stats:
        return stats[name]
    key = _loose_key(tuple(stats), name)
    return None if key is None else stats[key]


@functools.lru_cache(maxsize=4096)
def _loose_key(names: tuple[str, ...], name: str) -> str | None:
    """The stat among ``names`` that ``name`` spells loosely (memoised: stat names rarely change)."""
    return find_key(dict.fromkeys(names), name)


def _die_size(value: Any) -> int:
    text = str(value).lower().lstrip("dc")
    return int(text) if text.isdigit() else 0
