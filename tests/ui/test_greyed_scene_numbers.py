"""A greyed-out scene choice keeps its number (read11): goblin-market's market lanes showed
"1 2 · 3 4 · 5 6" after the jar lane and the toymaker were done, so the fiddle music, 7 on the
first visit, was 5 on the next, and a player who typed 7 again got nothing or the wrong lane.
Now a greyed choice takes its number, shown without it, and the choices after it keep theirs,
as a roll's greyed offers already did; what is typed is what the screen shows, in line mode
(plain and rich; the full screen is tests/ui_app/test_app_greyed_scene_numbers.py). A save
written before (no ``numbering`` in its state) still numbers the old way, so its choice log
replays to the same choices."""

from __future__ import annotations

import io

import pytest

from solo.adventure import loader
from solo.engine.game import Game, InvalidDecision
from solo.engine.state import GameState
from solo.ui.line import LineFront
from solo.ui.words import Words
from pregen_play import placed

MARKET = loader.load("goblin-market").adventure
THIMBLES = "Challenge him to a game of thimbles, his shadow against yours"
JIG = "Strike up a jig on your fiddle and set his shadow-coat dancing"


def _stall() -> Game:
    """Quince at Thimblerig's stall: the thimbles (second) are greyed until she knows his weakness."""
    return placed(MARKET, "quince", "quillick-stall", 4)


def _shown(game: Game, plain: bool) -> list[str]:
    out = io.StringIO()
    front = LineFront(Words(MARKET, game), source=None, plain=plain, out=out, width=200)
    front._choices(game.offered)
    return [" ".join(line.split()) for line in out.getvalue().splitlines() if line.strip()]


def test_a_greyed_scene_choice_keeps_its_number_and_the_ones_after_it_keep_theirs():
    game = _stall()
    options = game.offered.options
    assert [(o.key, o.enabled) for o in options[:3]] == [("1", True), (None, False), ("3", True)]
    assert options[1].text == THIMBLES and options[2].text == JIG
    assert [o.key for o in options if o.enabled] == [str(n) for n in range(1, len(options) + 1) if n != 2]


@pytest.mark.parametrize("plain, greyed", [(True, "(not now) " + THIMBLES), (False, "· " + THIMBLES)])
def test_line_mode_shows_the_numbers_that_are_typed(plain, greyed):
    game = _stall()
    shown = _shown(game, plain)
    at = next(i for i, line in enumerate(shown) if THIMBLES in line)
    assert shown[at].startswith(greyed)
    assert shown[at + 1].startswith("3) " + JIG)
    game.dice.force(6)
    events = game.choose("3")
    assert any(getattr(e, "label", "").startswith("Strike up a jig") for e in events)


def test_typing_a_greyed_choices_number_says_why_it_cannot_be_taken():
    game = _stall()
    with pytest.raises(InvalidDecision, match="cannot be taken now: You would need to know what Thimblerig cannot resist"):
        game.choose("2")
    assert game.state.scene == "quillick-stall" and game.offered.kind == "scene"


def test_a_save_from_before_numbers_the_old_way_so_its_log_replays():
    game = _stall()
    data = game.state.to_dict()
    assert data["numbering"] == 2
    del data["numbering"]
    old = Game.resume(MARKET, data)
    assert GameState.from_dict(data).numbering == 1
    keys = {o.text: o.key for o in old.offered.options}
    assert keys[THIMBLES] is None and keys[JIG] == "2"
    with pytest.raises(InvalidDecision):
        old.choose("7")  # the old numbering has six keys here


def test_the_prompt_names_the_numbers_that_can_be_typed_in_runs():
    from solo.ui.words import keys_hint

    assert keys_hint(_stall().offered.options) == "[1, 3-7]"  # was "[1/3/4/5/6/7]"
