"""A rich table for exact odds (``solo odds``): each label with its percentage and exact fraction."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from solo.rules.base import Odds
from solo.ui.render import READING_STYLE, label


def _fraction(p) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def odds_table(odds: Odds, args: dict[str, Any]) -> RenderableType:
    asked = " ".join(f"--{k}" if v is True else f"--{k} {v}" for k, v in args.items())
    heading = Text(f"solo odds {odds.system} {asked}".strip(), style="bold")
    table = Table()
    table.add_column("outcome")
    table.add_column("chance", justify="right")
    table.add_column("exact", justify="right", style="dim")
    for name, p in odds.outcomes.items():
        table.add_row(Text(label(name), style=READING_STYLE.get(name, "")), f"{float(p) * 100:.2f}%", _fraction(p))
    parts: list[RenderableType] = [heading, table]
    for name, dist in odds.distributions.items():
        parts.append(Text(label(name), style="bold"))
        sub = Table()
        sub.add_column(name)
        sub.add_column("chance", justify="right")
        sub.add_column("exact", justify="right", style="dim")
        for value, p in sorted(dist.items()):
            sub.add_row(str(value), f"{float(p) * 100:.2f}%", _fraction(p))
        parts.append(sub)
    for name, value in odds.values.items():
        parts.append(Text(f"{label(name)}: {float(value):.4f} ({_fraction(value)})"))
    if odds.truncated:
        parts.append(Text(f"probability mass left out by the computation: {float(odds.truncated):.3g}", style="yellow"))
    return Group(*parts)
