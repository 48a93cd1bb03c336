"""Interactive character creation at the terminal: asks for each stat and retries until the
ruleset's creation rules hold, showing the broken rule each time."""

from __future__ import annotations

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


def ask_character(ruleset: Ruleset, name: str | None, create: Callable[[Character], Character],
                  echo: Callable[[str], None] = click.echo) -> Character:
    """Ask for a new character of ``ruleset``'s system; returns it once it is legal."""
    name = name or click.prompt("Name")
    defaults = dict(getattr(ruleset, "creation_defaults", lambda: {})() or {})
    guide = getattr(ruleset, "creation_rules", "")
    if guide:
        echo(guide)
    extra: dict[str, Any] = {}
    for attempt in range(MAX_ATTEMPTS):
        stats: dict[str, Any] = {}
        for stat in ruleset.stat_names:
            stats[stat] = _value(click.prompt(f"{stat}", default=str(defaults.get(stat, "")) or None))
        while True:
            more = click.prompt("Another stat (name, blank to finish)", default="", show_default=False).strip()
            if not more:
                break
            stats[more] = _value(click.prompt(f"{more}"))
        for field in getattr(ruleset, "creation_extra", ()) or ():
            extra[field] = _value(click.prompt(field))
        character = Character(name=name, system=ruleset.id, stats=stats, extra=dict(extra))
        try:
            return create(character)
        except RulesError as exc:
            echo(f"Not allowed: {exc}")
            if attempt + 1 < MAX_ATTEMPTS:
                echo("Let's try again.")
    raise RulesError(f"no legal character after {MAX_ATTEMPTS} attempts")
