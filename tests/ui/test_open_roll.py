"""A roll stopped before its result exists (Humanity, Blessed's open defence: the attack rolled,
the player's answer still to come) says what stands, never a result it has not reached, in
line mode (plain and rich) and in the full screen's dice panel."""

from __future__ import annotations

import io

from rich.console import Console

from solo.adventure import loader
from solo.engine import events as ev
from solo.engine.game import Game
from solo.ui.app.dice_view import dice_view
from solo.ui.line import LineFront
from solo.ui.words import Words

GATE = """\
format: 1
id: hb-gate
title: The Gate
system: humanity-blessed
start: gate
characters:
  - id: bo
    name: Bo Pike
    stats: {head: d4, hand: d6, heart: d4, home: d6, hurt: d4, hurry: d6, history: d4}
    extra: {best: hand, lifestyle: Carefree, value_system: Cunning and Capability}
npcs:
  - id: ram
    name: The ram
    stats: {hurt: d8}
scenes:
  gate:
    title: The Gate
    text: The ram lowers its head.
    choices:
      - text: Stand your ground as it charges
        contest:
          stat: hurry
          opponent: ram
          violent: true
          defending: true
          outcomes:
            success: {text: You hold., goto: gate}
            failure: {text: It knocks you over., goto: gate}
"""


def open_defence(tmp_path) -> tuple[Game, list[ev.Event]]:
    """A game stopped after the ram's attack (rolled 5), the player's answer not yet rolled."""
    path = tmp_path / "gate.yaml"
    path.write_text(GATE)
    game = Game(loader.load(path).adventure, seed=3)
    game.start()
    if game.offered.kind == "character":
        game.choose(game.offered.options[0].key)
    game.character.resources["blessings"] = [4, 4, 2]  # enough to spark the answer: the roll stays open
    game.dice.force(5)
    option = next(o for o in game.offered.options if o.text.startswith("Stand"))
    events = game.choose(option.key)
    assert game.offered is not None and game.offered.kind == "roll"
    return game, events


def shown(game: Game, events: list[ev.Event], *, plain: bool) -> str:
    out = io.StringIO()
    front = LineFront(Words(game.adventure, game), None, plain=plain, out=out, width=80)
    front.show(events)
    return out.getvalue()


def test_an_open_defence_says_the_attack_and_no_result_in_plain_line_mode(tmp_path):
    game, events = open_defence(tmp_path)
    text = shown(game, events, plain=True)
    assert "The ram rolled 5; your answer is not rolled yet." in text
    assert "So far" not in text and "failure" not in text.lower()


def test_an_open_defence_says_the_attack_and_no_result_in_rich_line_mode(tmp_path):
    game, events = open_defence(tmp_path)
    text = shown(game, events, plain=False)
    assert "The ram rolled 5; your answer is not rolled yet" in text
    assert "So far" not in text and "failure" not in text.lower()


def test_the_dice_panel_says_the_same_and_the_answer_then_gets_its_result(tmp_path):
    game, events = open_defence(tmp_path)
    words = Words(game.adventure, game)
    roll = next(e for e in events if isinstance(e, ev.RollMade))
    console = Console(width=30, file=io.StringIO(), record=True, color_system=None)
    console.print(dice_view(roll.record, words.roll(roll.record, roll.label, roll.final), width=30))
    drawn = " ".join(console.export_text().split())
    assert "So far" not in drawn and "failure" not in drawn.lower()
    assert "your answer is not" in drawn
    game.dice.force(6)  # the answer: hurry d6 shows 6 against the ram's 5
    answered = game.choose("keep")
    text = shown(game, answered, plain=True)
    assert "not rolled yet" not in text and "uccess" in text  # now there is a result to tell
    while game.offered is not None and game.offered.kind == "roll":
        answered += game.choose("keep")
    final = [e for e in answered if isinstance(e, ev.RollMade)][-1]
    assert final.final and final.record["success"]



PIPS = """\
format: 1
id: guts-pips
title: Pips
system: guts-plus
start: hull
characters:
  - id: cadet
    name: Cadet
    stats: {gumption: 2, utility: 3, thought: 2, slyness: 1}
scenes:
  hull:
    title: The Hull
    text: A seam weeps.
    choices:
      - text: Weld the seam
        check:
          stat: utility
          outcomes:
            success: {text: It holds., goto: done}
            failure: {text: It weeps on., goto: done}
  done:
    title: Done
    text: Quiet.
    ending: {outcome: victory, summary: Over.}
"""


def test_guts_plus_pips_waiting_to_be_placed_say_the_dice_as_they_lie_not_a_result(tmp_path):
    # Keeping the roll places the pips by the best split, so "So far: failure" above offers that
    # each say they change nothing read as a contradiction (found under tmux at 80x24).
    path = tmp_path / "pips.yaml"
    path.write_text(PIPS)
    game = Game(loader.load(path).adventure, seed=3)
    game.start()
    if game.offered.kind == "character":
        game.choose(game.offered.options[0].key)
    game.dice.force(2, 2, 1)  # doubles: a bonus die on offer; as they lie, a failure
    game.choose(next(o for o in game.offered.options if o.text.startswith("Weld")).key)
    assert game.offered.kind == "roll"
    game.dice.force(4)
    taken = game.choose(next(o for o in game.offered.options if o.id == "bonus").key)
    assert game.offered is not None and game.offered.kind == "roll"  # the pips wait to be placed
    for plain in (True, False):
        text = " ".join(shown(game, taken, plain=plain).split())
        assert "As the dice lie: failure; 4 pips still to place" in text
        assert "So far" not in text
    placed = game.choose("keep")
    text = shown(game, placed, plain=True)
    assert "As the dice lie" not in text and "success" in text  # kept: the pips placed, a result told
