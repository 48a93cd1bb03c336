"""Random GAME fights keep the book's bounds.

Each example builds a fight from drawn skills, kit, sides, behaviours and parameters, and plays
it to its end with drawn decisions. After every step: every fighter's FP is within 0 and its
maximum; no damage roll is negative and each is the book's dice + criticals − AR, at least 0;
every stun that takes hold costs its fighter exactly one action (or is cleared by defeat, or
still waits when the fight ends), and no action is lost without one; the result is one the
procedure said it could reach, and once it ends the state never offers another decision.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.game import Game
from solo.rules.game.fatigue import read_fatigue
from solo.rules.game.fight.procedure import Fight

RULES = Game()
FIGHT = Fight(RULES)
ITEMS = {
    "sword": {"weapon": "blade"},
    "club": {"weapon": "blunt"},
    "bow": {"weapon": "missile"},
    "net": {"weapon": {"kind": "thrown", "range": [1, 2, 3]}},
    "glaive": {"weapon": {"kind": "blade", "bonus": 1}},
    "shield": {"shield": True},
    "jerkin": {"armour": "light"},
    "chain": {"armour": "heavy"},
    "plate": {"armour": "bulky"},
}
SKILLS = ("Hack/Slash", "Lift/Smash", "Throw/Ensnare", "Shoot/Fire", "Block/Dodge", "Perception/Track")

ratings = st.integers(min_value=0, max_value=7)
kit = st.lists(st.sampled_from(sorted(ITEMS)), max_size=3, unique=True)


@st.composite
def fighters(draw, name: str) -> Character:
    stats = {skill: draw(ratings) for skill in SKILLS}
    levels = {skill: draw(st.integers(0, min(2, stats[skill]))) for skill in SKILLS if draw(st.booleans())}
    character = Character(name=name, system="game", stats=stats, items=draw(kit),
                          extra={"talents": levels, "notable": draw(st.sampled_from(["Brawn", "Balance", "Brains"]))})
    character.resources["max_fp"] = draw(st.integers(1, 10))
    character.resources["rerolls"] = draw(st.integers(0, 2))
    return RULES.prepare_character(character)


@st.composite
def fights(draw) -> ConflictSetup:
    behaviours = st.sampled_from(FIGHT.behaviours)
    people = [Fighter("player", PLAYER, draw(fighters("Hero")))]
    for n in range(draw(st.integers(0, 1))):
        people.append(Fighter(f"ally-{n}", ALLY, draw(fighters(f"Ally {n}")), behaviour=draw(behaviours), npc=f"ally-{n}"))
    groups = draw(st.integers(1, 2))
    for n in range(draw(st.integers(1, 4))):
        group = f"g{n % groups}"
        people.append(Fighter(f"foe-{n}", ENEMY, draw(fighters(f"Foe {n}")), group=group,
                              behaviour=draw(behaviours), npc=f"foe{n}"))
    params = {
        "distance": draw(st.integers(0, 7)),
        "difficulty": draw(st.sampled_from(["easy", "challenging", "hard"])),
        "flee": draw(st.booleans()),
        "surrender": draw(st.booleans()),
        "surprise": draw(st.sampled_from(["none", "player", "foes"])),
    }
    if draw(st.booleans()):
        params["frontage"] = draw(st.integers(1, 3))
    return ConflictSetup("fight", people, params, ITEMS, {k: k.title() for k in ITEMS}, rounds=draw(st.integers(3, 12)))


def check_bounds(setup: ConflictSetup) -> None:
    for fighter in setup.fighters:
        now = read_fatigue(fighter.character)
        assert 0 <= now.fp <= now.max_fp, (fighter.key, now)


def tally(beats, counts: dict) -> None:
    for beat in beats:
        m = beat.measures
        if "fp_lost" in m:
            assert m["damage_dice"] >= 0 and m["criticals"] >= 0 and m["fp_lost"] >= 0
            assert m["criticals"] <= m["damage_dice"]
            assert m["fp_lost"] == max(0, m["damage_dice"] + m["criticals"] - m["ar"])
        for name in ("stunned", "action_lost", "stun_cleared"):
            if m.get(name):
                counts.setdefault(beat.actor, {}).setdefault(name, 0)
                counts[beat.actor][name] += 1
        got = counts.get(beat.actor, {})
        # never more actions lost (or stuns cleared) than stuns that took hold
        assert got.get("action_lost", 0) + got.get("stun_cleared", 0) <= got.get("stunned", 0), beat.text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(fights(), st.integers(0, 2**16))
def test_random_fights_keep_fp_in_bounds_and_stuns_cost_exactly_one_action(setup, seed):
    possible = FIGHT.possible_results(setup)
    dice = Dice(seed)
    rng = random.Random(seed)
    counts: dict = {}
    step = FIGHT.begin(dice, setup)
    tally(step.beats, counts)
    check_bounds(setup)
    state = step.state
    result = step.result
    for _ in range(400):
        if result is not None or step.round > setup.rounds:
            break
        actions = [a.key for a in FIGHT.decision(setup, state).actions if a.enabled]
        assert actions
        step = FIGHT.act(dice, setup, state, rng.choice(actions))
        tally(step.beats, counts)
        check_bounds(setup)
        state, result = step.state, step.result
    else:
        raise AssertionError("the fight did not end")
    if result is not None:
        assert result in possible, (result, possible)
    for key, got in counts.items():
        pending = 1 if key in state["stunned"] else 0
        assert got.get("stunned", 0) == got.get("action_lost", 0) + got.get("stun_cleared", 0) + pending, (key, got)
    end = FIGHT.conclude(dice, setup, state, result or "lost")
    assert end.measures["fp_lost"] >= 0
    assert set(end.fallen) <= {f.key for f in setup.fighters if f.side != PLAYER}
