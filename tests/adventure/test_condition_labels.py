"""A ``kind:target`` condition (Humanity, Blessed ``agreeable:reeve``) reads "agreeable (the
reeve)" wherever a player sees conditions, and ``solo validate`` neither warns about one that
reads well nor suggests a ``labels`` key the schema refuses (a colon): the hint it gives for one
that does not read well, once applied, validates clean."""

from __future__ import annotations

from pathlib import Path

import yaml

from solo.adventure import loader
from solo.adventure.validate import validate_path
from solo.ui.words import Words

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

TEXT = """\
format: 1
id: marks
title: Marks
system: humanity-blessed
start: a
characters:
  - id: ada
    name: Ada
    stats: {head: d4, hand: d4, heart: d8, home: d6, hurt: d4, hurry: d6, history: d4}
npcs:
  - id: reeve
    name: The reeve
    stats: {head: d6, hand: d4, heart: d6, home: d6, hurt: d4, hurry: d4, history: d6}
scenes:
  a:
    title: A
    choices:
      - text: Warm to him
        effects: [{condition: "agreeable:reeve"}, {condition: "marked:x_9"}]
        goto: b
  b:
    title: B
    ending: {outcome: victory}
"""


def unlabelled(path: Path) -> list:
    return [p for p in validate_path(path) if p.code == "unlabelled-name"]


def test_a_condition_on_a_person_reads_with_their_name():
    words = Words(loader.load(FIXTURES / "hb-standing.yaml").adventure)
    assert words.condition("agreeable:reeve") == "agreeable (the reeve)"
    assert words.condition("famous") == "famous"
    assert words.condition("agreeable:hand") == "agreeable (Hand)"


def test_the_validator_hint_for_a_colon_condition_is_one_the_schema_accepts(tmp_path):
    path = tmp_path / "marks.yaml"
    path.write_text(TEXT, encoding="utf-8")
    found = unlabelled(path)
    assert [p.message for p in found] == ["condition 'marked:x_9' would be shown to players as an id"]
    hint = found[0].hint
    assert "labels: {" in hint and "marked:x_9:" not in hint
    labels = yaml.safe_load(hint[hint.index("labels: "):].replace("...", "a mark"))["labels"]
    data = yaml.safe_load(TEXT)
    data["labels"] = labels
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert [p for p in validate_path(path) if p.severity == "error"] == []
    assert unlabelled(path) == []


def test_the_bundled_standing_fixture_has_no_unlabelled_condition():
    assert unlabelled(FIXTURES / "hb-standing.yaml") == []
