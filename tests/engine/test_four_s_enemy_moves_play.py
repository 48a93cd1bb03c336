"""four-s enemies' own moves (book 533-547) played from an adventure file: an opponent whose npc
``extra.actions`` list ``fireball``, ``drain`` or ``shove`` uses it in a ``Game``, the player sees
it, and Health, zones and the odds on offer follow the book (tests/fixtures/four-s-enemy-moves.yaml,
one fight per move behind a first choice).

The exact arithmetic of each move on scripted dice is tests/rules/test_four_s_fight.py's; these
tests hold that an author reaches each move from a file and that the game plays it."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from solo.adventure import loader
from solo.cli import cli
from solo.engine.game import Game
from solo.rules.four_s.fight.procedure import MAX_RESIST_AP

FIXTURE_PATH = Path(__file__).resolve().parents[1] / "fixtures" / "four-s-enemy-moves.yaml"


def enter(adventure, route: int, seed: int) -> Game:
    """A game at the start of the fight behind the first choice's ``route``-th option."""
    game = Game(adventure, seed=seed)
    game.start()
    game.choose(game.offered.enabled_keys()[route])
    assert game.offered.kind == "conflict"
    return game


def act(game: Game, prefix: str) -> list[dict]:
    key = next(o.key for o in game.offered.options if o.enabled and str(o.id).startswith(prefix))
    return [e.to_dict() for e in game.choose(key)]


def fight_state(game: Game) -> dict:
    return game.state.pending.data["state"]


def texts(events: list[dict]) -> list[str]:
    return [e["text"] for e in events if e.get("type") == "conflict-action"]


def test_a_fireball_from_the_file_is_shared_by_everyone_in_the_zone():
    adventure = loader.load(FIXTURE_PATH).adventure
    for seed in range(3):
        game = enter(adventure, 0, seed)
        tam = game.state.pending.data["fighters"]["tam"]["character"]["resources"]
        assert tam["health"] == 10
        events = act(game, "end")  # the player keeps their AP; Tam acts; then the enemy phase
        said = [t for t in texts(events) if "fireball" in t]
        assert len(said) == 1 and "shared among you, Tam" in said[0], texts(events)
        record = next(e["roll"] for e in events
                      if e.get("actor") == "mage" and e.get("roll") and e["roll"]["kind"] == "damage")
        share = record["details"]["share"]
        assert share == -(-record["total"] // 2)  # two in the zone, each share rounded up
        assert sorted(record["details"]["target"]) == ["player", "tam"]
        assert f"{record['total']} damage shared among you, Tam, {share} each" in said[0]
        assert game.state.character.resources["health"] == 40 - min(share, 40)
        assert game.state.pending.data["fighters"]["tam"]["character"]["resources"]["health"] == 10 - min(share, 10)


def test_a_hurt_drainer_from_the_file_heals_itself_by_half_its_dice():
    adventure = loader.load(FIXTURE_PATH).adventure
    drained = 0
    for seed in range(6):
        game = enter(adventure, 1, seed)
        act(game, "use:cudgel:leech")  # hurt it: below its Health, a drainer drains
        hurt = fight_state(game)["foe_health"]["leech"]
        top = fight_state(game)["foe_max"]["leech"]
        assert hurt < top
        events = act(game, "end")
        record = next(e["roll"] for e in events
                      if e.get("actor") == "leech" and e.get("roll") and e["roll"]["kind"] == "damage")
        faces = record["dice"]
        if len(faces) < 2:
            continue  # one die is a plain attack, by the book
        drained += 1
        cut = -(-len(faces) // 2)
        assert record["details"]["drain"] == sum(faces[cut:])
        assert record["total"] == sum(faces[:cut]) + record["details"]["cp"]
        assert any("drains you" in t for t in texts(events)), texts(events)
        assert fight_state(game)["foe_health"]["leech"] == min(top, hurt + sum(faces[cut:]))
        assert game.state.character.resources["health"] == 40 - min(record["total"], 40)
    assert drained >= 3


def solo_odds(*args: str) -> Fraction:
    result = CliRunner().invoke(cli, ["odds", "four-s", *args, "--json"])
    assert result.exit_code == 0, result.output
    return Fraction(json.loads(result.output)["exact"]["success"])


def test_a_shove_from_the_file_asks_to_resist_at_solo_odds_and_a_loser_is_pushed_a_zone_away():
    adventure = loader.load(FIXTURE_PATH).adventure
    game = enter(adventure, 2, seed=1)
    events = act(game, "end")  # keep 6 AP: the warden, with no attack of its own, shoves
    assert any(t.startswith("Bridge Warden tries to shove you away") for t in texts(events)), texts(events)
    assert fight_state(game)["step"] == "resist"
    assert game.offered.prompt.startswith("Bridge Warden tries to shove you away (1d3)")
    options = game.offered.options
    assert len(options) == 1 + min(6, MAX_RESIST_AP)  # the free d3, then a d3 per AP more
    for k, option in enumerate(options):  # Strength 3: Roleplay Bonus 1; the warden's 1d3
        expected = solo_odds("--bonus", "1", "--ap", str(1 + k), "--enemy", "--versus-ap", "1", "--defending")
        assert Fraction(option.odds) == expected
        assert option.hint == f"{float(expected) * 100:.0f}% to stand firm"
    assert Fraction(options[0].odds) == Fraction(8, 9)  # only a 1 against a 3 loses
    lost = enter(adventure, 2, seed=1)
    act(lost, "end")
    lost.dice.force(1, 3)  # the free d3 1 + 1 = 2 against the warden's 3: shoved
    said = texts(act(lost, "resist:0"))
    assert any("shoves you away" in t for t in said), said
    assert fight_state(lost)["zone"]["player"] == "road"
    held = enter(adventure, 2, seed=1)
    act(held, "end")
    held.dice.force(2, 3)  # 2 + 1 = 3 against 3: the defender holds a tie
    said = texts(act(held, "resist:0"))
    assert any("stand firm" in t for t in said), said
    assert fight_state(held)["zone"]["player"] == "gate"
