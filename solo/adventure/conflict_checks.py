"""What `solo validate` checks in a scene's ``conflict``: that the rules can run it and it ends.

A conflict is checked in two layers. This module checks what every system shares: the procedure
exists for the adventure's system, its opponents and companions are declared npcs, behaviours
and parameters are ones the procedure knows, every end branch names a result the conflict can
actually reach, and whatever the result, the player is never left in a scene without a way on.
Then the procedure itself (:meth:`solo.rules.conflict.ConflictRules.problems`) says what its
rules need: an opponent missing a stat the procedure rolls, a zone that does not exist, a
number line too short... once for each pregenerated character, since the player's side is part
of the setup. Every problem is located at the key or value at fault.

A conflict always ends: the engine stops it after ``rounds`` rounds (default 20, at most 100)
with the ``at_limit`` result, so the only way one "never ends" is a result nobody branches on,
and that is what the dead-end check here catches.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from solo.adventure import model
from solo.adventure.format import branches
from solo.adventure.scene_graph import branch_gotos
from solo.rules.base import Character, CreationDefaults, RulesError, hook
from solo.rules.conflict import (
    ALLY,
    ENEMY,
    PLAYER,
    ConflictRules,
    ConflictSetup,
    Fighter,
    conflict_rules,
    fallback,
    procedures,
)

if TYPE_CHECKING:
    from solo.adventure.validate.expression_checks import ExpressionChecks

CONFLICT_CODES: dict[str, str] = {
    "unknown-procedure": "a conflict names a procedure its game system does not have",
    "unknown-behaviour": "a conflict names a behaviour its procedure does not have",
    "unknown-parameter": "a conflict parameter its procedure does not read",
    "not-companion": "a conflict companion is not an npc with `companion: true`",
    "bad-conflict": "the procedure's rules cannot run the conflict as declared",
    "unreachable-result": "an end branch for a result the conflict can never reach",
    "conflict-dead-end": "a conflict result that leaves the player in a scene with no way on",
    "conflict-in-ending": "an ending scene's conflict is never run (warning)",
    "bad-item-rules": "an item's `rules:` that the adventure's conflict procedure cannot read",
    "conflict-caution": "a conflict the rules run but that plays badly for a character (warning)",
}


def _suggest(word: str, options: Any) -> str:
    options = [str(o) for o in options]
    close = difflib.get_close_matches(word, options, n=1)
    if close:
        return f"did you mean {close[0]!r}?"
    return f"one of: {', '.join(options)}" if options else ""


def _leads_on(branch: model.Branch | None) -> bool:
    """Whether a branch moves the player on (a goto, or an effect that goes somewhere)."""
    if branch is None:
        return False
    return any(True for _ in branch_gotos(branch))


def branch_for(spec: model.ConflictSpec, result: str, rules: Any = None) -> model.Branch | None:
    """The branch the engine takes when the conflict ends ``result`` (see :mod:`.format.branches`)."""
    return branches.conflict_branch(spec.outcomes, result, lambda label: fallback(rules, label))


def check_conflict(checker: "ExpressionChecks", scene: model.Scene) -> None:
    spec = scene.conflict
    assert spec is not None
    at = spec.path
    if scene.ending is not None:
        checker.warning("conflict-in-ending", at, f"scene {scene.id!r} is an ending, so its conflict never runs",
                        "move the conflict to the scene before the ending", key=True)
        return
    for label, branch in spec.outcomes.items():
        if branch.goto is not None:
            checker._scene_ref(branch.goto, branch.path + ("goto",), f"conflict result {label}")
        checker.template(branch.text, branch.path + ("text",))
    if spec.title:
        checker.template(spec.title, at + ("title",))
    people_known = _check_people(checker, spec)
    ruleset = checker.ruleset
    if ruleset is None:
        return
    rules = conflict_rules(ruleset, spec.procedure)
    if rules is None:
        offered = procedures(ruleset)
        checker.error("unknown-procedure", at + ("procedure",),
                      f"the {checker.adv.system} system has no conflict procedure {spec.procedure!r}",
                      _suggest(spec.procedure, offered) if offered else
                      f"the {checker.adv.system} system has no conflicts yet")
        return
    _check_names(checker, spec, rules)
    _check_items(checker, spec.procedure, rules)
    possible = _check_setups(checker, spec, rules) if people_known else set(rules.results)
    _check_results(checker, scene, spec, rules, possible)


def _check_items(checker: "ExpressionChecks", procedure: str, rules: ConflictRules) -> None:
    """Ask a procedure that reads items (its optional ``item_problems(rules)``, giving (key,
    message) pairs) about every item's ``rules:``, once per procedure the adventure uses; each
    problem points at the item's rule."""
    item_problems = getattr(rules, "item_problems", None)
    done = checker.item_rules_checked
    if item_problems is None or procedure in done:
        return
    done.add(procedure)
    for item in checker.adv.items.values():
        if not item.rules:
            continue
        for key, message in item_problems(item.rules):
            at = item.path + ("rules", key) if key in item.rules else item.path + ("rules",)
            checker.error("bad-item-rules", at, f"item {item.id!r}: {message}",
                          f"see the {checker.adv.system} {procedure} in docs/format.md")


def _check_people(checker: "ExpressionChecks", spec: model.ConflictSpec) -> bool:
    """Check the npcs a conflict names; False if one is unknown (the procedure is not asked)."""
    npcs = checker.adv.npcs
    known = True
    for opponent in spec.opponents:
        if opponent.npc not in npcs:
            path = opponent.path + ("npc",) if _is_mapping(checker, opponent.path) else opponent.path
            checker.error("unknown-npc", path, f"opponent: no NPC called {opponent.npc!r}",
                          _suggest(opponent.npc, npcs) or "declare it under npcs:")
            known = False
    for n, cid in enumerate(spec.companions):
        person = npcs.get(cid)
        path = spec.path + ("companions", n)
        if person is None:
            checker.error("unknown-npc", path, f"companions: no NPC called {cid!r}", _suggest(cid, npcs))
            known = False
        elif not person.companion:
            checker.error("not-companion", path, f"companions: {cid!r} is not a companion",
                          "add `companion: true` to the NPC, or put it among the opponents")
    return known


def _is_mapping(checker: "ExpressionChecks", path: tuple[Any, ...]) -> bool:
    data: Any = checker.doc.data if checker.doc is not None else None
    for step in path:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return False
    return isinstance(data, dict)


def _check_names(checker: "ExpressionChecks", spec: model.ConflictSpec, rules: ConflictRules) -> None:
    behaviours = tuple(rules.behaviours)
    if spec.behaviour is not None and spec.behaviour not in behaviours:
        checker.error("unknown-behaviour", spec.path + ("behaviour",),
                      f"the {spec.procedure} procedure has no behaviour {spec.behaviour!r}",
                      _suggest(spec.behaviour, behaviours))
    for opponent in spec.opponents:
        if opponent.behaviour is not None and opponent.behaviour not in behaviours:
            checker.error("unknown-behaviour", opponent.path + ("behaviour",),
                          f"the {spec.procedure} procedure has no behaviour {opponent.behaviour!r}",
                          _suggest(opponent.behaviour, behaviours))
    for name in spec.params:
        if name not in rules.parameters:
            checker.error("unknown-parameter", spec.path + ("params", name),
                          f"the {checker.adv.system} {spec.procedure} procedure has no parameter {name!r}",
                          _suggest(str(name), rules.parameters), key=True)
    results = tuple(rules.results)
    if spec.at_limit not in results:
        checker.error("unknown-outcome", spec.path + ("at_limit",),
                      f"at_limit: {spec.at_limit!r} is not a result of the {spec.procedure} procedure",
                      _suggest(spec.at_limit, results))
    for label in spec.outcomes:
        if label not in results:
            checker.error("unknown-outcome", spec.path + ("outcomes", label),
                          f"the {spec.procedure} procedure has no result {label!r}",
                          _suggest(label, results), key=True)


def _player_sides(checker: "ExpressionChecks") -> list[Character | None]:
    """The player characters to check a conflict with: each legal pregen, else one made by the
    system's creation defaults (if it has them)."""
    pregens: list[Character | None] = [character for _, character in checker.pregens if character is not None]
    if pregens:
        return pregens
    defaults = hook(checker.ruleset, CreationDefaults)
    if defaults is None:
        return [None]
    try:
        stats = defaults.creation_defaults()
        character = Character(name="Player", system=checker.adv.system, stats=dict(stats))
        return [checker.ruleset.prepare_character(character)]
    except (RulesError, TypeError, ValueError, KeyError, AttributeError):
        return [None]


def _fighters(checker: "ExpressionChecks", spec: model.ConflictSpec, rules: ConflictRules,
              player: Character) -> list[Fighter]:
    system = checker.adv.system
    default = spec.behaviour or (rules.behaviours[0] if rules.behaviours else "")
    fighters = [Fighter("player", PLAYER, player)]
    for cid in spec.companions:
        person = checker.adv.npcs.get(cid)
        if person is not None:
            fighters.append(Fighter(cid, ALLY, checker.ruleset.prepare_character(person.character(system)),
                                    behaviour=default, npc=cid))
    for opponent in spec.opponents:
        person = checker.adv.npcs.get(opponent.npc)
        if person is None:
            continue
        for n in range(1, opponent.count + 1):
            key = opponent.npc if opponent.count == 1 else f"{opponent.npc}-{n}"
            character = checker.ruleset.prepare_character(person.character(system))
            fighters.append(Fighter(key, ENEMY, character, group=opponent.group,
                                    behaviour=opponent.behaviour or default, npc=opponent.npc))
    return fighters


def _check_setups(checker: "ExpressionChecks", spec: model.ConflictSpec, rules: ConflictRules) -> set[str]:
    """Ask the procedure about the conflict with each player character; return the results it
    can reach with any of them."""
    adventure = checker.adv
    seen: set[str] = set()
    possible: set[str] = set()
    for player in _player_sides(checker):
        if player is None:
            possible.update(rules.results)
            continue
        try:
            fighters = _fighters(checker, spec, rules, player)
        except (RulesError, TypeError, ValueError, KeyError, AttributeError) as exc:
            checker.error("bad-conflict", spec.path, f"the {adventure.system} rules cannot read a fighter ({exc})",
                          key=True)
            return set(rules.results)
        setup = ConflictSetup(
            procedure=spec.procedure,
            fighters=fighters,
            params=spec.params,
            items={iid: item.rules for iid, item in adventure.items.items()},
            item_names={iid: item.name for iid, item in adventure.items.items()},
            rounds=spec.rounds,
            house_rules=frozenset(adventure.house_rules),
        )
        try:
            problems = rules.problems(setup)
            possible.update(rules.possible_results(setup))
        except (RulesError, TypeError, ValueError, KeyError, AttributeError) as exc:
            checker.error("bad-conflict", spec.path, f"the {adventure.system} rules cannot read this conflict ({exc})",
                          key=True)
            return set(rules.results)
        for problem in problems:
            message = problem.message
            if player.id and len(checker.pregens) > 1 and "player" in message.lower():
                message = f"{message} (with {player.id})"
            if message in seen:
                continue
            seen.add(message)
            if getattr(problem, "warning", False):
                checker.warning("conflict-caution", spec.path + tuple(problem.path), message, problem.hint,
                                key=_is_key(checker, spec.path + tuple(problem.path)))
                continue
            checker.error("bad-conflict", spec.path + tuple(problem.path), message, problem.hint,
                          key=_is_key(checker, spec.path + tuple(problem.path)))
    return possible


def _is_key(checker: "ExpressionChecks", path: tuple[Any, ...]) -> bool:
    """Point at a mapping's key when the problem is about a whole entry of a mapping."""
    return bool(path) and isinstance(path[-1], str) and path[-2:-1] == ("params",)


def _check_results(checker: "ExpressionChecks", scene: model.Scene, spec: model.ConflictSpec,
                   rules: ConflictRules, possible: set[str]) -> None:
    # a branch serves the results it names and those whose fallbacks lead to it (goal -> won)
    served = {id(b) for b in (branch_for(spec, r, rules) for r in possible | {spec.at_limit}) if b is not None}
    for label in spec.outcomes:
        if label in rules.results and id(spec.outcomes[label]) not in served:
            checker.error("unreachable-result", spec.path + ("outcomes", label),
                          f"this conflict can never end {label!r}, so the branch is never taken",
                          f"it can end: {', '.join(sorted(possible | {spec.at_limit}))}", key=True)
    if scene.choices:
        return
    for result in sorted(possible | {spec.at_limit}):
        if not _leads_on(branch_for(spec, result, rules)):
            checker.error("conflict-dead-end", spec.path + ("outcomes",) if spec.outcomes else spec.path,
                          f"if the conflict ends {result!r}, the player is left in scene {scene.id!r} "
                          "with no choices",
                          f"give the {result!r} branch"
                          + (f" (or the {fallback(rules, result)!r} branch)" if fallback(rules, result) else "")
                          + " a goto, or give the scene choices", key=True)
