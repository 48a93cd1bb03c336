"""What reading lantern-fen through in the terminal found (issue 22, docs/editorial/lantern-fen.md,
2026-11-29): each slip stays fixed."""

from __future__ import annotations

import re

import pytest

from solo.adventure import loader
from solo.engine.events import SceneEntered
from solo.engine.game import Game, KEEP
from solo.engine.gm import GameMaster
from pregen_play import placed

FEN = loader.load("lantern-fen").adventure
ACCUSE = ", and say it in front of the chapel"


def _at(pregen: str, scene: str, items: tuple[str, ...] = ()) -> Game:
    return placed(FEN, pregen, scene, 4, items)


def _shown(events) -> str:
    return " ".join(getattr(e, "text", "") or "" for e in events)


def _offered(game: Game) -> list[str]:
    return [o.text for o in game.offered.options if o.enabled]


def _take(game: Game, text: str, *faces: int) -> str:
    game.dice.force(*faces)
    events = game.choose(next(o.key for o in game.offered.options if o.enabled and o.text == text))
    while game.offered is not None and game.offered.kind not in ("scene", "conflict"):
        events += game.choose(next(o.key for o in game.offered.options if o.id == KEEP))
    return _shown(events)


def test_the_ferry_shed_is_described_once_and_its_ledger_is_on_the_shelf_only_while_it_is_there():
    game = _at("maud", "landing")
    gm = GameMaster(game)
    first = next(e.text for e in gm.goto("ferry-shed") if isinstance(e, SceneEntered))
    assert "Nets hang from the rafters" in first and "Back in the ferry shed" not in first
    again = next(e.text for e in gm.goto("ferry-shed") if isinstance(e, SceneEntered))
    assert again.startswith("Back in the ferry shed") and "Nets hang" not in again
    assert "ledger still sits on its shelf" in again
    gm.give("ferry-ledger")
    third = next(e.text for e in gm.goto("ferry-shed") if isinstance(e, SceneEntered))
    assert "ledger" not in third and len(third) < len(first) / 3


def test_the_hags_gut_is_told_to_you_not_about_maud():
    shown = next(e.text for e in GameMaster(_at("maud", "landing")).goto("hags-gut") if isinstance(e, SceneEntered))
    shown = " ".join(shown.split())
    assert "You learned it from Cobb Marl" in shown and "Maud" not in shown


def test_no_word_is_broken_at_a_hyphen_across_lines():
    """A literal block joins its lines with a space on screen: "corpse-" then "candle" read
    "corpse- candle"."""
    broken = [f"{number}: {line.strip()}" for number, line in enumerate(loader.resolve("lantern-fen").read_text(encoding="utf-8").splitlines(), 1)
              if re.search(r"[A-Za-z]-$", line.rstrip())]
    assert broken == []


@pytest.mark.parametrize("items, says", [
    (("commission-tag", "ferry-ledger"), "Hold up the Commission's tag and the ledger"),
    (("commission-tag",), "Hold up the Commission's tag"),
    (("ferry-ledger",), "Hold up Cobb's ledger"),
])
def test_the_accusation_at_the_chapel_holds_up_only_what_the_player_carries(items, says):
    game = _at("maud", "chapel-steps", items)
    if items == ("ferry-ledger",):
        game.state.flags["knows_cutter"] = True
        GameMaster(game).goto("chapel-steps")
    accusing = [t for t in _offered(game) if t.endswith(ACCUSE)]
    assert accusing == [says + ACCUSE]


def test_nell_shouts_the_eel_catchers_word_with_her_own_craft_not_her_knowledge():
    nell = _offered(_at("nell", "pim-overboard"))
    assert "Shout to him to go limp, as the eel-men say, so the weed lets go" not in nell
    assert "Shout to him to go limp, the way every eel-catcher's child is taught, so the weed lets go" in nell
    odds = {r["choice"]: float(r["success"].rstrip("%")) for r in GameMaster(_at("nell", "pim-overboard")).odds()}
    taught = next(v for k, v in odds.items() if "eel-catcher's child" in k)
    assert taught > 50  # Eel-catching 3 against average (was Knowledge 1, poorly fitting: 2%)
    for other in ("maud", "erasmus"):
        shown = _offered(_at(other, "pim-overboard"))
        assert "Shout to him to go limp, as the eel-men say, so the weed lets go" in shown
        assert not any("eel-catcher's child" in t for t in shown)


@pytest.mark.parametrize("knife", [True, False])
def test_nell_cuts_pim_loose_with_her_knife_while_she_has_it(knife):
    game = _at("nell", "pim-overboard")
    if not knife:
        game.state.character.items.remove("gutting-knife")
    said = _take(game, "Go in after him", 6, 5, 5, 5)
    assert ("the knife from your boot" in said) is knife
    assert ("fingernails and your teeth" in said) is not knife


@pytest.mark.parametrize("agathe_keeps_it", [True, False])
def test_losing_the_stare_down_takes_the_bell_from_whoever_holds_it(agathe_keeps_it):
    """Agathe may keep her bell ("Fold her hands back round it"); the ferryman then takes it out
    of her arms, not off the raft."""
    game = _at("nell", "agathe-confession")
    _take(game, "Fold her hands back round it; it is hers to ring, not yours" if agathe_keeps_it
          else "Take the bell and promise to ring it at Hobb's Stair")
    said = " ".join(_take(game, "Meet his empty eyes and refuse to pay", 1, 2, 1, 6, 6, 6).split())
    assert game.state.scene == "toll-steps"
    assert ("out of Agathe's arms" in said) is agathe_keeps_it
    assert ("from the raft" in said) is not agathe_keeps_it


def test_a_ledger_already_in_hand_is_read_not_taken_again():
    """Erasmus tots up the ledger's columns (and pockets it); the other way into the book no longer
    says "Take the ledger"."""
    game = _at("erasmus", "ferry-shed")
    assert "Take the ledger and read the last pages by the door" in _offered(game)
    _take(game, "Tot up the ledger's columns the way a clerk would", 6, 5, 5)
    assert "ferry-ledger" in game.state.character.items
    assert "Read the ledger's last pages by the door" in _offered(game)
    assert "Take the ledger and read the last pages by the door" not in _offered(game)


@pytest.mark.parametrize("pregen, reads", [("nell", False), ("erasmus", True), ("maud", True)])
def test_only_a_reader_reads_cobbs_name_on_the_belfry_beam(pregen, reads):
    """Nell cannot read: in the belfry she knows Cobb's cut by the ferry's mark beside it, cuts
    marks rather than names, and tells Agathe she found his mark."""
    game = _at(pregen, "landing")
    shown = " ".join(next(e.text for e in GameMaster(game).goto("belfry") if isinstance(e, SceneEntered)).split())
    assert ("It reads COBB MARL" in shown) is reads
    assert ("The letters are nothing to you" in shown) is not reads
    offered = _offered(game)
    assert ("Cut Pim's name and yours on the beam, as ferry-folk do for luck" in offered) is reads
    assert ("Call down to Agathe that you have found Cobb's name" in offered) is reads
    assert ("Call down to Agathe that you have found Cobb's mark" in offered) is not reads


@pytest.mark.parametrize("holding", [True, False])
def test_the_belfry_cache_is_worth_finding_with_a_flask_already_in_hand(holding):
    """A second flask cannot be carried (an item is held once), so with one in hand the find
    goes into the lantern there and then instead of vanishing."""
    game = _at("erasmus", "belfry", ("oil-flask",) if holding else ())
    game.state.clocks["lantern"] = 6
    said = " ".join(_take(game, "Search behind the louvres for the ferry-folk's cache", 3, 4, 5).split())
    assert "oil-flask" in game.state.character.items
    assert ("pour this one into the lantern" in said) is holding
    assert game.state.clocks["lantern"] == (2 if holding else 6)


def test_agathe_does_not_say_nobody_carved_the_name_the_belfry_shows_cut_fresh():
    game = _at("maud", "belfry")
    said = " ".join(_take(game, "Call down to Agathe that you have found Cobb's name").split())
    assert "Nobody carved his" not in said and "cut his the week he went" in said


@pytest.mark.parametrize("pregen, drop, option, weapon", [
    ("maud", (), "Knock his pole aside with your boathook and force a passage", "Boathook"),
    ("nell", (), "Duck under his pole with your gutting knife and force a passage", "Gutting knife"),
    ("nell", ("gutting-knife",), "Go at him bare-handed and force a passage", "fists"),
])
def test_the_pole_fight_is_told_with_what_the_fight_panel_says_you_hold(pregen, drop, option, weapon):
    """slips10: the scene was "Pole against Pole" and told Nell she swung a pole while the panel
    said she fought with her gutting knife; now the option, the text and the panel agree."""
    game = _at(pregen, "ferryman-rises")
    for item in drop:
        game.character.items.remove(item)
    GameMaster(game).goto("ferryman-rises")  # offered again, read with what is in hand now
    assert option in _offered(game)
    events = game.choose(next(o.key for o in game.offered.options if o.text == option))
    text = _shown(events)
    notes = [e.view["notes"][0] for e in events if type(e).__name__ == "ConflictRound"][0]
    assert weapon in notes and FEN.scenes["pole-fight"].title != "Pole against Pole"
    swings_a_pole = "Wood meets wood" in text
    assert swings_a_pole == (weapon == "Boathook"), text


def test_the_ferry_shed_is_not_offered_once_nothing_is_left_in_it():
    """slips10: "Duck into the ferry shed" stayed on the jetty after its ledger, its sums and its
    nets were all done; the shed then offered only the way out."""
    for pregen, once in (("maud", 2), ("erasmus", 3)):
        game = _at(pregen, "landing")
        assert "Duck into the ferry shed before you go" in _offered(game)
        game.choose(next(o.key for o in game.offered.options if o.text == "Duck into the ferry shed before you go"))
        for _ in range(once):
            _take(game, next(t for t in _offered(game) if t != "Go back out to the jetty"), 6, 6, 6, 6, 6, 6)
            assert game.state.scene == "ferry-shed"
        assert _offered(game) == ["Go back out to the jetty"]
        game.choose(next(o.key for o in game.offered.options if o.enabled))
        assert game.state.scene == "landing"
        assert "Duck into the ferry shed before you go" not in _offered(game), pregen
