"""Every YAML example in the documentation validates.

Each fenced ``yaml`` block of ``docs/*.md`` and ``README.md`` is extracted and checked:

* a block preceded by ``<!-- example: NAME -->`` is a whole adventure: ``solo validate`` must find
  no problem in it at all;
* any other block is a fragment. It is read as YAML, then put where its indentation says it
  belongs inside a minimal adventure (see :func:`embed`), and the result is validated. Warnings
  are not counted, nor references to things the fragment does not define (a ``goto`` to a scene
  shown in another block, an item declared elsewhere): see :data:`REFERENCE_CODES`. Everything
  else counts: the format's shape, expressions, check parameters and outcome labels, conflicts.

The system a fragment is checked under is the one its own ``system:`` names, else the one named
by the nearest ``<!-- system: ID -->`` marker above it in the same file (a marker holds until the
next one), else ``guts-plus``. ``docs/authoring.md`` explains the markers to authors of the docs.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from solo.adventure.validate import format_problems, validate_path

ROOT = Path(__file__).parents[2]
DOCS = sorted((ROOT / "docs").glob("**/*.md")) + [ROOT / "README.md"]

#: Codes that only say a fragment names something another block defines.
REFERENCE_CODES = frozenset({
    "unknown-scene", "unknown-item", "unknown-objective", "unknown-npc", "unknown-table",
    "unknown-clock", "unknown-variable", "undeclared-variable", "unknown-stat", "unknown-reveal",
    "objective-never-completes", "dead-end", "no-reachable-ending", "opponent-lacks-stat",
    "not-companion", "assist-not-companion", "bad-award",
})

FENCE = re.compile(r"^```yaml\n(.*?)^```$", re.S | re.M)
MARKER = re.compile(r"<!-- (example|system): ([a-z0-9-]+) -->")

#: A legal pregenerated character and a companion per system, for fragments to roll against.
CHARACTERS: dict[str, dict[str, Any]] = {
    "guts-plus": {"stats": {"gumption": 2, "utility": 2, "thought": 1, "slyness": 1, "climbing": 2}},
    "game": {"stats": {"Perception/Track": 2, "Hack/Slash": 2}},
    "loose-fuzzy": {"stats": {"cleverness": 2, "body": 3, "knowledge": 2, "perception": 2, "tenacity": 3},
                    "resources": {"luck": 2}},
    "humanity-blessed": {"stats": {"head": "d6", "hand": "d6", "heart": "d6", "home": "d6",
                                   "hurt": "d6", "hurry": "d6", "history": "d6"}},
    "four-s": {"stats": {"strength": 2, "skill": 2, "support": 2, "scharisma": 2}},
}


@dataclass(frozen=True)
class Block:
    file: Path
    line: int  # of the first line of YAML
    text: str
    example: str | None  # the name of a whole adventure, or None for a fragment
    system: str

    @property
    def name(self) -> str:
        return f"{self.file.relative_to(ROOT)}:{self.line}"


def blocks() -> list[Block]:
    found = []
    for doc in DOCS:
        source = doc.read_text(encoding="utf-8")
        for match in FENCE.finditer(source):
            before = source[: match.start()]
            markers = MARKER.findall(before)
            systems = [value for kind, value in markers if kind == "system"]
            last_lines = before.rstrip("\n").rsplit("\n", 1)[-1]
            example = MARKER.fullmatch(last_lines.strip())
            name = example.group(2) if example and example.group(1) == "example" else None
            found.append(Block(doc, before.count("\n") + 2, match.group(1), name,
                               systems[-1] if systems else "guts-plus"))
    return found


def embed(block: Block) -> dict[str, Any]:
    """The fragment inside a minimal adventure, placed by the indentation of its first line.

    Indented 0: top-level fields (merged into the adventure); 2: scenes; 4: fields of a scene;
    6 with a dash: a list of choices; 8: fields of a choice.
    """
    first = next(line for line in block.text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    indent = len(first) - len(first.lstrip())
    data = yaml.safe_load(textwrap.dedent(block.text))
    assert data is not None, f"{block.name}: an empty example"
    system = data.get("system", block.system) if isinstance(data, dict) and indent == 0 else block.system
    character = {"id": "tester", "name": "Tester", **CHARACTERS[system]}
    adventure: dict[str, Any] = {
        "format": 1, "id": "doc-example", "title": "Doc example", "system": system, "start": "here",
        "characters": [character],
        "scenes": {
            "here": {"title": "Here", "text": "Somewhere.", "choices": [{"text": "Leave", "goto": "end"}]},
            "end": {"title": "The end", "text": "Done.", "ending": {"outcome": "mixed", "summary": "Over."}},
        },
    }
    here = adventure["scenes"]["here"]
    if indent == 0:
        assert isinstance(data, dict), f"{block.name}: a top-level fragment must be a mapping"
        for key, value in data.items():
            if key == "scenes":
                adventure["scenes"].update(value)
                if "start" not in data:
                    adventure["start"] = next(iter(value))
            else:
                adventure[key] = value
    elif indent == 2:
        assert isinstance(data, dict), f"{block.name}: scenes are a mapping"
        adventure["scenes"].update(data)
    elif indent == 4:
        here.update(data)
    elif isinstance(data, list):
        here["choices"] = data + here["choices"]
    else:
        here["choices"].insert(0, {"text": "Try", **data})
    return adventure


def only_comments(block: Block) -> bool:
    """A block of comments alone (the editor's schema line): nothing to validate."""
    return all(not line.strip() or line.lstrip().startswith("#") for line in block.text.splitlines())


BLOCKS = [b for b in blocks() if not only_comments(b)]


def test_the_docs_have_yaml_examples():
    assert sum(1 for b in BLOCKS if b.example) >= 2
    assert sum(1 for b in BLOCKS if not b.example) >= 30


@pytest.mark.parametrize("block", [b for b in BLOCKS if b.example], ids=lambda b: f"{b.example}@{b.name}")
def test_whole_example_adventures_validate_without_problems(block, tmp_path):
    path = tmp_path / f"{block.example}.yaml"
    path.write_text(block.text, encoding="utf-8")
    problems = validate_path(path)
    assert problems == [], f"{block.name}\n" + format_problems(problems)


@pytest.mark.parametrize("block", [b for b in BLOCKS if not b.example], ids=lambda b: b.name)
def test_example_fragments_validate_in_place(block, tmp_path):
    path = tmp_path / "fragment.yaml"
    path.write_text(yaml.safe_dump(embed(block), sort_keys=False, allow_unicode=True), encoding="utf-8")
    problems = [p for p in validate_path(path)
                if p.severity == "error" and p.code not in REFERENCE_CODES]
    assert problems == [], f"{block.name} ({block.system})\n{block.text}\n" + format_problems(problems)


def test_a_broken_fragment_is_caught(tmp_path):
    """The harness itself: a fragment with a misspelt field or a bad expression fails."""
    for text in ("      - text: Go\n        gotoo: end\n", "      - text: Go\n        if: has(\"x\" and\n"):
        block = Block(ROOT / "README.md", 1, text, None, "guts-plus")
        path = tmp_path / "broken.yaml"
        path.write_text(yaml.safe_dump(embed(block), sort_keys=False), encoding="utf-8")
        assert [p for p in validate_path(path) if p.severity == "error" and p.code not in REFERENCE_CODES]
