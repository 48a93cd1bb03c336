"""Untrusted text made literal for each renderer it meets: the terminal, Rich/Textual widgets,
Markdown and HTML.

Everything that comes from an adventure file, a save or a player (names, labels, conflict titles,
scene text, journal notes, typed commands) is data. Each function here takes such text and returns
it in the form one renderer shows as written and never acts on:

* :func:`terminal` for a plain terminal line: escape sequences, control characters, bidi
  overrides and zero-width characters removed (:func:`solo.adventure.sanitize.screen_text`).
* :func:`literal` for Rich and Textual: a :class:`rich.text.Text`, which neither parses markup
  (``[b]``, ``[/]``) nor Textual's action links (``[@click=app.quit]``). Widget attributes that
  would parse a plain string as markup (``border_title``, ``notify``) get one of these.
* :func:`markdown` for ``solo transcript --format md``: every character Markdown gives a meaning
  (links, images, emphasis, headings, lists, code, raw HTML) is backslash-escaped or an entity.
* :func:`html` for the HTML transcript and the playtest report: ``< > & " '`` as entities.

The graph's DOT and Mermaid labels are escaped where they are built (``solo.adventure.graph``),
as that module must not depend on the terminal front end; the hostile-text property test covers
them with the renderers here.

The only styling that renders is the adventure format's own (paragraphs and list lines, laid out
by :func:`solo.ui.words.reflow`); nothing in the text itself is ever interpreted.
"""

from __future__ import annotations

import html as _html
import re
from typing import Any

from rich.text import Text

from solo.adventure.sanitize import screen_text

# Markdown's punctuation with a meaning anywhere in a line (emphasis, code, links and images,
# tables, strikethrough), and what means something only at a line's start (lists, headings).
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]#!|~])")
_MARKDOWN_LINE_START = re.compile(r"^(\s*)([-+=]|\d+(?=[.)]))", re.MULTILINE)


def terminal(text: Any) -> str:
    """``text`` as a terminal may show it: no escapes, controls, bidi overrides or hidden text."""
    return screen_text(text)


def literal(text: Any, style: str = "") -> Text:
    """``text`` as a Rich/Textual renderable shown exactly as written (no markup, no actions)."""
    return Text(terminal(text), style=style)


def markdown(text: Any) -> str:
    """``text`` for a Markdown document: shown as written, never a link, image, heading or HTML."""
    clean = terminal(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    clean = _MARKDOWN_SPECIAL.sub(r"\\\1", clean)
    clean = clean.replace("://", "\\://").replace("www.", "www\\.")  # no bare-address autolinks
    return _MARKDOWN_LINE_START.sub(_escape_line_start, clean)


def _escape_line_start(match: re.Match[str]) -> str:
    lead, mark = match.groups()
    return lead + ("\\" + mark if not mark.isdigit() else mark + "\\")


def html(text: Any) -> str:
    """``text`` for an HTML document, in an element or a quoted attribute."""
    return _html.escape(terminal(text), quote=True)
