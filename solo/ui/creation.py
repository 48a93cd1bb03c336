"""Interactive character creation at the terminal.

Shows the system's creation rules, asks for each stat (and the system's extra choices, such as
GAME's notable characteristic), and checks the result against the ruleset. When a rule is broken
it says which, and asks again with every earlier answer as the default, so fixing one number is
one keystroke per prompt.

A ruleset can shape the questions with optional attributes:

* ``creation_rules``: a few lines explaining the creation rules;
* ``creation_defaults()``: starting values for the stats;
* ``creation_extra``: names of extra fields to ask for (stored in ``character.extra``);
* ``custom_stats``: whether the player may add stats of their own (default True).
"""

from __future__ import annotations

import textwrap
from typing import Any, Callable

import click

from solo.rules.base import Character, Ruleset, RulesError

MAX_ATTEMPTS = 5


def _value(text: str) -> Any:
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    if text.startswith("[") and text.endswith("]"):
        return [int(x) for x in text[1:-1].split(",") if x.strip()]
    return text


def _shown(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    return str(value)


def ask_character(ruleset: Ruleset, name: str | None, create: Callable[[Character], Character],
                  echo: Callable[[str], None] = click.echo) -> Character:
    """Ask for a new character of ``ruleset``'s system; returns it once it is legal."""
    guide = getattr(ruleset, "creation_rules", "")
    if guide:
        echo(textwrap.fill(guide, width=78))
    name = name or click.prompt("Name")
    stats: dict[str, Any] = dict(getattr(ruleset, "creation_defaults", lambda: {})() or {})
    extra: dict[str, Any] = {}
    custom: dict[str, Any] = {}
    for attempt in range(MAX_ATTEMPTS):
        for stat in ruleset.stat_names:
            stats[stat] = _value(click.prompt(stat, default=_shown(stats.get(stat))))
        if getattr(ruleset, "custom_stats", True):
            for stat in list(custom):
                custom[stat] = _value(click.prompt(stat, default=_shown(custom[stat])))
            while True:
                more = click.prompt("Add a stat of your own (name, blank to finish)", default="",
                                    show_default=False).strip()
                if not more:
                    break
                custom[more] = _value(click.prompt(more))
        for field in getattr(ruleset, "creation_extra", ()) or ():
            extra[field] = _value(click.prompt(field, default=_shown(extra.get(field))))
        character = Character(name=name, system=ruleset.id, stats={**stats, **custom}, extra=dict(extra))
        try:
            return create(character)
        except RulesError as exc:
            echo(f"Not allowed: {exc}")
            if attempt + 1 < MAX_ATTEMPTS:
                echo("Try again: press Enter to keep an answer.")
    raise RulesError(f"no legal character after {MAX_ATTEMPTS} attempts")
