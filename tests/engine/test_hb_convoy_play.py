"""Blessèd Convoy played through an adventure (tests/fixtures/hb-convoy.yaml): on a roll tagged
`transport`, each companion the roll's `convoy` names may Help the player once for +1 at no
cost (one die's Help, less the one die Convoy takes off), beside the player's own Help, at the
exact chance of the roll plus one; where the +1 cannot change the result it is shown disabled
with its reason and cannot be taken.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.engine.game import Game, InvalidDecision

FIXTURE = Path(__file__).parent.parent / "fixtures" / "hb-convoy.yaml"
FORD, TOLL = "1", "2"


def roll(game: Game, key: str) -> dict:
    """Make choice ``key``'s roll (rolled on, unsparked); the roll as first shown."""
    events = [e.to_dict() for e in game.choose(key)]
    while any(o.id.startswith("spark-") for o in game.offered.options):
        events += [e.to_dict() for e in game.choose("keep")]
    return [e for e in events if e["type"] == "roll"][-1]["record"]


def options(game: Game) -> dict[str, tuple[str, str]]:
    return {o.id: (o.text, o.hint) for o in game.offered.options}


def test_each_companion_aboard_helps_once_for_one_at_no_cost_at_the_odds_of_the_roll_plus_one():
    game = Game(loader.load(FIXTURE).adventure, seed=0)
    game.start()
    first = roll(game, FORD)
    assert (first["total"], first["outcome"]) == (8, "failure")  # 8 against 9
    offered = options(game)
    assert offered["convoy-0"] == ("Blessèd Convoy: Nell helps for +1 at no cost", "then 100% to succeed")
    assert offered["convoy-1"][0] == "Blessèd Convoy: Pip helps for +1 at no cost"
    assert offered["convoy-0"][1] == offered["help-1"][1]  # the same +1 as one die's Help
    pool = list(game.character.resources["blessings"])
    events = [e.to_dict() for e in game.choose("convoy-0")]
    helped = next(e for e in events if e["type"] == "roll")["record"]
    assert (helped["total"], helped["outcome"]) == (9, "success")
    assert helped["details"]["convoy_help"] == [{"by": "Nell", "value": 1}]
    assert game.character.resources["blessings"] == pool  # nothing paid
    offered = options(game)
    assert "convoy-0" not in offered and "convoy-1" in offered and "help-1" in offered
    events = [e.to_dict() for e in game.choose("keep")]
    assert "The cart rolls out on the far bank (medium)." in [e.get("text") for e in events]
    assert game.state.flags["across"]


def test_a_contest_on_the_road_takes_the_help_of_the_one_companion_aboard():
    game = Game(loader.load(FIXTURE).adventure, seed=0)
    game.start()
    first = roll(game, TOLL)
    assert (first["total"], first["details"]["opponent_total"]) == (6, 8)
    offered = options(game)
    assert [k for k in offered if k.startswith("convoy-")] == ["convoy-0"]
    # 7 against 8 still loses: Nell's +1 is shown greyed with the reason, in its place, no key
    nell = next(o for o in game.offered.options if o.id == "convoy-0")
    assert (nell.text, nell.enabled, nell.key) == ("Blessèd Convoy: Nell helps for +1 at no cost", False, None)
    assert nell.reason == "cannot change the result: +1 makes 7 against 8, still a loss"
    with pytest.raises(InvalidDecision, match="cannot change the result"):
        game.choose("convoy-0")
    events = [e.to_dict() for e in game.choose("keep")]
    record = next(e for e in events if e["type"] == "roll" and e["final"])["record"]
    assert (record["total"], record["outcome"]) == (6, "failure")
    assert "convoy_help" not in record["details"]
    assert "The bar drops in front of the horse." in [e.get("text") for e in events]


def test_without_the_ability_no_companion_helps():
    game = Game(loader.load(FIXTURE).adventure, seed=0)
    game.start()
    game.character.extra["abilities"] = ["Licensed Driver"]
    roll(game, FORD)
    assert not any(k.startswith("convoy-") for k in options(game))


def test_validate_refuses_a_convoy_off_the_road_or_of_someone_not_a_companion(tmp_path):
    text = FIXTURE.read_text(encoding="utf-8")
    off_road = tmp_path / "hb-convoy-off-road.yaml"
    off_road.write_text(text.replace("          target: 9\n          tags: [transport]\n", "          target: 9\n"),
                        encoding="utf-8")
    problems = [(p.code, p.line, p.message) for p in validate_path(off_road) if p.severity == "error"]
    assert problems == [("bad-check", 41, "HUMANITY-BLESSED: convoy names companions being transported: the roll needs the tag transport")]
    stranger = tmp_path / "hb-convoy-stranger.yaml"
    stranger.write_text(text.replace("convoy: [nell]", "convoy: [tollman]"), encoding="utf-8")
    problems = [(p.code, p.line) for p in validate_path(stranger) if p.severity == "error"]
    assert problems == [("assist-not-companion", 51)]


def test_after_a_success_companions_help_only_where_the_adventure_reads_the_size(tmp_path):
    """A companion's +1 after a success can only raise the outcome size, like one die of Help:
    offered (with the player's own Help) where the adventure reads the ford's ``roll.size``, and
    not at all in a copy whose success text does not read it."""
    text = FIXTURE.read_text(encoding="utf-8")
    read_size = "The cart rolls out on the far bank ({roll.size})."
    assert read_size in text
    unread = tmp_path / "hb-convoy-unread.yaml"
    unread.write_text(text.replace(read_size, "The cart rolls out on the far bank."), encoding="utf-8")
    for seed in range(40):
        game = Game(loader.load(FIXTURE).adventure, seed=seed)
        game.start()
        if roll(game, FORD)["outcome"] == "success":
            break
    else:
        raise AssertionError("no seed of 40 crossed the ford")
    assert {"convoy-0", "convoy-1"} <= set(options(game))
    plain = Game(loader.load(unread).adventure, seed=seed)
    plain.start()
    assert roll(plain, FORD)["outcome"] == "success"  # the same dice
    offered = options(plain) if plain.offered is not None and plain.offered.kind == "roll" else {}
    assert not any(k.startswith(("convoy-", "help-")) for k in offered), offered
