"""Soft-locks and loops are reported by the scene where a run gets stuck, with a route that a
person (or the engine) can follow back to the very state reported.

The pit fixture has a cellar and a stair that only lead to each other (reached by failing a
check, or by climbing down after a table roll), and two alleys that do the same (reached by a
low table roll). ``Explorer.replay`` plays each node's route again on a fresh engine; its state
must key as the node does, for the stuck states and for every other one (a route through a fight
too: the Loose and Fuzzy duel's exchanges are random answers of the route like any die).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from solo.adventure import loader
from solo.analyze.command import analyze
from solo.analyze.explore import Budget, Explorer
from solo.analyze.solve import stuck_states

FIXTURES = Path(__file__).parent / "fixtures"
PIT = FIXTURES / "pit.yaml"
DUEL = FIXTURES / "lf-duel.yaml"


def test_the_soft_lock_and_the_loop_are_reported_by_scene_with_exact_odds_and_their_routes():
    found = analyze(loader.load(str(PIT)).adventure)
    assert found["method"] == "exact"
    # Row across (1/2) succeeds a third of the time; Walk into the fog (1/2): a 1-2 (1/3) ends in the
    # alleys, a 3-6 reaches the jetty's far end, where swimming and climbing down are even
    assert found["exact"] == {"far-shore": "1/3"}
    stuck = {entry["scene"]: entry for entry in found["stuck"]}
    assert {scene: entry["exact"] for scene, entry in stuck.items()} == {"cellar": "1/2", "alley-a": "1/6"}
    assert Fraction(1, 3) + sum(Fraction(entry["exact"]) for entry in found["stuck"]) == 1
    cellar = stuck["cellar"]["path"]
    assert [(step["scene"], step["decision"], step["random"]) for step in cellar] == \
        [(None, "(start)", []), ("landing", "1", ["failure"])]
    alley = stuck["alley-a"]["path"]
    assert [(step["scene"], step["decision"]) for step in alley] == [(None, "(start)"), ("landing", "2")]
    assert alley[-1]["random"][0] in (1, 2), "the table roll that sends the run into the alleys"


def _replays(explorer: Explorer, nodes) -> None:
    for n in nodes:
        node = explorer.nodes[n]
        state = explorer.replay(n)
        assert explorer.keys.key(state) == node.key, (n, node.scene, explorer.route(n))


def test_every_stuck_state_and_every_other_state_replays_from_its_route():
    explorer = Explorer(loader.load(str(PIT)).adventure)
    graph = explorer.explore()
    assert graph.complete
    stuck = stuck_states(graph)
    assert {graph.nodes[n].scene for n in stuck} == {"cellar", "stair", "alley-a", "alley-b"}
    _replays(explorer, stuck)
    _replays(explorer, [n for n, node in enumerate(graph.nodes) if node.kind in ("decision", "ending")])


def test_routes_through_a_fight_replay_to_the_state_reported():
    """States in the middle of the duel replay from their routes (the exchange's dice are the
    route's random answers). Five states spread over the ~200 the first exchange leads to (were
    the first ten, all neighbours): each replay costs about 0.1 s, and a route whose answers did
    not lead back to its state fails as before, now on more different exchanges."""
    explorer = Explorer(loader.load(str(DUEL)).adventure, budget=Budget(max_states=40))
    graph = explorer.explore()
    inside = [n for n, node in enumerate(graph.nodes)
              if node.kind in ("decision", "frontier") and node.key[2] is not None and node.key[2][0] == "conflict"]
    assert len(inside) > 10, "states in the middle of the fight"
    _replays(explorer, inside[:: len(inside) // 5][:5])
