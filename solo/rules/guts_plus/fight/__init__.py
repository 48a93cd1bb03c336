"""GUTS+ conflicts: the book's combat, round by round.

:mod:`.procedure` runs the fight (initiative, turns, attacks, reactions, fleeing), :mod:`.gear`
reads weapons and protection from the adventure's items, :mod:`.rolls` makes and reads the
rolls (and their exact odds) through the ruleset, :mod:`.policy` plays every fighter but the
player, :mod:`.view` shows the fight and :mod:`.checks` says what ``solo validate`` must refuse.
"""
