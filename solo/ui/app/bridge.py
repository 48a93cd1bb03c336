"""The play loop's front end inside the full-screen app.

The line mode's loop (:func:`solo.ui.driver.play`) runs unchanged in a worker thread: it asks for
a decision, hands it to the session, autosaves and handles the ``:`` commands. :class:`AppFront`
is the :class:`~solo.ui.driver.Front` it talks to. Each call is forwarded to the app's thread;
:meth:`AppFront.ask` then waits until the player answers with a key. Everything the app is given
is computed here, in the loop's thread, from the session (a frozen :class:`~solo.ui.status.Status`
and the engine's events), so the app never touches the game while the loop is using it.
"""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING, Any, Callable

from solo.engine import events as ev
from solo.ui.status import status_of

if TYPE_CHECKING:
    from solo.session import Session
    from solo.ui.app.app import SoloApp

END_OF_INPUT = None  # what :meth:`AppFront.answer` is given when the app closes


class AppFront:
    """A :class:`~solo.ui.driver.Front` whose screen is a :class:`~solo.ui.app.app.SoloApp`."""

    def __init__(self, app: "SoloApp", session: "Session") -> None:
        self.app = app
        self.session = session
        self._answers: queue.Queue[str | None] = queue.Queue()
        self.closed = False

    # -- the app's side ------------------------------------------------------------------------
    def answer(self, line: str | None) -> None:
        """Called by the app: the player's answer (a key or a ``:`` command), or None to leave."""
        self._answers.put(line)

    # -- the loop's side -----------------------------------------------------------------------
    def _call(self, method: Callable[..., Any], *args: Any) -> None:
        if self.closed:
            return
        try:
            self.app.call_from_thread(method, *args)
        except RuntimeError:  # the app has stopped; the loop only needs to save and leave
            self.closed = True

    def _status(self):
        return status_of(self.session.game, self.session.adventure)

    def show(self, events: list[ev.Event]) -> None:
        shown = [e for e in events if not isinstance(e, ev.ChoicesOffered)]
        self._call(self.app.show_events, shown, self._status())

    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        if text:
            self._call(self.app.show_info, kind, text)

    def sheet(self, session: "Session") -> None:
        self._call(self.app.show_sheet, self._status())

    def help(self) -> None:
        self._call(self.app.show_help)

    def ask(self, offered: ev.ChoicesOffered) -> str | None:
        if self.closed:
            return END_OF_INPUT
        self._call(self.app.show_offer, offered, self._status())
        return self._answers.get()
