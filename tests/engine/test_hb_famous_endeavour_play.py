"""Famous reaching an endeavour (tests/fixtures/hb-famous-race.yaml): the famous player's
+dc2 comes in the first endeavour contest against the less famous drover, is in the win and
focus chances on offer, and is then used up; never against the more famous bard."""

from __future__ import annotations

import re

import pytest

from solo.adventure import loader
from solo.adventure.odds import percent
from solo.adventure.validate import validate_path
from solo.engine.game import Game


@pytest.fixture
def fair(fixtures):
    return loader.load(fixtures / "hb-famous-race.yaml").adventure


def test_the_fixture_validates(fixtures):
    assert [p for p in validate_path(fixtures / "hb-famous-race.yaml") if p.severity == "error"] == []


def win_shown(game: Game, whom: str) -> str:
    """The win chance the declare menu shows for contesting ``whom`` with Heart."""
    key = next(o.key for o in game.offered.options if o.text.startswith(f"Contest {whom}"))
    game.choose(key)
    hint = next(o.hint for o in game.offered.options if o.text.startswith(f"Contest {whom} with Heart"))
    game.choose(next(o.key for o in game.offered.options if o.text == "Back"))
    return re.search(r"(\d+%) win", hint).group(1)


def chance(game: Game, fair, npc: str, **more) -> str:
    other = game.ruleset.prepare_character(fair.npcs[npc].character(fair.system))
    odds = game.ruleset.contest_odds(game.character, other, {"stat": "heart", "by_player": True, **more})
    return percent(odds.outcomes["success"])


def test_fame_comes_once_against_the_drover_and_never_against_the_bard(fair):
    game = Game(fair, seed=3)
    game.start()
    game.choose("1")
    famous, plain = chance(game, fair, "rook", famous=True), chance(game, fair, "rook")
    assert famous != plain  # d8 against d6 with and without the +dc2
    assert win_shown(game, "Rook the drover") == famous
    assert win_shown(game, "the famous bard") == chance(game, fair, "bard")
    key = next(o.key for o in game.offered.options if o.text.startswith("Contest Rook"))
    game.choose(key)
    lines = [e.to_dict()["text"] for e in game.choose("1") if e.type == "conflict-action"]
    assert any(line.startswith("You contest Rook the drover with Heart d8") for line in lines)
    assert game.character.extra["session"]["fame_used"] == ["rook"]
    while not any(o.text.startswith("Contest Rook") for o in game.offered.options):
        game.choose(game.offered.enabled_keys()[-1])  # let the round play out
    assert win_shown(game, "Rook the drover") == plain  # once a session


def test_the_focus_chance_counts_the_fame_die(fair):
    from solo.rules.humanity_blessed import bumping
    from solo.rules.humanity_blessed.endeavours import rolls

    game = Game(fair, seed=3)
    game.start()
    game.choose("1")
    how = {"stat": "heart", "focal": True}
    with_fame = rolls.focus_spread(game.character, {**how, "famous": True}, contest=True).pmf()
    without = rolls.focus_spread(game.character, how, contest=True).pmf()
    mean = lambda pmf: sum(v * p for v, p in pmf.items())  # noqa: E731
    dc2 = bumping.mean(bumping.single(bumping.parse_die("dc2")))  # it bumps as aid does
    assert float(mean(with_fame) - mean(without)) == pytest.approx(float(dc2), abs=1e-6)
