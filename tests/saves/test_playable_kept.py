"""``load_playable`` keeps an adventure that passed, by its path and the digest of its bytes.

Every ``playtest()`` batch, every resumed save and most tests load the same few files again and
again; parsing and validating them once per process is enough. What the cache must never do is
hand back a stale or unchecked adventure: these tests catch a key that ignores edits, a refused
file that is kept, and a cached adventure checked against a ruleset since replaced.
"""

from __future__ import annotations

import os
import shutil

import pytest

from solo import session
from solo.adventure import loader
from solo.adventure.problems import AdventureError
from solo.rules import registry

BUNDLED = loader.resolve("lantern-fen")


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "fen.yaml"
    shutil.copyfile(BUNDLED, path)
    return path


def test_the_same_bytes_come_back_as_the_same_adventure_even_rewritten(copy):
    first = session.load_playable(str(copy))
    copy.write_bytes(copy.read_bytes())  # a new timestamp, the same bytes
    assert session.load_playable(copy) is first
    assert first.adventure.source == str(copy)


def test_an_edited_file_is_read_again_whatever_its_timestamp(copy):
    first = session.load_playable(copy)
    stamp = copy.stat()
    text = copy.read_text()
    copy.write_text(text.replace(f"title: {first.adventure.title}", "title: A Fen Renamed", 1))
    os.utime(copy, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))  # the same mtime: only the bytes differ
    again = session.load_playable(copy)
    assert again is not first and again.adventure.title == "A Fen Renamed"


def test_a_refused_file_is_refused_every_time_and_its_fix_is_read(copy):
    good = copy.read_text()
    copy.write_text(good.replace("start:", "start: nowhere-at-all\nold_start:", 1))
    for _ in range(2):
        with pytest.raises(AdventureError):
            session.load_playable(copy)
    copy.write_text(good)
    assert session.load_playable(copy).adventure.start != "nowhere-at-all"


def test_a_ruleset_registered_since_gets_the_file_checked_again(copy, monkeypatch):
    first = session.load_playable(copy)
    system = first.adventure.system
    monkeypatch.setitem(registry._loaded, system, type(registry.get(system))())
    again = session.load_playable(copy)
    assert again is not first and session.load_playable(copy) is again


def test_a_bundled_id_and_its_path_are_one_file():
    assert session.load_playable("lantern-fen") is session.load_playable(BUNDLED)
