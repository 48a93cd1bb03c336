"""A conflict (a fight, an endeavour, a chase) drawn compactly from the engine's view of it.

The engine's conflict events carry a ``view``: plain data with the title, the round, each
fighter's gauges (health, fatigue, action points, wounds...) and tags, and, where the procedure
has them, a number line (``track``) and zones. This module turns that data into a rich renderable
for the full-screen app's conflict panel; it reads only the view, never the game.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from solo.ui.render import safe

SIDE_STYLE = {"player": "cyan", "allies": "cyan", "ally": "cyan", "enemies": "red", "enemy": "red"}


def gauge_text(gauge: dict[str, Any], width: int) -> Text:
    """``Health ■■■■□□ 4/6``: a bar when the gauge has a maximum, else the number alone."""
    name = safe(gauge.get("label", ""))
    value = gauge.get("value", 0)
    maximum = gauge.get("maximum")
    text = Text(f"{name} ", style="dim")
    if isinstance(value, int) and isinstance(maximum, int) and maximum > 0:
        cells = min(maximum, max(3, width - len(name) - 8))
        filled = max(0, min(cells, round(value * cells / maximum)))
        style = "red" if value * 3 <= maximum else ("yellow" if value * 3 <= 2 * maximum else "green")
        text.append("■" * filled, style=style)
        text.append("□" * (cells - filled), style="dim")
        text.append(f" {value}/{maximum}")
    else:
        text.append(safe(value))
    return text


def track_text(track: dict[str, Any], width: int) -> list[Text]:
    """A number line: its marks, and where each one stands on it."""
    length = int(track.get("length") or 0)
    if length <= 0:
        return []
    marks = {int(k): safe(v) for k, v in (track.get("marks") or {}).items() if str(k).lstrip("-").isdigit()}
    positions = {safe(k): int(v) for k, v in (track.get("positions") or {}).items() if isinstance(v, int)}
    cells = min(length + 1, max(5, width))
    scale = length / (cells - 1) if cells > 1 else 1
    line = Text()
    for i in range(cells):
        at = round(i * scale)
        here = [name for name, pos in positions.items() if pos == at]
        if here:
            line.append(here[0][:1].upper(), style="bold cyan")
        elif at in marks:
            line.append("◆", style="yellow")
        else:
            line.append("─", style="dim")
    lines = [line]
    for name, pos in positions.items():
        lines.append(Text(f"{name[:1].upper()} {name}: {pos}", style="dim"))
    for pos, what in sorted(marks.items()):
        lines.append(Text(f"◆ {pos}: {what}", style="dim"))
    return lines


def conflict_view(view: dict[str, Any], *, width: int = 30) -> RenderableType:
    parts: list[RenderableType] = []
    head = Text(safe(view.get("title") or "Conflict"), style="bold")
    if view.get("round"):
        head.append(f"  round {view['round']}", style="dim")
    if view.get("phase"):
        head.append(f" · {safe(view['phase'])}", style="dim")
    parts.append(head)
    for fighter in view.get("fighters") or []:
        style = SIDE_STYLE.get(str(fighter.get("side", "")), "")
        name = Text(safe(fighter.get("name", "")), style=f"bold {style}".strip())
        if fighter.get("out"):
            name.stylize("strike dim")
            name.append("  out", style="dim")
        parts.append(name)
        for gauge in fighter.get("gauges") or []:
            parts.append(Text("  ").append(gauge_text(gauge, width - 2)))
        tags = [safe(t) for t in fighter.get("tags") or []]
        if tags:
            parts.append(Text("  " + ", ".join(tags), style="italic magenta"))
    track = view.get("track")
    if isinstance(track, dict):
        parts.extend(track_text(track, width))
    zones = view.get("zones")
    if isinstance(zones, dict):
        for zone, who in zones.items():
            parts.append(Text(f"{safe(zone)}: ", style="dim").append(", ".join(map(safe, who or [])) or "nobody"))
    for note in view.get("notes") or []:
        parts.append(Text(safe(note), style="dim italic"))
    return Group(*parts)
