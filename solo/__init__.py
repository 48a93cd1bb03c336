"""solo: play tabletop role-playing adventures alone, with real dice and exact odds."""

__version__ = "0.1.0"
