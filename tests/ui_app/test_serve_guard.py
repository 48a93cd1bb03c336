"""``solo serve``'s guards without a browser: which requests it answers, how many games, what size,
what the page is told, and that a served game cannot pick where it writes.

The end-to-end versions (a real server, Chromium, kill signals) are in ``test_browser_guard.py``.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from click.testing import CliRunner

from solo.cli import cli
from solo.saves import SaveStore
from solo.session import new_session
from solo.ui import commands
from solo.ui.app.game_process import game_command, one_line, packet
from solo.ui.app.web_gate import Gate, OriginError, host_name, parse_origin
from solo.ui.app.web_limits import MOST_COLUMNS, MOST_ROWS, Seats, clamp_size, page_message
from solo.ui.commands import Context
from solo.ui.words import Words

# -- Host and Origin -----------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST:8000",
                                  "192.168.1.5:8000", "app.localhost:8000", "localhost"])
def test_the_names_of_this_machine_and_its_addresses_are_answered(host):
    assert Gate.build("localhost").refusal(host, None) is None
    assert Gate.build("localhost").refusal(host, f"http://{host}") is None  # the page's own origin


@pytest.mark.parametrize("host", ["evil.example:8000", "localhost.evil.example:8000", "", None, "[::1"])
def test_a_foreign_name_is_refused_even_when_it_resolves_here(host):
    """DNS rebinding: a page on evil.example whose name now points at 127.0.0.1."""
    reason = Gate.build("localhost").refusal(host, None)
    assert reason is not None and reason.startswith("refused")


@pytest.mark.parametrize("origin", ["http://evil.example", "http://localhost:9999", "https://127.0.0.1:8001",
                                    "null", "file://", "chrome-extension://abc", "http://localhost:8000/x?y"])
def test_a_page_from_another_origin_is_refused(origin):
    reason = Gate.build("localhost").refusal("localhost:8000", origin)
    assert reason is not None and "not one of this server's pages" in reason


def test_a_reverse_proxy_is_answered_when_its_origin_is_allowed():
    gate = Gate.build("localhost", ["https://Games.Example.org/"])
    assert gate.refusal("games.example.org", "https://games.example.org") is None  # Host passed through
    assert gate.refusal("localhost:8000", "https://games.example.org") is None  # Host rewritten
    assert gate.refusal("localhost:8000", "https://other.example.org") is not None
    assert gate.refusal("other.example.org", None) is not None
    assert Gate.build("localhost").refusal("games.example.org", "https://games.example.org") is not None


def test_the_name_given_to_host_is_answered_unless_it_is_every_address():
    assert Gate.build("box.lan").refusal("box.lan:8000", "http://box.lan:8000") is None
    assert Gate.build("0.0.0.0").refusal("0.0.0.0:8000", None) is None  # an address
    assert Gate.build("0.0.0.0").refusal("box.lan:8000", None) is not None


def test_origins_are_normalised_and_bad_ones_named():
    assert parse_origin("HTTPS://Example.org:443") == "https://example.org"
    assert parse_origin("http://[::1]:8000") == "http://[::1]:8000"
    assert host_name("[::1]:8000") == "::1" and host_name("Box:1") == "box"
    for bad in ("example.org", "ftp://example.org", "https://example.org/path", "https://example.org:99999",
                "https://user@example.org"):
        with pytest.raises(OriginError, match="not an origin"):
            parse_origin(bad)


def test_serve_refuses_a_bad_allow_origin_in_one_line():
    result = CliRunner().invoke(cli, ["serve", "--allow-origin", "games.example.org"])
    assert result.exit_code == 2
    assert "--allow-origin" in result.output and "http:// or https://" in result.output
    assert "Traceback" not in result.output


def test_serve_help_documents_the_guards():
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--allow-origin" in result.output and "--max-games" in result.output


# -- sizes, messages, seats ----------------------------------------------------------------------


def test_a_page_cannot_ask_for_a_giant_or_broken_terminal():
    assert clamp_size(10000, 10000) == (MOST_COLUMNS, MOST_ROWS)
    assert clamp_size("120", "40") == (120, 40)
    assert clamp_size(-5, 0)[0] >= 1 and clamp_size(-5, 0)[1] >= 1
    assert clamp_size(None, "tall") == (80, 24)
    assert clamp_size(True, 3.5) == (80, 24)
    assert page_message(json.dumps(["resize", {"width": 99999, "height": 99999}])) == ("resize", (MOST_COLUMNS, MOST_ROWS))


@pytest.mark.parametrize("text", ["not json", "{}", "[]", "[1]", '["stdin", 5]', '["resize", 3]', '["other"]',
                                  '["ping", {"a": 1}]'])
def test_what_the_page_never_sends_is_ignored(text):
    assert page_message(text) is None


def test_seats_run_out_and_come_back():
    seats = Seats(2)
    assert seats.take() and seats.take() and not seats.take()
    seats.free()
    assert seats.take()
    assert "runs 2 games," in seats.full_message()


def test_what_a_failed_game_wrote_becomes_one_plain_line():
    text = "Traceback...\n\x1b[31msolo: slots 'x' to x-99 are all in use\x1b[0m\n\x1b]8;;http://evil\x07more\n"
    assert one_line(text) == "slots 'x' to x-99 are all in use"
    assert one_line("boom\nValueError: bad\n") == "ValueError: bad"
    assert len(one_line("solo: " + "x" * 5000)) <= 400
    assert one_line("") == ""
    assert packet(b"D", b"abc") == b"D\x00\x00\x00\x03abc"


def test_each_tab_runs_the_served_game_without_a_shell():
    command = game_command(["play", "my adventure.yaml; rm -rf ~", "--full"])
    assert command[1:3] == ["-m", "solo.ui.app.served_game"]
    assert command[3:] == ["play", "my adventure.yaml; rm -rf ~", "--full"]


# -- the server, in this process (no game is started) --------------------------------------------


async def until(check, what: str, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, what
        await asyncio.sleep(0.05)


def game_server(*args, **options):
    """A GameServer; aiohttp (most of a second to import) is loaded only by the tests that serve."""
    from solo.ui.app.web_server import GameServer

    return GameServer(*args, **options)


def _with_client(server, check) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    async def main():
        async with TestClient(TestServer(server.application())) as client:
            await check(client)

    asyncio.run(main())


def test_the_server_answers_its_page_and_refuses_other_hosts_and_origins():
    server = game_server(["true"], gate=Gate.build("localhost"), seats=Seats(1))

    async def check(client):
        page = await client.get("/", headers={"Host": "localhost:8000"})
        assert page.status == 200
        assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
        assert "googleapis" not in await page.text()
        for headers in ({"Host": "evil.example:8000"}, {"Host": "localhost:8000", "Origin": "http://evil.example"}):
            refused = await client.get("/ws", headers=headers)
            assert refused.status == 403 and "refused" in await refused.text()
            assert (await client.get("/static/js/textual.js", headers=headers)).status == 403
        assert server.seats.taken == 0 and not server.games

    _with_client(server, check)


def test_a_tab_beyond_the_limit_is_told_so_on_the_page_and_starts_nothing():
    server = game_server(["true"], gate=Gate.build("localhost"), seats=Seats(1))
    server.seats.take()  # another tab plays

    from aiohttp import WSMsgType

    async def check(client):
        socket = await client.ws_connect("/ws", headers={"Host": "localhost:8000", "Origin": "http://localhost:8000"})
        message = await socket.receive(timeout=10)
        assert message.type == WSMsgType.TEXT
        kind, data = json.loads(message.data)
        assert kind == "solo" and "already runs 1 game," in data["message"]
        assert (await socket.receive(timeout=10)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
        assert not server.games and server.seats.taken == 1

    _with_client(server, check)


@pytest.mark.e2e
def test_a_game_that_cannot_start_says_why_on_the_page(tmp_path):
    """The game's own words (its last ``solo:`` line) reach the page, not only the server's console."""
    import sys

    from aiohttp import WSMsgType

    failing = [sys.executable, "-c", "import sys; sys.stderr.write('solo: no free slot here\\n'); sys.exit(1)"]
    server = game_server(failing, gate=Gate.build("localhost"), seats=Seats(1))

    async def check(client):
        socket = await client.ws_connect("/ws", headers={"Host": "localhost:8000"})
        message = await socket.receive(timeout=30)
        assert json.loads(message.data) == ["solo", {"message": "The game could not start: no free slot here"}]
        assert (await socket.receive(timeout=10)).type in (WSMsgType.CLOSE, WSMsgType.CLOSED)
        await until(lambda: server.seats.taken == 0, "the seat was never freed")

    _with_client(server, check)


# -- :save FOLDER/ in a served game --------------------------------------------------------------


class Told:
    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def info(self, kind, text, data=None):
        self.said.append((kind, text))

    def show(self, events): ...
    def view(self, kind, data): ...
    def ask(self, offered): ...
    def confirm(self, question): return False


def test_a_served_game_saves_only_in_its_folder(tmp_path, monkeypatch):
    session = new_session("supply-ship", store=SaveStore(tmp_path / "saves"), slot="web", seed=3)
    session.game.start()
    front = Told()
    ctx = Context(session, front, Words(session.adventure, session.game))
    monkeypatch.setattr(commands, "OTHER_FOLDERS", False)
    for elsewhere in (f"{tmp_path}/elsewhere/", "~/x/", "../up", "./here"):
        commands.run(ctx, f":save {elsewhere}")
        assert front.said[-1][0] == "refused" and "only in the server's save folder" in front.said[-1][1]
    assert not (tmp_path / "elsewhere").exists() and session.store.folder == tmp_path / "saves"
    commands.run(ctx, ":save copy")  # another slot in the same folder is fine
    assert (tmp_path / "saves" / "copy.json").exists()


def test_a_port_in_use_is_one_line_not_a_traceback(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--host", "127.0.0.1", "--port", str(port), "--save-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert f"cannot serve on 127.0.0.1:{port}" in result.output and "Traceback" not in result.output
