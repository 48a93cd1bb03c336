"""``solo analyze``: exact ending and objective probabilities, or bounded ones within a budget.

:func:`analyze` explores the adventure's states most likely first (:mod:`solo.analyze.explore`)
within a :class:`~solo.analyze.explore.Budget` (time, memory, states), solves them
(:mod:`solo.analyze.solve`) and returns a JSON-ready dict::

    {"adventure": ID, "character": WHO, "policy": "random", "method": "exact", "states": N,
     "seconds": S, "peak_mb": M,
     "endings": {ID: PROBABILITY}, "exact": {ID: "p/q"},
     "objectives": {ID: PROBABILITY}, "objectives_exact": {ID: "p/q"},
     "stuck": [{"scene": ID, "probability": P, "exact": "p/q", "path": [...]}], "errors": [...],
     "unreachable_endings": [ID, ...]}

The method is settled before exploring, not after: exploration is the same either way and stops
when every state is expanded (``"exact"``), or earlier, when the unexplored part can move no
figure by more than ``bound`` or when the budget runs out (``"bounded"``). A bounded result
gives ``"bound"``: the probability of reaching a state not explored, so each ending's and
objective's true probability lies between its figure and its figure plus ``bound``, given as
``"ranges"`` and ``"objectives_ranges"`` (``{ID: {"low": L, "high": H}}``, H capped at 1); ``stopped``
says why exploration stopped and ``blowup`` which variables took the most values; when the bound
asked for was not met, ``"projection": {"seconds_to_bound": S}`` estimates the time it would
need from the pace so far (None: not in sight; :mod:`solo.analyze.projection`). Random play
whose exploration cannot reach ``bound`` (the projection says so at a look of the solver, or the
memory or state budget stops it) spends the rest of the budget on whole playthroughs of the same
random play instead (``sample``, on by default; ``seed`` their master seed): ``"method":
"sampled"``, each figure with its 95% Wilson interval (:mod:`solo.analyze.sampled`). For best and
worst play only the states such a player can go to are explored (:mod:`solo.analyze.focused`),
and a bounded result's ``"goal_bounds"`` gives the lower and upper chance of its goal (victory;
for the worst player, any other ending), and ``bound`` is the largest of that gap, the distance
from the upper chance down to what the play found reaches, and the unexplored probability under
that play. Exact results
use fractions up to :data:`FRACTION_LIMIT` states and floating point above (``"arithmetic"``).

A playtest bot's name as the policy (``careful``, ``careful-top``...) gives that bot's play
(:mod:`solo.analyze.policy_play`), exact or bounded like random play. ``best`` first explores
:data:`FLOOR_POLICY`'s play within :data:`FLOOR_SHARE` of the time and starts from it: ``"floor"``
gives its chance of victory, method and states, ``"goal_bounds"``' lower figure is at least
that, and when it wins more often than the play the search found, its endings are the ones told
(``"play"``: its name).
"""

from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable

from solo.adventure.model import Adventure
from solo.analyze import sampled
from solo.analyze.explore import DEFAULT_MAX_STATES, Budget, Explorer, Graph, Progress
from solo.analyze.focused import FocusedSearch
from solo.analyze.policy_play import BOTS, PolicyExplorer, floor_by_key
from solo.analyze.solve import (absorption, best_policy, play_figures, stuck_states, summarise, unexplored_mass,
                                value_bounds)
from solo.errors import BadRequest
from solo.rules.base import Character

POLICIES = ("random", "best", "worst") + BOTS
DEFAULT_BOUND = 0.005  # half a percentage point per ending
FRACTION_LIMIT = 5_000
#: A bot's shares are fractions of floating-point weights (denominators up to 2**60 and more), so
#: its chain is solved in fractions only when it is small.
BOT_FRACTION_LIMIT = 600
#: The bot whose exact play ``--policy best`` starts its floor from (None: none), and the share
#: of the time budget it may spend (what it leaves goes to the search). On the bundled adventures
#: the search has not yet raised the lower figure above the floor within 120 s (bench/policy_floor.py),
#: so the floor gets most of the time; a floor that meets its bound early hands the rest on.
FLOOR_POLICY = "careful-top"
FLOOR_SHARE = 0.6
#: Before the floor, the search alone gets this share of the time (at most QUICK_SECONDS): what it
#: answers within its bound is the answer, with no floor spent.
QUICK_SHARE = 0.05
QUICK_SECONDS = 5.0


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


def _who(adventure: Adventure, character: Character | None) -> str:
    if character is not None:
        return character.id or character.name
    if len(adventure.characters) == 1:
        return adventure.characters[0].id
    return "each pregenerated character equally likely"


def analyze(
    adventure: Adventure,
    character: Character | None = None,
    policy: str = "random",
    max_states: int = DEFAULT_MAX_STATES,
    budget: Budget | None = None,
    bound: float = DEFAULT_BOUND,
    progress: Callable[[Progress], None] | None = None,
    floor_policy: str | None = FLOOR_POLICY,
    quick_first: bool = True,
    sample: bool = True,
    seed: int = sampled.DEFAULT_SEED,
) -> dict[str, Any]:
    if policy not in POLICIES:
        raise BadRequest(f"unknown policy {policy!r} (policies: {', '.join(POLICIES)})")
    budget = whole = budget or Budget(max_states=max_states)
    head: dict[str, Any] = {"adventure": adventure.id, "character": _who(adventure, character), "policy": policy}
    if policy in BOTS:
        bot = PolicyExplorer(adventure, character, policy, budget=budget)
        graph = bot.explore(unexplored_mass, bound, progress)
        return {**head, **_figures(adventure, graph, bot, None, bound), **_costs(graph)}
    floor = None
    keys = None
    if policy == "best" and floor_policy:  # a bot's exact play first: the floor of the best play's
        started = time.monotonic()
        # ...unless the search alone answers within a small share of the time: a small adventure
        # is solved in a second, where the bot's play can circle a hub for the whole floor share
        # (its memory of choices taken has no end: tests/playtest/broken/trapdoor.yaml took 38 s)
        if quick_first:
            quick = replace(budget, seconds=min(QUICK_SECONDS, budget.seconds * QUICK_SHARE))
            alone = analyze(adventure, character, policy, budget=quick, bound=bound, progress=progress, floor_policy=None)
            if alone.get("method") == "exact" or alone.get("bound", 1.0) <= bound:
                return alone
            budget = replace(budget, seconds=max(0.1, budget.seconds - (time.monotonic() - started)))
        share = replace(budget, seconds=budget.seconds * FLOOR_SHARE)
        bot = PolicyExplorer(adventure, character, floor_policy, budget=share)
        bot_graph = bot.explore(unexplored_mass, bound, progress)
        floor = (bot, bot_graph, floor_by_key(bot, bot_graph))
        keys = bot.keys
        budget = replace(budget, seconds=max(0.1, budget.seconds - (time.monotonic() - started)))
    deciding = policy == "random" and sample  # may fall back on sampled playthroughs (:mod:`.sampled`)
    explorer = (sampled.DecidingExplorer if deciding else Explorer)(adventure, character, budget=budget, policy=policy,
                                                                     keys=keys)
    search = None
    if policy == "random":
        graph = explorer.explore(unexplored_mass, bound, progress)
        if deciding and sampled.wanted(graph, explorer, bound, budget):
            return {**head, **sampled.fall_back(adventure, character, graph, explorer, bound, seed, progress)}
    else:
        search = FocusedSearch(explorer, policy == "best", bound, progress, floor=floor[2] if floor else None)
        graph = search.run()
    result: dict[str, Any] = {**head}
    if floor is not None:
        bot, bot_graph, _ = floor
        bot_figures = _figures(adventure, bot_graph, bot, None, bound)
        bot_victory = _victory(adventure, bot_figures)
        result["floor"] = {"play": bot.name, "victory": round(bot_victory, 6), "method": bot_figures["method"],
                           **({"bound": bot_figures["bound"]} if "bound" in bot_figures else {}),
                           "states": bot_figures["states"], "seconds": round(bot_graph.seconds, 3)}
    if graph.complete:
        chosen = None if policy == "random" else best_policy(graph, policy == "best")
        result.update(_figures(adventure, graph, explorer, chosen, bound))
    elif policy == "random":
        result.update(_figures(adventure, graph, explorer, None, bound))
    else:
        floor_nodes = search.floor_nodes if search is not None else None
        low, high, chosen = value_bounds(graph, policy == "best", floor_nodes)
        achieved, _ = play_figures(graph, chosen, policy == "best")
        figures = _figures(adventure, graph, explorer, chosen, bound)
        if floor is not None:
            if bot_victory > achieved:  # the bot's play wins more often than the one found: it is the play told
                figures.update({k: v for k, v in bot_figures.items() if k in PLAY_PARTS})
                figures["bound"] = max(figures.get("bound", 0.0), bot_figures.get("bound", 0.0))
                achieved = bot_victory
                result["play"] = bot.name
        result.update(figures)
        result["goal_bounds"] = [round(low, 6), round(high, 6)]
        # the best play itself is known only within its goal's gap, and the play found must reach
        # its goal as often as the bounds say, or the difference is part of the bound (a play
        # that circled for ever once got bound 0)
        unknown = max(figures.get("bound", 0.0), high - low, high - achieved)
        result["method"] = "bounded"
        result["bound"] = round(unknown, 6)
        result.setdefault("stopped", graph.stopped or "parts of some steps were left unexplored")
        result["ranges"] = _ranges(result["endings"], result["bound"])
        result["objectives_ranges"] = _ranges(result["objectives"], result["bound"])
    result.update(_costs(graph))
    if floor is not None:
        result["seconds"] = round(result["seconds"] + floor[1].seconds, 3)
        if str(result.get("stopped", "")).startswith("budget:") and "s of time" in result["stopped"]:
            result["stopped"] = f"budget: {whole.seconds:g} s of time (a share of it on the {floor[0].name} floor)"
    return result


#: What a result says of the play it tells (the rest says how the search went).
PLAY_PARTS = frozenset({"endings", "exact", "objectives", "objectives_exact", "stuck", "errors", "unreachable_endings"})


def _victory(adventure: Adventure, figures: dict[str, Any]) -> float:
    """The chance of a victory ending in ``figures`` (the part explored: a lower bound)."""
    outcomes = {e: getattr(adventure.scenes[e].ending, "outcome", None) for e in figures["endings"]}
    return sum(p for e, p in figures["endings"].items() if outcomes[e] == "victory")


def _costs(graph: Graph) -> dict[str, Any]:
    return {"seconds": round(graph.seconds, 3), "peak_mb": round(graph.peak_mb, 1)}


def _figures(adventure: Adventure, graph: Graph, explorer: Explorer, chosen: dict[int, int] | None,
             bound: float) -> dict[str, Any]:
    """What the play ``chosen`` (None: the graph's own, a random player's or a bot's) reaches on
    ``graph``: method, states, endings, objectives, stuck states, errors, and for a graph not
    complete the unexplored mass as the bound, with where it lies and why exploration stopped."""
    fixed = not graph.shares or all(len(q) <= 1 for q in graph.shares.values())  # no shares of floats
    exact = graph.complete and len(graph.nodes) <= (FRACTION_LIMIT if fixed else BOT_FRACTION_LIMIT)
    result: dict[str, Any] = {"method": "exact" if graph.complete else "bounded", "states": len(graph.nodes)}
    if graph.complete:
        result["arithmetic"] = "fractions" if exact else "floating point"
    found = summarise(absorption(graph, chosen, exact=exact), adventure.endings, adventure.objectives)
    endings, objectives = found["endings"], found["objectives"]
    if not graph.complete:
        result["bound"] = round(float(sum(found["unexplored"].values())), 6)
        result["stopped"] = graph.stopped or "parts of some steps were left unexplored"
        result["unexplored_by_scene"] = {k or "(start)": round(float(v), 6)
                                         for k, v in sorted(found["unexplored"].items(), key=lambda kv: -kv[1])}
        result["blowup"] = [{"variable": k, "values": n} for k, n in graph.blowup]
        heading = explorer.projection()
        if heading is not None and result["bound"] > bound:  # an estimate of the time the bound needs
            result["projection"] = {"seconds_to_bound": None if heading.to_bound is None else round(heading.to_bound, 1)}
    if graph.approximations:
        result["notes"] = graph.approximations
    result["endings"] = {k: float(v) for k, v in endings.items()}
    if exact:
        result["exact"] = {k: _exact(v) for k, v in endings.items()}
    result["objectives"] = {k: float(v) for k, v in objectives.items()}
    if exact:
        result["objectives_exact"] = {k: _exact(v) for k, v in objectives.items()}
    result["stuck"] = _stuck(graph, explorer, found["stuck"], exact, chosen)
    result["errors"] = [{"scene": scene, "error": error, "probability": float(p), **({"exact": _exact(p)} if exact else {})}
                        for (scene, error), p in sorted(found["errors"].items(), key=lambda kv: -kv[1])]
    if not graph.complete:
        result["ranges"] = _ranges(result["endings"], result["bound"])
        result["objectives_ranges"] = _ranges(result["objectives"], result["bound"])
    result["unreachable_endings"] = [k for k, v in endings.items() if v == 0]
    return result


def _ranges(figures: dict[str, float], bound: float) -> dict[str, dict[str, float]]:
    """Where each true probability of a bounded result lies: from its figure (what the part
    explored reaches) to that plus the bound (all the unexplored mass going there), at most 1."""
    return {k: {"low": round(v, 6), "high": round(min(1.0, v + bound), 6)} for k, v in figures.items()}


def _stuck(graph: Graph, explorer: Explorer, stuck: dict[str, Any], exact: bool,
           chosen: dict[int, int] | None) -> list[dict[str, Any]]:
    """Soft-locks by the scene where a run gets stuck (the first stuck state it enters), most
    likely first, each with the first route found to it: its decisions and the random outcomes
    after each."""
    first: dict[str | None, int] = {}
    for n in sorted(stuck_states(graph, chosen)):
        first.setdefault(graph.nodes[n].scene, n)
    found = []
    for scene, p in stuck.items():
        entry: dict[str, Any] = {"scene": scene, "probability": float(p)}
        n = first[scene]
        if exact:
            entry["exact"] = _exact(Fraction(p))
        entry["path"] = explorer.path(n)
        found.append(entry)
    return sorted(found, key=lambda e: -e["probability"])
