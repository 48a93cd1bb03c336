"""Rich renderables for line mode: the words of :mod:`solo.ui.words` in colour and panels.

Renderables never write: the line front end's ``Console`` prints them. Adventure text always goes
into :class:`rich.text.Text` (never parsed as markup) after control characters are stripped, so a
hostile file cannot restyle or hijack the terminal. ``--plain`` does not come here at all
(:mod:`solo.ui.plain_text`).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from solo.engine import events as ev
from solo.rules.vocabulary import for_system
from solo.ui import words as w
from solo.ui.safe_text import literal

#: Tone -> rich style.
TONE_STYLE = {
    w.GOOD: "green", w.BAD: "red", w.REWARD: "yellow", w.LOSS: "red", w.WARN: "yellow",
    w.INFO: "cyan", w.STORY: "", w.DIM: "dim", w.TITLE: "bold",
}
#: Tone -> a glyph before the line (a loss never gets the reward's star). Every glyph here and in
#: the app is a text symbol found in common monospace fonts (no emoji: a browser without emoji
#: fonts shows ``solo serve`` the same); ``--plain`` uses words instead.
TONE_GLYPH = {w.REWARD: "★ ", w.LOSS: "▼ ", w.GOOD: "✔ "}
KIND_GLYPH = {"clock": "◷ ", "item": "• ", "note": "✎ ", "reveal": "! "}
ROLL_GLYPH = "◆ "
#: Every glyph the story may draw (tests keep them to symbols fonts have).
GLYPHS = "".join(TONE_GLYPH.values()) + "".join(KIND_GLYPH.values()) + ROLL_GLYPH + "✘☐■□→—·"

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
    """The decision on offer: key, text and odds per option; options that settle another's check
    without dice (``1a``) said once below the list."""
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="bold cyan", no_wrap=True)
    table.add_column()
    for option in event.options:
        if option.parent:
            continue  # said once, under the list
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
                text.append(f"  ({w.compact_hint(option.hint)})", style="dim")
            if not option.enabled and option.reason:
                text.append(f"  — {safe(option.reason)}", style="dim italic")
            if option.detail:
                text.append("\n" + safe(option.detail.strip()), style="dim")
        table.add_row(f"{option.key})" if option.key else "·", text)
    parts: list[RenderableType] = [plain(event.prompt, "bold"), table]
    others = w.alternatives_line(event.options)
    if others:
        parts.append(Text(f"   Or {others[:1].lower()}{others[1:]}.", style="dim"))
    return Group(*parts)


def roll_view(event: ev.RollMade, words: w.Words | None = None, *, previous: w.RollWords | None = None) -> RenderableType:
    """A roll: what for, each die with its reading, the result in words and why. When it is
    ``previous`` again (a bonus die taken, pips placed, a reroll kept), only what changed."""
    if words is None:
        return _bare_roll(event)
    rw = words.roll(event.record, event.label, event.final)
    dice_changed, reasons = rw.news(previous)
    lines: list[RenderableType] = []
    if not rw.follows(previous):
        head = Text(rw.title, style="bold")
        if rw.stat:
            head.append(f" — {rw.stat}", style="dim")
        grid = Table.grid()  # a long title wraps under itself, not under the glyph
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(Text(ROLL_GLYPH, style="bold"), head)
        lines.append(grid)
    if rw.dice and dice_changed:
        row = Text()
        for i, die in enumerate(rw.dice):
            if i:
                row.append("  ")
            row.append(f"[{die.value}]", style=f"bold {TONE_STYLE.get(die.tone, '')}".strip())
            if die.reading:
                row.append(f" {die.reading}", style=TONE_STYLE.get(die.tone, "dim"))
        for name, extra in rw.extras:
            row.append(f"   + {name} ", style="dim")
            row.append(" ".join(f"[{d.value}]" for d in extra), style="bold")
        lines.append(Padding(row, (0, 0, 0, 3)))
    result = Text("→ ")
    if rw.final:
        result.append(rw.summary(), style=f"bold {TONE_STYLE.get(rw.tone, '')}".strip())
    else:
        result.append(rw.so_far().rstrip("."), style="" if rw.awaiting else TONE_STYLE.get(rw.tone, ""))
        result.append("  (you can still act on this roll)", style="dim")
    lines.append(Padding(result, (0, 0, 0, 3)))
    for why in reasons:  # wrapped lines stay under their sentence
        lines.append(Padding(Text(why, style="dim"), (0, 0, 0, 5)))
    return Group(*lines)


def _bare_roll(event: ev.RollMade) -> RenderableType:
    """A roll outside a game (``solo roll SYSTEM``): dice, the ruleset's steps and the outcome."""
    record = event.record
    lines: list[RenderableType] = [Text(ROLL_GLYPH + (safe(event.label) or safe(record.get("stat", ""))), style="bold")]
    dice = record.get("kept") or record.get("dice") or []
    if dice:
        lines.append(Text("   " + "  ".join(f"[{d}]" for d in dice), style="bold"))
    from solo.rules.reasons import step_lines

    for step in step_lines(record):
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
        marks = Table.grid(padding=(0, 1))  # wrapped objectives stay under their text
        marks.add_column(no_wrap=True)
        marks.add_column(ratio=1)
        for text in summary["met"]:
            marks.add_row(Text("✔", style="green"), Text(text, style="green"))
        for text in summary["missed"]:
            marks.add_row(Text("✘", style="dim"), Text(text, style="dim"))
        body.append(marks)
    if summary["resources"]:
        body.append(Text(""))
        body.append(Text("  ".join(f"{k} {v}" for k, v in summary["resources"]), style="yellow"))
    body.append(Text(f"Rolls: {summary['rolls']}, {summary['luck']}", style="dim"))
    for sentence in advances:
        body.append(Text(sentence, style="dim"))
    title = Text(f"THE END — {summary['title']} ({summary['outcome']})", style=f"bold {style}")
    return Panel(Group(*body), title=title, title_align="left", border_style=style, padding=(0, 1))


def rows_table(rows: list[tuple[str, str, str]], title: str = "") -> Table:
    table = Table(title=literal(title) if title else None, show_header=False, box=None, padding=(0, 1), title_style="bold",
                  title_justify="left")
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    last = None
    for heading, text, tone in rows:
        table.add_row(literal("" if heading == last else heading), literal(text, TONE_STYLE.get(tone, "")))
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
        self._open_roll: w.RollWords | None = None  # the last roll shown while it could still change
        self._fight_notes: dict[str, Any] = {}  # the fight notes last shown (conflict_view.fresh_notes)

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

            adventure = getattr(words, "adventure", None)
            outcomes = for_system(adventure.system).outcomes if adventure is not None else None
            yield from render_conflict(event, outcomes, self._fight_notes)
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
            yield roll_view(event, words, previous=self._open_roll)
            self._open_roll = words.roll(event.record, event.label, event.final) if words is not None else None
        elif isinstance(event, ev.EndingReached) and words is not None:
            from solo.ui.line import _advances

            game = words.game
            yield Text("")
            yield ending_view(words.ending(event, list(game.state.rolls) if game is not None else []), _advances(game))
        elif words is not None:
            for item in words.events([event]):
                yield line(item)
