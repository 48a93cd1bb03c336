"""Plain text for ``--plain`` and terminals that cannot show Unicode: no colour, no boxes, no emoji.

For screen readers and ASCII terminals: every line is words a speech synthesiser reads well
("Rolled 5, hit"), never drawing characters. :func:`to_terminal` makes any text safe for the
output's encoding (typographic punctuation becomes its ASCII look-alike, anything else a ``?``),
so an ASCII terminal never meets an encoding error.
"""

from __future__ import annotations

import textwrap
import unicodedata

#: Typographic characters adventures use, and their plain ASCII spelling.
ASCII = {
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": " - ",
    "\u2026": "...", "\u00b7": "-", "\u00a0": " ", "\u2022": "*", "\u2192": "->", "\u00d7": "x",
    "\u2212": "-", "\u2248": "~", "\u2264": "<=", "\u2265": ">=", "\u00bd": "1/2", "\u2153": "1/3",
}
#: What must encode for the rich view to be used (box drawing, the die, the star).
RICH_PROBE = "\u256d\u2500\U0001f3b2\u2605\u2714"


def can_encode(encoding: str | None, sample: str = RICH_PROBE) -> bool:
    try:
        sample.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def asciify(text: str) -> str:
    """Text in ASCII: look-alikes for punctuation, accents dropped, anything else as '?'."""
    out = []
    for ch in text:
        if ord(ch) < 128:
            out.append(ch)
            continue
        if ch in ASCII:
            out.append(ASCII[ch])
            continue
        base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
        out.append(base or "?")
    return "".join(out)


def to_terminal(text: str, encoding: str | None) -> str:
    """Text the output can encode: unchanged when it can, else made ASCII."""
    if can_encode(encoding, text):
        return text
    return asciify(text)


def wrap(text: str, width: int, indent: str = "") -> str:
    return "\n".join(textwrap.fill(p, width=max(20, width), initial_indent=indent, subsequent_indent=indent,
                                   break_on_hyphens=False) if p else "" for p in text.split("\n"))
