"""A playtest bot's play, exactly: ``solo analyze --policy careful`` (or any bot that can be weighed).

A bot (:mod:`solo.playtest.policies`) picks among a decision's options with weights that
:meth:`~solo.playtest.policies.Policy.weigh` gives, and draws one with its seeded generator. Here
the explorer (:class:`~solo.analyze.explore.Explorer`, the real engine with scripted dice) takes,
at each decision state, only the options the bot can pick, each with its exact probability
(its weight over the sum, as fractions of the floating-point weights the bot draws with), and
the graph remembers those shares (:attr:`~solo.analyze.explore.Graph.shares`), so the solver
follows the bot's play instead of a random player's. A bot that always picks one option
(``careful-top``) branches only on the dice.

**Memory.** The careful and explorer bots keep something across a run: how often each scene
choice was taken (a choice taken before weighs less, so the bot leaves a loop), and for the
explorer bot which scenes were seen. What a bot picks then depends on more than the game's
state, so a state here is the game's key (:class:`~solo.analyze.explore.KeyMaker`) *and* the
bot's memory (:meth:`~solo.playtest.policies.Policy.memory`) as far as its later picks can read
it: the counts of the scenes the game can still come to (a count is read only when its scene
offers its choices again). Two runs in the same game state with different counts are two states.
The memory is the last element of a key here; without it, the key is the one the plain explorer
gives the same state, when the two share their :class:`KeyMaker`.

**A floor for the best play.** The bot's play is one play; the best play wins at least as often
from every state (a decision process's optimal value bounds every strategy's, history-dependent
ones included, and the key is the game's whole future). :func:`floor_by_key` gives, per game
key, the largest chance of victory the bot reaches from it, counting what was not explored as
no victory (so it is a lower bound even when the bot's graph is bounded), and ``--policy best``
starts its lower values there (:mod:`solo.analyze.focused`). A bot's weights read only what the
key keeps (the character's skills for a check's odds, the adventure's facts) and its memory: the
weights of a state are those of the first game found with its key. Were a bot to read more, the
play explored would still be a play (a function of what the key and memory hold), so the floor
would stay sound; only its agreement with the sampled bot would suffer, which
tests/analyze/test_policy_play.py and bench/policy_floor.py ``--runs`` check.

**Dice owed through a conflict's decisions.** Where a ruleset keeps dice owed (drawn when a step
first reads the pool they go into: :mod:`.owed`), a conflict's decision reads the pool only to
see which actions it can offer, and the ruleset marks those reads when more dice never take an
action away (:mod:`solo.rules.offer_reads`). Here they read the values drawn so far: every
action offered on them is on offer whatever the owed dice show, under the same key, so the bot's
pick is legal in every game with that state's key and the play explored is a play of the real
game, a function of the key (a floor, as above). For ``careful-top`` it is the sampled bot's own
pick whenever the actions the owed dice could add (a spark, Help, a knack) weigh no more than
the one picked and come after it, as they do (they weigh 1 and follow the checks, and "No Help"
comes first). A step that spends from the pool still draws the owed dice first. So the states
of blessed-harvest's vestry hold how many blessing dice are owed, not the 661 pools they make.
"""

from __future__ import annotations

import copy
import itertools
import random
from fractions import Fraction
from typing import Any

from solo.adventure.model import Adventure
from solo.analyze.explore import Budget, Explorer, Graph, KeyMaker
from solo.engine.state import GameState
from solo.playtest.policies import POLICIES, Policy, make_policy
from solo.rules.base import Character

#: The bots ``solo analyze --policy NAME`` can play: every playtest bot but ``random``, which
#: the analyzer plays already (every option equally likely).
BOTS = tuple(name for name in POLICIES if name != "random")


class PolicyExplorer(Explorer):
    """The explorer, taking at each decision only what the bot ``name`` picks (see the module)."""

    def __init__(self, adventure: Adventure, character: Character | None, name: str,
                 budget: Budget | None = None, keys: KeyMaker | None = None, same_as: str | None = None) -> None:
        super().__init__(adventure, character, budget=budget, policy="random", keys=keys)
        self.bot: Policy = make_policy(name, random.Random(0))  # it only weighs here; never draws
        # a conflict's offers read the values drawn so far where dice are owed (module docstring)
        self.game.owed.offer_reads = True
        self.name = name
        #: Per node expanded, the probability of each option kept (the graph's ``shares``).
        self.shares: dict[int, list[Fraction]] = {}
        #: The states in which the bot kept a choice off that careful-top would weigh (the
        #: bot's ``spared`` count grew while weighing there; 0 for a bot that never does).
        self.spared = 0
        #: ``same_as``: another bot whose pick is weighed too where this one kept a choice off;
        #: ``departed`` counts the states where the two picked differently. While it is 0 the
        #: play explored is that bot's as well (the two pick alike wherever this one keeps
        #: nothing off: its weights are then the careful bot's, as the other's are).
        self.other: Policy | None = None if same_as is None else make_policy(same_as, random.Random(0))
        self.departed = 0

    def state_key(self, state: GameState) -> tuple:
        key = self.keys.key(state)
        if state.ending is None and self.bot.keeps_memory:
            key += (self.keys.share(self.bot.memory(state, self.keys.last_scenes)),)
        return key

    def memory(self, n: int) -> Any:
        """The bot's memory in node ``n`` (the last part of its key)."""
        return self.nodes[n].key[-1] if self.bot.keeps_memory else ()

    def expand(self, n: int) -> None:
        """The options the bot can pick in node ``n``, each taken once, with their shares."""
        state, offered = self._open(n)
        if offered is None:
            return
        node = self.nodes[n]
        here = self.memory(n)
        self.bot.recall(here)
        before = getattr(self.bot, "spared", 0)
        keys, weights = self.bot.weigh(self.game)
        spared = getattr(self.bot, "spared", 0) > before
        self.spared += spared
        if spared and self.other is not None:
            self.other.recall(here)
            self.departed += self.other.weigh(self.game) != (keys, weights)
        exact = [Fraction(1)] * len(keys) if weights is None else [Fraction(w) for w in weights]
        total = sum(exact, Fraction(0))
        picks = []
        for key, weight in zip(keys, exact):  # the bot after each pick, before any step moves the game
            if weight:
                self.bot.recall(here)
                self.bot.remember(self.game, key)
                picks.append((key, weight / total, _twin(self.bot)))
        kept: list[Fraction] = []
        for key, share, after in picks:
            self.bot = after  # the states the step reaches carry its memory (:meth:`state_key`)
            dist = self._step(state, lambda game, k=key: game.choose(k), n, key, offered)
            node.options.append((key, dist))
            kept.append(share)
        self.shares[n] = kept

    def become(self, name: str) -> None:
        """Play on as the bot ``name`` (its play so far was this one's: :attr:`departed` 0),
        keeping the states, the heap and the key maker, so :meth:`resume` goes on with its play."""
        assert self.other is not None and self.other.name == name and not self.departed
        self.bot, self.name, self.other = make_policy(name, random.Random(0)), name, None

    def option_shares(self, n: int) -> list[float]:
        return [float(q) for q in self.shares.get(n, [])]

    def _graph(self, start, finished: bool, final: bool = True) -> Graph:
        graph = super()._graph(start, finished, final)
        graph.shares = self.shares
        return graph


_PLAIN = frozenset({str, int, float, bool, type(None)})


def _twin(bot: Policy) -> Policy:
    """The bot as ``copy.deepcopy`` copies it with its generator shared, made cheaper: a dict,
    list or set of plain values (the careful bots' counts of choices taken) is copied in one
    call instead of value by value, anything else deep-copied as before (with one memo, so
    what two attributes share stays shared)."""
    memo: dict[int, Any] = {id(bot.rng): bot.rng}
    twin = copy.copy(bot)
    for name, value in vars(bot).items():
        if id(value) in memo:
            found = memo[id(value)]
        elif type(value) in (dict, list, set) and all(
                type(v) in _PLAIN for v in (itertools.chain(value.keys(), value.values()) if type(value) is dict else value)):
            found = memo[id(value)] = copy.copy(value)
        else:
            found = copy.deepcopy(value, memo)
        setattr(twin, name, found)
    return twin


def floor_by_key(explorer: PolicyExplorer, graph: Graph, maximise_victory: bool = True,
                 values: list[float] | None = None) -> dict[tuple, float]:
    """Per game key (the memory left out), the largest chance of victory the bot's play reaches
    from a state with that key, by the graph explored (what it did not explore counts as no
    victory): a lower bound of the best play's chance from that state. With ``maximise_victory``
    false, the chance of an ending other than victory: a lower bound of the worst play's (the
    ceiling ``--policy worst`` starts from, a bot playing towards a loss). ``values``: the
    graph's :func:`~solo.analyze.solve.play_values` for the same goal, when already worked out."""
    from solo.analyze.solve import play_values

    values = play_values(graph, maximise_victory) if values is None else values
    found: dict[tuple, float] = {}
    strip = explorer.bot.keeps_memory
    for n, node in enumerate(graph.nodes):
        if node.kind not in ("decision", "frontier") or values[n] <= 0:
            continue
        key = node.key[:-1] if strip else node.key
        if values[n] > found.get(key, 0.0):
            found[key] = values[n]
    return found
