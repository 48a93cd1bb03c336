"""Walking every game state that matters, on the real engine, into a finite graph.

A *state* is what the adventure and the rules can still tell apart (:class:`KeyMaker`): the
scene, the variables, clocks, objectives, once-only choices taken, the character (stats, items,
conditions, resources), and the parts of the turn counter and visit log that some expression
reads. What nothing reads (the roll log, the dice, the experience points that only count up) is
left out, so two games that can only go on the same way are one state. The reasoning, part by
part: ``turn`` is kept as far as expressions compare it (its residues and up to the largest
number it is compared with); visits only as "seen or not", and only for the scenes a
``visited("...")`` names (nothing else in the engine reads them; a call with a computed scene
keeps them all) and only while a scene the game can still come to (or a hook, objective...)
asks about them; the last roll only in the fields expressions outside outcome branches read (a
check's or conflict's branch runs right after its own roll set ``roll.*``, so it never reads an
earlier step's roll); rewards that only count up
only when ``resource(...)`` reads them; once-only choices taken only for the scenes the game can
still come to (worked out per state over the ways still open, with what live hooks and clocks
that can still fill can send it to from anywhere: :mod:`solo.analyze.reachable`): the engine
reads a mark only when it offers that scene's choices, and nothing else reads them; an ending
keeps none. Flags, counters, clocks and items are kept as far as something the game can still
come to reads them (counters and clocks nothing there changes only by where they stand against
the numbers read), and an ending only by its ending and objectives (the reasoning is
:class:`KeyMaker`'s docstring). Conflicts in progress are kept whole
(their pending data): what a procedure reads of its own state is the procedure's business.

From each state, each option the player has is taken on :class:`AnalysisGame`, the ordinary
engine with its randomness replaced by a *script*: when the engine rolls a check, rolls on a
table or draws any other die and the script has no answer yet, it stops with :class:`Need`; the
explorer then runs the step again once for each possible answer (a check's outcome classes, a
table's rows, a die's faces), each with its exact probability (:mod:`solo.analyze.outcomes`).
Decisions about the dice themselves (roll or take an alternative, offers on a roll) are made the
way the exact odds assume, inside the step, as the playtest bot makes them.

When a check has no exact odds by outcome class (its odds are truncated, or expressions read
``roll.excess`` or another magnitude the label does not decide), the engine rolls it with the
scripted dice face by face instead, so the magnitudes are distributions over their values.

The result is a :class:`Graph`: nodes are states; each node has, per option, a distribution over
next states. Endings and runs the engine raises in (a dead end, a loop of gotos) are absorbing.

States are expanded in order of the probability of reaching them (a heap keyed by the mass that
reached each state so far: a random player's share of each option, or with ``policy`` best or
worst the most likely single route), so whenever exploration stops, what is left is the least
likely part of the game. (``solo analyze --policy best|worst`` explores in another order, only
where such a player can go: :mod:`solo.analyze.focused` drives :meth:`Explorer.expand`.) It stops when every state is expanded (the graph is *complete*: exact), when
:class:`Budget` runs out (time, memory, states) or when ``settled`` (the solver, asked at each
doubling) says the unexplored part can no longer move any figure by more than the bound (unless
the states left open are under a quarter of those expanded: then it finishes, exact). States
not expanded then are ``"frontier"`` nodes; the probability of a step that went more ways than
:data:`MAX_BRANCHES` (or drew more than :data:`MAX_SCRIPT` random events) beyond what was run goes
to an ``"unexplored"`` node of its scene: both are counted as unknown by the solver, so the
figures come with a bound instead of being refused. Each node remembers the first route that
reached it (:meth:`Explorer.path`), so a soft-lock can be shown with the decisions and random
outcomes that lead there.
"""

from __future__ import annotations

import ast
import heapq
import itertools
import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, NamedTuple

from solo.adventure import expressions
from solo.adventure.model import Adventure, Branch
from solo.adventure.odds import fingerprint
from solo.adventure.scene_graph import reach, scene_graph
from solo.analyze import classes as cl
from solo.analyze import given_classes as given
from solo.analyze import outcomes
from solo.analyze.given_classes import drawn_class
from solo.analyze.classes import pool_multisets  # noqa: F401  (where tests and tools look for it)
from solo.analyze import expressions_used as eu
from solo.analyze import owed
from solo.analyze.expressions_used import global_expressions, scene_expressions, turn_uses
from solo.analyze.reachable import Reach, Region, Writes
from solo.analyze import collector
from solo.analyze.conflict_keys import pending_reducer
from solo.analyze.projection import Projection, project
from solo.analyze.snapshot import copy_state, plain_copy
from solo.analyze.fights import ClassedConflicts
from solo.budget import peak_memory_mb
from solo.engine import events as ev
from solo.engine.effects import EffectRunner
from solo.engine.game import Game
from solo.engine.state import GameState
from solo.playtest.policies import dice_decision, playable_keys
from solo.rules import registry
from solo.rules.base import AnalysisKeys, AnalysisReaders, Character, hook
from solo.rules.dice import Dice, DiceError, RollRecord
from solo.rules.scripted import OutOfBudget, OutOfMemory, stop_at

#: Resources that only count up towards advancement and that no roll reads: left out of a
#: state unless an expression reads them with ``resource(...)``.
REWARDS = frozenset({"xp", "ep", "experience"})
DEFAULT_MAX_STATES = 200_000
DEFAULT_SECONDS = 120.0
DEFAULT_MEMORY_MB = 1500
MAX_SCRIPT = 24  # random events in one step before the rest of that branch is left unexplored
MAX_BRANCHES = 4_000  # runs of one step (products of dice faces...) before the rest is left unexplored
MAX_RECORDS = 4_096  # representative records kept (plain data, a few KB each) before starting afresh
CHECK_EVERY = 64  # expansions between looks at the clock and the memory
#: Seconds between progress reports at most, however slow a step is (a step that enumerates a
#: large dice pool can take half a second, and 64 of them left the line at "0 states" for seconds).
TELL_EVERY = 0.5
SOLVE_SHARE = 0.1  # of the time budget, kept for solving the graph once exploration stops
#: What the end of an analysis costs (its graph built, solved and summed up, the routes to
#: soft-locks replayed) as a multiple of one look of the solver during exploration (a graph built
#: and solved once), measured on supply-ship under a load of 10: random play 3.5, best play 4-5.
TAIL_LOOKS = {"random": 4.0, "focused": 5.0}


@dataclass(frozen=True)
class Budget:
    """What one analysis may spend: wall-clock seconds, peak memory (MB), game states; ``clock``
    tells the seconds and ``memory`` the process's peak memory in MB (a test gives fake ones)."""

    seconds: float = DEFAULT_SECONDS
    memory_mb: int = DEFAULT_MEMORY_MB
    max_states: int = DEFAULT_MAX_STATES
    clock: Callable[[], float] = time.monotonic
    memory: Callable[[], float] = peak_memory_mb
    #: When the budget's time began, by ``clock`` (the command's start: its setup counts in the
    #: budget); None: when exploration begins.
    since: float | None = None


@dataclass
class Progress:
    """What the progress line shows."""

    states: int
    expanded: int
    seconds: float
    unexplored: float | None  # the last bound the solver found (None: not asked yet)
    budget: Budget
    #: Where the unexplored share is heading (:mod:`solo.analyze.projection`); None: too early.
    projection: Projection | None = None
    bound: float = 0.0  # the bound asked for
    #: Best or worst play: (what the goal is, its lower and upper chance so far); None: random play,
    #: whose ``unexplored`` is the unexplored share (for best and worst play it is the gap).
    goal: tuple[str, float, float] | None = None
    #: The solver's look before the last: (seconds, figure), for the trend; None: not two yet.
    before: tuple[float, float] | None = None

    @property
    def rate(self) -> float:
        return self.expanded / self.seconds if self.seconds > 0 else 0.0


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
        #: Faces (and pools) of an outcome class chosen already, drawn before the script.
        self.queue: list[Any] = []
        self.ordered = cl.ordered_pools(game.ruleset)
        #: Whether the rules may leave an award's draws owed (:mod:`solo.analyze.owed`): off
        #: while a step that read owed draws runs again with them drawn first.
        self.owes_draws = game.owed.hook is not None
        #: Resources expressions read (``resource(...)``): read outside the steps' guard too
        #: (choices' conditions, the state key), so their draws are never owed.
        self.read_resources: frozenset[str] = frozenset()

    def may_owe(self, part: str) -> bool:
        """Whether the rules may leave draws into ``part`` owed."""
        return self.owes_draws and not {part, part.rstrip("s")} & self.read_resources

    def owe(self, character: Character, part: str) -> None:
        """The rules left draws owed into ``part``: guard it for the rest of the step."""
        if type(character.resources.get(part)) is not owed.Tripwire:
            self._game.owed.arm(character, part)

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += 1
        if self.queue:
            return int(self.queue.pop(0))
        return int(self._game.next_answer(f"d{sides}", lambda: [(f, Fraction(1, sides)) for f in range(1, sides + 1)]))

    def rolls(self, n: int, sides: int) -> list[int]:
        """A pool of dice rolled together, answered as one random event over its multisets
        (lowest face first): the rules read a pool by its sums, counts, pairs, lowest and
        highest, never by which die came first, so 3d6 branches 56 ways instead of 216."""
        if n < 2 or self.ordered:
            return [self.roll(sides) for _ in range(n)]
        if sides < 1:
            raise DiceError(f"a die needs at least one side (got {sides})")
        self.count += n
        if self.queue:
            return list(self.queue.pop(0))
        return list(self._game.next_answer(f"{n}d{sides}", lambda: pool_multisets(n, sides)))


    def draw_classes(self, name: str, classes, run):
        """A random event of the rules with known classes (:mod:`solo.rules.drawn`): one answer
        of the script per class, played on that class's faces. Inside an enumerated roll being
        replayed its answer is queued with the roll's dice (the enumeration met it there)."""
        if self.queue:
            return drawn_class(self, lambda choices: self.queue.pop(0), name, classes, run)
        return drawn_class(self, lambda choices: self._game.next_answer(name, choices), name, classes, run)


class AnalysisGame(Game):
    """The engine, its random events answered from a script (see the module docstring)."""

    def __init__(self, adventure: Adventure, character: Character | None = None) -> None:
        super().__init__(adventure, seed=0, character=character, quiet=True)  # nobody reads hints here
        self.owed = owed.Owed(self.ruleset)
        self.scripted = _ScriptedDice(self)
        self.dice = self.scripted
        self.script: list[Any] = []
        self.used = 0
        #: Roll every check face by face (expressions read a magnitude its label does not decide).
        self.face_by_face = False
        #: The fields of the last roll expressions read, when they go beyond its label.
        self.read_fields: tuple[str, ...] = ()
        self._classes: dict[Any, Any] = {}
        #: Representative records of check classes, as plain data (:meth:`_representative`).
        self._records: dict[Any, dict[str, Any]] = {}
        #: Outcome classes of fight calls and of checks whose magnitudes are read, by input.
        self.classes = cl.Cache()
        self.conflicts = ClassedConflicts(self.context, self)
        #: Whether checks are split by the ruleset's own classes (:class:`~solo.rules.base.CheckClasses`)
        #: rather than by label: a ruleset that gives them keys them by all a roll leaves behind
        #: (Humanity, Blessed: the blessing dice a roll earns), where two rolls of one label may
        #: leave different states and one representative roll per label would stand for both.
        #: The two agree on all else, so while the ruleset's readers hook names parts that no
        #: step ahead reads (the pool, the lucky number: forgotten by the key alike for every
        #: roll of a label) the labels do, with fewer runs (:attr:`unread_ahead`).
        self._by_own_classes = given.check_hook(self.ruleset) is not None
        #: The ruleset's parts no step ahead of the step being run reads (the explorer sets it
        #: per step from the region of the state it starts from).
        self.unread_ahead: frozenset[str] = frozenset()
        #: When enumerations of outcome classes stop (the explorer's time budget), by ``clock``.
        self.deadline = math.inf
        self.clock: Callable[[], float] = time.monotonic
        #: Resources no roll reads (the explorer sets them from its key: the rewards it drops).
        self.unread_rewards: frozenset[str] = frozenset()
        #: The items a rule can read: those with ``rules:`` (:func:`~solo.analyze.classes.read_print`).
        self.ruled_items = frozenset(i for i, item in adventure.items.items() if item.rules)

    def next_answer(self, what: str, choices) -> Any:
        if self.used < len(self.script):
            answer = self.script[self.used]
            self.used += 1
            return answer
        if len(self.script) >= MAX_SCRIPT:
            raise outcomes.NotExact(f"more than {MAX_SCRIPT} random events in one step")
        raise Need(what, choices())

    def rolling_character(self) -> Character:
        """The character as a roll sees it: the rewards no roll reads (:data:`REWARDS`, unless an
        expression reads them, and then they stay) set to nothing, so a check's classes and its
        representative rolls are found once, not again after every point of XP."""
        character = self.character
        drop = [k for k in self.unread_rewards if character.resources.get(k)]
        if not drop:
            return character
        plain = Character.from_dict(character.to_dict())
        for k in drop:
            plain.resources[k] = 0
        return plain

    def _classes_of(self, scene_id: str, index: int, spec, character: Character,
                    print_: Any = None) -> list[tuple[Any, Fraction]] | None:
        """The check's outcome classes for ``character`` (as it rolls: :meth:`rolling_character`;
        ``print_``: its fingerprint when the caller has it), or None when it has no exact odds by
        class (then it is rolled face by face)."""
        key = (scene_id, index, fingerprint(character) if print_ is None else print_)
        if key not in self._classes:
            try:
                found = outcomes.outcome_classes(self.adventure, self.ruleset, character, spec)
                self._classes[key] = sorted(found.items(), key=lambda kv: (kv[0][0], kv[0][1] or ""))
            except outcomes.NotExact:
                self._classes[key] = None
        return self._classes[key]

    def _representative(self, scene_id: str, index: int, spec, character: Character, print_: Any,
                        wanted: Any) -> RollRecord:
        """:func:`~solo.analyze.outcomes.representative`, kept per check, character and class as
        plain data and handed out as a fresh copy: a step runs once per class of its check, and
        the lookup (the check's parameters and opponent prepared again, three fingerprints, a
        record's round trip through ``to_dict``) cost a third of supply-ship's expansions. The
        record is the same: ``representative`` returns a copy of the first roll it found for that
        class, and never another for the same check, character and class. ``print_``: the
        character's fingerprint."""
        key = (scene_id, index, print_, wanted)
        plain = self._records.get(key)
        if plain is None:
            plain = outcomes.representative(self.adventure, self.ruleset, character, spec, wanted).to_dict()
            if len(self._records) >= MAX_RECORDS:
                self._records.clear()
            self._records[key] = plain
        return RollRecord.from_dict(plain_copy(plain))

    def load(self, state: GameState, script: list[Any], offer: ev.ChoicesOffered | None = None) -> None:
        """Put the game in ``state`` with ``script`` to answer from; ``offer`` is the decision
        on offer there when the caller has it already (the same state, loaded again)."""
        self.state = state
        self.script = script
        self.used = 0
        self.scripted.queue = []
        self.machine.place(state.scene)
        if offer is not None:
            self._offered = offer
        else:
            self._offered = self._build_offer() if state.pending is not None and state.ending is None else None

    def _finish_step(self, events: list[ev.Event]) -> list[ev.Event]:
        """The decision after a step is only built when the step goes on with it (a roll to
        settle): the explorer keys the state and builds it once, when it expands the state."""
        pending = self.state.pending
        if pending is not None and pending.kind in ("check", "roll"):
            return super()._finish_step(events)
        self._offered = None
        return events

    # the engine's random events, answered from the script ----------------------------------
    def _roll(self, data: dict[str, Any]) -> list[ev.Event]:
        scene, index, choice, spec = self._spec(data)
        if self.owed.hook is not None:  # draws owed: :mod:`.owed`
            self.owed.sleep_for(self.character, spec, self.scripted.read_resources)
        if self.face_by_face or (self._by_own_classes and not self.unread_ahead):
            return self._roll_by_magnitude(data, scene.id, index, spec)
        rolling = self.rolling_character()
        print_ = fingerprint(rolling)  # once: the classes and the representative are kept by it
        classes = self._classes_of(scene.id, index, spec, rolling, print_)
        if classes is None:
            return self._roll_by_magnitude(data, scene.id, index, spec)
        wanted = self.next_answer(f"{scene.id}#{index}", lambda: classes)
        if wanted == outcomes.TAIL:
            raise outcomes.NotExact("the odds leave out the dice's exploding tail (below 1e-15): "
                                    "that share is counted as unexplored")
        record = self._representative(scene.id, index, spec, rolling, print_, wanted)
        return self._after_roll(data, record)

    def _roll_by_magnitude(self, data: dict[str, Any], scene_id: str, index: int, spec) -> list[ev.Event]:
        """A check whose label does not decide what is read of it (``roll.excess``, a size, a
        margin) or whose odds are not split by label: its rolls enumerated alone and grouped by
        label, branch, the fields expressions read and the character after it
        (:mod:`solo.analyze.classes`); the class drawn is played on the engine with its dice."""
        character = self.character
        params = self._params(spec)
        opponent = self._opponent(spec) if spec.kind == "contest" else None
        fields = self.read_fields
        # by what the roll reads of the characters (:func:`~solo.analyze.classes.read_print`)
        key = ("check", scene_id, index, cl.read_print(character, self.unread_rewards, self.ruled_items),
               cl.read_print(opponent, self.unread_rewards, self.ruled_items))

        def run(dice: Dice) -> Any:
            who = Character.from_dict(character.to_dict())
            record = outcomes.play_roll(self.ruleset, dice, who, opponent, params, spec)
            self.ruleset.experience(record, who)  # what the roll earns is the character's too (HB dice)
            read = {"outcome": record.outcome, "success": record.success,
                    "total": record.total if isinstance(record.total, int) else 0, **record.measures}
            branch = outcomes.branch_key(spec, record.outcome, record.success, record.measures.get("size"))
            return (record.outcome, branch, tuple(repr(read.get(f)) for f in fields), fingerprint(who))

        def make() -> cl.Classes:
            own = given.check_hook(self.ruleset)  # closed form, when the ruleset has it
            listed = own.check_classes(character, opponent, params, spec.kind, fields) if own else None
            try:
                if listed is not None:
                    return given.from_scripts(run, lambda k: k, listed, self.scripted.ordered)
            except given.Mismatch:
                pass
            return cl.enumerate_classes(run, lambda k: k, self.scripted.ordered, deadline=self.deadline,
                                         clock=self.clock)

        found = self.classes.get(key, make)
        choices = found.choices()
        wanted = self.next_answer(f"{scene_id}#{index}", lambda: choices) if len(choices) > 1 else choices[0][0]
        if wanted == -1:
            # the share the classes leave out: scripts past the enumeration's cap, or what a
            # ruleset's own classes do not list (an exploding tail past a depth)
            why = (f"a check in {scene_id} can go more than {cl.MAX_RUNS} ways; the least likely are left unexplored"
                   if found.runs >= cl.MAX_RUNS else
                   f"a check in {scene_id} leaves a share out (an exploding tail listed to a depth); "
                   "it is counted as unexplored")
            raise outcomes.NotExact(why)
        self.scripted.queue = list(found.found[int(wanted)][1])
        return Game._roll(self, data)

    def _branch_for(self, spec, record: RollRecord) -> Branch | None:
        """The roll's branch, the guard of owed draws awake again before it runs (and put on
        the pool when the roll itself left dice owed: :mod:`.owed`)."""
        if self.owed.hook is not None:
            self.owed.wake(self.state.character)
        return super()._branch_for(spec, record)

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


def _reads(adventure: Adventure) -> tuple[set[str], set[str], tuple[set[int], int] | None, bool, set[str], set[str] | None]:
    """(resources read, functions called, how ``turn`` is read (its moduli and the largest
    number it is compared with, or None if read any other way), whether ``turn`` is read at all,
    the fields of ``roll.*`` read, the scenes ``visited(...)`` asks about or None when one call
    names its scene some other way than a plain string), over every expression of the adventure."""
    from solo.analyze.expressions_used import adventure_expressions, turn_uses

    resources: set[str] = set()
    functions: set[str] = set()
    rolls: set[str] = set()
    asked: set[str] | None = set()
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
            elif name == "visited" and asked is not None:
                if args and isinstance(args[0], str):
                    asked.add(args[0])
                else:
                    asked = None
        rolls.update(name[5:] for name in parsed.names() if name.startswith("roll."))
        if "turn" in parsed.names():
            turn_read = True
            found = turn_uses(parsed)
            if found is None:
                bounded = False
            else:
                moduli |= found[0]
                largest = max(largest, found[1])
    return resources, functions, (moduli, largest) if bounded else None, turn_read, rolls, asked


def _counter_caps(adventure: Adventure) -> dict[str, tuple[int, int]]:
    """Per counter that can be kept coarse: ``(cap, modulus)``; the key keeps
    ``(min(value, cap), value % modulus)``. A counter qualifies when every expression that
    names it reads it only as ``name % k`` and in comparisons with numbers and no effect lowers
    it (:func:`~solo.analyze.expressions_used.only_grow`). The cap is ``L + 1``, ``L`` the last
    value some comparison tells from the next (:meth:`~solo.adventure.expressions.Expression.counter_reads`:
    ``x >= 2`` tells 1 from 2, so 2 and everything past it read alike; ``x > 2`` tells 2 from 3).
    Then two values at or past the cap compare alike with every number read, and stay so: adds
    only raise both, a ``set`` gives both the same value (what a computed ``set`` reads of the
    counter is again such a comparison), and the residues are kept whole."""
    from solo.analyze.expressions_used import adventure_expressions, only_grow

    uses: dict[str, tuple[set[int], int] | None] = {name: (set(), 0) for name in only_grow(adventure)}
    for text in adventure_expressions(adventure):
        try:
            parsed = expressions.parse(text)
        except expressions.ExpressionError:
            continue
        names = parsed.names()
        for name in [n for n in uses if n in names and uses[n] is not None]:
            found = parsed.counter_reads(name)
            if found is None:
                uses[name] = None
            else:
                moduli, largest = uses[name]  # type: ignore[misc]
                uses[name] = (moduli | found[0], max(largest, found[1]))
    return {name: (use[1] + 1, math.lcm(*use[0]) if use[0] else 1) for name, use in uses.items() if use is not None}


def _roll_fields_kept(adventure: Adventure) -> set[str]:
    """The fields of ``roll.*`` that an expression outside an outcome branch reads
    (:func:`~solo.analyze.expressions_used.outside_branches`): the only reads of a roll made in
    an earlier step, so the only part of the last roll a state's key must keep."""
    from solo.analyze.expressions_used import outside_branches

    fields: set[str] = set()
    for text in outside_branches(adventure):
        try:
            parsed = expressions.parse(text)
        except expressions.ExpressionError:
            continue
        fields.update(name[5:] for name in parsed.names() if name.startswith("roll."))
    return fields


class KeyMaker:
    """Turns a game state into its key: equal keys are games that can only go on alike.

    **Where the game can still go.** Every part of the key below is kept only as far as the game
    can still read it, and "can still" is the state's :class:`~solo.analyze.reachable.Region`:
    the scenes it can still come to, walking only the ways still open (a once-only choice taken
    is closed; a choice whose guard is false and reads only what nothing in the region can
    change is closed), the hooks that can still fire (a hook whose ``when`` is false for good
    never does) and the clocks that can still fill (one filled already, or one nothing in the
    region ticks, runs no ``filled`` effects). The argument that this region holds every step the
    game can still take is :mod:`solo.analyze.reachable`'s docstring. A step can read a state's
    part only through an expression (a condition, a guard of an effect, a computed value, a
    ``{...}`` in a text) in a scene of the region or in what can run from anywhere (a live hook,
    the ``filled`` effects of a clock that can fill, the rows of a table the region rolls, the
    ``when`` and text of an objective not done yet: a done objective is never checked again;
    the ``defeated`` branch), or through a rule or procedure; so a part nothing there reads is
    left out, and two states that differ only in such parts are one. The region itself is part
    of the key (as a number), so two states merge only when they can go to the same places and
    every part read there is equal.

    **Part by part.** Flags and counters: while an expression of the region names them. Items:
    while such an expression asks ``has("...")`` about them, or when they have ``rules:`` (a
    fight or a check may read those). A system that counts what is carried
    (:class:`~solo.rules.base.Carries`) could refuse an item for the others held; that is moot,
    and items are reduced, only when every character who can play carries every item of the
    adventure without a refusal. Visits: "seen or not", for the scenes a ``visited("...")`` of
    the region names. Once-only marks: those of the region's scenes (the engine reads a mark
    only when it offers that scene's choices), and of those only the marks of choices whose
    guard is not false for good (a false guard leaves the choice out of the offer, marked or
    not: :mod:`solo.analyze.reachable`). An ending's key is its scene, ending and the
    objectives done: all the solver reads of it.

    **Numbers read only through thresholds.** A counter or clock that nothing in the region
    changes (no ``add``, ``tick`` or ``set`` of it) and that every expression of the region
    reads only in comparisons with numbers (and ``% k``) is kept as where it stands against each
    of those numbers (less, equal, more) and its residues: every read answers alike for two
    values that stand alike, and a ``set`` gives both the same value (what a computed ``set``
    reads of it is again such a comparison). A clock is kept whole while it can still fill (a
    tick reads how far it is from full); a filled clock only as far as expressions read it.
    ``clocks filled`` is kept only for the clocks the region ticks (a tick fills a clock once).
    ``turn`` (which every choice raises) as its residues and up to the largest number the
    region compares it with.

    A live counter that only grows and that every expression reads only in comparisons with
    numbers (and ``% k``) is kept as ``min(value, L + 1)`` (and its residues), ``L`` the last
    value a comparison tells from the next (``knocks >= 2``: 1, so 0, 1 and "2 or more"):
    the proof is :func:`_counter_caps`'s docstring. ``L`` is taken over the reads of the
    region, so a counter compared as ``> 7`` early and ``> 2`` late is kept up to 3 once the
    early scenes are behind. A hub that counts its visits and asks only ``visits > 0``
    (goblin-market's ``lanes_visits``, supply-ship's ``hall_visits``) so has two values instead
    of one per visit, and a loop of knocks read as ``knocks >= 2`` becomes a finite graph
    (tests/analyze/test_state_key.py pins each reduction on a fixture with exact answers).

    **The character.** What the ruleset's rules can read of it
    (:class:`~solo.rules.base.AnalysisKeys`), and of its resources what expressions read; a
    ruleset that says which of its parts only some procedures read
    (:class:`~solo.rules.base.AnalysisReaders`) has them left out while no such procedure (a
    check of a kind, a conflict) is in the region. A resource that is a mapping (GUTS+
    ``learning``) is keyed by its sorted entries: the rules look its counts up by name and never
    walk it in order.

    **Draws owed.** A ruleset with :class:`~solo.rules.base.AnalysisOwes` (Humanity, Blessed:
    awards of blessing dice, and those a roll earns) leaves an award's dice undrawn while the analyzer plays, keeping
    only how many are owed (in the character, so in the key), and draws them at the first step
    that reads what they go into (:mod:`solo.analyze.owed`: the step is run again with them
    drawn first). Two states that differ only by values not drawn yet are then one: the gains
    are independent of whatever happens before they are read and only append, so drawing late
    gives the reader the same distribution. blessed-harvest's porch award of three dice no
    longer splits its opening 175 ways; a resource expressions read (``resource(...)``) is
    never owed, since choices' conditions and this key read it outside any step.
    """

    #: Work the region out per state (False: from the scene alone, every way open: the weaker
    #: key of earlier versions, for comparisons in bench/analyze_key_merges.py and the tests).
    per_state = True

    def __init__(self, adventure: Adventure, ruleset: Any = None,
                 characters: Iterable[Character] | None = None) -> None:
        resources, functions, turn, turn_read, rolls, asked = _reads(adventure)
        self.adventure = adventure
        self.drop = REWARDS - resources
        self.visits = "visited" in functions
        #: The scenes whose visits a key keeps: only those ``visited("...")`` names (None: all).
        self.asked = None if asked is None else frozenset(asked)
        #: ``turn`` is kept as (min(turn, turn_cap), turn % turn_mod); None: kept whole (over
        #: every expression; a state's region may read less of it).
        self.turn_mod: int | None = 1
        self.turn_cap: int | None = 0
        if turn_read and turn is None:
            self.turn_mod = self.turn_cap = None
        elif turn_read and turn is not None:
            moduli, largest = turn
            self.turn_mod = math.lcm(*moduli) if moduli else 1
            self.turn_cap = largest + 1
        self.names = self._names(adventure)
        #: Pending conflict data -> what its key keeps (:mod:`solo.analyze.conflict_keys`); None: all.
        self.conflict_data: Callable[[Any], Any] | None = None
        self.ruleset = ruleset if ruleset is not None else registry.get(adventure.system)
        self.view = hook(self.ruleset, AnalysisKeys)
        self.readers = hook(self.ruleset, AnalysisReaders)
        self.read_resources = frozenset(resources)
        self._graph = scene_graph(adventure)
        self._ahead: dict[str | None, frozenset[str]] = {}
        self._extras: dict[str, tuple[tuple[str, str], ...]] = {}
        #: The fields of the last roll that expressions read (``roll.outcome``...). A roll's
        #: total or measures are not decided by its outcome label, so reading them makes the
        #: analysis inexact (:class:`~solo.analyze.outcomes.NotExact`).
        self.roll_fields = sorted(rolls)
        beyond = [f for f in self.roll_fields if f not in ("outcome", "success")]
        #: Why checks are split by what is read of them, not by label ("" when labels do).
        self.face_by_face = (f"expressions read roll.{beyond[0]}, which a roll's outcome label does not decide, "
                             "so checks are split by the values read" if beyond else "")
        #: A reward kept in the key (an expression reads it) is one a roll may add to beyond
        #: what its label decides (GUTS+ XP for a die showing 1 or 2): one roll per label would
        #: stand for rolls that leave other totals, so checks are split by the character they
        #: leave (tests/analyze/test_class_members.py holds each ruleset to that).
        kept_rewards = sorted(REWARDS & resources)
        if kept_rewards and not self.face_by_face:
            self.face_by_face = (f"expressions read resource({kept_rewards[0]!r}), which rolls of one outcome label "
                                 "may add to differently, so checks are split by the character they leave")
        #: The fields of the last roll a key keeps: those read outside outcome branches.
        self.kept_roll_fields = sorted(_roll_fields_kept(adventure))
        self._flags = list(adventure.flags)
        self._counters = list(adventure.counters)
        self._clocks = list(adventure.clocks)
        caps = _counter_caps(adventure)
        #: Per counter (declaration order): (cap, modulus) when it is kept coarse, else None.
        self.counter_caps = tuple(caps.get(name) for name in self._counters)
        numbers = set(self._counters) | set(self._clocks)
        #: What each group of expressions reads: per scene, and per thing that can run anywhere.
        self._scene_reads = {sid: _Reads.of(scene_expressions(scene), numbers, caps)
                             for sid, scene in adventure.scenes.items()}
        self._hook_reads = [_Reads.of(eu.hook_expressions(h), numbers, caps) for h in adventure.hooks]
        self._clock_reads = {cid: _Reads.of(eu.clock_expressions(c), numbers, caps) for cid, c in adventure.clocks.items()}
        self._table_reads = {tid: _Reads.of(eu.table_expressions(t), numbers, caps) for tid, t in adventure.tables.items()}
        self._objective_reads = {oid: _Reads.of(eu.objective_expressions(o), numbers, caps)
                                 for oid, o in adventure.objectives.items()}
        self._defeated_reads = _Reads.of(eu.defeated_expressions(adventure), numbers, caps)
        #: Checks and conflicts per scene, as the ruleset's readers hook is told of them.
        self._procedures = {sid: _procedures(scene) for sid, scene in adventure.scenes.items()}
        #: Whether any effect opens the shop (``advance``): then the readers hook hears of it always.
        self._shop = eu.any_effect(adventure, "advance")
        #: Items any step may read whatever the scene: those with rules, and those not declared.
        self._ruled = frozenset(iid for iid, item in adventure.items.items() if item.rules)
        self._declared = frozenset(adventure.items)
        self.items_reduced = self._carrying_moot(adventure, ruleset, characters)
        self.reach = Reach(adventure)
        self._regions: dict[Region, int] = {}
        #: Each distinct part of the keys made, by itself (:meth:`share`).
        self._parts: dict[Any, Any] = {}
        self._live: dict[Any, Live] = {}
        #: The scenes the game of the last state keyed can still come to.
        self.last_scenes: frozenset[str] = frozenset()

    @staticmethod
    def _carrying_moot(adventure: Adventure, ruleset: Any, characters: Iterable[Character] | None) -> bool:
        from solo.rules.base import Carries, hook

        counts = hook(ruleset, Carries) if ruleset is not None else None
        if counts is None:
            return True
        people = list(characters) if characters is not None else []
        if not people:
            people = [p.character(adventure.system) for p in adventure.characters]
        rules = {iid: item.rules for iid, item in adventure.items.items()}
        for person in people:
            probe = Character.from_dict(person.to_dict())
            probe.items = sorted(set(probe.items) | set(adventure.items))
            if counts.carrying(probe, rules) is not None:
                return False
        return True

    def static_region(self, scene: str | None) -> Region:
        """The region of a game in ``scene`` from the scene graph alone: every way open, every
        hook live, every clock able to fill, everything written."""
        scenes = self.ahead(scene) if scene is not None else frozenset(self._scene_reads)
        writes = Writes(frozenset(self._flags) | frozenset(self._counters) | frozenset(self._clocks),
                        frozenset(self._clocks), frozenset(self.adventure.items), frozenset(self.adventure.objectives),
                        frozenset(self.adventure.tables))
        return Region(scenes, frozenset(range(len(self.adventure.hooks))), frozenset(self._clocks), writes)

    def region(self, state: GameState) -> Region:
        """Where the game in ``state`` can still go (:mod:`solo.analyze.reachable`)."""
        if self.per_state:
            return self.reach.region(state)
        return self.static_region(state.scene)

    def live(self, scene: str | None, region: Region | None = None, done: frozenset[str] = frozenset()) -> Live:
        """What a game can still read: in ``region`` (default: the scene graph's, from ``scene``)
        with the objectives ``done``."""
        region = region if region is not None else self.static_region(scene)
        found = self._live.get((region, done))
        if found is None:
            found = self._live[(region, done)] = self._make_live(region, done)
        return found

    def _make_live(self, region: Region, done: frozenset[str]) -> Live:
        groups = [self._scene_reads[s] for s in region.scenes if s in self._scene_reads]
        groups += [self._hook_reads[h] for h in region.hooks]
        groups += [self._clock_reads[c] for c in region.firing]
        groups += [self._table_reads[t] for t in region.writes.tables if t in self._table_reads]
        groups += [r for oid, r in self._objective_reads.items() if oid not in done]
        groups.append(self._defeated_reads)
        reads = _Reads.union(groups)
        names = reads.names
        kept = None if reads.items is None or not self.items_reduced else frozenset(reads.items) | self._ruled
        changed = region.writes.variables
        caps = []
        forms: list[Any] = []
        for name, cap in zip(self._counters, self.counter_caps):
            largest = reads.largest.get(name, 0)
            cap = None if cap is None else (min(cap[0], largest + 1), cap[1])
            caps.append(cap)
            if name not in names:
                forms.append(None)
            elif name not in changed and reads.compared.get(name) is not None:
                forms.append(_thresholds(reads.compared[name]))
            elif cap is not None:
                forms.append(("cap",) + cap)
            else:
                forms.append(WHOLE)
        clocks: list[Any] = []
        for name in self._clocks:
            read = reads.clocks is None or name in reads.clocks
            if name in region.firing:
                clocks.append(WHOLE)
            elif not read:
                clocks.append(None)
            elif name not in changed and reads.clocks is not None and reads.compared.get(name) is not None:
                clocks.append(_thresholds(reads.compared[name]))
            else:
                clocks.append(WHOLE)
        turn: Any = WHOLE
        if reads.turn is not None:
            moduli, largest = reads.turn
            turn = ("cap", largest + 1, math.lcm(*moduli) if moduli else 1)
        region_id = self._regions.setdefault(region, len(self._regions))
        unread: frozenset[str] = frozenset()
        if self.readers is not None:
            checks = [c for s in region.scenes for c in self._procedures.get(s, ((), False))[0]]
            fights = any(self._procedures.get(s, ((), False))[1] for s in region.scenes)
            unread = frozenset(self.readers.analysis_unread(checks, fights, self._shop, frozenset(self.read_resources)))
        return Live(tuple(k in names for k in self._flags), tuple(k in names for k in self._counters), kept,
                    None if reads.visits is None else frozenset(reads.visits), tuple(caps), tuple(forms),
                    tuple(clocks), frozenset(region.writes.ticks), turn, region_id, region.scenes, unread)

    @staticmethod
    def _names(adventure: Adventure) -> list[str]:
        return ([f"flag {k}" for k in adventure.flags] + [f"counter {k}" for k in adventure.counters]
                + [f"clock {k}" for k in adventure.clocks])

    def character(self, character: Character | None, items: frozenset[str] | None = None,
                  unread: frozenset[str] = frozenset()) -> Any:
        """The character's part of a key; ``items``: the item ids still read (None: all);
        ``unread``: the ruleset's parts no procedure ahead reads (:class:`AnalysisReaders`)."""
        if character is None:
            return None
        if self.view is not None:  # the ruleset's view: what later rules can read (AnalysisKeys)
            seen = self.view.analysis_character(character)
            for name in self.read_resources & character.resources.keys():  # what expressions read stays
                seen.resources[name] = character.resources[name]
            character = seen
        if unread and self.readers is not None:
            character = self.readers.analysis_forget(character, unread)
        # a mapping resource (GUTS+ ``learning``) by its entries: every rule looks its counts up
        # by quality, none walks them in order, so {thought: 1, command: 1} is {command: 1, thought: 1}
        resources = tuple(sorted((k, repr(sorted(v.items()) if isinstance(v, dict) else v))
                                 for k, v in character.resources.items() if k not in self.drop))
        held = character.items if items is None else \
            [i for i in character.items if i in items or i not in self._declared]
        return (character.id, repr(character.stats), tuple(sorted(held)),
                tuple(sorted(character.conditions)), resources, repr(character.extra))

    def ahead(self, scene: str | None) -> frozenset[str]:
        """The scenes a game in ``scene`` can come to over the scene graph (itself included):
        its ways, and from anywhere what hooks, filled clocks and the ``defeated`` branch lead to."""
        found = self._ahead.get(scene)
        if found is None:
            graph = self._graph
            found = frozenset(reach([scene], graph.out, sorted(graph.anywhere))) if scene is not None else frozenset()
            self._ahead[scene] = found
        return found

    def taken(self, state: GameState, scenes: frozenset[str] | None = None) -> frozenset[str]:
        """The once-only marks that can still matter: those of the scenes the game can come to
        (``scenes``; default: the scene graph's from the state's scene)."""
        if state.ending is not None or not state.taken:
            return frozenset()
        ahead = self.ahead(state.scene) if scenes is None else scenes
        return frozenset(m for m in state.taken if m.split("#", 1)[0] in ahead)

    def closed(self) -> frozenset[str]:
        """The once-only marks taken that the last state's region closed by a guard false for
        good (:meth:`Reach.region`): read no more, so left out of its key."""
        return self.reach.last_closed if self.per_state else frozenset()

    def key(self, state: GameState) -> tuple:
        if state.ending is not None:
            return (state.scene, state.ending, None, (), (), (), frozenset(), 
                    frozenset(o for o, done in state.objectives.items() if done))
        done = frozenset(o for o, d in state.objectives.items() if d)
        region = self.region(state)
        live = self.live(state.scene, region, done)
        self.last_scenes = live.scenes  # for a bot's memory (:mod:`solo.analyze.policy_play`)
        pending = None
        if state.pending is not None:
            data = state.pending.data
            if state.pending.kind == "conflict" and self.conflict_data is not None:
                data = self.conflict_data(data)  # what the procedure's later steps read (conflict_keys)
            pending = (state.pending.kind, repr(sorted(data.items())))
        turn = _form(state.turn, live.turn)
        if not self.visits:
            visits: Any = ()
        elif live.visits is None:
            visits = frozenset(s for s, n in state.visits.items() if n)
        else:
            visits = frozenset(s for s in live.visits if state.visits.get(s))
        fields = self.kept_roll_fields
        last = tuple(state.last_roll.get(name) for name in fields) if fields else ()
        share = self.share
        return (state.scene, state.ending, share(pending),
                share(tuple(v if live else None for v, live in zip(state.flags.values(), live.flags))),
                share(tuple(_form(v, form) for v, form in zip(state.counters.values(), live.forms))),
                share(tuple(_form(v, form) for v, form in zip(state.clocks.values(), live.clocks))),
                share(frozenset(c for c in state.clocks_filled if c in live.ticked)), share(done),
                share(self.taken(state, live.scenes) - self.closed()), share(turn), share(visits),
                share(self.character(state.character, live.items, live.unread)),
                share(repr(sorted(state.npcs.items())) if state.npcs else ()), share(tuple(sorted(state.fallen.items()))),
                share(last), state.down, live.region)

    def share(self, part: Any) -> Any:
        """``part`` of a key as the first equal part met: keys hold one copy of each distinct
        part (the flags, the character, the once-only marks...), where most states differ from
        another in a part or two. A key is the same tuple of equal values; it only takes less
        memory (supply-ship's states stop at the memory budget before the time budget)."""
        return self._parts.setdefault(part, part)

    def unread(self, state: GameState) -> frozenset[str]:
        """The ruleset's parts (:class:`~solo.rules.base.AnalysisReaders`) that no step the game
        in ``state`` can still come to reads (nothing for an ending or a game not begun)."""
        if state.ending is not None or state.scene is None or self.readers is None:
            return frozenset()
        done = frozenset(o for o, d in state.objectives.items() if d)
        return self.live(state.scene, self.region(state), done).unread

    def _extra_parts(self, extra: str) -> tuple[tuple[str, str], ...]:
        """A key's character data (the repr of ``Character.extra``) by its entries, a mapping's by
        its own (``session.lucky_number``), so that the blowup names which one takes the values
        (a Humanity, Blessed session's lucky number and dice owed split every state ten ways and
        more); the whole when it is not a mapping. Memoized: a run meets a few hundred such
        reprs among its thousands of keys."""
        found = self._extras.get(extra)
        if found is None:
            try:
                data = ast.literal_eval(extra)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                data = None
            found = tuple(_entries(data)) if isinstance(data, dict) else (("", extra),)
            self._extras[extra] = found
        return found

    def variables(self, key: tuple) -> dict[str, Any]:
        """A key's variables by name (for saying which ones blow the state space up)."""
        values = list(key[3]) + list(key[4]) + list(key[5])
        found = dict(zip(self.names, values))
        found["scene"] = key[0]
        found["turn"] = key[9]
        if key[2]:  # (kind, its data): a conflict's round was the one part no name showed
            found[f"{key[2][0]} in progress"] = key[2][1]
        character = key[11]
        if character:  # (id, stats, items, conditions, resources, extra): each said apart
            found["stats"] = character[1]
            found["items"] = character[2]
            found["conditions"] = character[3]
            for name, value in character[4]:
                found[f"resource {name}"] = value
            for name, value in self._extra_parts(character[5]):
                found[f"character data {name}".rstrip()] = value
        found["once-only choices taken"] = key[8]
        found["objectives done"] = key[7]
        return found


def _entries(data: dict) -> Iterable[tuple[str, str]]:
    """A mapping's entries as (name, repr), a mapping in it by its own entries (one level)."""
    for name, value in data.items():
        if isinstance(value, dict) and value:
            yield from ((f"{name}.{inner}", repr(v)) for inner, v in value.items())
        else:
            yield str(name), repr(value)


#: A number kept as it is.
WHOLE = "whole"


def _thresholds(compared: tuple[set[int], set[Any]]) -> tuple:
    moduli, numbers = compared
    return ("cmp", math.lcm(*moduli) if moduli else 1, tuple(sorted(numbers)))


def _form(value: Any, form: Any) -> Any:
    """A counter, clock or ``turn`` as a key keeps it: ``None`` (left out), whole, capped
    (:func:`_coarse`) or by where it stands against each number read (and its residue)."""
    if form is None:
        return None
    if form is WHOLE or not isinstance(value, int) or isinstance(value, bool):
        return value
    if form[0] == "cap":
        return _coarse(value, (form[1], form[2]))
    _, modulus, numbers = form
    where = tuple((value > n) - (value < n) for n in numbers)
    return (where, value % modulus) if modulus > 1 else where


def _coarse(value: Any, cap: tuple[int, int] | None) -> Any:
    """A counter as its key keeps it (:func:`_counter_caps`)."""
    if cap is None or not isinstance(value, int):
        return value
    return (min(value, cap[0]), value % cap[1]) if cap[1] > 1 else min(value, cap[0])


def _procedures(scene: Any) -> tuple[tuple[Any, ...], bool]:
    """A scene's checks (their specs) and whether it has a conflict."""
    return tuple(c.check for c in scene.choices if c.check is not None), scene.conflict is not None


@dataclass(frozen=True)
class _Reads:
    """What a group of expressions reads: variable names, items asked about with ``has`` (None:
    any), scenes asked about with ``visited`` (None: any), clocks read (None: any, through a
    computed ``clock(...)``), per counter or clock how it is compared (None: some other way),
    per capped counter the largest number compared with, and ``turn``'s moduli and largest
    number (None: read some other way)."""

    names: frozenset[str]
    items: frozenset[str] | None
    visits: frozenset[str] | None
    clocks: frozenset[str] | None
    compared: Mapping[str, Any]
    largest: Mapping[str, int]
    turn: tuple[frozenset[int], int] | None

    @staticmethod
    def of(texts: Iterable[str], numbers: set[str], caps: Mapping[str, Any]) -> "_Reads":
        names: set[str] = set()
        asked: dict[str, set[str] | None] = {"has": set(), "visited": set(), "clock": set()}
        compared: dict[str, Any] = {}
        largest: dict[str, int] = {}
        turn: tuple[set[int], int] | None = (set(), -1)
        for text in texts:
            try:
                parsed = expressions.parse(text)
            except expressions.ExpressionError:
                continue
            read = parsed.names()
            names |= read
            for name, args in parsed.calls():
                if name in asked and asked[name] is not None:
                    if args and isinstance(args[0], str):
                        asked[name].add(args[0])  # type: ignore[union-attr]
                    else:
                        asked[name] = None
            called = {a[0] for f, a in parsed.calls() if f == "clock" and a and isinstance(a[0], str)}
            for name in (read | called) & numbers:
                found = parsed.comparisons(name, "clock" if name in called else None)
                if found is None:
                    compared[name] = None
                elif compared.get(name, ()) is not None:
                    before: tuple[set[int], set[Any]] = compared.get(name) or (set(), set())
                    compared[name] = (before[0] | found[0], before[1] | found[1])
                if name in caps and found is not None:
                    tight = parsed.counter_reads(name, "clock" if name in called else None)
                    largest[name] = max(largest.get(name, 0), tight[1] if tight is not None else 0)
            if "turn" in read and turn is not None:
                uses = turn_uses(parsed)
                turn = None if uses is None else (turn[0] | uses[0], max(turn[1], uses[1]))
        clocks = None if asked["clock"] is None else frozenset(asked["clock"]) | frozenset(n for n in names if n in numbers)
        return _Reads(frozenset(names), None if asked["has"] is None else frozenset(asked["has"]),
                      None if asked["visited"] is None else frozenset(asked["visited"]), clocks, compared, largest,
                      None if turn is None else (frozenset(turn[0]), turn[1]))

    @staticmethod
    def union(groups: Iterable["_Reads"]) -> "_Reads":
        names: set[str] = set()
        items: set[str] | None = set()
        visits: set[str] | None = set()
        clocks: set[str] | None = set()
        compared: dict[str, Any] = {}
        largest: dict[str, int] = {}
        turn: tuple[frozenset[int], int] | None = (frozenset(), -1)
        for g in groups:
            names |= g.names
            items = None if items is None or g.items is None else items | g.items
            visits = None if visits is None or g.visits is None else visits | g.visits
            clocks = None if clocks is None or g.clocks is None else clocks | g.clocks
            for name, found in g.compared.items():
                if found is None or (name in compared and compared[name] is None):
                    compared[name] = None
                else:
                    before: tuple[set[int], set[Any]] = compared.get(name) or (set(), set())
                    compared[name] = (before[0] | found[0], before[1] | found[1])
            for name, n in g.largest.items():
                largest[name] = max(largest.get(name, 0), n)
            if turn is not None:
                turn = None if g.turn is None else (turn[0] | g.turn[0], max(turn[1], g.turn[1]))
        return _Reads(frozenset(names), None if items is None else frozenset(items),
                      None if visits is None else frozenset(visits), None if clocks is None else frozenset(clocks),
                      compared, largest, turn)


class Live(NamedTuple):
    """What a game in one region can still read (:meth:`KeyMaker.live`)."""

    flags: tuple[bool, ...]
    counters: tuple[bool, ...]
    items: frozenset[str] | None
    visits: frozenset[str] | None
    #: Per counter: (cap, modulus) as far as the reads still ahead compare it, or None: whole.
    caps: tuple[tuple[int, int] | None, ...] = ()
    #: Per counter, per clock: how the key keeps it (:func:`_form`; None: left out).
    forms: tuple[Any, ...] = ()
    clocks: tuple[Any, ...] = ()
    #: The clocks the region ticks: the only ones whose being filled still matters.
    ticked: frozenset[str] = frozenset()
    turn: Any = WHOLE
    region: int = 0
    scenes: frozenset[str] = frozenset()
    #: The ruleset's parts of the character no procedure of the region reads.
    unread: frozenset[str] = frozenset()


# -- the graph ----------------------------------------------------------------------------------


@dataclass
class Node:
    key: tuple
    state: GameState | None  # dropped once expanded
    scene: str | None
    kind: str  # "decision", "ending", "error"; "frontier" (never expanded), "unexplored" (a step's rest)
    ending: str | None = None
    outcome: str | None = None
    error: str = ""
    options: list[tuple[str, list[tuple[int, Fraction]]]] = field(default_factory=list)
    objectives: frozenset[str] = frozenset()
    #: The first route here: (previous node or -1 for the start, option key, random answers).
    via: tuple[int, str, tuple] = (-1, "", ())


@dataclass
class Graph:
    nodes: list[Node]
    start: list[tuple[int, Fraction]]
    complete: bool
    reason: str = ""
    blowup: list[tuple[str, int]] = field(default_factory=list)
    approximations: list[str] = field(default_factory=list)
    #: Why exploration stopped before the graph was complete ("budget: time", "bound"...).
    stopped: str = ""
    seconds: float = 0.0
    peak_mb: float = 0.0
    #: A bot's play (:mod:`solo.analyze.policy_play`): per node, the probability of each of its
    #: options; None: the solver's policy decides (every option equally likely by default).
    shares: dict[int, list[Fraction]] | None = None


Settled = Callable[[Graph], "float | None"]


class Explorer:
    def __init__(self, adventure: Adventure, character: Character | None = None,
                 max_states: int = DEFAULT_MAX_STATES, budget: Budget | None = None,
                 policy: str = "random", keys: KeyMaker | None = None) -> None:
        self.adventure = adventure
        self.budget = budget or Budget(max_states=max_states)
        self.max_states = self.budget.max_states
        self.game = AnalysisGame(adventure, character)
        # ``keys``: another explorer's of the same adventure and character, so that a state has
        # the same key in both (a region's number is given in the order regions are met)
        self.keys = keys or KeyMaker(adventure, self.game.ruleset, None if character is None else [character])
        self.game.unread_rewards = frozenset(self.keys.drop)
        self.keys.conflict_data = pending_reducer(adventure, self.game.conflicts.rules)
        self.game.face_by_face = bool(self.keys.face_by_face)
        self.game.read_fields = tuple(self.keys.roll_fields)
        self.game.scripted.read_resources = frozenset(self.keys.read_resources)
        self.index: dict[tuple, int] = {}
        self.nodes: list[Node] = []
        self.mass: list[float] = []
        self.heap: list[tuple[float, int]] = []
        self.approximations: list[str] = []
        self.preset = character
        self.share_by_option = policy == "random"
        self.deadline = math.inf
        #: (wall seconds the end is expected to take, the states then): from the solver's looks.
        self.tail: tuple[float, int] = (0.0, 1)
        self.clock = self.budget.clock
        self._stop: Any = None  # the deadline in force for the rules' enumerations (:meth:`begin`)
        self._holding = False  # the collector held (:mod:`solo.analyze.collector`) since :meth:`begin`
        #: The walk's next look of the solver (at each doubling of the states expanded), and
        #: whether a met bound may still be passed over to finish a small open part (once).
        self.next_look = 2
        self.finish = True
        #: The distribution the game began in (:meth:`explore`; None: not begun), and the
        #: seconds spent before the last :meth:`resume`.
        self.begun: list[tuple[int, Fraction]] | None = None
        self.spent_before = 0.0
        self.started = 0.0
        self.progress: Callable[[Progress], None] | None = None
        self.told = 0.0  # when the progress line was last told (the explorer's clock)
        self.out_of_time = False  # a step ran into the deadline
        self.out_of_memory = False  # a step ran into the memory limit
        self.expanded = 0
        self.last_bound: float | None = None
        #: (seconds, unexplored share) at each look of the solver, for the projection.
        self.looks: list[tuple[float, float]] = []
        self.bound = 0.0
        #: Best or worst play: the goal and its chance so far, for the progress line.
        self.goal: tuple[str, float, float] | None = None

    def _tell(self) -> None:
        self.told = self.clock()
        if self.progress is not None:
            self.progress(Progress(len(self.nodes), self.expanded, self.clock() - self.started,
                                   self.last_bound, self.budget, self.projection(), self.bound, self.goal,
                                   self.looks[-2] if len(self.looks) > 1 else None))

    def projection(self) -> Projection | None:
        """Where the unexplored share is heading, from the solver's looks so far."""
        return project(self.looks, self.budget.seconds * (1 - SOLVE_SHARE), self.bound)

    # -- nodes --------------------------------------------------------------------------------
    def _add(self, key: tuple, node: Node) -> int:
        self.index[key] = len(self.nodes)
        self.nodes.append(node)
        self.mass.append(0.0)
        return len(self.nodes) - 1

    def _node(self, state: GameState, error: str = "") -> int:
        key = ("error", state.scene, error) if error else self.state_key(state)
        found = self.index.get(key)
        if found is not None:
            return found
        done = self.keys.share(frozenset(o for o, d in state.objectives.items() if d))
        if error:
            node = Node(key, None, state.scene, "error", error=error, objectives=done)
        elif state.ending is not None:
            scene = self.adventure.scenes[state.ending]
            node = Node(key, None, state.scene, "ending", ending=state.ending,
                        outcome=scene.ending.outcome if scene.ending else None, objectives=done)
        else:
            # the roll log, the decisions so far and the stored character as it started are not in
            # the key and no rule reads them (front ends and saves do): kept without them, a state
            # copies in a fraction of the time
            state.rolls, state.choices, state.start_character = [], [], None
            node = Node(key, state, state.scene, "decision", objectives=done)
        return self._add(key, node)

    def state_key(self, state: GameState) -> tuple:
        """The key a state is stored under (a bot's play adds its memory: :mod:`.policy_play`)."""
        return self.keys.key(state)

    def _unexplored(self, scene: str | None, why: str) -> int:
        key = ("unexplored", scene)
        found = self.index.get(key)
        if found is None:
            found = self._add(key, Node(key, None, scene, "unexplored", error=why))
            if why not in self.approximations and not why.startswith("budget"):  # ``stopped`` says that
                self.approximations.append(why)
        return found

    def _reach(self, source: float, share: float, dist: list[tuple[int, Fraction]]) -> None:
        """Pass on the mass that reached a state to the states its option leads to."""
        for t, p in dist:
            node = self.nodes[t]
            if node.state is None or node.kind not in ("decision", "frontier"):
                continue
            flow = source * share * float(p)
            new = self.mass[t] + flow if self.share_by_option else max(self.mass[t], flow)
            if new > self.mass[t] or not self.mass[t]:
                self.mass[t] = new
                heapq.heappush(self.heap, (-new, t))

    # -- steps --------------------------------------------------------------------------------
    def _step(self, state: GameState, action, origin: int, option_key: str,
              offer: ev.ChoicesOffered | None = None) -> list[tuple[int, Fraction]]:
        """Every outcome of one step from ``state`` (``action(game)`` makes the decision), with
        its probability, found by running the step once per script of random answers, the most
        likely scripts first; past :data:`MAX_BRANCHES` runs the rest is left unexplored. A step
        that reads draws still owed (:mod:`solo.analyze.owed`) is run again from the start, every
        branch, with them drawn first (what it gains itself still owed: the dice a roll earns,
        an award after the read); if it reads the pool after such a gain too, once more with
        nothing owed."""
        if self.game.owed.hook is None:
            return self._runs(state, action, origin, option_key, offer, False)
        try:
            return self._runs(state, action, origin, option_key, offer, False)
        except owed.ReadOwed:
            pass
        try:  # the dice owed before the step drawn first; what the step itself earns owed again
            return self._runs(state, action, origin, option_key, offer, True)
        except owed.ReadOwed:  # the step reads the pool after gaining dice too: nothing owed
            self.game.scripted.owes_draws = False
            try:
                return self._runs(state, action, origin, option_key, offer, True)
            finally:
                self.game.scripted.owes_draws = True

    def _runs(self, state: GameState, action, origin: int, option_key: str,
              offer: ev.ChoicesOffered | None, settle: bool) -> list[tuple[int, Fraction]]:
        """:meth:`_step`'s runs; ``settle``: draw what is owed first, else guard it."""
        results: dict[int, Fraction] = {}
        guarding = self.game.owed.hook is not None
        heap: list[tuple[float, int, list[Any], Fraction]] = [(-1.0, 0, [], Fraction(1))]
        order = itertools.count(1)
        game = self.game
        unread = self.keys.unread(state) if game._by_own_classes else frozenset()
        runs = 0
        while heap:
            memory = runs % CHECK_EVERY == CHECK_EVERY - 1 and self.budget.memory() > self.budget.memory_mb
            if runs >= MAX_BRANCHES or memory or self.clock() > self.deadline:
                rest = sum((p for _, _, _, p in heap), Fraction(0))
                self.out_of_memory = memory
                self.out_of_time = runs < MAX_BRANCHES and not memory
                why = (f"a step in {state.scene} can go more than {MAX_BRANCHES} ways (dice drawn one by one); "
                       "the least likely are left unexplored") if runs >= MAX_BRANCHES \
                    else "budget: memory" if memory else "budget: time"
                target = self._unexplored(state.scene, why)
                results[target] = results.get(target, Fraction(0)) + rest
                break
            runs += 1
            if runs % 256 == 0:
                self._tell()
            _, _, script, p = heapq.heappop(heap)
            game.load(copy_state(state), script, offer)
            game.unread_ahead = unread
            character = game.state.character
            game.owed.asleep = False
            part = None if settle or not guarding else game.owed.part(character)
            if part is not None:
                game.owed.arm(character, part)
            try:
                if settle and character is not None:
                    game.owed.settle(game.dice, character)
                action(game)
                while game.offered is not None and game.offered.kind in ("check", "roll"):
                    game.choose(dice_decision(game, game.offered))
            except Need as need:
                for answer, q in need.choices:
                    if q:
                        weight = p * q
                        heapq.heappush(heap, (-float(weight), next(order), script + [answer], weight))
                continue
            except outcomes.NotExact as exc:
                target = self._unexplored(state.scene, str(exc))
                results[target] = results.get(target, Fraction(0)) + p
                continue
            except OutOfBudget as out:  # the deadline or the memory limit passed inside the rules' enumeration
                if guarding:
                    owed.Owed.disarm(game.state.character)
                memory = isinstance(out, OutOfMemory)
                self.out_of_memory, self.out_of_time = memory, not memory
                target = self._unexplored(state.scene, "budget: memory" if memory else "budget: time")
                rest = p + sum((q for _, _, _, q in heap), Fraction(0))
                results[target] = results.get(target, Fraction(0)) + rest
                break
            except Exception as exc:  # the engine raised: an absorbing error state
                if guarding:
                    owed.Owed.disarm(game.state.character)
                message = f"{type(exc).__name__}: {exc}"
                target = self._node(game.state, error=message)
                results[target] = results.get(target, Fraction(0)) + p
                if self.nodes[target].via == (-1, "", ()) and origin >= 0:
                    self.nodes[target].via = (origin, option_key, tuple(script))
                continue
            if guarding:
                owed.Owed.disarm(game.state.character)
            target = self._node(game.state)
            if target != origin and self.nodes[target].via == (-1, "", ()):
                self.nodes[target].via = (origin, option_key, tuple(script))
            results[target] = results.get(target, Fraction(0)) + p
        return sorted(results.items())

    def _start(self, game: AnalysisGame) -> None:
        """Start the game on a copy of the character given: the engine plays the one it is
        handed (awards at the start change it), and the start is run once per random answer."""
        if self.preset is not None:
            game._preset = Character.from_dict(self.preset.to_dict())
        game.start()

    # -- the walk -----------------------------------------------------------------------------
    def begin(self, bound: float = 0.0, progress: Callable[[Progress], None] | None = None) -> list[tuple[int, Fraction]]:
        """Start the clock and the budget and run the game's start: the distribution of the
        states it begins in."""
        # the command's start when the budget names it (setup is part of the wait)
        self._again(bound, progress, self.clock() if self.budget.since is None else self.budget.since)
        template = AnalysisGame(self.adventure, self.preset)
        template.load(template.state, [])
        start_state = copy_state(template.state)
        return self._step(start_state, self._start, -1, "")

    def _again(self, bound: float, progress: Callable[[Progress], None] | None, started: float) -> None:
        """What :meth:`begin` and :meth:`resume` both do before walking: the clock started (at
        ``started``) and the deadline set by the budget, the progress line, the bound, the
        collector held."""
        self.started = started
        # the budget covers the whole answer: a tenth of it is kept for solving what was explored
        # (17,000 states under a load of 15 took 15-20 s past a 120 s budget without it)
        self.game.clock = self.clock
        self._deadline(self.started + self.budget.seconds * (1 - SOLVE_SHARE))
        self.progress = progress
        self.bound = bound
        if not self._holding:
            self._holding = True
            collector.hold()
        self._tell()

    def _deadline(self, at: float) -> None:
        """Explore until ``at`` (by the budget's clock): the explorer's steps and the rules' own
        enumerations (:func:`~solo.rules.scripted.stop_at`) stop there, and where the memory
        passes the budget's limit."""
        self.deadline = self.game.deadline = at
        self._lift()
        self._stop = stop_at(self.clock, at, self.budget.memory, self.budget.memory_mb)
        self._stop.__enter__()

    def looked(self, seconds: float, kind: str) -> None:
        """One look of the solver took ``seconds`` (wall) on the states met so far: the end of the
        analysis will take about :data:`TAIL_LOOKS` such looks, growing with the states, so
        exploration stops that much before the budget (never later than the share kept for it).
        Under load a look takes many times its CPU, and so does the end: a fixed share of a
        120 s budget (12 s) was 5-17 s short at a load of 10."""
        self.tail = (seconds * TAIL_LOOKS[kind], max(1, len(self.nodes)))
        self._deadline(min(self.deadline, self._latest()))

    def _latest(self) -> float:
        """When exploration must stop for the end to fit in the budget (:meth:`looked`)."""
        cost, at = self.tail
        return self.started + self.budget.seconds - cost * max(1.0, len(self.nodes) / at)

    def end(self) -> None:
        """Lift the deadline :meth:`begin` put on the rules' enumerations (what runs after
        exploration, routes to soft-locks replayed, must run whole) and give the collector back
        what it was kept off (:mod:`solo.analyze.collector`)."""
        self._lift()
        if self._holding:
            self._holding = False
            collector.release()

    def _lift(self) -> None:
        """Lift the deadline in force on the rules' enumerations."""
        if self._stop is not None:
            stop, self._stop = self._stop, None
            stop.__exit__(None, None, None)

    def over_budget(self) -> str:
        """Why exploration must stop now ("budget: ..."), or "" (the clock and the memory are
        looked at every :data:`CHECK_EVERY` expansions, and at once when a step ran out of time or
        memory: a step and the rules' enumerations in it look at both as they go)."""
        if self.out_of_memory:
            return f"budget: {self.budget.memory_mb} MB of memory"
        if self.out_of_time or self.expanded % CHECK_EVERY == 0:
            if self.tail[0]:  # the end grows with the states: the deadline moves up with them
                latest = self._latest()
                if latest < self.deadline:
                    self._deadline(latest)
            if self.out_of_time or self.clock() > self.deadline:
                return f"budget: {self.budget.seconds:g} s of time"
            if self.budget.memory() > self.budget.memory_mb:
                return f"budget: {self.budget.memory_mb} MB of memory"
            collector.settle()  # the states kept since: off the collector's full walks
            self._tell()
        elif self.clock() - self.told >= TELL_EVERY:
            self._tell()
        if len(self.nodes) > self.max_states:
            return f"budget: more than {self.max_states} game states"
        return ""

    def expand(self, n: int) -> None:
        """Take every option of node ``n`` (not expanded yet) once: its ``options`` then hold,
        per option, the distribution of the states it leads to."""
        state, offered = self._open(n)
        if offered is None:
            return
        node = self.nodes[n]
        for option_key in playable_keys(offered):
            dist = self._step(state, lambda game, k=option_key: game.choose(k), n, option_key, offered)
            node.options.append((option_key, dist))

    def option_shares(self, n: int) -> list[float]:
        """The share of the mass reaching node ``n`` that each of its options passes on: a random
        player's equal shares, or all of it along each (the likeliest route, for best and worst play)."""
        options = self.nodes[n].options
        return [1.0 / len(options) if self.share_by_option else 1.0] * len(options)

    def _open(self, n: int) -> tuple[GameState, ev.ChoicesOffered | None]:
        """Node ``n``'s state, taken from the node (it is expanded now), loaded on the game, and
        the decision on offer there."""
        node = self.nodes[n]
        state = node.state
        assert state is not None
        node.state = None
        self.expanded += 1
        self.game.load(copy_state(state), [])
        return state, self.game.offered

    def explore(self, settled: Settled | None = None, bound: float = 0.0,
                progress: Callable[[Progress], None] | None = None) -> Graph:
        """Expand states, most likely first, until done, out of budget, or ``settled(graph)``
        (asked at each doubling of the states expanded) is at most ``bound``."""
        return self._walk(settled, bound, progress, None)

    def resume(self, budget: Budget, settled: Settled | None = None, bound: float = 0.0,
               progress: Callable[[Progress], None] | None = None) -> Graph:
        """Go on after :meth:`explore` stopped on its budget, within ``budget`` counted from now:
        the same walk from where it stood (its heap, its states, the solver's looks at each
        doubling), so the graph is the one a single exploration with both budgets would have
        reached, but for a step the first deadline cut (its rest stays unexplored). Its
        ``seconds`` count both."""
        assert self.begun is not None, "resume follows explore"
        self.spent_before += self.clock() - self.started
        self.budget, self.max_states = budget, budget.max_states
        self.out_of_time = self.out_of_memory = False
        return self._walk(settled, bound, progress, self.begun)

    def _walk(self, settled: Settled | None, bound: float, progress: Callable[[Progress], None] | None,
              start: list[tuple[int, Fraction]] | None) -> Graph:
        """:meth:`explore` (``start`` None: from the game's start) or :meth:`resume` (``start``:
        the distribution it began in)."""
        try:
            try:
                if start is None:
                    start = self.begun = self.begin(bound, progress)
                    self._reach(1.0, 1.0, start)
                else:
                    self._again(bound, progress, self.clock())  # a resumed walk: its own clock from now
                stopped = self._explore(start, settled, bound)
            finally:
                self._lift()  # the deadline never outlives the exploration (an error in it too)
            # stopped on the bound with every state expanded (the heap held only stale entries): exact
            graph = self._graph(start, not stopped.startswith("budget"))
            graph.stopped = "" if graph.complete else stopped
            # the last line must tell the figure of the graph handed back, not the one of the last
            # doubling (it once read "unexplored <= 98.16%" above a final result that was exact)
            if graph.complete:
                self.last_bound = 0.0
            elif settled is not None and not stopped.startswith("bound:"):
                self.last_bound = settled(graph)
            self._tell()
            return graph
        finally:
            self.end()  # the collector given back after the last solve (:mod:`solo.analyze.collector`)

    def _explore(self, start: list[tuple[int, Fraction]], settled: Settled | None, bound: float) -> str:
        """:meth:`explore`'s walk: why it stopped ("" when every state is expanded)."""
        stopped = ""
        while self.heap or self.out_of_time or self.out_of_memory:
            stopped = self.over_budget()
            if stopped:
                break
            if settled is not None and self.expanded >= self.next_look:
                self.next_look = self.expanded * 2
                began = self.clock()
                graph = self._graph(start, False, final=False)
                self.last_bound = settled(graph)
                self.looked(self.clock() - began, "random")
                if self.last_bound is not None:
                    self.looks.append((self.clock() - self.started, self.last_bound))
                # the bound is met; but when what is left is a small part of what was done, finish
                # it: a small game comes out exact instead of bounded for a few more states
                cheap = 4 * sum(1 for node in graph.nodes if node.kind == "frontier") <= self.expanded \
                    and not any(node.kind == "unexplored" for node in graph.nodes)
                if self.last_bound is not None and self.last_bound <= bound:
                    if not (cheap and self.finish):
                        stopped = f"bound: what is left unexplored can move no figure by more than {bound:g}"
                        break
                    self.finish = False
            negative, n = heapq.heappop(self.heap)
            node = self.nodes[n]
            if node.state is None or -negative < self.mass[n]:
                continue  # expanded already, or a stale entry of a state reached again since
            self.expand(n)
            for share, (_, dist) in zip(self.option_shares(n), node.options):
                self._reach(self.mass[n], share, dist)
        return stopped

    def _graph(self, start: list[tuple[int, Fraction]], finished: bool, final: bool = True) -> Graph:
        """The graph as it stands; states not expanded yet are frontier nodes (in place: they
        turn back into decisions if exploration goes on). Which variables blew the space up is
        found only for the ``final`` graph (the solver's looks on the way do not read it, and it
        walks every key: about a second at 17,000 states)."""
        open_states = 0
        for node in self.nodes:
            if node.kind in ("decision", "frontier") and node.state is not None:
                node.kind = "frontier"
                open_states += 1
            elif node.kind == "frontier":
                node.kind = "decision"
        complete = finished and open_states == 0 and not any(n.kind == "unexplored" for n in self.nodes)
        graph = Graph(self.nodes, start, complete, approximations=list(self.approximations),
                      seconds=self.spent_before + self.clock() - self.started, peak_mb=peak_memory_mb())
        if not complete and final:
            graph.blowup = self.blowup()
            graph.reason = "; ".join(self.approximations) if not open_states else ""
        return graph

    def blowup(self) -> list[tuple[str, int]]:
        """The variables that take the most values among the states met. A key whose parts
        were all met already (most keys: states differ in one part or two) adds no value and
        no name, so only the parts not met before are read."""
        values: dict[str, set] = {}
        met: set[tuple] = set()
        for node in self.nodes:
            if node.kind not in ("decision", "frontier"):
                continue
            parts = tuple((i, part) for i, part in enumerate(node.key))
            if met.issuperset(parts):
                continue
            met.update(parts)
            for name, value in self.keys.variables(node.key).items():
                values.setdefault(name, set()).add(repr(value))
        found = sorted(((name, len(v)) for name, v in values.items() if len(v) > 1), key=lambda kv: -kv[1])
        return found[:10]

    def route(self, n: int) -> list[tuple[int, str, tuple]]:
        """The first route found from the start to node ``n``, start first: per step the node it
        left (-1: the start), the option taken and the random answers of the run that went on."""
        steps: list[tuple[int, str, tuple]] = []
        seen: set[int] = set()
        while n >= 0 and n not in seen:
            seen.add(n)
            steps.append(self.nodes[n].via)
            n = self.nodes[n].via[0]
        return list(reversed(steps))

    def replay(self, n: int) -> GameState:
        """The game of node ``n`` played again from the start on a fresh engine, step by step along
        :meth:`route` (each option taken with its random answers, the dice decisions made as the
        explorer makes them): the state a person following :meth:`path` comes to. Its key is node
        ``n``'s (tests/analyze/test_stuck_routes.py holds that for every soft-lock and loop)."""
        game = AnalysisGame(self.adventure, self.preset)
        game.unread_rewards, game.face_by_face = self.game.unread_rewards, self.game.face_by_face
        game.read_fields = self.game.read_fields
        game.scripted.read_resources = self.game.scripted.read_resources
        game.load(game.state, [])
        state = copy_state(game.state)
        for previous, option_key, script in self.route(n):
            try:
                self._replay_step(game, state, previous, option_key, script, False)
            except owed.ReadOwed:  # the explorer ran this step with the owed draws drawn first
                try:
                    self._replay_step(game, state, previous, option_key, script, True)
                except owed.ReadOwed:  # and, reading the pool after gains too, with none owed
                    self._replay_step(game, state, previous, option_key, script, True, False)
            state = game.state
        return state

    def _replay_step(self, game: AnalysisGame, state: GameState, previous: int, option_key: str,
                     script: tuple, settle: bool, owing: bool = True) -> None:
        """One step of :meth:`replay`, as :meth:`_runs` runs it (owed draws guarded, or drawn
        first when ``settle``; ``owing``: whether the step may owe what it gains)."""
        game.load(copy_state(state), list(script))
        game.unread_ahead = self.keys.unread(state) if game._by_own_classes else frozenset()
        character = game.state.character
        game.owed.asleep = False
        guarding = game.owed.hook is not None
        part = game.owed.part(character) if guarding and not settle else None
        if part is not None:
            game.owed.arm(character, part)
        game.scripted.owes_draws = guarding and owing
        try:
            if settle and character is not None:
                game.owed.settle(game.dice, character)
            if previous < 0:
                self._start(game)
            else:
                game.choose(option_key)
            while game.offered is not None and game.offered.kind in ("check", "roll"):
                game.choose(dice_decision(game, game.offered))
        finally:
            game.scripted.owes_draws = guarding
        if guarding:
            owed.Owed.disarm(game.state.character)

    def path(self, n: int) -> list[dict[str, Any]]:
        """The first route found from the start to node ``n``: each decision with its scene and
        the random outcomes that followed it (check classes, table totals, die faces)."""
        steps: list[dict[str, Any]] = []
        seen: set[int] = set()
        while n >= 0 and n not in seen:
            seen.add(n)
            previous, option_key, script = self.nodes[n].via
            entry: dict[str, Any] = {"decision": option_key or "(start)",
                                     "random": [_answer(a) for a in script]}
            entry["scene"] = self.nodes[previous].scene if previous >= 0 else None
            steps.append(entry)
            n = previous
        return list(reversed(steps))


def _answer(answer: Any) -> Any:
    if isinstance(answer, tuple) and answer and isinstance(answer[0], str):  # a check's outcome class
        return answer[0] if answer[1] in (None, answer[0]) else f"{answer[0]} -> {answer[1]}"
    if isinstance(answer, tuple):  # a pool of dice
        return list(answer)
    return answer


def explore(adventure: Adventure, character: Character | None = None, max_states: int = DEFAULT_MAX_STATES) -> Graph:
    return Explorer(adventure, character, max_states).explore()


def all_options(graph: Graph) -> Iterable[tuple[int, str, list[tuple[int, Fraction]]]]:
    for n, node in enumerate(graph.nodes):
        for key, dist in node.options:
            yield n, key, dist
