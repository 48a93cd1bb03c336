"""The live preview's side in the front ends: the ``:reload`` command and line mode's watching input.

``:reload`` (registered in the shared command layer, unlisted, group ``author``) reads the
adventure file again through :func:`solo.publish.live_reload.reload_session`: on success the
game goes on in the new version at the same place (or at the decision where the replay stopped,
which it names); on errors the game stays as it was and each error is shown in place. ``solo play
FILE --watch`` sends ``:reload`` by itself when the file is saved: line mode through
:class:`WatchingInput`, the full screen through a timer in the app.
"""

from __future__ import annotations

import select
import sys
from typing import Any, Callable, TextIO

from solo.engine import events as ev
from solo.publish.live_reload import FileWatch, reload_session
from solo.ui.commands import Context, _autosave, command

RELOAD = ":reload"
#: how often the file is looked at while the game waits for an answer, in seconds
POLL = 0.4


@command("reload", usage=":reload", text="read the adventure file again and replay your answers on it",
         group="author")
def _reload(ctx: Context, rest: str) -> None:
    source = ctx.session.adventure.source
    result = reload_session(ctx.session)
    if result.session is None:
        head = (f"{source} has {len(result.errors)} error{'' if len(result.errors) == 1 else 's'}; "
                "still playing the last good version (fix the file and save it again):")
        ctx.front.info("error", "\n".join([head, *result.errors]), {"problems": result.errors})
        return None
    ctx.session = result.session
    ctx.words.adventure = result.session.adventure
    ctx.words.game = result.session.game
    ctx.words.__post_init__()  # the system may have changed: its words too
    if result.diverged:
        said = (f"reloaded {source}: the replay stopped at {result.diverged}; "
                f"you are after decision {result.replayed} of {result.answers}")
    else:
        said = f"reloaded {source}: replayed your {result.replayed} answer{'' if result.replayed == 1 else 's'}"
    if result.moved:
        said += f"; {result.moved}"
    ctx.front.info("notice", said, {"rewound": True, "reloaded": True})
    for note in result.session.notes:
        ctx.front.info("notice", note)
    shown = result.session.game.replay_view()
    ctx.last_events = [e for e in shown if not isinstance(e, ev.ChoicesOffered)]
    ctx.front.show(ctx.last_events)
    _autosave(ctx)
    return None


class WatchingInput:
    """Line mode's input while watching a file: a line typed, or ``:reload`` when the file is saved.

    It waits on the input and the clock together (``select``), so it needs a real file
    descriptor: a terminal or a pipe.
    """

    def __init__(self, path: str, stream: TextIO | None = None, out: TextIO | None = None,
                 watch: FileWatch | None = None, poll: float = POLL) -> None:
        self.stream = stream if stream is not None else sys.stdin
        self.out = out if out is not None else sys.stdout
        self.watch = watch or FileWatch(path)
        self.poll = poll
        self.interactive = self.stream.isatty()

    def read(self, prompt_text: str) -> str | None:
        if prompt_text:  # (JSON mode asks with no prompt, and its output stays one event per line)
            self.out.write(prompt_text)
            self.out.flush()
        while True:
            ready, _, _ = select.select([self.stream], [], [], self.poll)
            if ready:
                line = self.stream.readline()
                return line.rstrip("\r\n") if line else None
            if self.watch.changed():
                if prompt_text:
                    self.out.write("\n")
                return RELOAD


    def wait_for_save(self) -> bool:
        """After an ending: True when the file is saved; False when a line (or the end) is typed."""
        while True:
            ready, _, _ = select.select([self.stream], [], [], self.poll)
            if ready:
                self.stream.readline()
                return False
            if self.watch.changed():
                return True


def watching(path: str) -> Callable[[], bool]:
    """A check the full screen polls: True once each time ``path`` is saved."""
    return FileWatch(path).changed
