"""Character creation at the terminal (``solo character new``), one field at a time.

The character starts legal (:func:`solo.rules.creation.draft` builds it from the system's rules).
The screen shows every field with a number, then the running totals, each beside the rule it
checks, and whether the character is legal now. The player changes one line at a time (``3 4``
sets line 3 to 4; ``Hack/Slash 4`` names the line instead), adds, renames or removes a stat of
their own where the system has them, and presses Enter to keep the character once it is legal.
A mistake costs one line, never the answers already given. The same words work from a pipe, one
edit per line.

All rules live in :mod:`solo.rules.creation` and the ruleset; this module only shows and asks.
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from typing import Callable

import click

from solo.rules.base import Character, Ruleset, RulesError
from solo.rules.creation import CreationError, Draft, Field, draft
from solo.ui.plain_text import to_terminal

HELP = ("Change one line: its number and the new value (`3 4`), or its name and the value "
        "(`{example}`).{own} Enter keeps this character once it is legal; `?` shows the rules again; "
        "`q` gives up.")
OWN_HELP = " `add NAME 2` adds a {word} of your own, `rename 6 NAME` renames one, `remove 6` drops it."


class Prompter:
    """Lines from the player: a prompt at a terminal, a line at a time from a pipe; None at the end."""

    def __call__(self, text: str, default: str = "") -> str | None:
        try:
            answer = click.prompt(text, default=default, show_default=bool(default), prompt_suffix="")
        except (click.exceptions.Abort, EOFError):
            return None
        return str(answer)


def ask_character(ruleset: Ruleset, name: str | None, create: Callable[[Character], Character],
                  echo: Callable[[str], None] = click.echo, read: Callable[..., str | None] | None = None,
                  width: int | None = None) -> Character:
    """Build a character of ``ruleset``'s system with the player; returns it once it is legal.

    ``create`` checks and completes the result (:func:`solo.characters.create`). RulesError if the
    player gives up or the input ends first.
    """
    read = read or Prompter()
    width = width or min(100, shutil.get_terminal_size((80, 24)).columns)
    screen = CreationScreen(echo, width)
    echo(f"A new character for {ruleset.name}.")
    built = draft(ruleset, "")
    if built.rules:
        screen.para("The rules: " + built.rules)
    if not name:
        name = (read("Name: ") or "").strip()
        if not name:
            raise RulesError("no name given: a character needs one")
    built.name = name
    _name_own(built, ruleset.id, read, screen)
    screen.board(built)
    screen.para(_help(built))
    while True:
        answer = read("> ")
        if answer is None:
            raise RulesError("creation ended before the character was kept")
        answer = answer.strip()
        if answer.lower() in ("q", "quit", ":q", ":quit"):
            raise RulesError("creation given up; nothing was stored")
        if answer in ("?", "help", ":help", "rules"):
            screen.para("The rules: " + built.rules)
            screen.para(_help(built))
            continue
        if not answer:
            problem = built.problem()
            if problem is None:
                return create(built.character())
            screen.para(f"Not legal yet: {_plain_error(problem)}. Change a line first (q gives up).")
            continue
        try:
            said, changed = edit(built, answer)
        except (CreationError, RulesError) as exc:
            screen.para(f"Not changed: {_plain_error(str(exc))}.")
            continue
        screen.para(said)
        if changed:
            screen.board(built)


def edit(built: Draft, answer: str) -> tuple[str, bool]:
    """Apply one typed edit to ``built``: (what changed in words, True), or for a line named
    alone (what it takes, False). CreationError when the edit cannot be made."""
    words = answer.split()
    verb = words[0].lower()
    if verb == "add" and len(words) > 1:
        level = words[-1] if len(words) > 2 and words[-1].isdigit() else ""
        name = " ".join(words[1:-1] if level else words[1:])
        built.add(name, level)
        return f"Added {name}.", True
    if verb in ("remove", "drop") and len(words) > 1:
        return f"Removed {built.remove(' '.join(words[1:]))}.", True
    if verb == "rename" and len(words) > 2:
        old = built.field(words[1]).label
        return f"{old} is now called {built.rename(words[1], ' '.join(words[2:]))}.", True
    if len(words) == 1 and "=" not in answer and ":" not in answer:
        field = built.field(words[0])
        takes = f"one of {', '.join(field.choices)}" if field.choices else (field.hint or "a value")
        return f"{field.label} takes {takes}. Type {field.number} and the new value.", False
    ref, value = _split(built, answer)
    before = built.field(ref)
    field = built.set(ref, value)
    after = built.field(str(field.number))
    return f"{after.label}: {before.value} -> {after.value}.", True


def _split(built: Draft, answer: str) -> tuple[str, str]:
    """(field, value) from ``3 4``, ``Hack/Slash 4``, ``Hack/Slash = 4`` or ``Value System: Fate``."""
    for sep in ("=", ":"):
        if sep in answer:
            ref, _, value = answer.partition(sep)
            return ref.strip(), value.strip()
    words = answer.split()
    # the longest run of leading words that names a line ("Value System Fate and Knowledge")
    for cut in range(len(words) - 1, 0, -1):
        ref = " ".join(words[:cut])
        try:
            built.field(ref)
        except CreationError:
            continue
        return ref, " ".join(words[cut:])
    return words[0], " ".join(words[1:])


def _name_own(built: Draft, system: str, read: Callable[..., str | None], screen: "CreationScreen") -> None:
    """Ask the names of the player's own stats first (GUTS+ quality, Loose and Fuzzy abilities)."""
    question = built.own_prompt
    own = built.own()
    if not question or not own:
        return
    answer = read(question + ": ", ", ".join(own))
    if answer is None:
        raise RulesError("creation ended before the character was kept")
    names = [" ".join(n.split()) for n in answer.split(",") if n.strip()]
    if not names or names == own:
        return
    levels = [built.stats[k] for k in own]
    for key in own:
        del built.stats[key]
    low, high = built.own_range
    for n, name in enumerate(names[:high]):
        built.stats[name] = levels[n] if n < len(levels) else built.own_default()
    if len(names) > high:
        screen.para(f"Kept the first {high}: that is as many as the rules allow.")
    if len(names) < low:
        screen.para(f"The rules ask for {low}; add another with `add NAME 2`.")


def _help(built: Draft) -> str:
    fields = [f for f in built.fields() if f.editable]
    example = f"{fields[0].label} {fields[0].hint.split('-')[-1].split()[0] if fields[0].hint else 'VALUE'}"
    own = OWN_HELP.format(word=built.own_word) if built.own_word else ""
    return HELP.format(example=example, own=own)


def _plain_error(text: str) -> str:
    """A ruleset's message without its system prefix ("GUTS+: ...") and final full stop."""
    head, sep, rest = text.partition(": ")
    if sep and re.fullmatch(r"[A-Z0-9+\- ,()]+", head):
        text = rest
    return text.rstrip(".")


class CreationScreen:
    """Writes the creation board: fields by group (two columns when many), totals, verdict."""

    def __init__(self, echo: Callable[[str], None], width: int) -> None:
        self.echo = echo
        self.width = max(40, width)

    def say(self, text: str = "") -> None:
        self.echo(to_terminal(text, getattr(sys.stdout, "encoding", None)))

    def para(self, text: str) -> None:
        self.say(textwrap.fill(text, width=self.width - 1, break_on_hyphens=False))

    def board(self, built: Draft) -> None:
        self.say("")
        self.say(f"{built.name}, {built.ruleset.name}")
        for line in self.field_lines(built.fields()):
            self.say(line)
        self.say("")
        for line in self.tally_lines(built):
            self.say(line)

    def field_lines(self, fields: list[Field]) -> list[str]:
        blocks: list[list[str]] = []
        label_width = max((len(f.label) for f in fields), default=4)
        for group in dict.fromkeys(f.group for f in fields):
            members = [f for f in fields if f.group == group]
            hints = {f.hint for f in members if f.editable}
            shared = next(iter(hints)) if len(hints) == 1 and len(next(iter(hints))) <= 12 else ""
            block = [group + (f" ({shared})" if shared else "")] if group else []
            fixed = [f for f in members if not f.editable]
            if fixed:  # what follows from the choices: one line
                block += textwrap.wrap(", ".join(f"{f.label} {f.value}" for f in fixed), width=self.width - 5,
                                       initial_indent="    ", subsequent_indent="    ")
            for f in members:
                if not f.editable:
                    continue
                hint = f"  ({f.hint})" if f.hint and not shared else ""
                block += textwrap.wrap(f"{f.number:>3} {f.label:<{label_width}}  {f.value}{hint}", width=self.width - 1,
                                       subsequent_indent=" " * (label_width + 6), break_on_hyphens=False)
            blocks.append(block)
        half = self.width // 2 - 2
        narrow = [b for b in blocks if all(len(line) <= half for line in b)]
        wide = [line for b in blocks if b not in narrow for line in b]
        total = sum(len(b) for b in narrow)
        if total <= 10 or len(narrow) < 2:
            return [line for b in blocks for line in b]
        left: list[str] = []
        right: list[str] = []
        for block in narrow:  # in order: the left column until it holds about half
            (left if not right and len(left) + len(block) / 2 <= total / 2 else right).extend(block)
        column = max(len(line) for line in left) + 4
        rows = max(len(left), len(right))
        left += [""] * (rows - len(left))
        right += [""] * (rows - len(right))
        return [f"{a:<{column}}{b}".rstrip() for a, b in zip(left, right)] + wide

    def tally_lines(self, built: Draft) -> list[str]:
        tallies = built.tallies()
        lines = []
        for t in tallies:
            lines.append(f"{'ok ' if t.ok else 'fix'} {t.label}: {t.value} ({t.rule})")
        problem = built.problem()
        if problem is None:
            lines.append("Legal: press Enter to keep this character, or change a line.")
        else:
            lines.append(f"Not legal yet: {_plain_error(problem)}.")
        return [textwrap.fill(line, width=self.width - 1, subsequent_indent="    " if n < len(tallies) else "",
                              break_on_hyphens=False) for n, line in enumerate(lines)]
