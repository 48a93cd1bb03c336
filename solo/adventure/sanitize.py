"""Making untrusted text harmless for a terminal: no escape sequences, no control characters,
no invisible reordering.

Adventure files, saves and stored characters come from strangers. Their text may carry ANSI/VT
escape sequences (clear the screen, retitle the window, hyperlinks, switch screens) or raw control
characters: :func:`strip_controls` removes them, keeping newlines, and turns tabs into spaces (the
loader applies it to every string of an adventure). Text may also carry Unicode bidirectional
overrides and isolates, which make a line read differently from what it holds, and zero-width
characters that hide text: :func:`screen_text` removes those too, on top of
:func:`strip_controls`, and is the one function every string passes through on its way to the
screen (the rich views' ``safe``/``plain``, the command line's messages, character names from
stored files). The zero-width joiner and non-joiner (U+200C, U+200D) stay: scripts such as Persian
and emoji sequences need them, and they reorder nothing.

Rich markup is a separate concern: the terminal front end always wraps text in
``rich.text.Text`` so brackets stay literal.
"""

from __future__ import annotations

import re
from typing import Any

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), other two-character escapes, then any
# remaining C0 (except \n and \t), DEL and C1 controls.
_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"
    r"|\x1b[@-Z\\-_]?"
    r"|\x9b[0-?]*[ -/]*[@-~]"
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"
)


def strip_controls(text: str) -> str:
    """``text`` without escape sequences or control characters (newlines kept, tabs as spaces)."""
    if text.isprintable():
        return text
    return _SEQUENCES.sub("", text.replace("\r\n", "\n")).replace("\t", "    ")


# Bidirectional embeddings, overrides, isolates and marks; zero-width space, word joiner and
# invisible operators; the byte-order mark; the Mongolian vowel separator; soft hyphen.
_INVISIBLE = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u2060-\u2064\ufeff\u180e\u00ad]")


def screen_text(text: Any) -> str:
    """``text`` as it may reach a terminal: :func:`strip_controls`, then no bidi controls or
    zero-width characters. The one place every shown string goes through."""
    text = strip_controls(str(text))
    if text.isascii():
        return text
    return _INVISIBLE.sub("", text)


def clean_tree(value: Any) -> Any:
    """Every string in plain YAML/JSON data passed through :func:`strip_controls` (keys too)."""
    if isinstance(value, str):
        return strip_controls(value)
    if isinstance(value, dict):
        return {clean_tree(k): clean_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_tree(v) for v in value]
    return value
