"""Loose and Fuzzy conflicts: the book's fight of Advantage Points, Defense Totals and wounds.

:mod:`.procedure` runs the fight round by round, :mod:`.gear` turns fighters and their kit into
the book's numbers, :mod:`.policy` plays every fighter but the player, :mod:`.view` shows the
fight and :mod:`.checks` says what ``solo validate`` must refuse.
"""
