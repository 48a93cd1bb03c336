"""Properties of the four-s fight over random fights: random parties, foes, behaviours, zones,
items, role-play moves and decisions. After every step: AP within 0 and 6, Health within 0 and
the maximum (plus a shield's 10), the enemies' pool never negative nor above its size, the rolls
left never negative nor above the purchase, the purchase whole again at each enemy phase, and
the enemy side paying double (an even number of each kind) for what it uses in the player's
phase. Every fight ends within its round limit."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.rules import registry
from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.four_s.fight import pool
from solo.rules.four_s.fight.gear import MAX_OVERHEAL
from solo.rules.four_s.fight.procedure import Fight
from solo.rules.four_s.ruleset import MAX_AP

FOUR = registry.get("four-s")
ITEMS = {
    "hammer": {"speed": "normal", "damage": "1d6"},
    "sling": {"speed": "fast", "damage": "1d3", "reach": "ranged"},
    "potion": {"speed": "normal", "heal": "1d6", "consumable": True},
    "shield": {"speed": "slow", "heal": 5, "overheal": 10},
    "buckler": {"speed": "slow", "block": "1d6"},
    "bomb": {"speed": "special", "ap": 4, "damage": "2d6", "area": True, "reach": "ranged"},
    "fiddle": {"speed": "slow", "hold": True, "area": True},
}
MOVES = [
    {"id": "door", "text": "Hold the door", "stat": "strength", "goal": "hard", "ends": "fled", "once": True},
    {"id": "stare", "text": "Stare it down", "stat": "scharisma", "against": "foe", "hold": True},
    {"id": "shove", "text": "Shove it", "stat": "strength", "against": "foe", "damage": "1d3"},
    {"id": "rocks", "text": "Bring the rocks down", "stat": "skill", "goal": 5, "damage": "1d6", "area": True},
]


@st.composite
def fights(draw):
    level = draw(st.integers(0, 3))
    stats = {"strength": 3 + draw(st.integers(0, 4)), "skill": 3, "support": 3, "scharisma": 3}
    items = draw(st.lists(st.sampled_from(sorted(ITEMS)), max_size=3, unique=True))
    me = Character("Wren", "four-s", stats, items=items, resources={"level": level})
    me = FOUR.prepare_character(me)
    me.resources["health"] = draw(st.integers(1, me.resources["max_health"]))
    fighters = [Fighter("player", PLAYER, me)]
    for n in range(draw(st.integers(0, 2))):
        ally = Character(f"Ally {n}", "four-s", {"strength": 3, "skill": 3, "support": 3, "scharisma": 3},
                         items=draw(st.lists(st.sampled_from(sorted(ITEMS)), max_size=2, unique=True)),
                         resources={"level": draw(st.integers(0, 2))})
        fighters.append(Fighter(f"ally-{n}", ALLY, FOUR.prepare_character(ally),
                                behaviour=draw(st.sampled_from(("steady", "reckless", "cautious")))))
    for n in range(draw(st.integers(1, 4))):
        actions = ["attack"] + draw(st.lists(st.sampled_from(("grapple", "heal", "block")), max_size=3, unique=True))
        extra = {"actions": actions, "reach": draw(st.sampled_from(("melee", "ranged")))}
        foe = FOUR.prepare_character(Character(f"Foe {n}", "four-s", {}, extra=extra))
        fighters.append(Fighter(f"foe-{n}", ENEMY, foe, behaviour=draw(st.sampled_from(("steady", "reckless",
                                                                                       "cautious"))), npc="foe"))
    names = [f"z{n}" for n in range(draw(st.integers(1, 4)))]
    zones = {z: draw(st.lists(st.sampled_from([o for o in names if o != z] or [z]), max_size=3, unique=True))
             for z in names}
    zones = {z: [t for t in targets if t != z] for z, targets in zones.items()}
    params = {
        "difficulty": draw(st.sampled_from(pool.DIFFICULTIES)),
        "first": draw(st.sampled_from(("enemy", "player"))),
        "zones": zones,
        "start": {f.key: draw(st.sampled_from(names)) for f in fighters},
        "exits": draw(st.lists(st.sampled_from(names), max_size=1, unique=True)) or None,
        "surrender": draw(st.booleans()),
        "roleplay": draw(st.lists(st.sampled_from(MOVES), max_size=3, unique_by=lambda m: m["id"])),
    }
    params = {k: v for k, v in params.items() if v is not None}
    setup = ConflictSetup("fight", fighters, params, ITEMS, {k: k for k in ITEMS}, rounds=draw(st.integers(2, 8)))
    return setup, draw(st.integers(0, 2**32)), draw(st.lists(st.integers(0, 50), min_size=200, max_size=200))


def check(setup: ConflictSetup, state: dict) -> None:
    for f in setup.fighters:
        if f.side == ENEMY:
            assert 0 <= state["foe_health"][f.key] <= state["foe_max"][f.key]
        else:
            res = f.character.resources
            assert 0 <= res["health"] <= res["max_health"] + MAX_OVERHEAL
            assert 0 <= state["ap"][f.key] <= MAX_AP
            if res["health"] == 0:
                assert f.key in state["out"]
    assert 0 <= sum(state["foe_health"].values()) <= state["pool"]
    for kind in pool.KINDS:
        assert 0 <= state["bank"][kind] <= state["purchase"][kind]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights())
def test_random_fights_keep_every_bound_and_end(case):
    setup, seed, picks = case
    fight = Fight(FOUR)
    dice = Dice(seed)
    step = fight.begin(dice, setup)
    state, result, beats = step.state, step.result, list(step.beats)
    check(setup, state)
    purchase = pool.bank_text(state["purchase"])
    decisions = 0
    for pick in picks:
        if result is not None or state["round"] > setup.rounds:
            break
        actions = [a for a in fight.decision(setup, state).actions if a.enabled]
        assert actions
        action = actions[pick % len(actions)]
        before = dict(state["bank"])
        player_phase = state["phase"] == "player" and state["step"] in ("act", "dice")
        step = fight.act(dice, setup, state, action.key)
        decisions += 1
        texts = [b.text for b in step.beats]
        if player_phase and not any("enemy phase" in t for t in texts):
            for kind in pool.KINDS:  # nothing but doubled uses between two enemy phases
                assert (before[kind] - step.state["bank"][kind]) % 2 == 0
        for text in texts:
            if "enemy phase: the enemy side has" in text:
                assert text.endswith(f"has {purchase} to use.")
        state, result = step.state, step.result
        beats += step.beats
        check(setup, state)
    assert result is not None or state["round"] > setup.rounds, f"no end after {decisions} decisions"
    if result is not None:
        conclusion = fight.conclude(dice, setup, state, result)
        for f in setup.fighters:
            if f.side != ENEMY:
                assert 0 <= f.character.resources["health"] <= f.character.resources["max_health"]
        assert set(conclusion.fallen) <= {f.key for f in setup.fighters if f.key != "player"}
