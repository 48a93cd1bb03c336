"""Where a game can still go from the state it is in, and what can still happen there.

The state key of ``solo analyze`` (:class:`~solo.analyze.explore.KeyMaker`) keeps a part of a
state only while something the game can still come to reads it. "Can still come to" is worked out
here, per state, and is stronger than the scene graph's reachability (every way of every scene
met, every hook, every clock):

* a once-only choice already taken is gone: its ways lead nowhere any more (the engine never
  offers it again);
* a choice whose guard (``if``) is false now and can never turn true is gone too. A guard counts
  as frozen when everything it reads is *stable*: a flag, counter or clock no effect still
  reachable sets, adds to or ticks; ``has("x")`` of an item no reachable effect gives or takes
  and that has no rules (a fight may use those up); ``done("x")`` of an objective done already,
  or one with no ``when`` that no reachable effect completes; ``visited("x")`` of a scene not
  reachable; ``clock("x")`` as the clock's name. Any other read (``turn``, the character's
  stats and resources, a roll) makes the guard live;
* a hook whose ``when`` is false and frozen likewise never fires, and reads and writes nothing;
* a clock fires its ``filled`` effects only once, and only on a tick (or ``add``): a clock filled
  already, or one no reachable effect ticks, sends the game nowhere and reads nothing;
* the mark of a once-only choice taken is read no more when the choice's guard is false for
  good (frozen as above, over the region's writes): the engine reads a mark only to leave the
  choice out of an offer, and a false guard leaves it out whether it is marked or not. So the
  marks of such choices are named (:attr:`Reach.last_closed`) and the key leaves them out: a
  game that prayed at a shrine and was then cursed (``if: not cursed``, nothing lifts the curse)
  is one state with a game cursed without praying. Their regions are equal too: a choice taken
  and a choice closed by its guard are both shut.

What is reachable depends on what is written where it can go, and the other way round, so the
region is found by shrinking: start from every way not taken, find what that region writes, drop
the guards and hooks that are frozen false under those writes and the clocks that cannot fire,
walk again; repeat until nothing changes. Each round starts from a region that holds every scene
the game can really come to (the first does: only taken choices are left out), and drops only
ways that can never be taken from it, so every round's region still holds them: the fixed point
is a sound over-estimate of where the game can go and what can run. A choice whose roll is
pending in the state stays live whatever its mark (it is being taken now).

:class:`Region` is the answer: the scenes, the hooks and clocks still live, and what they all
write. Two states get equal regions only from equal inputs (the scene, the marks, the values the
guards read), and the key keeps the region, so states merge only when they can go to the same
places.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from solo.adventure import expressions
from solo.adventure.format.effects import walk
from solo.adventure.model import Adventure
from solo.adventure.scene_graph import branch_gotos, effects_destinations, tables_reached

#: The functions a frozen guard may call (with a plain string argument): their answers change
#: only through effects this module can see.
_STABLE_CALLS = frozenset({"has", "done", "visited", "clock"})


@dataclass(frozen=True)
class Writes:
    """What a list of effects can change: variables (flags, counters, clocks) set, added to or
    ticked (a flag set to a plain true or false as ``name=True`` or ``name=False``: one set only
    to true cannot change a flag that is true already); clocks ticked or added to (a tick can fill a clock); items given or taken;
    objectives completed; tables rolled (and the tables their rows roll)."""

    variables: frozenset[str] = frozenset()
    ticks: frozenset[str] = frozenset()
    items: frozenset[str] = frozenset()
    objectives: frozenset[str] = frozenset()
    tables: frozenset[str] = frozenset()

    def __or__(self, other: "Writes") -> "Writes":
        return Writes(self.variables | other.variables, self.ticks | other.ticks, self.items | other.items,
                      self.objectives | other.objectives, self.tables | other.tables)


def _names(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, Mapping):
        return {str(k) for k in value}
    if isinstance(value, (list, tuple)):
        return {str(v) for v in value if isinstance(v, str)}
    return set()


def writes_of(adventure: Adventure, effects: Any) -> Writes:
    """What ``effects`` (nested ones and the rows of the tables they roll included) can change."""
    tables = tables_reached(adventure, effects)
    lists = [effects] + [branch.effects for tid in tables for branch in adventure.tables[tid].rows.values()]
    variables: set[str] = set()
    ticks: set[str] = set()
    items: set[str] = set()
    done: set[str] = set()
    for each in lists:
        for name, value in walk(each):
            if name == "set" and isinstance(value, Mapping):
                for var, to in value.items():  # a flag set to true or false: which way it goes
                    literal = str(var) in adventure.flags and isinstance(to, bool)
                    variables.add(f"{var}={to}" if literal else str(var))
            elif name in ("set", "add"):  # ``add`` to a clock ticks it
                variables |= _names(value)
                if name == "add":
                    ticks |= _names(value) & set(adventure.clocks)
            elif name == "tick":
                variables |= _names(value)
                ticks |= _names(value)
            elif name in ("give", "take"):
                items |= _names(value)
            elif name == "complete":
                done |= _names(value)
    return Writes(frozenset(variables), frozenset(ticks), frozenset(items), frozenset(done), frozenset(tables))


@dataclass(frozen=True, eq=False)
class Gate:
    """One way out of a scene that can be closed: a choice (its effects, goto and outcome
    branches), with its once-only mark and guard; or the parts that always run (``on_enter``,
    the conflict's result branches), with neither."""

    index: int | None  # the choice's index (None: the parts that always run)
    mark: str | None
    guard: "tuple[Guard, ...]"  # the parts of its condition that can be frozen
    dests: tuple[str, ...]
    writes: Writes
    bits: int = 0  # ``writes`` as :class:`Reach`'s bits


@dataclass(frozen=True, eq=False)
class Guard:
    """A condition and what it reads, when everything it reads could be stable (else no Guard)."""

    text: str
    parsed: Any
    names: frozenset[str]
    calls: frozenset[tuple[str, str]]
    #: The calls whose answer turns on where the game goes or what completes (``visited``,
    #: ``done``), not on what effects write.
    special: tuple[tuple[str, str], ...] = ()


def guard_of(text: str | None, known: frozenset[str]) -> tuple[Guard, ...]:
    """The parts of the condition ``text`` (those of a top-level ``and``) that read only
    variables (``known``) and the stable calls with a plain string: the parts that can be
    frozen. The condition is false for good when one of them is false and frozen."""
    if not text:
        return ()
    try:
        whole = expressions.parse(text)
    except expressions.ExpressionError:
        return ()
    found = []
    for parsed in whole.conjuncts():
        names = parsed.names()
        if not names <= known:
            continue
        calls = set()
        for name, args in parsed.calls():
            if name not in _STABLE_CALLS or len(args) != 1 or not isinstance(args[0], str):
                break
            calls.add((name, args[0]))
        else:
            special = tuple(sorted(c for c in calls if c[0] in ("visited", "done")))
            found.append(Guard(text, parsed, frozenset(names), frozenset(calls), special))
    return tuple(found)


@dataclass(frozen=True)
class Region:
    """Where a game can still go (:func:`Reach.region`): its scenes, which hooks (by index) can
    still fire, which clocks can still fill, and everything that can still write."""

    scenes: frozenset[str]
    hooks: frozenset[int]
    firing: frozenset[str]
    writes: Writes


class Reach:
    """The region of a state, worked out per state and remembered by what it depends on.

    What is written is kept as bits of one integer (a bit per variable, clock tick, item,
    objective and table), so that the rounds of :meth:`_region` join and test writes cheaply."""

    def __init__(self, adventure: Adventure) -> None:
        self.adventure = adventure
        known = frozenset(adventure.flags) | frozenset(adventure.counters) | frozenset(adventure.clocks)
        self._ruled = frozenset(iid for iid, item in adventure.items.items() if item.rules)
        self._bits: dict[tuple[str, str], int] = {}
        self.gates: dict[str, tuple[Gate, ...]] = {}
        for sid, scene in adventure.scenes.items():
            always_effects: list[Any] = [scene.on_enter]
            dests: dict[str, None] = dict.fromkeys(effects_destinations(adventure, scene.on_enter))
            if scene.conflict is not None:
                for branch in scene.conflict.outcomes.values():
                    always_effects.append(branch.effects)
                    dests.update(dict.fromkeys(branch_gotos(branch)))
                    dests.update(dict.fromkeys(effects_destinations(adventure, branch.effects)))
            always = _joined(adventure, always_effects)
            gates = [Gate(None, None, (), tuple(dests), always, self._mask(always))]
            for index, choice in enumerate(scene.choices):
                lists: list[Any] = [choice.effects]
                way: dict[str, None] = {}
                if choice.goto:
                    way[choice.goto] = None
                way.update(dict.fromkeys(effects_destinations(adventure, choice.effects)))
                if choice.check is not None:
                    for branch in choice.check.outcomes.values():
                        lists.append(branch.effects)
                        way.update(dict.fromkeys(branch_gotos(branch)))
                        way.update(dict.fromkeys(effects_destinations(adventure, branch.effects)))
                writes = _joined(adventure, lists)
                gates.append(Gate(index, f"{sid}#{index}" if choice.once else None,
                                  guard_of(choice.condition, known),
                                  tuple(way), writes, self._mask(writes)))
            self.gates[sid] = tuple(gates)
        #: Per hook: (the parts of its ``when`` that can be frozen; where it can send the game;
        #: the bits of what it writes).
        self.hooks = tuple((guard_of(h.when, known),
                            tuple(effects_destinations(adventure, h.effects)), self._mask(writes_of(adventure, h.effects)))
                           for h in adventure.hooks)
        #: Per clock: (where its ``filled`` effects can send the game, the bits of what they write).
        self.clocks = {cid: (tuple(effects_destinations(adventure, c.filled)), self._mask(writes_of(adventure, c.filled)))
                       for cid, c in adventure.clocks.items()}
        self._tick = {cid: self._bit("tick", cid) for cid in adventure.clocks}
        defeated = adventure.defeated
        self.defeated_dests: tuple[str, ...] = ()
        self.defeated_bits = 0
        if defeated is not None:
            self.defeated_dests = tuple(branch_gotos(defeated)) + tuple(effects_destinations(adventure, defeated.effects))
            self.defeated_bits = self._mask(writes_of(adventure, defeated.effects))
        #: What the guards read, over every guard: a region depends on the state only through
        #: these (and the scene, the marks, the clocks filled, the objectives done).
        guards = [part for gates in self.gates.values() for g in gates for part in g.guard]
        guards += [part for h in self.hooks for part in h[0]]
        self._reads = {}
        self._flag_bits = {}
        for guard in guards:
            reads = 0
            for name in guard.names:
                reads |= self._bit("var", name)
                if name in adventure.flags:  # which way a plain set may turn it
                    self._flag_bits[name] = (self._bit("var", f"{name}=False"), self._bit("var", f"{name}=True"))
            for name, arg in guard.calls:
                if name == "has":
                    reads |= self._bit("item", arg)
                elif name == "clock":
                    reads |= self._bit("var", arg)
            self._reads[guard] = reads
        self.guard_names = tuple(sorted({n for g in guards for n in g.names}
                                        | {a for g in guards for f, a in g.calls if f == "clock"}))
        #: Per guard name, how a region's working-out reads its value (:func:`_stands`): by where
        #: it stands against the numbers the guards compare it with, or whole (None).
        self.guard_forms = {name: _guard_form(adventure, name, guards) for name in self.guard_names}
        #: Per guard, the flags it reads with the bits of the writes that would turn each off and
        #: on (:meth:`_unstable`); None when it asks about an item with rules (a fight may use it up).
        self._turns: dict[Guard, tuple[tuple[str, int, int], ...] | None] = {
            g: None if any(f == "has" and a in self._ruled for f, a in g.calls)
            else tuple((n, *self._flag_bits[n]) for n in sorted(g.names) if n in self._flag_bits)
            for g in guards}
        #: Per guard, the questions (:meth:`_answers`) whose answers decide whether it holds.
        self._questions: dict[Guard, tuple[tuple[str, str], ...]] = {
            g: tuple(("value", n) for n in sorted(g.names))
            + tuple((f, a) for f, a in sorted(g.calls) if f != "done") for g in guards}
        self.guard_items = frozenset(a for g in guards for f, a in g.calls if f == "has")
        self.guard_visits = frozenset(a for g in guards for f, a in g.calls if f == "visited")
        self._guarded = {sid: tuple(g for g in gates if g.guard) for sid, gates in self.gates.items()}
        self._by_mark = {g.mark: g for gates in self.gates.values() for g in gates if g.mark}
        self.marks = frozenset(self._by_mark)
        self._by_index = {(sid, g.index): g for sid, gates in self.gates.items() for g in gates if g.index is not None}
        #: Regions found, per fixed part of a state (:meth:`region`): a tree of the questions
        #: their working-out asked, by answer, down to the region and the marks it closed.
        self._tries: dict[tuple, Any] = {}
        #: The once-only marks whose choice the last state's region closed by a guard false for
        #: good (:meth:`region`): the key leaves them out, taken or not.
        self.last_closed: frozenset[str] = frozenset()
        self._decoded: dict[int, Writes] = {}

    def _bit(self, kind: str, name: str) -> int:
        found = self._bits.get((kind, name))
        if found is None:
            found = self._bits[(kind, name)] = 1 << len(self._bits)
        return found

    def _mask(self, writes: Writes) -> int:
        bits = 0
        for kind, names in (("var", writes.variables), ("tick", writes.ticks), ("item", writes.items),
                            ("objective", writes.objectives), ("table", writes.tables)):
            for name in names:
                bits |= self._bit(kind, name)
        return bits

    def _decode(self, bits: int) -> Writes:
        found = self._decoded.get(bits)
        if found is None:
            parts: dict[str, set[str]] = {"var": set(), "tick": set(), "item": set(), "objective": set(), "table": set()}
            for (kind, name), bit in self._bits.items():
                if bits & bit:
                    parts[kind].add(name)
            found = self._decoded[bits] = Writes(frozenset(parts["var"]), frozenset(parts["tick"]),
                                                 frozenset(parts["item"]), frozenset(parts["objective"]),
                                                 frozenset(parts["table"]))
        return found

    # -- the region of a state ------------------------------------------------------------------
    #: Remember regions by what their working-out asked of the state (False: work each state's
    #: region out afresh; tests/analyze/test_region_memo.py holds the two to one graph).
    memo = True

    def region(self, state: Any) -> Region:
        """Where the game in ``state`` can go (the module's docstring), with the once-only marks
        it closed in :attr:`last_closed`.

        A region depends on the state's scene, the roll it is in the middle of, its once-only
        marks, its clocks filled and its objectives done (the *fixed part*), and on nothing else
        but the answers to the questions :meth:`_region` asks on the way (:meth:`_answers`):
        whether a flag is off (only where a write the region makes could turn it one way and not
        the other), and, for a guard that nothing can change, what it reads (a variable by
        where it stands against the numbers guards compare it with, an item held, a scene seen,
        a clock). The working-out is a function of those answers: each question it asks next
        follows from the answers before. So regions are remembered as a tree per fixed part,
        each inner node a question and its branches the answers met, each leaf the region: a
        state whose answers lead to a leaf has that region, found by asking a few questions
        instead of walking the scenes (supply-ship: tens of regions and a few thousand
        different variable values, where the values alone were a new working-out each time)."""
        pending = state.pending
        busy = None
        if pending is not None and pending.kind in ("check", "roll"):
            busy = (pending.data.get("scene"), pending.data.get("index"))
        answer = self._answers(state)
        if not self.memo:
            found = self._region(state, busy, answer)
        else:
            fixed = (state.scene, busy, frozenset(m for m in state.taken if m in self.marks),
                     frozenset(state.clocks_filled), frozenset(o for o, d in state.objectives.items() if d))
            node = self._tries.get(fixed)
            while type(node) is _Ask:
                node = node.branches.get(answer(node.question))
            found = node
            if found is None:  # not met: work it out, remembering what it asked
                asked: dict[tuple[str, str], Any] = {}

                def ask(question: tuple[str, str]) -> Any:
                    if question not in asked:
                        asked[question] = answer(question)
                    return asked[question]

                found = self._region(state, busy, ask)
                self._remember(fixed, list(asked.items()), found)
        self.last_closed = found[1]
        return found[0]

    def _remember(self, fixed: tuple, trace: list[tuple[tuple[str, str], Any]], found: tuple) -> None:
        """Put the region ``found`` in the tree of ``fixed`` under the questions asked and their
        answers, in the order they were asked."""
        if not trace:
            self._tries[fixed] = found
            return
        node = self._tries.get(fixed)
        if node is None:
            node = self._tries[fixed] = _Ask(trace[0][0])
        for i, (question, reply) in enumerate(trace):
            assert type(node) is _Ask and node.question == question, "a region's questions follow from the answers"
            if i + 1 == len(trace):
                node.branches[reply] = found
            else:
                node = node.branches.setdefault(reply, _Ask(trace[i + 1][0]))

    def _answers(self, state: Any) -> Any:
        """The answer to a question of :meth:`_region` about ``state``."""
        flags, clocks, counters = state.flags, state.clocks, state.counters
        forms = self.guard_forms

        def value(name: str) -> Any:  # as expressions see it: flags over clocks over counters
            if name in flags:
                return flags[name]
            if name in clocks:
                return clocks[name]
            return counters.get(name)

        def answer(question: tuple[str, str]) -> Any:
            kind, name = question
            if kind == "off":
                return not value(name)
            if kind == "value":
                return _stands(value(name), forms.get(name))
            if kind == "has":
                return state.character is not None and name in state.character.items
            if kind == "visited":
                return state.visits.get(name, 0) > 0
            return _stands(clocks.get(name, 0), forms.get(name))  # "clock"

        return answer

    def _region(self, state: Any, busy: Any, ask: Any) -> tuple[Region, frozenset[str]]:
        done = {o for o, d in state.objectives.items() if d}
        filled = set(state.clocks_filled)
        shut = {self._by_mark[m] for m in state.taken if m in self._by_mark}  # once-only choices taken
        pending = self._by_index.get(busy) if busy is not None else None
        shut.discard(pending)  # being taken now
        hooks = list(range(len(self.hooks)))
        firing = [c for c in self.clocks if c not in filled]
        start = state.scene or self.adventure.start  # before a scene (the pregen is being chosen): the start
        truth: dict[Guard, bool] = {}  # per guard, whether it holds now
        seen: list[Any] = []  # the variables and items held, once a guard needs them

        def false(parts: tuple[Guard, ...], bits: int, scenes: set[str]) -> bool:
            for g in parts:
                if self._unstable(g, bits, ask) or (g.special and not self._settled(g, bits, scenes, done)):
                    continue
                holds = truth.get(g)
                if holds is None:
                    for question in self._questions[g]:
                        ask(question)  # what decides it: asked, so remembered with the region
                    if not seen:
                        character = state.character
                        seen.append(_values(state))
                        seen.append(frozenset(character.items if character is not None else ()))
                    holds = truth[g] = _holds(g, seen[0], seen[1], done, state)
                if not holds:
                    return True
            return False

        previous: tuple | None = None
        for _ in range(8):  # shrinks each round; a few rounds settle every bundled adventure
            scenes = self._walk(start, shut, hooks, firing)
            bits = self.defeated_bits
            for sid in scenes:
                for gate in self.gates[sid]:
                    if gate not in shut:
                        bits |= gate.bits
            for h in hooks:
                bits |= self.hooks[h][2]
            for c in firing:
                bits |= self.clocks[c][1]
            now = (scenes, tuple(hooks), tuple(firing), bits)
            if now == previous:
                break
            previous = now
            for sid in scenes:
                for gate in self._guarded[sid]:
                    if gate not in shut and gate is not pending and false(gate.guard, bits, scenes):
                        shut.add(gate)
            hooks = [h for h in hooks if not false(self.hooks[h][0], bits, scenes)]
            firing = [c for c in firing if bits & self._tick[c]]
        # once-only choices taken whose guard is false for good: taken or not, the engine never
        # offers them again, so their marks are read no more (the module's docstring)
        closed = frozenset(g.mark for sid in scenes for g in self._guarded[sid]
                           if g.mark and g.mark in state.taken and g is not pending and false(g.guard, bits, scenes))
        return Region(frozenset(scenes), frozenset(hooks), frozenset(firing), self._decode(bits)), closed

    def _walk(self, start: str, shut: set[Gate], hooks: Iterable[int], firing: Iterable[str]) -> set[str]:
        anywhere: list[str] = list(self.defeated_dests)
        for h in hooks:
            anywhere.extend(self.hooks[h][1])
        for c in firing:
            anywhere.extend(self.clocks[c][0])
        gates = self.gates
        queue = [start] if start in gates else []
        seen: set[str] = set(queue)
        for d in anywhere:
            if d in gates and d not in seen:
                seen.add(d)
                queue.append(d)
        while queue:
            for gate in gates[queue.pop()]:
                if gate in shut:
                    continue
                for dest in gate.dests:
                    if dest not in seen and dest in gates:
                        seen.add(dest)
                        queue.append(dest)
        return seen

    def _unstable(self, guard: Guard, bits: int, ask: Any) -> bool:
        """Whether a write of ``bits`` could change what ``guard`` reads: a variable, item or clock
        it reads, or one of its flags turned the other way from where it stands (a flag set only
        the way it already is changes nothing; where the writes can turn it either way, or
        neither, where it stands is not asked); always, when it asks about an item with rules
        (a fight may use it up)."""
        turns = self._turns[guard]
        if turns is None or self._reads[guard] & bits:
            return True
        for name, off, on in turns:  # the bits of writes turning the flag off and on
            if off & bits and on & bits:
                return True
            if (off | on) & bits and (on if ask(("off", name)) else off) & bits:
                return True
        return False

    def _settled(self, guard: Guard, bits: int, scenes: set[str], done: set[str]) -> bool:
        """Whether the guard's ``visited`` and ``done`` calls can no longer change their answer."""
        for name, arg in guard.special:
            if name == "visited" and arg in scenes:
                return False
            if name == "done" and arg not in done:
                objective = self.adventure.objectives.get(arg)
                if objective is None or objective.when or bits & self._bit("objective", arg):
                    return False
        return True


class _Ask:
    """An inner node of :meth:`Reach.region`'s tree: a question and, per answer met, what follows."""

    __slots__ = ("question", "branches")

    def __init__(self, question: tuple[str, str]) -> None:
        self.question = question
        self.branches: dict[Any, Any] = {}


def _guard_form(adventure: Adventure, name: str, guards: Iterable[Guard]) -> tuple[int, tuple[Any, ...]] | None:
    """How the guards read the counter or clock ``name``, when every guard that reads it does so
    only as ``name % k`` and in comparisons with numbers: (the moduli's least common multiple, the
    numbers compared with). Then two values that stand alike to each number (less, equal, more)
    and have the same residue make every guard answer alike, and :meth:`_danger` reads only
    flags, so a region found for one is the region of the other (:meth:`Reach.region` keys
    the value so). None (kept whole): a flag, or read any other way."""
    if name in adventure.flags or (name not in adventure.counters and name not in adventure.clocks):
        return None
    moduli: set[int] = set()
    numbers: set[Any] = set()
    for guard in guards:
        called = ("clock", name) in guard.calls
        if name not in guard.names and not called:
            continue
        found = guard.parsed.comparisons(name, "clock" if called else None)
        if found is None:
            return None
        moduli |= found[0]
        numbers |= found[1]
    return math.lcm(*moduli) if moduli else 1, tuple(sorted(numbers))


def _stands(value: Any, form: tuple[int, tuple[Any, ...]] | None) -> Any:
    """A guard's variable as :meth:`Reach.region` keys it (:func:`_guard_form`)."""
    if form is None or not isinstance(value, int) or isinstance(value, bool):
        return value
    modulus, numbers = form
    return tuple((value > n) - (value < n) for n in numbers), value % modulus


def _joined(adventure: Adventure, lists: Iterable[Any]) -> Writes:
    found = Writes()
    for effects in lists:
        found = found | writes_of(adventure, effects)
    return found


def _values(state: Any) -> dict[str, Any]:
    """Variables by name as expressions see them (flags win over clocks, clocks over counters)."""
    values: dict[str, Any] = dict(state.counters)
    values.update(state.clocks)
    values.update(state.flags)
    return values


def _holds(guard: Guard, values: Mapping[str, Any], held: frozenset[str], done: set[str], state: Any) -> bool:
    """Whether the guard is true in ``state`` (an error counts as true: never closed on it)."""
    functions = {
        "has": lambda item: item in held,
        "done": lambda objective: objective in done,
        "visited": lambda scene: state.visits.get(scene, 0) > 0,
        "clock": lambda name: state.clocks.get(name, 0),
    }
    try:
        value = guard.parsed.evaluate(expressions.Environment(values, functions))
    except Exception:
        return True
    return value is True or (value is not False and bool(value))
