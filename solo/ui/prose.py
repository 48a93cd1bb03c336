"""Adventure prose as paragraphs, so a screen can wrap it to its own width.

Adventure files break their lines wherever the author's editor did. Shown as written, a scene is
ragged in a narrow pane and half empty in a wide one. :func:`paragraphs` joins the lines of each
paragraph (paragraphs are separated by blank lines) and keeps the breaks that mean something:
list items, indented lines (verse, quoted signs) and lines that end with two spaces.
"""

from __future__ import annotations

import re

_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


def _keeps_break(line: str, next_line: str) -> bool:
    return (
        line.endswith("  ")
        or bool(_LIST_ITEM.match(next_line))
        or next_line.startswith((" ", "\t"))
    )


def paragraphs(text: str) -> list[str]:
    """The paragraphs of ``text``, each with its soft line breaks joined by spaces."""
    result: list[str] = []
    for block in re.split(r"\n[ \t]*\n", text.strip("\n")):
        lines = block.split("\n")
        if not block.strip():
            continue
        out = lines[0].rstrip() if not lines[0].endswith("  ") else lines[0]
        for previous, line in zip(lines, lines[1:]):
            if _keeps_break(previous, line):
                out = out.rstrip() + "\n" + line.rstrip()
            else:
                out = out.rstrip() + " " + line.strip()
        result.append(out.strip("\n").rstrip())
    return result


def reflow(text: str) -> str:
    """``text`` with paragraphs joined into single lines, separated by one blank line."""
    return "\n\n".join(paragraphs(text))
