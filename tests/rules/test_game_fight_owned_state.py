"""A GAME fight's action carried out on a state the caller owns (``act_on_offer(..., owned=True)``,
what the playtest's fast runtime asks) changes that state in place of a private copy: the same
step (state type for type, beats, round, result), fighters and dice as acting on a copy, at every
action of the fights of 24 clockwork-heist fast runs."""

from __future__ import annotations

import copy
from dataclasses import fields

from solo.rules.game.fight.procedure import Fight
from fast_plays import play_fast
from typed_read import typed


def _step(step):
    return (typed(step.state), [(b.actor, b.text) for b in step.beats], step.round, step.result)


def _fighters(setup):
    return [typed({f.name: (typed(vars(getattr(fighter, f.name))) if f.name == "character"
                            else getattr(fighter, f.name)) for f in fields(fighter)})
            for fighter in setup.fighters]


def test_an_owned_state_takes_the_action_in_place_as_a_copy_would(monkeypatch):
    original = Fight.act_on_offer
    seen: list[str] = []

    def act_on_offer(procedure, dice, setup, state, key, owned=False):
        if not owned:
            return original(procedure, dice, setup, state, key)
        twin_dice, twin_setup, twin_state = copy.deepcopy((dice, setup, state))
        made = original(procedure, dice, setup, state, key, owned=True)
        assert made.state is state, "an owned state was copied"
        other = original(procedure, twin_dice, twin_setup, twin_state, key)
        assert other.state is not twin_state
        assert _step(made) == _step(other)
        assert _fighters(setup) == _fighters(twin_setup)
        assert dice.count == twin_dice.count
        seen.append(key.partition(":")[0])
        return made

    monkeypatch.setattr(Fight, "act_on_offer", act_on_offer)
    play_fast("clockwork-heist", 24, 8)
    assert len(seen) > 30
    assert {"attack", "yield"} <= set(seen)
