"""Dice drawn as dice: each die a small box with its face, coloured by what it reads.

Used by the full-screen app's dice panel. Only rich is needed here (no Textual), so the drawing can
be tested and reused without starting an app. What each die reads and what the roll came to are
the words layer's (:meth:`solo.ui.words.Words.roll`); which dice are the roller's own and which
the other side's in a contest comes from the roll record.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from solo.ui.render import TONE_STYLE, safe, shown_dice
from solo.ui.words import Die, RollWords

BOX_WIDTH = 5  # "╭───╮": a face of up to three characters


def _face(value: Any) -> str:
    text = safe(value)
    return text if len(text) <= 3 else text[:3]


def dice_rows(dice: list[Die], *, per_row: int) -> list[Text]:
    """Three text lines per row of dice: top edges, faces, bottom edges."""
    rows: list[Text] = []
    per_row = max(1, per_row)
    for start in range(0, len(dice), per_row):
        top, mid, bottom = Text(), Text(), Text()
        for i in range(start, min(start + per_row, len(dice))):
            style = TONE_STYLE.get(dice[i].tone, "") or "bold"
            if i > start:
                for line in (top, mid, bottom):
                    line.append(" ")
            top.append("╭───╮", style=style)
            mid.append("│", style=style)
            mid.append(_face(dice[i].value).center(3), style="bold")
            mid.append("│", style=style)
            bottom.append("╰───╯", style=style)
        rows += [top, mid, bottom]
    return rows


def own_dice(record: dict[str, Any]) -> tuple[list[Any], list[str] | None]:
    """The roller's own dice and their readings (a contest's record may list both sides' dice)."""
    values, readings = shown_dice(record)
    mine = (record.get("details") or {}).get("you")
    if readings is None and isinstance(mine, dict) and isinstance(mine.get("dice"), list):
        return [v for v in mine["dice"] if isinstance(v, int)], None  # a contest listing both sides' dice
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


def dice_line(dice: list[Die]) -> Text:
    """Dice in one line, each face in brackets, coloured by what it reads: [5] [1] [5]."""
    line = Text()
    for i, die in enumerate(dice):
        if i:
            line.append(" ")
        line.append(f"[{_face(die.value)}]", style=f"bold {TONE_STYLE.get(die.tone, '')}".strip())
    return line


def dice_view(record: dict[str, Any], words: RollWords, *, width: int = 30, compact: bool = False) -> RenderableType:
    """The dice panel's drawing of one roll, fitted to ``width`` columns; ``compact`` draws the
    dice in one line instead of boxes (a short screen)."""
    per_row = max(1, (width + 1) // (BOX_WIDTH + 1))
    parts: list[RenderableType] = []
    values, _ = own_dice(record)
    dice = list(words.dice) if len(words.dice) == len(values) else [Die(v) for v in values]
    if dice:
        parts.extend([dice_line(dice)] if compact else dice_rows(dice, per_row=per_row))
    for name, extra in words.extras:
        parts.append(Text(f"+ {name} ", style="dim").append_text(dice_line(list(extra))))
    readings = [d.reading for d in dice if d.reading]
    if readings:
        parts.append(Text(("Reads: " if len(readings) == 1 else "Read: ") + ", ".join(readings), style="dim"))
    name, theirs = opponent_dice(record)
    if theirs:
        if compact:
            parts.append(Text(f"{safe(name)}: ", style="dim").append_text(dice_line([Die(v) for v in theirs])))
        else:
            parts.append(Text(f"{safe(name)}:", style="dim"))
            parts.extend(dice_rows([Die(v) for v in theirs], per_row=per_row))
    tone = TONE_STYLE.get(words.tone, "")
    if words.final:
        parts.append(Text(words.summary(), style=f"bold {tone}".strip()))
    else:
        parts.append(Text(words.so_far(), style="" if words.awaiting else tone))
        parts.append(Text("You can still act on this roll: see the choices.", style="dim"))
    return Group(*parts)  # the why and the rule are in the story and behind the r key
