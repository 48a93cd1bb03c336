"""The full-screen app's panes. Each only draws what it is given and reports what the player did.

Data flows down as attributes (the app sets ``status``, ``roll``, ``view``, ``offered``) and the
player's picks flow up as messages (:class:`ChoicePanel.Picked`). No widget reads the game or
knows a rule: everything they show was computed by the engine or by :mod:`solo.ui.status`.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from solo.engine import events as ev
from solo.ui.app.dice_view import dice_view
from solo.ui.conflict_view import state_view
from solo.ui.render import safe
from solo.ui.safe_text import literal
from solo.ui.status import Gauge, Status
from solo.ui.words import RollWords, Words, compact_hint


class StoryPane(VerticalScroll):
    """The whole session's story, oldest at the top; every step is kept (nothing scrolls away)."""

    can_focus = True
    REVEAL_TRIES = 50  # refreshes to wait for new blocks to be laid out before scrolling to them

    class MoreBelow(Message):
        """Whether part of the story lies below the pane (so the player knows to scroll)."""

        def __init__(self, more: bool) -> None:
            super().__init__()
            self.more = more

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._more = False

    def add(self, renderable: RenderableType, *, classes: str = "") -> Static:
        """Append one block at the end of the story."""
        block = Static(renderable, classes=f"block {classes}".strip())
        self.mount(block)
        return block

    def reveal(self, first: Static) -> None:
        """Show what was just added, from ``first`` on: ``first`` goes to the top of the pane
        unless everything after it fits, then the end of the story sits at the bottom."""
        self.call_after_refresh(self._reveal, first, self.REVEAL_TRIES)

    def _reveal(self, first: Static, tries: int) -> None:
        laid_out = self.children and all(child.size.height for child in self.children[-3:])
        if not laid_out and tries > 0:  # the new blocks have no size yet: wait for the layout
            self.set_timer(0.02, lambda: self._reveal(first, tries - 1))
            return
        target, end = first.virtual_region.y, self.max_scroll_y
        self.scroll_to(y=target, animate=False, immediate=True)
        self._check_more()
        if tries > 0:  # a loaded machine may lay out the rest later: look again after it draws
            self.call_after_refresh(self._settle, first, target, end, tries - 1)

    def _settle(self, first: Static, target: int, end: float, tries: int) -> None:
        """Scroll again if the block or the story's end moved since the last scroll (the layout
        finished after it, so the pane stopped short of what was just added)."""
        if first.virtual_region.y != target or self.max_scroll_y != end:
            self._reveal(first, tries)

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._check_more()

    def _check_more(self) -> None:
        more = self.max_scroll_y - self.scroll_y >= 1
        if more != self._more:
            self._more = more
            self.post_message(self.MoreBelow(more))


def choice_prompt(option: ev.Option, kind: str = "", words: Words | None = None, key_width: int = 1) -> Table:
    """One option as the choice list shows it: key, text (wrapped under itself, not under the
    key), and its odds, kept in one piece when the line wraps ("Slyness 50%"). An option
    that settles another's check without dice (``1a``) is one dim line under its parent; a
    pregenerated character shows what they are good at."""
    text = Text()
    text.append(safe(option.text), style="" if option.enabled else "strike")
    if kind == "character":  # one line each: the story pane describes them
        person = next((p for p in words.adventure.characters if p.id == option.id), None) if words else None
        good = words.good_at(person) if person is not None and words is not None else ""
        if good:
            text.append(f"  {good}", style="italic dim")
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, style="bold", min_width=key_width)
        grid.add_column(ratio=1)
        grid.add_row(option.key or "·", text)
        return grid
    if option.hint:  # the odds stay in one piece when the line wraps
        text.append("  " + compact_hint(option.hint).replace(" ", "\u00a0"), style="italic dim")
    if not option.enabled and option.reason:
        text.append(f"  ({safe(option.reason)})", style="italic")
    if option.detail:
        text.append("\n" + " ".join(safe(option.detail).split()), style="dim")
    if option.parent:
        text.stylize("dim")
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, style="dim" if option.parent else "bold", min_width=key_width)
    grid.add_column(ratio=1)
    grid.add_row(option.key or "·", text)
    return grid


class ChoicePanel(OptionList):
    """The decision on offer: arrows and Enter, or the option's number."""

    BORDER_TITLE = "What do you do?"

    class Picked(Message):
        """The player picked the option with this key."""

        def __init__(self, key: str, text: str) -> None:
            super().__init__()
            self.key = key
            self.text = text

    class Typing(Message):
        """The player picked an option answered by typing (a GUTS+ split); ``text`` says what."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.offered: ev.ChoicesOffered | None = None
        self.words: Words | None = None  # set by the app: characters are shown in its words

    def offer(self, offered: ev.ChoicesOffered | None, *, closing: list[tuple[str, str]] | None = None) -> None:
        """Show ``offered`` (or, with ``closing``, the (key, text) options after the game)."""
        self.offered = offered
        self.clear_options()
        if offered is not None:
            self.border_title = literal(offered.prompt)
            key_width = max((len(o.key or "·") for o in offered.options), default=1)
            for n, option in enumerate(offered.options):
                self.add_option(Option(choice_prompt(option, offered.kind, self.words, key_width), id=f"o{n}",
                                       disabled=not option.enabled))
        for key, text in closing or ():
            self.add_option(Option(Text.assemble((f"{key} ", "bold"), text), id=f"c-{key}"))
        if closing:
            self.border_title = "The story is over"
        first = next((i for i in range(self.option_count) if not self.get_option_at_index(i).disabled), None)
        self.highlighted = first

    def ask(self, question: str) -> None:
        """A yes/no question: the question, then y and n (keys y, n and Escape answer too)."""
        self.offered = None
        self.clear_options()
        self.border_title = "A question"
        self.add_option(Option(Text(safe(question), style="bold"), id="question", disabled=True))
        self.add_option(Option(Text.assemble(("y  ", "bold"), "Yes"), id="c-y"))
        self.add_option(Option(Text.assemble(("n  ", "bold"), "No"), id="c-n"))
        self.highlighted = 1

    def key_for(self, index: int) -> tuple[str, str] | None:
        option_id = self.get_option_at_index(index).id or ""
        if option_id.startswith("c-"):
            return option_id[2:], ""
        if self.offered is None or not option_id.startswith("o"):
            return None
        option = self.offered.options[int(option_id[1:])]
        return (option.key, option.text) if option.key and option.enabled else None

    def keys(self) -> list[str]:
        """The keys of the options that can be picked now."""
        return [found[0] for i in range(self.option_count) if (found := self.key_for(i)) is not None]

    def highlight_key(self, key: str) -> None:
        """Move the highlight to the option with ``key`` (Enter then picks it)."""
        for index in range(self.option_count):
            found = self.key_for(index)
            if found is not None and found[0] == key:
                self.highlighted = index
                return

    def pick_key(self, key: str) -> bool:
        """Pick the enabled option whose key is ``key`` (a number typed); False if none is."""
        for index in range(self.option_count):
            found = self.key_for(index)
            if found is not None and found[0] == key:
                self.highlighted = index
                self.post_message(self.Picked(*found))
                return True
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        found = self.key_for(event.option_index)
        if found is not None:
            self.post_message(self.Picked(*found))
            return
        option_id = event.option.id or ""
        if self.offered is not None and option_id.startswith("o"):
            option = self.offered.options[int(option_id[1:])]
            if option.enabled and option.key is None:
                self.post_message(self.Typing(option.text))


def clock_bar(gauge: Gauge, width: int) -> Text:
    """A clock as a bar of filled and empty segments, scaled down to ``width`` when long."""
    size = max(1, gauge.size)
    cells = min(size, max(4, width))
    filled = round(gauge.value * cells / size)
    style = "bold red" if gauge.full else ("yellow" if gauge.value * 2 >= size else "green")
    bar = Text("■" * filled, style=style)
    bar.append("□" * (cells - filled), style="dim")
    bar.append(f" {gauge.value}/{gauge.size}", style="dim")
    return bar


def _marked(rows: list[tuple[Text, Text]]) -> Table:
    """Rows of (mark, text) with the text's wrapped lines indented under itself."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for mark, text in rows:
        table.add_row(mark, text)
    return table


def stats_grid(stats: list[tuple[str, str]], width: int) -> Table:
    """Stats as name-value pairs, two pairs a row when they fit in ``width``."""
    names = max((len(n) for n, _ in stats), default=0)
    values = max((len(v) for _, v in stats), default=0)
    per_row = 2 if 2 * (names + values) + 3 <= width else 1
    table = Table.grid(padding=(0, 1))
    for _ in range(per_row):
        table.add_column(style="dim", no_wrap=True)
        table.add_column(justify="right", no_wrap=True)
    for start in range(0, len(stats), per_row):
        row: list[Text] = []
        for name, value in stats[start:start + per_row]:
            row += [literal(name), literal(value)]
        table.add_row(*row)
    return table


def sheet_view(status: Status, width: int, height: int | None = None) -> RenderableType:
    """The side panel: stats, items, resources, objectives known, clocks (the character's name is
    the panel's title; the whole sheet is the ``:sheet`` page).

    Given the ``height`` it has, it picks the roomiest of five layouts that fits: roomy (every
    objective in full, clocks under their names, headed and spaced), snug (no headings or spacing
    for clocks, objectives done counted, open ones in full), close (as snug with one line per
    clock), compact (one line per objective and per clock), tight (what changes during play first:
    resources, clocks, open objectives, then stats on one line; items only on the sheet page)."""
    for density in (ROOMY, SNUG, CLOSE, COMPACT, TIGHT):
        view = _sheet(status, width, density)
        if height is None or density == TIGHT or rendered_height(view, width) <= height:
            return view
    return view  # pragma: no cover (the loop always returns)


ROOMY, SNUG, CLOSE, COMPACT, TIGHT = 0, 1, 2, 3, 4


def rendered_height(renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    console = Console(width=max(1, width), file=io.StringIO(), color_system=None, legacy_windows=False)
    return len(console.render_lines(renderable, console.options.update(width=max(1, width)), pad=False))


def cut_words(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, shortened at a word's end with "…" (never mid-word;
    a first word longer than ``width`` is the one case cut, as there is nothing else to show)."""
    if len(text) <= width:
        return text
    head = text[:max(0, width - 1)]
    if " " in head and text[len(head)] != " ":
        head = head[:head.rindex(" ")]
    return head.rstrip(" ,;:·-") + "…"


def _one_line(text: Text, width: int) -> Text:
    return Text(cut_words(text.plain, width), style=text.style, no_wrap=True)


def _sheet(status: Status, width: int, density: int) -> RenderableType:
    stats = list(status.stats)
    if len(stats) > 8:
        stats = sorted(stats, key=lambda kv: kv[1], reverse=True)[:8]
    character: list[RenderableType] = []
    if not status.name:
        character.append(Text("No character chosen yet.", style="italic"))
    if status.name and density != TIGHT:
        character.append(stats_grid(stats, width))
        if status.items:
            character.append(Text("Carrying ", style="dim").append(", ".join(map(safe, status.items)), style=""))
    standing: list[RenderableType] = []  # what changes during play
    if status.conditions:
        standing.append(Text("Now ", style="dim").append(", ".join(map(safe, status.conditions)), style="magenta"))
    if status.resources and density in (ROOMY, SNUG, CLOSE):  # one a line: a label never breaks in two
        standing += [Text(f"{safe(k)} {safe(v)}", style="yellow") for k, v in status.resources]
    elif status.resources:
        standing.append(Text("  ".join(f"{safe(k)} {safe(v)}" for k, v in status.resources), style="yellow"))
    if status.known:
        standing.append(Text("  ".join(f"{safe(k)}: {safe(v)}" for k, v in status.known), style="cyan"))
    objectives: list[RenderableType] = []
    if status.objectives:
        done = sum(1 for _, d in status.objectives if d)
        if density == ROOMY:
            objectives.append(Text("\nObjectives", style="bold"))
            objectives.append(_marked([(Text("✔" if d else "☐", style="green" if d else ""),
                                        Text(safe(text), style="green" if d else "")) for text, d in status.objectives]))
        else:
            objectives.append(Text("Objectives" + (f", {done} of {len(status.objectives)} done" if done else ""),
                                   style="bold"))
            open_ones = [(Text("☐"), Text(safe(text)) if density in (SNUG, CLOSE) else _one_line(Text(safe(text)), width - 2))
                         for text, d in status.objectives if not d]
            if open_ones:
                objectives.append(_marked(open_ones))
    clocks: list[RenderableType] = []
    if status.clocks and density in (ROOMY, SNUG):
        if density == ROOMY:
            clocks.append(Text("\nClocks", style="bold"))
        for gauge in status.clocks:
            clocks += [Text(safe(gauge.label), style="dim"), clock_bar(gauge, width - 6)]
    elif status.clocks:
        table = Table.grid(padding=(0, 1), expand=True)
        table.add_column(ratio=1, no_wrap=True)
        table.add_column(no_wrap=True)
        for gauge in status.clocks:  # "The cargo bay breach" reads as "cargo bay breach" when cut
            label = safe(gauge.label)
            bar = clock_bar(gauge, min(8, max(4, width // 4)))
            room = width - bar.cell_len - 1
            short = label[4:] if label.lower().startswith("the ") and len(label) > room else label
            table.add_row(Text(cut_words(short, room), style="dim"), bar)
        clocks.append(table)
    if density == ROOMY:
        return Group(*character, *standing, *objectives, *clocks)
    if density in (SNUG, CLOSE, COMPACT):
        return Group(*character, *standing, *clocks, *objectives)
    tail: list[RenderableType] = []
    if status.name:
        tail.append(Text(" · ".join(f"{safe(n)} {safe(v)}" for n, v in stats), style="dim"))
        tail.append(Text("c: the whole sheet", style="dim italic"))
    return Group(*standing, *clocks, *objectives, *tail)


def status_line(status: Status | None, width: int) -> Text:
    """Where the character stands in one line of ``width`` cells: name, what changes in play,
    clocks, objectives. A part that does not fit whole is left out (never cut mid-word); the
    whole sheet is one key away, and the line says so when there is room."""
    if status is None or not status.name:
        parts = [("No character chosen yet", "italic")]
    else:
        parts = [(safe(status.name), "bold")]
        parts += [(safe(c), "magenta") for c in status.conditions]
        parts += [(f"{safe(k)} {safe(v)}", "yellow") for k, v in status.resources]
        parts += [(f"{safe(g.label)} {g.value}/{g.size}", "bold red" if g.full else "") for g in status.clocks]
        if status.objectives:
            done = sum(1 for _, d in status.objectives if d)
            parts.append((f"objectives {done}/{len(status.objectives)} done", "cyan"))
    hint = "c: sheet"
    line = Text()
    for text, style in parts:
        gap = 3 if line.plain else 0
        if line.cell_len + gap + len(text) + len(hint) + 3 > width and line.plain:
            continue  # a part that does not fit whole is left out (the sheet page has it)
        if line.plain:
            line.append(" · ", style="dim")
        line.append(text, style=style)
    if line.cell_len + len(hint) + 3 <= width:
        line.append(" · ", style="dim").append(hint, style="dim italic")
    line.no_wrap = True
    return line


class StatusLine(Static):
    """The one-line status above the keys: where the character stands (where the side panel does
    not fit), or, while a two-digit choice is being typed, the digits so far."""

    status: reactive[Status | None] = reactive(None)
    typed: reactive[str] = reactive("")  # a choice's first digit(s), waiting for the next
    longer: str = ""  # the choices the next digit can pick ("10-13")

    def render(self) -> RenderableType:
        if self.typed:
            return Text.assemble(("Typed ", "bold"), (self.typed, "bold cyan"),
                                 f"… the next digit picks {self.longer}; Enter (or a second's wait) picks {self.typed}")
        return status_line(self.status, self.content_size.width or 78)


class SheetPanel(Static):
    """Always in view: the character, resources, objectives known so far and clocks, in the
    roomiest layout the space left under the dice allows."""

    status: reactive[Status | None] = reactive(None, layout=True)

    def render(self) -> RenderableType:
        if self.status is None:
            return Text("")
        room = self.parent.size.height if isinstance(self.parent, Widget) else None
        return sheet_view(self.status, self.content_size.width or 30, room or None)


#: Below this many rows the dice are drawn in one line ([5] [1] [5]), not as boxes.
COMPACT_BELOW_ROWS = 32


class DicePanel(Static):
    """The last roll: each die drawn with its reading, and one line saying what it came to."""

    roll: reactive[ev.RollMade | None] = reactive(None, layout=True, always_update=True)
    words: RollWords | None = None  # the roll in player words; set before ``roll``

    def watch_roll(self, roll: ev.RollMade | None) -> None:
        self.display = roll is not None
        what = self.words.stat if self.words is not None and self.words.stat else (roll.label if roll else "")
        self.border_title = literal(f"Roll: {safe(what)}") if what else "Roll"  # the whole label is in the story

    def render(self) -> RenderableType:
        if self.roll is None:
            return Text("")
        if self.words is None:
            return Text("")
        compact = self.app.size.height < COMPACT_BELOW_ROWS  # leave the side panel room for the sheet
        return dice_view(self.roll.record, self.words, width=self.content_size.width or 30, compact=compact)


class ConflictPanel(Static):
    """A fight or an endeavour in progress: each side's gauges, the number line, the zones."""

    view: reactive[dict[str, Any] | None] = reactive(None, layout=True)

    def watch_view(self, view: dict[str, Any] | None) -> None:
        self.display = view is not None
        self.border_title = literal(view.get("title", "")) if view else ""  # a fight's or an endeavour's

    def render(self) -> RenderableType:
        if self.view is None:
            return Text("")
        heading = f"round {self.view.get('round', 0)}" + (f" · {safe(self.view['phase'])}" if self.view.get("phase") else "")
        return state_view(self.view, heading)
