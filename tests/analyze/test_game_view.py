"""The state key's view of a GAME character (solo/rules/game/analysis_view.py): rerolls, which
the analysis never spends, do not split states; a resource an expression reads is kept."""

from __future__ import annotations

from solo.adventure.loader import load
from solo.analyze.explore import KeyMaker
from solo.engine.game import Game


def _state(adventure, rerolls: int, fp: int | None = None):
    game = Game(adventure, seed=1, character=adventure.characters[0].character(adventure.system), quiet=True)
    game.start()
    state = game.state.copy()
    state.character.resources["rerolls"] = rerolls
    if fp is not None:
        state.character.resources["fp"] = fp
    return state


def test_rerolls_do_not_split_game_states():
    adventure = load("clockwork-heist").adventure
    keys = KeyMaker(adventure)
    assert keys.key(_state(adventure, 1)) == keys.key(_state(adventure, 2))
    assert keys.key(_state(adventure, 1, fp=8)) != keys.key(_state(adventure, 1, fp=6))  # fp is read


def test_a_resource_an_expression_reads_is_kept():
    adventure = load("clockwork-heist").adventure
    keys = KeyMaker(adventure)
    keys.read_resources = frozenset({"rerolls"})  # as if some text said {resource("rerolls")}
    assert keys.key(_state(adventure, 1)) != keys.key(_state(adventure, 2))
