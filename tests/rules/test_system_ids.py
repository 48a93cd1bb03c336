"""The generic modules that used to hold per-system tables now ask the ruleset: no system id in them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.rules.registry import BUILTIN

ROOT = Path(__file__).resolve().parents[2] / "solo"
#: Modules whose per-system tables moved into solo/rules/<system>/ (words, creation, playtest hints).
GENERIC = (
    "ui/words.py",
    "ui/creation.py",
    "rules/vocabulary.py",
    "rules/creation.py",
    "playtest/policies.py",
    "analyze/outcomes.py",
)


@pytest.mark.parametrize("module", GENERIC)
def test_generic_module_names_no_system(module: str) -> None:
    text = (ROOT / module).read_text(encoding="utf-8")
    found = [sid for sid in BUILTIN if re.search(rf"(?<![\w-]){re.escape(sid)}(?![\w-])", text)
             and (sid != "game" or re.search(r"[\"']game[\"']", text))]
    assert found == [], f"{module} still names {found}"


def test_each_builtin_ruleset_owns_its_words_and_creation() -> None:
    from solo.rules import registry
    from solo.rules.creation import GenericDraft, draft
    from solo.rules.vocabulary import for_system

    for sid in BUILTIN:
        ruleset = registry.get(sid)
        assert for_system(sid) is ruleset.vocabulary
        assert for_system(sid).explain is not None
        assert type(draft(ruleset, "Ann")) is not GenericDraft
