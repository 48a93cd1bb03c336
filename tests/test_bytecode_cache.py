"""The test session's bytecode cache (tests/support/bytecode_cache.py): with bytecode writing off,
the session writes compiled modules under one cache folder outside the tree (never a
``__pycache__`` beside the source), and not at all when asked not to; a run's temporary files
are forgotten at its end."""

from __future__ import annotations

import importlib
import sys

import bytecode_cache


def _fresh_module(tmp_path, name: str):
    source = tmp_path / "src" / f"{name}.py"
    source.parent.mkdir()
    source.write_text("VALUE = 42\n")
    sys.path.insert(0, str(source.parent))
    try:
        return importlib.import_module(name), source
    finally:
        sys.path.remove(str(source.parent))
        sys.modules.pop(name, None)


def test_with_bytecode_off_modules_are_compiled_into_the_cache_folder_not_the_tree(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("SOLO_TEST_BYTECODE_CACHE", raising=False)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(sys, "pycache_prefix", None)
    where = bytecode_cache.keep()
    assert where == tmp_path / "cache" / "solo-tests-bytecode"
    assert sys.pycache_prefix == str(where) and not sys.dont_write_bytecode
    module, source = _fresh_module(tmp_path, "guarded_cached_module")
    assert module.VALUE == 42
    assert not (source.parent / "__pycache__").exists()
    assert list(where.rglob("guarded_cached_module.*.pyc"))
    bytecode_cache.forget(tmp_path / "src")
    assert not list(where.rglob("guarded_cached_module.*.pyc"))


def test_it_can_be_turned_off_and_leaves_bytecode_writing_alone_when_it_was_on(monkeypatch):
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setenv("SOLO_TEST_BYTECODE_CACHE", "0")
    assert bytecode_cache.keep() is None and sys.dont_write_bytecode and sys.pycache_prefix is None
    monkeypatch.delenv("SOLO_TEST_BYTECODE_CACHE")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert bytecode_cache.keep() is None and sys.pycache_prefix is None


def test_a_prefix_the_user_chose_is_the_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SOLO_TEST_BYTECODE_CACHE", raising=False)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "mine"))
    assert bytecode_cache.keep() == tmp_path / "mine"
