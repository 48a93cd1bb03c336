"""Solving an explored game graph exactly: where does a player end up, and how often.

The graph of :mod:`solo.analyze.explore` becomes a Markov chain once a policy says how the player
picks among the options of each state:

``random``
    every enabled option equally likely (what ``solo playtest --policy random`` plays).
``best`` / ``worst``
    the options that make a victory ending most likely / an ending other than victory most
    likely: a decision process, solved for its best policy (value iteration to find it, then the
    chosen policy's chain solved exactly, so the figures are exact for that policy).

A state from which no ending can be reached whatever the player does is *stuck* (a soft-lock, a
loop without exit): it counts as where the run ends, named by its scene. The chain is solved one
strongly connected component at a time, sinks first; a component with cycles is a small linear
system solved by Gaussian elimination over fractions, so the results are exact.

Results are distributions over *outcomes*: ``("ending", id, objectives done)``, ``("stuck",
scene)``, ``("error", scene, message)`` for runs the engine raised in, or ``("unexplored", scene)``
for the mass that reaches a part of a graph exploration did not finish (a bounded analysis): that
mass bounds the error of every other figure, since each of them can only grow by what it holds.

On large graphs the same solution runs in floating point (``exact=False``): small components by
Gaussian elimination with partial pivoting, large ones by Gauss-Seidel sweeps to 1e-13. For best
and worst play on an unfinished graph, :func:`value_bounds` is bounded value iteration: each state
has a lower value (unexplored parts count 0) and an upper one (they count 1), and the best play
is known within their gap at the start.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any, Iterable, Mapping

from solo.analyze.explore import Graph, Node

Outcome = tuple
VALUE_ITERATIONS = 10_000
TIE_BREAK = 1e-9
#: Options whose value is this close to the best count as keeping it (well below TIE_BREAK).
POLICY_TOLERANCE = 1e-11
DENSE_LIMIT = 300  # larger components are solved by iteration in floating point
SWEEP_TOLERANCE = 1e-13
UNKNOWN = ("frontier", "unexplored")


def _outcome(node: Node) -> Outcome:
    if node.kind == "ending":
        return ("ending", node.ending, node.objectives)
    if node.kind == "error":
        return ("error", node.scene, node.error)
    if node.kind in UNKNOWN:
        return ("unexplored", node.scene)
    return ("stuck", node.scene)


def _successors(node: Node) -> set[int]:
    return {t for _, dist in node.options for t, _ in dist}


def stuck_states(graph: Graph, policy: dict[int, int] | None = None) -> set[int]:
    """Decision states from which no ending or error can be reached, whatever is chosen (or,
    given a ``policy``, with the options it takes: a play that circles for ever)."""
    nodes = graph.nodes
    preds: list[list[int]] = [[] for _ in nodes]
    for n, node in enumerate(nodes):
        if policy is not None and n in policy and node.options:
            targets = {t for t, _ in node.options[policy[n]][1]}
        else:
            targets = _successors(node)
        for t in targets:
            preds[t].append(n)
    alive = {n for n, node in enumerate(nodes) if node.kind != "decision"}
    stack = list(alive)
    while stack:
        n = stack.pop()
        for p in preds[n]:
            if p not in alive:
                alive.add(p)
                stack.append(p)
    return {n for n, node in enumerate(nodes) if node.kind == "decision" and n not in alive}


def _sccs(n_nodes: int, edges: list[list[int]]) -> list[list[int]]:
    """Strongly connected components, sinks first (iterative Tarjan)."""
    index = [0] * n_nodes
    low = [0] * n_nodes
    on = [False] * n_nodes
    seen = [False] * n_nodes
    stack: list[int] = []
    found: list[list[int]] = []
    counter = 1
    for root in range(n_nodes):
        if seen[root]:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                seen[v] = True
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on[v] = True
            recurse = False
            succ = edges[v]
            while i < len(succ):
                w = succ[i]
                i += 1
                if not seen[w]:
                    work.append((v, i))
                    work.append((w, 0))
                    recurse = True
                    break
                if on[w]:
                    low[v] = min(low[v], index[w])
            if recurse:
                continue
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on[w] = False
                    component.append(w)
                    if w == v:
                        break
                found.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return found


def _gauss(matrix: list[list[Fraction]], rhs: list[dict[Any, Fraction]]) -> list[dict[Any, Fraction]]:
    """Solve ``matrix · x = rhs`` exactly; each right-hand side is a sparse vector (a dict)."""
    n = len(matrix)
    for col in range(n):
        if isinstance(matrix[col][col], float):
            pivot = max(range(col, n), key=lambda r: abs(matrix[r][col]))
        else:
            pivot = next(r for r in range(col, n) if matrix[r][col] != 0)
        if pivot != col:
            matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
            rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        inv = 1 / matrix[col][col]
        row = [x * inv for x in matrix[col]]
        matrix[col] = row
        rhs[col] = {k: v * inv for k, v in rhs[col].items()}
        for r in range(n):
            factor = matrix[r][col]
            if r == col or factor == 0:
                continue
            matrix[r] = [a - factor * b for a, b in zip(matrix[r], row)]
            target = rhs[r]
            for k, v in rhs[col].items():
                target[k] = target.get(k, 0) - factor * v
    return rhs


def _sweep(component: list[int], weights, value: list, outside: list[dict]) -> None:
    """Gauss-Seidel on one large component in floating point: ``outside[i]`` is what member
    ``i`` gets from states outside the component; sweeps until nothing moves by 1e-13."""
    members = {n: i for i, n in enumerate(component)}
    inner = [[(members[t], share * p) for share, dist in weights[n] for t, p in dist if t in members]
             for n in component]
    current: list[dict] = [dict(o) for o in outside]
    for _ in range(VALUE_ITERATIONS * 10):
        change = 0.0
        for i in range(len(component)):
            acc = dict(outside[i])
            for j, q in inner[i]:
                for k, v in current[j].items():
                    acc[k] = acc.get(k, 0.0) + q * v
            for k, v in acc.items():
                change = max(change, abs(v - current[i].get(k, 0.0)))
            current[i] = acc
        if change < SWEEP_TOLERANCE:
            break
    for n, found in zip(component, current):
        value[n] = {k: v for k, v in found.items() if v}


def choice_weights(graph: Graph, policy: dict[int, int] | None, exact: bool = True) -> list[list[tuple[Any, list[tuple[int, Any]]]]]:
    """Per node, (probability of the option, its distribution); ``policy`` maps a node to the
    index of the one option it always takes (None: the graph's ``shares`` when a bot's play was
    explored, else every option equally likely)."""
    found: list[list[tuple[Any, list[tuple[int, Any]]]]] = []
    shares = graph.shares if policy is None else None
    for n, node in enumerate(graph.nodes):
        if not node.options:
            found.append([])
            continue
        options: list[tuple[str, list[tuple[int, Any]]]] = \
            list(node.options) if exact else [(k, [(t, float(p)) for t, p in dist]) for k, dist in node.options]
        if policy is not None and n in policy:
            found.append([(Fraction(1) if exact else 1.0, options[policy[n]][1])])
        elif shares is not None and n in shares:
            mixed: list[tuple[Any, list[tuple[int, Any]]]] = [(q if exact else float(q), dist)
                                                              for q, (_, dist) in zip(shares[n], options)]
            found.append(mixed)
        else:
            share = Fraction(1, len(options)) if exact else 1.0 / len(options)
            found.append([(share, dist) for _, dist in options])
    return found


def absorption(graph: Graph, policy: dict[int, int] | None = None, exact: bool = True) -> dict[Outcome, Any]:
    """The distribution of outcomes from the start, under ``policy``: exact fractions, or
    floating point (``exact=False``)."""
    nodes = graph.nodes
    stuck = stuck_states(graph, policy)
    weights = choice_weights(graph, policy, exact)
    one: Any = Fraction(1) if exact else 1.0
    edges: list[list[int]] = []
    for n, node in enumerate(nodes):
        if node.kind != "decision" or n in stuck:
            edges.append([])
        else:
            edges.append(sorted({t for _, dist in weights[n] for t, _ in dist}))
    value: list[dict[Outcome, Fraction] | None] = [None] * len(nodes)
    for component in _sccs(len(nodes), edges):
        members = set(component)
        if len(component) == 1 and component[0] not in edges[component[0]]:
            n = component[0]
            node = nodes[n]
            if node.kind != "decision" or n in stuck:
                value[n] = {_outcome(node): one}
                continue
            acc: dict[Outcome, Any] = {}
            for share, dist in weights[n]:
                for t, p in dist:
                    for k, v in value[t].items():  # type: ignore[union-attr]
                        acc[k] = acc.get(k, 0) + share * p * v
            value[n] = acc
            continue
        order = {n: i for i, n in enumerate(component)}
        size = len(component)
        rhs: list[dict[Outcome, Any]] = [{} for _ in range(size)]
        for n in component:
            i = order[n]
            for share, dist in weights[n]:
                for t, p in dist:
                    if t not in members:
                        for k, v in value[t].items():  # type: ignore[union-attr]
                            rhs[i][k] = rhs[i].get(k, 0) + share * p * v
        if not exact and size > DENSE_LIMIT:
            _sweep(component, weights, value, rhs)
            continue
        matrix = [[one * 0] * size for _ in range(size)]
        for n in component:
            i = order[n]
            matrix[i][i] += 1
            for share, dist in weights[n]:
                for t, p in dist:
                    if t in members:
                        matrix[i][order[t]] -= share * p
        for n, solved in zip(component, _gauss(matrix, rhs)):
            value[n] = {k: v for k, v in solved.items() if v}
    total: dict[Outcome, Any] = {}
    for t, p in graph.start:
        q = p if exact else float(p)
        for k, v in (value[t] or {}).items():
            total[k] = total.get(k, 0) + q * v
    return total


def unexplored_mass(graph: Graph, policy: dict[int, int] | None = None) -> float:
    """The probability of reaching a part of the graph not explored (floating point)."""
    return sum(v for k, v in absorption(graph, policy, exact=False).items() if k[0] == "unexplored")


def value_bounds(graph: Graph, maximise_victory: bool,
                 floor: Mapping[int, float] | None = None) -> tuple[float, float, dict[int, int]]:
    """Bounded value iteration: (lower, upper) chance of the goal at the start for the best
    play (the goal as in :func:`best_policy`), and the play that reaches the lower one. States
    not explored count 0 in the lower values (or their ``floor``: see :func:`state_bounds`), 1 in
    the upper ones; solved component by component, sinks first, each swept until it moves by
    less than 1e-13."""
    lo, hi, options = state_bounds(graph, maximise_victory, floor)
    policy = progressing_policy(graph, options, lo, hi)
    low = sum(float(p) * lo[t] for t, p in graph.start)
    high = sum(float(p) * hi[t] for t, p in graph.start)
    return low, high, policy


def goal_value(node: Node, maximise_victory: bool) -> tuple[float, float]:
    """(lower, upper) value of a state nothing is chosen in: an ending is worth 1 if it is the
    goal, :data:`TIE_BREAK` if not (any ending beats none); a state not explored 0 to 1; an
    error, or a decision with nothing to choose, 0."""
    if node.kind == "ending":
        worth = 1.0 if (node.outcome == "victory") == maximise_victory else TIE_BREAK
        return worth, worth
    if node.kind in UNKNOWN:
        return 0.0, 1.0
    return 0.0, 0.0


def state_bounds(graph: Graph, maximise_victory: bool, floor: Mapping[int, float] | None = None,
                 options: list[list[list[tuple[int, float]]]] | None = None,
                 ) -> tuple[list[float], list[float], list[list[list[tuple[int, float]]]]]:
    """Per state, the lower and upper chance of the goal with the best play from there (see
    :func:`value_bounds`), and the options in floating point (``options``: these instead of the
    graph's, as :func:`play_values` gives a bot's play as one option per state).

    ``floor``: per node, a chance of the goal some play is known to reach from there (a bot's
    exact value, :mod:`solo.analyze.policy_play`). It is a lower bound of the best play's, so a
    state's lower value is the larger of it and the best option's (the larger of two lower
    bounds is one), and a state not explored yet counts its floor instead of 0."""
    nodes = graph.nodes
    stuck = stuck_states(graph)
    if options is None:
        options = [[[(t, float(p)) for t, p in dist] for _, dist in node.options] for node in nodes]
    edges = [sorted({t for dist in opts for t, _ in dist}) if nodes[n].kind == "decision" and n not in stuck else []
             for n, opts in enumerate(options)]
    floor = floor or {}
    lo = [0.0] * len(nodes)
    hi = [0.0] * len(nodes)
    for n, node in enumerate(nodes):
        if node.kind == "ending" or node.kind in UNKNOWN:
            lo[n], hi[n] = goal_value(node, maximise_victory)
        if n in floor and node.kind in ("decision", "frontier"):
            lo[n] = max(lo[n], floor[n])
    for component in _sccs(len(nodes), edges):
        live = [n for n in component if nodes[n].kind == "decision" and n not in stuck and options[n]]
        if not live:
            continue
        for _ in range(VALUE_ITERATIONS):
            change = 0.0
            for n in live:
                for values in (lo, hi):
                    best = max(sum(p * values[t] for t, p in dist) for dist in options[n])
                    if values is lo and n in floor:
                        best = max(best, floor[n])
                    change = max(change, abs(best - values[n]))
                    values[n] = best
            if len(component) == 1 and component[0] not in edges[component[0]]:
                break
            if change < SWEEP_TOLERANCE:
                break
    return lo, hi, options


def play_values(graph: Graph, maximise_victory: bool = True) -> list[float]:
    """Per node, the chance of victory (``maximise_victory`` false: of an ending other than
    victory) under the bot's play the graph was explored with (its ``shares``), as far as the
    graph tells: what is not explored counts 0, so each is a lower bound of that play's chance
    (exact when the graph is complete), and so of the best (worst) play's from the same state."""
    mixed: list[list[list[tuple[int, float]]]] = []
    for found in choice_weights(graph, None, exact=False):
        acc: dict[int, float] = {}
        for share, dist in found:
            for t, p in dist:
                acc[t] = acc.get(t, 0.0) + share * p
        mixed.append([sorted(acc.items())] if acc else [])
    lo, _, _ = state_bounds(graph, maximise_victory, options=mixed)
    # an ending not the goal scores TIE_BREAK in the bounds; the floor counts the goal alone
    return [max(0.0, v - TIE_BREAK) if v < 1.0 else v for v in lo]


def best_policy(graph: Graph, maximise_victory: bool) -> dict[int, int]:
    """The option to take in each state to make victory (or, for the worst player, any other
    ending) most likely, and among equals to reach some ending; found by value iteration in
    floating point."""
    nodes = graph.nodes

    def goal(node: Node) -> float:
        # any ending beats none (a tie-break far below any real difference in chances)
        if node.kind != "ending":
            return 0.0
        victory = node.outcome == "victory"
        return 1.0 if victory == maximise_victory else TIE_BREAK

    value = [goal(node) for node in nodes]
    deciding = [n for n, node in enumerate(nodes) if node.kind == "decision" and node.options]
    options = [[[(t, float(p)) for t, p in dist] for _, dist in node.options] for node in nodes]
    for _ in range(VALUE_ITERATIONS):
        change = 0.0
        for n in reversed(deciding):
            best = max(sum(p * value[t] for t, p in dist) for dist in options[n])
            change = max(change, abs(best - value[n]))
            value[n] = best
        if change < 1e-15:
            break
    return progressing_policy(graph, options, value, value)


def progressing_policy(graph: Graph, options: list[list[list[tuple[int, float]]]], value: list[float],
                       room: list[float]) -> dict[int, int]:
    """The option each decision takes: one that keeps ``value`` (the chance of the goal with the
    best play, found by value iteration) *and* moves towards the goal.

    Taking any option that keeps the value is not enough: in a hub where walking back and forth
    loses nothing (landing -> shed -> landing), every option keeps the value, and a play that
    always walks never ends (lantern-fen's worst play once did: every ending 0, stuck at 1).
    So the policy is built backwards from the endings worth something: a state is settled by
    an option that keeps its value and reaches, with some probability, a state settled before
    it (or such an ending). Every settled state then has a way out that the play takes, so the
    play reaches the goal with the chance its value says. States that reach no ending worth
    anything (only the unexplored, or nothing) take the option with the most ``room`` (the
    upper value: the most to gain if exploration went on)."""
    nodes = graph.nodes
    deciding = [n for n, node in enumerate(nodes) if node.kind == "decision" and options[n]]
    scores = {n: [sum(p * value[t] for t, p in dist) for dist in options[n]] for n in deciding}
    keeps = {}
    for n, found in scores.items():
        top = max(found) - POLICY_TOLERANCE
        keeps[n] = [i for i, s in enumerate(found) if s >= top]
    entering: dict[int, list[tuple[int, int]]] = {}
    for n in deciding:
        for i in keeps[n]:
            for t, p in options[n][i]:
                if p > 0:
                    entering.setdefault(t, []).append((n, i))
    policy: dict[int, int] = {}
    settled = deque(n for n, node in enumerate(nodes) if node.kind == "ending" and value[n] > 0)
    done = set(settled)
    while settled:
        t = settled.popleft()
        for n, i in entering.get(t, ()):
            if n not in done:
                done.add(n)
                policy[n] = i
                settled.append(n)
    for n in deciding:
        if n not in policy:
            extra = [sum(p * room[t] for t, p in options[n][i]) for i in keeps[n]]
            policy[n] = keeps[n][extra.index(max(extra))]
    return policy


def summarise(dist: dict[Outcome, Fraction], endings: Iterable[str], objectives: Iterable[str]) -> dict[str, Any]:
    """Ending and objective probabilities, and where the runs that never end get stuck."""
    by_ending = {e: Fraction(0) for e in endings}
    by_objective = {o: Fraction(0) for o in objectives}
    stuck: dict[str, Fraction] = {}
    errors: dict[tuple[str, str], Fraction] = {}
    unexplored: dict[str, Any] = {}
    for outcome, p in dist.items():
        if outcome[0] == "unexplored":
            unexplored[outcome[1]] = unexplored.get(outcome[1], 0) + p
            continue
        if outcome[0] == "ending":
            by_ending[outcome[1]] = by_ending.get(outcome[1], Fraction(0)) + p
            for o in outcome[2]:
                by_objective[o] = by_objective.get(o, Fraction(0)) + p
        elif outcome[0] == "stuck":
            stuck[outcome[1]] = stuck.get(outcome[1], Fraction(0)) + p
        else:
            errors[(outcome[1], outcome[2])] = errors.get((outcome[1], outcome[2]), Fraction(0)) + p
    return {"endings": by_ending, "objectives": by_objective, "stuck": stuck, "errors": errors,
            "unexplored": unexplored}
