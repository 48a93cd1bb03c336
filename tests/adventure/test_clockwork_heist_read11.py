"""What reading clockwork-heist through in the terminal found in sitting 11 (Dorrin, line mode;
docs/editorial/clockwork-heist.md, lines dated read11): each slip stays fixed."""

from __future__ import annotations

from solo.adventure import loader
from solo.engine.events import RollMade, SceneEntered
from solo.engine.game import KEEP
from solo.engine.gm import GameMaster
from solo.ui.words import Words
from pregen_play import placed

HEIST = loader.load("clockwork-heist").adventure


def _hall(events) -> str:
    return " ".join(next(e.text for e in events if isinstance(e, SceneEntered) and e.id == "grand-hall").split())


def test_the_chime_hall_says_a_line_on_return_and_no_fob_on_vesks_chain_once_you_hold_it():
    """Back from winning the fob at the spindle table, the hall showed its whole text again,
    "On his watch chain hangs a brass fob", with the fob in Dorrin's hand; and its plinth
    waited "for dawn", where the card and the opening unveil the Heart tonight."""
    game = placed(HEIST, "dorrin", "front-steps", 4)
    first = _hall(GameMaster(game).goto("grand-hall"))
    assert "bronze disc the size of a cartwheel" in first and "On his watch chain hangs a brass fob" in first
    assert "waiting for dawn" not in first and "unveil before the night is out" in first
    sit = next(o.key for o in game.offered.options if o.text.startswith("Take the empty seat"))
    game.choose(sit)
    game.dice.force(8, 3, 2)  # Dorrin 8 (and the notable d8 3), Vesk 2
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Play a patient")))
    while game.offered is not None and game.offered.kind == "roll":
        events += game.choose(next(o.key for o in game.offered.options if o.id == KEEP))
    assert "vesk-fob" in game.character.items
    again = _hall(events)
    assert "bronze disc" not in again and again.startswith("The grand hall again")
    assert "hangs bare where the wren-wing fob was" in again and "hangs a brass fob" not in again


def test_a_game_contest_shows_your_die_as_yours_and_says_both_sides():
    """The spindle table showed "[8] [2]" as Dorrin's dice (the 2 was Vesk's) and only "Both
    sides rolled: one success against one failure decides"."""
    game = placed(HEIST, "dorrin", "spindle-table", 4)
    game.dice.force(8, 3, 2)
    events = game.choose(next(o.key for o in game.offered.options if o.text.startswith("Play a patient")))
    record = next(e.record for e in events if isinstance(e, RollMade))
    words = Words(HEIST, game).roll(record, "Spindles")
    assert [d.value for d in words.dice] == [8]
    assert [name for name, _ in words.extras] == ["notable d8"]
    assert words.why[0] == ("You: Social/Etiquette 5 + 8 = 13, a success; "
                            "they: Social/Etiquette 4 + 2 = 6, a failure.")


def test_the_watermark_is_not_offered_once_the_true_drawings_are_in_your_coat():
    """After the appraisal found Quill's bundle, "Hold the sheets to the lamp and look for
    Quill's watermark" was still offered at 56%, to find what was already found."""
    game = placed(HEIST, "dorrin", "study-drawings", 4)
    lamp = "Hold the sheets to the lamp and look for Quill's watermark"
    assert next(o for o in game.offered.options if o.text == lamp).enabled
    GameMaster(game).give("drawings")
    GameMaster(game).goto(game.state.scene)
    greyed = next(o for o in game.offered.options if o.text == lamp)
    assert not greyed.enabled and greyed.reason == "You already know which bundle is Quill's."
