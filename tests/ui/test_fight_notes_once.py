"""A fight's notes ("You fight with…", "To hurt…") under the round's table in the scrolling
terminal: shown in the first round and again only when their words change, not under every
round (slips10, lantern-fen's pole fight repeated both lines each round). The full-screen panel
redraws in place and keeps them (it calls :func:`~solo.ui.conflict_view.state_view` itself)."""

from __future__ import annotations

import io

from rich.console import Console

from solo.adventure import loader
from solo.engine import events as ev
from solo.engine.gm import GameMaster
from solo.ui.conflict_view import fresh_notes, render_conflict
from solo.ui.line import LineFront
from solo.ui.words import Words
from pregen_play import start_as


def _pole_fight(rounds: int) -> list[ev.Event]:
    fen = loader.load("lantern-fen").adventure
    game = start_as(fen, "maud", 3)
    events = GameMaster(game).goto("pole-fight")
    while rounds and game.offered.kind == "conflict":
        events += game.choose(next(o.key for o in game.offered.options if o.id == "stance:defensive"))
        rounds -= 1
    return events


def test_the_terminal_shows_the_fight_notes_once_not_every_round():
    events = _pole_fight(3)
    rounds = [e for e in events if isinstance(e, ev.ConflictRound)]
    assert len(rounds) >= 3 and all(e.view["notes"] == rounds[0].view["notes"] for e in rounds)
    out = io.StringIO()
    fen = loader.load("lantern-fen").adventure
    console = Console(file=out, width=200, color_system=None, force_terminal=False)
    LineFront(Words(fen), None, out=out, console=console, width=200).show(events)
    shown = out.getvalue()
    assert shown.count("where it stands in round") >= 3
    assert shown.count("You fight with Ferrywoman 4, Boathook") == 1
    assert shown.count("To hurt The Hollow Ferryman") == 1


def test_a_note_whose_words_change_is_shown_again_and_a_new_fight_starts_afresh():
    memory: dict = {}
    assert fresh_notes({"notes": ["A", "B"]}, memory) == ["A", "B"]
    assert fresh_notes({"notes": ["A", "B"]}, memory) == []
    assert fresh_notes({"notes": ["A", "C"]}, memory) == ["C"]
    assert fresh_notes({"notes": ["A", "C"]}, None) == ["A", "C"]  # no memory: every note
    render_conflict(ev.ConflictStarted("bridge", "Another fight", "fight", {}), None, memory)
    assert fresh_notes({"notes": ["A", "C"]}, memory) == ["A", "C"]
