"""Random Loose and Fuzzy fights keep the book's bounds and carry Advantage Points exactly.

Each example builds a fight from drawn stats, kit, sides and behaviours, and plays it to its end
with drawn decisions. After every step: no one holds negative points; what each fighter holds
against each opponent is what they gained less what they spent; what they gained is exactly the
margins of the exchanges they won; only the book's wound conditions appear; a fighter out of
the fight has the condition that put them out; the result is one the procedure said it could
reach.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.rules.base import Character
from solo.rules.conflict import ALLY, ENEMY, PLAYER, ConflictSetup, Fighter
from solo.rules.dice import Dice
from solo.rules.loose_fuzzy import LooseFuzzy
from solo.rules.loose_fuzzy.combat import WOUND_CONDITIONS
from solo.rules.loose_fuzzy.fight import gear
from solo.rules.loose_fuzzy.fight.procedure import Fight

RULES = LooseFuzzy()
FIGHT = Fight(RULES)
ITEMS = {
    "sword": {"weapon": "ordinary", "fits": {"swordsman": 2}},
    "axe": {"weapon": "damaging"},
    "club": {"weapon": "light", "fits": {"brawler": 1}},
    "gun": {"weapon": "deadly"},
    "mail": {"armour": 1, "heavy": 1},
    "plate": {"armour": 2, "heavy": 2},
}
KNOWN = {*WOUND_CONDITIONS, *(gear.norm(c) for c in gear.OUT_CONDITIONS)}

ratings = st.integers(min_value=1, max_value=5)
kit = st.lists(st.sampled_from(sorted(ITEMS)), max_size=2, unique=True)


@st.composite
def fighters(draw, name: str) -> Character:
    stats = {"cleverness": 2, "knowledge": 2, "perception": 2, "body": draw(ratings), "tenacity": draw(ratings)}
    if draw(st.booleans()):
        stats["swordsman"] = draw(ratings)
    if draw(st.booleans()):
        stats["brawler"] = draw(ratings)
    return RULES.prepare_character(Character(name=name, system="loose-fuzzy", stats=stats, items=draw(kit)))


@st.composite
def fights(draw) -> ConflictSetup:
    behaviours = st.sampled_from(FIGHT.behaviours)
    people = [Fighter("player", PLAYER, draw(fighters("Hero")))]
    for n in range(draw(st.integers(0, 1))):
        people.append(Fighter(f"ally-{n}", ALLY, draw(fighters(f"Ally {n}")), behaviour=draw(behaviours)))
    for n in range(draw(st.integers(1, 3))):
        people.append(Fighter(f"foe-{n}", ENEMY, draw(fighters(f"Foe {n}")), behaviour=draw(behaviours),
                              npc="foe"))
    params = {
        "flee": draw(st.sampled_from([2, 4, False])),
        "surrender": draw(st.booleans()),
        "lethal": draw(st.booleans()),
        "crowd": draw(st.integers(2, 4)),
    }
    return ConflictSetup("fight", people, params, ITEMS, {k: k for k in ITEMS}, rounds=20)


def check_bounds(setup: ConflictSetup, state: dict, margins: dict) -> None:
    for holder, table in state["ap"].items():
        for against, points in table.items():
            assert points >= 0
            gained = state["gained"].get(holder, {}).get(against, 0)
            spent = state["spent"].get(holder, {}).get(against, 0)
            assert points == gained - spent
            assert gained == margins.get((holder, against), 0)
    for fighter in setup.fighters:
        for condition in fighter.character.conditions:
            assert gear.norm(condition) in KNOWN
        reason = state["out"].get(fighter.key)
        if reason not in (None, "fled"):
            assert reason in fighter.character.conditions
        assert gear.wound_penalty(fighter.character) <= 3


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights(), st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_random_fights_keep_the_bounds_and_carry_advantage_exactly(setup, seed, choose):
    dice = Dice(seed)
    step = FIGHT.begin(dice, setup)
    possible = FIGHT.possible_results(setup)
    margins: dict = {}
    pairs = {f.name: f.key for f in setup.fighters}
    steps = 0
    while True:
        for beat in step.beats:
            roll = beat.roll
            if roll is not None and roll.kind == "contest":
                a, b = beat.actor, pairs[roll.details["opponent"]]
                margin = roll.details["margin"]
                winner, loser = (a, b) if margin > 0 else (b, a)
                if margin:
                    margins[(winner, loser)] = margins.get((winner, loser), 0) + abs(margin)
                assert roll.measures["margin"] == margin
        check_bounds(setup, step.state, margins)
        if step.result is not None or step.round > setup.rounds:
            break
        actions = [a for a in FIGHT.decision(setup, step.state).actions if a.enabled]
        assert actions
        for action in actions:
            assert action.odds is None or 0 <= action.odds <= 1
        step = FIGHT.act(dice, setup, step.state, choose.choice(actions).key)
        steps += 1
        assert steps < 200
    if step.result is not None:
        assert step.result in possible
    FIGHT.conclude(dice, setup, step.state, step.result or "lost")
