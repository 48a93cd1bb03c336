"""How ``solo saves`` shows the save slots: a table where it fits, one block per slot where not.

The slot name is what ``solo continue`` and ``solo transcript`` take, so it is never cut. A
finished game set aside has a long name (``SLOT.ended-YYYYMMDD-HHMM``); at 80 columns a table
with such a name leaves the other columns a letter or two wide, so below the width the table
needs every slot is shown as its name on a line of its own and its details indented under it.
Every cell is text from a save, so it is shown as plain text (never markup). A save records when
it was last written in UTC; it is shown in the player's own time zone, as the set-aside slot names
(made from the local clock) are.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

#: The columns beside the slot, and the width each needs to read well in a table.
DETAIL_COLUMNS = ("adventure", "scene", "progress", "last played")
DETAIL_WIDTH = 14
#: What a table's borders and padding take: a bar and a space either side of each of 5 columns.
TABLE_FRAME = 3 * len(DETAIL_COLUMNS) + 4


def _details(row: dict[str, Any]) -> list[str]:
    if "error" in row:
        return ["unreadable", "", row["error"][:60], ""]
    return [row["adventure"], row["scene_title"] or row["scene"] or "", row["progress"] or "",
            _local_time(row["updated"] or "")]


def _local_time(stamp: str) -> str:
    """``YYYY-MM-DD HH:MM`` in the local time zone for a save's ISO time stamp (a stamp without a
    zone, or one that is not a time, is shown as written)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp.replace("T", " ")[:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def table_fits(rows: list[dict[str, Any]], width: int) -> bool:
    """Whether a table shows every slot whole and leaves each other column room to read."""
    longest = max((len(row["slot"]) for row in rows), default=4)
    return max(longest, 4) + DETAIL_WIDTH * len(DETAIL_COLUMNS) + TABLE_FRAME <= width


def saves_view(rows: list[dict[str, Any]], width: int) -> RenderableType:
    """The slots as a table when it fits ``width``, else as one block per slot."""
    if table_fits(rows, width):
        table = Table(show_header=True, header_style="bold")
        table.add_column("slot", no_wrap=True, min_width=max(len(row["slot"]) for row in rows))
        for column in DETAIL_COLUMNS:
            table.add_column(column)
        for row in rows:
            details = _details(row)
            style = "red" if "error" in row else ""
            table.add_row(Text(row["slot"]), *(Text(cell, style=style if n == 0 else "") for n, cell in enumerate(details)))
        return table
    blocks: list[RenderableType] = []
    for row in rows:
        blocks.append(Text(row["slot"], style="bold", no_wrap=True, overflow="ignore"))
        if "error" in row:
            blocks.append(Padding(Text.assemble(("unreadable: ", "red"), row["error"][:60]), (0, 0, 0, 4)))
            continue
        adventure, scene, progress, updated = _details(row)
        line = Text(adventure)
        for part in (scene, progress):
            if part:
                line.append(" · ")
                line.append(part)
        if updated:
            line.append(" · last played ")
            line.append(updated)
        blocks.append(Padding(line, (0, 0, 0, 4)))  # a long line wraps under itself, not under the name
    return Group(*blocks)
