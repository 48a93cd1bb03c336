"""Hostile strings and a small adventure that carries one in every place a player reads.

The strings mix what each renderer would act on: Rich/Textual markup and action links, ANSI and
OSC sequences, bidi overrides, HTML, Markdown links and images, DOT/Mermaid syntax. Every one
starts with a letter so that no field reads it as an expression (``=``) or a YAML indicator.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import strategies as st

from solo.ui import safe_text

FRAGMENTS = [
    '[@click=app.screenshot("pwned.svg","/tmp")]', "[/]", "[b]", "[bold red]", "[link=file:///etc/passwd]x[/link]",
    "[@click=app.quit]", "\x1b]8;;http://evil.example/\x1b\\", "\x1b[2J", "\x1b]0;title\x07", "\x9b31m",
    "\u202e", "\u2066", "\u200b", "<script>alert(1)</script>", '<img src="http://beacon.example/x.png">',
    "![beacon](http://beacon.example/i.png)", "[link](http://evil.example)", "<http://evil.example>",
    "www.evil.example", "&amp;", '"', "'", "\\", "#", "|", "`", "*", "_", "~", ">", "-->", ";", "%%{init: {}}%%",
    "click A call alert()", "\\n", "]]", "[[", "1.", "- ", "label=<<b>x</b>>",
]


@st.composite
def hostile(draw) -> str:
    parts = draw(st.lists(st.sampled_from(FRAGMENTS) | st.text("abc xyz", max_size=4), min_size=1, max_size=6))
    return "N " + " ".join(parts)


BASE = """
format: 1
id: hostile
title: T
system: guts-plus
start: a
intro: T
characters:
  - id: pilot
    name: T
    stats: {gumption: 2, utility: 2, thought: 1, slyness: 1, piloting: 2}
    items: [lamp]
items:
  - {id: lamp, name: T}
objectives:
  - {id: look, text: T}
variables:
  clocks:
    water: {size: 4, label: T}
scenes:
  a:
    title: T
    text: T
    choices:
      - {text: T, effects: [{tick: water}, {complete: look}]}
      - {text: T, goto: b}
  b:
    title: T
    text: T
    ending: {outcome: victory, summary: T}
"""


#: the fields whose text is a template ('{...}' is an expression, '{{' a literal brace)
TEMPLATES = frozenset({"intro", "text", "summary"})


def hostile_adventure(text: str, folder: Path) -> Path:
    """A small adventure with ``text`` as its title, names, labels, scene titles and texts, choices;
    in template fields its braces are doubled so that the text, not an expression, is shown."""
    data = yaml.safe_load(BASE)

    as_template = text.replace("{", "{{").replace("}", "}}")  # shown as written, braces and all

    def fill(node):
        if isinstance(node, dict):
            return {k: ((as_template if k in TEMPLATES else text) if v == "T" else fill(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [fill(v) for v in node]
        return node

    path = folder / "hostile.yaml"
    path.write_text(yaml.safe_dump(fill(data), allow_unicode=True), encoding="utf-8")
    return path


def shown(text: str) -> str:
    """What a reader should see of ``text``: the same characters, less controls, spaces collapsed."""
    return " ".join(safe_text.terminal(text).split())


def squeeze(output: str) -> str:
    return " ".join(output.split())
