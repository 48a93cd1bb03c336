"""An endeavour's number line on screen: drawn space by space when it fits (rich views), listed
with what stands at each space, and said in words (plain mode, transcripts)."""

from __future__ import annotations

from solo.engine import events as ev
from solo.adventure import loader
from solo.ui.conflict_view import RULER_LIMIT, ruler_text, track_text
from solo.ui.words import Words

TRACK = {"length": 12, "positions": {"You": 2, "The rain": 5, "Nell": 5},
         "marks": {"4": "alarm←", "9": "Lark Brook", "12": "goal"}}


def test_the_line_is_drawn_one_character_a_space():
    ruler = ruler_text(TRACK)
    assert ruler.plain == "0 ··Y·!2···!··| 12"
    assert ruler_text({**TRACK, "length": RULER_LIMIT + 1}) is None  # too long: the list alone
    listed = track_text(TRACK).plain
    assert listed.startswith("Line: 0 ─ 2 [You] ─ 4 alarm←") and "9 Lark Brook" in listed


def test_plain_mode_says_the_line_in_words():
    words = Words(loader.load("blessed-harvest").adventure)
    view = {"title": "Race", "round": 1, "fighters": [], "track": TRACK, "notes": []}
    lines = [line.text for line in words.conflict(ev.ConflictRound(1, view))]
    assert "Line 0 to 12: You at 2, The rain at 5, Nell at 5; alarm← at 4; Lark Brook at 9; goal at 12" in lines
