"""Every effect an adventure may use: its name, how it is written and what it does.

:data:`EFFECTS` is the one list. The engine (:mod:`solo.engine.effects`) and the validator each
keep a handler per name and refuse to start with a handler missing or extra
(:func:`require_handlers`); the JSON schema's ``effect`` properties and the table in
``docs/format.md`` ("Effects", made by :func:`docs_table`) are checked against it by the tests.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

__all__ = ["EFFECTS", "EFFECT_NAMES", "BY_NAME", "Effect", "docs_table", "require_handlers", "walk"]


@dataclass(frozen=True)
class Effect:
    """One effect: its key in an effect map, how it is written, and its meaning for authors."""

    name: str
    usage: str  # how an author writes it (markdown)
    meaning: str  # what it does (markdown)
    rewards: bool = False  # it gives the player something (the greedy playtest bot seeks it)
    #: Keys of its value that hold effect lists of their own (``if``: ``then`` and ``else``).
    nested: tuple[str, ...] = ()
    #: It may move the player elsewhere (a goto, a table row, a filled clock or a counter's hook).
    may_move: bool = False


EFFECTS: tuple[Effect, ...] = (
    Effect("set", "`set: {name: value}`", "set flags or counters", may_move=True),
    Effect("add", "`add: {name: n}`", "add to counters (n may be negative)", may_move=True),
    Effect("tick", "`tick: clock` or `tick: {clock: n}`", "fill clock segments (a negative n empties some)",
           may_move=True),
    Effect("give", "`give: item`",
           "add an item (an id or a list of ids); GUTS+ leaves behind an item the character has no "
           "room for (see Items)", rewards=True),
    Effect("take", "`take: item`", "remove an item (an id or a list of ids)"),
    Effect("complete", "`complete: objective`", "complete an objective and give its award", rewards=True),
    Effect("award", "`award: {xp: 5}`", "give resources (see Awards below)", rewards=True),
    Effect("condition", "`condition: name`",
           "put a condition on the character (one it already has changes nothing); in GUTS+ `condition: strained` on a character already "
           "strained is, by the book, 1 injury to the head that protection does not stop (the condition "
           "stays on once)"),
    Effect("clear", "`clear: name`", "remove a condition from the character"),
    Effect("injury", "`injury: part` or `injury: {part: head, count: 1}`", "injure a body part (GUTS+)"),
    Effect("heal", "`heal: part` or `heal: {part: head, count: 1}`",
           "take injuries off a body part (GUTS+; `heal: all` heals every part); a character whose body "
           "no longer keeps them unconscious wakes"),
    Effect("rest", "`rest: {hours: n, days: n, weeks: n}`",
           "the character rests that long (any of the three, added up); the system gives back what rest "
           "gives back (GAME: every exertion FP after an hour, one wound FP per full week of rest; "
           "GUTS+: injuries heal one at a time at the book's resting rate, a part with one injury in "
           "12 hours, a part with two back to one in 60 hours, the part needing least time first and the "
           "head first among equals, hours short of the next injury kept for the next rest; protection "
           "knocked loose is put right). Only a system with rules for rest takes it (GAME, GUTS+). "
           "`resting: false`: the time passes without rest (GUTS+ only: injuries heal at the book's "
           "untreated rate, one injury in 24 hours, two back to one in 120)"),
    Effect("advance", "`advance: key` or `advance: [keys]`",
           "buy or take advances at the system's price, as `solo character advance --buy KEY` does; one "
           "the rules refuse at that moment (too little experience) is skipped with a note"),
    Effect("table", "`table: table-id`", "roll on a random table and apply its row", may_move=True),
    Effect("text", "`text: ...`", "narrate a line"),
    Effect("goto", "`goto: scene`", "move to a scene after the other effects", may_move=True),
    Effect("if", "`if: {when: expr, then: [...], else: [...]}`", "effects by condition",
           nested=("then", "else"), may_move=True),
    Effect("reveal", "`reveal: name` or `reveal: [a, b]`",
           "make hidden objectives, clocks, counters or flags known"),
)

#: The names alone, in the order of :data:`EFFECTS`.
EFFECT_NAMES: tuple[str, ...] = tuple(effect.name for effect in EFFECTS)
#: Each effect by its name.
BY_NAME: dict[str, Effect] = {effect.name: effect for effect in EFFECTS}


def walk(effects: Any) -> Iterator[tuple[str, Any]]:
    """Every ``(name, value)`` in a list of effects, in order, with the effects nested in each
    (an ``if``'s ``then`` and ``else``) right after it. Entries that are not effect maps, and
    nested lists that are not lists, are passed over (the validator reports them)."""
    for effect in effects or ():
        if not isinstance(effect, Mapping):
            continue
        for name, value in effect.items():
            yield name, value
            known = BY_NAME.get(name)
            if known is not None and known.nested and isinstance(value, Mapping):
                for key in known.nested:
                    yield from walk(value.get(key))


def require_handlers(names: Iterable[str], owner: str) -> None:
    """Raise if ``names`` (one handler per effect) misses an effect or handles one that is not
    in the format: a programming error, caught the moment ``owner`` builds its table."""
    given = set(names)
    missing = [name for name in EFFECT_NAMES if name not in given]
    extra = sorted(given - set(EFFECT_NAMES))
    if missing or extra:
        raise AssertionError(f"{owner}: effect handlers disagree with the format "
                             f"(missing {missing or 'none'}, not in the format {extra or 'none'})")


def docs_table() -> str:
    """The "Effects" table of ``docs/format.md``, as markdown (the docs hold exactly this text)."""
    rows = ["| effect | meaning |", "|---|---|"]
    rows += [f"| {effect.usage} | {effect.meaning} |" for effect in EFFECTS]
    return "\n".join(rows) + "\n"
