"""The play loop's front end inside the full-screen app.

The line mode's loop (:func:`solo.ui.driver.play`) runs unchanged in a worker thread: it asks for
a decision, hands it to the session, autosaves and runs the shared ``:`` commands
(:mod:`solo.ui.commands`). :class:`AppFront` is the :class:`~solo.ui.commands.Front` it talks to.
Each call is forwarded to the app's thread and waits there until drawn; :meth:`AppFront.ask` and
:meth:`AppFront.confirm` then wait for the player's answer. Everything the app is given is computed
here, in the loop's thread, from the session (a frozen :class:`~solo.ui.status.Status`, the
engine's events, pages already in player words), so the app never reads the game itself.
"""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING, Any, Callable

from solo.engine import events as ev
from solo.ui.app import pages
from solo.ui.status import status_of
from solo.ui.words import Words

if TYPE_CHECKING:
    from solo.session import Session
    from solo.ui.app.app import SoloApp

END_OF_INPUT = None  # what :meth:`AppFront.answer` is given when the app closes


RELOAD = ":reload"  # solo.ui.live_preview.RELOAD, without importing it here


class AppFront:
    """A :class:`~solo.ui.driver.Front` whose screen is a :class:`~solo.ui.app.app.SoloApp`."""

    def __init__(self, app: "SoloApp", session: "Session") -> None:
        self.app = app
        self.session = session
        self.words = Words(session.adventure, session.game)  # the loop keeps its game current
        self._answers: queue.Queue[str | None] = queue.Queue()
        self._confirms: queue.Queue[bool] = queue.Queue()
        self.closed = False

    # -- the app's side ------------------------------------------------------------------------
    def answer(self, line: str | None) -> None:
        """Called by the app: the player's answer (a key or a ``:`` command), or None to leave."""
        self._answers.put(line)

    def answer_confirm(self, yes: bool) -> None:
        """Called by the app: the player's answer to :meth:`confirm`'s question."""
        self._confirms.put(yes)

    def close(self) -> None:
        """The app is going away: every question waiting is answered "leave" / "no"."""
        self.closed = True
        self._answers.put(END_OF_INPUT)
        self._confirms.put(False)

    # -- the loop's side -----------------------------------------------------------------------
    def _call(self, method: Callable[..., Any], *args: Any) -> None:
        if self.closed:
            return
        try:
            self.app.call_from_thread(method, *args)
        except RuntimeError:  # the app has stopped; the loop only needs to save and leave
            self.closed = True

    def _status(self):
        return status_of(self.words.game, self.words.adventure)  # the game after :restart too

    def show(self, events: list[ev.Event]) -> None:
        shown = [e for e in events if not isinstance(e, ev.ChoicesOffered)]
        self._call(self.app.show_events, shown, self._status())

    def info(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        if data and data.get("rewound"):  # :undo or :restart: the last roll shown is no longer the last
            self._call(self.app.forget_roll)
        if text:
            self._call(self.app.show_info, kind, text)

    def view(self, kind: str, data: dict[str, Any]) -> None:
        """A command's view: the card goes at the top of the story, the others open a page."""
        if kind == "card":
            self._call(self.app.show_card, pages.card(self.words))
            return
        from solo.ui.app.app import KEYS

        shown = pages.page(kind, data, self.words, KEYS)
        if shown is not None:
            self._call(self.app.show_page, *shown)

    def wait_for_save(self) -> bool:
        """After an ending, with --watch: True when the app sends ``:reload`` (False: leave)."""
        if not getattr(self.app, "watch", None):
            return False
        self._call(self.app.show_watching)
        return self._answers.get() == RELOAD

    def confirm(self, question: str) -> bool:
        if self.closed:
            return False
        self._call(self.app.ask_confirm, question)
        return False if self.closed else self._confirms.get()

    def ask(self, offered: ev.ChoicesOffered) -> str | None:
        if self.closed:
            return END_OF_INPUT
        self._call(self.app.show_offer, offered, self._status())
        return self._answers.get()
