"""The one checker: a pass over an adventure that collects problems and what is used where.

:class:`Checker` holds the adventure, its document and what the pass has learnt (the ruleset, the
names read and written...), reports problems at ``file:line:col``, and runs every kind of check:
its own (ids, the game system, characters), its mixins' (expressions, effects, scenes and checks,
tables, the graph and usage) and the checks of :mod:`~solo.adventure.conflict_checks`,
:mod:`~solo.adventure.loops`, :mod:`~solo.adventure.bounds` and :mod:`~solo.adventure.degree_checks`,
which take the checker as their argument.
"""

from __future__ import annotations

from typing import Any

from solo.adventure.bounds import check_bounds
from solo.adventure.degree_checks import check_degrees
from solo.adventure.loops import check_loops
from solo.adventure.problems import Problem
from solo.adventure.validate.codes import Path_
from solo.adventure.validate.names import _at_path, _did_you_mean
from solo.adventure.validate.usage_checks import UsageChecks
from solo.rules.base import Carries, RulesError, hook, names
from solo.rules.values import name_key


class Checker(UsageChecks):
    """One pass over an adventure, collecting problems and what is used where: every kind of check."""

    # the whole run ---------------------------------------------------------------------------
    def run(self) -> list[Problem]:
        self.check_ids()
        self.load_ruleset()
        self.check_people()
        self.check_texts_and_conditions()
        self.check_effect_sites()
        self.check_scenes()
        self.check_tables()
        self.check_graph()
        check_loops(self)
        check_bounds(self)
        check_degrees(self)
        self.check_usage()
        self.check_labels()
        return self.problems

    # texts and conditions ------------------------------------------------------------------------
    def check_texts_and_conditions(self) -> None:
        adv = self.adv
        self.template(adv.intro, ("intro",))
        for n, objective in enumerate(adv.objectives.values()):
            self.template(objective.text, objective.path + ("text",))
            if objective.when is not None:
                self.expression(objective.when, objective.path + ("when",))
            if objective.award:
                self._check_award(objective.award, objective.path + ("award",))
        for hook in adv.hooks:
            if hook.when is not None:
                self.expression(hook.when, hook.path + ("when",))
        for clock in adv.clocks.values():
            if clock.until is not None:
                self.expression(clock.until, clock.path + ("until",))
        if adv.defeated is not None:
            self.template(adv.defeated.text, ("defeated", "text"))
            if adv.defeated.goto is not None:
                self._scene_ref(adv.defeated.goto, ("defeated", "goto"), "defeated")
        for scene in self.scenes.values():
            self.template(scene.text, scene.path + ("text",))
            if scene.ending is not None:
                self.template(scene.ending.summary, scene.path + ("ending", "summary"))
            for choice in scene.choices:
                self.template(choice.text, choice.path + ("text",))
                if choice.condition is not None:
                    self.expression(self._raw(choice.path + ("if",), choice.condition), choice.path + ("if",))
                if choice.disabled:
                    self.template(choice.disabled, choice.path + ("disabled",))
                    if choice.condition is None:
                        self.warning("disabled-without-if", choice.path + ("disabled",),
                                     "`disabled` text is only shown when the choice's `if` fails, and it has no `if`",
                                     "add an `if:` condition or remove `disabled:`", key=True)

    def _raw(self, path: Path_, fallback: Any) -> Any:
        """The value as written (``if: true`` is a boolean in YAML), for expressions."""
        if self.doc is None or (isinstance(fallback, str) and fallback not in ("True", "False")
                                and not fallback.lstrip("+-").isdigit()):
            return fallback  # text that no boolean or number turns into: as written
        value = _at_path(self.doc.data, path)
        return value if isinstance(value, (str, bool, int)) else fallback

    # ids ---------------------------------------------------------------------------------------
    def check_ids(self) -> None:
        data = self.doc.data if self.doc is not None and isinstance(self.doc.data, dict) else {}
        for section in ("characters", "npcs", "items", "objectives"):
            seen: dict[str, int] = {}
            for n, entry in enumerate(data.get(section) or ()):
                if not isinstance(entry, dict) or "id" not in entry:
                    continue
                ident = str(entry["id"])
                if ident in seen:
                    line, _ = self.where((section, seen[ident], "id"))
                    self.error("duplicate-id", (section, n, "id"), f"{section}: the id {ident!r} is used twice",
                               f"the first is at line {line}; ids must be unique")
                else:
                    seen[ident] = n
        start = self.adv.start
        if start not in self.scenes:
            self.error("unknown-scene", ("start",), f"start: no scene called {start!r}",
                       _did_you_mean(start, self.scenes))

    def check_people(self) -> None:
        self.check_npc_conditions()
        for n, person in enumerate(self.adv.characters):
            for j, item in enumerate(person.items):
                self._item_ref(item, ("characters", n, "items", j), f"{person.id}'s items")
            if self.ruleset is None:
                continue
            try:
                character = self.ruleset.prepare_character(self._character(person))
                # a pregenerated character must be legal, but may be more seasoned than a brand-new
                # one (the GUTS+ book's own sample crew spends five creation points, not three)
                self.ruleset.validate_character(character, creation=False)
            except RulesError as exc:
                self.error("illegal-character", ("characters", n), f"character {person.id!r}: {exc}",
                           "pregenerated characters must be legal characters of the system")
                continue
            except (TypeError, ValueError, KeyError, AttributeError) as exc:
                self.error("illegal-character", ("characters", n),
                           f"character {person.id!r}: the {self.adv.system} rules cannot read it ({exc})")
                continue
            counts = hook(self.ruleset, Carries)  # a system that counts items
            reason = counts.carrying(character, {i: item.rules for i, item in self.adv.items.items()}) \
                if counts is not None else None
            if reason:
                self.error("illegal-character", ("characters", n, "items"), f"character {person.id!r}: {reason}",
                           "mark what the character wears with rules: {worn: true} on the item, or carry less",
                           key=True)

    def check_npc_conditions(self) -> None:
        """The conditions characters and NPCs start with are shown to players; an NPC's must be
        one its rules read on an NPC (the ruleset's ``npc_conditions``): any other does nothing."""
        for npc, people in ((False, self.adv.characters), (True, self.adv.npcs.values())):
            for person in people:
                for j, name in enumerate(person.conditions):
                    at = tuple(person.path) + ("conditions", j)
                    self.shown_names.append(("condition", name, at))
                    if npc and self.ruleset is not None:
                        self._npc_condition(person.id, name, at)

    def _npc_condition(self, npc: str, name: str, at: Path_) -> None:
        readable = names(self.ruleset, "npc_conditions")
        kind = name_key(name.partition(":")[0], keep_punctuation=True, fold_accents=True)
        if kind in {name_key(k, keep_punctuation=True, fold_accents=True) for k in readable}:
            return
        if not readable:
            self.error("npc-condition", at, f"npc {npc!r}: the {self.adv.system} rules read no condition on an NPC",
                       "remove `conditions:` from the npc")
            return
        self.error("npc-condition", at, f"npc {npc!r}: condition {name!r} is not one the {self.adv.system} rules "
                   "read on an NPC", _did_you_mean(name.partition(":")[0], readable))
