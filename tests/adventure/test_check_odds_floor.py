"""No check a bundled adventure's story rolls is below 20% for the pregen it suits (issue 22).

A check a scene's choice rolls (a plain check or a contest; fights are conflicts, not checks) is
a door the story offers. Some pregens are meant to find a door hard (the card-sharp heaving a
golem's arm), but a door that every character it is written for opens less than one time in
five is a trap dressed as a choice.

*The pregen it suits* is decided this way, from the file and the rules alone:

1. who can be offered the choice: the pregens for whom the choice's ``if:`` holds at the start
   of a fresh game (a choice behind ``has("pepperbox")`` is Dorrin's, one behind
   ``stat("Transmutery") > 0`` Ottilie's; a choice behind a story flag holds for nobody at the
   start and so stays open to all);
2. among them, the one with the best exact odds (the ruleset's own ``check_odds`` or
   ``contest_odds``, through :mod:`solo.adventure.odds`, the figure the player's hint shows) with
   the character as the pregen starts. A pregen whose sheet lacks the check's specialty
   (GUTS+'s ``planning``) cannot roll it, so it is nobody's but its holder's.

Odds are read for the starting character: items and bonuses earned on the way only help.
"""

from __future__ import annotations

import pytest

from solo.adventure import loader, odds
from solo.engine.game import Game
from solo.rules import registry
from solo.rules.base import RulesError

BUNDLED = ["supply-ship", "clockwork-heist", "goblin-market", "lantern-fen", "blessed-harvest"]
FLOOR = 0.20


def _suited_odds(aid: str) -> list[tuple[str, str, str, float]]:
    """(scene, choice text, pregen it suits, that pregen's chance) for every story check."""
    adventure = loader.load(aid).adventure
    ruleset = registry.get(adventure.system)
    games = {}
    for pregen in adventure.characters:
        game = Game(adventure, seed=1, character=pregen.character(adventure.system), quiet=True)
        game.start()
        games[pregen.id] = game
    found = []
    for scene in adventure.scenes.values():
        for choice in scene.choices:
            if choice.check is None:
                continue
            able = [pid for pid, game in games.items()
                    if choice.condition is None or bool(game.evaluate(choice.condition))]
            chances = {}
            for pid in able or list(games):
                try:
                    chances[pid] = odds.success_chance(adventure, ruleset, games[pid].character, choice.check)
                except RulesError:  # a specialty this pregen lacks: not theirs to roll
                    continue
            assert chances, (aid, scene.id, choice.text)
            best = max(chances, key=lambda pid: chances[pid])
            found.append((scene.id, choice.text, best, float(chances[best])))
    return found


@pytest.mark.adventures
@pytest.mark.parametrize("aid", BUNDLED)
def test_no_story_check_is_below_a_fifth_for_the_pregen_it_suits(aid):
    checks = _suited_odds(aid)
    assert checks  # every bundled adventure rolls
    low = [(scene, text[:50], who, f"{chance:.0%}") for scene, text, who, chance in checks if chance < FLOOR]
    assert not low, low


def test_a_choice_behind_a_starting_item_suits_only_who_carries_it():
    """The heist's gaslight shot is behind the pepperbox, which only Dorrin carries: his odds are
    the ones held to the floor, whoever else would shoot better."""
    rows = {(scene, text): who for scene, text, who, _ in _suited_odds("clockwork-heist")}
    assert rows[("patrol", "Shoot out the gaslight above them")] == "dorrin"
