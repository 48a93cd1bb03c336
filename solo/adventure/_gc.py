"""Pausing Python's cyclic garbage collector while an adventure file is read and checked.

Reading a big adventure builds millions of small, long-lived objects (the YAML data, its source
positions, the model) and no reference cycles worth freeing early. Each time enough of them pile
up the collector walks them all again: left running it costs about a third of the time of
loading a 10 000-scene file. :func:`gc_paused` turns it off for a block and restores its previous
state afterwards, so blocks may nest (the loader pauses it, and so does the YAML reader it calls).

Turning it back on is not free either: the collector counts what was made while it was off, and
its next run would walk every one of those objects once (about 0.2 s for 10 000 scenes) only to
find that they all survive. So when many objects were made, they are moved to the oldest
generation first, where they would end up anyway, with ``gc.freeze()`` + ``gc.unfreeze()`` (two
list splices, no walk). Nothing is kept alive by this: the oldest generation is still collected,
on its own schedule. After a small block (a character file, a bundled adventure) the collector
simply resumes. The move is skipped when someone else has frozen objects, since ``unfreeze``
would release theirs too.
"""

from __future__ import annotations

import contextlib
import gc
from typing import Iterator

__all__ = ["gc_paused"]


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Run the block with the cyclic garbage collector off; it is back as it was afterwards."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if gc.get_count()[0] > _MANY and gc.get_freeze_count() == 0:
                gc.freeze()  # everything tracked, into the permanent generation...
                gc.unfreeze()  # ...and from there into the oldest one, without being walked
            gc.enable()


# Objects made (and still alive) in the youngest generation past which the collector's next run
# is worth sparing: reading a 1 000-scene file makes about 100 000, the largest bundled adventure
# about 10 000.
_MANY = 100_000
