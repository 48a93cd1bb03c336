"""The old home of the GUTS+ dice arithmetic, now :mod:`solo.rules.guts_plus.odds`.

Importing this module gives that module itself (same functions, same caches), so code written
against the old path keeps working.
"""

import sys

from solo.rules.guts_plus import odds as _odds

sys.modules[__name__] = _odds
