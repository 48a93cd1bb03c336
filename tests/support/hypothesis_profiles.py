"""The Hypothesis profiles the suite runs under, chosen by HYPOTHESIS_PROFILE.

- ``dev`` (the default): 100 examples a property, fresh ones each run.
- ``ci`` (the default when CI is set): the same count, derandomized, so a red CI run replays the
  same examples on a developer's machine.
- ``long``: 2,000 examples a property, for a soak before a release or after touching a parser.

No profile has a deadline: a test never fails because the machine was busy (timings live in
``bench/``). Properties whose single example is slow (a whole playthrough, a fight) keep their
own smaller ``max_examples`` in their ``@settings``; the rest take the count from here.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True, print_blob=True)
settings.register_profile("long", max_examples=2000, deadline=None)


def load() -> str:
    """Load the profile HYPOTHESIS_PROFILE names (else ``ci`` under CI, else ``dev``); its name."""
    name = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
    settings.load_profile(name)
    return name
