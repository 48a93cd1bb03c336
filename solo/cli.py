"""The ``solo`` command: thin click commands that call the engine, the loader and the saves.

Errors users can cause (a bad file, a bad save, an illegal character) print one line on stderr
and exit with status 1; usage errors exit with 2 (click's convention). No command shows a
traceback for those.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click
from rich.console import Console

from solo import __version__
from solo.adventure import loader
from solo.adventure.problems import AdventureError
from solo.engine.game import EngineError
from solo.rules import registry
from solo.rules.base import RulesError
from solo.saves import DEFAULT_SLOT, SaveError, SaveStore, check_slot
from solo.session import new_session, resume_session

SYSTEM_CONTEXT = {"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": ["-h", "--help"]}


class UserError(click.ClickException):
    """A problem the user can fix; shown as one line, exit status 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(f"solo: {self.format_message()}", err=True)


def fail(exc: Exception) -> UserError:
    return UserError(str(exc))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="solo")
def cli() -> None:
    """Play tabletop role-playing adventures alone: real dice, exact odds, saves."""


def _console(stdout: bool = True) -> Console:
    return Console(highlight=False, soft_wrap=False, emoji=False)


def _front(as_json: bool):
    from solo.ui.driver import JsonFront, LineInput, RichFront

    interactive = sys.stdin.isatty() and not as_json
    if as_json:
        return lambda objectives: JsonFront(sys.stdout, LineInput(sys.stdin))
    console = _console()
    source = LineInput(prompt=console.input) if interactive else LineInput(sys.stdin)
    return lambda objectives: RichFront(console, source, objectives)


@cli.command()
@click.argument("adventure", required=False, default=loader.DEFAULT_ADVENTURE)
@click.option("--seed", type=int, help="Seed for the dice: the same seed and choices replay the game.")
@click.option("--slot", default=DEFAULT_SLOT, show_default=True, help="Save slot name.")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help="Folder for saves [default: ./saves].")
@click.option("--json", "as_json", is_flag=True, help="Write one JSON event per line instead of the rich view.")
@click.option("--character", "character_name", help="Play a stored character (see `solo character list`).")
@click.option("--ironman", is_flag=True, help="No undo.")
@click.option("--replay", "replay_file", type=click.Path(dir_okay=False, exists=True), help="Reproduce a run from a save or replay file.")
def play(adventure: str, seed: int | None, slot: str, save_dir: str | None, as_json: bool,
         character_name: str | None, ironman: bool, replay_file: str | None) -> None:
    """Play ADVENTURE (a bundled id or a .yaml file; default: supply-ship)."""
    from solo.ui.driver import play as run

    try:
        check_slot(slot)
        store = SaveStore(save_dir)
        character = None
        if character_name:
            from solo.characters import CharacterStore

            character = CharacterStore(store.folder).load(character_name)
        if replay_file:
            from solo.replay import replay_into_session

            session = replay_into_session(replay_file, store=store, slot=slot)
            status = run(session, _front(as_json)(_objective_texts(session)), resume=True)
        else:
            session = new_session(adventure, store=store, slot=slot, seed=seed, character=character, ironman=ironman)
            status = run(session, _front(as_json)(_objective_texts(session)))
        if character_name and session.game.finished:
            _keep_character(store, session)
    except (AdventureError, SaveError, RulesError, EngineError) as exc:
        raise fail(exc) from None
    sys.exit(status)


def _objective_texts(session) -> dict[str, str]:
    return {oid: o.text for oid, o in session.adventure.objectives.items()}


def _keep_character(store: SaveStore, session) -> None:
    from solo.characters import CharacterStore

    CharacterStore(store.folder).save(session.game.character)


@cli.command(name="continue")
@click.argument("slot", required=False, default=DEFAULT_SLOT)
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help="Folder for saves [default: ./saves].")
@click.option("--json", "as_json", is_flag=True, help="Write one JSON event per line instead of the rich view.")
def continue_(slot: str, save_dir: str | None, as_json: bool) -> None:
    """Resume the game saved in SLOT (default: autosave) exactly where it stopped."""
    from solo.ui.driver import play as run

    try:
        session = resume_session(SaveStore(save_dir), check_slot(slot))
        if session.game.finished:
            raise SaveError(f"the game in slot {slot!r} has already ended ({session.game.state.ending})")
        status = run(session, _front(as_json)(_objective_texts(session)), resume=True)
    except (AdventureError, SaveError, RulesError, EngineError) as exc:
        raise fail(exc) from None
    sys.exit(status)


@cli.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
def list_(as_json: bool) -> None:
    """List the bundled adventures."""
    entries = loader.catalog()
    if as_json:
        click.echo(json.dumps(entries, indent=2))
        return
    from rich.table import Table

    table = Table(title="Bundled adventures", title_justify="left")
    table.add_column("id", style="bold cyan", no_wrap=True)
    table.add_column("title")
    table.add_column("system", no_wrap=True)
    table.add_column("scenes", justify="right")
    table.add_column("endings", justify="right")
    for entry in entries:
        table.add_row(entry["id"], entry["title"], entry["system"], str(entry.get("scenes", "?")), str(len(entry["endings"])))
    _console().print(table)


@cli.command()
def schema() -> None:
    """Print the adventure format's JSON Schema."""
    from solo.adventure.schema import schema as get_schema

    click.echo(json.dumps(get_schema(), indent=2))


def _system_args(ctx: click.Context) -> dict[str, Any]:
    """Parse ``--name value`` / ``--flag`` pairs left over after click's own options."""
    args: dict[str, Any] = {}
    words = list(ctx.args)
    i = 0
    while i < len(words):
        word = words[i]
        if not word.startswith("--"):
            raise click.UsageError(f"unexpected argument {word!r} (options look like --dice 3)")
        name, _, value = word[2:].partition("=")
        if not value:
            if i + 1 < len(words) and not words[i + 1].startswith("--"):
                value = words[i + 1]
                i += 1
            else:
                value = True
        args[name] = value
        i += 1
    return args


def _ruleset(system: str):
    try:
        return registry.get(system)
    except RulesError as exc:
        raise click.UsageError(str(exc)) from None


def _system_help(ruleset) -> str:
    options = getattr(ruleset, "cli_options", {}) or {}
    return "\n".join(f"  --{name:<14} {text}" for name, text in options.items())


@cli.command(context_settings=SYSTEM_CONTEXT)
@click.argument("system")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def odds(ctx: click.Context, system: str, as_json: bool) -> None:
    """Exact odds of a check or contest in SYSTEM (options depend on the system).

    \b
    solo odds game --skill 3 --difficulty hard
    solo odds guts-plus --dice 3 [--modifier -1]     solo odds guts-plus --contest 4:3
    solo odds loose-fuzzy --dice 3 --target 11
    solo odds humanity-blessed --die d8 [--spark] --target 8
    solo odds four-s --bonus 2 --goal 7
    """
    ruleset = _ruleset(system)
    args = _system_args(ctx)
    try:
        result = ruleset.odds_for_args(args)
    except RulesError as exc:
        raise click.UsageError(f"{exc}\noptions for {system}:\n{_system_help(ruleset)}") from None
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
        return
    from solo.ui.odds_view import odds_table

    _console().print(odds_table(result, args))


@cli.command(context_settings=SYSTEM_CONTEXT)
@click.argument("system")
@click.option("--seed", type=int, help="Seed for the dice.")
@click.option("--json", "as_json", is_flag=True, help="Print the roll record as JSON.")
@click.pass_context
def roll(ctx: click.Context, system: str, seed: int | None, as_json: bool) -> None:
    """Roll one check or contest in SYSTEM; takes the same options as `solo odds`."""
    from solo.rules.dice import Dice

    ruleset = _ruleset(system)
    args = _system_args(ctx)
    dice = Dice(seed)
    try:
        record = ruleset.roll_for_args(dice, args)
    except RulesError as exc:
        raise click.UsageError(f"{exc}\noptions for {system}:\n{_system_help(ruleset)}") from None
    if as_json:
        click.echo(json.dumps({"seed": dice.seed, **record.to_dict()}, indent=2))
        return
    from solo.engine.events import RollMade
    from solo.ui.render import roll_view

    console = _console()
    console.print(roll_view(RollMade(record.to_dict(), f"{system} {record.kind}")))
    console.print(f"[dim]seed {dice.seed}[/dim]")


def main() -> None:
    try:
        cli(prog_name="solo")
    except KeyboardInterrupt:
        click.echo("solo: interrupted", err=True)
        sys.exit(130)
