"""Checks of scenes, choices, checks and contests: targets, outcome labels, stats and parameters."""

from __future__ import annotations

import difflib
from typing import Any, Mapping

from solo.adventure import model
from solo.adventure.conflict_checks import check_conflict
from solo.adventure.expressions import ExpressionError, parse
from solo.adventure.validate.codes import Path_
from solo.adventure.validate.effect_checks import EffectChecks
from solo.adventure.validate.names import _did_you_mean, _names_with_halves, _norm
from solo.rules.base import Character, RulesError, TurnsLosses, hook, names


class SceneChecks(EffectChecks):
    """Scenes, their choices and the checks and contests on them. Builds on :class:`EffectChecks`."""

    # scenes, choices and checks -------------------------------------------------------------------
    def check_scenes(self) -> None:
        for scene in self.scenes.values():
            if scene.ending is not None and scene.choices:
                self.warning("ending-with-choices", scene.path + ("choices",),
                             f"scene {scene.id!r} is an ending, so its choices are never offered",
                             "remove the choices or the ending", key=True)
            for choice in scene.choices:
                if choice.goto is not None:
                    self._scene_ref(choice.goto, choice.path + ("goto",), "goto")
                if choice.check is not None:
                    self.check_check(choice, choice.check)
            if scene.conflict is not None:
                check_conflict(self, scene)

    def check_size_branches(self, spec: model.CheckSpec) -> None:
        """A branch keyed by an outcome size (Humanity, Blessed ``minor``) is taken only for a roll
        whose own label has no branch (the label's branch comes first: format/branches.py), so
        beside a branch for every label the system gives this kind of roll it is never taken."""
        if self.ruleset is None or not self.size_labels:
            return
        given = self.outcome_labels
        if spec.kind == "contest":
            given += tuple(x for x in names(self.ruleset, "contest_labels") if x not in given)
        if not given or any(label not in spec.outcomes for label in given):
            return
        for label in spec.outcomes:
            if label in self.size_labels and label not in given:
                self.warning("size-branch-never-taken", spec.path + ("outcomes", label),
                             f"outcome {label}: never taken, since {' and '.join(repr(g) for g in given)} "
                             "have their own branches, which come before a size's",
                             f"remove the {label!r} branch, or the label branch whose rolls it should "
                             "take (a size branch takes the rolls of a label that has no branch)",
                             key=True)

    def check_check(self, choice: model.Choice, spec: model.CheckSpec) -> None:
        for label, branch in spec.outcomes.items():
            if branch.goto is not None:
                self._scene_ref(branch.goto, branch.path + ("goto",), f"outcome {label}")
            self.template(branch.text, branch.path + ("text",))
            if branch.lesser is not None:
                self.template(branch.lesser.text, branch.lesser.path + ("text",))
            labels = self.contest_labels if spec.kind == "contest" else self.labels
            if self.ruleset is not None and label not in labels:
                close = difflib.get_close_matches(label, labels, n=1)
                self.error("unknown-outcome", spec.path + ("outcomes", label),
                           f"the {self.adv.system} system has no {spec.kind} outcome {label!r}",
                           f"did you mean {close[0]!r}?" if close else f"its {spec.kind} outcomes: {', '.join(labels)}",
                           key=True)
        self.check_size_branches(spec)
        if spec.kind == "contest":
            self.check_opponent(spec)
            self.check_lesser(spec)
        if spec.assist is not None:
            npc = self.adv.npcs.get(spec.assist)
            if npc is None:
                self.error("unknown-npc", spec.path + ("assist",), f"assist: no NPC called {spec.assist!r}",
                           _did_you_mean(spec.assist, self.adv.npcs))
            elif not npc.companion:
                self.error("assist-not-companion", spec.path + ("assist",),
                           f"assist: {spec.assist!r} is not a companion, so cannot assist",
                           "add `companion: true` to the NPC")
        if self.ruleset is not None:
            self.check_npc_params(spec)
            self.check_item_params(spec)
            self.check_stats(choice, spec)

    def check_opponent(self, spec: model.CheckSpec) -> None:
        if spec.opponent is None:
            self.error("contest-without-opponent", spec.path, "a contest needs an opponent",
                       "add `opponent:` with an NPC id", key=True)
            return
        npc = self.adv.npcs.get(spec.opponent)
        if npc is None:
            self.error("unknown-npc", spec.path + ("opponent",), f"opponent: no NPC called {spec.opponent!r}",
                       _did_you_mean(spec.opponent, self.adv.npcs, also="declare it under npcs:"))
            return
        wanted = spec.params.get("opponent_stat", spec.stat)
        for stat in ([wanted] if isinstance(wanted, str) else list(wanted or ())):
            if _norm(stat) not in _names_with_halves(npc.stats) and _norm(stat) not in self.system_stats:
                self.warning("opponent-lacks-stat", spec.path + ("opponent",),
                             f"the opponent {npc.id!r} has no {stat!r}",
                             f"add {stat} to its stats, or set opponent_stat")

    def check_lesser(self, spec: model.CheckSpec) -> None:
        """A losing branch's ``lesser`` form is one the system's rules can reach (a contest it may
        turn a loss in, a branch that is a loss); a contest that a pregenerated character could
        turn has one on each losing branch."""
        turns = hook(self.ruleset, TurnsLosses)
        may = turns is not None and turns.turns_losses(spec.params)
        for label, branch in spec.outcomes.items():
            if branch.lesser is None:
                continue
            if not may:
                self.warning("lesser-never-used", branch.lesser.path,
                             f"outcome {label}: no rule of the {self.adv.system} system turns this contest's loss "
                             "on the opponent, so its lesser form is never used",
                             "remove `lesser`, or see which contests an ability answers in docs/format.md", key=True)
            elif self.ruleset.is_success(label):
                self.warning("lesser-never-used", branch.lesser.path,
                             f"outcome {label} is a win, so its lesser form is never used",
                             "put `lesser` on the losing branch", key=True)
        if not may or turns is None:
            return
        who = [person.id for person, character in self.pregens
               if character is not None and turns.turns_losses(spec.params, character)]
        if not who:
            return
        for label, branch in spec.outcomes.items():
            if branch.lesser is None and not self.ruleset.is_success(label):
                self.warning("no-lesser", branch.path,
                             f"outcome {label}: {', '.join(who)} may turn this loss on the opponent, "
                             "but the branch says nothing of what the opponent gets",
                             "add `lesser: {text: ..., effects: [...]}` to the branch: a less severe "
                             "version of it, for the opponent", key=True)

    def _guards(self, choice: model.Choice) -> set[str]:
        """Stats the choice's `if` asks about with stat() or chance()."""
        if choice.condition is None:
            return set()
        try:
            calls = parse(choice.condition).calls()
        except ExpressionError:
            return set()
        return {_norm(args[0]) for name, args in calls
                if name in ("stat", "chance") and len(args) == 1 and isinstance(args[0], str)}

    def _admitted(self, choice: model.Choice) -> list[int]:
        """The pregenerated characters (by index) who can meet the choice: all of them, less those
        its `if` shuts out by ``character.id`` (a pregen-only choice is checked for its pregens)."""
        everyone = list(range(len(self.pregens)))
        if choice.condition is None:
            return everyone
        try:
            ids = parse(choice.condition).admits("character.id", [p.id for p, _ in self.pregens])
        except ExpressionError:
            return everyone
        return [i for i in everyone if self.pregens[i][0].id in ids] or everyone  # none: said elsewhere

    def check_stats(self, choice: model.Choice, spec: model.CheckSpec) -> None:
        stats: list[tuple[str, tuple[Any, ...]]]
        if isinstance(spec.stat, str):  # "gumption+piloting" adds two, like a list
            stats = [(part.strip(), ("stat",)) for part in spec.stat.split("+")]
        else:
            stats = [(s, ("stat", n)) for n, s in enumerate(spec.stat or ()) if isinstance(s, str)]
        owners = self._admitted(choice)
        for stat, step in stats:
            at = spec.path + step
            wanted = _norm(stat)
            if not wanted:
                continue
            if wanted in self.system_stats:
                continue
            having = [i for i in self._admitted(choice) if self._has_stat(i, stat)]
            owners = [i for i in owners if i in having]
            if not having:
                severity = self.error if self.pregens else self.warning
                severity("unknown-stat", at,
                         f"{stat!r} is not a stat of the {self.adv.system} system"
                         + (" nor of any pregenerated character" if self.pregens else ""),
                         _did_you_mean(stat, self.all_stats))
            elif len(having) < len(self._admitted(choice)) and wanted not in self._guards(choice):
                missing = [self.pregens[i][0].id for i in self._admitted(choice) if i not in having]
                self.warning("stat-not-on-every-character", at,
                             f"{stat!r} is not a stat of {', '.join(missing)}",
                             f'guard the choice with if: stat("{stat}") > 0, or give every character {stat}')
        self.check_params(spec, owners if stats else [])

    def _foreign_params(self, spec: model.CheckSpec) -> None:
        """A field the schema knows from another system (an opponent's action points on a dice-pool
        contest) that this system would silently ignore: named, with the fields it does read.
        Only for a system that declares its fields (``check_params``)."""
        from solo.adventure.schema import COMMON_ROLL_FIELDS

        declared = names(self.ruleset, "check_params")
        if not declared:
            return
        known = set(COMMON_ROLL_FIELDS) | set(declared)
        for key in spec.params:
            if key not in known:
                self.error("unknown-field", spec.path + (key,),
                           f"{key}: the {self.adv.system} system does not read it on a {spec.kind}",
                           f"another system's field; {self.adv.system} reads: {', '.join(sorted(declared))}")

    def check_item_params(self, spec: model.CheckSpec) -> None:
        """Parameters the system reads as items (``item_params``) name items of the file."""
        for name in names(self.ruleset, "item_params"):
            value = spec.params.get(name)
            ids = value if isinstance(value, list) else [] if value is None else [value]
            for index, item in enumerate(ids):
                at = spec.path + ((name, index) if isinstance(value, list) else (name,))
                self._item_ref(item, at, name)

    def check_npc_params(self, spec: model.CheckSpec) -> None:
        """Parameters the system reads as NPCs (``npc_params``) name NPCs of the file: companions,
        except for a parameter of the opponent's side (``opponent_...``)."""
        for name in names(self.ruleset, "npc_params"):
            value = spec.params.get(name)
            ids = value if isinstance(value, list) else [] if value is None else [value]
            for index, npc_id in enumerate(ids):
                at = spec.path + ((name, index) if isinstance(value, list) else (name,))
                npc = self.adv.npcs.get(npc_id) if isinstance(npc_id, str) else None
                if npc is None:
                    self.error("unknown-npc", at, f"{name}: no NPC called {npc_id!r}",
                               _did_you_mean(npc_id, self.adv.npcs))
                elif name.startswith("opponent_"):  # the opponent's side: not companions
                    if npc_id == spec.opponent:
                        self.error("bad-check", at, f"{name}: {npc_id!r} is the opponent, who rolls already",
                                   "list only the others who roll with the opponent")
                elif not npc.companion:
                    self.error("assist-not-companion", at,
                               f"{name}: {npc_id!r} is not a companion, so cannot act with the character",
                               "add `companion: true` to the NPC")

    def check_params(self, spec: model.CheckSpec, owners: list[int]) -> None:
        self._foreign_params(spec)
        params = dict(spec.params)
        for name in names(self.ruleset, "npc_params"):
            if params.get(name):
                known = self.adv.npc_characters(params[name], self.ruleset.prepare_character)
                params[name] = [c for c in known if isinstance(c, Character)]  # the rest: unknown-npc
        if spec.assist and spec.assist in self.adv.npcs:
            level = self.adv.npcs[spec.assist].stats.get(spec.stat) if isinstance(spec.stat, str) else None
            if isinstance(level, int) and not isinstance(level, bool):
                params["assist_dice"] = level
        characters: list[tuple[int | None, Character | None]] = [
            (i, self.pregens[i][1]) for i in owners if self.pregens[i][1] is not None]
        if not self.pregens:
            characters = [(None, None)]
        written = repr(params)  # plain YAML values: equal texts are equal parameters
        seen: set[str] = set()
        for index, character in characters:
            refusal = self._refusal(written, params, index, character)
            if refusal is not None and refusal[0] not in seen:
                message, param = refusal
                seen.add(message)
                at = _param_path(spec, param)
                self.error("bad-check", at or spec.path, message,
                           "see the check parameters of the system in docs/authoring.md", key=at is None)

    def _refusal(self, written: str, params: dict[str, Any], index: int | None,
                 character: Character | None) -> tuple[str, Any] | None:
        """Why the system refuses the check's parameters for a pregenerated character, and the
        parameter at fault if it says (``None`` when it accepts them). The system is asked once
        per distinct parameters and character, since big adventures repeat the same few checks
        in scene after scene."""
        key = (written, index)
        if key not in self.refusals:
            try:
                self.ruleset.parse_check(params, character)
            except RulesError as exc:
                self.refusals[key] = (str(exc), getattr(exc, "param", None))
            except (TypeError, ValueError, KeyError, AttributeError) as exc:
                self.refusals[key] = (f"the {self.adv.system} rules cannot read this check ({exc})", None)
            else:
                self.refusals[key] = None
        return self.refusals[key]


def _param_path(spec: model.CheckSpec, param: Any) -> Path_ | None:
    """Where in the file the check parameter ``param`` (a key, or a path into the parameters)
    is written; ``None`` when it is not written there (a default the system read)."""
    steps = tuple(param) if isinstance(param, (tuple, list)) else (param,)
    if param is None or not steps:
        return None
    value: Any = spec.params
    for step in steps:
        if isinstance(value, Mapping) and step in value:
            value = value[step]
        elif isinstance(value, (list, tuple)) and isinstance(step, int) and 0 <= step < len(value):
            value = value[step]
        else:
            return None
    return spec.path + steps
