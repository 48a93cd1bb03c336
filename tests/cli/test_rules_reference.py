"""`solo rules SYSTEM`: each system's reference page is generated from its ruleset, names every
house rule, conflict parameter and book section the engine has, and docs/rules/ holds it as is."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.rules import house_rules, registry
from solo.rules.conflict import conflict_rules, procedures
from solo.rules.vocabulary import for_system

DOCS = Path(__file__).parents[2] / "docs" / "rules"
SYSTEMS = ["game", "guts-plus", "loose-fuzzy", "humanity-blessed", "four-s"]


def rules_page(system: str) -> str:
    result = CliRunner().invoke(cli, ["rules", system])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_page_lists_what_the_ruleset_has(system):
    text = rules_page(system)
    ruleset = registry.get(system)
    words = for_system(system)
    assert text.startswith(f"# {system}: the rules as `solo` plays them")
    for rule in words.rules.values():
        assert rule.title in text and " ".join(rule.source.split()) in text
    for option in getattr(ruleset, "cli_options", {}) or {}:
        assert f"| --{option} |" in text
    for name in procedures(ruleset):
        rules = conflict_rules(ruleset, name)
        assert f"## Conflict: `{name}`" in text
        for param in rules.parameters:
            assert f"| `{param}` |" in text
    optional = house_rules.for_system(system)
    for rule in optional:
        assert f"| `{rule.name}` | {rule.title} |" in text
    assert ("None: every rule is the book's." in text) == (not optional)


@pytest.mark.parametrize("system", SYSTEMS)
def test_docs_rules_holds_the_generated_page(system):
    """Regenerate with: for s in game guts-plus loose-fuzzy humanity-blessed four-s; do
    solo rules $s > docs/rules/$s.md; done"""
    assert (DOCS / f"{system}.md").read_text(encoding="utf-8") == rules_page(system), (
        f"docs/rules/{system}.md is out of date: solo rules {system} > docs/rules/{system}.md")


def test_an_unknown_system_is_a_one_line_usage_error():
    result = CliRunner().invoke(cli, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game system 'chess'" in result.output and "Traceback" not in result.output
