"""How the playtest bot decides: the policies for choices, and one way of playing the dice.

Every policy draws from the run's own seeded ``random.Random`` so a run is reproducible. They
differ only in how they weigh the enabled options of a scene (the pregenerated character, when
none is given, is always drawn uniformly):

``random``
    every enabled choice equally likely: the typical reader who does not think ahead.
``cautious``
    a choice without a roll weighs 1, a choice with a roll weighs its exact chance of success:
    risky rolls are avoided in proportion to their risk.
``greedy``
    a choice that gives an item, completes an objective or awards something (in its effects or
    in one of its outcome branches) weighs 4, any other 1: the player who grabs every reward.
``explorer``
    a choice weighs ``1 / (1 + times taken in this run)``, doubled when it leads straight to a
    scene not yet seen: the player who tries everything once.
``careful``
    a careful player: a roll weighs its chance of success (squared when failing it leads
    straight to a defeat; halfway to 1 when it goes on to the same scene however it falls), a
    reward or objective weighs 3 (so does a roll whose success goes into a scene where a choice
    rewards: the lock before the drawer; a move, or a roll's success, into a scene whose every
    choice rewards; and a move with no roll into a scene where a reward with no roll is open
    now), a move setting a flag that closes a rewarding choice open now weighs 1/3, a victory
    ending 20, a mixed ending 1/5 (settling for half while the story offers more is a last
    resort), a defeat ending 1/20 (a move into a scene whose every choice is an ending weighs as
    the ending its own gifts and flags leave there, when they settle one), a choice that walks
    straight into a fight 1/3 (it fights when it must), a plain move back the way it came 1/2
    where a roll would move the story on (a roll better than even is tried before turning
    back), and a choice already taken in this run ``1 / (1 + times)²``, so it does not circle
    in a loop it has met;
    in a fight it attacks (3) rather than flees or yields (1/10), but leaves as readily as it
    attacks where the fight's ``fled`` branch costs nothing its ``won`` branch does not (the
    adventure's way out with the prize). With ``random``, it brackets what people do;
    ``solo analyze --policy best`` is the ceiling.
``careful-top``
    the careful bot's heaviest option every time (the first offered among equals): a fixed
    play that branches only on the dice, whose exact odds ``solo analyze --policy careful-top``
    computes and which ``--policy best`` starts its floor from.
``careful-thrifty``
    careful-top, but never a scene choice whose roll spends something of the character's (the
    ruleset's ``SaysCheckCosts`` words: a Humanity, Blessed spark) nor a move into a conflict,
    while a choice that does neither is on offer: a second fixed play and floor, often far
    cheaper to explore exactly (:mod:`solo.analyze.floors`).
``careful-bottom``
    the careful bot's weights read the other way: its lightest option every time (the first
    offered among equals), a choice taken before still weighing less the more often it was
    taken (turned round, the careful bot's penalty for circling would draw it back for ever):
    never a conflict menu's way back or on (which does nothing): the fixed play ``--policy
    worst`` starts its ceiling from (any play's chance of victory is at least the worst play's).
``soonest-loss``
    the option nearest an ending other than victory by the adventure's scene graph (moves over
    choices', outcomes' and conflict results' gotos, conditions ignored for the distance only;
    a choice taken before counts one step further per time taken, so a loop is left), careful-bottom's
    pick among the nearest: a second ceiling of the worst play, one that loses quickly and so is
    cheap to explore exactly.

A bot's weights come from :meth:`Policy.weigh`, which ``solo analyze --policy NAME`` reads too
(:mod:`solo.analyze.policy_play`). The explorer and careful bots keep a memory across a run (how
often each scene choice was taken; the explorer bot also reads which scenes were seen): the
analyzer keeps it in a state's key as :meth:`Policy.memory` gives it, as far as the scenes the
game can still come to read it.

The dice are played the same way by every policy: the way the exact odds assume (see
:func:`dice_decision`), so that sampled runs and ``solo analyze`` describe the same game. The bot
always rolls rather than taking an alternative (voluntary failure, automatic History success).
"""

from __future__ import annotations

import math
import random
import re
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from solo.adventure.format.branches import FAILURE, SUCCESS
from solo.adventure.format.effects import EFFECTS, walk
from solo.adventure.odds import success_chance
from solo.adventure.scene_graph import Way, scene_graph, way_destinations
from solo.engine.game import ALTERNATIVE, CHOICE_ID, KEEP, ROLL
from solo.errors import BadRequest
from solo.rules.base import PlaysOddsOffers, PlaytestHints, SaysCheckCosts, hook

if TYPE_CHECKING:
    from solo.adventure.model import Choice
    from solo.engine.events import ChoicesOffered
    from solo.engine.game import Game
    from solo.rules.base import Offer



def odds_play(ruleset: object) -> tuple[str, ...]:
    """The offers a system's exact odds take, in the order they are preferred (the ruleset's
    ``odds_play`` hint); a roll whose offers include none of them is kept. A system that gives
    none has odds of the roll as it falls (no rerolls, no blessing dice, no second attempts)."""
    hints = hook(ruleset, PlaytestHints)
    return tuple(hints.odds_play) if hints is not None else ()


def plays_odds_offers(ruleset: object) -> bool:
    """Whether the play of a system's exact odds takes any of a roll's offers (else: keep)."""
    return bool(odds_play(ruleset)) or hook(ruleset, PlaysOddsOffers) is not None


def odds_offer(ruleset: object, record: Any, offered: "Sequence[Offer]") -> str | None:
    """The key of the offer the play of the exact odds takes next on a roll, or None to keep it:
    the system's own pick where it makes one (:class:`~solo.rules.base.PlaysOddsOffers`), else
    the first of its :func:`odds_play` names an offer on the roll has. The one definition the
    bots (:func:`dice_decision`, the fast runtime) and the analyzer's representative rolls
    (:func:`solo.analyze.outcomes.play_roll`) play a roll by. A greyed offer is never taken."""
    enabled = {offer.key for offer in offered if not offer.disabled and not offer.typed}
    plays = hook(ruleset, PlaysOddsOffers)
    if plays is not None:
        key = plays.odds_offer(record, offered)
        return key if key in enabled else None
    return next((name for name in odds_play(ruleset) if name in enabled), None)

REWARD_EFFECTS = frozenset(effect.name for effect in EFFECTS if effect.rewards)
GREEDY_WEIGHT = 4.0
NAMES = ("random", "cautious", "greedy", "explorer", "careful", "careful-top", "careful-thrifty",
         "careful-bottom", "soonest-loss")
#: How the careful bot weighs a conflict's options, by the first word of their id.
FIGHT_WEIGHTS: Mapping[str, float] = {
    "attack": 3.0, "finish": 3.0, "aim": 2.0, "wound": 2.0, "subdue": 2.0,
    "flee": 0.1, "yield": 0.1, "surrender": 0.1, "retreat": 0.1, "leave": 0.1,
}
CAREFUL_REWARD, CAREFUL_VICTORY, CAREFUL_MIXED, CAREFUL_FIGHT = 3.0, 20.0, 0.2, 1 / 3
#: How the careful bot weighs a plain move back the way it came (:meth:`CarefulPolicy._retreat`).
CAREFUL_RETREAT = 0.5
#: Effects a move into a fork may have besides giving, taking and setting, none of which changes
#: what a fork's conditions read (:meth:`CarefulPolicy._forked`).
FORK_READS = frozenset({"text", "award", "tick"})
#: The first words of the ids of a conflict's options that only move between its menus (the
#: careful-bottom bot never picks them: :class:`CarefulBottomPolicy`).
MENU_WORDS = frozenset({"back", "more"})
#: The first words of the ids of the options that leave a fight (the ``fled`` result).
LEAVING = frozenset({"flee", "leave"})
#: The first words of the ids of the options that give a fight up (the soonest-loss bot reads them
#: as its ``yielded`` or ``surrendered`` result).
YIELDING = frozenset({"yield", "surrender"})
#: How much further the soonest-loss bot counts a scene choice for each time it took it before: a
#: quarter of a move, so a loop that leads on (supply-ship's creature has to get away three times
#: before it reaches the compressors) is gone round a few times, and one that does not is left.
LOSS_REPEAT = 0.25


def dice_decision(game: "Game", offered: "ChoicesOffered") -> str:
    """The key for a ``check`` (roll) or ``roll`` (offers on a roll) decision, as the odds play."""
    by_id = {option.id: option.key for option in offered.options if option.enabled and option.key}
    if offered.kind == "check":
        return by_id.get(ROLL) or offered.enabled_keys()[0]
    pending = game.state.pending
    if pending is not None and pending.kind == "roll" and plays_odds_offers(game.ruleset):
        record, offers = game._pending_roll(pending.data)
        wanted = odds_offer(game.ruleset, record, offers)
        if wanted is not None and wanted in by_id:
            return by_id[wanted]
    return by_id.get(KEEP) or offered.enabled_keys()[0]


def playable_keys(offered: "ChoicesOffered") -> list[str]:
    """The keys the bot picks among: every enabled option, but never an alternative to rolling
    offered beside a scene choice (``1a``, GUTS+ failing on purpose)."""
    return [o.key for o in offered.options if o.enabled and o.key is not None and ALTERNATIVE not in o.id]


def _rewarding(effects: Any) -> bool:
    """Whether any effect, nested ones included (as the format nests them), gives something."""
    return any(name in REWARD_EFFECTS for name, _ in walk(effects))


def is_rewarding(choice: "Choice") -> bool:
    """Whether a choice can give an item, complete an objective or award something."""
    if _rewarding(choice.effects):
        return True
    if choice.check is not None:
        return any(_rewarding(branch.effects) for branch in choice.check.outcomes.values())
    return False


class _AdventureFacts:
    """What the careful bot reads of an adventure alone, worked out once per adventure rather than
    at every pick of every run: which choices reward (by the choice object, which the adventure
    keeps alive, so its ``id`` is not reused) and which outcome a move to a scene settles."""

    def __init__(self, adventure: object) -> None:
        self.adventure = adventure
        self.endings: dict[str | None, str | None] = {}
        self._rewarding: dict[int, bool] = {}
        self._forks: dict[str | None, tuple[tuple[str | None, str], ...] | None] = {}
        self._ways_in: dict[tuple[str, str], tuple[str, ...]] = {}
        self._opens: dict[int, bool] = {}
        self._guarded: dict[str, tuple[str, ...]] | None = None
        self._sure: dict[int, bool] = {}
        self._loss: dict[str, float] | None = None

    def ways_in(self, origin: str, here: str) -> tuple[str, ...]:
        """The marks (``scene#option``, as the careful bot counts its picks) of the choices of
        ``origin`` that lead to ``here``: their ``goto`` or that of one of their check's branches."""
        found = self._ways_in.get((origin, here))
        if found is None:
            scene = self.adventure.scenes.get(origin)  # type: ignore[attr-defined]
            marks = []
            for index, choice in enumerate(scene.choices if scene is not None else ()):
                targets = {choice.goto}
                if choice.check is not None:
                    targets |= {branch.goto for branch in choice.check.outcomes.values()}
                if here in targets:
                    marks.append(f"{origin}#{CHOICE_ID}{index}")
            found = self._ways_in[(origin, here)] = tuple(marks)
        return found

    def guards_naming(self, flag: str) -> tuple[str, ...]:
        """The guards (``if:``) of the adventure's rewarding choices that name ``flag``: what a
        move setting it may close (:meth:`CarefulPolicy._closes`)."""
        if self._guarded is None:
            found: dict[str, list[str]] = {}
            scenes = self.adventure.scenes  # type: ignore[attr-defined]
            flags = self.adventure.flags  # type: ignore[attr-defined]
            for scene in scenes.values():
                for choice in scene.choices:
                    if choice.condition is None or not self.rewarding(choice):
                        continue
                    for name in flags:
                        if re.search(rf"\b{re.escape(name)}\b", choice.condition):
                            found.setdefault(name, []).append(choice.condition)
            self._guarded = {name: tuple(dict.fromkeys(conditions)) for name, conditions in found.items()}
        return self._guarded.get(flag, ())

    def fork(self, scene_id: str | None) -> tuple[tuple[str | None, str], ...] | None:
        """(condition, outcome) per choice of a scene whose every choice goes straight to an
        ending, no roll and no fight between (blessed-harvest's supper barn, where what the player
        carries in picks the ending), or None for any other scene."""
        if scene_id not in self._forks:
            self._forks[scene_id] = self._fork(scene_id)
        return self._forks[scene_id]

    def _fork(self, scene_id: str | None) -> tuple[tuple[str | None, str], ...] | None:
        scenes = self.adventure.scenes  # type: ignore[attr-defined]
        scene = scenes.get(scene_id or "")
        if scene is None or scene.conflict is not None or scene.on_enter or not scene.choices:
            return None
        found = []
        for choice in scene.choices:
            target = scenes.get(choice.goto or "")
            if choice.check is not None or choice.effects or target is None or target.ending is None:
                return None
            found.append((choice.condition, target.ending.outcome))
        return tuple(found)

    def rewarding(self, choice: "Choice") -> bool:
        """Whether ``choice`` can reward (:func:`is_rewarding`), or moves (with no roll, or on its
        roll's success) into a scene whose every choice rewards, so that a reward is next
        whatever is picked there (goblin-market's fiddle: Tam's shadow dances off its hook, and
        every way of catching it gives it back)."""
        found = self._rewarding.get(id(choice))
        if found is None:
            found = self._rewarding[id(choice)] = is_rewarding(choice) or self.reward_next(
                choice, None, "success", is_rewarding, every=True)
        return found

    def opens_reward(self, choice: "Choice", here: str | None) -> bool:
        """Whether ``choice`` is a roll whose success (a branch other than failure) goes to another
        scene, no fight, where some choice rewards (the study's lock, into the drawer whose
        bundles a machinist can tell apart): the roll is the first half of getting the prize."""
        if choice.check is None:
            return False
        found = self._opens.get(id(choice))
        if found is None:
            found = self._opens[id(choice)] = self.reward_next(choice, here, "won", self.rewarding)
        return found

    def reward_next(self, choice: "Choice", here: str | None, way: str, rewards: Callable[["Choice"], bool],
                    *, every: bool = False) -> bool:
        """Whether a scene ``choice`` leads into, no fight and with choices, has some choice (or,
        ``every``, only choices) that ``rewards``: a reward next. The scenes, by ``way``:
        ``"success"``, its goto, or with a roll its success branch's goto or else its own (none
        without a success branch); ``"won"``, a roll's branches but failure that go elsewhere than
        ``here``; ``"move"``, with no roll, its goto when that is elsewhere than ``here``."""
        scenes = self.adventure.scenes  # type: ignore[attr-defined]
        if way == "success":
            success = choice.check.outcomes.get(SUCCESS) if choice.check is not None else None
            gotos = [choice.goto] if choice.check is None else [] if success is None else [success.goto or choice.goto]
        elif way == "won":
            gotos = [branch.goto for name, branch in choice.check.outcomes.items()
                     if name != FAILURE and branch.goto not in (None, here)] if choice.check is not None else []
        else:
            gotos = [choice.goto] if choice.check is None and choice.goto not in (None, here) else []
        test = all if every else any
        for goto in gotos:
            scene = scenes.get(goto or "")
            if scene is not None and scene.conflict is None and scene.choices and test(map(rewards, scene.choices)):
                return True
        return False

    def sure_reward(self, choice: "Choice") -> bool:
        """Whether ``choice``'s own effects (not a roll's branches) give something."""
        found = self._sure.get(id(choice))
        if found is None:
            found = self._sure[id(choice)] = _rewarding(choice.effects)
        return found

    def loss_steps(self, scene_id: str | None) -> float:
        """How many moves from ``scene_id`` the nearest ending other than victory is, by the scene
        graph's own edges (not its *anywhere* moves, which no pick makes) and ignoring conditions;
        infinite where none is ahead. Worked out once per adventure, backwards from those endings."""
        if self._loss is None:
            graph = scene_graph(self.adventure)  # type: ignore[arg-type]
            scenes = self.adventure.scenes  # type: ignore[attr-defined]
            back = graph.backwards()
            found = {sid: 0.0 for sid, scene in scenes.items()
                     if scene.ending is not None and scene.ending.outcome != "victory"}
            queue = deque(found)
            while queue:
                sid = queue.popleft()
                for source in back.get(sid, ()):
                    if source not in found and scenes[source].ending is None:
                        found[source] = found[sid] + 1
                        queue.append(source)
            self._loss = found
        return self._loss.get(scene_id or "", math.inf)

    def _ways_steps(self, ways: list[Way], here: str | None, stay: str | None) -> float:
        """The fewest moves to a loss over ``ways``: the scenes each names (its goto, its
        effects' gotos, its tables' rows), and ``stay`` (None: ``here``) for a way with no goto
        of its own, whose effects may move nowhere."""
        best = math.inf
        for way in ways:
            targets = list(way_destinations(self.adventure, way))  # type: ignore[arg-type]
            if way.goto is None:
                targets.append(stay or here)
            for target in targets:
                best = min(best, self.loss_steps(target) + 1)
        return best

    def choice_loss_steps(self, choice: "Choice", here: str | None) -> float:
        """The fewest moves to an ending other than victory through ``choice``: over its own goto
        and effects, or with a roll over each outcome's (the nearest one, whatever the dice; an
        outcome with no goto goes where the choice does)."""
        if choice.check is None:
            return self._ways_steps([Way("choice", choice.effects, choice.goto, choice)], here, None)
        ways = [Way("outcome", b.effects, b.goto, choice, label) for label, b in choice.check.outcomes.items()]
        own = [Way("choice", choice.effects, None, choice)] if choice.effects else []
        return min(self._ways_steps(ways, here, choice.goto), self._ways_steps(own, here, choice.goto))

    def conflict_loss_steps(self, here: str | None, word: str) -> float:
        """The fewest moves to a loss through a conflict option whose id starts with ``word``:
        leaving (:data:`LEAVING`) through the ``fled`` result, yielding through ``yielded`` or
        ``surrendered``, anything else through the results a fight ends in (every result but
        those); infinite when the scene has no such result."""
        scene = self.adventure.scenes.get(here or "")  # type: ignore[attr-defined]
        if scene is None or scene.conflict is None:
            return math.inf
        outcomes = scene.conflict.outcomes
        if word in LEAVING:
            labels = {"fled"}
        elif word in YIELDING:
            labels = {"yielded", "surrendered"}
        else:
            labels = set(outcomes) - {"fled", "yielded", "surrendered"}
        ways = [Way("conflict", b.effects, b.goto, None, label) for label, b in outcomes.items() if label in labels]
        return self._ways_steps(ways, here, None) if ways else math.inf


_last_facts: list[_AdventureFacts] = []


def _facts(adventure: object) -> _AdventureFacts:
    """The facts of ``adventure``: those of the last adventure asked about are kept (a playtest
    plays one adventure run after run)."""
    if not _last_facts or _last_facts[0].adventure is not adventure:
        _last_facts[:] = [_AdventureFacts(adventure)]
    return _last_facts[0]


class Policy:
    """A bot for one run. :meth:`choose` answers any decision the engine offers."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: "Game") -> str:
        offered = game.offered
        assert offered is not None
        if offered.kind in ("check", "roll"):
            return dice_decision(game, offered)
        keys, weights = self.weigh(game)
        if weights is None:
            key = self.rng.choice(keys)  # uniform: no choice to weigh (the random bot's every pick)
        else:
            key = self.rng.choices(keys, weights=weights)[0]
        self.remember(game, key)
        return key

    def weigh(self, game: "Game") -> tuple[list[str], list[float] | None]:
        """The keys this bot picks among at the decision on offer (not a dice decision) and
        their relative weights (None: each equally likely). :meth:`choose` draws from them and
        ``solo analyze --policy NAME`` (:mod:`solo.analyze.policy_play`) branches on them, so
        both play the same bot."""
        offered = game.offered
        assert offered is not None
        keys = playable_keys(offered)
        if offered.kind != "scene" or len(keys) == 1 or type(self).weights is Policy.weights:
            return keys, None
        scene = game.adventure.scenes[game.state.scene or ""]
        options = [o for o in offered.options if o.key in keys]
        choices = [scene.choices[int(o.id.removeprefix(CHOICE_ID))] for o in options]
        return [o.key for o in options], self.weights(game, choices, [o.id for o in options])  # type: ignore[misc]

    def remember(self, game: "Game", key: str) -> None:
        """Note the pick ``key`` (made at the decision on offer) in what the bot keeps across a
        run; a bot without memory keeps nothing."""

    # -- memory, as the analyzer keys it ---------------------------------------------------
    #: Whether the bot keeps anything across a run (then it is part of an analyzed state).
    keeps_memory = False

    def memory(self, state: Any, scenes: frozenset[str]) -> Any:
        """What the bot keeps that its later picks can still read, for a game in ``state``
        that can still come to ``scenes`` (hashable; () for a bot without memory)."""
        return ()

    def recall(self, memory: Any) -> None:
        """Take up ``memory`` (from :meth:`memory`) as what this bot has kept so far."""

    def weights(self, game: "Game", choices: list["Choice"], ids: list[str]) -> list[float] | None:
        """Relative weights of the enabled scene choices; None for uniform."""
        return None


class RandomPolicy(Policy):
    name = "random"


class CautiousPolicy(Policy):
    name = "cautious"

    def weights(self, game: "Game", choices: list["Choice"], ids: list[str]) -> list[float] | None:
        found = []
        for choice in choices:
            if choice.check is None:
                found.append(1.0)
                continue
            try:
                chance = success_chance(game.adventure, game.ruleset, game.character, choice.check)
            except (LookupError, ValueError):
                chance = 0
            found.append(max(float(chance), 1e-3))
        return found


class GreedyPolicy(Policy):
    name = "greedy"

    def weights(self, game: "Game", choices: list["Choice"], ids: list[str]) -> list[float] | None:
        return [GREEDY_WEIGHT if is_rewarding(choice) else 1.0 for choice in choices]


class ExplorerPolicy(Policy):
    name = "explorer"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.taken: dict[str, int] = {}

    def weights(self, game: "Game", choices: list["Choice"], ids: list[str]) -> list[float] | None:
        scene = game.state.scene
        visits = game.state.visits
        found = []
        for choice, option_id in zip(choices, ids):
            weight = 1.0 / (1 + self.taken.get(f"{scene}#{option_id}", 0))
            if choice.goto and not visits.get(choice.goto):
                weight *= 2
            found.append(weight)
        return found

    keeps_memory = True

    def remember(self, game: "Game", key: str) -> None:
        _count_taken(self.taken, game, key)

    def memory(self, state: Any, scenes: frozenset[str]) -> Any:
        """The picks counted in the scenes ahead, and which of them were seen (it prefers a
        scene not seen yet, and reads visits the state's key may leave out)."""
        return (_taken_ahead(self.taken, scenes),
                frozenset(s for s, n in state.visits.items() if n and s in scenes))

    def recall(self, memory: Any) -> None:
        self.taken = dict(memory[0])


def _count_taken(taken: dict[str, int], game: "Game", key: str) -> None:
    """Count a scene choice ``key`` as taken once more (``scene#option``)."""
    offered = game.offered
    if offered is not None and offered.kind == "scene":
        option = next(o for o in offered.options if o.key == key)
        mark = f"{game.state.scene}#{option.id}"
        taken[mark] = taken.get(mark, 0) + 1


def _taken_ahead(taken: dict[str, int], scenes: frozenset[str]) -> tuple[tuple[str, int], ...]:
    """The counts of the picks made in ``scenes``: a count is read only when its scene offers
    its choices again, so the counts of scenes a game can no longer come to are moot."""
    return tuple(sorted((mark, n) for mark, n in taken.items() if mark.split("#", 1)[0] in scenes))


def _either_way(choice: "Choice", here: str | None) -> bool:
    """Whether ``choice`` is a roll that moves on to one scene however it falls: every branch goes
    there (the boiler room's inspector bluff and the creep to the lift: a failure costs a blow and
    a tick of the alarm, but the thief is in the lift either way)."""
    if choice.check is None or not choice.check.outcomes:
        return False
    gone = {branch.goto for branch in choice.check.outcomes.values()}
    return len(gone) == 1 and None not in gone and here not in gone


def _onward(choice: "Choice", here: str | None) -> bool:
    """Whether ``choice`` is a roll whose success moves the story on: a branch other than
    failure going to another scene (the front steps' invitation, into the grand hall)."""
    if choice.check is None:
        return False
    return any(name != FAILURE and branch.goto not in (None, here) for name, branch in choice.check.outcomes.items())


class CarefulPolicy(Policy):
    name = "careful"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.taken: dict[str, int] = {}

    def _ending(self, game: "Game", scene_id: str | None) -> str | None:
        """The outcome a move to ``scene_id`` settles: its ending's, or that of the one ending every
        way out of it leads to (lantern-fen's steps after the toll is paid: the talk there
        changes an objective, not the ending). Kept per adventure (:func:`_facts`): it reads
        only the adventure."""
        endings = _facts(game.adventure).endings
        if scene_id not in endings:
            endings[scene_id] = self._settled(game, scene_id)
        return endings[scene_id]

    def _settled(self, game: "Game", scene_id: str | None) -> str | None:
        scenes = game.adventure.scenes
        scene = scenes.get(scene_id or "")
        if scene is None:
            return None
        if scene.ending is not None:
            return scene.ending.outcome
        if scene.conflict is not None or not scene.choices \
                or any(c.goto is None and c.check is None for c in scene.choices):
            return None
        ahead = {scenes[d].ending.outcome if scenes[d].ending is not None else None
                 for d in scene_graph(game.adventure).known_out(scene.id)}
        return ahead.pop() if len(ahead) == 1 else None

    def _forked(self, game: "Game", choice: "Choice") -> str | None:
        """The outcome a move into a fork (:meth:`_AdventureFacts.fork`) settles: that of the
        endings whose conditions hold once the choice's own effects have given, taken and set what
        they do, when they all agree. None when the move is not into a fork, or its effects do more
        than that (a roll, a value worked out, a nested effect: what they do is not read here)."""
        fork = _facts(game.adventure).fork(choice.goto)
        if fork is None or choice.check is not None:
            return None
        state = game.state
        character = state.character
        if character is None:
            return None
        flags, items = dict(state.flags), list(character.items)
        for effect in choice.effects:
            for name, value in effect.items():
                if name in FORK_READS:
                    continue
                if name == "set" and all(f in flags and isinstance(v, bool) for f, v in value.items()):
                    flags.update(value)
                elif name in ("give", "take"):
                    for item in [value] if isinstance(value, str) else value:
                        if name == "give" and item not in items:
                            items.append(item)
                        elif name == "take" and item in items:
                            items.remove(item)
                else:
                    return None
        kept_flags, kept_items = state.flags, character.items
        state.flags, character.items = flags, items  # the state after the move, for its conditions only
        try:
            outcomes = {outcome for condition, outcome in fork if condition is None or game.evaluate(condition)}
        except Exception:  # a condition this bot cannot read ahead: no guess
            return None
        finally:
            state.flags, character.items = kept_flags, kept_items
        return outcomes.pop() if len(outcomes) == 1 else None

    def _closes(self, game: "Game", choice: "Choice") -> bool:
        """Whether the flags ``choice``'s own effects set close a rewarding choice of the
        adventure that is open now: its guard holds in the state as it is and fails once those
        flags are set (goblin-market's gate: the true name shuts Thimblerig's haggle, the one
        way to the shadow that does not set the Watch on the player). Only the choice's own
        top-level ``set`` of flags to true or false is read ahead; what a roll's outcome sets is
        not (it may not happen)."""
        sets: dict[str, bool] = {}
        for effect in choice.effects:
            value = effect.get("set")
            if isinstance(value, dict):
                sets.update({f: v for f, v in value.items() if isinstance(v, bool)})
        state = game.state
        changed = {f: v for f, v in sets.items() if f in state.flags and state.flags[f] != v}
        facts = _facts(game.adventure)
        guards = {g for f in changed for g in facts.guards_naming(f)}
        if not guards:
            return False
        kept = state.flags
        try:
            now = {g for g in guards if game.evaluate(g)}
            state.flags = {**kept, **changed}  # the state after the move, for the guards only
            return any(not game.evaluate(g) for g in now)
        except Exception:  # a guard this bot cannot read ahead: no guess
            return False
        finally:
            state.flags = kept

    def _sure_reward_ahead(self, game: "Game", choice: "Choice") -> bool:
        """Whether ``choice`` is a move with no roll into another scene where a choice that rewards
        with no roll is open now (its guard holds in the state as it is): a reward the player can
        walk up and take (goblin-market's jar stall, where a laugh buys Nan's; then the Queen's
        court, once the jar is in hand)."""
        facts = _facts(game.adventure)
        try:
            return facts.reward_next(choice, game.state.scene, "move", lambda c: c.check is None and facts.sure_reward(c)
                                     and (c.condition is None or game.evaluate(c.condition)))
        except Exception:  # a guard this bot cannot read ahead: no guess
            return False

    def weights(self, game: "Game", choices: list["Choice"], ids: list[str]) -> list[float] | None:
        here = game.state.scene
        facts = _facts(game.adventure)
        onward = any(_onward(choice, here) for choice in choices)
        found = []
        for choice, option_id in zip(choices, ids):
            weight = 1.0
            if choice.check is not None:
                try:
                    chance = float(success_chance(game.adventure, game.ruleset, game.character, choice.check))
                except (LookupError, ValueError):
                    chance = 0.0
                failure = choice.check.outcomes.get(FAILURE)
                if failure is not None and self._ending(game, failure.goto) == "defeat":
                    chance *= chance
                elif _either_way(choice, here):
                    chance = (1 + chance) / 2
                weight *= max(chance, 1e-3)
            if (facts.rewarding(choice) or facts.opens_reward(choice, here)
                    or self._sure_reward_ahead(game, choice)):
                weight *= CAREFUL_REWARD
            if self._closes(game, choice):
                weight /= CAREFUL_REWARD
            outcome = self._ending(game, choice.goto) or self._forked(game, choice)
            if outcome == "victory":
                weight *= CAREFUL_VICTORY
            elif outcome == "mixed":
                weight *= CAREFUL_MIXED
            elif outcome == "defeat":
                weight /= CAREFUL_VICTORY
            target = game.adventure.scenes.get(choice.goto or "")
            if choice.check is None and target is not None and target.conflict is not None \
                    and target.conflict.procedure == "fight":
                weight *= CAREFUL_FIGHT
            if onward and self._retreat(facts, here, choice):
                weight *= CAREFUL_RETREAT
            weight /= (1 + self.taken.get(f"{here}#{option_id}", 0)) ** 2
            found.append(weight)
        return found

    def _retreat(self, facts: _AdventureFacts, here: str | None, choice: "Choice") -> bool:
        """Whether ``choice`` is a plain move (no roll, no effect but words) back the way the bot
        came: to a scene where it has taken a choice that leads here (the front steps' "Back
        away", from the hill it climbed them from). Turning back gains nothing the scene it leaves
        does not still offer, so a careful player tries a roll better than even first (Dorrin's
        invitation at 79%, the vault clerk at 78%, where the bot used to walk away and circle
        the hill and the landing, ticking the alarm). It reads only the bot's own counts of the
        scene it would go back to, which the analyzer keeps while that scene is ahead (it is: the
        move goes there), so the analyzed play stays the sampled one."""
        if here is None or choice.goto is None or choice.goto == here or choice.check is not None \
                or any(name != "text" for effect in choice.effects for name in effect):
            return False
        return any(self.taken.get(mark) for mark in facts.ways_in(choice.goto, here))

    def _free_flight(self, game: "Game") -> bool:
        """Whether leaving the fight under way costs nothing winning it does not: its ``fled``
        branch leads to no defeat and its effects are among the ``won`` branch's (the Bogle
        Watch's tunnel mouth, which is where the player was running with the prize anyway)."""
        scene = game.adventure.scenes.get(game.state.scene or "")
        conflict = scene.conflict if scene is not None else None
        if conflict is None or "fled" not in conflict.outcomes or "won" not in conflict.outcomes:
            return False
        fled, won = conflict.outcomes["fled"], conflict.outcomes["won"]
        if self._ending(game, fled.goto) in ("defeat", "mixed"):
            return False
        return all(effect in won.effects for effect in fled.effects)

    def weigh(self, game: "Game") -> tuple[list[str], list[float] | None]:
        offered = game.offered
        assert offered is not None
        if offered.kind == "conflict":
            keys = playable_keys(offered)
            options = [o for o in offered.options if o.key in keys]
            free = self._free_flight(game)
            weights = []
            for option in options:
                word = option.id.split(":")[0].split("-")[0]
                weights.append(FIGHT_WEIGHTS["attack"] if free and word in LEAVING else FIGHT_WEIGHTS.get(word, 1.0))
            return [o.key for o in options], weights  # type: ignore[misc]
        return super().weigh(game)

    keeps_memory = True

    def remember(self, game: "Game", key: str) -> None:
        _count_taken(self.taken, game, key)

    def memory(self, state: Any, scenes: frozenset[str]) -> Any:
        """The picks counted in the scenes ahead (all the bot reads of its past)."""
        return _taken_ahead(self.taken, scenes)

    def recall(self, memory: Any) -> None:
        self.taken = dict(memory)


class CarefulTopPolicy(CarefulPolicy):
    """The careful bot's heaviest option every time (the first offered among equals): a fixed
    play that branches only on the dice, so ``solo analyze --policy careful-top`` finds its
    exact odds on a graph far smaller than the careful bot's, and what it finds is a play a
    person can follow (and the floor ``--policy best`` starts from)."""

    name = "careful-top"

    def weigh(self, game: "Game") -> tuple[list[str], list[float] | None]:
        keys, weights = super().weigh(game)
        if weights is None or len(keys) == 1:
            return keys[:1], None
        top = max(range(len(keys)), key=lambda i: (weights[i], -i))  # the first of the heaviest
        return [keys[top]], None


class CarefulThriftyPolicy(CarefulTopPolicy):
    """The careful bot's heaviest option every time, as :class:`CarefulTopPolicy`, but never a
    scene choice whose roll spends something of the character's (what the ruleset's
    :class:`~solo.rules.base.SaysCheckCosts` words name: a Humanity, Blessed spark's two
    blessing dice) while a choice that spends nothing is on offer; among those it weighs as the
    careful bot does. Another fixed play, so another floor of the best play: one whose rolls
    leave the character's resources alone can be the cheaper one to explore exactly (a spark
    reads the dice it pays from, and every value they could show becomes a state of its own).
    When every choice spends, it picks as careful-top does."""

    name = "careful-thrifty"
    #: How many decisions it has weighed differently from careful-top (a choice kept off): none,
    #: and its play so far is careful-top's (``solo.analyze.floors`` then skips careful-top).
    spared = 0

    def weights(self, game: "Game", choices: list["Choice"], ids: list[str]) -> list[float] | None:
        costs = hook(game.ruleset, SaysCheckCosts)
        scenes = game.adventure.scenes
        spends = [(costs is not None and c.check is not None and bool(costs.check_cost_words(c.check.params)))
                  or (c.check is None and c.goto is not None and c.goto in scenes and scenes[c.goto].conflict is not None)
                  for c in choices]
        if not any(spends) or all(spends):
            return super().weights(game, choices, ids)
        kept = [i for i, spent in enumerate(spends) if not spent]
        self.spared += 1
        # the careful weights of the choices that spend nothing (so a spend's odds, which may read
        # what it would pay with, are never worked out), and none for the rest
        weights = super().weights(game, [choices[i] for i in kept], [ids[i] for i in kept]) or [1.0] * len(kept)
        found = [0.0] * len(choices)
        for i, weight in zip(kept, weights):
            found[i] = weight
        return found


class CarefulBottomPolicy(CarefulPolicy):
    """The careful bot's lightest option every time (the first offered among equals): a fixed
    play towards a loss, so ``solo analyze --policy careful-bottom`` finds its exact odds, and
    its chance of an ending other than victory is one the worst play reaches at least (the
    ceiling ``--policy worst`` starts from). It weighs as the careful bot does, with one thing
    turned round: a choice taken before weighs *more* the more often it was taken (the careful
    bot's ``1 / (1 + times)²`` undone and applied the other way), so it leaves a loop as the
    careful bot does instead of taking the same lightest move for ever."""

    name = "careful-bottom"

    def weights(self, game: "Game", choices: list["Choice"], ids: list[str]) -> list[float] | None:
        found = super().weights(game, choices, ids)
        if found is None:
            return None
        here = game.state.scene
        return [w * (1 + self.taken.get(f"{here}#{option_id}", 0)) ** 4 for w, option_id in zip(found, ids)]

    def weigh(self, game: "Game") -> tuple[list[str], list[float] | None]:
        keys, weights = super().weigh(game)
        if weights is None or len(keys) == 1:
            return keys[:1], None
        among: list[int] = list(range(len(keys)))
        offered = game.offered
        if offered is not None and offered.kind == "conflict":  # never a menu's way back or on, which does nothing:
            # the lightest of a fight's sub-menu is its "back", and attack -> back -> attack never ends
            words = {o.key: o.id.split(":")[0].split("-")[0] for o in offered.options}
            among = [i for i in among if words.get(keys[i]) not in MENU_WORDS] or among
        bottom = min(among, key=lambda i: (weights[i], i))  # the first of the lightest
        return [keys[bottom]], None


class SoonestLossPolicy(CarefulBottomPolicy):
    """The option that leads soonest to an ending other than victory, by the adventure's scene
    graph (:meth:`_AdventureFacts.loss_steps`: moves counted over choices', their outcomes' and
    conflict results' gotos, conditions ignored for the distance only), careful-bottom's pick
    among the nearest (never a conflict menu's way back or on). A choice already taken counts one
    step further for each time it was taken, so a way that the file's conditions turn back (the
    nearest move by the graph is shut, and the nearest open one returns) is left at last rather
    than circled for ever. A fixed play whose runs are short: a second ceiling of the worst play
    (:data:`solo.analyze.floors.CEILING_PLAYS`), often explored exactly where careful-bottom's
    long play is not."""

    name = "soonest-loss"

    def weigh(self, game: "Game") -> tuple[list[str], list[float] | None]:
        offered = game.offered
        assert offered is not None
        keys = playable_keys(offered)
        if offered.kind not in ("scene", "conflict") or len(keys) <= 1:
            return keys[:1], None
        facts = _facts(game.adventure)
        here = game.state.scene
        scene = game.adventure.scenes.get(here or "")
        steps: dict[str, float] = {}
        for option in offered.options:
            if option.key not in keys:
                continue
            if offered.kind == "scene" and scene is not None:
                index = int(option.id.removeprefix(CHOICE_ID))
                steps[option.key] = facts.choice_loss_steps(scene.choices[index], here) \
                    + LOSS_REPEAT * self.taken.get(f"{here}#{option.id}", 0)
            else:
                word = option.id.split(":")[0].split("-")[0]
                steps[option.key] = facts.conflict_loss_steps(here, word)
        nearest = min(steps.values())
        if offered.kind == "conflict" and nearest == math.inf:
            return super().weigh(game)
        near = [k for k in keys if steps.get(k) == nearest]
        if len(near) == 1:
            return near, None
        picked, _ = super().weigh(game)  # careful-bottom's pick, when it is among the nearest
        if picked and picked[0] in near:
            return picked, None
        _, weights = CarefulPolicy.weigh(self, game)
        if weights is None:
            return near[:1], None
        bottom = min((i for i, k in enumerate(keys) if k in near), key=lambda i: (weights[i], i))
        return [keys[bottom]], None


POLICIES: dict[str, Callable[[random.Random], Policy]] = {
    "random": RandomPolicy,
    "cautious": CautiousPolicy,
    "greedy": GreedyPolicy,
    "explorer": ExplorerPolicy,
    "careful": CarefulPolicy,
    "careful-top": CarefulTopPolicy,
    "careful-thrifty": CarefulThriftyPolicy,
    "careful-bottom": CarefulBottomPolicy,
    "soonest-loss": SoonestLossPolicy,
}


def make_policy(name: str, rng: random.Random) -> Policy:
    try:
        return POLICIES[name](rng)
    except KeyError:
        raise BadRequest(f"unknown policy {name!r} (policies: {', '.join(POLICIES)})") from None
