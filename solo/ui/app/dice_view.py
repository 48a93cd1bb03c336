"""Dice drawn as dice: each die a small box with its face, coloured by what it reads.

Used by the full-screen app's dice panel. Only rich is needed here (no Textual), so the drawing can
be tested and reused without starting an app. Which dice to draw and what each one reads comes from
the roll record (:func:`solo.ui.render.shown_dice`); a contest also draws the other side's dice.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from solo.ui.render import READING_STYLE, label, safe, shown_dice

BOX_WIDTH = 5  # "╭───╮": a face of up to three characters


def _face(value: Any) -> str:
    text = safe(value)
    return text if len(text) <= 3 else text[:3]


def dice_rows(values: list[Any], readings: list[str] | None, *, per_row: int) -> list[Text]:
    """Three text lines per row of dice: top edges, faces, bottom edges."""
    rows: list[Text] = []
    per_row = max(1, per_row)
    for start in range(0, len(values), per_row):
        top, mid, bottom = Text(), Text(), Text()
        for i in range(start, min(start + per_row, len(values))):
            reading = readings[i] if readings else ""
            style = READING_STYLE.get(reading, "bold")
            if i > start:
                for line in (top, mid, bottom):
                    line.append(" ")
            top.append("╭───╮", style=style)
            mid.append("│", style=style)
            mid.append(_face(values[i]).center(3), style="bold")
            mid.append("│", style=style)
            bottom.append("╰───╯", style=style)
        rows += [top, mid, bottom]
    return rows


def own_dice(record: dict[str, Any]) -> tuple[list[Any], list[str] | None]:
    """The roller's own dice and their readings (a contest's record may list both sides' dice)."""
    values, readings = shown_dice(record)
    rounds = (record.get("details") or {}).get("rounds")
    if readings is None and isinstance(rounds, list):
        values = [v for r in rounds if isinstance(r, list) for v in r if isinstance(v, int)]
    return values, readings


def opponent_dice(record: dict[str, Any]) -> tuple[str, list[Any]]:
    """The other side's name and dice in a contest, if the record carries them."""
    details = record.get("details") or {}
    other = details.get("opponent")
    if isinstance(other, dict):
        name = str(other.get("name") or "Opponent")
        values = other.get("values") or other.get("dice") or other.get("rolled") or []
        return name, [v for v in values if isinstance(v, int)]
    rounds = details.get("opponent_rounds")
    if isinstance(rounds, list):
        values = [v for r in rounds if isinstance(r, list) for v in r if isinstance(v, int)]
        return str(details.get("opponent") or "Opponent"), values
    return "", []


def outcome_text(record: dict[str, Any], final: bool = True) -> Text:
    """The outcome in capitals, in its colour, with what a near success counts as."""
    outcome = str(record.get("outcome", ""))
    text = Text(label(outcome).upper(), style=READING_STYLE.get(outcome, "bold"))
    if outcome == "near-success" and final:
        text.append(" (counts as success)" if record.get("success") else " (counts as failure)", style="dim")
    if not final:
        text.append("\nnot final yet: see the choices", style="dim")
    return text


def result_line(record: dict[str, Any]) -> str:
    """One plain line saying how the roll came out against what it needed."""
    details = record.get("details") or {}
    total = record.get("total")
    target = details.get("target", details.get("goal"))
    readings = details.get("readings")
    name, theirs = opponent_dice(record)
    other_total = None
    if isinstance(details.get("opponent"), dict):
        other_total = details["opponent"].get("total", details["opponent"].get("sum"))
    other_total = details.get("opponent_total", other_total)
    if details.get("automatic"):
        return "No roll needed: the stat alone covers it."
    if record.get("kind") == "contest" and isinstance(total, int) and isinstance(other_total, int):
        return f"You {total} against {safe(name)} {other_total}."
    if isinstance(total, int) and isinstance(target, int):
        return f"You got {total}; you needed {target}."
    if isinstance(readings, list) and len(readings) > 1:
        word = "Die reads" if len(readings) == 1 else "Dice read"
        return f"{word}: {', '.join(label(str(r)) for r in readings)}."
    return ""


def dice_view(record: dict[str, Any], what: str = "", *, final: bool = True, width: int = 30) -> RenderableType:
    """The dice panel's drawing of one roll, fitted to ``width`` columns."""
    per_row = max(1, (width + 1) // (BOX_WIDTH + 1))
    parts: list[RenderableType] = []
    if what:
        parts.append(Text(safe(what), style="bold"))
    values, readings = own_dice(record)
    if values:
        parts.extend(dice_rows(values, readings, per_row=per_row))
    name, theirs = opponent_dice(record)
    if theirs:
        parts.append(Text(f"{safe(name)}:", style="dim"))
        parts.extend(dice_rows(theirs, None, per_row=per_row))
    parts.append(outcome_text(record, final))
    line = result_line(record)
    if line:
        parts.append(Text(line, style="dim"))
    return Group(*parts)
