"""One system's rules as the engine implements them, as a reference page in Markdown.

Everything on the page is read from the ruleset and the project's own words for it, so the page
cannot drift from the engine: the book and the sections where it says each rule, the basic roll's
results and what they mean, the rules explained on the in-game rules page, the terms of ``:help``,
the parameters a check or contest reads (those of ``solo odds SYSTEM``), every conflict procedure
with its results, behaviours and parameters, and the house rules an adventure may opt into (each
off unless named: the book's rule is the default). ``solo rules SYSTEM`` prints it;
``docs/rules/SYSTEM.md`` holds the same page. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from solo.rules import house_rules, registry
from solo.rules.base import names
from solo.rules.conflict import conflict_rules, procedures
from solo.rules.vocabulary import for_system


def _cell(text: object) -> str:
    """Text fit for one Markdown table cell: one line, pipes escaped."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _table(head: tuple[str, ...], rows: list[tuple[object, ...]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return lines + [""]


def page(system: str) -> str:
    """The reference page of ``system`` (a registered ruleset id)."""
    ruleset: Any = registry.get(system)
    words = for_system(system)
    out = [f"# {system}: the rules as `solo` plays them", "",
           f"Book: {words.book}. Generated from the ruleset by `solo rules {system}`; the book is the",
           "authority, and each rule below names the section where it says it.", ""]
    if words.outcomes:
        out += ["## Results of a roll", ""]
        out += _table(("result", "shown as", "what it means"),
                      [(k, v, words.meanings.get(k, "")) for k, v in words.outcomes.items()])
    if words.rules:
        out += ["## Rules", ""]
        out += _table(("rule", "how the engine plays it", "book"),
                      [(r.title, r.text, r.source) for r in words.rules.values()])
    options = ruleset.cli_options
    if options:
        out += ["## What a roll reads (`solo odds` options)", ""]
        out += _table(("option", "meaning"), [(f"--{k}", v) for k, v in options.items()])
    params = names(ruleset, "check_params")
    if params:
        out += ["## Check and contest parameters in an adventure file", "",
                ", ".join(f"`{p}`" for p in params), ""]
    for name in procedures(ruleset):
        rules = conflict_rules(ruleset, name)
        if rules is None:
            continue
        out += [f"## Conflict: `{name}`", "", _cell(rules.summary), "",
                f"Results: {', '.join(rules.results)}. "
                f"Behaviours of the other side: {', '.join(rules.behaviours) or 'none'}"
                + (f" (default {rules.behaviours[0]})." if rules.behaviours else "."), ""]
        if rules.parameters:
            out += _table(("parameter", "meaning"), [(f"`{k}`", v) for k, v in rules.parameters.items()])
    optional = house_rules.for_system(system)
    out += ["## House rules (off unless an adventure names them in `house_rules`)", ""]
    if optional:
        out += _table(("name", "title", "what it changes"), [(f"`{r.name}`", r.title, r.text) for r in optional])
    else:
        out += ["None: every rule is the book's.", ""]
    if words.terms:
        out += ["## Terms", ""]
        out += _table(("term", "meaning"), list(words.terms))
    return "\n".join(out).rstrip() + "\n"
