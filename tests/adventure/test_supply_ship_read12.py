"""supply-ship's slip left by the sitting-11 read-through and fixed in sitting 12
(docs/editorial/supply-ship.md, the line dated read12): it stays fixed. The format's part of it,
a clock's ``until`` (docs/format.md), is kept here too: no seeded run ticks a clock after its ``until`` holds (else leaving the status would hide a clock
still filling); the validator reads the expression
(tests/adventure/broken/unknown-variable-clock-until.yaml)."""

from __future__ import annotations

import random

import pytest

from solo.adventure import loader
from solo.engine.events import ClockTicked
from solo.engine.game import Game
from solo.engine.gm import GameMaster
from solo.ui.words import Words
from pregen_play import placed

SHIP = loader.load("supply-ship").adventure
BREACH = "The cargo bay breach tearing wider"
BUNDLED = ("supply-ship", "clockwork-heist", "goblin-market", "lantern-fen", "blessed-harvest")


def _shown(game) -> tuple[str, list[str]]:
    words = Words(SHIP, game)
    return words.status(200), [text for heading, text, _ in words.sheet() if heading == "Clock"]


def test_the_breach_clock_leaves_the_status_line_once_the_breach_is_welded():
    """read11: once the breach was welded its clock, "The cargo bay breach tearing wider 3/20",
    stayed in the status line for the rest of the night. The clock's ``until: breach_sealed``
    takes it off the status line and the sheet."""
    game = placed(SHIP, "pilot", "cargo-breach", 4, items=("patch-kit",))
    GameMaster(game).set("air", "3")
    status, sheet = _shown(game)
    assert BREACH + " 3/20" in status and sheet == [BREACH + ": 3 of 20"]
    game.state.flags["breach_sealed"] = True  # what every weld and patch sets
    status, sheet = _shown(game)
    assert BREACH not in status and sheet == []
    assert game.state.clocks["air"] == 3  # the clock keeps its value: only the player's view changes


@pytest.mark.parametrize("name", BUNDLED)
def test_no_seeded_run_ticks_a_clock_after_its_until_holds(name):
    adventure = loader.load(name).adventure
    until = {cid: c.until for cid, c in adventure.clocks.items() if c.until}
    if name == "supply-ship":
        assert set(until) == {"air", "hunger", "rampage"}
    over_seen = 0
    for seed in range(12):
        game = Game(adventure, seed=seed)
        game.start()
        pick = random.Random(seed)
        for _ in range(400):
            offered = game.offered
            if offered is None:
                break
            over = {cid for cid, expr in until.items() if game.evaluate(expr)} if game.state.character else set()
            over_seen += bool(over)
            events = game.choose(pick.choice(offered.enabled_keys()))
            late = [e.id for e in events if isinstance(e, ClockTicked) and e.id in over]
            assert not late, f"{name} seed {seed}: {late} ticked after their `until` held"
    assert over_seen or not until, f"{name}: no run reached a clock's `until`: the test checks nothing"



def test_the_weld_s_one_bonus_pip_is_one_offer_and_says_it_waits():
    """Played again in the terminal (read12): Dara's weld with a bonus die showing 1 listed only
    "Keep the roll: the 1 pip goes by the best split, 5 4 → full success" with a number (the best
    split greyed beside it), and its reasons said "1 pip wait to be placed": "1 pip waits"."""
    game = placed(SHIP, "pilot", "cargo-breach", 4)
    weld = next(o for o in game.offered.options if o.text.startswith("Call Dara to weld a plate"))
    game.dice.force(4, 4, 2)  # a double of fours; Dara's 2 and 4, one match
    game.choose(weld.key)
    game.dice.force(1)
    game.choose(next(o.key for o in game.offered.options if o.id == "bonus"))
    numbered = [o.text for o in game.offered.options if o.enabled and o.key]
    assert numbered == ["Keep the roll: the 1 pip goes by the best split, 5 4 → full success"]
    record = game.state.pending.data["record"]
    why = " ".join(Words(SHIP, game).roll(record, final=False).why)
    assert "1 pip waits to be placed on your dice" in why
