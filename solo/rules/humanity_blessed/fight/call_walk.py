"""A Humanity, Blessed fight call (start, exchange, aftermath) as its distinct results, for ``solo analyze``.

One call plays the fight from the player's answer to the next question: a round's focus rolls,
every action in turn, the next round's declarations. Walked script by script it branches on every
roll, and the scripts multiply (three fighters' focus rolls, then the defences: 15 x 15 x 15 ways
before anyone is hurt). But most of what a roll leaves in the fight's state is soon read no more,
so many scripts reach the same moment. The call is walked here as a graph: each random stage of
the fight is one event (:mod:`.draws`, :mod:`.roll_classes`); at each, the walker's dice are told
where the fight stands (:meth:`WalkDice.fight_point`), and two scripts that reach one moment
alike are one node, walked on once with their chances added (the probability flows through
the graph, a node passing on what reaches it, :func:`call_classes`). Other random draws (a tie
broken by the dice, blessing dice earned, a target among equals) are answered as they come, their
nodes not merged.

Two moments are alike (:func:`moment`) when the event, its context (what the call goes on to read
that is not in the state: the action rolled) and the fight as later steps read it are equal: the
characters, and the state less what no later step of the round reads (:func:`readable`):

* the focus totals once the round's order is set (only the ranking reads them, and the view);
* the roll of an actor whose action has begun (``begin_action`` moved it into ``now``);
* of the roll of an actor taken up already (in ``involved``, which only grows in a round), all but
  what ``begin_action`` reads when it abandons it: whether it is still open and what it consumes;
* while a contest is being closed, or the player is asked how to defend (every answer closes
  it), its two sides count as taken up (closing it puts them there);
* of every roll kept, its faces, rounds and text (:func:`.roll_classes.read_data`: narration);
* once the fight has its result, all but who is down and who is out (all the aftermath reads).

A finished call is grouped by the same reading of its state, with the round, the result and every
fighter; each class keeps the first script that reached it, which replays it on the real fight.
Nodes whose chance is below :data:`FLOOR`, and everything past :data:`MAX_RUNS` runs or
:data:`MAX_SECONDS` of CPU, are the probability left out (the analysis is then bounded by it).
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import time
from fractions import Fraction
from typing import Any, Callable, Hashable, Mapping

from solo.rules.base import Character
from solo.rules.conflict import Conclusion, ConflictSetup, ConflictStep, private_state
from solo.rules.dice import Dice, QueuedDice
from solo.rules.memo import key as memo_key
from solo.rules.humanity_blessed.fight.roll_classes import read_data
from solo.rules.roll_walk import _copy_setup, fighters_key, ordered
from solo.rules.scripted import LeftOut, Missing, ScriptedDice, check_stop

#: A node reached with less chance than this is left out.
FLOOR = Fraction(1, 10**9)
#: Runs of the call (one per edge of the graph) before what is not walked yet is left out.
MAX_RUNS = 20_000
#: CPU seconds of one call's walk before what is not walked yet is left out.
MAX_SECONDS = 10.0

Listed = tuple[list[tuple[Fraction, list[Any]]], Fraction]


class WalkDice(ScriptedDice):
    """Dice answering from a script as the analyzer's replay does (a drawn event by the index of
    its class, :func:`solo.analyze.given_classes.drawn_class`; a die by its face); when the
    script runs out at a fight's random stage, ``point`` says where the fight stood."""

    def __init__(self, script: list[Any], in_order: bool, offset: int = 0) -> None:
        super().__init__(script, in_order)
        self.pending: tuple | None = None
        self.point: tuple | None = None
        self.offset = offset  # answers of the whole script before this one's first
        self.snap: tuple | None = None  # the fight at the top of its last pass (Melee.advance)

    def fight_point(self, look: Any, name: str, context: Hashable) -> None:
        self.pending = (look, name, context)

    def fight_loop(self, look: Any, where: str) -> None:
        """The top of a pass of ``Melee.advance`` (``where``: "advance") or of the next focus
        roll (``"focus"``): what the rest of the call is a function of (the fight's state and
        fighters), where, and how many answers were taken to get there."""
        if self.snap is not None and self.snap[2] == self.offset + self.used:
            return  # no answer taken since the last one: resuming there plays the same passes
        self.snap = (private_state(look.state), [f.character.to_dict() for f in look.setup.fighters],
                     self.offset + self.used, where)

    def roll(self, sides: int) -> int:
        self.point = None
        return super().roll(sides)

    def rolls(self, n: int, sides: int) -> list[int]:
        self.point = None
        return super().rolls(n, sides)

    def draw_classes(self, name: str, classes: Callable[[], Any], run: Callable[[Dice], Any]) -> Any:
        self.point, self.pending = self.pending, None
        given = classes()
        if given is None:
            self.point = None
            return run(self)
        listed, rest = given
        if len(listed) + (1 if rest else 0) > 1:
            picked = self.answer(lambda: [(i, Fraction(p)) for i, (p, _) in enumerate(listed)]
                                 + ([(-1, Fraction(rest))] if rest else []))
        else:
            picked = 0
        self.point = None
        if picked == -1:
            raise LeftOut()
        return run(QueuedDice(list(listed[int(picked)][1]), self))


def readable(state: Mapping[str, Any], involved: tuple = ()) -> Hashable:
    """The fight's state as the rest of its round can read it, as a key (:func:`readable_state`)."""
    return memo_key(readable_state(state, involved))


def readable_state(state: Mapping[str, Any], involved: tuple = (), over: bool = False) -> dict[str, Any]:
    """The fight's state as the rest of its round can read it (module docstring); ``over``: the
    fight has its result, and the aftermath reads only who is down and who is out."""
    if over:
        return {"down": sorted(state.get("down") or {}), "out": state.get("out")}
    s = dict(state)
    order = list(s.get("order") or [])
    taken = set(s.get("involved") or []) | set(involved)
    ask, now = s.get("ask"), s.get("now")
    if isinstance(ask, Mapping) and ask.get("kind") == "defend" and isinstance(now, Mapping):
        taken |= {now.get("actor"), (now.get("act") or {}).get("target")}  # every answer closes it
    if order:
        s.pop("focus", None)
    rolls = dict(s.get("rolls") or {})
    begun = set(order[:int(s.get("next") or 0)])
    kept: dict[str, Any] = {}
    for key, record in rolls.items():
        if key in begun:
            continue
        if key in taken and isinstance(record, Mapping):
            details = record.get("details") or {}
            kept[key] = {"abandoned": True, "open": bool(details.get("open")), "consumes": details.get("consumes")}
        else:
            kept[key] = read_data(record)
    s["rolls"] = kept
    if isinstance(now, Mapping) and "record" in now:
        s["now"] = {**now, "record": read_data(now["record"])}
    return s


def moment(look: Any, name: str, context: Hashable) -> Hashable:
    """Where a fight stands at a random stage, as far as the rest of the call can tell."""
    involved = (context[1], context[2]) if isinstance(context, tuple) and context[:1] == ("close",) else ()
    return (name, context, readable(look.state, involved), fighters_key(look.setup))


def result_key(value: Any, setup: ConflictSetup) -> Hashable:
    """What a later step can read of a finished call: the state as readable, round and result,
    or the conclusion; and every fighter."""
    if isinstance(value, ConflictStep):
        mine: tuple = (memo_key(readable_state(value.state, over=value.result is not None)), value.round, value.result)
    else:
        assert isinstance(value, Conclusion)
        mine = (memo_key(value.awards), memo_key(value.fallen), memo_key(value.measures))
    return mine + (fighters_key(setup),)


Resume = Callable[[Dice, ConflictSetup, Mapping[str, Any], str], Any]


def _resumed(setup: ConflictSetup, characters: list[dict[str, Any]]) -> ConflictSetup:
    fighters = [dataclasses.replace(f, character=Character.from_dict(c)) for f, c in zip(setup.fighters, characters)]
    return dataclasses.replace(setup, fighters=fighters)


def call_classes(call: Callable[[Dice, ConflictSetup], Any], setup: ConflictSetup, in_order: bool,
                 resume: Resume | None = None, max_runs: int = MAX_RUNS, seconds: float = MAX_SECONDS) -> Listed:
    """The call's classes (module docstring): (probability, script) per distinct result, most
    likely first, and the probability left out. ``resume(dice, setup, state, where)`` goes on with the
    call from the top of a pass of the fight (:meth:`WalkDice.fight_loop`): a node's branches are
    run from there, not from the call's start (the same result: the rest of the call reads
    nothing else; the class keeps the whole script, which replays it from the start)."""
    snaps: dict[Hashable, tuple | None] = {}

    def run(script: list[Any], snap: tuple | None = None) -> tuple[str, Hashable, Any, tuple | None]:
        if snap is None or resume is None:
            dice = WalkDice(script, in_order)
            mine = _copy_setup(setup)
        else:
            state, characters, used, where = snap
            dice = WalkDice(script[used:], in_order, used)
            dice.snap = snap
            mine = _resumed(setup, characters)
        try:
            value = call(dice, mine) if snap is None or resume is None else resume(dice, mine, state, where)
            return "done", result_key(value, mine), None, None
        except Missing as missing:
            point = dice.point
            node = ("at", moment(*point)) if point is not None else ("path", tuple(script))
            return "node", node, missing.choices, dice.snap
        except LeftOut:
            return "rest", None, None, None
        except Exception as exc:  # the engine meets the same error replaying this script
            return "done", ("error", type(exc).__name__, str(exc)), None, None

    deadline = time.process_time() + seconds
    results: dict[Hashable, list[Any]] = {}
    scripts: dict[Hashable, list[Any]] = {}  # a node's first script
    choices: dict[Hashable, Any] = {}
    edges: dict[Hashable, list[tuple[Fraction, str, Hashable, list[Any]]]] = {}
    pending: dict[Hashable, Fraction] = {}
    heap: list[tuple[int, float, int, Hashable]] = []
    order = itertools.count()
    rest = Fraction(0)
    runs = 0

    def reach(kind: str, found: Hashable, script: list[Any], how: Any, p: Fraction) -> None:
        nonlocal rest
        if kind == "rest":
            rest += p
        elif kind == "done":
            entry = results.setdefault(found, [Fraction(0), script])
            entry[0] += p
        else:
            if found not in scripts:
                scripts[found], choices[found] = script, how
            before = pending.get(found, Fraction(0))
            pending[found] = before + p
            if not before:
                heapq.heappush(heap, (len(scripts[found]), -float(p), next(order), found))

    kind, found, how, snap = run([])
    snaps[found] = snap
    runs += 1
    reach(kind, found, [], how, Fraction(1))
    while heap:
        _, _, _, node = heapq.heappop(heap)
        p = pending.pop(node, Fraction(0))
        if not p:
            continue
        out = edges.get(node)
        if out is None:
            if p < FLOOR or runs >= max_runs or time.process_time() > deadline:
                rest += p
                continue
            out = []
            for answer, q in choices[node]:
                if not q:
                    continue
                script = scripts[node] + [answer]
                check_stop()  # the analysis's deadline: nothing half-walked is kept
                kind, found, how, snap = run(script, snaps.get(node))
                runs += 1
                if kind == "node" and found not in scripts:
                    scripts[found], choices[found], snaps[found] = script, how, snap
                out.append((Fraction(q), kind, found, script))
            edges[node] = out
        for q, kind, found, script in out:
            reach(kind, found, script, choices.get(found), p * q)
    listed = sorted(((p, list(s)) for p, s in results.values()), key=lambda ps: -ps[0])
    return listed, rest


def outcome_classes(fight: Any, what: str, setup: ConflictSetup, state: Mapping[str, Any] | None,
                    extra: Any) -> Listed | None:
    """The :class:`~solo.rules.base.OutcomeClasses` answer of the Humanity, Blessed fight."""
    in_order = ordered(fight.ruleset)
    if what == "start":
        call: Callable[[Dice, ConflictSetup], Any] = lambda d, s: fight.begin(d, s)  # noqa: E731
    elif state is None:
        return None
    elif what == "exchange":
        call = lambda d, s: fight.act(d, s, private_state(state), extra)  # noqa: E731
    elif what == "aftermath":
        # the aftermath draws no dice (who comes round, who is taken out, aches gone): one class,
        # no script (a replay that drew a die would stop with an error, never go on wrong)
        return [(Fraction(1), [])], Fraction(0)
    else:
        return None

    def resume(dice: Dice, s: ConflictSetup, st: Mapping[str, Any], where: str) -> ConflictStep:
        from solo.rules.humanity_blessed.fight.melee import Melee

        m = Melee(fight.ruleset, s, st)
        if where == "focus":
            m.roll_focus(dice, [])
        found = m.advance(dice, [])
        return ConflictStep(m.state, [], m.state["round"], found)

    return call_classes(call, setup, in_order, resume)
