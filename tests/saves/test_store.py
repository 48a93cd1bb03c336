"""Save files: atomic writes with a backup, checksums, versions, slot names, clear errors."""

from __future__ import annotations

import json

import pytest

from solo.saves import SAVE_FORMAT, SaveError, SaveStore, check_slot, checksum, make_payload


def payload(n: int) -> dict:
    state = {"seed": 7, "scene": f"scene-{n}", "choices": ["1"] * n, "turn": n, "objectives": {}}
    return make_payload(
        adventure_id="tiny", adventure_title="Tiny", adventure_digest="abc", adventure_source="", state=state
    )


def test_round_trip_and_backup(tmp_path):
    store = SaveStore(tmp_path)
    store.write("slot1", payload(1))
    store.write("slot1", payload(2))
    assert store.read("slot1").payload["state"]["scene"] == "scene-2"
    backup = json.loads(store.backup_path("slot1").read_text())
    assert backup["state"]["scene"] == "scene-1"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_payload_has_the_documented_fields(tmp_path):
    data = payload(3)
    for key in ("format", "checksum", "engine", "adventure", "scene", "seed", "choices", "state", "created", "updated"):
        assert key in data
    assert data["format"] == SAVE_FORMAT and isinstance(data["format"], int)
    assert data["checksum"] == checksum(data)


@pytest.mark.parametrize("damage", ["truncate", "bitflip", "garbage"])
def test_damaged_main_file_falls_back_to_backup_and_says_so(tmp_path, damage):
    store = SaveStore(tmp_path)
    store.write("s", payload(1))
    store.write("s", payload(2))
    path = store.path("s")
    raw = bytearray(path.read_bytes())
    if damage == "truncate":
        path.write_bytes(bytes(raw[: len(raw) // 2]))
    elif damage == "bitflip":
        index = raw.index(b"scene-2") + 6
        raw[index] ^= 0x01
        path.write_bytes(bytes(raw))
    else:
        path.write_bytes(b"\x00\xff not json")
    loaded = store.read("s")
    assert loaded.from_backup
    assert loaded.payload["state"]["scene"] == "scene-1"
    assert "damaged" in loaded.note and "\n" not in loaded.note


def test_damaged_file_without_backup_is_one_clear_line(tmp_path):
    store = SaveStore(tmp_path)
    store.write("s", payload(1))
    store.path("s").write_text('{"format": 1, "checksum": "x"')
    with pytest.raises(SaveError) as info:
        store.read("s")
    assert "corrupt" in str(info.value) and "\n" not in str(info.value)


def test_bit_flip_is_caught_by_the_checksum(tmp_path):
    store = SaveStore(tmp_path)
    store.write("s", payload(4))
    text = store.path("s").read_text().replace('"turn":4', '"turn":5')
    assert '"turn":5' in text
    store.path("s").write_text(text)
    with pytest.raises(SaveError, match="checksum"):
        store.read("s")


def test_future_version_is_refused_even_with_a_backup(tmp_path):
    store = SaveStore(tmp_path)
    store.write("s", payload(1))
    future = payload(2)
    future["format"] = SAVE_FORMAT + 1
    future["checksum"] = checksum(future)
    store.write("s", future)
    with pytest.raises(SaveError, match="newer solo"):
        store.read("s")


@pytest.mark.parametrize("bad", ["../x", "a/b", "..", "", "a\\b", ".hidden", "x" * 65, "sp ace"])
def test_bad_slot_names_are_refused(bad):
    with pytest.raises(SaveError, match="bad slot name"):
        check_slot(bad)


def test_missing_slot(tmp_path):
    with pytest.raises(SaveError, match="no save in slot"):
        SaveStore(tmp_path).read("nothing")


def test_slots_lists_good_and_broken(tmp_path):
    store = SaveStore(tmp_path)
    store.write("a", payload(1))
    (tmp_path / "b.json").write_text("{")
    listed = {slot: (data is not None, err) for slot, data, err in store.slots()}
    assert listed["a"] == (True, "")
    assert listed["b"][0] is False and "corrupt" in listed["b"][1]
    assert store.delete("a") and not store.path("a").exists()


def test_set_aside_moves_a_slot_and_its_backup_under_a_dated_name(tmp_path):
    from datetime import datetime

    store = SaveStore(tmp_path)
    store.write("s", payload(1))
    store.write("s", payload(2))
    when = datetime(2026, 11, 28, 2, 30)
    assert store.set_aside("s", "ended", when) == "s.ended-20261128-0230"
    assert not store.path("s").exists() and not store.backup_path("s").exists()
    assert store.read("s.ended-20261128-0230").payload["state"]["turn"] == 2
    assert store.backup_path("s.ended-20261128-0230").exists()
    store.write("s", payload(3))
    assert store.set_aside("s", "ended", when) == "s.ended-20261128-0230-2"  # never over another
    assert store.set_aside("s", "ended", when) is None  # nothing left to keep
    long = "x" * 63 + "."
    store.write(long, payload(4))
    kept = store.set_aside(long, "ended", when)
    assert check_slot(kept) == kept and kept.endswith(".ended-20261128-0230")
    assert {slot for slot, _, _ in store.slots()} == {"s.ended-20261128-0230", "s.ended-20261128-0230-2", kept}
