"""Running a scene's conflict inside a game: setting it up, asking each action, ending it.

The rules of a fight or an endeavour live in the ruleset's procedure
(:class:`solo.rules.conflict.ConflictRules`); this module is the engine's side of it. It builds
the :class:`~solo.rules.conflict.ConflictSetup` from the adventure and the game state, keeps
every participant's character in the pending decision between actions (so a save made mid-fight
resumes mid-fight), turns the procedure's beats into events, stops a conflict at its round
limit, and once a result is known applies the aftermath and the adventure's branch for it.

Who takes part: the player's character; each companion the conflict names, unless a conflict
already took them out (``fallen``); each opponent, ``count`` times (``goblin-1``, ``goblin-2``...).
An npc that appears once keeps what a conflict did to it for the rest of the game (its
character is stored in ``GameState.npcs``); numbered foes are fresh each time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from solo.adventure.format import branches
from solo.adventure.model import Branch, ConflictSpec, Scene
from solo.engine import events as ev
from solo.engine.state import Pending
from solo.rules.base import Character
from solo.rules.conflict import (
    ALLY,
    ENEMY,
    PLAYER,
    Beat,
    ConflictError,
    ConflictRules,
    ConflictSetup,
    ConflictStep,
    Decision,
    Fighter,
    conflict_rules,
    fallback,
    settles_as,
)

if TYPE_CHECKING:
    from solo.engine.effects import EffectRunner
    from solo.engine.context import PlayContext

PLAYER_KEY = "player"


def branch_for(spec: ConflictSpec, result: str, rules: ConflictRules | None = None) -> Branch | None:
    """The adventure's branch for ``result``, else the one its fallback names (fled -> lost; a
    procedure's own results fall back as its ``fallbacks`` say)."""
    return branches.conflict_branch(spec.outcomes, result, lambda label: fallback(rules, label))


def fighter_keys(spec: ConflictSpec) -> list[tuple[str, str, int]]:
    """(key, npc id, number) for each opponent a conflict declares, in order."""
    keys = []
    for opponent in spec.opponents:
        for n in range(1, opponent.count + 1):
            key = opponent.npc if opponent.count == 1 else f"{opponent.npc}-{n}"
            keys.append((key, opponent.npc, n))
    return keys


class ConflictRunner:
    """The engine's part of a conflict, for one game (through its
    :class:`~solo.engine.context.PlayContext`)."""

    def __init__(self, context: "PlayContext") -> None:
        self.context = context
        #: (the adventure, its item rules, item names and house rules as every setup hands
        #: them): the adventure's own data, which nobody changes, made once per game instead of
        #: at every decision (and the same objects each time, for the procedures that
        #: remember what they work out from them by identity).
        self._declared: tuple[Any, Mapping[str, Any], Mapping[str, str], frozenset[str]] | None = None
        #: Whether the procedure's beats are told (a ConflictAction event each, its roll's
        #: record in the game's roll log); a run that reads neither (the playtest's fast
        #: runtime) turns it off. Nothing else comes of a beat.
        self.tells_beats = True
        #: Whether the fighters a decision was stored from are kept to stand for their stored
        #: copy (:meth:`restore`), a run that changes neither between decisions (the playtest's
        #: fast runtime) turning it on; and the kept (stored data, fighters) themselves.
        self.keeps_fighters = False
        self._kept: tuple[Any, list[Fighter]] | None = None
        #: Whether every decision is answered through :meth:`choose` with ``on_offer`` (the
        #: playtest's fast runtime): the setups say so (``ConflictSetup.answered_on_offer``).
        self.answers_on_offer = False

    # -- setting up --------------------------------------------------------------------------
    def rules(self, spec: ConflictSpec) -> ConflictRules:
        rules = conflict_rules(self.context.ruleset, spec.procedure)
        if rules is None:
            raise ConflictError(f"the {self.context.ruleset.id} system has no {spec.procedure!r} procedure")
        return rules

    def _npc(self, npc_id: str) -> Character:
        """The npc as the story has left it: changed by an earlier conflict, or fresh."""
        stored = self.context.state.npcs.get(npc_id)
        if stored is not None:
            return Character.from_dict(stored)
        person = self.context.adventure.npcs.get(npc_id)
        if person is None:
            raise ConflictError(f"unknown npc {npc_id!r}")
        return self.context.ruleset.prepare_character(person.character(self.context.adventure.system))

    def fresh_fighters(self, spec: ConflictSpec, rules: ConflictRules) -> tuple[list[Fighter], list[Beat]]:
        """Everyone taking part as the conflict starts, and lines for companions who cannot."""
        default = spec.behaviour or (rules.behaviours[0] if rules.behaviours else "")
        fighters = [Fighter(PLAYER_KEY, PLAYER, self.context.character)]
        beats: list[Beat] = []
        for cid in spec.companions:
            if cid in self.context.state.fallen:
                name = self.context.adventure.npcs[cid].name if cid in self.context.adventure.npcs else cid
                beats.append(Beat("", f"{name} cannot take part ({self.context.state.fallen[cid]})."))
                continue
            fighters.append(Fighter(cid, ALLY, self._npc(cid), behaviour=default, npc=cid))
        by_npc = {o.npc: o for o in spec.opponents}
        for key, npc_id, n in fighter_keys(spec):
            opponent = by_npc[npc_id]
            if opponent.count == 1:
                if npc_id in self.context.state.fallen:
                    continue  # already taken out in an earlier conflict
                character = self._npc(npc_id)
            else:
                character = self._npc(npc_id)
                character.name = f"{character.name} {n}"
                character.id = key
            fighters.append(
                Fighter(key, ENEMY, character, group=opponent.group,
                        behaviour=opponent.behaviour or default, npc=npc_id)
            )
        return fighters, beats

    def setup(self, spec: ConflictSpec, fighters: list[Fighter]) -> ConflictSetup:
        adventure = self.context.adventure
        declared = self._declared
        if declared is None or declared[0] is not adventure:
            declared = self._declared = (
                adventure,
                {iid: item.rules for iid, item in adventure.items.items()},
                {iid: item.name for iid, item in adventure.items.items()},
                frozenset(adventure.house_rules),
            )
        return ConflictSetup(
            procedure=spec.procedure,
            fighters=fighters,
            params=spec.params,
            items=declared[1],
            item_names=declared[2],
            rounds=spec.rounds,
            house_rules=declared[3],
            quiet=self.context.quiet,
            answered_on_offer=self.answers_on_offer,
        )

    @staticmethod
    def store(fighters: list[Fighter]) -> dict[str, Any]:
        """Every fighter but the player (whose character is the game's) as JSON-ready data."""
        return {
            f.key: {
                "side": f.side,
                "character": f.character.to_dict(),
                "group": f.group,
                "behaviour": f.behaviour,
                "npc": f.npc,
            }
            for f in fighters
            if f.side != PLAYER
        }

    def _stored(self, fighters: list[Fighter]) -> dict[str, Any]:
        """:meth:`store`, the fighters kept beside what was stored when :attr:`keeps_fighters`."""
        stored = self.store(fighters)
        if self.keeps_fighters:
            self._kept = (stored, fighters)
        return stored

    def restore(self, data: Mapping[str, Any]) -> list[Fighter]:
        """The fighters of a decision's ``data``: the player (the game's character) and every
        other as stored; the very fighters stored, when kept (:attr:`keeps_fighters`) and this
        is the very data stored from them (a fresh copy of them reads the same)."""
        kept = self._kept
        if kept is not None and kept[0] is data["fighters"]:
            return list(kept[1])
        fighters = [Fighter(PLAYER_KEY, PLAYER, self.context.character)]
        for key, entry in data["fighters"].items():
            fighters.append(
                Fighter(
                    key,
                    str(entry["side"]),
                    Character.from_dict(entry["character"]),
                    group=entry.get("group"),
                    behaviour=str(entry.get("behaviour") or ""),
                    npc=entry.get("npc"),
                )
            )
        return fighters

    # -- the life cycle ----------------------------------------------------------------------
    def begin(self, scene: Scene, runner: "EffectRunner") -> None:
        """Start the scene's conflict: its first events, then the player's first decision."""
        spec = scene.conflict
        assert spec is not None
        rules = self.rules(spec)
        fighters, beats = self.fresh_fighters(spec, rules)
        setup = self.setup(spec, fighters)
        step = rules.begin(self.context.dice, setup)
        view = self.view(scene, rules, setup, step.state)
        runner.events.append(ev.ConflictStarted(scene.id, view.get("title", ""), spec.procedure, view))
        self._beats(setup, beats + step.beats, 1, runner)
        data = {"scene": scene.id, "state": step.state, "fighters": self._stored(fighters), "round": step.round}
        self._continue(spec, rules, setup, step, data, runner)

    def choose(self, option_id: str, data: dict[str, Any], runner: "EffectRunner",
               setup: ConflictSetup | None = None, on_offer: bool = False, owned: bool = False) -> None:
        """Carry out the player's action and what follows it. ``setup``: the one :meth:`decision`
        made for this very decision (its fighters restored from ``data``, nothing changed since),
        so they need not be restored again (the playtest's fast runtime passes it); ``on_offer``
        (with ``setup``): ``option_id`` is one of that decision's enabled actions, so a procedure
        with :class:`~solo.rules.conflict.ActsOnOffer` does not check it again, and (``owned``)
        acts on ``data["state"]`` itself: the caller drops ``data`` for the step's."""
        scene = self.context.adventure.scenes[data["scene"]]
        spec = scene.conflict
        if spec is None:
            raise ConflictError(f"scene {scene.id!r} has no conflict")
        rules = self.rules(spec)
        act = getattr(rules, "act_on_offer", None) if on_offer and setup is not None else None
        if setup is None:
            setup = self.setup(spec, self.restore(data))
        fighters = setup.fighters
        xp_before = int(self.context.character.resources.get("xp", 0) or 0)
        if act is None:
            step = rules.act(self.context.dice, setup, data["state"], option_id)
        else:  # ActsOnOffer
            step = act(self.context.dice, setup, data["state"], option_id, owned=owned)
        self._beats(setup, step.beats, int(data.get("round") or step.round), runner)
        xp_after = int(self.context.character.resources.get("xp", 0) or 0)
        if xp_after != xp_before:
            runner.events.append(ev.XpGained(xp_after - xp_before, xp_after, "roll"))
        data = {**data, "state": step.state, "fighters": self._stored(fighters), "round": step.round}
        self._continue(spec, rules, setup, step, data, runner)

    def _continue(self, spec: ConflictSpec, rules: ConflictRules, setup: ConflictSetup,
                  step: ConflictStep, data: dict[str, Any], runner: "EffectRunner") -> None:
        """After a step: ask again, or stop at the round limit, or end with the step's result."""
        result = step.result
        rounds = step.round
        if result is None and step.round > spec.rounds:
            result, rounds = spec.at_limit, spec.rounds  # the round it stopped before was never fought
            runner.events.append(
                ev.ConflictAction(step.round, "", "", "", f"After {spec.rounds} round{'s' if spec.rounds != 1 else ''} it is over: {result}.")
            )
        if result is None:
            scene = self.context.adventure.scenes[data["scene"]]
            runner.events.append(ev.ConflictRound(step.round, self.view(scene, rules, setup, step.state)))
            self.context.state.pending = Pending("conflict", data)
            return
        self._end(spec, rules, setup, step, result, data, runner, rounds)

    def _end(self, spec: ConflictSpec, rules: ConflictRules, setup: ConflictSetup, step: ConflictStep,
             result: str, data: dict[str, Any], runner: "EffectRunner", rounds: int) -> None:
        """Conclude the fight after ``rounds`` rounds fought; its closing view names no phase (no
        one is about to act in a fight that is over) and counts the rounds fought."""
        state = self.context.state
        self._kept = None  # the fight is over: no decision of it is restored again
        conclusion = rules.conclude(self.context.dice, setup, step.state, result)
        self._beats(setup, conclusion.beats, step.round, runner)
        for fighter in setup.fighters:
            if fighter.side == PLAYER or fighter.npc is None:
                continue
            single = fighter.key == fighter.npc  # numbered foes are not remembered
            if single:
                state.npcs[fighter.npc] = fighter.character.to_dict()
                if fighter.key in conclusion.fallen:
                    state.fallen[fighter.npc] = conclusion.fallen[fighter.key]
        view = self.view(self.context.adventure.scenes[data["scene"]], rules, setup, step.state)
        if view:
            view = {**view, "round": rounds}
            view["phase"] = ""
        won = settles_as(rules, result) == "won"
        runner.events.append(
            ev.ConflictEnded(data["scene"], result, rounds, view, dict(conclusion.fallen),
                             dict(conclusion.awards), dict(conclusion.measures), won)
        )
        for resource, amount in conclusion.awards.items():
            self.context.award(resource, int(amount), f"conflict: {result}", runner)
        state.last_roll = {"outcome": result, "success": won, "total": step.round,
                           **conclusion.measures}
        state.down = self.context.incapacitated()  # a fall in the fight is the result's to tell
        state.turn += 1
        branch = branch_for(spec, result, rules)
        if branch is not None:
            runner.apply_branch(branch)
        self.context.run_turn_hooks(runner, runner.goto)

    def view(self, scene: Scene, rules: ConflictRules, setup: ConflictSetup, state: Mapping[str, Any]) -> dict[str, Any]:
        """The procedure's view of the conflict as plain data, titled as the adventure says.
        A quiet game's is empty: only a front end draws it (a view changes nothing)."""
        if self.context.quiet:
            return {}
        view = rules.view(setup, state)
        spec = scene.conflict
        view.title = view.title or (self.context.render(spec.title) if spec and spec.title else scene.title)
        return view.to_dict()

    def _beats(self, setup: ConflictSetup, beats: list[Beat], round_: int, runner: "EffectRunner") -> None:
        """Events for the beats of one step; ``round_`` is the round the step began in, and a
        beat that opens a round (``beat.round``) moves the count on for the beats after it.
        None when the beats are not told (:attr:`tells_beats`)."""
        if not self.tells_beats:
            return
        for beat in beats:
            round_ = beat.round or round_
            name, side = "", ""
            if beat.actor:
                try:
                    fighter = setup.fighter(beat.actor)
                    name, side = fighter.name, fighter.side
                except ConflictError:  # one the procedure made (a summon): it says who
                    name, side = beat.name or beat.actor, beat.side
            record = None
            if beat.roll is not None:
                record = beat.roll.to_dict()
                self.context.state.rolls.append(record)
            runner.events.append(ev.ConflictAction(round_, beat.actor, name, side, beat.text, record, beat.label,
                                                   dict(beat.measures)))

    # -- the decision ------------------------------------------------------------------------
    def where_it_stands(self, data: Mapping[str, Any]) -> ev.ConflictRound:
        """The conflict as it stands between steps (a resumed game shows it before the question)."""
        scene = self.context.adventure.scenes[data["scene"]]
        spec = scene.conflict
        assert spec is not None
        rules = self.rules(spec)
        setup = self.setup(spec, self.restore(data))
        return ev.ConflictRound(int(data.get("round") or 1), self.view(scene, rules, setup, data["state"]))

    def decision(self, data: Mapping[str, Any]) -> tuple[ConflictSetup, Decision]:
        """The procedure's decision on offer, with the setup it was asked on (the fighters
        restored from ``data``); a decision with no enabled action is the conflict's error."""
        scene = self.context.adventure.scenes[data["scene"]]
        spec = scene.conflict
        assert spec is not None
        setup = self.setup(spec, self.restore(data))
        decision = self.rules(spec).decision(setup, data["state"])
        if not any(action.enabled for action in decision.actions):
            raise ConflictError(f"the conflict in scene {scene.id!r} leaves the player no action")
        return setup, decision

    def offer(self, data: Mapping[str, Any]) -> ev.ChoicesOffered:
        _, decision = self.decision(data)
        options = []
        n = 0
        for action in decision.actions:
            hint = action.hint
            if not hint and action.odds is not None:
                hint = f"{float(action.odds) * 100:.0f}% success"
            exact = "" if action.odds is None else f"{action.odds.numerator}/{action.odds.denominator}"
            if action.enabled:
                n += 1
                options.append(ev.Option(str(n), action.text, action.key, hint=hint, odds=exact))
            else:
                options.append(ev.Option(None, action.text, action.key, False, action.reason, hint=hint, odds=exact))
        return ev.ChoicesOffered("conflict", decision.prompt, options)
