"""GUTS+ offers carried out on a record the caller owns (``offers.apply(..., owned=True)``, what
the playtest's fast runtime asks) change that record in place of a copy: the same record, type
for type, as carrying the offer out on a copy, and the record handed in is already what a copy
of it reads (plain lists and dicts, no tuple a copy would turn into a list)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from solo.rules.guts_plus import offers
from fast_plays import play_fast
from typed_read import typed


def _record(record: Any) -> Any:
    return typed(vars(record))


def test_an_owned_record_takes_the_offer_in_place_as_a_copy_would(monkeypatch):
    original = offers.apply
    seen: list[str] = []

    def apply(dice, record, key, given=None, *, owned=False):
        if not owned:
            return original(dice, record, key, given)
        twin, twin_dice = record.copy(), copy.deepcopy(dice)
        assert _record(record) == _record(twin), "the record handed in is not what its copy reads"
        made = original(dice, record, key, given, owned=True)
        assert made is record, "an owned record was copied"
        assert _record(made) == _record(original(twin_dice, twin, key, given))
        assert dice.count == twin_dice.count
        seen.append(key)
        return made

    monkeypatch.setattr(offers, "apply", apply)
    play_fast("supply-ship", 60, 2)
    assert len(seen) > 100 and "bonus" in seen
    # the bot places the pips itself only with mastery left after it (else keeping places them)
    play_fast(str(Path(__file__).parents[1] / "fixtures" / "guts-rules.yaml"), 60, 2)
    assert "place:best" in seen, sorted(set(seen))
