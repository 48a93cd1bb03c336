"""Making untrusted text harmless for a terminal: no escape sequences, no control characters.

Adventure files and saves come from strangers. Their text may carry ANSI/VT escape sequences
(clear the screen, retitle the window, hyperlinks, switch screens) or raw control characters.
:func:`strip_controls` removes them, keeping newlines, and turns tabs into spaces. Rich markup is
a separate concern: the terminal front end always wraps text in ``rich.text.Text`` so brackets
stay literal.
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


def clean_tree(value: Any) -> Any:
    """Every string in plain YAML/JSON data passed through :func:`strip_controls` (keys too)."""
    if isinstance(value, str):
        return strip_controls(value)
    if isinstance(value, dict):
        return {clean_tree(k): clean_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clean_tree(v) for v in value]
    return value
