"""Humanity, Blessed violent conflict: the ``fight`` procedure (:mod:`solo.rules.conflict`).

The book's violent Contests (Hurt against the defender's answer) inside its rounds of
simultaneous actions, with the wounds its outcome sizes leave, the fallen and the coup de
grace, Help, sparks, and every ability that acts in violence. Modules, one job each:

* :mod:`.wounds`: what a blow of each outcome size does, how wounds worsen, who is out;
* :mod:`.abilities`: the abilities that act in a fight, whether they are ready, recharging;
* :mod:`.chances`: exact odds, from the ruleset's own odds code;
* :mod:`.helping`: blessing dice spent on a defender's or an ally's roll;
* :mod:`.policy`: how the engine plays everyone but the player (the behaviours);
* :mod:`.melee`: the state and the round (declaring, the focus, the camera rule, outcomes);
* :mod:`.stages`: the steps of one action, from its roll to what it leaves;
* :mod:`.uncommon`: Uncommon Attack;
* :mod:`.asks`: the player's questions and answers;
* :mod:`.procedure`: the :class:`Fight` procedure itself; :mod:`.checks`: what ``solo
  validate`` refuses; :mod:`.view`: what the player sees;
* for ``solo analyze`` only: :mod:`.draws` (each roll of the fight one random event),
  :mod:`.roll_classes` (a roll's distinct results) and :mod:`.call_walk` (a call's distinct
  results, walked as a graph of its random stages).

The rule Decisions taken where the book is silent are in the docstrings of :mod:`.melee`,
:mod:`.wounds`, :mod:`.abilities`, :mod:`.policy`, :mod:`.uncommon` and :mod:`.procedure`.
"""

from solo.rules.humanity_blessed.fight.procedure import Fight

__all__ = ["Fight"]
