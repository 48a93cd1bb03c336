"""Walking every game state that matters, on the real engine, into a finite graph.

A *state* is what the adventure and the rules can still tell apart (:class:`KeyMaker`): the
scene, the variables, clocks, objectives, once-only choices taken, the character (stats, items,
conditions, resources), and the parts of the turn counter and visit log that some expression
reads. What nothing reads (the roll log, the dice, the experience points that only count up) is
left out, so two games that can only go on the same way are one state.

From each state, each option the player has is taken on :class:`AnalysisGame`, the ordinary
engine with its randomness replaced by a *script*: when the engine rolls a check, rolls on a
table or draws any other die and the script has no answer yet, it stops with :class:`Need`; the
explorer then runs the step again once for each possible answer (a check's outcome classes, a
table's rows, a die's faces), each with its exact probability (:mod:`solo.analyze.outcomes`).
Decisions about the dice themselves (roll or take an alternative, offers on a roll) are made the
way the exact odds assume, inside the step, as the playtest bot makes them.

The result is a :class:`Graph`: nodes are states; each node has, per option, a distribution over
next states. Endings and runs the engine raises in (a dead end, a loop of gotos) are absorbing.
Exploration stops at ``max_states`` and says which variables took the most values.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable

from solo.adventure import expressions
from solo.adventure.model import Adventure, Branch
from solo.analyze import outcomes
from solo.engine import events as ev
from solo.engine.effects import EffectRunner
from solo.engine.game import Game
from solo.engine.state import GameState
from solo.playtest.policies import dice_decision, playable_keys
from solo.rules.base import Character
from solo.rules.dice import Dice, DiceError

#: Resources that only count up towards advancement and that no roll reads: left out of a
#: state unless an expression reads them with ``resource(...)``.
REWARDS = frozenset({"xp", "ep", "experience"})
DEFAULT_MAX_STATES = 200_000
MAX_SCRIPT = 24  # random events in one step before the step is given up as endless
MAX_BRANCHES = 20_000  # ways one step can go (products of dice faces...) before it is given up


class Need(Exception):
    """The engine wants a random answer the script does not have yet."""

    def __init__(self, what: str, choices: list[tuple[Any, Fraction]]) -> None:
        super().__init__(what)
        self.what = what
        self.choices = choices


class _ScriptedDice(Dice):
    """Dice whose faces come from the game's script; a missing face is a :class:`Need`."""

    def __init__(self, game: "AnalysisGame") -> None:
        super().__init__(0)
        self._game = game

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += 1
        return int(self._game.next_answer(f"d{sides}", lambda: [(f, Fraction(1, sides)) for f in range(1, sides + 1)]))


class AnalysisGame(Game):
    """The engine, its random events answered from a script (see the module docstring)."""

    def __init__(self, adventure: Adventure, character: Character | None = None) -> None:
        super().__init__(adventure, seed=0, character=character)
        self.dice = _ScriptedDice(self)
        self.script: list[Any] = []
        self.used = 0

    def next_answer(self, what: str, choices) -> Any:
        if self.used < len(self.script):
            answer = self.script[self.used]
            self.used += 1
            return answer
        if len(self.script) >= MAX_SCRIPT:
            raise outcomes.NotExact(f"more than {MAX_SCRIPT} random events in one step")
        raise Need(what, choices())

    def load(self, state: GameState, script: list[Any]) -> None:
        self.state = state
        self.script = script
        self.used = 0
        self.machine.place(state.scene)
        self._offered = self._build_offer() if state.pending is not None and state.ending is None else None

    def _freeze_hints(self) -> None:
        """Nobody reads the hints of an analysis: drop them instead of keeping them for later."""
        if self._offered is not None:
            for option in self._offered.options:
                if option.hint_pending():
                    option.hint = ""

    # the engine's random events, answered from the script ----------------------------------
    def _roll(self, data: dict[str, Any]) -> list[ev.Event]:
        scene, index, choice, spec = self._spec(data)
        character = self.character
        wanted = self.next_answer(
            f"{scene.id}#{index}",
            lambda: sorted(outcomes.outcome_classes(self.adventure, self.ruleset, character, spec).items(),
                           key=lambda kv: (kv[0][0], kv[0][1] or "")),
        )
        record = outcomes.representative(self.adventure, self.ruleset, character, spec, wanted)
        return self._after_roll(data, record)

    def roll_table(self, table_id: str, runner: EffectRunner) -> Branch | None:
        table = self.adventure.tables.get(table_id)
        if table is None:
            return super().roll_table(table_id, runner)
        total = int(self.next_answer(f"table {table_id}", lambda: outcomes.table_rows(table)))
        runner.events.append(ev.TableRolled(table_id, [], total, []))
        for (lo, hi), branch in table.rows.items():
            if lo <= total <= hi:
                return branch
        return None


# -- what a state is --------------------------------------------------------------------------


def _reads(adventure: Adventure) -> tuple[set[str], set[str], tuple[set[int], int] | None, bool, set[str]]:
    """(resources read, functions called, how ``turn`` is read (its moduli and the largest
    number it is compared with, or None if read any other way), whether ``turn`` is read at all,
    the fields of ``roll.*`` read), over every expression of the adventure."""
    from solo.analyze.expressions_used import adventure_expressions, turn_uses

    resources: set[str] = set()
    functions: set[str] = set()
    rolls: set[str] = set()
    turn_read = False
    moduli: set[int] = set()
    largest = 0
    bounded = True
    for text in adventure_expressions(adventure):
        try:
            parsed = expressions.parse(text)
        except expressions.ExpressionError:
            continue
        for name, args in parsed.calls():
            functions.add(name)
            if name == "resource" and args and isinstance(args[0], str):
                resources.add(args[0])
            elif name == "resource":
                resources.update(REWARDS)
        rolls.update(name[5:] for name in parsed.names() if name.startswith("roll."))
        if "turn" in parsed.names():
            turn_read = True
            found = turn_uses(parsed)
            if found is None:
                bounded = False
            else:
                moduli |= found[0]
                largest = max(largest, found[1])
    return resources, functions, (moduli, largest) if bounded else None, turn_read, rolls


class KeyMaker:
    """Turns a game state into its key: equal keys are games that can only go on alike."""

    def __init__(self, adventure: Adventure) -> None:
        resources, functions, turn, turn_read, rolls = _reads(adventure)
        self.drop = REWARDS - resources
        self.visits = "visited" in functions
        #: ``turn`` is kept as (min(turn, turn_cap), turn % turn_mod); None: kept whole.
        self.turn_mod: int | None = 1
        self.turn_cap: int | None = 0
        if turn_read and turn is None:
            self.turn_mod = self.turn_cap = None
        elif turn_read and turn is not None:
            moduli, largest = turn
            self.turn_mod = math.lcm(*moduli) if moduli else 1
            self.turn_cap = largest + 1
        self.names = self._names(adventure)
        #: The fields of the last roll that expressions read (``roll.outcome``...). A roll's
        #: total or measures are not decided by its outcome label, so reading them makes the
        #: analysis inexact (:class:`~solo.analyze.outcomes.NotExact`).
        self.roll_fields = sorted(rolls)
        beyond = [f for f in self.roll_fields if f not in ("outcome", "success")]
        self.inexact = (f"expressions read roll.{beyond[0]}, which a roll's outcome label does not decide"
                        if beyond else "")

    @staticmethod
    def _names(adventure: Adventure) -> list[str]:
        return ([f"flag {k}" for k in adventure.flags] + [f"counter {k}" for k in adventure.counters]
                + [f"clock {k}" for k in adventure.clocks])

    def character(self, character: Character | None) -> Any:
        if character is None:
            return None
        resources = tuple(sorted((k, repr(v)) for k, v in character.resources.items() if k not in self.drop))
        return (character.id, repr(character.stats), tuple(sorted(character.items)),
                tuple(sorted(character.conditions)), resources, repr(character.extra))

    def key(self, state: GameState) -> tuple:
        pending = None
        if state.pending is not None:
            pending = (state.pending.kind, repr(sorted(state.pending.data.items())))
        if self.turn_mod is None or self.turn_cap is None:
            turn: Any = state.turn
        else:
            turn = (min(state.turn, self.turn_cap), state.turn % self.turn_mod)
        visits = frozenset(s for s, n in state.visits.items() if n) if self.visits else ()
        last = tuple(state.last_roll.get(name) for name in self.roll_fields) if self.roll_fields else ()
        return (state.scene, state.ending, pending,
                tuple(state.flags.values()), tuple(state.counters.values()), tuple(state.clocks.values()),
                frozenset(state.clocks_filled), frozenset(o for o, done in state.objectives.items() if done),
                frozenset(state.taken), turn, visits, self.character(state.character),
                repr(sorted(state.npcs.items())) if state.npcs else (), tuple(sorted(state.fallen.items())),
                last, state.down)

    def variables(self, key: tuple) -> dict[str, Any]:
        """A key's variables by name (for saying which ones blow the state space up)."""
        values = list(key[3]) + list(key[4]) + list(key[5])
        found = dict(zip(self.names, values))
        found["scene"] = key[0]
        found["turn"] = key[9]
        found["items, conditions and resources"] = key[11]
        found["once-only choices taken"] = key[8]
        found["objectives done"] = key[7]
        return found


# -- the graph ----------------------------------------------------------------------------------


@dataclass
class Node:
    key: tuple
    state: GameState | None  # dropped once expanded
    scene: str | None
    kind: str  # "decision", "ending", "error"
    ending: str | None = None
    outcome: str | None = None
    error: str = ""
    options: list[tuple[str, list[tuple[int, Fraction]]]] = field(default_factory=list)
    objectives: frozenset[str] = frozenset()


@dataclass
class Graph:
    nodes: list[Node]
    start: list[tuple[int, Fraction]]
    complete: bool
    reason: str = ""
    blowup: list[tuple[str, int]] = field(default_factory=list)
    approximations: list[str] = field(default_factory=list)


class Explorer:
    def __init__(self, adventure: Adventure, character: Character | None = None,
                 max_states: int = DEFAULT_MAX_STATES) -> None:
        self.adventure = adventure
        self.keys = KeyMaker(adventure)
        self.max_states = max_states
        self.game = AnalysisGame(adventure, character)
        self.index: dict[tuple, int] = {}
        self.nodes: list[Node] = []
        self.todo: list[int] = []
        self.approximations: list[str] = []
        self.preset = character

    def _node(self, state: GameState, error: str = "") -> int:
        if error:
            key = ("error", state.scene, error)
        else:
            key = self.keys.key(state)
        found = self.index.get(key)
        if found is not None:
            return found
        done = frozenset(o for o, d in state.objectives.items() if d)
        if error:
            node = Node(key, None, state.scene, "error", error=error, objectives=done)
        elif state.ending is not None:
            scene = self.adventure.scenes[state.ending]
            node = Node(key, None, state.scene, "ending", ending=state.ending,
                        outcome=scene.ending.outcome if scene.ending else None, objectives=done)
        else:
            node = Node(key, state, state.scene, "decision", objectives=done)
            self.todo.append(len(self.nodes))
        self.index[key] = len(self.nodes)
        self.nodes.append(node)
        return self.index[key]

    def _step(self, state: GameState, action) -> list[tuple[int, Fraction]]:
        """Every outcome of one step from ``state`` (``action(game)`` makes the decision), with
        its probability, found by running the step once per script of random answers."""
        results: dict[int, Fraction] = {}
        stack: list[tuple[list[Any], Fraction]] = [([], Fraction(1))]
        game = self.game
        runs = 0
        while stack:
            runs += 1
            if runs > MAX_BRANCHES:
                raise outcomes.NotExact(f"one step can go more than {MAX_BRANCHES} ways (dice drawn one by one)")
            script, p = stack.pop()
            game.load(state.copy(), script)
            try:
                action(game)
                while game.offered is not None and game.offered.kind in ("check", "roll"):
                    game.choose(dice_decision(game, game.offered))
            except Need as need:
                for answer, q in need.choices:
                    if q:
                        stack.append((script + [answer], p * q))
                continue
            except outcomes.NotExact:
                raise
            except Exception as exc:  # the engine raised: an absorbing error state
                message = f"{type(exc).__name__}: {exc}"
                target = self._node(game.state, error=message)
                results[target] = results.get(target, Fraction(0)) + p
                continue
            target = self._node(game.state)
            results[target] = results.get(target, Fraction(0)) + p
        return sorted(results.items())

    def explore(self) -> Graph:
        if self.keys.inexact:
            return Graph([], [], False, reason=self.keys.inexact)
        template = AnalysisGame(self.adventure, self.preset)
        template.load(template.state, [])
        start_state = template.state.copy()
        try:
            start = self._step(start_state, lambda game: game.start())
            while self.todo:
                if len(self.nodes) > self.max_states:
                    return self._too_large()
                n = self.todo.pop()
                node = self.nodes[n]
                state = node.state
                assert state is not None
                node.state = None
                self.game.load(state.copy(), [])
                offered = self.game.offered
                if offered is None:
                    continue
                for option_key in playable_keys(offered):
                    node.options.append((option_key, self._step(state, lambda game, k=option_key: game.choose(k))))
        except outcomes.NotExact as exc:
            return Graph(self.nodes, [], False, reason=str(exc))
        return Graph(self.nodes, start, True, approximations=self.approximations)

    def _too_large(self) -> Graph:
        values: dict[str, set] = {}
        for node in self.nodes:
            if node.kind != "decision":
                continue
            for name, value in self.keys.variables(node.key).items():
                values.setdefault(name, set()).add(repr(value))
        blowup = sorted(((name, len(v)) for name, v in values.items() if len(v) > 1), key=lambda kv: -kv[1])
        reason = (f"more than {self.max_states} game states; the variables that take the most values: "
                  + ", ".join(f"{name} ({count})" for name, count in blowup[:6]))
        return Graph(self.nodes, [], False, reason=reason, blowup=blowup[:10])


def explore(adventure: Adventure, character: Character | None = None, max_states: int = DEFAULT_MAX_STATES) -> Graph:
    return Explorer(adventure, character, max_states).explore()


def all_options(graph: Graph) -> Iterable[tuple[int, str, list[tuple[int, Fraction]]]]:
    for n, node in enumerate(graph.nodes):
        for key, dist in node.options:
            yield n, key, dist
