"""Checks of effects: each effect of the format (:mod:`solo.adventure.format.effects`) by its handler."""

from __future__ import annotations

from typing import Any, Callable, Iterator, Mapping, Sequence

from solo.adventure import model
from solo.adventure.expressions import ExpressionError, parse
from solo.adventure.validate.codes import Path_
from solo.adventure.validate.expression_checks import ExpressionChecks
from solo.adventure.validate.names import _did_you_mean, _norm, _short
from solo.adventure.yaml_source import Document
from solo.rules.base import Character, ChecksAwards, Heals, Injures, PassesTime, Rests, RulesError, hook


class EffectChecks(ExpressionChecks):
    """Effects, wherever they are written. Builds on :class:`ExpressionChecks`."""

    def __init__(self, adventure: model.Adventure, document: Document | None,
                 text: str | Callable[[], str | None] | None) -> None:
        super().__init__(adventure, document, text)
        self.effect_handlers: dict[str, Callable[[Any, Path_], None]] = {
            "set": self._fx_set,
            "add": self._fx_add,
            "tick": self._fx_tick,
            "give": self._fx_give,
            "take": self._fx_take,
            "complete": self._fx_complete,
            "award": self._fx_award,
            "condition": self._fx_condition,
            "clear": self._fx_nothing,
            "injury": self._fx_injury,
            "heal": self._fx_heal,
            "advance": self._fx_advance,
            "rest": self._fx_rest,
            "table": self._fx_table,
            "text": self._fx_text,
            "goto": self._fx_goto,
            "if": self._fx_if,
            "reveal": self._fx_reveal,
        }

    # effects -------------------------------------------------------------------------------------
    def effect_sites(self) -> Iterator[tuple[Sequence[Mapping[str, Any]], Path_]]:
        adv = self.adv
        # empty lists are skipped: most sites have no effects, and their paths need not be built
        for scene in self.scenes.values():
            if scene.on_enter:
                yield scene.on_enter, scene.path + ("on_enter",)
            for choice in scene.choices:
                if choice.effects:
                    yield choice.effects, choice.path + ("effects",)
                if choice.check is not None:
                    for branch in choice.check.outcomes.values():
                        if branch.effects:
                            yield branch.effects, branch.path + ("effects",)
                        if branch.lesser is not None and branch.lesser.effects:
                            yield branch.lesser.effects, branch.lesser.path + ("effects",)
            if scene.conflict is not None:
                for branch in scene.conflict.outcomes.values():
                    if branch.effects:
                        yield branch.effects, branch.path + ("effects",)
        for table in adv.tables.values():
            for branch in table.rows.values():
                if branch.effects:
                    yield branch.effects, branch.path + ("effects",)
        for hook in adv.hooks:
            if hook.effects:
                yield hook.effects, hook.path + ("effects",)
        if adv.defeated is not None and adv.defeated.effects:
            yield adv.defeated.effects, adv.defeated.path + ("effects",)
        for clock in adv.clocks.values():
            if clock.filled:
                yield clock.filled, clock.path + ("filled",)

    def check_effect_sites(self) -> None:
        for effects, path in self.effect_sites():
            self.effects(effects, path)

    def effects(self, effects: Sequence[Mapping[str, Any]], path: Path_) -> None:
        for n, effect in enumerate(effects or ()):
            if type(effect) is not dict and not isinstance(effect, Mapping):
                continue
            for name, value in effect.items():
                handler = self.effect_handlers.get(name)
                if handler is not None:
                    handler(value, path + (n, name))

    def _value(self, name: str, value: Any, path: Path_) -> str | None:
        """The kind of a set/add value: "bool", "int" or "expr" (checked), or None when unusable."""
        if isinstance(value, bool):
            return "bool"
        if isinstance(value, int):
            return "int"
        if isinstance(value, str) and value.startswith("="):
            self._set_expression(value, path)
            return "expr"
        return None

    def _set_expression(self, value: str, path: Path_) -> None:
        text = value[1:]
        try:
            expr = parse(text)
        except ExpressionError as exc:
            at = 1 + ((exc.column - 1) if exc.column else 0)
            self.error("expression-syntax", self.inside(path, value, at), f"in `{_short(text)}`: {exc.message}",
                       exc.hint or "")
            return
        self._names(expr, path, value, 1)

    def _fx_set(self, value: Any, path: Path_) -> None:
        for name, v in (value or {}).items():
            kind = self.variables.get(name)
            at = path + (name,)
            if kind is None:
                self.error("undeclared-variable", at, f"set: {name!r} is not a declared variable",
                           _did_you_mean(name, self.variables, also="declare it under variables:"), key=True)
                self._value(name, v, at)
                continue
            self.written.add(name)
            if kind == "clock":
                self.ticked.add(name)
            got = self._value(name, v, at)
            if got is None:
                self.error("wrong-kind", at, f"set: {name!r} cannot be set to the text {_short(v)!r}",
                           "write a value (true, false, a number) or an expression starting with '='")
            elif kind == "flag" and got == "int":
                self.error("wrong-kind", at, f"set: {name!r} is a flag, so it is true or false, not {v!r}")
            elif kind in ("counter", "clock") and got == "bool":
                self.error("wrong-kind", at, f"set: {name!r} is a {kind}, so it holds a number, not {v!r}")

    def _fx_add(self, value: Any, path: Path_) -> None:
        for name, v in (value or {}).items():
            kind = self.variables.get(name)
            at = path + (name,)
            if kind is None:
                self.error("undeclared-variable", at, f"add: {name!r} is not a declared counter",
                           _did_you_mean(name, self.variables, also="declare it under variables: counters"), key=True)
            elif kind == "flag":
                self.error("wrong-kind", at, f"add: {name!r} is a flag; only counters and clocks can be added to",
                           f"use set: {{{name}: true}}", key=True)
            else:
                self.written.add(name)
                if kind == "clock":
                    self.ticked.add(name)
            got = self._value(name, v, at)
            if got in (None, "bool"):
                self.error("wrong-kind", at, f"add: {name!r} needs a whole number to add, not {v!r}")

    def _fx_tick(self, value: Any, path: Path_) -> None:
        amounts = {value: 1} if isinstance(value, str) else dict(value or {})
        for name in amounts:
            at = path if isinstance(value, str) else path + (name,)
            kind = self.variables.get(name)
            if kind == "clock":
                self.ticked.add(name)
            elif kind is not None:
                self.error("wrong-kind", at, f"tick: {name!r} is a {kind}, not a clock",
                           f"use add: {{{name}: 1}}" if kind == "counter" else "use set:",
                           key=not isinstance(value, str))
            else:
                self.error("unknown-clock", at, f"tick: no clock called {name!r}",
                           _did_you_mean(name, self.adv.clocks, also="declare it under variables: clocks"),
                           key=not isinstance(value, str))

    def _items(self, value: Any, path: Path_) -> Iterator[tuple[str, Path_]]:
        if isinstance(value, str):
            yield value, path
        else:
            for n, item in enumerate(value or ()):
                yield item, path + (n,)

    def _fx_give(self, value: Any, path: Path_) -> None:
        for item, at in self._items(value, path):
            if self._item_ref(item, at, "give"):
                self.given.add(item)

    def _fx_take(self, value: Any, path: Path_) -> None:
        for item, at in self._items(value, path):
            self._item_ref(item, at, "take")

    def _fx_complete(self, value: Any, path: Path_) -> None:
        for oid, at in self._items(value, path):
            if oid in self.adv.objectives:
                self.completed.add(oid)
            else:
                self.error("unknown-objective", at, f"complete: no objective called {oid!r}",
                           _did_you_mean(oid, self.adv.objectives, also="declare it under objectives:"))

    def _fx_injury(self, value: Any, path: Path_) -> None:
        if self.ruleset is not None and hook(self.ruleset, Injures) is None:
            self.error("unsupported-effect", path, f"injury: the {self.adv.system} system has no body parts to injure",
                       "use condition: or a counter instead", key=True)

    def _fx_heal(self, value: Any, path: Path_) -> None:
        if self.ruleset is not None and hook(self.ruleset, Heals) is None:
            self.error("unsupported-effect", path, f"heal: the {self.adv.system} system has no body parts to heal",
                       "use clear: or a counter instead", key=True)

    def _fx_advance(self, value: Any, path: Path_) -> None:
        if self.ruleset is None or not self.pregens:
            return
        sold: set[str] = set()
        for _, character in self.pregens:
            if character is None:
                continue
            try:
                sold.update(option.key for option in self.ruleset.advancement(character))
            except (RulesError, TypeError, ValueError, KeyError, AttributeError):
                continue
        if not sold:
            return
        kinds = sorted({key.partition(":")[0] for key in sold})
        for written, at in self._items(value, path):
            key = str(written).split("+", 1)[0]  # "stat:hand+move:head>heart": adjustments ride along
            kind = key.partition(":")[0]
            if key in sold or kind in sold:  # a bare kind ("new") takes any name
                continue
            if kind not in kinds:
                self.error("bad-advance", at, f"advance: the {self.adv.system} system sells no {kind!r}",
                           _did_you_mean(kind, kinds) or f"it sells: {', '.join(kinds)}")
            elif not any(_norm(str(key)) == _norm(k) for k in sold):
                example = next((k for k in sorted(sold) if k.startswith(kind + ":")), sorted(sold)[0])
                self.error("bad-advance", at, f"advance: no pregenerated character can take {key!r}",
                           f"`solo character show` lists what a character can buy, such as {example}")

    def _check_award(self, value: Any, path: Path_) -> None:
        """Each award as the system would give it, to each pregenerated character (the
        system's ``check_award``); without that hook only whole numbers are given."""
        if self.ruleset is None or not isinstance(value, Mapping):
            return
        check = hook(self.ruleset, ChecksAwards)
        people: list[Character | None] = [c for _, c in self.pregens if c is not None] or [None]
        for resource, amount in value.items():
            at = path + (resource,)
            if check is None:
                if isinstance(amount, Mapping):
                    self.error("bad-award", at, f"award: {resource} is a number in the {self.adv.system} system",
                               f"write {resource}: 1", key=True)
                continue
            parts = [(name, {name: n}) for name, n in amount.items()] if isinstance(amount, Mapping) and amount \
                else [(None, amount)]
            for name, part in parts:
                for character in people:
                    try:
                        check.check_award(resource, part, character)
                    except RulesError as exc:
                        hint = _did_you_mean(str(name), self.all_stats) if name is not None else ""
                        self.error("bad-award", at + ((name,) if name is not None else ()), f"award: {exc}",
                                   hint or "see docs/format.md, Effects, for what `award` gives",
                                   key=name is not None)
                        break

    def _fx_rest(self, value: Any, path: Path_) -> None:
        if self.ruleset is not None and hook(self.ruleset, Rests) is None:
            self.error("unsupported-effect", path, f"rest: the {self.adv.system} system has no rules for resting",
                       "narrate the time that passes instead", key=True)
        elif (self.ruleset is not None and isinstance(value, Mapping) and value.get("resting") is False
              and hook(self.ruleset, PassesTime) is None):
            self.error("unsupported-effect", path, f"rest: the {self.adv.system} system has no rules for time "
                       "passing without rest (resting: false)", "leave resting out: the character rests",
                       key=True)

    def _fx_table(self, value: Any, path: Path_) -> None:
        if value in self.adv.tables:
            self.tables_rolled.add(value)
        else:
            self.error("unknown-table", path, f"table: no table called {value!r}",
                       _did_you_mean(value, self.adv.tables, also="declare it under tables:"))

    def _fx_text(self, value: Any, path: Path_) -> None:
        self.template(str(value), path)

    def _fx_goto(self, value: Any, path: Path_) -> None:
        self._scene_ref(value, path, "goto")

    def _fx_if(self, value: Any, path: Path_) -> None:
        if not isinstance(value, Mapping):
            return
        if "when" in value:
            self.expression(value["when"], path + ("when",))
        self.effects(value.get("then") or (), path + ("then",))
        self.effects(value.get("else") or (), path + ("else",))

    def _fx_nothing(self, value: Any, path: Path_) -> None:
        return

    def _fx_award(self, value: Any, path: Path_) -> None:
        for name in value or {} if isinstance(value, Mapping) else ():
            self.shown_names.append(("resource", str(name), path + (name,)))
        self._check_award(value, path)

    def _fx_condition(self, value: Any, path: Path_) -> None:
        for name, at in self._items(value, path):
            self.shown_names.append(("condition", str(name), at))

    def _fx_reveal(self, value: Any, path: Path_) -> None:
        for name, at in self._items(value, path):
            if name in self.adv.objectives or name in self.variables:
                self.revealed.add(name)
            else:
                self.error("unknown-reveal", at, f"reveal: nothing called {name!r}",
                           _did_you_mean(name, list(self.adv.objectives) + list(self.variables),
                                         also="name an objective, a clock, a counter or a flag"))
