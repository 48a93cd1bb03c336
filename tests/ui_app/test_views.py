"""The pieces the full-screen app draws with, without starting it: prose, status, dice, conflicts,
and which screen a command picks."""

from __future__ import annotations

import io

from rich.console import Console

from solo.adventure import loader
from solo.engine.game import Game
from solo.ui import screen_mode
from solo.ui.app.dice_view import dice_view, opponent_dice, own_dice
from solo.ui.status import status_of
from solo.ui.words import Words


def text(renderable, width=40) -> str:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


class FakeStream(io.StringIO):
    def __init__(self, tty: bool, encoding: str = "utf-8") -> None:
        super().__init__()
        self._tty = tty
        self._encoding = encoding

    def isatty(self) -> bool:
        return self._tty

    @property
    def encoding(self) -> str:
        return self._encoding


# -- status -------------------------------------------------------------------------------------
def test_status_names_what_the_character_has_in_player_words():
    adventure = loader.load("supply-ship").adventure
    game = Game(adventure, seed=1)
    game.start()
    before = status_of(game, adventure)
    assert before.name == "" and before.stats == () and before.title == adventure.title
    game.choose("1")
    status = status_of(game, adventure)
    assert status.name == "Dara Okafor" and status.scene == "Hypersleep Chamber"
    assert ("Fixing", "3") in status.stats
    assert "Universal multitool" in status.items
    assert [g.label for g in status.clocks][0] == "The cargo bay breach tearing wider"
    assert all(not done for _, done in status.objectives)


# -- dice ---------------------------------------------------------------------------------------
GUTS = {"system": "guts-plus", "kind": "check", "stat": "utility", "dice": [4, 4], "outcome": "success", "success": True,
        "total": None, "kept": [5, 4], "details": {"readings": ["success", "failure"], "reading": "success"}, "steps": []}
HB_CONTEST = {"system": "humanity-blessed", "kind": "contest", "stat": "hurry", "dice": [4, 1, 2], "outcome": "success",
              "success": True, "total": 4, "kept": None,
              "details": {"rounds": [[4]], "opponent": "Bartholomew the goose", "opponent_rounds": [[1], [2]], "opponent_total": 3}}


def words_for(adventure: str) -> Words:
    return Words(loader.load(adventure).adventure)


def test_each_die_is_drawn_with_its_face_and_reading_and_the_result_in_words():
    words = words_for("supply-ship")
    rw = words.roll(GUTS, "Patch the hole")
    drawn = text(dice_view(GUTS, rw, width=30))
    assert drawn.count("╭───╮") == 2 and "│ 5 │" in drawn and "│ 4 │" in drawn
    assert "Read: " + ", ".join(d.reading for d in rw.dice) in drawn
    assert rw.summary() in drawn
    assert len(rw.summary()) < 40 and rw.summary() in drawn  # one line in a 30-column panel


def test_a_contest_draws_the_other_sides_dice_apart():
    assert own_dice(HB_CONTEST) == ([4], None)
    assert opponent_dice(HB_CONTEST) == ("Bartholomew the goose", [1, 2])
    words = words_for("blessed-harvest")
    drawn = text(dice_view(HB_CONTEST, words.roll(HB_CONTEST, "Chase the goose"), width=30))
    assert drawn.count("╭───╮") == 3 and "Bartholomew the goose:" in drawn
    assert drawn.index("│ 4 │") < drawn.index("Bartholomew the goose:") < drawn.index("│ 1 │")


def test_many_dice_wrap_to_the_width_and_unfinished_rolls_say_so():
    record = {"system": "four-s", "kind": "check", "stat": "skill", "dice": list(range(1, 9)), "outcome": "success",
              "success": True, "total": 9, "kept": None, "details": {}, "steps": []}
    words = words_for("goblin-market")
    drawn = text(dice_view(record, words.roll(record, "Juggle", final=False), width=17), width=17)
    assert drawn.count("╭───╮") == 8 and "╭───╮╭" not in drawn
    assert max(len(line) for line in drawn.splitlines()) <= 17
    assert "So far:" in drawn and "still act" in drawn.replace("\n", " ")


# -- which screen -------------------------------------------------------------------------------
def test_full_screen_only_on_a_unicode_terminal_of_useful_size(monkeypatch):
    monkeypatch.delenv(screen_mode.ENV, raising=False)
    monkeypatch.delenv(screen_mode.WEB_DRIVER_ENV, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(screen_mode.shutil, "get_terminal_size", lambda fallback: __import__("os").terminal_size((100, 30)))
    tty, pipe = FakeStream(True), FakeStream(False)
    assert screen_mode.choose(stdin=tty, stdout=tty)[0] == screen_mode.FULL
    assert screen_mode.choose(stdin=pipe, stdout=tty)[0] == screen_mode.LINE
    assert screen_mode.choose(stdin=tty, stdout=FakeStream(True, "ascii"))[0] == screen_mode.LINE
    assert screen_mode.choose(as_json=True, stdin=tty, stdout=tty)[0] == screen_mode.LINE
    assert screen_mode.choose(plain=True, stdin=tty, stdout=tty)[0] == screen_mode.LINE
    assert screen_mode.choose(screen_mode.LINE, stdin=tty, stdout=tty)[0] == screen_mode.LINE
    assert screen_mode.choose(screen_mode.FULL, stdin=pipe, stdout=pipe)[0] == screen_mode.FULL
    monkeypatch.setenv(screen_mode.ENV, "line")
    assert screen_mode.choose(stdin=tty, stdout=tty)[0] == screen_mode.LINE
    monkeypatch.delenv(screen_mode.ENV)
    monkeypatch.setattr(screen_mode.shutil, "get_terminal_size", lambda fallback: __import__("os").terminal_size((50, 30)))
    mode, why = screen_mode.choose(stdin=tty, stdout=tty)
    assert mode == screen_mode.LINE and "smaller" in why
    for size, expected in (((60, 24), screen_mode.LINE), ((80, 19), screen_mode.LINE), ((80, 24), screen_mode.FULL)):
        monkeypatch.setattr(screen_mode.shutil, "get_terminal_size", lambda fallback, s=size: __import__("os").terminal_size(s))
        assert screen_mode.choose(stdin=tty, stdout=tty)[0] == expected, size
    monkeypatch.setenv(screen_mode.WEB_DRIVER_ENV, "textual.drivers.web_driver:WebDriver")
    assert screen_mode.choose(stdin=pipe, stdout=pipe)[0] == screen_mode.FULL


def test_the_side_panel_keeps_open_objectives_whole_while_they_fit_and_cuts_them_only_when_short():
    from solo.ui.app.widgets import rendered_height, sheet_view
    from solo.ui.status import Gauge, Status

    status = Status("Supply Run", "guts-plus", name="Dara Okafor",
                    stats=(("Gumption", "2"), ("Utility", "3"), ("Thought", "1"), ("Slyness", "1")),
                    items=("Universal multitool",), resources=(("Experience (XP)", "0"),),
                    objectives=(("Stop the loss of air and cargo", False),
                                ("Get the Mule home as close to schedule as you can", False)),
                    clocks=(Gauge("The cargo bay breach tearing wider", 3, 16),))

    def text(height: int | None) -> str:
        console = Console(width=24, file=io.StringIO(), record=True, color_system=None)
        console.print(sheet_view(status, 24, height))
        return " ".join(console.export_text().split())  # wrapped lines joined again

    def lines(height: int | None) -> int:
        return rendered_height(sheet_view(status, 24, height), 24)

    roomy = lines(None)
    snug = text(roomy - 1)  # short of roomy: no headings or spacing, the clock still whole
    assert "The cargo bay breach tearing wider" in snug and "schedule as you can" in snug and "…" not in snug
    close = text(lines(roomy - 1) - 1)  # shorter: the clock on one line, the objectives whole
    assert "cargo bay…" in close and "schedule as you can" in close  # cut at a word, never in one
    short = text(lines(lines(roomy - 1) - 1) - 1)  # shorter still: an objective a line
    assert "schedule as you can" not in short and "☐ Get the Mule home" in short
    words = set(" ".join(o for o, _ in status.objectives).split() + status.clocks[0].label.split())
    for cut in (close, short):
        for word in cut.split():
            if word.endswith("…"):
                assert word[:-1] in words, f"{word!r} is cut mid-word"
    assert lines(roomy - 1) < roomy and lines(lines(roomy - 1) - 1) < lines(roomy - 1)


def test_each_resource_has_its_own_line_while_there_is_room():
    from solo.ui.app.widgets import sheet_view
    from solo.ui.status import Status

    status = Status("Supply Run", "guts-plus", name="Dara Okafor", stats=(("Gumption", "2"),),
                    resources=(("Experience (XP)", "30"), ("Learning experiences", "Thought 1")))
    console = Console(width=38, file=io.StringIO(), record=True, color_system=None)
    console.print(sheet_view(status, 38))
    lines = [line.strip() for line in console.export_text().splitlines()]
    assert "Experience (XP) 30" in lines and "Learning experiences Thought 1" in lines


def test_cut_words_shortens_at_a_word_end():
    from solo.ui.app.widgets import cut_words

    assert cut_words("The cargo bay breach", 30) == "The cargo bay breach"
    assert cut_words("The cargo bay breach", 12) == "The cargo…"
    assert cut_words("The cargo bay breach", 14) == "The cargo bay…"
    assert len(cut_words("Supercalifragilistic", 8)) == 8
