"""A Humanity, Blessed fight's or endeavour's action carried out on offer (``act_on_offer(...,
owned=True)``, what the playtest's fast runtime asks) equals the full ``act`` on a copy: the key
not checked against the decision again and the caller's state changed in place of a private copy
give the same step (state type for type, beats, round, result), fighters and dice as the engine's
way (the decision asked on a copy and kept, then ``act``), at every
action of 24 blessed-harvest fast runs; and a decision answered on offer is not kept for an
``act`` to recall (``ConflictSetup.answered_on_offer``), while the engine's still is."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import fields

from solo.rules import kept_decision
from solo.rules.humanity_blessed.endeavours.procedure import Endeavour
from solo.rules.humanity_blessed.fight.procedure import Fight
from fast_plays import play_fast
from typed_read import typed


def _step(step):
    return (typed(step.state), [(b.actor, b.text, b.label) for b in step.beats], step.round, step.result)


def _fighters(setup):
    return [typed({f.name: (typed(vars(getattr(fighter, f.name))) if f.name == "character"
                            else getattr(fighter, f.name)) for f in fields(fighter)})
            for fighter in setup.fighters]


remember = kept_decision.remember


def _watch(monkeypatch, procedure, seen):
    original = procedure.act_on_offer

    def act_on_offer(rules, dice, setup, state, key, owned=False):
        assert setup.answered_on_offer and owned
        twin_dice, twin_setup, twin_state = copy.deepcopy((dice, setup, state))
        twin_setup = dataclasses.replace(twin_setup, answered_on_offer=False)
        made = original(rules, dice, setup, state, key, owned=True)
        assert made.state is state, "an owned state was copied"
        # the engine's way: the decision asked (on a copy) and kept, then act checks the key
        with monkeypatch.context() as engine:
            engine.setattr(kept_decision, "remember", remember)
            rules.decision(twin_setup, twin_state)
            assert kept_decision.recall(type(rules), rules.ruleset, twin_setup, twin_state) is not None
            other = rules.act(twin_dice, twin_setup, twin_state, key)
        assert _step(made) == _step(other)
        assert _fighters(setup) == _fighters(twin_setup)
        assert dice.count == twin_dice.count
        seen.append((procedure.__name__, key.partition(":")[0]))
        return made

    monkeypatch.setattr(procedure, "act_on_offer", act_on_offer)


def test_an_action_on_offer_is_carried_out_as_the_full_act_would(monkeypatch):
    seen: list[tuple[str, str]] = []
    _watch(monkeypatch, Fight, seen)
    _watch(monkeypatch, Endeavour, seen)
    remembered: list[object] = []
    monkeypatch.setattr(kept_decision, "remember", lambda *args: remembered.append(args))
    results = play_fast("blessed-harvest", 24, 8)
    assert [r.error for r in results if r.status != "ended"] == []  # an assertion above ends a run
    assert not remembered, "a decision answered on offer was kept"
    names = {name for name, _ in seen}
    assert names == {"Fight", "Endeavour"}, names
    assert len(seen) > 30
    assert len({key for _, key in seen}) >= 4


def test_the_engine_keeps_its_decisions_for_act(monkeypatch):
    from solo.adventure import loader
    from solo.playtest.runner import PlaytestSpec, run_one

    remembered: list[bool] = []
    original = kept_decision.remember
    monkeypatch.setattr(kept_decision, "remember",
                        lambda procedure, ruleset, setup, *rest: (remembered.append(setup.answered_on_offer),
                                                                  original(procedure, ruleset, setup, *rest)))
    spec = PlaytestSpec(loader.load("blessed-harvest").adventure, runtime="engine")
    for index in range(6):
        run_one(spec, index, 8)
    assert remembered and not any(remembered)


def test_a_fight_decision_asked_on_the_state_itself_leaves_it_as_it_was(monkeypatch):
    """Answered on offer, a fight's decision is worked out on the caller's state without a
    private copy: at every decision of 40 runs the state (type for type) and the fighters are as
    they were before it, and the actions equal those worked out on a copy (the engine's way).
    (An endeavour's decision still takes a copy: it sets up state it finds missing, ``powers``.)"""
    seen: list[str] = []

    def watch(procedure):
        original = procedure.decision

        def decision(rules, setup, state):
            assert setup.answered_on_offer
            before, fighters = copy.deepcopy(typed(state)), _fighters(setup)
            made = original(rules, setup, state)
            assert typed(state) == before and _fighters(setup) == fighters
            engine_way = original(rules, dataclasses.replace(setup, answered_on_offer=False), copy.deepcopy(state))
            assert made == engine_way
            seen.append(procedure.__name__)
            return made

        monkeypatch.setattr(procedure, "decision", decision)

    watch(Fight)
    results = play_fast("blessed-harvest", 40, 8)
    assert [r.error for r in results if r.status != "ended"] == []  # an assertion above ends a run
    assert len(seen) > 20
