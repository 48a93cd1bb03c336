"""What reading lantern-fen through in the terminal found in sitting 11 (Erasmus, line mode, to
A New Cable; docs/editorial/lantern-fen.md, lines dated read11): each slip stays fixed."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.events import EndingReached, ObjectiveCompleted, SceneEntered
from solo.engine.game import Game, KEEP
from solo.engine.gm import GameMaster
from pregen_play import placed

FEN = loader.load("lantern-fen").adventure
KNOT = "Throw him the mooring line, its end tied in a hedge-wizard's knot that holds"
CARVE = "Cut Pim's name and yours on the beam, as ferry-folk do for luck"


def _at(pregen: str, scene: str, items: tuple[str, ...] = ()) -> Game:
    return placed(FEN, pregen, scene, 4, items)


def _take(game: Game, text: str, *faces: int) -> list:
    game.dice.force(*faces)
    events = game.choose(next(o.key for o in game.offered.options if o.enabled and o.text == text))
    while game.offered is not None and game.offered.kind not in ("scene", "conflict"):
        events += game.choose(next(o.key for o in game.offered.options if o.id == KEEP))
    return events


def _said(events) -> str:
    return " ".join(" ".join(getattr(e, "text", "") or "" for e in events).split())


def test_erasmus_s_knots_that_hold_can_bring_pim_out_of_the_weed():
    """The description promised four tricks and the file used three; the knot is the fourth,
    offered only to a hedge wizard, last in the scene's list, and it decides Pim's fate both ways."""
    offered = [o.text for o in _at("erasmus", "pim-overboard").offered.options if o.enabled]
    assert offered[-1] == KNOT
    for other in ("maud", "nell"):
        assert KNOT not in [o.text for o in _at(other, "pim-overboard").offered.options]
    odds = {r["choice"]: float(r["success"].rstrip("%")) for r in GameMaster(_at("erasmus", "pim-overboard")).odds()}
    haul = next(v for k, v in odds.items() if k.startswith("Lie flat"))
    assert odds[KNOT] > 60 > haul  # his craft, not his Body 1
    saved = _at("erasmus", "pim-overboard")
    said = _said(_take(saved, KNOT, 4, 4, 4, 4))
    assert "the knot holds" in said and not saved.state.flags["pim_taken"]
    assert saved.state.scene == "open-water"
    lost = _at("erasmus", "pim-overboard")
    _take(lost, KNOT, 2, 3, 2, 2)
    assert lost.state.flags["pim_taken"] and lost.state.scene == "open-water"


def test_the_belfry_s_flask_poured_into_the_lantern_is_not_its_first_filling():
    """Erasmus poured the belfry's flask into the lantern and was still told he crossed "on the
    lantern's first filling of oil"."""
    def ending(pour: bool) -> set[str]:
        game = _at("erasmus", "belfry", ("oil-flask",) if pour else ())
        _take(game, "Search behind the louvres for the ferry-folk's cache", 3, 4, 5)
        events = GameMaster(game).goto("ending-bell-rings")
        assert any(isinstance(e, EndingReached) for e in events)
        return {e.id for e in events if isinstance(e, ObjectiveCompleted)}

    assert "keep-the-light" not in ending(pour=True)
    assert "keep-the-light" in ending(pour=False)


def test_drownmere_steeple_is_described_once_and_briefly_on_coming_down_from_the_belfry():
    game = _at("erasmus", "landing")
    gm = GameMaster(game)
    first = next(e.text for e in gm.goto("drowned-church") if isinstance(e, SceneEntered))
    assert "Ferry-folk used to leave supplies" in first
    gm.goto("belfry")
    events = _take(game, "Climb down and cast off")
    again = next(e.text for e in events if isinstance(e, SceneEntered))
    assert "Ferry-folk used to leave supplies" not in again and len(again) < len(first) / 2
    assert "only one of the old streets" in again


@pytest.mark.parametrize("pregen, drop, tool", [
    ("erasmus", (), "iron tip of the boathook"),
    ("maud", (), "iron tip of the boathook"),
    ("nell", (), "gutting knife"),
    ("nell", ("gutting-knife",), "rusty nail"),
])
def test_names_are_carved_with_something_the_player_holds(pregen, drop, tool):
    game = _at(pregen, "belfry")
    for item in drop:
        game.state.character.items.remove(item)
    carve = next(o.text for o in game.offered.options if o.text.startswith("Cut "))
    assert tool in _said(_take(game, carve))


def test_hobbs_stair_without_a_bell_still_offers_a_way_on():
    """Every way to the Stair carries the bell; a GM's `:goto last-stretch` without one found a
    scene with no choice (the engine stopped: "leaves the player no choice")."""
    game = _at("maud", "landing")
    GameMaster(game).goto("last-stretch")
    offered = [o.text for o in game.offered.options if o.enabled]
    assert offered == ["Climb the steps with no bell for him to hear"]
    events = _take(game, offered[0])
    assert next(e for e in events if isinstance(e, EndingReached)).id == "ending-toll-paid"
    with_bell = _at("maud", "last-stretch", ("ferry-bell",))
    assert "Climb the steps with no bell for him to hear" not in [o.text for o in with_bell.offered.options]


def test_a_contest_says_what_the_other_side_rolled():
    """The accusation at the chapel read only "[2] [5] [1] [4] Success: it works.": the dice
    shown are the player's, and nothing said what Stallard rolled or what the +2 for proof did."""
    from solo.engine.events import RollMade
    from solo.ui.words import Words

    game = _at("erasmus", "chapel-steps", ("commission-tag", "ferry-ledger"))
    accuse = next(o.text for o in game.offered.options if o.enabled and o.text.startswith("Hold up"))
    events = _take(game, accuse, 2, 5, 1, 4, 3, 4, 5)
    record = next(e.record for e in events if isinstance(e, RollMade))
    why = Words(FEN, game).roll(record, accuse).why
    assert why[0] == "You total 14 (+2 on your dice) against Mr. Orrin Stallard's 10 (3 4 5, -2): yours is higher by 4."
    game = _at("erasmus", "chapel-steps", ("commission-tag", "ferry-ledger"))
    events = _take(game, accuse, 2, 5, 1, 2, 4, 5, 5, 2, 1, 1, 1, 2, 1, 1)  # 12 against 12, then 7 against 2
    record = next(e.record for e in events if isinstance(e, RollMade))
    why = Words(FEN, game).roll(record, accuse).why
    assert why[0].startswith("You total 7 (+2 on your dice) against Mr. Orrin Stallard's 2 (2 1 1, -2): yours is higher by 5.")
    assert "The first roll was level, so both sides rolled again." in why
