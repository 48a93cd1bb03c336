"""Blessèd Insurance played through an adventure (tests/fixtures/hb-self-acceptance.yaml): a
check tagged `tend` that fails may be turned into a very minor success; then the ability is
spent, readied again only by paying three blessing dice, and the next recharge costs two more.
"""

from __future__ import annotations

from pathlib import Path

from solo.adventure import loader
from solo.engine.game import Game

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-self-acceptance.yaml"
BIND = "5"


def bind(game: Game) -> list[dict]:
    """Bind the cut until a roll fails (a success ends nothing: try again); the events."""
    for _ in range(20):
        events = [e.to_dict() for e in game.choose(BIND)]
        while any(o.id.startswith("spark-") for o in game.offered.options):  # roll on, unsparked
            events += [e.to_dict() for e in game.choose(next(o.key for o in game.offered.options if o.id == "keep"))]
        if game.offered.prompt == "The dice are down":
            return events
    raise AssertionError("the cut was always bound")


def test_a_failed_tending_is_insured_then_recharged_at_three_dice_then_at_five():
    adventure = loader.load(FIXTURE).adventure
    game = Game(adventure, seed=4)
    game.start()
    bind(game)
    insure = next(o for o in game.offered.options if o.id == "blessed-insurance")
    assert insure.text == "Blessèd Insurance: turn the failure into a success"
    assert insure.hint == "then 100% to succeed"
    events = [e.to_dict() for e in game.choose(insure.key)]
    final = next(e for e in events if e["type"] == "roll" and e["final"])["record"]
    assert final["success"] and final["details"]["size"] == "very-minor"
    assert "The cut is bound (very-minor)." in [e.get("text") for e in events]
    assert game.character.extra["spent_abilities"] == ["Blessèd Insurance"]

    pool = list(game.character.resources["blessings"])
    bind(game)
    insure = next(o for o in game.offered.options if o.id == "blessed-insurance")
    assert insure.text == "Blessèd Insurance: recharge with 3 blessing dice and turn the failure into a success"
    game.choose(insure.key)
    assert len(game.character.resources["blessings"]) <= len(pool) - 3 + 2  # paid 3 (a roll may earn some)
    assert game.character.extra["insurance_recharges"] == 1
    game.character.resources["blessings"] = [1, 1, 1, 1]  # four dice: short of the next five
    bind(game)
    assert not any(o.id == "blessed-insurance" for o in game.offered.options)


FIGHT = Path(__file__).parent.parent / "fixtures" / "hb-insured-fight.yaml"


def test_in_a_fight_a_failed_tend_on_the_insured_gets_them_up_once_and_tending_tam_is_offered_at_certainty():
    """Seeded random fights of the insured-fight fixture: every Blessèd Insurance comes right after
    a tend and gets someone back up, the player's own at most once a fight, and tending Tam is
    offered at certainty while his insurance is unspent. Seeds 2 and 6 were picked by a search of
    0-7 (the test played 0-2 before, and seed 0 showed none of it): seed 2 offers the tend 14
    times and turns the tending of the player, seed 6 another fighter's; the test now also fails when
    no tend is offered at all."""
    import random
    from fractions import Fraction

    adventure = loader.load(FIGHT).adventure
    turned = offered = 0
    for seed in (2, 6):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        stream = [e.to_dict() for e in game.start()]
        for _ in range(400):
            if game.finished:
                break
            tend = next((o for o in game.offered.options if o.id == "tend:tam" and o.enabled), None)
            tam = game.state.pending.data["fighters"]["tam"]["character"] if tend is not None else {}
            if tend is not None and "Blessèd Insurance" not in (tam["extra"].get("spent_abilities") or []):
                assert Fraction(tend.odds) == 1
                offered += 1
            options = [o for o in game.offered.options if o.enabled and not o.id.startswith(("flee", "yield"))]
            stream += [e.to_dict() for e in game.choose(rng.choice(options or game.offered.options).key)]
        texts = [e.get("text") or "" for e in stream]
        uses = [n for n, t in enumerate(texts) if t.startswith("Blessèd Insurance:")]
        for n in uses:
            assert "tends" in texts[n - 1] or "tend" in texts[n - 1]
            assert "back up" in texts[n + 1]
        insured = [t for t in texts if t.startswith("Blessèd Insurance:") and "tending of you" in t]
        assert len(insured) <= 1  # once: it is not recharged in a fight
        turned += len(uses)
    assert turned >= 2 and offered
