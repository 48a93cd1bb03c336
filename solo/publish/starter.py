"""A starting adventure file for a chosen game system (``solo new adventure FILE --system ID``).

The file is small and complete: the schema header, one pregenerated character built by the
system's own creation rules (:func:`solo.rules.creation.draft`, so it is legal by construction),
a check with that system's difficulty parameter (its ``starter_param``), a line for a better
result where the system reads rolls in degrees (its ``starter_condition``) and a branch for a
worse failure where it reads one (Loose and Fuzzy's ``critical-failure``), an objective and two
endings. It validates and plays as written; the author edits it from there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from solo.errors import SoloError



class StarterError(SoloError, ValueError):
    """The starting file cannot be written (an unknown system, a file already there)."""


def slug(text: str) -> str:
    """An adventure id from a file name: lower case, words joined by dashes."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(words) or "my-adventure"


def _flow(value: Any) -> str:
    """A YAML flow value (JSON is YAML): quoted strings, so stat names like ``Hack/Slash`` stay safe."""
    return json.dumps(value, ensure_ascii=False)


def pregen(system: str, name: str = "Ash Vale") -> dict[str, Any]:
    """A legal starting character of ``system``, as the fields of an adventure's ``characters`` entry."""
    from solo.rules import registry
    from solo.rules.creation import draft

    made = draft(registry.get(system), name).character()
    record: dict[str, Any] = {"stats": made.stats}
    if made.resources:
        record["resources"] = made.resources
    if made.extra:
        record["extra"] = made.extra
    return record


def check_stat(system: str, stats: dict[str, Any]) -> str:
    """The stat the sample check rolls: the system's first core stat the character has."""
    from solo.rules import registry

    for name in registry.get(system).stat_names:
        if name in stats:
            return name
    return next(iter(stats))


def starter_text(system: str, adventure_id: str, title: str) -> str:
    """The text of a starting adventure for ``system``."""
    from solo.rules import registry
    from solo.rules.base import StarterCondition, StarterParam, hook

    ruleset = registry.get(system)
    character = pregen(system)
    stat = check_stat(system, character["stats"])
    own_param = hook(ruleset, StarterParam)
    parameter = own_param.starter_param if own_param is not None else None
    parameter_line = f"\n          {parameter[0]}: {parameter[1]}" if parameter else ""
    extra_lines = "".join(f"\n    {key}: {_flow(value)}" for key, value in character.items() if key != "stats")
    own_condition = hook(ruleset, StarterCondition)
    condition = own_condition.starter_condition if own_condition is not None else None
    degree_lines = f"""
              effects:
                - if:
                    when: {_flow(condition)}
                    then:
                      - text: It snaps so cleanly that nobody on the other side hears a thing.""" if condition else ""
    worse_lines = _worse_failure_lines(ruleset)
    return f"""\
# yaml-language-server: $schema=adventure.schema.json
# A starting adventure made by `solo new adventure`. Check it with `solo validate {adventure_id}.yaml`,
# play it with `solo play FILE --watch` while you edit, and see docs/authoring.md for every field.
format: 1
id: {adventure_id}
title: {_flow(title)}
system: {system}
summary: >
  One locked gate, one character, two ways it can end. Replace this with your own story.
start: gate
characters:
  # Built by the {system} creation rules; `solo validate` checks any change you make.
  - id: hero
    name: Ash Vale
    description: The one who has to get through the gate before dark.
    stats: {_flow(character["stats"])}{extra_lines}
objectives:
  - id: through
    text: Get through the gate before dark
scenes:
  gate:
    title: The Gate
    text: |
      The road ends at an iron gate, shut and chained. The sun is low.
    choices:
      - text: Force the chain
        check:
          stat: {_flow(stat)}{parameter_line}
          outcomes:
            success:
              text: The chain gives way with a crack.{degree_lines}
              goto: beyond
            failure:
              text: The chain holds, and your hands ache.{worse_lines}
      - text: Give up and walk home
        goto: home
  beyond:
    title: Beyond the Gate
    text: |
      The gate swings open onto a quiet garden.
    on_enter: [{{complete: through}}]
    ending: {{outcome: victory, summary: "You made it through before dark."}}
  home:
    title: The Long Walk Home
    text: |
      You turn back. The gate will still be there tomorrow.
    ending: {{outcome: defeat, summary: "You went home with the gate still shut."}}
"""


def _worse_failure_lines(ruleset: Any) -> str:
    """A ``critical-failure`` branch for a system that reads a failure made worse by its degree
    (Loose and Fuzzy's double ones), so the sample check says what that costs too."""
    from solo.adventure.degree_checks import WORSE_FAILURE, degrees

    read = degrees(ruleset)
    if read is None or WORSE_FAILURE not in read[0]:
        return ""
    return f"""
            {WORSE_FAILURE}:
              text: The chain holds, and a link snaps back across your knuckles; it will be a while before they close."""


def write_starter(path: str | Path, system: str, *, force: bool = False) -> Path:
    """Write a starting adventure for ``system`` at ``path``; never replace a file unless ``force``."""
    from solo.rules import registry

    if system not in registry.available():
        known = ", ".join(sorted(registry.available()))
        raise StarterError(f"no game system called {system!r} (known: {known})")
    target = Path(path)
    if target.suffix not in (".yaml", ".yml"):
        raise StarterError(f"{target}: an adventure file name ends in .yaml")
    if target.exists() and not force:
        raise StarterError(f"{target} already exists (use --force to replace it)")
    stem = slug(target.stem)
    title = " ".join(word.capitalize() for word in stem.split("-"))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(starter_text(system, stem, title), encoding="utf-8")
    return target
