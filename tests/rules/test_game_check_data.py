"""A GAME check as data: ``GameCheck.to_dict`` gives what ``dataclasses.asdict`` gives (tags and
notes as lists, notes copied), and reads back to an equal check."""

from __future__ import annotations

import dataclasses

from solo.rules.game.checks import GameCheck


def _by_asdict(check: GameCheck) -> dict:
    data = dataclasses.asdict(check)
    for key in ("tags", "notes"):
        data[key] = list(data[key])
    return data


def test_a_checks_data_is_every_field_in_order_with_lists_and_copied_notes():
    notes = ({"code": "trait", "values": {"bonus": 1, "why": ("sharp", "eyed")}},)
    checks = [
        GameCheck("Stealth", 4),
        GameCheck("Hack/Slash", 6, "hard", bonus=2, exhausted=True, notable=True, group=3, tags=("melee", "parry"),
                  dice=3, excess_cap=2, blocked="", talent=1, notes=notes),
        GameCheck("", 3, blocked="no-weapon"),
    ]
    for check in checks:
        data = check.to_dict()
        assert data == _by_asdict(check)
        assert list(data) == [f.name for f in dataclasses.fields(GameCheck)]
        assert type(data["tags"]) is list and type(data["notes"]) is list
        assert GameCheck.from_dict(data) == check
    data = checks[1].to_dict()
    data["notes"][0]["values"]["bonus"] = 9  # a copy: the check's own note is untouched
    assert notes[0]["values"]["bonus"] == 1
