"""Issue 22's "best play wins at least 60%" on clockwork-heist, for each pregen.

Any play's chance of victory is a lower bound on the best play's, and the part of the careful
bot's fixed play that ``solo analyze --policy careful-top`` explores (cut here at a number of
states, so the figure is the same on every machine) reaches victory at least that often. The
heist's play is dearer per state than supply-ship's (the Lantern Watch in the narrow aisle: one
exchange of that fight is enumerated in about 0.7 s of CPU), so the proof of 60% takes 6,000-
24,000 states and 25-75 s of CPU a pregen: it rides with the slow tier (``e2e``). The inner loop
pins the same play at a cut of a few seconds, so a change to the adventure, the bot or the
analyzer that loses this play its wins early fails there first. README ("A bot's play, exactly")
has the figures in a GM's budget (240 s: wren 80.6%, ottilie 70.5%).
"""

from __future__ import annotations

import pytest

from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.session import load_playable

#: Per pregen: (states, the victory the careful-top play proves there, 2026-11-29, the careful bot
#: of sitting 11 with heist11's and market11's rules together: 2.5-3.9 s of CPU).
EARLY = {"wren": (1500, 0.2241), "dorrin": (1500, 0.3039), "ottilie": (1500, 0.2008)}
#: Per pregen: the states where the play proves at least 60% (2026-11-29, the same bot: wren 63.13%
#: at 6,000 in 31.5 s of CPU; dorrin 61.15% at 8,000 in 25.5 s; ottilie 61.74% at 24,000 in 73.0 s,
#: 56.15% at 16,000: market11's rules moved her play a little later into its wins).
PROOF = {"wren": 6000, "dorrin": 8000, "ottilie": 24000}


def _victory(pregen: str, states: int) -> float:
    adventure = load_playable("clockwork-heist").adventure
    character = next(p for p in adventure.characters if p.id == pregen).character(adventure.system)
    found = analyze(adventure, character, "careful-top", budget=Budget(seconds=3600, max_states=states))
    return sum(p for e, p in found["endings"].items() if adventure.scenes[e].ending.outcome == "victory")


@pytest.mark.parametrize("pregen", sorted(EARLY))
def test_the_careful_top_play_wins_early_what_it_did(pregen):
    states, figure = EARLY[pregen]
    assert _victory(pregen, states) >= figure - 0.005


@pytest.mark.e2e
@pytest.mark.parametrize("pregen", sorted(PROOF))
def test_the_careful_top_play_proves_best_play_wins_60_percent(pregen):
    assert _victory(pregen, PROOF[pregen]) >= 0.6
