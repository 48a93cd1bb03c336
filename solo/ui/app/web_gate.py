"""Which requests ``solo serve`` answers: its own page, asked for by a name the server goes by.

Two checks, both on headers every browser sends and no web page can forge:

- **Host** (against DNS rebinding: a foreign name that resolves to this machine). Answered:
  ``localhost`` and its subdomains, any IP address (a rebinding page can only use a name), the
  name given to ``--host``, and the host of every ``--allow-origin``. The port is not compared:
  the name is what a foreign site controls.
- **Origin** (against another site's page opening the game's WebSocket or reading the page).
  Answered: no Origin at all (a browser navigating, or a program that is not a browser), the
  page's own origin (``http://`` or ``https://`` plus the Host header), and every
  ``--allow-origin`` (for a reverse proxy whose public address differs from the Host it
  forwards). ``null`` (a sandboxed frame, a file) is refused.

A refusal is a reason in words (:meth:`Gate.refusal`); the server answers it with 403.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from solo.errors import SoloError

#: Listening on these means every address of the machine: no one name is the server's own.
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::", "*"})


class OriginError(SoloError, ValueError):
    """An ``--allow-origin`` that is not ``scheme://host[:port]``."""


def parse_origin(text: str) -> str:
    """``text`` as an origin (``https://games.example.org``, ``http://10.0.0.2:8080``), normalised;
    :class:`OriginError` saying what is wrong otherwise."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https"):
        raise OriginError(f"{text!r} is not an origin: it must start with http:// or https://")
    if not parts.hostname or parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise OriginError(f"{text!r} is not an origin: give only scheme://host[:port], e.g. https://games.example.org")
    try:
        port = parts.port
    except ValueError:
        raise OriginError(f"{text!r} is not an origin: its port is not a number from 1 to 65535") from None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def host_name(host_header: str) -> str:
    """The name in a Host header, lower case, without its port (``[::1]:8000`` -> ``::1``); "" when
    the header is no name."""
    text = host_header.strip().lower()
    if text.startswith("["):  # an IPv6 address: [::1] or [::1]:8000
        name, closed, rest = text[1:].partition("]")
        return name if closed and (rest == "" or rest.startswith(":")) else ""
    return text.rsplit(":", 1)[0] if text.count(":") == 1 else text


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class Gate:
    """The names and origins one server answers (see the module's docstring)."""

    listen_host: str = "localhost"
    allowed_origins: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def build(cls, listen_host: str, allow_origins: list[str] | tuple[str, ...] = ()) -> "Gate":
        """A gate for a server listening on ``listen_host``; :class:`OriginError` for a bad origin."""
        return cls(listen_host, frozenset(parse_origin(o) for o in allow_origins))

    def known_name(self, name: str) -> bool:
        """Whether a Host header's name is one this server goes by."""
        if not name:
            return False
        if name == "localhost" or name.endswith(".localhost") or _is_address(name):
            return True
        if self.listen_host.lower() not in WILDCARD_HOSTS and name == host_name(self.listen_host):
            return True
        return any(host_name(urlsplit(o).netloc) == name for o in self.allowed_origins)

    def refusal(self, host_header: str | None, origin: str | None) -> str | None:
        """Why a request with these headers is refused; None when it is answered."""
        host = (host_header or "").strip()
        if not self.known_name(host_name(host)):
            return (f"refused: this server does not answer to the name {host or '(none)'!r} "
                    "(solo serve --allow-origin adds one)")
        if origin is None:
            return None
        try:
            origin_text = parse_origin(origin)
        except OriginError:
            return f"refused: the page asking ({origin!r}) is not one of this server's pages"
        if origin_text in self.allowed_origins:
            return None
        if origin_text in _own_origins(host):
            return None
        return (f"refused: the page asking ({origin_text}) is not one of this server's pages "
                "(solo serve --allow-origin adds one)")


def _own_origins(host_header: str) -> set[str]:
    """The origins of a page served under this Host header (http and https: behind a TLS proxy)."""
    own = set()
    for scheme in ("http", "https"):
        try:
            own.add(parse_origin(f"{scheme}://{host_header}"))
        except OriginError:
            pass  # a Host header that is no address: nothing is its own
    return own
