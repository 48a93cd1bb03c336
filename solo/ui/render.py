"""Rich renderables for line mode: the words of :mod:`solo.ui.words` in colour and panels.

Renderables never write: the line front end's ``Console`` prints them. Adventure text always goes
into :class:`rich.text.Text` (never parsed as markup) after control characters are stripped, so a
hostile file cannot restyle or hijack the terminal. ``--plain`` does not come here at all
(:mod:`solo.ui.plain_text`).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from solo.engine import events as ev
from solo.ui import words as w

#: Tone -> rich style.
TONE_STYLE = {
    w.GOOD: "green", w.BAD: "red", w.REWARD: "yellow", w.LOSS: "red", w.WARN: "yellow",
    w.INFO: "cyan", w.STORY: "", w.DIM: "dim", w.TITLE: "bold",
}
#: Tone -> a glyph before the line (a loss never gets the reward's star).
TONE_GLYPH = {w.REWARD: "★ ", w.LOSS: "▼ ", w.GOOD: "✔ "}
KIND_GLYPH = {"clock": "⏱ ", "item": "• ", "note": "✎ ", "reveal": "! "}

#: Outcome label -> style (kept for ``solo odds`` and ``solo roll``).
READING_STYLE = {
    "negative-impact": "bold red", "failure": "red", "critical-failure": "bold red",
    "near-success": "yellow", "draw": "yellow", "success": "green",
    "positive-impact": "bold green", "critical-success": "bold green",
}


def safe(text: Any) -> str:
    """Text with escape sequences and control characters (but newlines) removed."""
    return w.clean(text)


def plain(text: Any, style: str = "") -> Text:
    return Text(safe(text), style=style)


def label(outcome: str) -> str:
    return outcome.replace("-", " ")


def shown_dice(record: dict[str, Any]) -> tuple[list[Any], list[str] | None]:
    """The dice to draw and, where the system reads each die, their readings."""
    readings = record.get("details", {}).get("readings")
    kept = record.get("kept")
    if isinstance(readings, list) and isinstance(kept, list) and len(readings) == len(kept):
        return kept, [str(r) for r in readings]
    return list(record.get("dice") or []), None


def paragraphs(text: str, style: str = "") -> Text:
    """Prose reflowed into paragraphs; rich wraps them to the console's width."""
    return Text("\n\n".join(w.reflow(text)), style=style)


def line(item: w.Line) -> Text:
    glyph = KIND_GLYPH.get(item.kind) or TONE_GLYPH.get(item.tone, "")
    return Text(glyph + item.text, style=TONE_STYLE.get(item.tone, ""))


def scene_panel(event: ev.SceneEntered) -> RenderableType:
    title = Text(safe(event.title), style="bold")
    if event.group:
        title.append(f"  · {safe(event.group)}", style="dim")
    return Panel(paragraphs(event.text), title=title, title_align="left", border_style="cyan", padding=(0, 1))


def choices_view(event: ev.ChoicesOffered, words: w.Words | None = None) -> RenderableType:
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column(ratio=1)
    variants: dict[str, list[ev.Option]] = {}
    for option in event.options:
        if option.parent:
            variants.setdefault(option.parent, []).append(option)
    for option in event.options:
        if option.parent:
            continue  # shown on its parent's line
        text = plain(option.text, "" if option.enabled else "dim")
        if event.kind == "character" and words is not None:
            person = next((p for p in words.adventure.characters if p.id == option.id), None)
            good = words.good_at(person) if person is not None else ""
            if good:
                text.append(f" — {good}", style="italic")
            if option.detail:
                text.append("\n" + " ".join(w.reflow(option.detail)), style="")
            if person is not None:
                text.append("\n" + words.stats_line(person.stats), style="dim")
        else:
            if option.hint:
                text.append(f"  ({safe(option.hint)})", style="dim")
            if not option.enabled and option.reason:
                text.append(f"  — {safe(option.reason)}", style="dim italic")
            if option.detail:
                text.append("\n" + safe(option.detail.strip()), style="dim")
        for variant in variants.get(option.key or "", []):
            text.append(f"\n  or {variant.key}) {safe(variant.text)}", style="dim")
        table.add_row(f"{option.key})" if option.key else "·", text)
    return Group(plain(event.prompt, "bold"), table)


def roll_view(event: ev.RollMade, words: w.Words | None = None, *, result_only: bool = False) -> RenderableType:
    """A roll: what for, each die with its reading, the result in words and why."""
    if words is None:
        return _bare_roll(event)
    rw = words.roll(event.record, event.label, event.final)
    lines: list[RenderableType] = []
    if not result_only:
        head = Text("🎲 ", style="bold")
        head.append(rw.title, style="bold")
        if rw.stat:
            head.append(f" — {rw.stat}", style="dim")
        lines.append(head)
        if rw.dice:
            row = Text("   ")
            for i, die in enumerate(rw.dice):
                if i:
                    row.append("  ")
                row.append(f"[{die.value}]", style=f"bold {TONE_STYLE.get(die.tone, '')}".strip())
                if die.reading:
                    row.append(f" {die.reading}", style=TONE_STYLE.get(die.tone, "dim"))
            lines.append(row)
    result = Text("   → ")
    if rw.final:
        result.append(rw.summary(), style=f"bold {TONE_STYLE.get(rw.tone, '')}".strip())
    else:
        result.append(f"So far: {rw.result}", style=TONE_STYLE.get(rw.tone, ""))
        result.append("  (you can still act on this roll)", style="dim")
    lines.append(result)
    if rw.final or not result_only:
        for why in rw.why:
            lines.append(Text(f"     {why}", style="dim"))
    return Group(*lines)


def _bare_roll(event: ev.RollMade) -> RenderableType:
    """A roll outside a game (``solo roll SYSTEM``): dice, the ruleset's steps and the outcome."""
    record = event.record
    lines: list[RenderableType] = [Text("🎲 " + (safe(event.label) or safe(record.get("stat", ""))), style="bold")]
    dice = record.get("kept") or record.get("dice") or []
    if dice:
        lines.append(Text("   " + "  ".join(f"[{d}]" for d in dice), style="bold"))
    for step in record.get("steps") or []:
        lines.append(plain(f"   {step}", "dim"))
    outcome = record.get("outcome", "")
    lines.append(Text("   → " + label(outcome).upper(), style=READING_STYLE.get(outcome, "bold")))
    return Group(*lines)


def ending_view(summary: dict[str, Any], advances: list[str]) -> RenderableType:
    style = TONE_STYLE.get(summary["tone"], "yellow")
    body: list[RenderableType] = []
    if summary["summary"]:
        body.append(Text("\n\n".join(summary["summary"])))
    if summary["met"] or summary["missed"]:
        body.append(Text(""))
        for text in summary["met"]:
            body.append(Text(f"✔ {text}", style="green"))
        for text in summary["missed"]:
            body.append(Text(f"✘ {text}", style="dim"))
    if summary["resources"]:
        body.append(Text(""))
        body.append(Text("  ".join(f"{k} {v}" for k, v in summary["resources"]), style="yellow"))
    body.append(Text(f"Rolls: {summary['rolls']}, {summary['luck']}", style="dim"))
    if advances:
        body.append(Text("Your experience can buy: " + "; ".join(advances), style="dim"))
    title = Text(f"THE END — {summary['title']} ({summary['outcome']})", style=f"bold {style}")
    return Panel(Group(*body), title=title, title_align="left", border_style=style, padding=(0, 1))


def rows_table(rows: list[tuple[str, str, str]], title: str = "") -> Table:
    table = Table(title=title or None, show_header=False, box=None, padding=(0, 1), title_style="bold",
                  title_justify="left")
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    last = None
    for heading, text, tone in rows:
        table.add_row("" if heading == last else heading, Text(text, style=TONE_STYLE.get(tone, "")))
        last = heading
    return table


class EventView:
    """Renderables for a list of events, one event at a time, in the words of :mod:`solo.ui.words`.

    For front ends that draw events as they come (the full-screen app's story pane). Events are
    taken one by one, so several ticks of a clock in one step each show; line mode batches them.
    """

    def __init__(self, objectives: dict[str, str] | None = None, words: w.Words | None = None) -> None:
        self.words = words
        self._xp: list[ev.Event] = []  # the last XP event, so the ruleset's line about it is not said again

    def render(self, events: Any) -> Any:
        for event in events:
            if isinstance(event, ev.RulesNote) and self._xp and self.words is not None:
                if not self.words.events(self._xp + [event])[1:]:
                    continue
            self._xp = [event] if isinstance(event, ev.XpGained) else []
            yield from self._one(event)

    def _one(self, event: ev.Event) -> Any:
        words = self.words
        if type(event).__name__.startswith("Conflict"):
            from solo.ui.conflict_view import render_conflict

            yield from render_conflict(event)
        elif isinstance(event, ev.AdventureStarted):
            if event.intro:
                yield paragraphs(event.intro, "italic")
        elif isinstance(event, ev.CharacterChosen):
            yield Text(f"You play {safe(event.name)}.", style="bold")
        elif isinstance(event, ev.SceneEntered):
            yield Text("")
            yield scene_panel(event)
        elif isinstance(event, ev.ChoicesOffered):
            yield choices_view(event, words)
        elif isinstance(event, ev.RollMade):
            yield roll_view(event, words)
        elif isinstance(event, ev.EndingReached) and words is not None:
            from solo.ui.line import _advances

            game = words.game
            yield Text("")
            yield ending_view(words.ending(event, list(game.state.rolls) if game is not None else []), _advances(game))
        elif words is not None:
            for item in words.events([event]):
                yield line(item)
