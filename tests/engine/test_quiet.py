"""A quiet game (what playtests run) leaves out the odds hints and nothing else."""

from __future__ import annotations

import random

from solo.adventure import loader
from solo.engine.game import Game


def _play(adventure, quiet: bool, seed: int) -> tuple[list[dict], list[str]]:
    game = Game(adventure, seed=seed, quiet=quiet)
    answers = random.Random(seed)
    seen: list[dict] = []
    hints: list[str] = []
    events = game.start()
    for _ in range(300):
        for event in events:
            data = event.to_dict()
            if event.type == "choices":
                hints += [o.hint for o in event.options if o.hint]
                for option in data["options"]:
                    option.pop("hint", None)
                    option.pop("_hint", None)
            seen.append(data)
        if game.finished:
            break
        events = game.choose(answers.choice(game.offered.enabled_keys()))
    seen.append(game.snapshot())
    return seen, hints


def test_a_quiet_game_plays_the_same_without_hints():
    adventure = loader.load("supply-ship").adventure
    for seed in range(4):
        loud, loud_hints = _play(adventure, False, seed)
        quiet, quiet_hints = _play(adventure, True, seed)
        assert quiet == loud
        assert not any(h.endswith("success") for h in quiet_hints)
        assert any(h.endswith("success") for h in loud_hints)
