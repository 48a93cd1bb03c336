"""The web server of ``solo serve``: its page, the WebSocket each tab plays through, and shutdown.

Every request passes the :class:`~solo.ui.app.web_gate.Gate` first (a foreign Host or Origin gets
403 and starts nothing). The page is static (``web/page.html`` with textual-serve's terminal
script and font, all from this server; its headers forbid fetching anything elsewhere and being
framed by another site). Each WebSocket seats one game (:class:`~solo.ui.app.web_limits.Seats`)
and relays it (:class:`~solo.ui.app.game_process.GameProcess`): keys and clamped sizes in,
screen out. When a game ends badly, or no seat is free, the page is told why in a
``["solo", {"message": TEXT}]`` message before the socket closes.

SIGTERM, SIGINT and SIGHUP stop the server within a few seconds: every game is asked to quit
(each saves as it goes), ended if it does not, and every page is told the server stopped.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from aiohttp import WSMsgType, web

from solo.ui.app.game_process import GameProcess
from solo.ui.app.web_gate import Gate
from solo.ui.app.web_limits import Seats, clamp_size, page_message

PAGE_FOLDER = Path(__file__).parent / "web"
STOP_GRACE = 2.0  # seconds a game has to quit when its tab closes or the server stops
MOST_MESSAGE = 64 * 1024  # bytes in one message from a page (a paste of keys at most)
HEARTBEAT = 15.0
STOPPED_MESSAGE = ("The solo server stopped. Your game was saved as it went: `solo saves` lists it, "
                   "`solo continue SLOT` resumes it.")


def terminal_assets() -> Path:
    """textual-serve's static files: the terminal's script, its style sheet and its font."""
    import textual_serve

    return Path(textual_serve.__file__).parent / "static"


def security_headers(host: str, gate: Gate) -> dict[str, str]:
    """Headers for every answer: nothing fetched from elsewhere, no framing by other sites."""
    sockets = " ".join(f"{scheme}://{host}" for scheme in ("ws", "wss"))
    for origin in sorted(gate.allowed_origins):
        sockets += " " + origin.replace("https://", "wss://").replace("http://", "ws://")
    return {
        "Content-Security-Policy": (
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
            f"img-src 'self' data:; connect-src 'self' {sockets}; frame-ancestors 'none'; "
            "base-uri 'none'; form-action 'none'"),
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Resource-Policy": "same-origin",
        "Cross-Origin-Opener-Policy": "same-origin",
    }


class GameServer:
    """One ``solo serve``: the command each tab's game runs, who may ask, and how many at once."""

    def __init__(self, command: list[str], *, gate: Gate, seats: Seats, grace: float = STOP_GRACE) -> None:
        self.command = command
        self.gate = gate
        self.seats = seats
        self.grace = grace
        self.games: set[GameProcess] = set()
        self.stopping = False

    def application(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.add_routes([
            web.get("/", self.page),
            web.get("/ws", self.socket),
            web.get("/favicon.ico", self.no_icon),
            web.static("/static", terminal_assets()),
            web.static("/solo", PAGE_FOLDER),
        ])
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Callable) -> web.StreamResponse:
        refusal = self.gate.refusal(request.headers.get("Host"), request.headers.get("Origin"))
        if refusal is not None:
            return web.Response(status=403, text=refusal + "\n", headers=security_headers("", self.gate))
        response = await handler(request)
        if not response.prepared:
            response.headers.update(security_headers(request.headers.get("Host", ""), self.gate))
        return response

    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(PAGE_FOLDER / "page.html", headers={"Cache-Control": "no-store"})

    async def no_icon(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=204)

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        """One tab: seat a game, relay it until either side ends, say why it ended."""
        socket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MOST_MESSAGE)
        await socket.prepare(request)
        if self.stopping:
            await tell(socket, STOPPED_MESSAGE)
            return socket
        if not self.seats.take():
            await tell(socket, self.seats.full_message())
            return socket
        game = GameProcess(self.command)
        self.games.add(game)
        try:
            await game.start(*clamp_size(request.query.get("width"), request.query.get("height")))
            relay = asyncio.create_task(self._relay(game, socket))
            try:
                await self._take_keys(game, socket)
            finally:
                await game.stop(self.grace)
                await relay
        except OSError as exc:  # the game's process could not be started
            await tell(socket, f"The game could not start: {exc}")
        finally:
            self.games.discard(game)
            self.seats.free()
        return socket

    async def _take_keys(self, game: GameProcess, socket: web.WebSocketResponse) -> None:
        """What the page sends, to the game, until the page goes (or the relay closes the socket)."""
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            parsed = page_message(message.data)
            if parsed is None:
                continue
            kind, data = parsed
            if kind == "stdin":
                await game.send(b"D", data.encode("utf-8"))
            elif kind == "resize":
                await game.send_meta({"type": "resize", "width": data[0], "height": data[1]})
            elif kind == "ping":
                await send_text(socket, json.dumps(["pong", data]))
            else:
                await game.send_meta({"type": kind})

    async def _relay(self, game: GameProcess, socket: web.WebSocketResponse) -> None:
        """The game's screen, to the page, until the game ends; then close the page's socket."""
        async for kind, payload in game.packets():
            if kind == b"D":
                if not await send_bytes(socket, payload):
                    break
            elif kind == b"M" and _meta_type(payload) == "exit":
                break  # the app stopped; the process ends next
            # other meta (open a URL, deliver a file) is not for this page: solo never asks it
        await game.stop(self.grace)
        if self.stopping:
            await tell(socket, STOPPED_MESSAGE)
            return
        failure = game.failure()
        if failure:  # the operator reads it too
            print(f"solo serve: a tab's game (process {game.pid}) ended: {failure}", file=sys.stderr, flush=True)
        await tell(socket, failure)

    async def stop_games(self) -> None:
        """Stop every game at once (see the module's docstring)."""
        self.stopping = True
        await asyncio.gather(*(game.stop(self.grace) for game in list(self.games)))

    async def run(self, host: str, port: int, on_ready: Callable[[], None] = lambda: None) -> None:
        """Serve until SIGTERM, SIGINT or SIGHUP (or Ctrl-C where signals cannot be caught)."""
        runner = web.AppRunner(self.application(), handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await runner.setup()
        try:
            await web.TCPSite(runner, host, port).start()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for name in ("SIGTERM", "SIGINT", "SIGHUP"):
                try:
                    loop.add_signal_handler(getattr(signal, name), stop.set)
                except (AttributeError, NotImplementedError, RuntimeError):
                    pass  # this system cannot: Ctrl-C ends the loop instead
            on_ready()
            try:
                await stop.wait()
            finally:
                await self.stop_games()
        finally:
            await runner.cleanup()


async def tell(socket: web.WebSocketResponse, message: str) -> None:
    """Say ``message`` on the page (nothing when it is empty), and close its socket."""
    if message:
        await send_text(socket, json.dumps(["solo", {"message": message}]))
    if not socket.closed:
        try:
            await socket.close()
        except (ConnectionError, RuntimeError):
            pass


async def send_text(socket: web.WebSocketResponse, text: str) -> bool:
    if socket.closed:
        return False
    try:
        await socket.send_str(text)
    except (ConnectionError, RuntimeError):
        return False
    return True


async def send_bytes(socket: web.WebSocketResponse, data: bytes) -> bool:
    if socket.closed:
        return False
    try:
        await socket.send_bytes(data)
    except (ConnectionError, RuntimeError):
        return False
    return True


def _meta_type(payload: bytes) -> str | None:
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    return data.get("type") if isinstance(data, dict) else None
