"""lantern-fen's editorial slips stay fixed (docs/editorial/lantern-fen.md)."""

from __future__ import annotations

import pytest

from solo.adventure import loader
from solo.engine.game import Game
from solo.engine.gm import GameMaster
from pregen_play import enabled_options, placed, texts


@pytest.fixture(scope="module")
def fen():
    return loader.load("lantern-fen").adventure


def _at(fen, pregen: str, scene: str, items=()) -> Game:
    return placed(fen, pregen, scene, 4, tuple(items))


def _offered(game: Game) -> list[str]:
    return [o.text for o in game.offered.options if o.enabled]


def test_nell_who_cannot_read_is_not_offered_reading_the_ledger(fen):
    nell = _offered(_at(fen, "nell", "ferry-shed"))
    assert "Take the ledger and read the last pages by the door" not in nell
    assert any(t.startswith("Take the ledger; the letters are nothing to you") for t in nell)
    for reader in ("maud", "erasmus"):
        shown = _offered(_at(fen, reader, "ferry-shed"))
        assert "Take the ledger and read the last pages by the door" in shown
        assert not any(t.startswith("Take the ledger; the letters") for t in shown)


def test_the_knife_is_not_traded_for_a_flask_already_held(fen):
    trade = "Trade her your gutting knife for a flask of her oil"
    assert trade in _offered(_at(fen, "nell", "tansy-hut"))
    assert trade not in _offered(_at(fen, "nell", "tansy-hut", items=["oil-flask"]))


def _odds_everywhere(fen) -> list[tuple[str, str, str, float]]:
    """(scene, choice, pregen, chance) for every check each pregen is offered where it stands."""
    found = []
    for pregen in ("maud", "erasmus", "nell"):
        for sid, scene in fen.scenes.items():
            if not any(c.check is not None for c in scene.choices):
                continue
            game = _at(fen, pregen, sid)
            offered = set(_offered(game))
            for row in GameMaster(game).odds():
                if row["choice"] in offered and "success" in row:
                    found.append((sid, row["choice"], pregen, float(row["success"].rstrip("%"))))
    return found


def test_fen_lore_luck_and_maud_s_superstition_are_rolled(fen):
    stats = {(sid, c.check.params.get("stat")) for sid, s in fen.scenes.items() for c in s.choices if c.check}
    assert ("marker-posts", "fen_lore") in stats and ("marker-posts", "luck") in stats
    maud = _offered(_at(fen, "maud", "open-water"))
    nell = _offered(_at(fen, "nell", "open-water"))
    omen = "Spit three times over the side and pole on, though every omen you know says turn back"
    assert omen in maud and omen not in nell
    odds = {r["choice"]: float(r["success"].rstrip("%")) for r in GameMaster(_at(fen, "maud", "open-water")).odds()
            if "success" in r}
    # the superstition costs her a die against the lights: below what Nell has with the same Tenacity
    plain = {r["choice"]: float(r["success"].rstrip("%")) for r in GameMaster(_at(fen, "nell", "open-water")).odds()
             if "success" in r}
    assert odds[omen] < 70 and plain["Fix your eyes on the bow and pole on, whatever they say"] >= 70


def test_few_checks_are_foregone_conclusions(fen):
    rows = _odds_everywhere(fen)
    sure = [r for r in rows if r[3] >= 90]
    # was most of them (every three-dice check against "average" is 91%)
    assert len(sure) <= len(rows) // 4, sure


def test_the_stair_never_ends_the_night_on_a_single_forced_choice(fen):
    for pregen in ("maud", "erasmus", "nell"):
        assert len(_offered(_at(fen, pregen, "chapel-steps"))) >= 2, pregen


def test_drawing_stallard_out_opens_the_accusation(fen):
    game = _at(fen, "erasmus", "chapel-steps")
    accuse = "Name him for what he did, and say it in front of the chapel"  # knowing, with nothing in hand
    assert accuse not in _offered(game)
    game.state.flags["knows_cutter"] = True
    GameMaster(game).goto("chapel-steps")
    assert accuse in _offered(game)
    assert not any(t.startswith("Ask him, in front of the chapel door") for t in _offered(game))


def test_unluck_is_rolled_and_erasmus_s_ill_luck_bites_more_often(fen):
    """The drowned-churchyard cut rolls Unluck against average (7): the roll coming up means the
    bad luck strikes. Erasmus carries Unluck 2, Maud and Nell 1, so his cut is the riskier."""
    cut = "Take the shallow cut over the drowned churchyard, where trouble comes if your Unluck does"
    stats = {(sid, c.check.params.get("stat")) for sid, s in fen.scenes.items() for c in s.choices if c.check}
    assert ("marker-posts", "unluck") in stats
    bites = {}
    for pregen in ("erasmus", "maud"):
        game = _at(fen, pregen, "marker-posts")
        assert cut in _offered(game)
        bites[pregen] = next(float(r["success"].rstrip("%")) for r in GameMaster(game).odds()
                             if r["choice"] == cut)
    assert bites["erasmus"] > 2 * bites["maud"] > 0


def test_maud_s_superstition_is_written_as_a_disability(fen):
    omen = next(c for s in fen.scenes.values() for c in s.choices if c.text.startswith("Spit three times"))
    assert omen.check.params.get("disability") == "superstitious"


def test_nell_remembers_the_toll_rhyme_as_an_eel_catcher_not_at_three_percent(fen):
    """At the landing Nell (Knowledge 1) was offered the fen-folk's rhyme at 3%, a trap. She has the
    eel-wives' version on Eel-catching; the Knowledge one is greyed for her with a reason (not
    hidden), and hers is last in the list, so Maud's and Erasmus's choices keep their places."""
    rhyme = "Search your memory for what the old fen-folk say about nights like this"
    eel_wives = "Think back to what the eel-wives sang over the weir-nets about nights like this"
    nell = _at(fen, "nell", "landing")
    greyed = [o for o in nell.offered.options if o.text == rhyme]
    assert len(greyed) == 1 and not greyed[0].enabled and "eel-huts" in greyed[0].reason
    odds = {r["choice"]: float(r["success"].rstrip("%")) for r in GameMaster(nell).odds() if "success" in r}
    assert odds[eel_wives] >= 70
    assert all(odds[t] >= 20 for t in _offered(nell) if t in odds), odds  # no check a trap for her here
    for other in ("maud", "erasmus"):
        shown = _offered(_at(fen, other, "landing"))
        assert rhyme in shown and eel_wives not in shown
    choices = fen.scenes["landing"].choices
    assert choices[-1].text == eel_wives and choices[1].text == rhyme
    learned = []
    for seed in range(12):  # what she remembers opens the Cobb Marl naming at the ferryman, as the rhyme does
        game = placed(fen, "nell", "landing", seed)
        events = game.choose(enabled_options(game)[eel_wives])
        learned.append(("mother's voice" in texts(events), game.state.flags["knows_toll"]))
    assert (True, True) in learned and all(said == knows for said, knows in learned), learned
