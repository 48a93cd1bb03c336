"""Turning engine events into rich renderables for the terminal.

Renderables never write: :class:`EventView` yields what to draw and only the driver's ``Console``
prints. Adventure text is always wrapped in :class:`rich.text.Text` (never parsed as markup) after
control characters are stripped, so a hostile file cannot restyle or hijack the terminal.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from solo.adventure.sanitize import strip_controls
from solo.engine import events as ev
from solo.engine.game import stats_summary


CONFLICT_EVENTS = (ev.ConflictStarted, ev.ConflictAction, ev.ConflictRound, ev.ConflictEnded)

READING_STYLE = {
    "negative-impact": "bold red",
    "failure": "red",
    "critical-failure": "bold red",
    "near-success": "yellow",
    "draw": "yellow",
    "success": "green",
    "positive-impact": "bold green",
    "critical-success": "bold green",
}


def safe(text: Any) -> str:
    """Text with escape sequences and control characters (but newlines) removed."""
    return strip_controls(str(text))


def plain(text: Any, style: str = "") -> Text:
    return Text(safe(text), style=style)


def label(outcome: str) -> str:
    return outcome.replace("-", " ")


def scene_panel(event: ev.SceneEntered) -> RenderableType:
    title = Text(safe(event.title), style="bold")
    if event.group:
        title.append(f"  · {safe(event.group)}", style="dim")
    return Panel(plain(event.text.strip()), title=title, title_align="left", border_style="cyan", padding=(0, 1))


def choices_view(event: ev.ChoicesOffered) -> RenderableType:
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column(ratio=1)
    for option in event.options:
        text = plain(option.text, "" if option.enabled else "dim strike")
        if option.hint:
            text.append(f"  ({safe(option.hint)})", style="dim")
        if not option.enabled and option.reason:
            text.append(f"  — {safe(option.reason)}", style="dim italic")
        if option.detail:
            text.append("\n" + safe(option.detail.strip()), style="dim")
        table.add_row(f"{option.key})" if option.key else "·", text)
    heading = plain(event.prompt, "bold")
    return Group(heading, table)


def shown_dice(record: dict[str, Any]) -> tuple[list[Any], list[str] | None]:
    """The dice to draw and, where the system reads each die, their readings.

    A system that reads dice one by one (GUTS+) puts ``readings`` in the details, matching the
    ``kept`` values (after bonus pips); otherwise the dice as rolled are drawn alone.
    """
    readings = record.get("details", {}).get("readings")
    kept = record.get("kept")
    if isinstance(readings, list) and isinstance(kept, list) and len(readings) == len(kept):
        return kept, [str(r) for r in readings]
    return list(record.get("dice") or []), None


def roll_view(event: ev.RollMade) -> RenderableType:
    record = event.record
    lines: list[RenderableType] = []
    head = Text("🎲 ", style="bold")
    head.append(safe(event.label) or safe(record.get("stat", "")), style="bold")
    stat = record.get("stat")
    if stat:
        head.append(f" — {safe(str(stat)).title()}", style="dim")
    lines.append(head)
    dice, readings = shown_dice(record)
    if dice:
        row = Text("   ")
        for i, value in enumerate(dice):
            if i:
                row.append("  ")
            reading = readings[i] if readings else None
            row.append(f"[{value}]", style=f"bold {READING_STYLE.get(reading or '', '')}".strip())
            if reading:
                row.append(f" {label(reading)}", style=READING_STYLE.get(reading, "dim"))
        lines.append(row)
    for step in record.get("steps") or []:
        lines.append(plain(f"   {step}", "dim"))
    outcome = record.get("outcome", "")
    result = Text("   → ")
    result.append(label(outcome).upper(), style=READING_STYLE.get(outcome, "bold"))
    if outcome == "near-success" and event.final:
        result.append(" (counts as success)" if record.get("success") else " (counts as failure)", style="dim")
    if not event.final:
        result.append("  (not final yet)", style="dim")
    lines.append(result)
    return Padding(Group(*lines), (0, 0, 0, 0))


def ending_view(event: ev.EndingReached, objectives: dict[str, str]) -> RenderableType:
    style = {"victory": "green", "defeat": "red"}.get(event.outcome, "yellow")
    body: list[RenderableType] = [plain(event.summary.strip())] if event.summary else []
    table = Table.grid(padding=(0, 1))
    table.add_column()
    table.add_column()
    for oid, done in event.objectives.items():
        table.add_row("✔" if done else "✘", plain(objectives.get(oid, oid), "" if done else "dim"))
    if event.objectives:
        body += [Text(""), Text("Objectives", style="bold"), table]
    resources = {k: v for k, v in event.resources.items() if isinstance(v, (int, str)) and v}
    if resources:
        body.append(plain("  ".join(f"{k.upper()} {v}" for k, v in resources.items()), "dim"))
    title = Text(f"THE END — {safe(event.title)} ({event.outcome})", style=f"bold {style}")
    return Panel(Group(*body), title=title, border_style=style, padding=(0, 1))


class EventView:
    """Renders a list of events; needs the adventure's objective texts for the ending."""

    def __init__(self, objectives: dict[str, str] | None = None) -> None:
        self.objectives = objectives or {}

    def render(self, events: Iterable[ev.Event]) -> Iterator[RenderableType]:
        for event in events:
            yield from self._one(event)

    def _one(self, event: ev.Event) -> Iterator[RenderableType]:
        if isinstance(event, CONFLICT_EVENTS):
            from solo.ui.conflict_view import render_conflict

            yield from render_conflict(event)
        elif isinstance(event, ev.AdventureStarted):
            yield Text(f"{safe(event.title)}", style="bold magenta")
            yield Text(f"system {event.system} · seed {event.seed}", style="dim")
            if event.intro:
                yield plain(event.intro.strip(), "italic")
        elif isinstance(event, ev.CharacterChosen):
            stats = safe(stats_summary(event.stats))
            yield Text.assemble(("You play ", "dim"), (safe(event.name), "bold"), (f" ({stats})", "dim"))
        elif isinstance(event, ev.SceneEntered):
            yield Text("")
            yield scene_panel(event)
        elif isinstance(event, ev.Narration):
            yield plain(event.text.strip())
        elif isinstance(event, ev.ChoicesOffered):
            yield choices_view(event)
        elif isinstance(event, ev.RollMade):
            yield roll_view(event)
        elif isinstance(event, ev.TableRolled):
            extra = f" (rerolled {', '.join(map(str, event.rerolled))})" if event.rerolled else ""
            yield plain(f"🎲 {event.table}: {event.total}{extra}", "dim")
        elif isinstance(event, ev.ObjectiveCompleted):
            award = ", ".join(f"+{v} {k.upper()}" for k, v in event.award.items())
            yield Text.assemble(("✔ Objective complete: ", "bold green"), (safe(event.text), "green"), (f"  {award}", "dim"))
        elif isinstance(event, ev.XpGained):
            yield Text(f"⭐ +{event.amount} XP (now {event.total})", style="yellow")
        elif isinstance(event, ev.ResourceChanged):
            sign = "+" if event.amount >= 0 else ""
            total = event.total if not isinstance(event.total, list) else len(event.total)
            yield Text(f"⭐ {sign}{event.amount} {event.resource} (now {safe(total)})", style="yellow")
        elif isinstance(event, ev.ItemChanged):
            verb = "You take" if event.gained else "You no longer have"
            yield Text(f"{verb}: {safe(event.name)}", style="cyan")
        elif isinstance(event, ev.ConditionChanged):
            yield Text(f"{'Now' if event.gained else 'No longer'} {safe(event.name)}", style="magenta")
        elif isinstance(event, ev.ClockTicked):
            bar = "■" * event.value + "□" * (event.size - event.value)
            yield Text(f"⏱ {safe(event.label)} {bar}", style="red" if event.value >= event.size else "yellow")
        elif isinstance(event, ev.RulesNote):
            yield plain(event.text, "italic yellow")
        elif isinstance(event, ev.EndingReached):
            yield Text("")
            yield ending_view(event, self.objectives)
