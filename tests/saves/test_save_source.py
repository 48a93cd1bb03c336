"""A save names the adventure file it was played from; solo opens only an adventure file there.

A save is a stranger's text like any other: its ``adventure.source`` pointing at a private file
must never make solo read that file. Anything not ``.yaml``/``.yml`` is passed over and the
adventure is found by its id.
"""

from __future__ import annotations

import shutil

import pytest

from solo import session
from solo.adventure import loader


def opened(monkeypatch) -> list[str]:
    names: list[str] = []
    real = session.load_playable

    def spy(name):
        names.append(str(name))
        return real(name)

    monkeypatch.setattr(session, "load_playable", spy)
    return names


@pytest.mark.parametrize("name", ["secret.txt", "id_rsa", "secret.json", "secret"])
def test_a_source_that_is_not_an_adventure_file_is_never_opened(tmp_path, monkeypatch, name):
    secret = tmp_path / name
    secret.write_text("id: supply-ship\npassword: hunter2\n")
    names = opened(monkeypatch)
    adventure, notes = session.load_adventure_for({"adventure": {"id": "supply-ship", "source": str(secret)}})
    assert adventure.id == "supply-ship"
    assert str(secret) not in names and names == ["supply-ship"]


def test_a_source_that_is_an_adventure_file_is_opened(tmp_path, monkeypatch):
    copy = tmp_path / "my-supply-ship.yaml"
    shutil.copy(next(p for p in loader.bundled_files() if p.stem == "supply-ship"), copy)
    names = opened(monkeypatch)
    adventure, _ = session.load_adventure_for({"adventure": {"id": "supply-ship", "source": str(copy)}})
    assert names == [str(copy)] and adventure.id == "supply-ship"


def test_a_link_loop_named_yaml_is_passed_over(tmp_path, monkeypatch):
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    names = opened(monkeypatch)
    adventure, _ = session.load_adventure_for({"adventure": {"id": "supply-ship", "source": str(loop)}})
    assert names == ["supply-ship"] and adventure.id == "supply-ship"
