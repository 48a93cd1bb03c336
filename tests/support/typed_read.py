"""Plain data read with every part's type beside it, for tests that hold two values to be the
same type for type (a tuple and a list, ``1`` and ``True``, an int and a float differ), as a
copy made on the way through a JSON round trip would show them."""

from __future__ import annotations

from typing import Any


def typed(value: Any) -> Any:
    """``value`` with every part's type beside it (dicts, lists and tuples walked)."""
    if isinstance(value, dict):
        return (type(value), {key: (type(key), typed(item)) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return (type(value), [typed(item) for item in value])
    return (type(value), value)
