"""Humanity, Blessed Endeavors: rounds of simultaneous actions raced along a number line.

The book's Endeavor (Simultaneous Actions and Endeavors) and its special endeavours (Special
Endeavors), as conflict procedures (:mod:`solo.rules.conflict`) an adventure names:

* ``endeavour``: the plain Endeavor (a number line, focal advantage, moves by outcome size);
* ``race``: terrain buttons, the escape bonus and endurance checks;
* ``stealth``: alarm buttons that move, being made, alertness, negative Help;
* ``discovery``: glimmer buttons to interact with (glimmers may join any endeavour too);
* ``monstrous``: monstrosities with muddle buttons, stamina and Capture;
* ``clash``: summoners off the line whose summons race and Capture each other on it.

Modules, one job each:

* :mod:`.buttons`: the marks on the line (terrain, alarm, glimmer, muddle) as written and placed;
* :mod:`.rolls`: an endeavour's rolls on the ruleset's own dice code (checks, contests rolled
  at the top of a round and revealed later, Help) and their exact odds;
* :mod:`.policy`: how the engine plays everyone but the player (the behaviours);
* :mod:`.line`: one round's state machine (:class:`~.line.Line`): declaring, rolling for the
  focus, advantage, focal and side actions, the end of a round, the player's questions;
* :mod:`.clash`: what a clash adds to the round (summoning, summoners' movement, Capture);
* :mod:`.procedure`: the :class:`~solo.rules.conflict.ConflictRules` classes themselves;
* :mod:`.checks`: what ``solo validate`` refuses;
* :mod:`.view`: what the player sees (the number line through the view's ``track``).

The rule decisions taken where the book leaves things open are listed in :mod:`.line` (the
round) and :mod:`.procedure` (each kind).
"""

from solo.rules.humanity_blessed.endeavours.procedure import (
    ENDEAVOURS,
    Clash,
    Discovery,
    Endeavour,
    Monstrous,
    Race,
    Stealth,
)

__all__ = ["ENDEAVOURS", "Clash", "Discovery", "Endeavour", "Monstrous", "Race", "Stealth"]
