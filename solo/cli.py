"""The ``solo`` command: thin click commands that call the engine, the loader and the saves.

Errors users can cause (a bad file, a bad save, an illegal character) are the
:class:`~solo.errors.SoloError` family: they print one line on stderr and exit with status 1;
usage errors exit with 2 (click's convention). No command shows a traceback for those. Anything
else is a bug: :func:`main` asks the user to report it with the replay file and exits with 70,
with the traceback only under ``--debug`` or ``SOLO_DEBUG=1``.

Startup time is a feature: this module imports only click at the top; each command imports
what it needs when it runs (``bench/startup.py`` measures it).
"""

from __future__ import annotations

import errno
import json
import shutil
import signal
import sys
from typing import Any

import click

from solo import __version__, stopping
from solo.adventure.sanitize import screen_text
from solo.errors import BUG_EXIT, SoloError, bug_message, debugging, want_debug

DEFAULT_ADVENTURE = "supply-ship"  # also solo.adventure.loader.DEFAULT_ADVENTURE
SAVE_DIR_HELP = "Folder for saves [default: the user data folder; `solo saves` shows it]."

SYSTEM_CONTEXT = {"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": ["-h", "--help"]}


class UserError(click.ClickException):
    """A problem the user can fix; shown as one line, exit status 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        echo(f"solo: {self.format_message()}", err=True)


def echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print one message: every line the command line writes passes the screen sanitiser
    (:func:`solo.adventure.sanitize.screen_text`), since it may quote a stranger's text."""
    click.echo(screen_text(text), err=err, nl=nl)


def fail(exc: Exception) -> UserError:
    """The click exception that shows a user error: its message, its exit code."""
    error = UserError(exc.one_line() if isinstance(exc, SoloError) else str(exc))
    error.exit_code = getattr(exc, "exit_code", UserError.exit_code)
    return error


def user_errors() -> tuple[type[Exception], ...]:
    """The exceptions that mean "the user can fix this": shown as one line, never a traceback.
    Every other exception is a bug and reaches :func:`main`."""
    return (SoloError,)


def plain(text: Any, style: str = ""):
    from solo.ui.render import plain as as_text

    return as_text(text, style)


class _Registry:
    """``registry`` without importing it (and the rules) until a command uses it."""

    def __getattr__(self, name: str) -> Any:
        from solo.rules import registry as real

        return getattr(real, name)


registry = _Registry()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="solo")
@click.option("--debug", is_flag=True, help="Show the full traceback if solo meets a bug (also SOLO_DEBUG=1).")
def cli(debug: bool) -> None:
    """Play tabletop role-playing adventures alone: real dice, exact odds, saves."""
    if debug:
        want_debug()


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False, emoji=False, markup=False)  # text is data


def wants_plain(flag: bool, stream: Any = None) -> bool:
    """Plain words when asked, or when the output cannot show box drawing and emoji."""
    from solo.ui.plain_text import can_encode

    stream = stream if stream is not None else sys.stdout
    return flag or not can_encode(getattr(stream, "encoding", None))


def _front(session, as_json: bool, as_plain: bool = False, watch: str | None = None):
    """The line-mode front end for a session: JSON, plain words or rich; with ``watch``, its
    input also answers ``:reload`` whenever that file is saved (``solo play --watch``)."""
    from solo.ui.driver import JsonFront, LineFront, LineInput
    from solo.ui.words import Words

    words = Words(session.adventure, session.game)
    if watch:
        from solo.ui.live_preview import WatchingInput

        source = WatchingInput(watch)
    elif as_json:
        source = LineInput(sys.stdin)
    else:
        source = LineInput(prompt=input) if sys.stdin.isatty() else LineInput(sys.stdin)
    if as_json:
        return JsonFront(sys.stdout, source, words)
    return LineFront(words, source, plain=wants_plain(as_plain))


def _interactive(as_json: bool) -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty() and not as_json


@cli.command()
@click.argument("adventure", required=False, default=DEFAULT_ADVENTURE)
@click.option("--seed", type=int, help="Seed for the dice: the same seed and choices replay the game.")
@click.option("--slot", help="Save slot name [default: the adventure's id].")
@click.option("--new", "start_new", is_flag=True, help="Start over even if the slot holds an unfinished game.")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--json", "as_json", is_flag=True, help="Write one JSON event per line instead of the rich view.")
@click.option("--plain", "as_plain", is_flag=True, help="Plain words: no colour, boxes, emoji (screen readers).")
@click.option("--character", "character_name", help="Play a stored character (see `solo character list`).")
@click.option("--ironman", is_flag=True, help="No undo.")
@click.option("--forgiving", is_flag=True,
              help="Undo may re-roll: an undone roll is rolled anew (the save says so). Without it, "
                   "undo fixes a misclick but the same choice rolls the same dice.")
@click.option("--gm", is_flag=True, help="GM mode (line mode): :goto, :set, :give, :force, :state, :scenes, :odds, the author's notes.")
@click.option("--replay", "replay_file", type=click.Path(dir_okay=False, exists=True), help="Reproduce a run from a save or replay file.")
@click.option("--full/--line", "full", default=None, help="Full-screen or line mode [default: full-screen on a terminal of 70×20 or more].")
@click.option("--watch", is_flag=True, help="Live preview: reload the file whenever it is saved and replay your answers on it.")
@click.option("--tab", "per_tab", is_flag=True, hidden=True, help="(solo serve) a free slot: SLOT, else SLOT-2, SLOT-3 ...")
def play(adventure: str, seed: int | None, slot: str | None, start_new: bool, save_dir: str | None, as_json: bool,
         as_plain: bool, character_name: str | None, ironman: bool, forgiving: bool, gm: bool, replay_file: str | None,
         full: bool | None, watch: bool = False, per_tab: bool = False) -> None:
    """Play ADVENTURE (a bundled id or a .yaml file; default: supply-ship).

    Each adventure saves in its own slot (its id) unless --slot says otherwise. A slot holding
    an unfinished game is never replaced without asking: at a terminal solo asks; otherwise it
    refuses unless --new is given.
    """
    from solo.saves import SaveStore, check_slot
    from solo.session import new_session

    try:
        store = SaveStore(save_dir)
        if slot is not None:
            check_slot(slot)
        character = None
        if character_name:
            from solo.characters import CharacterStore

            character = CharacterStore(store.folder).load(character_name)
        if replay_file:
            from solo.replay import replay_into_session

            session = replay_into_session(replay_file, store=store, slot=slot or "replay")
            _guard_slot(store, session.slot, start_new, as_json)
            _keep_previous(store, session)
            status = _run(session, as_json, full, as_plain, resume=True, offer_keep=_offers_keep(session, as_json))
        else:
            session = new_session(adventure, store=store, slot=slot or "pending", seed=seed, character=character,
                                  ironman=ironman, gm=gm, forgiving=forgiving)
            if slot is None:
                session.slot = check_slot(session.adventure.id)
            notice = ""
            if per_tab:  # each browser tab of `solo serve` plays its own game
                from solo.ui.app.serve import tab_notice, tab_slot

                wanted, session.slot = session.slot, tab_slot(store, session.slot)
                notice = tab_notice(wanted, session.slot)
            store.lock(session.slot)  # refused now if another solo plays this slot
            _guard_slot(store, session.slot, start_new, as_json)
            _keep_previous(store, session)
            status = _run(session, as_json, False if gm else full, as_plain,  # GM commands are line mode's
                          offer_keep=_offers_keep(session, as_json) and not watch, notice=notice,
                          watch=session.adventure.source if watch else None)
        if character_name and session.game.finished:
            _keep_character(store, session)
    except user_errors() as exc:
        raise fail(exc) from None
    sys.exit(status)


def _run(session, as_json: bool, full: bool | None, as_plain: bool = False, *, resume: bool = False,
         offer_keep: bool = False, notice: str = "", watch: str | None = None) -> int:
    """Play ``session`` on the full screen or in line mode (see :mod:`solo.ui.screen_mode`)."""
    from solo.ui import screen_mode

    requested = None if full is None else (screen_mode.FULL if full else screen_mode.LINE)
    if as_plain:
        requested = screen_mode.LINE
    mode, _why = screen_mode.choose(requested, as_json=as_json)
    if mode == screen_mode.FULL:
        from solo.ui.app.app import play_full

        status = play_full(session, resume=resume, offer_keep=offer_keep, notice=notice, watch=watch)
        _farewell(session, status)  # the screen is gone: say where the game is, as line mode does
        return status
    from solo.ui.driver import play as run

    status = run(session, _front(session, as_json, as_plain, watch), resume=resume, offer_keep=offer_keep)
    if not as_json and session.game.finished:  # leaving mid-game says it already
        _farewell(session, status)
    return status


def _farewell(session, status: int) -> None:
    """Where the game was saved and the command that resumes or re-reads it."""
    from solo.ui.commands import where_saved

    if not session.autosave:
        return
    if status != 0 and session.save_error:
        echo(f"progress NOT saved in slot {session.slot!r} ({session.save_error})", err=True)
        return
    echo(where_saved(session.slot, session.game.finished, session.store.path(session.slot)))


def _guard_slot(store, slot: str, start_new: bool, as_json: bool) -> None:
    """Never replace an unfinished game silently: ask at a terminal, refuse otherwise."""
    from solo.saves import SaveError, is_unfinished

    held = store.peek(slot)
    if start_new or held is None or not is_unfinished(held):
        return
    what = f"{held.get('adventure', {}).get('title') or '?'} ({held.get('progress') or 'in progress'})"
    if _interactive(as_json):
        if click.confirm(f"Slot {slot!r} holds an unfinished game: {what}. Start over and replace it?",
                         default=False):
            return
        raise SaveError(f"kept it; resume with `solo continue {slot}`, or play in another slot with --slot NAME")
    raise SaveError(f"slot {slot!r} holds an unfinished game: {what}; resume it with `solo continue {slot}`, "
                    "start over with --new, or use another slot with --slot NAME")


def _keep_previous(store, session) -> None:
    """The game in the slot is moved aside, never replaced; the player is told where it went."""
    from solo.session import keep_previous

    said = keep_previous(store, session.slot)
    if said:
        session.notes.append(said)


def _offers_keep(session, as_json: bool) -> bool:
    """Whether the ending offers to keep the character: at a terminal, for a character not
    already stored (a stored one is kept without asking)."""
    return _interactive(as_json) and not session.game.state.start_character


def _keep_character(store, session) -> None:
    from solo.characters import CharacterStore

    CharacterStore(store.folder).save(session.game.character)


@cli.command(name="continue")
@click.argument("slot", required=False)
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--json", "as_json", is_flag=True, help="Write one JSON event per line instead of the rich view.")
@click.option("--plain", "as_plain", is_flag=True, help="Plain words: no colour, boxes, emoji (screen readers).")
@click.option("--full/--line", "full", default=None, help="Full-screen or line mode [default: full-screen on a terminal of 70×20 or more].")
def continue_(slot: str | None, save_dir: str | None, as_json: bool, as_plain: bool, full: bool | None) -> None:
    """Resume the game saved in SLOT exactly where it stopped (default: the last one played).

    A finished game is shown again from the beginning, to re-read.
    """
    from solo.saves import SaveError, SaveStore, check_slot
    from solo.session import resume_session

    try:
        store = SaveStore(save_dir)
        if slot is None:
            latest = store.latest()
            if latest is None:
                raise SaveError(f"no unfinished game in {store.folder}; start one with `solo play`")
            slot = latest[0]
        session = resume_session(store, check_slot(slot))
        if session.game.finished:
            front = _front(session, as_json, as_plain)
            from solo.story import retell

            front.view("story", {"entries": retell(store.read(slot).payload)})
            sys.exit(0)
        status = _run(session, as_json, full, as_plain, resume=True, offer_keep=_offers_keep(session, as_json))
        if session.game.finished and session.game.state.start_character:
            _keep_character(store, session)  # a stored character goes on, as after `solo play --character`
    except user_errors() as exc:
        raise fail(exc) from None
    sys.exit(status)


@cli.command()
@click.argument("adventure", required=False, default=DEFAULT_ADVENTURE)
@click.option("--host", default="localhost", show_default=True, help="Address to listen on (other machines can reach any but localhost).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--seed", type=int, help="Seed for the dice of each new game.")
@click.option("--slot", help="Save slot name [default: the adventure's id].")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--continue", "resume", is_flag=True, help="Each page resumes the game in SLOT instead of starting ADVENTURE.")
@click.option("--max-games", type=click.IntRange(1, 1000), default=8, show_default=True,
              help="Games running at once (one per open tab, about 50 MB each); a tab beyond that is told so.")
@click.option("--allow-origin", "allow_origins", multiple=True, metavar="URL",
              help="Also answer pages from URL (scheme://host[:port]), e.g. a reverse proxy's https://games.example.org. Repeatable.")
def serve(adventure: str, host: str, port: int, seed: int | None, slot: str | None, save_dir: str | None, resume: bool,
          max_games: int, allow_origins: tuple[str, ...]) -> None:
    """Serve the full-screen game as a web page (http://localhost:8000 by default).

    Each browser tab runs its own game, saved like a game in the terminal, in a slot of its own
    (SLOT, or SLOT-2, SLOT-3 ... when SLOT is being played or unfinished). Only this server's own
    page may use it: requests naming another host, or coming from another site's page, are
    refused. Ctrl-C (or SIGTERM) stops serving; every game is saved.
    """
    from solo.saves import check_slot
    from solo.session import load_playable
    from solo.ui.app.serve import absolute, serve as run_server
    from solo.ui.app.web_gate import OriginError, parse_origin

    try:
        for origin in allow_origins:
            parse_origin(origin)
    except OriginError as exc:
        raise click.BadParameter(str(exc), param_hint="--allow-origin") from None
    try:
        if slot is not None:
            check_slot(slot)
        if not resume:
            loaded = load_playable(adventure)  # a bad file fails here, once, not in every tab
            slot = slot or loaded.adventure.id
        elif slot is None:
            raise click.UsageError("--continue needs --slot SLOT")
    except user_errors() as exc:
        raise fail(exc) from None
    arguments = ["continue", slot] if resume else ["play", adventure, "--slot", slot, "--tab"]
    if seed is not None and not resume:
        arguments += ["--seed", str(seed)]
    if save_dir is not None:
        arguments += ["--save-dir", absolute(save_dir)]
    arguments.append("--full")
    if host not in ("localhost", "127.0.0.1", "::1"):
        echo(f"solo: serving on {host}: anyone who can reach it can play and write saves here", err=True)
    try:
        run_server(arguments, host=host, port=port, allow_origins=allow_origins, most_games=max_games)
    except OSError as exc:
        raise UserError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


@cli.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
def list_(as_json: bool) -> None:
    """List the bundled adventures and those of installed packs: system, length, play time, summary."""
    from solo.adventure import loader
    from solo.adventure.catalog_view import catalog_lines

    entries = loader.catalog()
    if as_json:
        click.echo(json.dumps(entries, indent=2))
        return
    width = min(80, shutil.get_terminal_size((80, 24)).columns)
    for line in catalog_lines(entries, width=width):
        echo(line)


@cli.command()
def schema() -> None:
    """Print the adventure format's JSON Schema."""
    from solo.adventure.schema import schema as get_schema

    click.echo(json.dumps(get_schema(), indent=2))


@cli.command(name="rules")
@click.argument("system")
def rules_cmd(system: str) -> None:
    """Print SYSTEM's rules as the engine plays them: a Markdown reference page (results, rules
    and their book sections, roll options, conflict parameters, house rules, terms)."""
    from solo.rules.reference import page

    _ruleset(system)
    click.echo(page(system), nl=False)


@cli.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the problems as a JSON list.")
def validate(files: tuple[str, ...], as_json: bool) -> None:
    """Check adventure FILES (paths or bundled ids): YAML, schema, and meaning.

    Each problem prints as file:line:col: error|warning: message, with a hint. The exit status is
    0 when there are no errors (warnings allowed) and 1 otherwise.
    """
    from solo.adventure.validate import exit_status, format_problems, problems_json, validate_paths

    problems = validate_paths(files)
    if as_json:
        click.echo(json.dumps(problems_json(problems), indent=2))
    else:
        echo(format_problems(problems, files=len(files)))
    sys.exit(exit_status(problems))


@cli.command()
@click.argument("adventure")
@click.option("--format", "fmt", type=click.Choice(["mermaid", "dot"]), default="mermaid", show_default=True,
              help="Mermaid (renders on GitHub and in many editors) or Graphviz dot.")
@click.option("--character", "character_id", help="Pregenerated character whose odds label the checks (default: the first).")
def graph(adventure: str, fmt: str, character_id: str | None) -> None:
    """Print the scene graph of ADVENTURE: choices, checks with exact odds, endings."""
    from solo.adventure import loader
    from solo.adventure.graph import GraphError, to_dot, to_mermaid

    try:
        loaded = loader.load(adventure).adventure
        text = (to_dot if fmt == "dot" else to_mermaid)(loaded, character_id)
    except (*user_errors(), GraphError) as exc:
        raise fail(exc) from None
    echo(text)


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
    _within_bounds(args)
    return args


def _within_bounds(args: dict[str, Any]) -> None:
    """Refuse numbers beyond the bound of check parameters (see :mod:`solo.adventure.bounds`),
    so that exact odds stay quick to compute."""
    import re

    from solo.adventure.bounds import MAX_PARAM

    for name, value in args.items():
        for number in re.findall(r"-?\d+", str(value)):
            if len(number.lstrip("-")) > 6 or abs(int(number)) > MAX_PARAM:
                raise click.UsageError(f"--{name} {value}: numbers of solo odds and solo roll stay within "
                                       f"-{MAX_PARAM} and {MAX_PARAM}, so that the exact odds stay quick")


def _ruleset(system: str):
    from solo.rules.base import RulesError

    try:
        return registry.get(system)
    except RulesError as exc:
        raise click.UsageError(str(exc)) from None


def _system_help(ruleset) -> str:
    return "\n".join(f"  --{name:<14} {text}" for name, text in ruleset.cli_options.items())


def _examples(command: str) -> list[str]:
    """``solo odds SYSTEM ...`` lines, from each registered ruleset's ``cli_examples``."""
    from solo.rules.base import RulesError, ShowsExamples, hook

    lines = []
    for system in registry.available():
        try:
            own = hook(registry.get(system), ShowsExamples)
        except RulesError:
            continue
        lines += [f"solo {command} {system} {example}" for example in (own.cli_examples if own else ())]
    return lines


class SystemOption(click.Option):
    """``--system``: its help lists the registered game systems (read only when help is shown),
    and a missing value may default to the first of them."""

    def __init__(self, *args, what: str = "The game system", first_by_default: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.what, self.first_by_default = what, first_by_default

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        known = registry.available()
        if self.first_by_default:
            self.help, self.default, self.show_default = f"{self.what}.", known[0], True
        else:
            self.help = f"{self.what} ({', '.join(known)})."
        return super().get_help_record(ctx)

    def get_default(self, ctx: click.Context, call: bool = True):  # type: ignore[override]
        if self.first_by_default and call:
            return registry.available()[0]
        return super().get_default(ctx, call=call)


class SystemCommand(click.Command):
    """A command whose options depend on its SYSTEM argument: ``solo odds game --help`` adds the
    options the game system's ruleset declares (``cli_options``) to the help."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if any(a in ("-h", "--help") for a in args):
            words = [a for a in args if not a.startswith("-")]
            if words and words[0] in registry.available():
                ctx.meta["solo.system"] = words[0]
        return super().parse_args(ctx, args)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_options(ctx, formatter)
        system = ctx.meta.get("solo.system")
        if not system:
            with formatter.section("Systems"):
                formatter.write_text(f"{', '.join(registry.available())} "
                                     f"(solo {self.name} SYSTEM --help lists a system's options)")
            examples = _examples(str(self.name))[: None if self.name == "odds" else 1]
            if examples:
                with formatter.section("Examples"):
                    for line in examples:
                        formatter.write_text(line)
            return
        ruleset = registry.get(system)
        options = ruleset.cli_options
        with formatter.section(f"Options for {system}"):
            formatter.write_dl([(f"--{name}", text) for name, text in options.items()])


@cli.command(cls=SystemCommand, context_settings=SYSTEM_CONTEXT)
@click.argument("system")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
def odds(ctx: click.Context, system: str, as_json: bool) -> None:
    """Exact odds of a check or contest in SYSTEM (options depend on the system)."""
    from solo.rules.base import RulesError

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


@cli.command(cls=SystemCommand, context_settings=SYSTEM_CONTEXT)
@click.argument("system")
@click.option("--seed", type=int, help="Seed for the dice.")
@click.option("--json", "as_json", is_flag=True, help="Print the roll record as JSON.")
@click.pass_context
def roll(ctx: click.Context, system: str, seed: int | None, as_json: bool) -> None:
    """Roll dice: SYSTEM's check or contest (same options as `solo odds`), or dice notation.

    \b
    solo roll 2d6+1              any dice: NdS, with an optional +M or -M
    solo roll SYSTEM ...         a check by a system's rules (examples below)
    """
    from solo.rules.base import RulesError
    from solo.rules.dice import Dice
    from solo.rules.notation import DiceNotation, NotationError

    if system[:1].isdigit() or system[:1] in "dD" and system[1:2].isdigit():
        try:
            notation = DiceNotation.parse(system)
        except NotationError as exc:
            raise click.UsageError(str(exc)) from None
        dice = Dice(seed)
        faces, total = notation.roll(dice)
        if as_json:
            click.echo(json.dumps({"seed": dice.seed, "dice": str(notation), "faces": faces, "total": total}))
            return
        from solo.ui.commands import roll_text

        echo(f"{roll_text(notation, faces, total)}   (seed {dice.seed})")
        return
    ruleset = _ruleset(system)
    args = _system_args(ctx)
    dice = Dice(seed)
    try:
        record = ruleset.roll_for_args(dice, args)
    except RulesError as exc:
        raise click.UsageError(f"{exc}\noptions for {system}:\n{_system_help(ruleset)}") from None
    if as_json:
        from solo.rules.reasons import step_lines

        # the steps are reasons (codes and numbers); "lines" is how they read today
        click.echo(json.dumps({"seed": dice.seed, **record.to_dict(), "lines": step_lines(record)}, indent=2))
        return
    from solo.engine.events import RollMade
    from solo.ui.render import roll_view

    console = _console()
    console.print(roll_view(RollMade(record.to_dict(), f"{system} {record.kind}")))
    console.print(f"seed {dice.seed}", style="dim")


@cli.command()
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def saves(save_dir: str | None, as_json: bool) -> None:
    """List the save slots (adventure, scene, progress, last played) and say where they are."""
    from solo.saves import SaveStore

    store = SaveStore(save_dir)
    rows = []
    for slot, payload, error in store.slots():
        if payload is None:
            rows.append({"slot": slot, "error": error})
            continue
        rows.append(
            {
                "slot": slot,
                "adventure": payload["adventure"]["id"],
                "title": payload["adventure"].get("title", ""),
                "scene": payload.get("scene"),
                "scene_title": payload.get("scene_title", ""),
                "progress": payload.get("progress", ""),
                "updated": payload.get("updated", ""),
            }
        )
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        echo(f"no saves in {store.folder}")
        return
    echo(f"Save folder: {store.folder}")
    from solo.ui.saves_list import saves_view

    console = _console()
    console.print(saves_view(rows, console.width))


@cli.command()
@click.argument("slot")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
def delete(slot: str, save_dir: str | None, yes: bool) -> None:
    """Delete a save slot (and its backup)."""
    from solo.saves import SaveError, SaveStore, check_slot

    try:
        store = SaveStore(save_dir)
        path = store.path(check_slot(slot))
        if not path.exists() and not store.backup_path(slot).exists():
            raise SaveError(f"no save in slot {slot!r}")
        if not yes and not click.confirm(f"Delete save slot {slot!r} ({path})?", default=False):
            echo("kept")
            return
        store.delete(slot)
        echo(f"deleted slot {slot!r}")
    except SaveError as exc:
        raise fail(exc) from None


@cli.command()
@click.argument("save")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def replay(save: str, save_dir: str | None, as_json: bool) -> None:
    """Re-run SAVE (a slot or a save file) from its seed and choices; say if it arrives at the same state."""
    from solo.replay import read_replay, replay_payload
    from solo.saves import SaveStore

    try:
        payload = read_replay(save, SaveStore(save_dir))
        result = replay_payload(payload)
    except user_errors() as exc:
        raise fail(exc) from None
    if as_json:
        click.echo(json.dumps({"same": result.same, "steps": result.steps, "differences": result.differences}))
    elif result.same:
        where = result.game.adventure.scenes.get(result.game.state.scene or "")
        echo(f"replayed {result.steps} decisions: same state ({where.title if where else 'not started'})")
    else:
        echo(f"replayed {result.steps} decisions: DIFFERENT state: {'; '.join(result.differences)}")
    sys.exit(0 if result.same else 1)


@cli.command()
@click.argument("adventure")
@click.option("--web", "web_dir", type=click.Path(file_okay=False), help="Write the static page into this folder.")
@click.option("--zip", "zip_file", type=click.Path(dir_okay=False), help="Also (or instead) write it as one .zip (itch.io and the like).")
@click.option("--pyodide", "pyodide_path", type=click.Path(exists=True), help="A Pyodide npm package on disk (folder or .tgz) instead of the cached one.")
def export(adventure: str, web_dir: str | None, zip_file: str | None, pyodide_path: str | None) -> None:
    """Export ADVENTURE as a web page that plays in a browser with no server (the engine runs in Pyodide)."""
    import tempfile
    from pathlib import Path

    from solo.publish.web_export import ExportError, export_web, zip_folder

    if not web_dir and not zip_file:
        raise click.UsageError("say where: --web DIR, --zip FILE, or both")
    try:
        with tempfile.TemporaryDirectory() as scratch:
            done = export_web(adventure, Path(web_dir) if web_dir else Path(scratch) / "page", pyodide=pyodide_path)
            echo(f"runtime: {done.pyodide_from}")
            if web_dir:
                echo(f"exported {adventure} to {done.folder} ({done.size / 1e6:.1f} MB); try it with "
                     f"`python -m http.server -d {done.folder}` and open http://localhost:8000/")
            if zip_file:
                echo(f"wrote {zip_folder(done.folder, zip_file)}")
    except ExportError as exc:
        raise fail(exc) from None


@cli.group()
def new() -> None:
    """Start something to publish: an adventure file or an adventure pack."""


@new.command(name="adventure")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--system", "system_id", cls=SystemOption, required=True, help="The game system.")
@click.option("--force", is_flag=True, help="Replace the file if it exists.")
def new_adventure(file: str, system_id: str, force: bool) -> None:
    """Write a starting adventure FILE for a game system: it validates and plays as written."""
    from solo.publish.starter import StarterError, write_starter

    try:
        path = write_starter(file, system_id, force=force)
    except StarterError as exc:
        raise fail(exc) from None
    echo(f"wrote {path}: check it with `solo validate {path}`, play it with `solo play {path} --watch`")


@new.command(name="pack")
@click.argument("name")
@click.option("--dir", "parent", default=".", type=click.Path(file_okay=False), help="Where to create the pack's folder.")
@click.option("--system", "system_id", cls=SystemOption, first_by_default=True, what="The game system of the sample adventure",
              help="The game system of the sample adventure.")
def new_pack(name: str, parent: str, system_id: str) -> None:
    """Create adventure pack NAME: a Python project (pyproject, sample adventure, test) that `pip wheel` builds."""
    from solo.publish.pack_scaffold import scaffold_pack
    from solo.publish.starter import StarterError

    if system_id not in registry.available():
        raise UserError(f"no game system called {system_id!r} (known: {', '.join(registry.available())})")
    try:
        root = scaffold_pack(name, parent, system=system_id)
    except StarterError as exc:
        raise fail(exc) from None
    echo(f"created pack {name} in {root}: add .yaml files to its adventures folder; "
         f"`pip install -e {root}` and `solo list` shows them")


@cli.group()
def character() -> None:
    """Create, list, show and advance stored characters (kept beside the saves)."""


def _characters(save_dir: str | None):
    from solo.characters import CharacterStore

    return CharacterStore(save_dir)


@character.command(name="new")
@click.option("--system", "system_id", cls=SystemOption, required=True, help="The game system.")
@click.option("--name", help="The character's name.")
@click.option("--from", "from_file", type=click.Path(dir_okay=False, exists=True), help="Read the character from a YAML/JSON file.")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--force", is_flag=True, help="Replace a stored character of the same name.")
def character_new(system_id: str, name: str | None, from_file: str | None, save_dir: str | None, force: bool) -> None:
    """Create a character by the book's creation rules."""
    from solo.characters import create, from_file as read_character
    from solo.rules.base import RulesError
    from solo.saves import SaveError
    from solo.ui.creation import ask_character

    ruleset = _ruleset(system_id)
    store = _characters(save_dir)
    try:
        if from_file:
            made = read_character(from_file)
            if made.system != system_id:
                raise RulesError(f"{from_file} describes a {made.system} character, not {system_id}")
            if name:
                made.name = name
            made = create(made)
        else:
            made = ask_character(ruleset, name, create)
        if store.exists(made.name) and not force:
            raise SaveError(f"a character called {made.name!r} is already stored (use --force to replace it)")
        path = store.save(made)
    except (RulesError, SaveError) as exc:
        raise fail(exc) from None
    echo(f"created {made.name} ({system_id}) in {path}")


@character.command(name="list")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def character_list(save_dir: str | None, as_json: bool) -> None:
    """List stored characters."""
    rows = []
    for slug_name, made, error in _characters(save_dir).all():
        rows.append({"file": slug_name, "name": made.name if made else None, "system": made.system if made else None,
                     "resources": made.resources if made else None, "error": error})
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        echo("no stored characters; create one with `solo character new --system ID`")
    for row in rows:
        if row["error"]:
            echo(f"{row['file']}: unreadable ({row['error']})")
        else:
            res = ", ".join(f"{k} {v}" for k, v in row["resources"].items() if isinstance(v, int))
            echo(f"{row['name']} ({row['system']}){'  ' + res if res else ''}")


@character.command(name="show")
@click.argument("name")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def character_show(name: str, save_dir: str | None, as_json: bool) -> None:
    """Show a stored character and what its experience can buy."""
    from solo.rules.base import RulesError
    from solo.saves import SaveError

    try:
        made = _characters(save_dir).load(name)
        options = registry.get(made.system).advancement(made)
    except (SaveError, RulesError) as exc:
        raise fail(exc) from None
    if as_json:
        click.echo(json.dumps({**made.to_dict(), "advancement": [{"key": a.key, "text": a.text, "cost": a.cost} for a in options]}, indent=2))
        return
    from rich.table import Table

    table = Table(title=plain(f"{made.name} ({made.system})"), show_header=False, title_justify="left")
    table.add_column(style="bold cyan")
    table.add_column()
    for key, value in made.stats.items():
        table.add_row(plain(key), plain(value))
    for key, value in made.resources.items():
        table.add_row(plain(key), plain(json.dumps(value) if isinstance(value, (dict, list)) else value))
    if made.items:
        table.add_row("items", plain(", ".join(made.items)))
    console = _console()
    console.print(table)
    if options:
        console.print("Experience can buy:", style="bold")
        for option in options:
            cost = ", ".join(f"{v} {k}" for k, v in option.cost.items())
            console.print(plain(f"  {option.key:<28} {option.text} ({cost})"))


@character.command(name="advance")
@click.argument("name")
@click.option("--buy", "key", help="What to buy (a key from `solo character show`).")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
def character_advance(name: str, key: str | None, save_dir: str | None) -> None:
    """Spend experience on an advance, at the book's cost."""
    from solo.characters import advance
    from solo.rules.base import RulesError
    from solo.saves import SaveError

    store = _characters(save_dir)
    try:
        made = store.load(name)
        options = registry.get(made.system).advancement(made)
        if key is None:
            if not options:
                raise RulesError(f"{made.name} cannot buy anything now")
            for n, option in enumerate(options, start=1):
                cost = ", ".join(f"{v} {k}" for k, v in option.cost.items())
                echo(f"{n}) {option.text} ({cost})")
            pick = click.prompt("Buy", type=click.IntRange(1, len(options)))
            key = options[pick - 1].key
            if options[pick - 1].typed:
                key += ":" + click.prompt(options[pick - 1].typed.capitalize())
        made = advance(made, key)
        store.save(made)
    except (SaveError, RulesError) as exc:
        raise fail(exc) from None
    echo(f"{made.name}: bought {key}")


@cli.command()
@click.argument("slot", required=False)
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md", show_default=True,
              help="Markdown, or one self-contained HTML file.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="Write to a file instead of the screen.")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help=SAVE_DIR_HELP)
def transcript(slot: str | None, fmt: str, output: str | None, save_dir: str | None) -> None:
    """Write the story in SLOT so far (narration, choices, rolls, notes) as a document."""
    from solo.replay import read_replay
    from solo.saves import SaveError, SaveStore
    from solo.story import retell
    from solo.ui.transcript import to_html, to_markdown
    from solo.ui.words import Words

    try:
        store = SaveStore(save_dir)
        if slot is None:
            latest = store.latest(unfinished=False)
            if latest is None:
                raise SaveError(f"no saves in {store.folder}")
            slot = latest[0]
        story = retell(read_replay(slot, store))
        words = Words(story.adventure)
        text = (to_html if fmt == "html" else to_markdown)(story, words)
        if output:
            from pathlib import Path

            Path(output).write_text(text, encoding="utf-8")
            echo(f"wrote {output}")
        else:
            echo(text, nl=False)
    except user_errors() as exc:
        raise fail(exc) from None
    except OSError as exc:
        raise UserError(f"cannot write {output}: {exc.strerror or exc}") from None


@cli.command()
@click.argument("adventure", required=False, default=DEFAULT_ADVENTURE)
@click.option("--runs", type=click.IntRange(min=1), default=1000, show_default=True, help="How many playthroughs.")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed: run i's seed is derived from it and i.")
@click.option("--character", "character_name", help="A pregenerated character's id, or a stored character's name (default: drawn per run).")
@click.option("--policy", type=click.Choice(["random", "cautious", "greedy", "explorer", "careful", "careful-top",
                                             "careful-thrifty", "careful-bottom", "soonest-loss"]), default="random",
              show_default=True,
              help="How the bot chooses (see docs).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True, help="Local processes.")
@click.option("--executor", "executor", metavar="dask://HOST:PORT", help="Run on a Dask cluster instead (needs solo[dask]).")
@click.option("--step-limit", type=click.IntRange(min=1), default=1000, show_default=True, help="Decisions after which a run counts as stuck.")
@click.option("--exhaustive", is_flag=True, help="Take every choice and outcome branch at least once; list what stays untested.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--html", "html_file", type=click.Path(dir_okay=False, writable=True), help="Also write a self-contained HTML report.")
@click.option("--replay-dir", default="playtest-failures", show_default=True, type=click.Path(file_okay=False),
              help="Where replay files of failed runs go.")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help="Folder of stored characters [default: ./saves].")
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=600, show_default=True,
              help="Seconds at most; the report covers what was done by then (a budget).")
@click.option("--memory-limit", type=click.IntRange(min=64), default=1500, show_default=True, help="Peak memory in MB at most (a budget).")
@click.option("--runtime", type=click.Choice(["fast", "engine"]), default="fast", show_default=True,
              help="fast: random-policy runs play scene choices without the engine's offers and text (same "
                   "results per seed; other policies, --exhaustive and failed runs use the engine); "
                   "engine: every decision through the engine.")
def playtest(adventure: str, runs: int, seed: int, character_name: str | None, policy: str, workers: int,
             executor: str | None, step_limit: int, exhaustive: bool, as_json: bool, html_file: str | None,
             replay_dir: str, save_dir: str | None, time_limit: float, memory_limit: int, runtime: str) -> None:
    """Play ADVENTURE many times with a bot and report what happened (endings, stuck runs...)."""
    from solo.playtest.frontend import run_playtest_command

    try:
        run_playtest_command(
            adventure=adventure, runs=runs, seed=seed, character_name=character_name, policy=policy,
            workers=workers, executor=executor, step_limit=step_limit, exhaustive=exhaustive,
            as_json=as_json, html_file=html_file, replay_dir=replay_dir, save_dir=save_dir,
            console=_console(), seconds=time_limit, memory_mb=memory_limit, runtime=runtime,
        )
    except (*user_errors(), OSError) as exc:
        raise fail(exc) from None


@cli.command()
@click.argument("adventure", required=False, default=DEFAULT_ADVENTURE)
@click.option("--character", "character_name", help="A pregenerated character's id, or a stored character's name (default: drawn like the game does).")
@click.option("--policy", type=click.Choice(["random", "best", "worst", "cautious", "greedy", "explorer", "careful",
                                             "careful-top", "careful-thrifty",
                                             "careful-bottom", "soonest-loss"]), default="random", show_default=True,
              help="A player choosing at random, the best or worst possible play, or a playtest bot's play "
                   "(careful-top: the careful bot's heaviest option every time, the floor of the best play; "
                   "careful-thrifty: the same, but never a roll that spends something while one that spends "
                   "nothing is on offer, a second floor; careful-bottom: its lightest option every time, the "
                   "ceiling of the worst play; soonest-loss: the option nearest an ending other than victory "
                   "by the scene graph, a second ceiling).")
@click.option("--checks", is_flag=True, help="List every check with its exact odds for each character instead.")
@click.option("--max-states", type=click.IntRange(min=1), default=200_000, show_default=True, help="Game states to keep at most (a budget).")
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=120, show_default=True, help="Seconds to explore at most (a budget).")
@click.option("--memory-limit", type=click.IntRange(min=64), default=1500, show_default=True, help="Peak memory in MB at most (a budget).")
@click.option("--bound", type=click.FloatRange(min=0, max=1), default=0.005, show_default=True,
              help="Stop once what is left unexplored can move no figure by more than this.")
@click.option("--sampling/--no-sampling", default=True, show_default=True,
              help="Random play: when exact exploration cannot reach the bound, sample whole playthroughs for "
                   "the rest of the budget (each figure with its 95% Wilson interval); --no-sampling: a bounded result.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Master seed of the sampled playthroughs (the runs `solo playtest --seed` plays).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--save-dir", type=click.Path(file_okay=False), envvar="SOLO_SAVE_DIR", help="Folder of stored characters [default: ./saves].")
def analyze(adventure: str, character_name: str | None, policy: str, checks: bool, max_states: int, time_limit: float,
            memory_limit: int, bound: float, sampling: bool, seed: int, as_json: bool, save_dir: str | None) -> None:
    """Probability of each ending and objective of ADVENTURE: exact, or within a stated bound."""
    from solo.analyze.frontend import run_analyze_command

    try:
        run_analyze_command(adventure=adventure, character_name=character_name, policy=policy, checks=checks,
                            max_states=max_states, seconds=time_limit, memory_mb=memory_limit, bound=bound,
                            as_json=as_json, save_dir=save_dir, console=_console(), seed=seed, sample=sampling)
    except user_errors() as exc:
        raise fail(exc) from None


def _leave_interrupted() -> None:
    """Leave after Ctrl-C (saying so, status 130) or a signal (quietly, 128 + its number)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # leaving is not itself interrupted
    if stopping.told:
        sys.exit(128 + stopping.told[0])
    echo("solo: interrupted", err=True)
    sys.exit(130)


def _run_command_line() -> None:
    """Run the command line as click's standalone mode would, except that being told to stop
    (a signal, Ctrl-C) reaches :func:`main` as KeyboardInterrupt instead of click's "Aborted!"
    (and the blank line click writes before it): the context is made and invoked here."""
    try:
        try:
            with cli.make_context("solo", sys.argv[1:]) as ctx:
                code = cli.invoke(ctx)
        except click.exceptions.Exit as exc:
            code = exc.exit_code
        except EOFError as exc:  # input ended at a prompt: as click leaves it
            echo("", err=True)
            raise click.exceptions.Abort() from exc
    except click.exceptions.Abort as exc:
        if isinstance(exc.__cause__, KeyboardInterrupt):
            _leave_interrupted()
        echo("Aborted!", err=True)  # a prompt the user declined
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        from click.utils import PacifyFlushWrapper

        sys.stdout = PacifyFlushWrapper(sys.stdout)  # type: ignore[assignment]
        sys.stderr = PacifyFlushWrapper(sys.stderr)  # type: ignore[assignment]
        sys.exit(1)  # the reader went away (``solo ... | head``)
    if isinstance(code, int) and not isinstance(code, bool):
        sys.exit(code)  # a command's ctx.exit(code)


def main() -> None:
    # being told to stop (kill, a closed terminal) is handled like Ctrl-C: the step in progress
    # is undone, the game saved, and solo leaves; a signal leaves quietly with 128 + its number
    # (solo/__main__.py installs this before importing the command line; again for other callers)
    try:
        stopping.install()
        _run_command_line()
    except KeyboardInterrupt:
        _leave_interrupted()
    except SoloError as exc:  # a user error no command turned into its line
        echo(f"solo: {exc.one_line()}", err=True)
        sys.exit(exc.exit_code)
    except Exception as exc:  # a bug: say how to report it, the traceback only when asked
        if debugging():
            import traceback

            traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        echo(bug_message(exc), err=True)
        sys.exit(BUG_EXIT)
