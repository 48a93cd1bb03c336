"""docs/rules/conflict-coverage.md names real tests: every test a GUTS+ or Loose and Fuzzy row
cites (in full, or as a prefix ending in ``...``) is a test function under ``tests/``, and every
fixture a section names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "conflict-coverage.md"
SECTIONS = ("## GUTS+", "## Loose and Fuzzy")


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return names


@pytest.mark.parametrize("title", SECTIONS)
def test_every_row_cites_tests_that_exist(title):
    body = section(title)
    rows = [line for line in body.splitlines() if line.startswith("| ") and not line.startswith("| book rule")]
    assert len(rows) >= 12
    known = defined_tests()
    for row in rows:
        cited = re.findall(r"\b(test_[a-z0-9_]+)(\.py|\.\.\.)?", row.split("|")[3])
        tests = [(name, tail) for name, tail in cited if tail != ".py"]  # a module is no test
        assert tests, f"a row without a test: {row}"
        for name, tail in tests:
            found = any(k.startswith(name) for k in known) if tail == "..." else name in known
            assert found, f"{title}: no test {name}{tail} ({row[:60]}...)"


def test_the_fixtures_the_rows_play_exist():
    for name in ("guts-mend.yaml", "guts-essence.yaml", "guts-fight.yaml", "lf-duel.yaml", "lf-fight.yaml"):
        assert (ROOT / "tests" / "fixtures" / name).is_file()
