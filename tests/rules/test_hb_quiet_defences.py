"""A quiet Humanity, Blessed fight (a bot's or the analyzer's) offers the defences against an
attack without their chance to hold (nobody reads it there): the same actions, key for key, text
and reason, as the priced ones a player is shown, at every defence of 40 blessed-harvest runs."""

from __future__ import annotations

import dataclasses

from solo.rules.humanity_blessed.fight import asks
from solo.rules.humanity_blessed.fight.melee import Melee
from fast_plays import play_fast


def test_quiet_defences_are_the_priced_ones_without_their_odds(monkeypatch):
    original = asks.all_defences
    seen: list[int] = []

    def all_defences(m):
        made = original(m)
        if m.setup.quiet:
            loud = Melee(m.ruleset, dataclasses.replace(m.setup, quiet=False), m.state)
            priced = original(loud)
            assert [(a.key, a.text, a.enabled, a.reason) for a in made] == \
                [(a.key, a.text, a.enabled, a.reason) for a in priced]
            assert all(a.odds is None and not a.hint for a in made)
            assert all(a.odds is not None and a.hint for a in priced)
            seen.append(len(made))
        return made

    monkeypatch.setattr(asks, "all_defences", all_defences)
    results = play_fast("blessed-harvest", 40, 8)
    assert [r.error for r in results if r.status != "ended"] == []  # an assertion above ends a run
    assert len(seen) >= 5 and max(seen) >= 2
