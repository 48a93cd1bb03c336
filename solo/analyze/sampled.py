"""Random play's sampled fallback: when exact exploration cannot reach the bound, whole
playthroughs with a confidence interval per figure instead.

Random play on the bundled adventures spreads its probability over hundreds of thousands of
states (README, "Random play to half a point"), so the explorer's bound stays at 86-100 points
after any budget a GM waits for. :class:`DecidingExplorer` is the random-play explorer that
gives up early, deciding once at :data:`DECIDE_AT` (1.5 s) from the start, after one look of
the solver there: exploration goes on when the bound is met; where play ends, the projection
(:mod:`solo.analyze.projection`, from the looks after the first second) decides, now when it
can (it misses the bound in the time exploration has: stop), else at the later looks; where
no play has ended yet, it goes on only when the states met and not yet expanded are no more
than those expanded (the space may close: a small game whose runs are long), else it stops
with ``"fallback: ..."`` at once. The
bundled adventures where no play has ended by then are far from closing (3.8-6.2 states open
for each one expanded, 120 s budget: clockwork-heist 654 for 170 at 1.5 s, blessed-harvest 113
for 19 at 1.5 s, supply-ship 4,295 for 828 at 1.7 s, lantern-fen 99 for 16 at 2.9 s, its steps
long), where the rule before waited a tenth of the budget (12 s) for a slope; goblin-market's
play ends early, and its projection gives up at 1.7 s (98.4% unexplored, about 95% projected
at the budget). When it goes on, the rules before hold: at each later look,
when the projection puts the bound past the time exploration has, it stops; while no play has
ended at all (:data:`NOTHING_ENDED`) it waits for :data:`WAIT_SHARE` of the budget at most, then
gives up. The early decision is a judgement, not a proof: an adventure whose open part is
larger than its explored part at 1.5 s and that would still finish within the budget is given
up on (none of the test adventures: they finish in well under a second; none of the bundled
ones: their exploration leaves 86-100 points unexplored at 120 s). :func:`wanted` then says whether the rest of the budget
goes to sampling: the graph is not complete, its unexplored mass is above the bound asked (a
bound of 0 is never sampled: no interval reaches it), and exploration stopped on that decision,
on its memory or on its state budget, with time left. A run stopped by its time budget keeps
its bounded result (nothing is left to sample with).

:func:`sample` plays whole playthroughs under the same random play: the playtest's random policy
on its fast runtime (:func:`solo.playtest.fast_run.run`, held to the engine per seed by
``tests/playtest/test_fast_run.py``), run ``i`` seeded by :func:`~solo.playtest.runner.run_seed`
of the one master ``seed`` and ``i``, so ``solo playtest --seed S --runs N`` plays the same
runs. The explorer and the playtest bot play the same game: every option the engine offers
equally likely (:func:`~solo.playtest.policies.playable_keys`, the explorer's options and the
random policy's picks), the dice decided by :func:`~solo.playtest.policies.dice_decision`, the
pregen drawn uniformly when none is given. A run the playtest cuts off at its step limit (1,000
decisions) counts as stuck in the scenes of its last decisions (``"scenes"``: the loop it was caught
in), one the engine raised in (a dead end, a loop of moves, any error) as an error.

Each ending's, objective's, stuck scene's and error's figure is the share of runs that reached
it, with its Wilson score interval at 95% confidence per figure (:func:`wilson`; the interval
for a share never seen, 0 of n, is [0, about 3.84 / n], not a point). Runs are added until
every figure's half-width is at most the bound asked, looked at every :data:`LOOK_EVERY` runs,
or until the budget's end. Stopping on the intervals' widths (not on the estimates) keeps the
coverage at the level stated as the runs grow (a fixed-width sequential interval, after Chow
and Robbins 1965). The result says ``"method": "sampled"``, ``"confidence"``, ``"half_width"``
(the widest), ``"intervals"`` and ``"objectives_intervals"``: never exact, never bounded.
"""

from __future__ import annotations

import gc
import math
import time
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from solo.adventure.model import Adventure
from solo.analyze import collector
from solo.analyze.explore import SOLVE_SHARE, Budget, Explorer, Graph, Progress
from solo.budget import peak_memory_mb
from solo.playtest import fast_run
from solo.playtest.runner import PlaytestSpec, RunResult
from solo.rules.base import Character

CONFIDENCE = 0.95
#: The standard normal quantile for a two-sided 95% interval.
Z = 1.959963984540054
INTERVAL = "Wilson score"
#: Runs between looks at the half-widths (the stopping rule; the clock is read at every run).
LOOK_EVERY = 64
#: Sampling is not started with less time left than this (seconds): a bounded result instead.
MIN_SECONDS = 0.2
#: How a run that did not end counts: cut off at the step limit (stuck), or the engine raised.
STUCK = frozenset({"step-limit"})
DEFAULT_SEED = 1
#: The collector's youngest generation's threshold while sampling (Python's default: 700). A run
#: leaves about a hundred objects in reference cycles (its game and its driver point at each
#: other) that only the collector frees, so it still runs, a fourteenth as often: with the freeze
#: of :func:`_quiet_collector`, 2,000 blessed-harvest runs took 2-3% less CPU (288-292 runs per
#: CPU s before, 295-299 after; the freeze alone about 1%).
SAMPLING_GC_THRESHOLD = 10_000
#: At or above this unexplored share no play has ended yet, and there is no slope to go by: from
#: the start until a look of the solver finds play ending, the decision waits for
#: :data:`WAIT_SHARE` of the budget (at least :data:`MIN_WAIT` s) at most, the explorer's deadline
#: moved there so a long step is cut at it. lantern-fen's and clockwork-heist's first looks
#: (28-188 states expanded in 5-16 s) had reached no ending, blessed-harvest made fewer than two
#: looks in 110 s (its steps are long), and a game of long runs that is exact within its budget
#: must not be given up on before its first ending.
NOTHING_ENDED = 1 - 1e-9
MIN_WAIT = 1.0
WAIT_SHARE = 0.1
#: Seconds from the start at which the early decision is taken (:meth:`DecidingExplorer._decide_early`).
DECIDE_AT = 1.5
#: ...and once exploration has had this many seconds of CPU (:meth:`DecidingExplorer._early`).
DECIDE_CPU = 1.0
#: States expanded before the open part is judged and a step may be cut at the decision: a small
#: game's first steps can be long (brawl.yaml's first two: half a second of CPU alone, more in
#: the test suite's workers) and must run whole, its first endings found, or it is given up on.
CUT_AFTER = 16


def wilson(k: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a share ``k / n`` (``n`` > 0): (low, high), within [0, 1]."""
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # at 0 of n and n of n the interval's end is the share itself (the formula gives it up to rounding)
    return (0.0 if k == 0 else max(0.0, centre - half)), (1.0 if k == n else min(1.0, centre + half))


def interval(k: int, n: int) -> dict[str, float]:
    low, high = wilson(k, n)
    return {"low": round(low, 6), "high": round(high, 6), "half_width": round((high - low) / 2, 6)}


def half_width(k: int, n: int) -> float:
    low, high = wilson(k, n)
    return (high - low) / 2


class DecidingExplorer(Explorer):
    """The random-play explorer that stops as soon as the projection says the bound is out of
    reach in the time exploration has, or, at :data:`DECIDE_AT`, the open part outgrows what
    was explored (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._looked = 0
        #: While no play has ended (from the start until a look finds some), the decision waits
        #: until this many seconds from the start at most, and the explorer's deadline is there (a
        #: long step is cut at it, its mass unexplored as any cut step's).
        self._waiting = False
        self._wait = max(MIN_WAIT, self.budget.seconds * WAIT_SHARE)
        #: The early decision (:meth:`_decide_early`) is taken once, at this many seconds from the start.
        self._decide_at = min(DECIDE_AT, self._wait)
        self._decided = False
        #: Whether the deadline was moved to the decision (a long step is cut there).
        self._cutting = False
        #: The CPU clock (seconds of this process) and its reading at the start.
        self.cpu: Callable[[], float] = time.process_time
        self._cpu_started = 0.0
        #: Where the decision's deadline is (None: not in force), and the explorer's clock that
        #: keeps it (:meth:`_decision_clock`).
        self._cut_at: float | None = None
        self.clock = self._decision_clock
        self._start_dist: list[Any] = []
        self._settled: Callable[[Graph], float | None] | None = None
        #: (seconds since the start, unexplored share) when it gave up; None: it did not.
        self.gave_up: tuple[float, float] | None = None
        #: What was decided and why, for the progress line ("" until it is decided).
        self.decision = ""

    def explore(self, settled: Callable[[Graph], float | None] | None = None, bound: float = 0.0,
                progress: Callable[[Progress], None] | None = None) -> Graph:
        self._settled = settled
        return super().explore(settled, bound, progress)

    def _deadline(self, at: float) -> None:
        super()._deadline(min(at, self.started + self._wait) if self._waiting else at)

    def begin(self, bound: float = 0.0, progress: Callable[[Progress], None] | None = None) -> Any:
        self._waiting = bound > 0
        self._cpu_started = self.cpu()
        self._start_dist = super().begin(bound, progress)
        return self._start_dist

    def over_budget(self) -> str:
        if not self._decided and self.bound > 0:
            why = self._early()
            if why:
                return self._give_up(why)
        if self._waiting and self._wait <= self.clock() - self.started < self.budget.seconds * (1 - SOLVE_SHARE):
            self.out_of_time = False  # a step cut at the wait's end: its mass is unexplored, as any cut's
            return self._give_up("no play has ended within the wait")
        stopped = super().over_budget()
        if stopped or self.bound <= 0:
            return stopped
        if len(self.looks) == self._looked:
            return ""
        self._looked = len(self.looks)
        left = self.looks[-1][1]
        if left >= NOTHING_ENDED:  # no slope to go by yet: the wait's end decides
            return ""
        if self._waiting:  # play began to end: the deadline is the budget's again
            self._waiting = False
            self._deadline(min(self.started + self.budget.seconds * (1 - SOLVE_SHARE), self._latest()))
        if self._reachable(left):
            return ""
        return self._give_up("projected from the solver's looks")

    def _reachable(self, left: float) -> bool:
        """Whether the projection from the looks so far meets the bound in the time exploration
        has (or cannot tell yet)."""
        heading = self.projection()
        return heading is None or left <= self.bound or (
            heading.to_bound is not None and heading.to_bound <= self.budget.seconds * (1 - SOLVE_SHARE))

    def _early(self) -> str:
        """The early decision, looked at between steps until it is taken: taken once the
        exploration has had :data:`DECIDE_AT` seconds and :data:`DECIDE_CPU` seconds of CPU (on a
        loaded machine the wall clock says little of the work done: a small game must not be given
        up on because others took the CPU) and, while no play has ended, :data:`CUT_AFTER` states
        expanded; or when a step was cut at it. While no look of the
        solver has found play ending and exploration is widening (more states met and not
        expanded than expanded) after its first :data:`CUT_AFTER` states, the explorer's deadline is put at the decision, on a clock that
        stands still there until the CPU has been had too (:meth:`_decision_clock`), so that a
        long step (blessed-harvest's endeavour: 10 s and more) does not hold the decision and a
        step is cut only where the decision is due on both counts: such a step's mass is
        unexplored, as any cut's. Why it gives up, or "" (go on; the deadline is the budget's,
        or the wait's, again)."""
        wall, cpu = self.clock() - self.started, self.cpu() - self._cpu_started
        # a step cut at the decision's deadline, not at the budget's (the clock is before that)
        cut = self._cutting and self.out_of_time and self.clock() < self._own_deadline()
        young = self.expanded < CUT_AFTER and not self._ended()  # too few states to judge the open part by
        if not cut and (wall < self._decide_at or cpu < DECIDE_CPU or young):
            if self._ended():  # play ends: the projection decides, and no step is cut for it
                self._stop_cutting()
            elif not self._cutting and self.expanded >= CUT_AFTER and len(self.nodes) - self.expanded > self.expanded:
                self._cutting = True
                self._cut_at = self.started + self._decide_at
                self._deadline(self._cut_at)
            return ""
        self._decided = True
        self._unfreeze_looks()
        if cut:
            self.out_of_time = False  # the step cut at the decision: its mass is unexplored
        why = self._decide_early()
        if not why and cut and not self.heap:  # nothing left to go on with but the step cut here
            why = "its last step was cut at the decision"
        if not why:
            self._stop_cutting()
        return why

    def _unfreeze_looks(self) -> None:
        """The decision's clock back to the budget's: a look of the solver taken while it stood
        still (moments ago: a look comes just before a step) gets the time it is now, so the
        projection's slope is not read over time that did not pass."""
        if self._cut_at is None:
            return
        still, now = self._cut_at - 1e-6 - self.started, self.budget.clock() - self.started
        self.looks = [(now if abs(t - still) < 1e-9 else t, u) for t, u in self.looks]
        self._cut_at = None

    def _stop_cutting(self) -> None:
        """The decision's deadline lifted: the clock is the budget's, the deadline its own."""
        self._unfreeze_looks()
        if self._cutting:
            self._cutting = False
            self._deadline(self._own_deadline())

    def _decision_clock(self) -> float:
        """The explorer's clock: the budget's, except that while the decision's deadline is in
        force it stands still just before it until exploration has had :data:`DECIDE_CPU` of CPU
        (not past the wait's end)."""
        now = self.budget.clock()
        at = self._cut_at
        if at is not None and at <= now < self.started + self._wait and self.cpu() - self._cpu_started < DECIDE_CPU:
            return at - 1e-6
        return now

    def _own_deadline(self) -> float:
        """The deadline the exploration would have without the decision's: the budget's less
        the share kept for the end (:meth:`Explorer._latest`), the wait's while waiting."""
        at = min(self.started + self.budget.seconds * (1 - SOLVE_SHARE), self._latest())
        return min(at, self.started + self._wait) if self._waiting else at

    def _decide_early(self) -> str:
        """The decision at :data:`DECIDE_AT`: one look of the solver now, then go on exploring if
        the bound is met; where play ends, as the projection says (give up if it misses the bound
        in the time left; go on if it meets it or has too few looks yet: the later looks decide);
        where no play has ended yet, go on only if the open part (states met and not expanded) is
        no larger than the part expanded (a space that may close: a small game of long runs).
        Why exploration is given up, or "" (go on)."""
        if self._settled is not None:
            began = self.clock()
            graph = self._graph(self._start_dist, False, final=False)
            found = self._settled(graph)
            self.looked(self.clock() - began, "random")
            if found is not None:
                self.last_bound = found
                self.looks.append((self.clock() - self.started, found))
        left = self.looks[-1][1] if self.looks else 1.0
        if left <= self.bound:
            return ""
        if self._ended():  # play ends: the projection decides, now if it can, else at later looks
            return "" if self._reachable(left) else "projected from the solver's looks"
        opened = sum(1 for node in self.nodes if node.state is not None)
        if opened <= self.expanded:
            return ""
        return f"{opened:,} states open for {self.expanded:,} explored"

    def _ended(self) -> bool:
        """Whether the solver's last look found play ending (some mass settled)."""
        return bool(self.looks) and self.looks[-1][1] < NOTHING_ENDED

    def _give_up(self, why: str) -> str:
        now, left = self.clock() - self.started, self.looks[-1][1] if self.looks else 1.0
        self.gave_up = (now, left)
        heading = self.projection()
        projected = "" if heading is None else f", about {heading.at_budget * 100:.0f}% projected at the budget"
        self.decision = f"exact given up at {now:.1f} s ({left * 100:.1f}% unexplored, {why})"
        return (f"fallback: {left * 100:.1f}% unexplored at {now:.1f} s ({why}){projected}: the bound "
                f"{self.bound * 100:g}% is out of reach")


def wanted(graph: Graph, explorer: Explorer, bound: float, budget: Budget) -> bool:
    """Whether the rest of the budget goes to sampled playthroughs (see the module's docstring)."""
    if graph.complete or bound <= 0 or explorer.last_bound is None or explorer.last_bound <= bound:
        return False
    stopped = graph.stopped or ""
    if not (stopped.startswith("fallback:") or "MB of memory" in stopped or "game states" in stopped):
        return False
    return budget.seconds - (explorer.clock() - explorer.started) >= MIN_SECONDS


@dataclass(frozen=True)
class SampleProgress:
    """What the progress line shows while sampling."""

    runs: int
    seconds: float  # since the analysis started
    widest: float | None  # the widest half-width so far (None: not looked at yet)
    bound: float  # the half-width asked for
    budget: Budget
    #: Why sampling: what the exploration decided and why ("": sampling was asked for directly).
    why: str = ""

    @property
    def rate(self) -> float:
        return self.runs / self.seconds if self.seconds > 0 else 0.0


class _Tally:
    """What the runs reached: endings, objectives, stuck scenes and errors, counted."""

    def __init__(self, adventure: Adventure) -> None:
        self.runs = 0
        self.endings: Counter[str] = Counter({e: 0 for e in adventure.endings})
        self.objectives: Counter[str] = Counter({o: 0 for o in adventure.objectives})
        self.stuck: Counter[tuple[str, ...]] = Counter()
        self.errors: Counter[tuple[str, str]] = Counter()
        self.first_run: dict[Any, int] = {}  # a stuck scene's or error's first run (to replay it)

    def add(self, result: RunResult) -> None:
        self.runs += 1
        for objective in result.objectives:
            self.objectives[objective] += 1
        if result.status == "ended" and result.ending is not None:
            self.endings[result.ending] += 1
            return
        what: Any
        if result.status in STUCK:  # by the scenes of its last decisions: the loop it was caught in
            what = result.loop or (result.scene or "(start)",)
            self.stuck[what] += 1
        else:
            what = (result.scene or "(start)", result.error or result.status)
            self.errors[what] += 1
        self.first_run.setdefault(what, result.index)

    def counts(self) -> list[int]:
        return [*self.endings.values(), *self.objectives.values(), *self.stuck.values(), *self.errors.values()]

    def widest(self) -> float:
        return max((half_width(k, self.runs) for k in self.counts()), default=0.0)


def sample(adventure: Adventure, character: Character | None, budget: Budget, started: float, bound: float,
           seed: int = DEFAULT_SEED, progress: Callable[[SampleProgress], None] | None = None,
           why: str = "") -> dict[str, Any]:
    """Whole random playthroughs until every figure's half-width is at most ``bound`` or the
    budget (counted from ``started`` on its clock) ends: the result's sampled part. ``why``: what
    the progress line says of the decision to sample."""
    spec = PlaytestSpec(adventure, policy="random", character=None if character is None else character.to_dict(),
                        runtime="fast")
    tally = _Tally(adventure)
    clock, end = budget.clock, started + budget.seconds
    widest: float | None = None
    stopped = ""
    if progress is not None:
        progress(SampleProgress(0, clock() - started, None, bound, budget, why))
    with _quiet_collector():
        while True:
            if clock() > end:
                stopped = f"budget: {budget.seconds:g} s of time"
                break
            tally.add(fast_run.run(spec, tally.runs, seed))
            if tally.runs % LOOK_EVERY == 0:
                widest = tally.widest()
                if progress is not None:
                    progress(SampleProgress(tally.runs, clock() - started, widest, bound, budget, why))
                if widest <= bound:
                    stopped = f"half-width: every figure within ±{bound * 100:g} points"
                    break
    widest = tally.widest()
    if progress is not None:
        progress(SampleProgress(tally.runs, clock() - started, widest, bound, budget, why))
    return _result(tally, seed, bound, widest, stopped)


@contextmanager
def _quiet_collector() -> Iterator[None]:
    """The cyclic garbage collector out of the runs' way while sampling: what exists before
    (the explored graph, the adventure, the modules: 0.1-0.8 million objects) held frozen as an
    analysis holds it (:func:`solo.analyze.collector.hold`: unless someone else froze objects,
    and given back when the outermost hold ends), so no full collection walks it again, and the
    youngest generation collected less often (:data:`SAMPLING_GC_THRESHOLD`, left alone where a
    sampling still going on already raised it); both undone after, however sampling ends.
    Nothing a run draws depends on the collector, so the runs are the same."""
    thresholds = gc.get_threshold()
    raise_threshold = thresholds[0] < SAMPLING_GC_THRESHOLD
    collector.hold()
    if raise_threshold:
        gc.set_threshold(SAMPLING_GC_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        if raise_threshold:
            gc.set_threshold(*thresholds)
        collector.release()


def _result(tally: _Tally, seed: int, bound: float, widest: float, stopped: str) -> dict[str, Any]:
    n = tally.runs
    share = (lambda k: k / n) if n else (lambda k: 0.0)
    span = (lambda k: interval(k, n)) if n else (lambda k: {"low": 0.0, "high": 1.0, "half_width": 0.5})
    return {
        "method": "sampled", "runs": n, "seed": seed, "confidence": CONFIDENCE,
        "interval": f"{INTERVAL}, {CONFIDENCE:.0%} per figure",
        "half_width": round(widest if n else 0.5, 6), "half_width_asked": bound, "stopped": stopped,
        "endings": {e: share(k) for e, k in tally.endings.items()},
        "intervals": {e: span(k) for e, k in tally.endings.items()},
        "objectives": {o: share(k) for o, k in tally.objectives.items()},
        "objectives_intervals": {o: span(k) for o, k in tally.objectives.items()},
        "stuck": [{"scene": ", ".join(s), "scenes": list(s), "probability": share(k), **span(k),
                   "run": tally.first_run[s]} for s, k in tally.stuck.most_common()],
        "errors": [{"scene": s, "error": e, "probability": share(k), **span(k), "run": tally.first_run[(s, e)]}
                   for (s, e), k in tally.errors.most_common()],
        "unseen_endings": [e for e, k in tally.endings.items() if k == 0],
    }


def fall_back(adventure: Adventure, character: Character | None, graph: Graph, explorer: Explorer, bound: float,
              seed: int = DEFAULT_SEED, progress: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """The sampled result of an analysis whose exploration (``graph``, ``explorer``) :func:`wanted`
    it: the figures of :func:`sample` in the rest of the budget, with what exploration found
    (``"explored"``: states, the unexplored share, why it stopped, which variables blew it up)."""
    budget = explorer.budget
    found = {"states": len(graph.nodes), "expanded": explorer.expanded, "seconds": round(graph.seconds, 3),
             "unexplored": round(explorer.last_bound or 1.0, 6), "stopped": graph.stopped,
             "blowup": [{"variable": k, "values": v} for k, v in graph.blowup]}
    why = getattr(explorer, "decision", "") or (graph.stopped or "")
    result = sample(adventure, character, budget, explorer.started, bound, seed, progress, why)
    return {**result, "states": len(graph.nodes), "explored": found,
            "seconds": round(budget.clock() - explorer.started, 3), "peak_mb": round(peak_memory_mb(), 1)}
