"""Issue 22's "best play wins at least 60%", proven where it is cheap to prove: supply-ship,
goblin-market and blessed-harvest.

Any play's chance of victory is a lower bound on the best play's, and the part of a play that
``solo analyze --policy careful-top`` explores (here cut at a number of states, so the figure
is the same on every machine) reaches victory at least that often. On supply-ship the careful
bot's fixed play proves 72-95% for four pregens within 3,000-6,000 states (1.1-2.9 s of CPU
each); the manager's proof takes far more states (89.2% at 177,814 in README's table "The floor
now"), and lantern-fen's three (68.9-98.9%, every state of the play expanded in 3.7-9.9 s of CPU)
are in the README and bench/policy_floor.py, not here. A
change to the adventure that loses this play its wins fails here. (That ``--policy best`` starts
from this floor is tests/analyze/test_policy_play.py's: a best-play run on supply-ship costs about
30 s of CPU even cut at 1,000 states.)

goblin-market: careful-top lost every quince run, and bryony's and sorrel's wins ran through the
Bogle Watch fight, whose states no budget a GM would wait for got through (0% proven in 120 s).
Since the careful bot reads what a move closes and which moves lead to a reward
(tests/playtest/test_careful_closes.py), it gives a false name at the gate, trades its own laugh
for Nan's at the jar stall and Nan's for Tam's shadow at the Queen's court, a road with no roll
and no fight: every pregen wins every time, exactly, in 89 states (0.05 s of CPU each).

blessed-harvest: Bram's careful-top play sparks at Lark Lane (Hand + Head, paid from the blessing
pool), which draws every blessing die owed, and races the rain up the hill: 0% proven in 120 s.
The careful-thrifty play (the same bot, paying for no roll and walking round a conflict where a
plain choice goes on) talks Old Tansy round instead, skips the vestry's search and rigs a cover
over Gran rather than racing: exact in 3,876 states, it wins every time (6203/7776 Harvest Home,
1573/7776 Two Maidens; 2.8 s of CPU). Cut at 1,000 states it proves 89.2% for Bram and at 3,000
72.3% for Wren (her whole play: 88.5% within 0.005 in 16,703 states, 10.2 s of CPU), 0.6 and
1.7 s of CPU (2026-11-29, load 5.6).
"""

from __future__ import annotations

import pytest

from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.session import load_playable

#: States explored per pregen (the figure at that cut on 2026-11-29 with sitting 11's careful bot:
#: engineer 72.26%, technician 76.04%, medic 91.46%, pilot 95.18%, 1.1-2.9 s of CPU; its graph
#: grows differently, so the technician and the pilot need more states than the 3,000 of before).
STATES = {"engineer": 3000, "technician": 4000, "medic": 3000, "pilot": 6000}


def _victory(adventure, found) -> float:
    return sum(p for e, p in found["endings"].items() if adventure.scenes[e].ending.outcome == "victory")


@pytest.mark.parametrize("pregen", sorted(STATES))
def test_the_careful_top_play_proves_best_play_wins_60_percent(pregen):
    adventure = load_playable("supply-ship").adventure
    character = next(p for p in adventure.characters if p.id == pregen).character(adventure.system)
    found = analyze(adventure, character, "careful-top", budget=Budget(seconds=3600, max_states=STATES[pregen]))
    assert _victory(adventure, found) >= 0.6, (pregen, found["endings"])



@pytest.mark.parametrize("pregen", ["bryony", "quince", "sorrel"])
def test_the_careful_top_play_proves_best_play_wins_60_percent_at_the_goblin_market(pregen):
    adventure = load_playable("goblin-market").adventure
    character = next(p for p in adventure.characters if p.id == pregen).character(adventure.system)
    found = analyze(adventure, character, "careful-top", budget=Budget(seconds=3600, max_states=2000))
    assert found["method"] == "exact", (pregen, found["method"])
    assert _victory(adventure, found) >= 0.6, (pregen, found["endings"])


#: blessed-harvest's careful-thrifty play, states explored per pregen (89.2% and 72.3% there).
HARVEST_STATES = {"bram": 1000, "wren": 3000}


@pytest.mark.parametrize("pregen", sorted(HARVEST_STATES))
def test_the_careful_thrifty_play_proves_best_play_wins_60_percent_at_the_harvest(pregen):
    adventure = load_playable("blessed-harvest").adventure
    character = next(p for p in adventure.characters if p.id == pregen).character(adventure.system)
    found = analyze(adventure, character, "careful-thrifty",
                    budget=Budget(seconds=3600, max_states=HARVEST_STATES[pregen]))
    assert _victory(adventure, found) >= 0.6, (pregen, found["endings"])
