"""A Humanity, Blessed fight's or endeavour's action carried out on offer (``act_on_offer(...,
owned=True)``, what the playtest's fast runtime asks) equals the full ``act`` on a copy: the key
not checked against the decision again and the caller's state changed in place of a private copy
give the same step (state type for type, beats, round, result), fighters and dice, at every
action of 24 blessed-harvest fast runs; and a decision answered on offer is not kept for an
``act`` to recall (``ConflictSetup.answered_on_offer``), while the engine's still is."""

from __future__ import annotations

import copy
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


def _watch(monkeypatch, procedure, seen):
    original = procedure.act_on_offer

    def act_on_offer(rules, dice, setup, state, key, owned=False):
        assert setup.answered_on_offer and owned
        twin_dice, twin_setup, twin_state = copy.deepcopy((dice, setup, state))
        kept_decision._last.clear()  # the full act works the decision out and checks the key
        made = original(rules, dice, setup, state, key, owned=True)
        assert made.state is state, "an owned state was copied"
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
    play_fast("blessed-harvest", 24, 8)
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
