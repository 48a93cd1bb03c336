"""Hostile text from an adventure, a save or a player shows literally in every renderer and acts
in none: line mode, ``solo transcript`` (Markdown and HTML), ``solo graph`` (DOT and Mermaid) and
the playtest HTML report. (The full-screen app has its own test in ``tests/ui_app``.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings

from hostile_text import hostile, hostile_adventure, shown

from solo.cli import cli
from solo.ui import safe_text


def MarkdownIt(flavour: str):  # noqa: N802 - the tests below keep their source: Hypothesis derives its
    """markdown_it's parser, imported by the tests that render (a tenth of a second every xdist
    worker would otherwise pay at collection)."""  # derandomized examples from each test's source
    from markdown_it import MarkdownIt as parser

    return parser(flavour)

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
NAME_CLICK = 'N [@click=app.screenshot("pwned.svg","/tmp")]Bob[/]'


def run(args, save_dir, answers=""):
    return CliRunner().invoke(cli, args, input=answers, env={"SOLO_SAVE_DIR": str(save_dir)})


class Tags(HTMLParser):
    """The tags and attributes of an HTML document, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse_html(document: str) -> Tags:
    parser = Tags()
    parser.feed(document)
    return parser


def tokens(text: str) -> list[str]:
    return shown(text).split()


def assert_inert_html(document: str, text: str, allowed: set[str]) -> None:
    parsed = parse_html(document)
    assert {tag for tag, _ in parsed.tags} <= allowed
    assert not any(k in ("src", "href", "onerror", "onload") for _, attrs in parsed.tags for k in attrs)
    seen = " ".join("".join(parsed.text).split())
    for token in tokens(text):
        assert token in seen


@SETTINGS
@example(NAME_CLICK)
@example("N [/]")
@given(hostile())
def test_line_mode_transcripts_and_graphs_show_hostile_text_literally(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("hostile")
    path = hostile_adventure(text, folder)
    played = run(["play", str(path), "--seed", "1", "--slot", "h"], folder, "1\n:note " + text + "\n1\n2\n")
    assert played.exit_code == 0, played.output
    assert "\x1b" not in played.output and "\x9b" not in played.output and "\u202e" not in played.output
    for token in tokens(text):
        assert token in played.output

    md = run(["transcript", "h", "--format", "md"], folder)
    assert md.exit_code == 0, md.output
    rendered = MarkdownIt("gfm-like").render(md.output)  # with linkify, as GitHub shows bare URLs
    assert_inert_html(rendered, text, {"h1", "h2", "p", "ul", "li", "blockquote", "strong", "em", "small", "br"})

    page = run(["transcript", "h", "--format", "html"], folder)
    assert page.exit_code == 0, page.output
    assert_inert_html(page.output, text, {"html", "head", "meta", "title", "style", "body", "h1", "h2", "p"})

    dot = run(["graph", str(path), "--format", "dot"], folder)
    assert dot.exit_code == 0, dot.output
    for line in dot.output.splitlines():  # every quoted string closes on its line, no HTML label
        if line.lstrip().startswith("//"):
            continue  # a comment to the end of the line: nothing in it is read (newlines are folded)
        outside = re.sub(r'"(?:[^"\\]|\\.)*"', "", line)
        assert '"' not in outside and "<" not in outside, line
    assert "\x1b" not in dot.output

    mermaid = run(["graph", str(path), "--format", "mermaid"], folder)
    assert mermaid.exit_code == 0, mermaid.output
    assert "<" not in mermaid.output.replace("<br/>", "") and "%%{" not in mermaid.output and "\x1b" not in mermaid.output
    assert not any(line.strip().startswith("click") for line in mermaid.output.splitlines())


@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@example(NAME_CLICK)
@given(hostile())
def test_playtest_html_report_shows_hostile_text_literally(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("report")
    path = hostile_adventure(text, folder)
    report = folder / "report.html"
    result = run(["playtest", str(path), "--runs", "5", "--seed", "1", "--html", str(report)], folder)
    assert result.exit_code == 0, result.output
    parsed = parse_html(report.read_text(encoding="utf-8"))
    assert not any(k in ("src", "href", "onerror", "onload") for _, attrs in parsed.tags for k in attrs)
    assert "script" not in {tag for tag, _ in parsed.tags}
    seen = " ".join("".join(parsed.text).split())
    for token in tokens(text):  # what is left once control sequences are stripped shows as written
        assert token in seen


def test_markdown_escaping_leaves_no_link_image_or_html():
    text = "![b](http://beacon.example/i.png) [l](http://e.example) <img src=x> www.e.example <http://e.example>"
    rendered = MarkdownIt("commonmark").render(safe_text.markdown(text))
    assert "<a" not in rendered and "<img" not in rendered
    assert "![b](http://beacon.example/i.png)" in rendered.replace("&amp;", "&")


@settings(max_examples=3, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@example(NAME_CLICK)
@given(hostile())
def test_a_companion_named_in_a_roll_note_shows_literally(tmp_path_factory, text):
    """A companion's name reaches a roll's notes (Synchronized Skill's loan, Synchronized Spark's
    stat) and the line saying a loan goes back: shown as written in line mode and transcripts."""
    import yaml
    from pathlib import Path

    folder = tmp_path_factory.mktemp("note")
    data = yaml.safe_load((Path(__file__).parent.parent / "fixtures" / "hb-loan.yaml").read_text(encoding="utf-8"))
    data["npcs"][0]["name"] = text  # Teo, who lends
    path = folder / "hostile-note.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    played = run(["play", str(path), "--seed", "1", "--slot", "n"], folder, "1\n1\n4\n")
    assert played.exit_code == 0, played.output
    assert "\x1b" not in played.output and "\x9b" not in played.output and "\u202e" not in played.output
    squeezed = " ".join(played.output.split())
    assert "lends you Advanced Training" in squeezed and "goes back to" in squeezed
    for token in tokens(text):
        assert token in squeezed
    md = run(["transcript", "n", "--format", "md"], folder)
    assert md.exit_code == 0, md.output
    rendered = MarkdownIt("gfm-like").render(md.output)
    assert_inert_html(rendered, text, {"h1", "h2", "p", "ul", "li", "blockquote", "strong", "em", "small", "br"})


@settings(max_examples=2, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@example(NAME_CLICK)
@given(hostile())
def test_a_touchstone_named_in_an_offer_and_a_note_shows_literally(tmp_path_factory, text):
    """A History touchstone from the file reaches the offer to roll History and the note of a
    swap (Synchronized Uncommonality): shown as written in line mode and transcripts."""
    import yaml
    from pathlib import Path

    folder = tmp_path_factory.mktemp("scope")
    data = yaml.safe_load((Path(__file__).parent.parent / "fixtures" / "hb-scope.yaml").read_text(encoding="utf-8"))
    data["npcs"][0]["extra"]["touchstones"] = ["river boats", text]
    data["scenes"]["dock"]["choices"][2]["check"]["scope"] = text
    path = folder / "hostile-scope.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    played = run(["play", str(path), "--seed", "1", "--slot", "s"], folder, "3\n2\n1\n")
    assert played.exit_code == 0, played.output
    assert "\x1b" not in played.output and "\x9b" not in played.output and "\u202e" not in played.output
    squeezed = " ".join(played.output.split())
    assert "Roll History d8 instead (your History covers" in squeezed
    for token in tokens(text):
        assert token in squeezed
    md = run(["transcript", "s", "--format", "md"], folder)
    assert md.exit_code == 0, md.output
    rendered = MarkdownIt("gfm-like").render(md.output)
    assert_inert_html(rendered, text, {"h1", "h2", "p", "ul", "li", "blockquote", "strong", "em", "small", "br"})


def test_a_mermaid_directive_written_in_an_adventure_stays_text(tmp_path):
    """Mermaid reads ``%%{init: ...}%%`` anywhere in a diagram as a directive (a theme, a script
    setting): written in a title, a name or a choice, it comes out as codes, never as a directive
    or a comment of its own."""
    path = hostile_adventure("N %%{init: {'securityLevel': 'loose'}}%% M", tmp_path)
    mermaid = run(["graph", str(path), "--format", "mermaid"], tmp_path)
    assert mermaid.exit_code == 0, mermaid.output
    lines = mermaid.output.splitlines()
    assert "%%{" not in mermaid.output and "}%%" not in mermaid.output
    assert [line for line in lines if "%%" in line] == [lines[0]]  # solo's own header comment only
    assert "%#37;#123;init: #123;'securityLevel': 'loose'#125;#125;%#37; M" in mermaid.output
