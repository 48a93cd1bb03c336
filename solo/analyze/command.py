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
figure by more than ``bound`` or when the budget runs out (``"bounded"``). The budget's time counts
from ``budget.since`` when it is given (the command's start: setup is part of the wait). A bounded result
gives ``"bound"``: the probability of reaching a state not explored, so each ending's and
objective's true probability lies between its figure and its figure plus ``bound``, given as
``"ranges"`` and ``"objectives_ranges"`` (``{ID: {"low": L, "high": H}}``, H capped at 1); ``stopped``
says why exploration stopped and ``blowup`` which variables took the most values;
``"unreachable_endings"`` lists the endings never reached: in a bounded result only those that
neither the part explored reaches nor any state left unexplored can come to (:func:`_beyond_reach`:
by each such state's region, or the scene graph from a cut step's scene), so an ending the
unexplored mass might reach is not in it; when the bound
asked for was not met, ``"projection": {"seconds_to_bound": S}`` estimates the time it would
need from the pace so far (None: not in sight; :mod:`solo.analyze.projection`). Random play
whose exploration cannot reach ``bound`` (decided 1.5 s in: widening with no projection that
meets the bound; or the projection says so at a later look of the solver; or the memory or state
budget stops it) spends the rest of the budget on whole playthroughs of the same
random play instead (``sample``, on by default; ``seed`` their master seed): ``"method":
"sampled"``, each figure with its 95% Wilson interval (:mod:`solo.analyze.sampled`). Exact results
use fractions up to :data:`FRACTION_LIMIT` states and floating point above (``"arithmetic"``).

For best and worst play only the states such a player can go to are explored
(:mod:`solo.analyze.focused`), and the result says two things apart (:func:`_goal_result`): what
is known of the best (worst) play's chance of its goal (``"goal"``: victory; for the worst
player, any other ending) -- ``"goal_bounds"`` [low, high], ``"bound"`` their gap, ``"method"``
exact when the chance is known exactly -- and the endings of one play that reaches the lower
figure, named with its own method, states and unexplored mass in ``"play"`` (an optimal play's
ending mix is not unique, so the figures are that play's, not "the best play's"). ``"ranges"``
and ``"exact"`` are that play's.

A playtest bot's name as the policy (``careful``, ``careful-top``...) gives that bot's play
(:mod:`solo.analyze.policy_play`), exact or bounded like random play. ``best`` first explores
the fixed plays of :data:`~solo.analyze.floors.FLOOR_PLAYS` (``careful-thrifty``, then
``careful-top``, each within its own share of the time: careful-top's is
:data:`~solo.analyze.floors.FLOOR_SHARE`, as when it was alone) and starts from the
higher of their chances per state (:mod:`solo.analyze.floors`): ``"floor"`` gives the chance of
victory, method and states of the play that wins most often, ``"floors"`` each play's,
``"goal_bounds"``' lower figure is at least the floor's, and when that play wins more often than
the play the search found, its endings are the ones told (``"play"``: its name).
``worst`` does the mirror with the plays of :data:`~solo.analyze.floors.CEILING_PLAYS`
(``soonest-loss``: the option nearest a loss by the scene graph; then ``careful-bottom``: the
careful bot's lightest option every time): ``"ceiling"`` gives the chance of victory and of
another ending of the one that loses most, ``"ceilings"`` each one's; the worst play reaches another ending at least that
often, so it wins at most ``"victory_at_most"``; when the bot loses every time, exactly, the
worst play is known exactly (it never wins).
"""

from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable

from solo.adventure.model import Adventure
from solo.analyze import sampled
from solo.analyze.explore import DEFAULT_MAX_STATES, Budget, Explorer, Graph, Progress
from solo.analyze.floors import CEILING_PLAYS, FLOOR_PLAYS, Floor, Floors, explore_floors, told
from solo.analyze.focused import FocusedSearch
from solo.analyze.policy_play import BOTS, PolicyExplorer
from solo.analyze.solve import (absorption, best_policy, choice_weights, stuck_states, summarise, unexplored_mass,
                                value_bounds)
from solo.errors import BadRequest
from solo.rules.base import Character

POLICIES = ("random", "best", "worst") + BOTS
DEFAULT_BOUND = 0.005  # half a percentage point per ending
FRACTION_LIMIT = 5_000
#: A bot's shares are fractions of floating-point weights (denominators up to 2**60 and more), so
#: its chain is solved in fractions only when it is small.
BOT_FRACTION_LIMIT = 600
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
    floor_plays: tuple[tuple[str, float], ...] | None = FLOOR_PLAYS,
    quick_first: bool = True,
    ceiling_plays: tuple[tuple[str, float], ...] | None = CEILING_PLAYS,
    sample: bool = True,
    seed: int = sampled.DEFAULT_SEED,
) -> dict[str, Any]:
    if policy not in POLICIES:
        raise BadRequest(f"unknown policy {policy!r} (policies: {', '.join(POLICIES)})")
    budget = whole = budget or Budget(max_states=max_states)
    if budget.since is not None and policy not in ("random",) + BOTS:
        # best and worst play share the budget out in seconds left: what setup spent is taken off
        budget = replace(budget, seconds=max(0.1, budget.seconds - (budget.clock() - budget.since)), since=None)
    head: dict[str, Any] = {"adventure": adventure.id, "character": _who(adventure, character), "policy": policy}
    if policy in BOTS:
        bot = PolicyExplorer(adventure, character, policy, budget=budget)
        graph = bot.explore(unexplored_mass, bound, progress)
        return {**head, **_figures(adventure, graph, bot, None, bound), **_costs(graph)}
    fixed = None
    keys = None
    # best play: fixed plays explored exactly first, the floor of the best play's chance of
    # victory; worst play: the mirror, a bot's play towards a loss, whose chance of another ending
    # the worst play reaches at least (so its chance of victory is a ceiling of the worst play's)
    plays = {"best": floor_plays, "worst": ceiling_plays}.get(policy)
    if plays:
        started = time.monotonic()
        # ...unless the search alone answers within a small share of the time: a small adventure
        # is solved in a second, where the bot's play can circle a hub for the whole floor share
        # (its memory of choices taken has no end: tests/playtest/broken/trapdoor.yaml took 38 s)
        if quick_first:
            quick = replace(budget, seconds=min(QUICK_SECONDS, budget.seconds * QUICK_SHARE))
            alone = analyze(adventure, character, policy, budget=quick, bound=bound, progress=progress,
                            floor_plays=None, ceiling_plays=None)
            if alone.get("method") == "exact" or alone.get("bound", 1.0) <= bound:
                return alone
            budget = replace(budget, seconds=max(0.1, budget.seconds - (time.monotonic() - started)))
        fixed = explore_floors(adventure, character, budget, bound, progress, plays, policy == "best")
        keys = fixed.keys
        budget = replace(budget, seconds=max(0.1, budget.seconds - (time.monotonic() - started)))
    deciding = policy == "random" and sample  # may fall back on sampled playthroughs (:mod:`.sampled`)
    explorer = (sampled.DecidingExplorer if deciding else Explorer)(adventure, character, budget=budget, policy=policy,
                                                                     keys=keys)
    if policy == "random":
        graph = explorer.explore(unexplored_mass, bound, progress)
        if deciding and sampled.wanted(graph, explorer, bound, budget):
            return {**head, **sampled.fall_back(adventure, character, graph, explorer, bound, seed, progress)}
        result = {**head, **_figures(adventure, graph, explorer, None, bound)}
    else:
        search = FocusedSearch(explorer, policy == "best", bound, progress, floor=fixed.by_key if fixed else None)
        graph = search.run()
        result = {**head, **_goal_result(adventure, graph, explorer, search, fixed, policy == "best", bound)}
    result.update(_costs(graph))
    if fixed is not None:
        result["seconds"] = round(result["seconds"] + sum({id(f.graph): f.graph.seconds for f in fixed.plays}.values()), 3)
        if str(result.get("stopped", "")).startswith("budget:") and "s of time" in result["stopped"]:
            names = " and ".join(f.bot.name for f in fixed.plays)
            side = ("floor" if policy == "best" else "ceiling") + ("s" if len(fixed.plays) > 1 else "")
            result["stopped"] = f"budget: {whole.seconds:g} s of time (a share of it on the {names} {side})"
    return result


def _goal_result(adventure: Adventure, graph: Graph, explorer: Explorer, search: FocusedSearch,
                 fixed: Floors | None, maximise: bool, bound: float) -> dict[str, Any]:
    """What best (``maximise``) or worst play's result says, two things kept apart so that no
    field contradicts another:

    * what is known of the best (worst) play's chance of its goal (``"goal"``: victory, or an
      ending other than victory): ``"goal_bounds"`` [low, high], ``"bound"`` their gap and
      ``"method"``: ``"exact"`` when the chance is known exactly (every state explored, or a
      fixed play known exactly to reach the goal every time), with ``"goal_exact"`` as a
      fraction when there is one; ``"stopped"``, ``"blowup"`` and ``"projection"`` say how
      the search went;
    * the endings, objectives, soft-locks and errors of *one* play that reaches the lower
      figure (an optimal play's ending mix is not unique): ``"play"`` names it (``"best"`` or
      ``"worst"``: the one the search found; else the floor's or ceiling's bot), with its own
      method, states, chance of the goal and ``"bound"`` (its unexplored mass), and
      ``"ranges"``, ``"unexplored_by_scene"`` and ``"exact"`` are that play's.
      ``"unreachable_endings"`` lists only the endings that play is known never to reach: all
      those it does not reach when its figures are whole, else those that neither the part it
      explored reaches nor any state left unexplored that it comes to can reach
      (:func:`_beyond_reach`); ``"unreachable_endings_of"`` says which graph that is
      (``{"play": NAME, "graph": "search" | "floor" | "ceiling", "states": N}``: the search's,
      or the floor's or ceiling's bot's own exploration)."""
    policy = "best" if maximise else "worst"
    complete = graph.complete
    if complete:
        chosen = best_policy(graph, maximise)
        figures = _figures(adventure, graph, explorer, chosen, bound)
        low = high = _goal_chance(adventure, figures["endings"], maximise)
    else:
        low, high, chosen = value_bounds(graph, maximise, search.floor_nodes)
        low = max(low, search.figures()[0])
        figures = _figures(adventure, graph, explorer, chosen, bound)
        if figures["bound"] == 0:  # the play found reaches nothing left unexplored: its figures are whole
            figures = _figures(adventure, graph, explorer, chosen, bound, complete=True)
    name = policy
    achieved = _goal_chance(adventure, figures["endings"], maximise)
    if fixed is not None:
        each = {id(f): _figures(adventure, f.graph, f.bot, None, bound) for f in fixed.plays}
        goals = {id(f): _goal_chance(adventure, each[id(f)]["endings"], maximise) for f in fixed.plays}
        told_play, bot_goal = told(fixed, lambda f: goals[id(f)])
        bot_figures = each[id(told_play)]
        low = max(low, bot_goal)  # some play reaches it: so does the best one
        if bot_goal > achieved and not complete:  # the bot's play reaches the goal more often: it is the play told
            figures, name, achieved = bot_figures, told_play.bot.name, bot_goal
    result: dict[str, Any] = {}
    if fixed is not None:
        side = "floor" if maximise else "ceiling"
        result[side] = _fixed_play(adventure, told_play, bot_figures, bot_goal, maximise)
        result[side + "s"] = [_fixed_play(adventure, f, each[id(f)], goals[id(f)], maximise) for f in fixed.plays]
    result["goal"] = "victory" if maximise else "an ending other than victory"
    known = _goal_fraction(adventure, figures.get("exact"), maximise)
    if not complete and known == 1 and figures["method"] == "exact":
        low = high = 1.0  # a play known exactly to reach the goal every time: nothing reaches it more often
    exact = complete or (known == 1 and figures["method"] == "exact")
    low, high = min(low, high), high
    result["method"] = "exact" if exact else "bounded"
    result["goal_bounds"] = [round(low, 6), round(high, 6)]
    if exact and known is not None:
        result["goal_exact"] = _exact(known)
    result["bound"] = 0.0 if exact else round(high - low, 6)
    result["states"] = len(graph.nodes)
    if complete:
        result["arithmetic"] = figures["arithmetic"]
    else:
        result["stopped"] = graph.stopped or "parts of some steps were left unexplored"
        if not exact:
            result["blowup"] = [{"variable": k, "values": n} for k, n in graph.blowup]
            heading = explorer.projection()
            if heading is not None and result["bound"] > bound:  # an estimate of the time the bound needs
                result["projection"] = {"seconds_to_bound": None if heading.to_bound is None else round(heading.to_bound, 1)}
    notes = list(graph.approximations) + [n for n in figures.get("notes", []) if n not in graph.approximations]
    if notes:
        result["notes"] = notes
    result["play"] = {"name": name, "method": figures["method"], "states": figures["states"],
                      "goal": round(achieved, 6), "bound": figures.get("bound", 0.0),
                      **({"arithmetic": figures["arithmetic"]} if "arithmetic" in figures else {})}
    result.update({k: v for k, v in figures.items() if k in PLAY_PARTS})
    result["unreachable_endings"] = figures["unreachable_endings"]
    # the graph the list is about: the search's (best or worst play) or the told bot's own exploration
    result["unreachable_endings_of"] = {"play": name, "graph": "search" if name == policy else "floor" if maximise
                                        else "ceiling", "states": figures["states"]}
    return result


def _fixed_play(adventure: Adventure, fixed: Floor, figures: dict[str, Any], goal: float,
                maximise: bool) -> dict[str, Any]:
    """The floor's (best play) or ceiling's (worst play) bot: its chance of victory and of the
    goal in the part explored, method, bound and states. For the ceiling, ``"victory_at_most"``:
    the worst play reaches another ending at least as often as this play, so it wins at most
    one minus that."""
    bot, graph = fixed.bot, fixed.graph
    victory = _goal_chance(adventure, figures["endings"], True)
    found = {"play": bot.name, "victory": round(victory, 6), "goal": round(goal, 6), "method": figures["method"],
             **({"bound": figures["bound"]} if "bound" in figures else {}),
             "states": figures["states"], "seconds": round(graph.seconds, 3)}
    if not maximise:
        found["victory_at_most"] = round(1 - goal, 6)
    return found


def _goal_chance(adventure: Adventure, endings: dict[str, float], maximise: bool) -> float:
    """The chance of the goal (victory, or for the worst play any other ending) in ``endings``."""
    return sum(p for e, p in endings.items() if (_outcome(adventure, e) == "victory") == maximise)


def _goal_fraction(adventure: Adventure, exact: dict[str, str] | None, maximise: bool) -> Fraction | None:
    """The same chance as a fraction, from a result's exact figures (None: there are none)."""
    if exact is None:
        return None
    return sum((Fraction(p) for e, p in exact.items() if (_outcome(adventure, e) == "victory") == maximise),
               Fraction(0))


def _outcome(adventure: Adventure, ending: str) -> str | None:
    return getattr(adventure.scenes[ending].ending, "outcome", None)


#: What a best or worst play's result says of the one play it tells (the rest says what is known
#: of the best play's chance and how the search went).
PLAY_PARTS = frozenset({"endings", "exact", "objectives", "objectives_exact", "stuck", "errors", "ranges",
                        "objectives_ranges", "unexplored_by_scene"})


def _costs(graph: Graph) -> dict[str, Any]:
    return {"seconds": round(graph.seconds, 3), "peak_mb": round(graph.peak_mb, 1)}


def _figures(adventure: Adventure, graph: Graph, explorer: Explorer, chosen: dict[int, int] | None,
             bound: float, complete: bool | None = None) -> dict[str, Any]:
    """What the play ``chosen`` (None: the graph's own, a random player's or a bot's) reaches on
    ``graph``: method, states, endings, objectives, stuck states, errors, and for a graph not
    complete the unexplored mass as the bound, with where it lies and why exploration stopped.
    ``complete``: whether to count the play's figures as whole (default: the graph's; a play that
    reaches no state left unexplored is known exactly on a graph that is not complete)."""
    complete = graph.complete if complete is None else complete
    fixed = not graph.shares or all(len(q) <= 1 for q in graph.shares.values())  # no shares of floats
    exact = complete and len(graph.nodes) <= (FRACTION_LIMIT if fixed else BOT_FRACTION_LIMIT)
    result: dict[str, Any] = {"method": "exact" if complete else "bounded", "states": len(graph.nodes)}
    if complete:
        result["arithmetic"] = "fractions" if exact else "floating point"
    found = summarise(absorption(graph, chosen, exact=exact), adventure.endings, adventure.objectives)
    endings, objectives = found["endings"], found["objectives"]
    if not complete:
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
    if not complete:
        result["ranges"] = _ranges(result["endings"], result["bound"])
        result["objectives_ranges"] = _ranges(result["objectives"], result["bound"])
    unreached = [k for k, v in endings.items() if v == 0]
    result["unreachable_endings"] = unreached if complete else _beyond_reach(graph, explorer, unreached, chosen)
    return result


def _beyond_reach(graph: Graph, explorer: Explorer, endings: list[str],
                  chosen: dict[int, int] | None = None) -> list[str]:
    """Of ``endings`` (not reached in the part explored), those no state left unexplored that
    the play ``chosen`` (None: the graph's own) can come to can reach either: for a state met
    but not expanded, the scenes its region holds (where it can still go over the ways still
    open, with the hooks and clocks that can still fire: :mod:`solo.analyze.reachable`, a sound
    over-estimate); for the rest of a step left unexplored, every scene the scene graph leads to
    from its scene (any scene when it has none). So an ending listed is never reached by that
    play, whatever the unexplored part holds and whatever it chooses there."""
    left = set(endings)
    keys = explorer.keys
    for n in _played(graph, chosen):
        node = graph.nodes[n]
        if not left:
            break
        if node.kind in ("frontier", "decision") and node.state is not None:
            left -= keys.region(node.state).scenes
        elif node.kind == "unexplored":
            if node.scene is None:
                return []
            left -= keys.static_region(node.scene).scenes
    return [e for e in endings if e in left]


def _played(graph: Graph, chosen: dict[int, int] | None) -> list[int]:
    """The nodes of ``graph`` the play ``chosen`` (None: the graph's own) comes to with a chance
    above 0, from the start (a bot's option it never takes, or an option the best play passes
    over, leads nowhere)."""
    weights = choice_weights(graph, chosen, exact=False)
    seen = {t for t, p in graph.start if p > 0}
    todo = list(seen)
    while todo:
        for share, dist in weights[todo.pop()]:
            if share > 0:
                for t, p in dist:
                    if p > 0 and t not in seen:
                        seen.add(t)
                        todo.append(t)
    return sorted(seen)


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
