"""four-s conflicts: the book's combat of phases, Action Points, zones and a shared enemy pool.

:mod:`.procedure` runs the fight phase by phase, :mod:`.battle` carries out its mechanics,
:mod:`.policy` plays the enemy side and the companions, :mod:`.gear` reads items, :mod:`.zones`
the battlefield, :mod:`.pool` the enemies' shared Health and bought rolls, :mod:`.moves` the
adventure's role-play moves, :mod:`.view` shows the fight and :mod:`.checks` says what
``solo validate`` must refuse.
"""
