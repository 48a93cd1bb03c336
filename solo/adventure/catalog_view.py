"""The text of ``solo list``: one short card per adventure (bundled, then by pack), readable at 80 columns.

Each card is the adventure's id and title, a line with its system, length (scenes, endings,
words of narration) and play time (the author's, or an estimate from the words, marked so), the
house rules beyond the book it opts into, and its summary wrapped to the width.
"""

from __future__ import annotations

import textwrap
from typing import Any, Iterator, Mapping, Sequence

from solo.adventure.length import estimated_minutes
from solo.rules import house_rules

__all__ = ["catalog_lines", "system_name"]


def system_name(system: str) -> str:
    """The name players know a game system by (the ruleset's ``display_name``, through
    :func:`solo.rules.registry.display_name`); an id no ruleset answers to, as it is."""
    from solo.rules import registry

    return registry.display_name(system)


def catalog_lines(entries: Sequence[Mapping[str, Any]], *, width: int = 80) -> Iterator[str]:
    """The lines of ``solo list`` for the records of :func:`solo.adventure.loader.catalog`:
    the bundled adventures, then each installed pack's under a heading with its name and version."""
    width = max(40, width)
    bundled = [e for e in entries if not e.get("pack")]
    yield f"{len(bundled)} bundled adventure{'' if len(bundled) == 1 else 's'} (solo play ID to start one)"
    for entry in bundled:
        yield from _card(entry, width)
    packs: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for entry in entries:
        if entry.get("pack"):
            packs.setdefault((str(entry["pack"]), str(entry.get("pack_version") or "?")), []).append(entry)
    for (name, version), cards in packs.items():
        yield ""
        yield f"pack {name} {version}:"
        if not any(card.get("title") != "(broken pack)" for card in cards) and cards[0].get("error"):
            yield from textwrap.wrap(f"cannot be opened: {cards[0]['error']}", width, initial_indent="  ",
                                     subsequent_indent="  ")
            continue
        for entry in cards:
            yield from _card(entry, width)


def _card(entry: Mapping[str, Any], width: int) -> Iterator[str]:
    yield ""
    head = f"{entry.get('ref') or entry['id']}: {entry['title']}"
    yield from textwrap.wrap(head, width, subsequent_indent="    ") or [head]
    if entry.get("error"):
        yield from textwrap.wrap(f"cannot be read: {entry['error']}", width, initial_indent="  ",
                                 subsequent_indent="  ")
        return
    words = int(entry.get("words") or 0)
    play_time = entry.get("play_time") or f"about {estimated_minutes(words)} minutes (estimated)"
    endings = len(entry.get("endings") or ())
    facts = (f"{system_name(entry['system'])} · {entry.get('scenes', '?')} scenes, "
             f"{endings} ending{'' if endings == 1 else 's'}, {words:,} words · {play_time}")
    yield from textwrap.wrap(facts, width, initial_indent="  ", subsequent_indent="    ")
    chosen = house_rules.lookup(entry.get("house_rules") or ())
    if chosen:
        names = ", ".join(rule.title for rule in chosen)
        yield from textwrap.wrap(f"House rules (beyond the book): {names}", width, initial_indent="  ",
                                 subsequent_indent="    ")
    summary = " ".join(str(entry.get("summary") or "").split())
    if summary:
        yield from textwrap.wrap(summary, width, initial_indent="  ", subsequent_indent="  ")
