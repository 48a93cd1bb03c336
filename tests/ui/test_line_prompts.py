"""Line mode's own prompts fit the terminal: a question is wrapped at word ends, never cut by it."""

from __future__ import annotations

import io

from solo.adventure import loader
from solo.ui.line import LineFront
from solo.ui.words import Words


class _Answers:
    """A line source that records its prompts and answers each with ``y``."""

    interactive = True

    def __init__(self) -> None:
        self.prompts: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return "y"


def test_a_yes_no_question_wraps_at_word_ends_at_60_columns():
    """At 60 columns "Keep Dara Okafor as a stored character, to play in other adventures? [y/N]"
    was cut by the terminal as "adv / entures"."""
    out, source = io.StringIO(), _Answers()
    front = LineFront(Words(loader.load("supply-ship").adventure), source, plain=True, out=out, width=60)
    assert front.confirm("Keep Dara Okafor as a stored character, to play in other adventures?")
    lines = out.getvalue().splitlines() + source.prompts
    assert all(len(line.rstrip()) <= 60 for line in lines), lines
    assert " ".join(" ".join(lines).split()) == (
        "Keep Dara Okafor as a stored character, to play in other adventures? [y/N]")
    assert source.prompts[0].endswith("[y/N] ")


def test_the_words_after_the_game_put_the_file_on_a_line_of_its_own():
    """At 60 columns "...in slot 'supply-ship' (/tmp/.../su" / "pply-ship.json)." was cut mid-path."""
    from solo.ui.commands import where_saved

    path = "/tmp/t4/saves60/supply-ship.json"
    ended = where_saved("supply-ship", True, path).splitlines()
    assert ended == ["The story is saved in slot 'supply-ship':", f"  {path}",
                     "Re-read it with: solo transcript supply-ship"]
    going = where_saved("supply-ship", False, path).splitlines()
    assert going[0] == "Progress saved in slot 'supply-ship':" and going[-1] == "Resume with: solo continue supply-ship"
    assert where_saved("tm", False) == "Progress saved in slot 'tm'.\nResume with: solo continue tm"
