"""A Humanity, Blessed character as ``solo analyze`` keys its game states: what later rules read.

Two game states are one when every later step reads them alike, so the view leaves out or puts
in one form what no rule can tell apart:

- the blessing pool is kept *sorted*. Every rule that reads it reads values, never positions:
  spending picks the cheapest dice worth enough (:func:`~.blessings.choose_spend`, sorted by
  value), a spark the cheapest pair of equal worth and the cheapest dice for Taxed
  (:func:`~.blessings.spark_payment`, :func:`~.blessings.choose_pair`), Help counts the dice
  worth 1 or more, a recharge looks for one die worth enough, and the views sort the pool before
  showing it. Gains only append. So two pools with the same dice in another order pay, count
  and show alike, and the dice taken leave the same multiset behind;
- the faces of the session's lucky-number roll (``session["lucky_faces"]``) are dropped: they
  are written when the session opens and told once in its first line; what rolls compare with
  is ``lucky_number`` (kept, with ``big_win``).

Everything else of the character is kept as it is.
"""

from __future__ import annotations

from solo.rules.base import Character


def view(character: Character) -> Character:
    """A copy of ``character`` in the view described above (``character`` is not changed)."""
    data = character.to_dict()
    resources = data.get("resources") or {}
    pool = resources.get("blessings")
    if isinstance(pool, list) and all(isinstance(v, int) for v in pool):
        resources["blessings"] = sorted(pool)
    extra = data.get("extra") or {}
    session = extra.get("session")
    if isinstance(session, dict) and "lucky_faces" in session:
        extra["session"] = {k: v for k, v in session.items() if k != "lucky_faces"}
    return Character.from_dict(data)
