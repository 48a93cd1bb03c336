"""The floors ``solo analyze --policy best`` starts from: several fixed plays, each explored exactly.

Any play's chance of victory is a lower bound on the best play's (:mod:`.policy_play`), from the
start and from every state it passes through. So more than one play can be tried, and per state
key the higher of their chances is still a lower bound: :func:`explore_floors` explores each play
of :data:`FLOOR_PLAYS` in turn on one :class:`~solo.analyze.explore.KeyMaker` (the one the search
then keys its states with), each within its own share of the time, and merges what they give.

Which play is cheap to explore differs by adventure and character. ``careful-top`` is the careful
bot's own pick; ``careful-thrifty`` (:class:`~solo.playtest.policies.CarefulThriftyPolicy`) is the
same bot kept off rolls that spend something and off conflicts it can walk round: on
blessed-harvest Bram's careful-top pays a spark at Lark Lane, which draws every blessing die owed
(0% proven in 120 s), where the thrifty play is exact in under 4,000 states and wins every time.
The thrifty play goes first with a small share; careful-top then has its own share of the budget
(:data:`FLOOR_SHARE`) counted from its own start, as it had alone, so a play the thrifty one does
not help costs careful-top's floor nothing (the thrifty play's time comes out of the search's,
which on the bundled adventures seldom raises a lower figure above the floor). Two plays are
skipped outright: a play that wins from the start within the bound of every time ends the floors
there (Bram's thrifty play wins every time: careful-top is not explored), and a thrifty play
explored completely that never kept a choice off is careful-top's play itself (:data:`SAME_PLAY`),
so careful-top is not explored again (it is listed
with the thrifty play's graph).

``--policy worst`` explores :data:`CEILING_PLAYS` the same way, with ``maximise_victory`` false:
``soonest-loss`` first (a play towards the nearest loss, whose runs are short), then
``careful-bottom``. Each tuple's shares add up to less than the whole budget (the search keeps
the rest).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import Any, Callable

from solo.adventure.model import Adventure
from solo.analyze import collector
from solo.analyze.explore import Budget, Graph, KeyMaker, Progress
from solo.analyze.policy_play import PolicyExplorer, floor_by_key
from solo.analyze.solve import play_values, unexplored_mass
from solo.rules.base import Character

#: The floors' share of the time budget (what they leave goes to the search). On the bundled
#: adventures the search has not yet raised the lower figure above the floor within 120 s
#: (bench/policy_floor.py), so the floors get most of the time; a floor that meets its bound early
#: hands the rest on.
FLOOR_SHARE = 0.6
#: The plays tried as floors, in the order they are explored, each with the share of the time
#: budget it may spend, counted from its own start: the thrifty play first (a fifth of the time:
#: blessed-harvest's Wren is within the bound in about 10 s of CPU), then careful-top with
#: :data:`FLOOR_SHARE`, as before there was a second floor (so the floors may take 0.8 of the time).
FLOOR_PLAYS: tuple[tuple[str, float], ...] = (("careful-thrifty", 0.2), ("careful-top", FLOOR_SHARE))
#: A play that may be another play of the floors: its explorer weighs the other's pick too
#: wherever it keeps a choice off, and while the two never picked differently (its
#: ``departed`` is 0; on supply-ship and lantern-fen they never do) its graph is the other's
#: play: explored completely, the other is listed with it and not explored again; stopped by its
#: budget, the other goes on from where it stopped instead of starting over, so careful-top's
#: exploration has the thrifty play's time as well as its own share.
SAME_PLAY: dict[str, str] = {"careful-thrifty": "careful-top"}
#: The plays ``--policy worst`` starts its ceiling from, the same way (any play's chance of an
#: ending other than victory is one the worst play reaches at least): ``soonest-loss`` first, the
#: option nearest a loss by the scene graph, whose runs are short (sampled, it won none of 300
#: runs on supply-ship and on blessed-harvest, where careful-bottom's long play reached no ending
#: in 18-32k states), then ``careful-bottom``, the careful bot's lightest option every time, with the
#: rest of the floors' 0.8. soonest-loss has 45% of the time: at a fifth, supply-ship's manager and
#: medic ran out inside it (worst play at most 5.8% and 7.3%); at 45%, 0.14% and 1.5% (worst12b,
#: load 4.6-5.0), while careful-bottom's share never reached an ending there.
CEILING_PLAYS: tuple[tuple[str, float], ...] = (("soonest-loss", 0.45), ("careful-bottom", 0.35))
#: Among floors that win equally often, the one named in the result (the careful bot's own pick).
PREFERRED = "careful-top"


@dataclass
class Floor:
    """One play explored as a floor: its explorer and graph."""

    bot: PolicyExplorer
    graph: Graph


@dataclass
class Floors:
    """The plays explored, their merged floor per game key, and the key maker they share."""

    plays: list[Floor]
    by_key: dict[tuple, float]
    keys: KeyMaker


@collector.held  # one hold for every play: the plays' graphs are not walked again between them
def explore_floors(adventure: Adventure, character: Character | None, budget: Budget, bound: float,
                   progress: Callable[[Progress], None] | None = None,
                   plays: tuple[tuple[str, float], ...] = FLOOR_PLAYS, maximise_victory: bool = True) -> Floors:
    """Explore each play of ``plays`` within its share of ``budget``'s seconds (counted from the
    play's own start; a play :data:`SAME_PLAY` says was explored already is skipped); per game
    key, the higher chance of victory of any (``maximise_victory`` false: of an ending other than
    victory, the worst play's ceilings)."""
    found: list[Floor] = []
    merged: dict[tuple, float] = {}
    keys: KeyMaker | None = None
    proven = False
    done: set[str] = set()
    going_on: dict[str, Floor] = {}  # per play, the floor of another whose play so far was its own
    for name, share in plays:
        if proven:
            break  # the best play is known within the bound already: no later play can say more
        if name in done:
            continue
        own = replace(budget, seconds=max(0.1, budget.seconds * share))
        if name in going_on:
            # the play before was this one on every state it explored: go on from there, as
            # this play (the earlier floor's graph is the start of this one's, so it is not kept)
            earlier = going_on.pop(name)
            found.remove(earlier)
            bot = earlier.bot
            bot.become(name)
            graph = bot.resume(own, unexplored_mass, bound, progress)
        else:
            bot = PolicyExplorer(adventure, character, name, budget=own, keys=keys, same_as=SAME_PLAY.get(name))
            graph = bot.explore(unexplored_mass, bound, progress)
        keys = bot.keys
        found.append(Floor(bot, graph))
        if name in SAME_PLAY and not bot.departed and (graph.complete or graph.stopped.startswith("bound:")):
            # its graph is the other play's (whose walk would stop at the same look): that play
            # is a floor too (named as itself, so the preferred name is told among equals),
            # sharing the graph, not explored again
            twin = copy.copy(bot)
            twin.name = SAME_PLAY[name]
            done.add(twin.name)
            found.append(Floor(twin, graph))
        elif name in SAME_PLAY and not bot.departed:
            going_on[SAME_PLAY[name]] = found[-1]
        values = play_values(graph, maximise_victory)  # one solve for both uses
        proven = sum(float(p) * values[n] for n, p in graph.start) >= 1.0 - bound
        for key, value in floor_by_key(bot, graph, maximise_victory, values).items():
            if value > merged.get(key, 0.0):
                merged[key] = value
    assert keys is not None, "no play to explore"
    return Floors(found, merged, keys)


def told(floors: Floors, victory: Callable[[Floor], float]) -> tuple[Floor, float]:
    """The floor whose play wins most often (:data:`PREFERRED` among equals) and its chance."""
    best = max(floors.plays, key=lambda f: (round(victory(f), 12), f.bot.name == PREFERRED))
    return best, victory(best)

