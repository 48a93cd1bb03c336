"""An option's odds hint names what it tests the way the player reads it: by the adventure's
``labels`` entry, else the id in words ("Hedge_Wizard 84%" was shown for lantern-fen's Erasmus)."""

from __future__ import annotations

import dataclasses

from solo.adventure import loader
from solo.adventure.odds import spec_label
from solo.engine.game import Game


def _wizard_check():
    adventure = loader.load("lantern-fen").adventure
    spec = next(c.check for s in adventure.scenes.values() for c in s.choices
                if c.check is not None and c.check.stat == "hedge_wizard")
    return adventure, spec


def test_a_stat_with_a_label_is_named_by_it():
    adventure, spec = _wizard_check()
    assert adventure.labels["hedge_wizard"] == "Hedge-wizardry"
    assert spec_label(adventure, spec, title=True) == "Hedge-wizardry"
    assert spec_label(adventure, spec) == "hedge_wizard"  # the GM tools keep the id


def test_a_stat_without_a_label_is_its_id_in_words():
    adventure, spec = _wizard_check()
    bare = dataclasses.replace(adventure, labels={})
    assert spec_label(bare, spec, title=True) == "Hedge Wizard"
    pair = dataclasses.replace(spec, stat=["hedge_wizard", "fen_lore"])
    assert spec_label(adventure, pair, title=True) == "Hedge-wizardry + Fen-lore"


def test_the_hint_the_player_sees_uses_the_label():
    adventure, spec = _wizard_check()
    erasmus = next(p for p in adventure.characters if p.id == "erasmus")
    game = Game(adventure, seed=1, character=erasmus.character(adventure.system))
    game.start()
    hint = game._odds_hint(spec)
    assert hint.startswith("Hedge-wizardry: ") and hint.endswith("% success"), hint
