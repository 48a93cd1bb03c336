"""What a FOUR-S roll says beside its dice (read11, goblin-market in the full screen as Quince):
a check showing the die [4] read "You rolled 6 with a Roleplay Bonus of 2"; a haggle showed
"[2] [5]" as the player's dice (the 5 was Mister Thimblerig's) in the story and in the dice
panel, and "Your 4 against their Scharisma roll of 6" without what either side added."""

from __future__ import annotations

from rich.console import Console

from solo.adventure import loader
from solo.engine.events import RollMade
from solo.engine.game import Game, KEEP
from solo.ui.app.dice_view import dice_view
from solo.ui.words import Words
from pregen_play import placed

MARKET = loader.load("goblin-market").adventure


def _rolled(game: Game, starts: str, *faces: int) -> dict:
    game.dice.force(*faces)
    events = game.choose(next(o.key for o in game.offered.options if o.enabled and o.text.startswith(starts)))
    return next(e.record for e in events if isinstance(e, RollMade))


def test_a_check_says_the_die_then_the_roleplay_bonus_then_the_total():
    game = placed(MARKET, "quince", "market-gate", 4)
    record = _rolled(game, "Give him a name that is not yours", 4)
    words = Words(MARKET, game).roll(record, "x")
    assert [d.value for d in words.dice] == [4]
    assert words.why[0] == "You rolled 4, +2 Roleplay Bonus: 6 against a goal of 4 (easy): reached."


def test_a_contest_shows_your_die_as_yours_and_says_what_each_side_added():
    game = placed(MARKET, "quince", "quillick-stall", 4)
    record = _rolled(game, "Haggle hard for Tam's shadow", 2, 5)
    words = Words(MARKET, game).roll(record, "Haggle")
    assert [d.value for d in words.dice] == [2]
    assert words.why[0] == "Your 4 (2, +2) against their Scharisma roll of 6 (5, +1)."
    console = Console(width=30, record=True, color_system=None)
    console.print(dice_view(record, words, width=30, compact=True))
    panel = console.export_text()
    assert panel.splitlines()[0].strip() == "[2]" and "[5]" in panel.splitlines()[1]
