"""Checks of expressions and templates: syntax, names read, function calls and their arguments."""

from __future__ import annotations

import functools
from typing import Any, Callable

from solo.adventure import model
from solo.adventure.expressions import Expression, ExpressionError, NOT_LITERAL, parse, template_expressions
from solo.adventure.validate.codes import FUNCTIONS, Path_
from solo.adventure.validate.core import CheckerCore
from solo.adventure.validate.names import _did_you_mean, _norm, _short
from solo.adventure.validate.positions import _At, _call_offset, _name_offset
from solo.adventure.yaml_source import Document
from solo.rules.base import HasTraits, hook


class ExpressionChecks(CheckerCore):
    """Expressions, templates and the references they make. Builds on :class:`CheckerCore`."""

    def __init__(self, adventure: model.Adventure, document: Document | None,
                 text: str | Callable[[], str | None] | None) -> None:
        super().__init__(adventure, document, text)
        self.call_checks: dict[str, Callable[[str, Callable[[], _At]], None]] = {
            "has": self._call_has,
            "done": self._call_done,
            "visited": self._call_visited,
            "clock": self._call_clock,
            "stat": self._call_stat,
            "chance": self._call_stat,
            "condition": self._call_free,
            "resource": self._call_free,
            "fallen": self._call_npc,
            "trait": self._call_trait,
        }

    # expressions ---------------------------------------------------------------------------------
    def expression(self, value: Any, path: Path_) -> Expression | None:
        """Parse a whole-value expression (``if``, ``when``) and check what it names."""
        text = "true" if value is True else "false" if value is False else str(value)
        try:
            expr = parse(value if isinstance(value, (bool, int)) else text)
        except ExpressionError as exc:
            at = (exc.column - 1) if exc.column else 0
            self.error("expression-syntax", self.inside(path, text, at), f"in `{_short(text)}`: {exc.message}",
                       exc.hint or "")
            return None
        self._names(expr, path, text, 0)
        return expr

    def template(self, text: str, path: Path_) -> None:
        """Check the ``{...}`` expressions of a text the engine renders."""
        if not text or ("{" not in text and "}" not in text):
            return
        try:
            parts = template_expressions(text)
        except ExpressionError as exc:
            self.error("expression-syntax", self.inside(path, text, exc.offset or 0), exc.message, exc.hint or "")
            return
        for expr_text, offset in parts:
            try:
                expr = parse(expr_text)
            except ExpressionError as exc:
                at = offset + ((exc.column - 1) if exc.column else 0)
                self.error("expression-syntax", self.inside(path, text, at),
                           f"in {{{_short(expr_text)}}}: {exc.message}", exc.hint or "")
                continue
            self._names(expr, path, text, offset)

    def _parts(self, expr: Expression) -> tuple[tuple[str, ...], list[str], list[tuple[str, tuple[Any, ...]]]]:
        """The known and unknown names and the calls of an expression, worked out once per
        distinct text."""
        found = self.expression_parts.get(expr.source)
        if found is None:
            calls = sorted(expr.calls(), key=lambda c: (c[0], repr(c[1])))
            names = sorted(expr.names())
            known = tuple(name for name in names if name in self.variables or name in self.builtins)
            unknown = [name for name in names if name not in known]
            found = self.expression_parts[expr.source] = (known, unknown, calls)
        return found

    def _names(self, expr: Expression, path: Path_, value: str, base: int) -> None:
        source = expr.source
        known, unknown, calls = self._parts(expr)
        self.read.update(known)
        for name in unknown:
            at = self.inside(path, value, base + _name_offset(source, name))
            hint = _did_you_mean(name, list(self.variables) + list(self.builtins))
            dashed = name.replace("_", "-")
            if dashed in self.adv.items:
                hint = f'to test for the item write has("{dashed}")'
            elif dashed in self.adv.objectives:
                hint = f'to test the objective write done("{dashed}")'
            elif dashed in self.scenes:
                hint = f'to test the scene write visited("{dashed}")'
            self.error("unknown-variable", at, f"unknown variable {name!r} in `{_short(source)}`",
                       hint or "declare it under variables: flags, counters or clocks")
        for function, args in calls:

            def call_at(arg: Any = NOT_LITERAL, function: str = function) -> _At:
                return self.inside(path, value, base + _call_offset(source, function, arg))

            if function not in self.call_checks:
                self.error("unknown-function", call_at, f"unknown function {function}()", _did_you_mean(function, FUNCTIONS))
                continue
            if len(args) != 1:
                self.error("bad-call", call_at, f"{function}() takes one argument, got {len(args)}",
                           f'for example {function}("name")')
                continue
            arg = args[0]
            if arg is NOT_LITERAL:
                continue
            if not isinstance(arg, str):
                self.error("bad-call", call_at, f"{function}({arg!r}) needs a name in quotes",
                           f'for example {function}("name")')
                continue
            self.call_checks[function](arg, functools.partial(call_at, arg))

    def _call_has(self, arg: str, at: Callable[[], _At]) -> None:
        if self._item_ref(arg, at, "has()"):
            self.has_asked.append((arg, at))

    def _call_done(self, arg: str, at: Callable[[], _At]) -> None:
        if arg not in self.adv.objectives:
            self.error("unknown-objective", at, f"done(): no objective called {arg!r}",
                       _did_you_mean(arg, self.adv.objectives))

    def _call_visited(self, arg: str, at: Callable[[], _At]) -> None:
        if arg not in self.scenes:
            self.error("unknown-scene", at, f"visited(): no scene called {arg!r}", _did_you_mean(arg, self.scenes))

    def _call_clock(self, arg: str, at: Callable[[], _At]) -> None:
        if arg in self.adv.clocks:
            self.read.add(arg)
        else:
            self.error("unknown-clock", at, f"clock(): no clock called {arg!r}", _did_you_mean(arg, self.adv.clocks))

    def _call_stat(self, arg: str, at: Callable[[], _At]) -> None:
        if self.ruleset is None or _norm(arg) in self.system_stats:
            return
        if not any(self._has_stat(i, arg) for i in range(len(self.pregens))):
            self.warning("unknown-stat", at,
                         f"{arg!r} is not a stat of the {self.adv.system} system nor of any pregenerated character",
                         _did_you_mean(arg, self.all_stats))

    def _call_free(self, arg: str, at: Callable[[], _At]) -> None:
        return

    def _call_trait(self, arg: str, at: Callable[[], _At]) -> None:
        if self.ruleset is None:
            return
        traits = hook(self.ruleset, HasTraits)
        names = tuple(traits.trait_names) if traits is not None else ()
        if not names:
            self.error("unknown-trait", at, f"trait(): the {self.adv.system} system has no traits",
                       "test a condition, flag or item instead")
        elif _norm(arg) not in {_norm(n) for n in names}:
            self.error("unknown-trait", at, f"trait(): the {self.adv.system} system has no trait {arg!r}",
                       _did_you_mean(arg, names) or f"its traits: {', '.join(names)}")

    def _call_npc(self, arg: str, at: Callable[[], _At]) -> None:
        if arg not in self.adv.npcs:
            self.error("unknown-npc", at, f"fallen(): no NPC called {arg!r}", _did_you_mean(arg, self.adv.npcs))

    # references ----------------------------------------------------------------------------------
    def _item_ref(self, item: Any, at: Any, what: str) -> bool:
        if item in self.adv.items:
            return True
        self.error("unknown-item", at, f"{what}: no item called {item!r}",
                   _did_you_mean(item, self.adv.items, also="declare it under items:"))
        return False

    def _scene_ref(self, scene: Any, path: Path_, what: str) -> None:
        if scene not in self.scenes:
            self.error("unknown-scene", path, f"{what}: no scene called {scene!r}", _did_you_mean(scene, self.scenes))
