"""Drawing a conflict in the line-mode terminal: one line per beat, a compact table per round.

A conflict event carries a plain-data view of the fight (:class:`solo.rules.conflict.ConflictView`
as a dict): each fighter's gauges and tags, and where the system has them a number line and
zones. This module turns those into rich renderables small enough for an 80×24 terminal: every
side's state after each round in a few lines, so the player never needs a sheet to know where
the fight stands.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from solo.engine import events as ev
from solo.ui.render import READING_STYLE, label, plain, safe
from solo.ui.words import roll_words, roller

SIDE_STYLE = {"player": "bold cyan", "ally": "cyan", "enemy": "red"}
BAR_LIMIT = 12  # gauges longer than this are shown as numbers only


def gauge_text(gauge: dict[str, Any]) -> Text:
    value, maximum = int(gauge.get("value", 0)), gauge.get("maximum")
    text = Text(f"{safe(gauge.get('label', ''))} ", style="dim")
    if isinstance(maximum, int) and 0 < maximum <= BAR_LIMIT:
        filled = max(0, min(value, maximum))
        style = "green" if filled * 2 > maximum else "yellow" if filled else "red"
        text.append("■" * filled, style=style)
        text.append("□" * (maximum - filled), style="dim")
        text.append(f" {value}/{maximum}")
    elif isinstance(maximum, int):
        text.append(f"{value}/{maximum}")
    else:
        text.append(str(value))
    return text


def fighters_table(view: dict[str, Any]) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    for fighter in view.get("fighters", []):
        name = plain(fighter.get("name", ""), SIDE_STYLE.get(fighter.get("side", ""), ""))
        if fighter.get("out"):
            name.stylize("strike")
        parts = Text()
        for n, gauge in enumerate(fighter.get("gauges", [])):
            if n:
                parts.append("  ")
            parts.append_text(gauge_text(gauge))
        tags = [safe(t) for t in fighter.get("tags", [])]
        if fighter.get("out"):
            tags.insert(0, "out of the fight")
        if tags:
            parts.append(("  " if parts.plain else "") + ", ".join(tags), style="italic magenta")
        table.add_row(name, parts)
    return table


#: A number line this long or shorter is also drawn space by space (it fits 80 columns).
RULER_LIMIT = 64


def ruler_text(track: dict[str, Any]) -> Text | None:
    """The number line drawn one character a space: each token as its name's initial (a digit
    when several share a space, the player's in bold), a mark as ``!`` and the end as ``|``;
    None for a line too long to draw."""
    length = int(track.get("length", 0))
    if not 1 <= length <= RULER_LIMIT:
        return None
    positions = track.get("positions", {})
    marks = {int(k) for k in (track.get("marks") or {})}
    text = Text("0 ", style="dim")
    for at in range(length + 1):
        who = [safe(name) for name, pos in positions.items() if pos == at]
        if who:
            glyph = str(len(who)) if len(who) > 1 else (who[0][:1].upper() or "?")
            text.append(glyph, "bold cyan" if "You" in who else "bold")
        elif at == length:
            text.append("|", "bold")
        elif at in marks:
            text.append("!", "yellow")
        else:
            text.append("·", "dim")
    text.append(f" {length}", style="dim")
    return text


def track_text(track: dict[str, Any]) -> Text:
    length = int(track.get("length", 0))
    positions = track.get("positions", {})
    marks = {int(k): v for k, v in (track.get("marks") or {}).items()}
    text = Text("Line: ", style="dim")
    stops = sorted(set(positions.values()) | set(marks) | {0, length})
    for n, at in enumerate(stops):
        if n:
            text.append(" ─ ", style="dim")
        who = [safe(name) for name, pos in positions.items() if pos == at]
        piece = f"{at}"
        if at in marks:
            piece += f" {safe(marks[at])}"
        if who:
            piece += f" [{', '.join(who)}]"
        text.append(piece, style="bold" if who else "dim")
    return text


def state_view(view: dict[str, Any], heading: str, notes: list[str] | None = None) -> RenderableType:
    """The fighters, the line and zones, and ``notes`` (the view's own notes when None)."""
    parts: list[RenderableType] = [Text(heading, style="bold")]
    parts.append(fighters_table(view))
    if view.get("track"):
        ruler = ruler_text(view["track"])
        if ruler is not None:
            parts.append(ruler)
        parts.append(track_text(view["track"]))
    zones = view.get("zones")
    if zones:
        text = Text("Zones: ", style="dim")
        text.append(" · ".join(f"{safe(z)}: {', '.join(map(safe, who)) or '—'}" for z, who in zones.items()))
        parts.append(text)
    for note in view.get("notes", []) if notes is None else notes:
        parts.append(plain(note, "dim"))
    return Group(*parts)


def _heading(view: dict[str, Any], ended: bool = False) -> str:
    """A fight under way stands "in round N" (the round being played: before the first turn it
    is round 1, and nothing has happened after it yet); a fight that is over, "after round N"."""
    when = "after" if ended else "in"
    head = f"── {safe(view.get('title', ''))}: where it stands {when} round {view.get('round', 0)}"
    if view.get("phase"):
        head += f" · {safe(view['phase'])}"
    return head  # no rule after it: on a narrow terminal a trailing "──" wrapped onto a line of its own


def action_line(event: ev.ConflictAction, outcomes: dict[str, str] | None = None) -> Text:
    style = SIDE_STYLE.get(event.side, "bold")
    line = Text("  ")
    line.append(safe(event.text), style="" if event.actor else "italic dim")
    record = event.roll
    if record:
        outcome = str(record.get("outcome", ""))
        line.append(f"  ({roll_words(record, outcomes, roller(event))})", style=READING_STYLE.get(outcome, "dim"))
    if event.side:
        line.stylize(style, 2, 2 + len(safe(event.name)) if event.text.startswith(event.name) else 2)
    return line


def fresh_notes(view: dict[str, Any], memory: dict[str, Any] | None) -> list[str]:
    """The view's notes a reader of the scrolling log has not just been shown: a note
    ("You fight with…", "To hurt…") is printed in the first round and again only when its
    words change, not under every round's table. ``memory`` is kept by the caller for one
    conflict; None shows every note."""
    notes = list(view.get("notes", []))
    if memory is None:
        return notes
    before = memory.get("notes", [])
    memory["notes"] = notes
    return [note for note in notes if note not in before]


def render_conflict(event: ev.Event, outcomes: dict[str, str] | None = None,
                    memory: dict[str, Any] | None = None) -> list[RenderableType]:
    """Renderables for one conflict event (empty for any other event); ``outcomes`` are the
    system's words for a roll's result (see :mod:`solo.rules.vocabulary`); ``memory``, a dict
    the caller keeps across the events of a log, lets :func:`fresh_notes` skip repeated notes."""
    if isinstance(event, ev.ConflictStarted):
        if memory is not None:
            memory.clear()
        return [Text(""), Text(f"⚔ {safe(event.title)}", style="bold red")]
    if isinstance(event, ev.ConflictAction):  # a long beat wraps under itself, not under the margin
        line = action_line(event, outcomes)
        return [Padding(line[2:], (0, 0, 0, 2))]
    if isinstance(event, ev.ConflictRound):
        return [state_view(event.view, _heading(event.view), fresh_notes(event.view, memory))]
    if isinstance(event, ev.ConflictEnded):
        style = "bold green" if event.success or event.result == "won" else "bold yellow" if event.result == "fled" else "bold red"
        heading = Text(f"⚔ Over after {event.rounds} round{'s' if event.rounds != 1 else ''}: ", style="bold")
        heading.append(label(event.result), style=style)
        return [state_view(event.view, _heading(event.view, ended=True), fresh_notes(event.view, memory)), heading]
    return []
