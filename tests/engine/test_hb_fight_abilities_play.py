"""The Humanity, Blessed fight abilities played through an adventure
(tests/fixtures/hb-fight-abilities.yaml): Ada carries Blessèd Thorns, Sentry, Anger,
Determination and Distraction, Uncommon Attack and Concerted Effort; for each, a player who
takes that ability whenever it is offered sees it offered and sees its effect in the fight."""

from __future__ import annotations

import random

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game

#: ability: (what its offer says, what the fight says once it has worked)
ABILITIES = {
    "thorns": ("Blessèd Thorns:", "Blessèd Thorns"),
    "sentry": ("Step in front of Tam", "You step in front of Tam (Blessèd Sentry)."),
    "anger": ("(Blessèd Anger)", "Blessèd Anger turns on"),
    "determination": ("(Blessèd Determination)", None),
    "distraction": ("Distract ", "You distract them with Lantern (Blessèd Distraction)"),
    "uncommon": ("Uncommon Attack:", "Uncommon Attack: "),
    "concerted": ("Spend 2 blessing dice for +dc4", "You help Tam: "),
}


@pytest.fixture
def gate(fixtures):
    return loader.load(fixtures / "hb-fight-abilities.yaml").adventure


def test_the_fixture_validates(fixtures):
    assert [p for p in validate_path(fixtures / "hb-fight-abilities.yaml") if p.severity == "error"] == []


def play(adventure, seed: int, offer: str):
    """Play the fight taking ``offer`` whenever it is there, else at random; the menus where it
    was taken (all options) and the fight's lines from the first time on."""
    game = Game(adventure, seed=seed)
    rng = random.Random(seed)
    game.start()
    menus, lines = [], []
    for _ in range(300):
        if game.finished:
            break
        options = [o for o in game.offered.options if o.key in game.offered.enabled_keys()]
        pick = next((o for o in options if offer in o.text), None)
        if pick is not None:
            menus.append((pick, options))
        events = game.choose((pick or rng.choice(options)).key)
        if menus:
            lines += [e.to_dict()["text"] for e in events if e.type == "conflict-action"]
    return menus, lines


#: The first seed whose fight shows the ability work, found by a search of seeds 0-11, where it
#: is not seed 0: tried first (anger works in seed 2 alone of the twelve), then the others.
FIRST_SEED = {"anger": 2, "concerted": 1}


@pytest.mark.parametrize("ability", sorted(ABILITIES))
def test_each_fight_ability_is_offered_and_works(gate, ability):
    """Up to 12 seeded fights, the searched seed first (:data:`FIRST_SEED`; the order alone
    changed, so the test passes and fails as it did, sooner)."""
    offer, effect = ABILITIES[ability]
    first = FIRST_SEED.get(ability, 0)
    for seed in [first] + [s for s in range(12) if s != first]:
        menus, lines = play(gate, seed, offer)
        if not menus:
            continue
        if ability == "determination":  # setting the pain aside raises the chance on offer
            pick, options = menus[0]
            plain = next(o for o in options if o.text == pick.text.split(", setting aside")[0])
            assert pick.odds > plain.odds
            return
        if ability == "concerted":  # two dice on Tam's roll count four; on her own roll, two
            assert all("Spend 2 blessing dice for +dc2" not in o.text for o in menus[0][1])
        if any(effect in line for line in lines):
            return
    pytest.fail(f"{ability}: never offered and seen working in 12 fights")
