"""No game system's id is written in solo's code outside that system's own package.

Everything about a system is asked of its ruleset (the hooks of :mod:`solo.rules.base`), so a
ruleset added by entry point is no second-class citizen. The one named exception is the
registry's table of built-ins (its docstring says why). Adventure files and docs may name systems.
"""

from __future__ import annotations

import re
from pathlib import Path

from solo.rules.registry import BUILTIN

SOLO = Path(__file__).resolve().parents[2] / "solo"
#: The built-ins' own packages, where their ids belong.
OWN = {SOLO / "rules" / target.partition(":")[0].split(".")[2] for target in BUILTIN.values()}
EXCEPTIONS = {SOLO / "rules" / "registry.py"}


def _pattern(system: str) -> re.Pattern[str]:
    if system == "game":  # an English word too: only as a quoted id
        return re.compile(r"[\"']game[\"']")
    return re.compile(rf"(?<![\w-]){re.escape(system)}(?![\w-])")


def offending_lines(root: Path = SOLO) -> list[str]:
    """``file:line: id`` for each line of a .py under ``root`` (outside the systems' own
    packages and the exceptions) that names a built-in system's id."""
    patterns = {system: _pattern(system) for system in BUILTIN}
    found = []
    for path in sorted(root.rglob("*.py")):
        if path in EXCEPTIONS or any(own in path.parents for own in OWN):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for system, pattern in patterns.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(root.parent)}:{n}: {system}")
    return found


def test_no_system_id_outside_its_ruleset_package() -> None:
    assert offending_lines() == []


def test_the_grep_finds_an_id_and_names_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "words.py").write_text('"""Words."""\nNAMES = {"four-s": "FOUR-S", "game": "GAME"}\n')
    (tmp_path / "pkg" / "fine.py").write_text("# a game of cards, the guts-plus-minus rule\n")
    assert offending_lines(tmp_path / "pkg") == ["pkg/words.py:2: game", "pkg/words.py:2: four-s"]
