"""The blowup names the part of a state that takes the values, down to a conflict's round and an
entry of the character's data.

blessed-harvest's careful-top play spent most of its states in the vestry's discovery endeavour
while the blowup named only "injuries and other character data" (36 values there) and never the
endeavour's round (322 values in 2,732 vestry states of a 3,000-state run): the round was in no
named variable, and the character data lumped the session's lucky number (ten values from the
first step) with the blessing dice owed. Now each has its own name.
"""

from __future__ import annotations

from solo.analyze.command import analyze
from solo.analyze.explore import Budget
from solo.session import load_playable


def test_blessed_harvest_blowup_names_the_endeavour_and_the_lucky_number():
    adventure = load_playable("blessed-harvest").adventure
    character = next(p for p in adventure.characters if p.id == "wren").character(adventure.system)
    found = analyze(adventure, character, "careful-top", budget=Budget(seconds=3600, max_states=300))
    named = {entry["variable"]: entry["values"] for entry in found["blowup"]}
    assert named.get("conflict in progress", 0) > 1, named
    assert named.get("character data session.lucky_number", 0) > 1, named
    assert not any(name.startswith("injuries") for name in named), named
