"""Best and worst play (solo/analyze/solve.py): exact on the small fixtures and equal to a
brute-force search over every play, and honest when it is bounded.

The brute force knows nothing of value iteration: it tries every stationary play (one option
per state, as far as the play reaches) on the explored graph and scores each by sweeping the
chain it makes; the analyzer's figure for its goal must be the best of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.explore import Explorer, Graph
from solo.analyze.solve import absorption, best_policy, progressing_policy, value_bounds

HERE = Path(__file__).parent
PLAYTEST = HERE.parent / "playtest"
HUB = HERE / "fixtures" / "hub.yaml"
SMALL = [(PLAYTEST / "broken" / "trapdoor.yaml", "scout"), (PLAYTEST / "broken" / "crash.yaml", "scout"),
         (PLAYTEST / "agree.yaml", "ace"), (PLAYTEST / "agree.yaml", "rook"), (HUB, "scout")]


def _load(path: Path, pregen: str):
    adventure = loader.load(str(path)).adventure
    person = next(p for p in adventure.characters if p.id == pregen)
    return adventure, person.character(adventure.system)


def _scores(graph: Graph, policy: dict[int, int], goal: set[str]) -> tuple[float, float]:
    """(chance of an ending in ``goal``, chance of any ending) under ``policy``, by sweeping
    x = P x over the chain until nothing moves (a play that circles scores 0 there)."""
    nodes = graph.nodes
    value = [(1.0 if n.ending in goal else 0.0, 1.0) if n.kind == "ending" else (0.0, 0.0) for n in nodes]
    deciding = [n for n, node in enumerate(nodes) if node.kind == "decision" and node.options]
    for _ in range(10_000):
        change = 0.0
        for n in reversed(deciding):
            dist = nodes[n].options[policy.get(n, 0)][1]
            new = (sum(float(p) * value[t][0] for t, p in dist), sum(float(p) * value[t][1] for t, p in dist))
            change = max(change, abs(new[0] - value[n][0]), abs(new[1] - value[n][1]))
            value[n] = new
        if change < 1e-15:
            break
    return (sum(float(p) * value[t][0] for t, p in graph.start), sum(float(p) * value[t][1] for t, p in graph.start))


def _brute_force(graph: Graph, goal: set[str]) -> tuple[float, float]:
    """The best (goal, any ending) over every stationary play: options are picked state by
    state, only for states the play so far reaches."""
    nodes = graph.nodes
    best = (-1.0, -1.0)

    def reached(policy: dict[int, int]) -> list[int]:
        seen: set[int] = set()
        stack = [t for t, _ in graph.start]
        found = []
        while stack:
            n = stack.pop()
            if n in seen:
                continue
            seen.add(n)
            node = nodes[n]
            if node.kind != "decision" or not node.options:
                continue
            if n not in policy:
                found.append(n)
                continue
            stack.extend(t for t, _ in node.options[policy[n]][1])
        return found

    def search(policy: dict[int, int]) -> None:
        nonlocal best
        open_ = reached(policy)
        if not open_:
            found = _scores(graph, policy, goal)
            best = max(best, (round(found[0], 12), round(found[1], 12)))
            return
        n = min(open_)
        for i in range(len(nodes[n].options)):
            search({**policy, n: i})

    search({})
    return best


@pytest.mark.parametrize("path,pregen", SMALL, ids=lambda v: getattr(v, "stem", v))
@pytest.mark.parametrize("policy", ["best", "worst"])
def test_best_and_worst_play_are_exact_and_no_play_does_better(path, pregen, policy):
    adventure, character = _load(path, pregen)
    result = analyze(adventure, character, policy=policy)
    # exact, or stopped early because the play found is known to the last digit (the worst
    # player leaves the trapdoor by the front door: the rest of the house cannot change that)
    assert result["method"] == "exact" or result["bound"] == 0
    graph = Explorer(adventure, character).explore()
    kinds = {n.ending: n.outcome for n in graph.nodes if n.kind == "ending"}
    goal = {e for e, o in kinds.items() if (o == "victory") == (policy == "best")}
    found = (sum(p for e, p in result["endings"].items() if e in goal), sum(result["endings"].values()))
    assert found == pytest.approx(_brute_force(graph, goal), abs=1e-9)


def test_worst_play_leaves_a_hub_it_could_walk_round_for_ever():
    """Every option of the hub keeps the worst player's chance at 1: the play found must still
    end (it once walked landing -> shed -> landing for ever: every ending 0, stuck 1)."""
    adventure, character = _load(HUB, "scout")
    worst = analyze(adventure, character, policy="worst")
    assert worst["exact"] == {"far-shore": "0/1", "dark-water": "1/1"} and worst["stuck"] == []


def test_the_play_chosen_moves_towards_the_goal_when_every_option_keeps_its_value():
    adventure, character = _load(HUB, "scout")
    graph = Explorer(adventure, character).explore()
    for chosen in (best_policy(graph, False), value_bounds(graph, False)[2]):
        assert absorption(graph, chosen, exact=False) == {("ending", "dark-water", frozenset()): pytest.approx(1.0)}
    # a value that every option keeps: the option taken reaches a state settled before
    start = graph.start[0][0]
    options = [[[(t, float(p)) for t, p in dist] for _, dist in node.options] for node in graph.nodes]
    ones = [1.0 if node.kind != "ending" or node.ending == "dark-water" else 0.0 for node in graph.nodes]
    walk = progressing_policy(graph, options, ones, ones)
    assert graph.nodes[start].options[walk[start]][0] != "0"  # not "walk to the shed"


@pytest.mark.parametrize("states", [1, 2, 3])
def test_a_bounded_worst_play_is_honest_about_what_it_may_miss(states):
    adventure, character = _load(HUB, "scout")
    exact = analyze(adventure, character, policy="worst")["endings"]["dark-water"]
    partial = analyze(adventure, character, policy="worst", max_states=states)
    # wading in reaches the goal every time, exactly: the worst play's chance is then known
    # exactly (1) though the search stopped early, and the result says so
    assert partial["method"] == "bounded" or (partial["goal_exact"] == "1/1" and exact == 1)
    low, high = partial["goal_bounds"]
    assert low - 1e-9 <= exact <= high + 1e-9
    # the figure of the play found, plus the bound, reaches the best play's chance
    assert partial["endings"]["dark-water"] + partial["bound"] >= exact - 1e-9
