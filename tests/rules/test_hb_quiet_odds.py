"""A quiet Humanity, Blessed conflict (a bot's or the analyzer's) offers the defences against a
fight's attack and an endeavour's Help without their odds (nobody reads them there): the same
actions, key for key, text and reason, as the priced ones a player is shown, at every such
decision of 40 blessed-harvest runs."""

from __future__ import annotations

import dataclasses

from solo.rules.humanity_blessed.endeavours import asks as endeavour_asks
from solo.rules.humanity_blessed.fight import asks
from solo.rules.humanity_blessed.fight.melee import Melee
from fast_plays import play_fast


def _same_but_odds(made, priced):
    assert [(a.key, a.text, a.enabled, a.reason) for a in made] == \
        [(a.key, a.text, a.enabled, a.reason) for a in priced]
    assert all(a.odds is None and not a.hint for a in made)


def test_quiet_defences_and_help_are_the_priced_ones_without_their_odds(monkeypatch):
    defences, helps = asks.all_defences, endeavour_asks._help
    seen: dict[str, int] = {"defend": 0, "help": 0}

    def all_defences(m):
        made = defences(m)
        if m.setup.quiet:
            priced = defences(Melee(m.ruleset, dataclasses.replace(m.setup, quiet=False), m.state))
            _same_but_odds(made, priced)
            assert all(a.odds is not None and a.hint for a in priced)
            seen["defend"] += 1
        return made

    def help_decision(line, on):
        made = helps(line, on)
        if line.setup.quiet:
            loud = type(line)(line.ruleset, dataclasses.replace(line.setup, quiet=False), line.state, line.s)
            priced = helps(loud, on)
            _same_but_odds(made.actions, priced.actions)
            assert made.prompt == priced.prompt
            assert any(a.hint for a in priced.actions)
            seen["help"] += 1
        return made

    monkeypatch.setattr(asks, "all_defences", all_defences)
    monkeypatch.setattr(endeavour_asks, "_help", help_decision)
    results = play_fast("blessed-harvest", 40, 8)
    assert [r.error for r in results if r.status != "ended"] == []  # an assertion above ends a run
    assert seen["defend"] >= 5 and seen["help"] >= 5, seen
