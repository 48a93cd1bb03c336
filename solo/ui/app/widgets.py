"""The full-screen app's panes. Each only draws what it is given and reports what the player did.

Data flows down as attributes (the app sets ``status``, ``roll``, ``view``, ``offered``) and the
player's picks flow up as messages (:class:`ChoicePanel.Picked`). No widget reads the game or
knows a rule: everything they show was computed by the engine or by :mod:`solo.ui.status`.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from solo.engine import events as ev
from solo.ui.app.dice_view import dice_view
from solo.ui.conflict_view import state_view
from solo.ui.render import safe
from solo.ui.status import Gauge, Status
from solo.ui.words import RollWords


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
        self.revealing = 0  # reveals waiting for the layout (tests wait for none before reading the screen)

    def add(self, renderable: RenderableType, *, classes: str = "") -> Static:
        """Append one block at the end of the story."""
        block = Static(renderable, classes=f"block {classes}".strip())
        self.mount(block)
        return block

    def reveal(self, first: Static) -> None:
        """Show what was just added, from ``first`` on: ``first`` goes to the top of the pane
        unless everything after it fits, then the end of the story sits at the bottom."""
        self.revealing += 1
        self.call_after_refresh(self._reveal, first, self.REVEAL_TRIES)

    def _reveal(self, first: Static, tries: int) -> None:
        laid_out = self.children and all(child.size.height for child in self.children[-3:])
        if not laid_out and tries > 0:  # the new blocks have no size yet: wait for the layout
            self.set_timer(0.02, lambda: self._reveal(first, tries - 1))
            return
        self.scroll_to(y=first.virtual_region.y, animate=False, immediate=True)
        self._check_more()
        self.revealing -= 1

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._check_more()

    def _check_more(self) -> None:
        more = self.max_scroll_y - self.scroll_y >= 1
        if more != self._more:
            self._more = more
            self.post_message(self.MoreBelow(more))


def choice_prompt(option: ev.Option) -> Table:
    """One option as the choice list shows it: key, then text, odds, and why it is closed if it
    is, wrapped under the text rather than under the key."""
    text = Text()
    text.append(safe(option.text), style="" if option.enabled else "strike")
    if option.hint:
        text.append(f"  {safe(option.hint)}", style="italic")
    if not option.enabled and option.reason:
        text.append(f"  ({safe(option.reason)})", style="italic")
    if option.detail:
        text.append("\n" + " ".join(safe(option.detail).split()), style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, style="bold")
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

    def offer(self, offered: ev.ChoicesOffered | None, *, closing: list[tuple[str, str]] | None = None) -> None:
        """Show ``offered`` (or, with ``closing``, the (key, text) options after the game)."""
        self.offered = offered
        self.clear_options()
        if offered is not None:
            self.border_title = safe(offered.prompt)
            for n, option in enumerate(offered.options):
                self.add_option(Option(choice_prompt(option), id=f"o{n}", disabled=not option.enabled))
        for key, text in closing or ():
            self.add_option(Option(Text.assemble((f"{key} ", "bold"), text), id=f"c-{key}"))
        if closing:
            self.border_title = "The story is over"
        first = next((i for i in range(self.option_count) if not self.get_option_at_index(i).disabled), None)
        self.highlighted = first

    def key_for(self, index: int) -> tuple[str, str] | None:
        option_id = self.get_option_at_index(index).id or ""
        if option_id.startswith("c-"):
            return option_id[2:], ""
        if self.offered is None or not option_id.startswith("o"):
            return None
        option = self.offered.options[int(option_id[1:])]
        return (option.key, option.text) if option.key and option.enabled else None

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
    table = Table.grid(padding=(0, 1))
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
        row: list[str] = []
        for name, value in stats[start:start + per_row]:
            row += [safe(name), safe(value)]
        table.add_row(*row)
    return table


def sheet_view(status: Status, width: int) -> RenderableType:
    """The side panel: stats, items, resources, objectives known, clocks (the character's name is
    the panel's title; the whole sheet is the ``:sheet`` page)."""
    parts: list[RenderableType] = []
    if not status.name:
        parts.append(Text("No character chosen yet.", style="italic"))
    else:
        pairs = list(status.stats)
        if len(pairs) > 8:
            pairs = sorted(pairs, key=lambda kv: kv[1], reverse=True)[:8]
        parts.append(stats_grid(pairs, width))
        if status.items:
            parts.append(Text("Carrying ", style="dim").append(", ".join(map(safe, status.items)), style=""))
        if status.conditions:
            parts.append(Text("Now ", style="dim").append(", ".join(map(safe, status.conditions)), style="magenta"))
        if status.resources:
            parts.append(Text("  ".join(f"{safe(k)} {safe(v)}" for k, v in status.resources), style="yellow"))
    if status.known:
        parts.append(Text("  ".join(f"{safe(k)}: {safe(v)}" for k, v in status.known), style="cyan"))
    if status.objectives:
        parts.append(Text("\nObjectives", style="bold"))
        parts.append(_marked([
            (Text("✔" if done else "☐", style="green" if done else ""), Text(safe(text), style="green" if done else ""))
            for text, done in status.objectives
        ]))
    if status.clocks:
        parts.append(Text("\nClocks", style="bold"))
        for gauge in status.clocks:
            parts.append(Text(safe(gauge.label), style="dim"))
            parts.append(clock_bar(gauge, width - 6))
    return Group(*parts)


class SheetPanel(Static):
    """Always in view: the character, resources, objectives known so far and clocks."""

    status: reactive[Status | None] = reactive(None, layout=True)

    def render(self) -> RenderableType:
        if self.status is None:
            return Text("")
        return sheet_view(self.status, self.content_size.width or 30)


class DicePanel(Static):
    """The last roll: each die drawn with its reading, and one line saying what it came to."""

    roll: reactive[ev.RollMade | None] = reactive(None, layout=True, always_update=True)
    words: RollWords | None = None  # the roll in player words; set before ``roll``

    def watch_roll(self, roll: ev.RollMade | None) -> None:
        self.display = roll is not None
        self.border_title = f"Roll: {safe(roll.label)}" if roll is not None and roll.label else "Roll"

    def render(self) -> RenderableType:
        if self.roll is None:
            return Text("")
        if self.words is None:
            return Text("")
        return dice_view(self.roll.record, self.words, width=self.content_size.width or 30)


class ConflictPanel(Static):
    """A fight or an endeavour in progress: each side's gauges, the number line, the zones."""

    view: reactive[dict[str, Any] | None] = reactive(None, layout=True)

    def watch_view(self, view: dict[str, Any] | None) -> None:
        self.display = view is not None
        self.border_title = safe(view.get("title", "")) if view else ""  # a fight's or an endeavour's

    def render(self) -> RenderableType:
        if self.view is None:
            return Text("")
        heading = f"round {self.view.get('round', 0)}" + (f" · {safe(self.view['phase'])}" if self.view.get("phase") else "")
        return state_view(self.view, heading)
