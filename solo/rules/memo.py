"""Memoising a rules computation on characters and parameters: their immutable keys, and a memo.

A fight or an endeavour asks the same exact odds again and again (every round's offer shows the
chance of every action; thousands of playtest runs meet the same few situations). The odds are a
pure function of the characters (everything a ruleset may read: system, name, stats, resources,
items, conditions, extra) and of the parameters, so :func:`key` turns those into one hashable
value and :class:`Memo` keeps a bounded number of answers. :func:`key` keeps types apart (``1``,
``1.0`` and ``True`` are different keys), so a memoised answer is always the one the computation
would give. A value it cannot make hashable raises ``TypeError``, and :class:`Memo` then simply
computes.
"""

from __future__ import annotations

from collections import OrderedDict
from operator import is_
from typing import Any, Callable, Hashable, TypeVar

from solo.rules.base import Character

T = TypeVar("T")


#: The values that are their own key (no call is made for them inside a dict or list: a fight
#: asks for keys of whole characters many times a round).
_SELF = frozenset({str, int, type(None)})


def key(value: Any) -> Hashable:
    """``value`` as an immutable key; a :class:`Character` by everything a ruleset may read."""
    kind = type(value)
    if kind is str or kind is int or value is None:
        return value
    own = _SELF
    if kind is dict:
        return (dict, tuple([(k if type(k) in own else key(k), v if type(v) in own else key(v))
                             for k, v in value.items()]))
    if kind is list or kind is tuple:
        return (kind, tuple([v if type(v) in own else key(v) for v in value]))
    if isinstance(value, Character):
        return (Character, value.system, value.name, value.id, key(value.stats), key(value.resources),
                key(value.items), key(value.conditions), key(value.extra))
    if kind is set or kind is frozenset:
        return (kind, frozenset(key(v) for v in value))
    printed = getattr(value, "analysis_print", None)
    if printed is not None:  # the analyzer's guarded pool (solo.analyze.owed.Tripwire): its values drawn
        return (kind, printed())
    hash(value)  # anything else stands for itself when it can (numbers, Fractions, enums)
    return (kind, value)


class Memo:
    """Answers of one pure computation, by key, the oldest forgotten past ``size``."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        #: :meth:`get_same`'s answers by the identity of their parts (kept alive with them).
        self._same: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}

    def get_same(self, compute: Callable[[], T], *parts: Any) -> T:
        """:meth:`get` for parts nobody changes once made (an adventure's own data, read at
        every look of a fight): the very same objects give the answer without working out
        their key, other objects are found by value as :meth:`get` finds them."""
        ids = tuple(map(id, parts))
        found = self._same.get(ids)
        if found is not None and all(map(is_, found[0], parts)):
            return found[1]
        answer = self.get(compute, *parts)
        if len(self._same) >= self.size:
            self._same.clear()
        self._same[ids] = (parts, answer)  # the parts kept, so their ids are not reused
        return answer

    def get(self, compute: Callable[[], T], *parts: Any) -> T:
        """``compute()``, or its answer for the same ``parts`` given before."""
        try:
            found = key(parts)
        except TypeError:  # something unhashable among the parts: no memo
            return compute()
        return self.get_keyed(compute, found)

    def get_keyed(self, compute: Callable[[], T], found: Hashable) -> T:
        """``compute()``, or its answer for the same key given before: a key the caller made
        (from :func:`key` of what the computation reads, parts of it kept from earlier)."""
        answers = self._answers
        if found in answers:
            answers.move_to_end(found)
            return answers[found]
        answer = answers[found] = compute()
        if len(answers) > self.size:
            answers.popitem(last=False)
        return answer
