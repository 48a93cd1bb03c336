"""Blessèd Agility and Blessèd Circumstance played through an adventure
(tests/fixtures/hb-focal-knacks.yaml): once the focus rolls are down in an endeavour of three
characters, Wren may count her roll as 0 or swap two rolls; each answer names who then takes the
focus, the focus follows it, and a spent ability is used again only by paying its recharge.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-focal-knacks.yaml"
RACE, DUEL = "1", "2"


@pytest.fixture(scope="module")
def adventure():
    return loader.load(FIXTURE).adventure


def to_knack(game: Game, rng: random.Random) -> bool:
    """Play random answers until the focus question is asked; False if the race ended first."""
    for _ in range(200):
        if game.finished:
            return False
        if any(o.id.startswith("knack:") for o in game.offered.options):
            return True
        choices = [o for o in game.offered.options if o.enabled and o.id != "sit"]
        game.choose(rng.choice(choices).key)
    return False


def rolls_in(prompt: str) -> dict[str, int]:
    """'The focus rolls: you 4, Tam 5, The reeve's son 8. ...' -> {'you': 4, ...}"""
    listed = prompt.split(": ", 1)[1].split(". ")[0]
    return {name: int(value) for name, _, value in (part.rpartition(" ") for part in listed.split(", "))}


def test_the_fixture_validates(adventure):
    assert [p for p in validate_path(adventure.source) if p.severity == "error"] == []


def test_a_swap_with_the_leader_gives_wren_the_focus_with_the_leaders_roll(adventure):
    swapped = 0
    for seed in range(12):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        game.start()
        game.choose(RACE)
        if not to_knack(game, rng):
            continue
        values = rolls_in(game.offered.prompt)
        best = max(values.values())
        leader = [k for k, v in values.items() if v == best]
        if len(leader) != 1 or leader[0] == "you" or leader[0] == "Tam" or values["you"] == best:
            continue
        option = next(o for o in game.offered.options if o.id == "knack:swap:player:reeve")
        assert option.hint == f"then you take the focus with {best}"
        texts = [e.to_dict().get("text") or "" for e in game.choose(option.key)]
        assert any(t.startswith(f"You take the focus and gain the advantage: {best} spaces") for t in texts), texts
        assert game.character.extra["spent_abilities"] == ["Blessèd Circumstance"]
        swapped += 1
        # spent now: offered again only at its recharge, paid from the pool
        while to_knack(game, rng):
            swap = [o for o in game.offered.options if o.id.startswith("knack:swap")]
            if swap:
                assert all("recharge: a blessing die worth 5+" in o.text for o in swap)
                pool = list(game.character.resources["blessings"])
                game.choose(swap[0].key)
                assert len(game.character.resources["blessings"]) == len(pool) - 1
                break
            game.choose(next(o.key for o in game.offered.options if o.id == "knack:none"))
    assert swapped


def test_agility_counts_wrens_roll_as_nothing_for_the_focus(adventure):
    used = 0
    for seed in range(12):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        game.start()
        game.choose(RACE)
        if not to_knack(game, rng) or not any(o.id == "knack:agility" for o in game.offered.options):
            continue
        values = rolls_in(game.offered.prompt)
        others = {k: v for k, v in values.items() if k != "you"}
        best = max(others.values())
        option = next(o for o in game.offered.options if o.id == "knack:agility")
        texts = [e.to_dict().get("text") or "" for e in game.choose(option.key)]
        assert f"Blessèd Agility: your {values['you']} counts as 0 for the focus." in texts
        assert not any(t.startswith("You take the focus") for t in texts)
        if list(others.values()).count(best) == 1:
            assert option.hint.endswith(f"takes the focus with {best}")
        used += 1
    assert used


def test_with_two_characters_in_the_endeavour_nothing_is_asked(adventure):
    for seed in range(4):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        game.start()
        game.choose(DUEL)
        assert not to_knack(game, rng) and game.finished


BARN = "3"


def bumping_mean(sides: int) -> Fraction:
    """A bumping dN's mean in closed form: the face's mean, again on a 1 (N/(N-1) times)."""
    return Fraction(sides + 1, 2) * Fraction(sides, sides - 1)


def test_quick_scan_asks_for_a_type_with_its_exact_figures_and_scans_it_one_rarity_higher(adventure):
    game = Game(adventure, seed=0)
    game.start()
    game.choose(BARN)
    hints = {o.id: o.hint for o in game.offered.options}
    rare = bumping_mean(4) - 2 + 0  # a d4 never totals 1 (a 1 bumps): nothing below 2 is cut off
    assert hints["scan:coin"] == (f"{float(rare):.1f} coin glimmers on average as usual, "
                                  f"{float(bumping_mean(4)):.1f} scanned; at least one: 75%, scanned 100%")
    assert hints["scan:sheaf"].startswith(f"{float(bumping_mean(6)):.1f} sheaf glimmers on average as usual, "
                                          f"{float(bumping_mean(8)):.1f} scanned")
    assert hints["scan:key"].startswith("1.0 key glimmers on average as usual, 2.0 scanned")
    none_seen = False
    for seed in range(16):
        for pick in ("scan:coin", "scan:none"):
            game = Game(adventure, seed=seed)
            game.start()
            game.choose(BARN)
            texts = [e.to_dict().get("text") or "" for e in game.choose(
                next(o.key for o in game.offered.options if o.id == pick))]
            coins = [t for t in texts if " coin glimmer" in t]
            keys = [t for t in texts if " key glimmer" in t]
            if pick == "scan:coin":
                assert coins and "You scan the lay of the land for coin." in texts  # a d4: at least one
                assert keys == ["1 key glimmer on the line" + keys[0].split("line", 1)[1]]
            else:
                none_seen = none_seen or not coins
    assert none_seen  # unscanned, rare coins are sometimes missing


def test_pragmatism_rolls_last_rounds_dice_again_at_exact_odds_and_is_then_spent(adventure):
    from solo.rules import registry
    from solo.rules.base import Character
    from solo.rules.conflict import percent

    rules = registry.get("humanity-blessed")
    done = exact = 0
    for seed in range(10):
        game, rng = Game(adventure, seed=seed), random.Random(seed)
        game.start()
        game.choose(RACE)
        for _ in range(60):
            if game.finished or any(o.id.startswith("again:") for o in game.offered.options):
                break
            options = [o for o in game.offered.options if o.enabled and o.id.startswith(("check:", "knack:none",
                                                                                         "help:0", "stat:", "pass"))]
            game.choose(rng.choice(options or [o for o in game.offered.options if o.enabled]).key)
        again = next((o for o in game.offered.options if o.id.startswith("again:")), None)
        if again is None:
            continue
        data = game.snapshot()["pending"]["data"]
        previous = data["state"]["previous"]
        stat = previous["intent"]["stat"]
        if previous["intent"].get("spark") or game.character.conditions:
            continue
        # the faces stand: the total is theirs, the aid (Survival Instinct on Hurry) is rolled
        # only on a would-be failure; with no modifiers on the character the total is the faces'
        faces = previous["faces"]
        total = sum(faces)
        assert total >= 4 or stat == "hurry" or Fraction(again.odds) == 0
        if total >= 4:
            assert Fraction(again.odds) == 1
            beaten = Fraction(1)
            for key, intent in data["state"]["intent"].items():
                if key == "player" or intent.get("do") != "check":
                    continue
                who = Character.from_dict(data["fighters"][key]["character"])
                totals = rules.check_odds(who, {"stat": intent["stat"], "target": 4, "focal": True}).distributions["total"]
                beaten *= sum((p for v, p in totals.items() if v < total), Fraction(0))
            assert again.hint == f"100% success, {percent(beaten)} focus", again.hint
            exact += 1
        events = [e.to_dict() for e in game.choose(again.key)]
        rolled = next(e for e in events if e.get("roll") and e["roll"]["details"].get("pragmatism"))
        assert rolled["roll"]["dice"][:len(faces)] == faces
        assert "Blessèd Pragmatism" in game.character.extra["spent_abilities"]
        done += 1
    assert done and exact


def declare_round(game: Game) -> None:
    assert any(o.id == "check:hurry" for o in game.offered.options)


def test_epic_awkwardness_makes_everyone_else_uncool_and_the_focus_odds_follow(adventure):
    from solo.rules import registry
    from solo.rules.base import Character
    from solo.rules.conflict import percent

    rules = registry.get("humanity-blessed")
    game = Game(adventure, seed=3)
    game.start()
    game.choose(RACE)
    declare_round(game)
    texts = [e.to_dict().get("text") for e in game.choose(next(o.key for o in game.offered.options if o.id == "epic:joke"))]
    assert "Epic Awkwardness: your joke lands badly on purpose; Tam, the reeve's son are Uncool." in texts
    data = game.state.pending.data
    mine = rules.check_odds(game.character, {"stat": "hurry", "target": 4, "focal": True}).distributions["total"]
    chance = Fraction(1)
    others = {}
    for key in ("tam", "reeve"):
        who = Character.from_dict(data["fighters"][key]["character"])
        assert "uncool" in who.conditions
        intent = data["state"]["intent"][key]
        others[key] = rules.check_odds(who, {"stat": intent["stat"], "target": 4, "focal": True}).distributions["total"]
    chance = sum((p * sum((q for v, q in others["tam"].items() if v < x), Fraction(0))
                  * sum((q for v, q in others["reeve"].items() if v < x), Fraction(0))
                  for x, p in mine.items()), Fraction(0))
    hurry = next(o for o in game.offered.options if o.id == "check:hurry")
    assert hurry.hint.endswith(f"{percent(chance)} focus"), hurry.hint
    assert not any(o.id == "epic:joke" for o in game.offered.options)  # once a session


def test_epic_storytelling_gives_everyone_else_a_blessing_die_and_fortitude_makes_the_next_success_bigger(adventure):
    from solo.rules.humanity_blessed.number_line import spaces_for_size

    game = Game(adventure, seed=5)
    game.start()
    game.choose(RACE)
    before = {k: len(f["character"]["resources"].get("blessings", []))
              for k, f in game.state.pending.data["fighters"].items() if k != "player"}
    game.choose(next(o.key for o in game.offered.options if o.id == "epic:story"))
    after = {k: len(f["character"]["resources"].get("blessings", []))
             for k, f in game.state.pending.data["fighters"].items() if k != "player"}
    assert all(after[k] >= before[k] + 1 for k in before), (before, after)
    game.choose(next(o.key for o in game.offered.options if o.id == "epic:fortitude"))
    texts: list[str] = []
    for _ in range(40):
        texts += [e.to_dict().get("text") or "" for e in game.choose(
            next(o.key for o in game.offered.options if o.id in ("check:hurry", "knack:none", "help:0", "pass")
                 and o.enabled))]
        if "Epic Fortitude: the success is one size larger." in texts:
            break
    at = texts.index("Epic Fortitude: the success is one size larger.")
    moved = texts[at + 1]
    assert moved.startswith("You succeed (")
    size = moved.split("(", 1)[1].split(",")[0].replace(" ", "-")
    assert f": {spaces_for_size(size)} spaces" in moved or "already at the goal" in moved
    assert size != "very-minor"  # one size larger than the smallest at least
    assert texts.count("Epic Fortitude: the success is one size larger.") == 1


def test_the_epic_abilities_wait_for_a_pool_worth_ten(adventure):
    game = Game(adventure, seed=1)
    game.start()
    game.character.resources["blessings"] = [2, 3]
    game.choose(RACE)
    epics = [o for o in game.offered.options if o.id.startswith("epic:")]
    assert len(epics) == 3 and not any(o.enabled for o in epics)
