"""The pages the shared commands open in the full-screen app: sheet, help, rules, journal, story.

Each ``:`` command (:mod:`solo.ui.commands`) hands the front end a view, a kind and its data, in
player words already (:mod:`solo.ui.words`). :func:`page` turns one into a title and a rich
renderable for a page laid over the game; :func:`card` draws the adventure's card for the top of
the story. Only rich is needed here, and the drawing reuses the line mode's tables and tones.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solo.ui.render import TONE_STYLE, rows_table
from solo.ui.safe_text import literal
from solo.ui.words import Words, clean

TITLES = {
    "sheet": "Character sheet",
    "help": "Help",
    "rules": "Rules",
    "journal": "Journal",
    "recap": "The story so far",
    "story": "The story so far",
}
STORY_STYLE = {"scene": "bold", "choice": "bold cyan", "end": "bold magenta", "roll": "dim", "note": "italic"}


def _keys_table(keys: list[tuple[str, str]]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for key, text in keys:
        table.add_row(literal(key), literal(text))
    return table


def _spaced(parts: list[RenderableType]) -> Group:
    out: list[RenderableType] = []
    for part in parts:
        if out:
            out.append(Text(""))
        out.append(part)
    return Group(*out)


def page(kind: str, data: dict[str, Any], words: Words, keys: list[tuple[str, str]]) -> tuple[str, RenderableType] | None:
    """The title and body of the page for a command's view, or None for a view with no page."""
    title = TITLES.get(kind, kind.capitalize())
    if kind == "sheet":
        return title, rows_table(data.get("rows") or [])
    if kind == "help":
        parts: list[RenderableType] = []
        if "keys" in data:  # the whole help, not one term looked up
            parts.append(Group(Text("Keys", style="bold"), _keys_table(keys)))
        rows = [("Commands", f"{usage}  {text}", "") for usage, text in data.get("commands") or []]
        rows += [("Terms", f"{term}: {meaning}", "") for term, meaning in data.get("terms") or []]
        parts.append(rows_table(rows))
        parts.append(Text("Type a command after pressing :, for example :note the captain lied", style="dim"))
        return title, _spaced(parts)
    if kind == "rules":
        parts = []
        roll = data.get("roll")
        if roll is not None:
            lines = [Text(f"{clean(roll.title)}: {clean(roll.summary())}", style="bold")]
            lines += [Text(clean(why)) for why in roll.why]
            if roll.steps:
                lines.append(Text("The dice step by step: " + "; ".join(map(clean, roll.steps)) + ".", style="dim"))
            parts.append(Group(*lines))
        for rule in data.get("rules") or []:
            parts.append(Group(Text(clean(rule["title"]), style="bold"), Text(clean(rule["text"])),
                               Text(f"Source: {clean(rule['source'])}", style="dim")))
        return title, _spaced(parts or [Text("No rule to show yet.")])
    if kind == "journal":
        entries = data.get("entries") or []
        if not entries:
            return title, Text("Your journal is empty. Write in it with :note TEXT (press : first).")
        table = Table.grid(padding=(0, 2))
        table.add_column(style="dim", no_wrap=True)
        table.add_column()
        for entry in entries:
            where = f"Turn {entry.get('turn', 0)}, {clean(entry.get('scene_title', ''))}"
            table.add_row(literal(where), literal(entry.get("text", "")))
        return title, table
    if kind in ("recap", "story"):
        from solo.ui.transcript import story_lines

        lines: list[RenderableType] = []
        for text, line_kind in story_lines(data["entries"], words):
            if line_kind in ("scene", "end", "choice") and lines:
                lines.append(Text(""))
            lines.append(Text(clean(text), style=STORY_STYLE.get(line_kind, "")))
        return title, Group(*lines)
    return None


def card(words: Words) -> RenderableType:
    """The adventure's card: title, summary, play time, content notes, who can be played."""
    lines = words.card()
    if not lines:
        return Text("")
    body = [Text(clean(item.text), style=TONE_STYLE.get(item.tone, "")) for item in lines[1:]]
    return Group(Text(clean(lines[0].text), style="bold magenta"), Text(""), _spaced(body))
