"""The game itself: state, scene machine, effects and events. No I/O lives here."""
