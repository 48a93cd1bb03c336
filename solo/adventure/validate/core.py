"""The checker's state and reporting: what every kind of check reads, and how a problem is told.

:class:`CheckerCore` holds the adventure, its document and its game system (the ruleset, its
outcome labels and stats, the pregenerated characters as the rules prepare them), what the checks
learn as they go (names read and written, items given, tables rolled...), and reports each problem
at ``file:line:col`` of the path or position it is given. Every kind of check builds on it, up to
:class:`~solo.adventure.validate.checker.Checker`.
"""

from __future__ import annotations

from typing import Any, Callable

from solo.adventure import model
from solo.adventure.format.branches import GENERIC_OUTCOMES
from solo.adventure.format.functions import BUILTIN_VARIABLES
from solo.adventure.problems import Problem
from solo.adventure.validate.codes import ERROR, WARNING, Path_
from solo.adventure.validate.names import _did_you_mean, _names_with_halves, _norm
from solo.adventure.validate.positions import _At
from solo.adventure.yaml_source import Document, ScalarPositions
from solo.rules import house_rules, registry
from solo.rules.base import Character, RulesError, names


class CheckerCore:
    """The state of one pass over an adventure, and the reporting of its problems."""

    def __init__(self, adventure: model.Adventure, document: Document | None,
                 text: str | Callable[[], str | None] | None) -> None:
        self.adv = adventure
        self.doc = document
        self.source = ScalarPositions(text)
        self.file = adventure.source or adventure.id
        self.problems: list[Problem] = []
        self.ruleset: Any = None
        self.builtins = BUILTIN_VARIABLES
        self.scenes = adventure.scenes
        self.variables = {**{k: "flag" for k in adventure.flags}, **{k: "counter" for k in adventure.counters},
                          **{k: "clock" for k in adventure.clocks}}
        # what the adventure uses, for the "never used" checks at the end
        self.read: set[str] = set()
        self.written: set[str] = set()
        self.ticked: set[str] = set()
        self.completed: set[str] = set()
        self.tables_rolled: set[str] = set()
        self.given: set[str] = {item for person in adventure.characters for item in person.items}
        self.has_asked: list[tuple[str, Callable[[], _At]]] = []
        self.expression_parts: dict[str, tuple[tuple[str, ...], list[str], list[tuple[str, tuple[Any, ...]]]]] = {}
        self.rollable: dict[tuple[int, str], bool] = {}
        self.refusals: dict[tuple[str, int | None], tuple[str, Any] | None] = {}
        self.revealed: set[str] = set()
        self.item_rules_checked: set[str] = set()  # conflict procedures whose item rules were checked
        self.shown_names: list[tuple[str, str, Path_]] = []  # (what, name, where) a player will read

    # reporting -------------------------------------------------------------------------------
    def where(self, path: Path_, *, key: bool = False) -> tuple[int, int]:
        if self.doc is None:
            return 0, 0
        return self.doc.key_position(path) if key else self.doc.position(path)

    def inside(self, path: Path_, value: str, offset: int) -> "_At":
        """The position of the character at ``offset`` of the value at ``path``."""
        line, col = self.where(path)
        if self.doc is not None:
            line, col = self.source.locate(line, col, value, offset)
        return _At(line, col)

    def report(self, severity: str, code: str, at: "Path_ | _At", message: str, hint: str = "",
               *, key: bool = False) -> None:
        if callable(at):
            at = at()
        line, col = at if isinstance(at, _At) else self.where(at, key=key)
        self.problems.append(Problem(self.file, line, col, message, hint, severity, code))

    def error(self, code: str, at: Any, message: str, hint: str = "", *, key: bool = False) -> None:
        self.report(ERROR, code, at, message, hint, key=key)

    def warning(self, code: str, at: Any, message: str, hint: str = "", *, key: bool = False) -> None:
        self.report(WARNING, code, at, message, hint, key=key)

    # the game system -----------------------------------------------------------------------------
    def load_ruleset(self) -> None:
        try:
            self.ruleset = registry.get(self.adv.system)
        except RulesError:
            self.ruleset = None
            self.error("unknown-system", ("system",), f"unknown game system {self.adv.system!r}",
                       _did_you_mean(self.adv.system, registry.available()))
        self.pregens: list[tuple[model.Person, Character | None]] = []
        for person in self.adv.characters:
            self.pregens.append((person, self._prepared(person)))
        measures = names(self.ruleset, "measure_names")
        self.builtins = BUILTIN_VARIABLES + tuple(f"roll.{name}" for name in measures)
        labels = tuple(getattr(self.ruleset, "outcome_labels", ()) or ())
        self.size_labels = names(self.ruleset, "size_labels")
        self.outcome_labels = labels
        labels += self.size_labels
        self.labels = tuple(dict.fromkeys(labels + GENERIC_OUTCOMES))
        contest = names(self.ruleset, "contest_labels")
        self.contest_labels = tuple(dict.fromkeys(labels + contest + GENERIC_OUTCOMES))
        stat_names = tuple(getattr(self.ruleset, "stat_names", ()) or ())
        self.system_stats = _names_with_halves(stat_names)
        self.pregen_stats = [_names_with_halves(person.stats) for person in self.adv.characters]
        self.all_stats = sorted({str(s) for s in stat_names} | {str(k) for p in self.adv.characters for k in p.stats})
        self.check_house_rules()

    def _has_stat(self, index: int, stat: str) -> bool:
        """Whether a pregenerated character has a stat: by name, or because the system can roll it
        for them (Loose and Fuzzy rolls ``luck`` and disabilities, which are not in ``stats``)."""
        if _norm(stat) in self.pregen_stats[index]:
            return True
        key = (index, _norm(stat))
        if key not in self.rollable:
            character = self.pregens[index][1]
            try:
                self.ruleset.parse_check({"stat": stat}, character)
                self.rollable[key] = character is not None
            except (RulesError, TypeError, ValueError, KeyError, AttributeError):
                self.rollable[key] = False
        return self.rollable[key]

    def check_house_rules(self) -> None:
        """Each name under ``house_rules`` must be one of this system's opt-in rules."""
        offered = [rule.name for rule in house_rules.for_system(self.adv.system)]
        for n, name in enumerate(self.adv.house_rules):
            if name in offered:
                continue
            known = house_rules.known().get(name)
            if known is not None:
                hint = f"it is a {known.system} house rule"
            elif offered:
                hint = _did_you_mean(name, offered)
            else:
                hint = f"the {self.adv.system} system has no house rules"
            self.error("unknown-house-rule", ("house_rules", n),
                       f"house_rules: {self.adv.system} has no house rule {name!r}", hint)

    def _character(self, person: model.Person) -> Character:
        return person.character(self.adv.system)

    def _prepared(self, person: model.Person) -> Character | None:
        if self.ruleset is None:
            return None
        try:
            return self.ruleset.prepare_character(self._character(person))
        except (RulesError, TypeError, ValueError, KeyError, AttributeError):
            return None  # validate_character will say what is wrong
