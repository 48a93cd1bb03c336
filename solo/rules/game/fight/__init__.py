"""GAME conflicts: the book's fight of five-second turns, damage dice, armour, stuns and parries.

:mod:`.procedure` states the rules and holds the :class:`~.procedure.Fight` procedure;
:mod:`.turn` is one look at a fight (who stands where, each fighter's checks, what a step rolls),
:mod:`.resolve` plays the turns, :mod:`.choices` says what the player may do with its exact odds,
:mod:`.policy` plays every fighter but the player, :mod:`.kit` reads weapons and armour,
:mod:`.view` shows the fight and :mod:`.checks` says what ``solo validate`` must refuse.
"""
