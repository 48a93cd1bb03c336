"""Best and worst play by focused exploration: only the states such a player can still go to.

Exploring states most likely first under random play (what ``--policy random`` needs) spends
almost all its budget on parts of the game a best player never enters: a long dice-heavy maze
beside a short safe road is walked state by state although the best play takes the road. Here
the states are explored the way bounded real-time dynamic programming does (BRTDP: McMahan,
Likhachev and Gordon, ICML 2005), with the engine's step as the model:

* every state has a lower and an upper value: the chance of the goal (victory; for the worst
  player any other ending) with the best play from there, as far as the graph explored so far
  tells. A state not expanded yet is worth 0 to 1 (so is a step's rest left unexplored), an
  ending 1 or :data:`~solo.analyze.solve.TIE_BREAK` (any ending beats none), an error or a
  decision with nothing to choose 0 (as :func:`~solo.analyze.solve.value_bounds` scores them);
* a *trial* walks from the start: in each state it takes the option with the highest upper
  value (the play that could still be best: optimism under uncertainty), and goes on to one of
  the states that option leads to, drawn with weight probability x gap (upper minus lower
  value), expanding on the engine any state it enters that was not expanded yet. It ends in an
  ending, on a state it met before in the same trial, or when the weighted gap ahead is under
  the start's gap / :data:`TAU` (little left to learn that way); then the states it passed are
  backed up (each value the best option's expected value), last first. A state no best (or
  worst) play reaches is never entered: an option whose upper value falls below another's
  lower value is never taken again, and the parts behind it stay unexplored;
* for each state a trial expands, one more is expanded in the order of the search by
  likelihood (:data:`LIKELIHOOD_SHARE`), so a sure way to the goal near the start is not missed
  while the trials dive deep;
* backing up only the states a trial passed is not enough where the game goes round in
  circles (a hub the player can walk back and forth in keeps an upper value of 1 for ever), so
  each time the states expanded grow by a quarter the whole graph is solved, component by component
  (:func:`~solo.analyze.solve.state_bounds`): its values replace the trials' where tighter.

A state whose key a bot's play explored first (``--policy best`` starts with the careful bot's
fixed play: :mod:`solo.analyze.policy_play`) has that play's chance of victory from it as a
floor: some play reaches it, so the best play does. Each whole solve finds the start's lower
value with the floors too (:func:`~solo.analyze.solve.state_bounds`), and the search stops when
the upper value is within the bound of that; the trials walk on their own values. Both values stay true bounds all along (the upper one starts above every chance and a backup
never raises it above one; the lower one likewise from below), so the search stops when the
start's gap is at most the bound asked for, or at the budget, and the best play's chance lies
between them. The play then reported is the one that keeps the lower values
(:func:`~solo.analyze.solve.value_bounds`): its chain, solved on the graph explored, reaches the
goal at least as often as the lower figure. When the search stops with few states left open
(:data:`FINISH_OPEN`), they are expanded too, with as many expansions again as the search
made: a small game then comes out exact, as it does under random play (not when the floor alone
closed the gap: then there is nothing to learn, and with a floor the graph is solved once before
the first expansion, so a fixed play that wins every time ends the search at once). Trials draw their way with a seeded generator,
so a run is reproducible.
"""

from __future__ import annotations

import heapq
import random
from fractions import Fraction
from typing import Callable, Mapping

from solo.analyze.explore import Explorer, Graph, Progress
from solo.analyze.solve import goal_value, state_bounds

#: A trial stops where the gap its next step can still close (probability x gap, summed over the
#: states the option leads to) is below the start's gap divided by this (BRTDP's tau).
TAU = 20.0
#: The longest trial (states passed); longer ones are cut (a game that never ends).
MAX_DEPTH = 5_000
#: Trials in a row that expand nothing before the search expands, instead, the
#: :data:`FALLBACK_STATES` likeliest states not expanded yet that a play keeping the upper values
#: reaches; when there are none, what is left of the gap lies in steps cut short: it stops.
IDLE_TRIALS = 32
FALLBACK_STATES = 16
#: For each state a trial expands, this many are expanded by the likeliest route from the start
#: (the search by likelihood), so what that search finds at once is found here within twice its
#: work: an early sure way to the goal, which the optimistic trials, where every option is worth
#: 1, may dive past (clockwork-heist's worst play: 788 states by likelihood, over 2,600 without).
LIKELIHOOD_SHARE = 1.0
#: Options whose upper values are this close count as equally promising (well below TIE_BREAK).
TIE = 1e-12
#: Expansions before the first solve of the whole graph (then at each growth by a quarter, at
#: least this many again).
FIRST_SOLVE = 64

#: When the search stops with at most this many states open, they are expanded, with at most as
#: many expansions again as the search made (at least :data:`FINISH_EXPANSIONS`): a small game
#: then comes out exact, and a large one costs at most twice its search.
FINISH_OPEN = 64
FINISH_EXPANSIONS = 16

Floats = list[list[tuple[int, float]]]


class FocusedSearch:
    """One search for the best (``maximise_victory``) or the worst play, on ``explorer``'s
    engine and graph; :meth:`run` returns the graph explored."""

    def __init__(self, explorer: Explorer, maximise_victory: bool, bound: float,
                 progress: Callable[[Progress], None] | None = None, seed: int = 0,
                 floor: Mapping[tuple, float] | None = None) -> None:
        self.explorer = explorer
        #: Per state key, a chance of the goal a known play reaches from there (a bot's exact
        #: play: :func:`~solo.analyze.policy_play.floor_by_key`), and per node met the same.
        self.floor = floor or {}
        self.floor_nodes: dict[int, float] = {}
        #: The start's lower value with the floor, at the last whole solve. The trials keep
        #: their values without it: a floor near the goal's chance shrinks the start's gap, and
        #: trials that stop at a tenth of a smaller gap dive far deeper (the maze fixture: 623
        #: states instead of 69); the floor only stops the search sooner and bounds the result.
        self.floored = 0.0
        self.maximise = maximise_victory
        self.bound = bound
        self.progress = progress
        self.rng = random.Random(seed)
        self.lo: list[float] = []
        self.hi: list[float] = []
        self.options: list[Floats | None] = []  # per node, its options in floating point once expanded
        self.start: list[tuple[int, Fraction]] = []
        self.start_floats: list[tuple[int, float]] = []
        self.trials = 0
        self.solves = 0
        self.goal_name = "victory" if maximise_victory else "no victory"
        self.by_trials = self.by_likelihood = 0  # states expanded by each way

    # -- values -------------------------------------------------------------------------------
    def _sync(self) -> None:
        """Values for the nodes created since the last look: a state not expanded yet 0 to 1."""
        nodes = self.explorer.nodes
        for n in range(len(self.lo), len(nodes)):
            node = nodes[n]
            if node.kind in ("decision", "frontier") and node.state is not None:
                low, high = 0.0, 1.0
                if node.key in self.floor:
                    self.floor_nodes[n] = self.floor[node.key]
            else:
                low, high = goal_value(node, self.maximise)
            self.lo.append(low)
            self.hi.append(high)
            self.options.append(None)

    def gap(self, floored: bool = True) -> float:
        """The start's gap; ``floored``: with the floor's lower figure (:meth:`figures`)."""
        low, high = self.figures() if floored else self._figures()
        return high - low

    def _figures(self) -> tuple[float, float]:
        return (sum(p * self.lo[t] for t, p in self.start_floats),
                sum(p * self.hi[t] for t, p in self.start_floats))

    def figures(self) -> tuple[float, float]:
        """The start's lower and upper values; the lower one at least the floor's figure, as the
        last whole solve found it with the floor (:attr:`floored`)."""
        low, high = self._figures()
        return max(low, self.floored), high

    def _expandable(self, n: int) -> bool:
        node = self.explorer.nodes[n]
        return node.state is not None and node.kind in ("decision", "frontier")

    def _expand(self, n: int) -> None:
        self.explorer.expand(n)
        node = self.explorer.nodes[n]
        self.options[n] = [[(t, float(p)) for t, p in dist] for _, dist in node.options]
        self._sync()
        if not node.options:  # nothing to choose: stuck here
            self.lo[n] = self.hi[n] = 0.0
        for _, dist in node.options:  # the likeliest route to each state, for the other half
            self.explorer._reach(self.explorer.mass[n], 1.0, dist)

    def _expand_likeliest(self) -> bool:
        """Expand the state not expanded yet with the likeliest route from the start (the
        search by likelihood): False when there is none."""
        heap, mass = self.explorer.heap, self.explorer.mass
        while heap:
            negative, n = heapq.heappop(heap)
            if not self._expandable(n) or -negative < mass[n]:
                continue  # expanded already, or a stale entry
            self._expand(n)
            self._backup(n)
            return True
        return False

    def _backup(self, n: int) -> None:
        """Set ``n``'s values to its best option's, never loosening them (both stay bounds)."""
        options = self.options[n]
        if not options:
            return
        lo, hi = self.lo, self.hi
        hi[n] = min(hi[n], max(sum(p * hi[t] for t, p in dist) for dist in options))
        lo[n] = max(lo[n], max(sum(p * lo[t] for t, p in dist) for dist in options))

    def _weights(self, dist: list[tuple[int, float]]) -> list[float]:
        """What each next state can still teach: probability x gap, 0 for a state nothing can
        be learnt in (an ending, a step's rest left unexplored)."""
        nodes = self.explorer.nodes
        return [p * (self.hi[t] - self.lo[t]) if nodes[t].kind in ("decision", "frontier") else 0.0
                for t, p in dist]

    def _choose(self, n: int, seen: set[int]) -> tuple[list[tuple[int, float]], list[float], float]:
        """The option a trial takes in ``n``: one with the highest upper value; among those
        (a hub where walking round keeps the value has several), the one with the most left to
        learn in states the trial has not passed yet. Its distribution, the weights to draw the
        next state by (0 for states passed) and their sum."""
        options = self.options[n] or []
        hi = self.hi
        scores = [sum(p * hi[t] for t, p in dist) for dist in options]
        top = max(scores) - TIE
        found: tuple[list[tuple[int, float]], list[float], float] = ([], [], 0.0)
        for dist, score in zip(options, scores):
            if score < top:
                continue
            weights = [0.0 if t in seen else w for (t, _), w in zip(dist, self._weights(dist))]
            total = sum(weights)
            if not found[0] or total > found[2]:
                found = (dist, weights, total)
        return found

    def _likeliest_open(self, most: int) -> list[int]:
        """Up to ``most`` states not expanded yet that the plays keeping the upper values reach,
        by the likeliest route to each, likeliest first: what to expand when trials stall (each
        trial ended before any such state)."""
        nodes = self.explorer.nodes
        heap = [(-p, t) for t, p in self.start_floats]
        heapq.heapify(heap)
        done: set[int] = set()
        found: list[int] = []
        while heap and len(found) < most:
            negative, n = heapq.heappop(heap)
            if n in done:
                continue
            done.add(n)
            if self._expandable(n):
                found.append(n)
                continue
            options = self.options[n]
            if not options or nodes[n].kind not in ("decision", "frontier"):
                continue
            scores = [sum(p * self.hi[t] for t, p in dist) for dist in options]
            top = max(scores) - TIE
            for dist, score in zip(options, scores):
                if score >= top:
                    for t, p in dist:
                        if t not in done and self.hi[t] > self.lo[t]:
                            heapq.heappush(heap, (negative * p, t))
        return found

    def _draw(self, dist: list[tuple[int, float]], weights: list[float], total: float) -> int:
        x = self.rng.random() * total
        for (t, _), w in zip(dist, weights):
            x -= w
            if x < 0 and w > 0:
                return t
        return next(t for (t, _), w in zip(dist, weights) if w > 0)

    # -- the search ---------------------------------------------------------------------------
    def _trial(self) -> str:
        """One trial from the start (see the module's docstring); "" or why the budget stops it."""
        self.trials += 1
        floor = self.gap(floored=False) / TAU  # the trials' own gap (see __init__)
        weights = self._weights(self.start_floats)
        total = sum(weights)
        if total <= 0:
            return ""
        n = self._draw(self.start_floats, weights, total)
        path: list[int] = []
        seen: set[int] = set()
        stopped = ""
        while len(path) < MAX_DEPTH and n not in seen:
            if self._expandable(n):
                stopped = self.explorer.over_budget()
                if stopped:
                    break
                self._expand(n)
            if not self.options[n]:
                break
            seen.add(n)
            path.append(n)
            self._backup(n)
            dist, weights, total = self._choose(n, seen)
            if total <= floor or total <= 0:
                break
            n = self._draw(dist, weights, total)
        for n in reversed(path):
            self._backup(n)
        return stopped

    def _solve(self) -> None:
        """Solve the whole graph explored so far and keep the tighter of its values and the
        trials'."""
        self.solves += 1
        explorer = self.explorer
        began = explorer.clock()
        graph = explorer._graph(self.start, False, final=False)
        lo, hi, _ = state_bounds(graph, self.maximise)
        if self.floor_nodes:
            floored, _, _ = state_bounds(graph, self.maximise, self.floor_nodes)
            self.floored = max(self.floored, sum(p * floored[t] for t, p in self.start_floats))
        for n in range(len(lo)):
            if lo[n] > self.lo[n]:
                self.lo[n] = lo[n]
            if hi[n] < self.hi[n]:
                self.hi[n] = hi[n]
        explorer.last_bound = self.gap()
        explorer.goal = (self.goal_name, *self.figures())
        explorer.looks.append((explorer.clock() - explorer.started, explorer.last_bound))
        if explorer._stop is not None:  # exploring: the end will cost a few solves like this one
            explorer.looked(explorer.clock() - began, "focused")

    def _finish(self, cap: int) -> str:
        """Expand the states left open, up to ``cap`` of them: "" or why the budget stopped it."""
        explorer = self.explorer
        n = 0
        while n < len(explorer.nodes) and cap > 0:  # the states each expansion adds too
            if self._expandable(n):
                stopped = explorer.over_budget()
                if stopped:
                    return stopped
                self._expand(n)
                cap -= 1
            n += 1
        return ""

    def run(self) -> Graph:
        explorer = self.explorer
        try:
            self.start = explorer.begin(self.bound, self.progress)
            self.start_floats = [(t, float(p)) for t, p in self.start]
            self._sync()
            # a floor known at the start already bounds the start (a bot's play that wins every
            # time leaves no gap: goblin-market's careful-top), before any state is expanded
            self.floored = sum(p * self.floor_nodes.get(t, 0.0) for t, p in self.start_floats)
            stopped = self._search()
        finally:
            explorer.end()  # the deadline never outlives the search (an error in it too)
        graph = explorer._graph(self.start, not stopped.startswith("budget"))
        graph.stopped = "" if graph.complete else stopped
        self._solve()  # the last line tells the figures of the graph handed back
        if graph.complete:
            explorer.last_bound = 0.0
        explorer._tell()
        return graph

    def _search(self) -> str:
        """:meth:`run`'s trials and expansions: why they stopped."""
        explorer = self.explorer
        explorer._reach(1.0, 1.0, self.start)
        # with a floor, a whole solve at once: a floor that already answers within the bound (a
        # fixed play that wins every time) ends the search before its first expansion
        next_solve = 0 if self.floor_nodes else FIRST_SOLVE
        idle = 0
        stopped = ""
        while True:
            if self.gap() <= self.bound or explorer.expanded >= next_solve or idle >= IDLE_TRIALS:
                self._solve()
                next_solve = explorer.expanded + max(FIRST_SOLVE, explorer.expanded // 4)
                if self.gap() <= self.bound:
                    stopped = f"bound: the {'best' if self.maximise else 'worst'} play's chance is known within {self.bound:g}"
                    break
            stopped = explorer.over_budget()
            if stopped:
                break
            if idle >= IDLE_TRIALS:  # trials stall: expand where the plays that may be best go
                opened = self._likeliest_open(FALLBACK_STATES)
                if not opened:
                    stopped = "bound out of reach: what is left of the gap lies in steps cut short"
                    break
                for n in opened:
                    stopped = explorer.over_budget()
                    if stopped:
                        break
                    self._expand(n)
                    self._backup(n)
                if stopped:
                    break
                idle = 0
                continue
            if self.by_likelihood < self.by_trials * LIKELIHOOD_SHARE and self._expand_likeliest():
                self.by_likelihood += 1
                continue
            before = explorer.expanded
            stopped = self._trial()
            self.by_trials += explorer.expanded - before
            if stopped:
                break
            low, high = self.figures()
            explorer.goal = (self.goal_name, low, high)
            if explorer.expanded == before:
                idle += 1
            else:
                idle = 0
        # finishing makes a small game exact; where the floor alone closed the gap (a fixed play
        # that wins every time), expanding the rest would only spend the budget
        by_floor = self.gap() <= self.bound < self.gap(floored=False)
        if not stopped.startswith("budget") and not by_floor:
            left = sum(1 for n in range(len(explorer.nodes)) if self._expandable(n))
            if 0 < left <= FINISH_OPEN:
                stopped = self._finish(max(explorer.expanded, FINISH_EXPANSIONS)) or stopped
        return stopped
