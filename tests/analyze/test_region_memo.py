"""A state's region remembered by the questions its working-out asked (:meth:`Reach.region`)
gives the graph working every region out afresh gives: the same states (keys), options and
exact probabilities, at a state cut, on bundled adventures; and, state by state, the same
region and closed marks."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.analyze.explore import Budget, Explorer
from solo.analyze.policy_play import PolicyExplorer
from solo.analyze.reachable import Reach
from pregen_play import load_as

ADVENTURES = Path(__file__).resolve().parents[2] / "adventures"


def _graph(adventure, character, policy: str, states: int) -> list[tuple]:
    budget = Budget(seconds=600, max_states=states)
    if policy == "random":
        explorer = Explorer(adventure, character, budget=budget)
    else:
        explorer = PolicyExplorer(adventure, character, policy, budget=budget)
    explorer.explore()
    return [(node.key, node.kind, node.options) for node in explorer.nodes]


@pytest.mark.parametrize("name, pregen, policy, states", [
    ("supply-ship", "pilot", "careful-top", 1500),
    ("goblin-market", "sorrel", "random", 400),
    ("clockwork-heist", "wren", "random", 300),
])
def test_remembered_regions_build_the_graph_fresh_ones_build(monkeypatch, name, pregen, policy, states):
    adventure, character = load_as(ADVENTURES / f"{name}.yaml", pregen)
    remembered = _graph(adventure, character, policy, states)
    monkeypatch.setattr(Reach, "memo", False)
    fresh = _graph(adventure, character, policy, states)
    assert len(remembered) == len(fresh) > states
    assert remembered == fresh


def test_each_remembered_region_is_the_one_worked_out_afresh(monkeypatch):
    """Every state keyed: the tree's region and closed marks against a fresh working-out (a
    tree that left out a question that mattered answers some state with another's region)."""
    adventure, character = load_as(ADVENTURES / "supply-ship.yaml", "medic")
    remembered = Reach.region
    met = []

    def both(self, state):
        found = remembered(self, state), self.last_closed
        self.memo = False
        try:
            fresh = remembered(self, state), self.last_closed
        finally:
            del self.memo
        assert found == fresh
        met.append(found)
        return found[0]

    monkeypatch.setattr(Reach, "region", both)
    explorer = PolicyExplorer(adventure, character, "careful-top", budget=Budget(seconds=600, max_states=800))
    explorer.explore()
    worked_out = sum(_leaves(tree) for tree in explorer.keys.reach._tries.values())
    assert len(met) > 800 and worked_out < len(met) / 10, "the tree answers most states"


def _leaves(tree) -> int:
    branches = getattr(tree, "branches", None)
    return 1 if branches is None else sum(_leaves(t) for t in branches.values())
