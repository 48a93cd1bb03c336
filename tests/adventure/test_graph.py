"""Tests of solo.adventure.graph: Mermaid and DOT scene graphs, odds on edges, escaping."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.adventure import loader
from solo.adventure.graph import ANYWHERE, START, GraphError, dot_text, edges, mermaid_text, to_dot, to_mermaid

DOT_STRING = r'"(?:\\.|[^"\\])*"'
DOT_NODE = re.compile(rf"^\s*{DOT_STRING} \[label={DOT_STRING}(, [a-z]+=(?:{DOT_STRING}|[a-z]+))*\];$")
DOT_EDGE = re.compile(
    rf"^\s*{DOT_STRING} -> {DOT_STRING}( \[label={DOT_STRING}(, style=dashed)?\]| \[style=dashed\])?;$"
)
MERMAID_NODE = re.compile(r'^\s+s_\w+(\["[^"]*"\]|\(\["[^"]*"\]\):::(victory|defeat|mixed))$')
MERMAID_EDGE = re.compile(r'^\s+\w+ (-->|-\.->)(\|"[^"]*"\|)? \w+$')


@pytest.fixture
def tiny(fixtures):
    return loader.load(fixtures / "tiny.yaml").adventure


def load_text(tmp_path: Path, text: str):
    path = tmp_path / "graph.yaml"
    path.write_text(text, encoding="utf-8")
    return loader.load(path).adventure


GROUPED = """\
format: 1
id: grouped
title: Grouped
system: plain-d6
start: gate
characters:
  - {id: hero, name: Hero, stats: {might: 1, wits: 2}}
items:
  - {id: key, name: Iron key}
objectives:
  - {id: get-in, text: Get into the keep}
scenes:
  gate:
    title: The Gate
    group: Outside
    choices:
      - text: Climb the wall, a very long way up past the ivy and the crows
        check:
          stat: might
          target: 5
          outcomes:
            success: {effects: [{give: key}], goto: yard}
      - {text: Walk away, goto: home}
  home:
    title: Home
    group: Outside
    ending: {outcome: mixed}
  yard:
    title: The Yard
    group: Inside
    choices:
      - {text: Rest, effects: [{complete: get-in}, {take: key}], goto: keep}
  keep:
    title: The Keep
    ending: {outcome: victory}
"""

HOSTILE = """\
format: 1
id: hostile
title: 'Evil "title" ]]; end %% <script>'
system: plain-d6
start: a
characters:
  - {id: hero, name: Hero, stats: {might: 1, wits: 2}}
scenes:
  a:
    title: "Quote \\" bracket ] pipe | hash #quot; amp &amp; lt < back \\\\ newline\\nend"
    group: 'end"] subgraph x'
    choices:
      - text: "Say \\"hi\\" |-->| [x] \\\\N \\\\l <b>b</b>"
        goto: end
  end:
    title: "end"
    ending: {outcome: victory}
"""


# -- the edges ------------------------------------------------------------------------------


def test_edges_of_the_tiny_cellar(tiny):
    found = {(e.source, e.dest, e.lines) for e in edges(tiny)}
    assert (START, "cellar", ()) in found
    assert ("cellar", "stairs", ("Force the door [might 50%]", "success")) in found
    assert ("cellar", "stairs", ("Unlock the door",)) in found
    assert ("stairs", "freedom", ("Fight the rat [might vs Giant rat 50%]", "success")) in found
    assert ("stairs", "cellar", ("Fight the rat [might vs Giant rat 50%]", "failure")) in found
    assert ("stairs", "freedom", ("Sneak past [wits 50%]", "success")) in found
    assert (ANYWHERE, "drowned", ("Water rising full",)) in found
    # a failure without a goto keeps the player in the scene: no edge for it
    assert not any(e.source == "cellar" and "failure" in e.lines for e in edges(tiny))


def test_odds_follow_the_chosen_character(tiny):
    sage = {e.lines[0] for e in edges(tiny, "sage") if e.lines}
    assert "Sneak past [wits 67%]" in sage  # wits 3 against 6 on a d6: 4 of 6
    assert "Force the door [might 33%]" in sage  # might 0 against 5: 2 of 6
    with pytest.raises(GraphError, match="hero, sage"):
        edges(tiny, "nobody")


def test_long_choice_texts_are_shortened_and_effects_noted(tmp_path):
    adventure = load_text(tmp_path, GROUPED)
    found = {(e.source, e.dest): e.lines for e in edges(adventure)}
    climb = ("Climb the wall, a very long way up past… [might 50%]", "success", "+ Iron key")
    assert found[("gate", "yard")] == climb
    assert found[("yard", "keep")] == ("Rest", "✓ Get into the keep", "- Iron key")


def test_an_unknown_system_still_draws_without_odds(tmp_path):
    adventure = load_text(tmp_path, GROUPED.replace("system: plain-d6", "system: no-such-system"))
    labels = [e.lines[0] for e in edges(adventure) if e.lines]
    assert any(label.endswith("[might]") for label in labels)


# -- Mermaid --------------------------------------------------------------------------------


def test_mermaid_structure(tiny):
    text = to_mermaid(tiny)
    lines = text.splitlines()
    assert lines[1] == "flowchart TD"
    assert '    s_cellar["The Cellar"]' in lines
    assert '    s_freedom(["Daylight"]):::victory' in lines
    assert '    s_drowned(["Drowned"]):::defeat' in lines
    assert "    start__ --> s_cellar" in lines
    assert '    s_cellar -->|"Force the door [might 50%]<br/>success"| s_stairs' in lines
    assert '    anywhere__ -.->|"Water rising full"| s_drowned' in lines
    assert any(line.startswith("    classDef victory") for line in lines)
    for line in lines:
        if line.startswith("    s_") and "--" not in line:
            assert MERMAID_NODE.match(line), line
        if "-->" in line or "-.->" in line:
            assert MERMAID_EDGE.match(line), line


def test_mermaid_groups_are_subgraphs(tmp_path):
    text = to_mermaid(load_text(tmp_path, GROUPED))
    outside = '    subgraph group_0["Outside"]\n        s_gate["The Gate"]\n        s_home(["Home"]):::mixed\n    end'
    assert outside in text
    assert '    subgraph group_1["Inside"]\n        s_yard["The Yard"]\n    end' in text
    assert '    s_keep(["The Keep"]):::victory' in text


def test_mermaid_escapes_hostile_titles(tmp_path):
    text = to_mermaid(load_text(tmp_path, HOSTILE))
    lines = text.splitlines()
    assert lines[0].startswith("%% Evil ")
    assert len([line for line in lines if line.startswith("%%")]) == 1
    node = next(line for line in lines if line.strip().startswith("s_a["))
    assert MERMAID_NODE.match(node), node
    assert "#quot;" in node and "#124;" in node and "#35;quot;" in node and "#lt;" in node
    assert "<br/>end" in node  # the newline, and a harmless 'end' inside the quotes
    assert '    subgraph group_0["end#quot;] subgraph x"]' in lines
    assert "s_end" in text and "\n    end\n" in text  # the scene called 'end' gets a safe id
    edge = next(line for line in lines if line.strip().startswith("s_a -->"))
    assert MERMAID_EDGE.match(edge), edge
    assert "<b>" not in text


def test_mermaid_text_and_id_escaping():
    assert mermaid_text('a "b" <c> & #d; |e| `f`') == "a #quot;b#quot; #lt;c#gt; #amp; #35;d; #124;e#124; #96;f#96;"
    assert mermaid_text("line one\nline two") == "line one<br/>line two"
    assert mermaid_text("tab\there\x00") == "tab here "
    # a directive or a comment written in a title stays text: Mermaid reads %%{...}%% anywhere
    assert mermaid_text("N %%{init: {'theme': 'dark'}}%%") == "N %#37;#123;init: #123;'theme': 'dark'#125;#125;%#37;"
    assert mermaid_text("Crème brûlée – fine") == "Crème brûlée #8211; fine"


# -- DOT ------------------------------------------------------------------------------------


def test_dot_structure(tiny):
    text = to_dot(tiny)
    lines = text.splitlines()
    assert lines[0] == 'digraph "tiny" {' and lines[-1] == "}"
    assert '    "cellar" [label="The Cellar"];' in lines
    assert any(line.startswith('    "freedom" [label="Daylight", shape=doubleoctagon') for line in lines)
    assert '    "cellar" -> "stairs" [label="Force the door [might 50%]\\nsuccess"];' in lines
    assert '    "(any scene)" -> "drowned" [label="Water rising full", style=dashed];' in lines
    for line in lines[5:-1]:
        assert DOT_NODE.match(line) or DOT_EDGE.match(line), line


def test_dot_clusters(tmp_path):
    text = to_dot(load_text(tmp_path, GROUPED))
    assert '    subgraph "cluster_0" {\n        label="Outside";' in text
    assert '        "gate" [label="The Gate"];' in text
    assert text.count("subgraph") == 2


def test_dot_escapes_hostile_titles(tmp_path):
    text = to_dot(load_text(tmp_path, HOSTILE))
    lines = text.splitlines()
    assert lines[1].startswith('    graph [label="Evil \\"title\\" ]]; end %% <script>"')
    node = next(line for line in lines if line.strip().startswith('"a" ['))
    assert DOT_NODE.match(node), node
    assert '\\\\ newline\\nend"' in node  # the backslash doubled, the newline as \n
    edge = next(line for line in lines if line.strip().startswith('"a" ->'))
    assert DOT_EDGE.match(edge), edge
    assert '\\\\N \\\\l <b>b</b>' in edge  # DOT escapes stay literal text; no HTML label
    assert all(line.count('"') % 2 == 0 or '\\"' in line for line in lines)


def test_dot_text():
    assert dot_text('say "hi"\\n\nnext') == '"say \\"hi\\"\\\\n\\nnext"'
    assert dot_text("bell\x07") == '"bell "'


TEMPLATED = """\
format: 1
id: templated
title: Templated
system: plain-d6
start: gate
characters:
  - {id: hero, name: Hero, stats: {might: 1, wits: 2}}
variables:
  flags: {lit: false}
scenes:
  gate:
    title: Gate
    text: A gate.
    choices:
      - text: '{lit and "Walk in by lamplight" or "Feel your way in"}'
        goto: yard
      - text: 'Count the {might} bars <b>{"[x]"}</b>'
        goto: yard
  yard:
    title: Yard
    ending: {outcome: victory}
"""


def test_a_templated_choice_edge_shows_its_words_not_its_source(tmp_path):
    """slips10: choice-edge labels showed `{lit and "…" or "…"}` as written. Each `{...}` now reads
    as the words it can give, or "…" for a value only play knows; the words stay data (escaped)."""
    adventure = load_text(tmp_path, TEMPLATED)
    labels = sorted(e.lines[0] for e in edges(adventure) if e.source == "gate")
    assert labels == ["Count the … bars <b>[x]</b>", "Walk in by lamplight / Feel your way in"]
    drawn = [line for line in to_mermaid(adventure).splitlines() if "s_gate -->" in line]
    assert len(drawn) == 2 and not any("{" in line or "<b>" in line for line in drawn)
    assert any("#lt;b#gt;" in line for line in drawn)
