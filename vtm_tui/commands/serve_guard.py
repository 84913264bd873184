"""What ``vtm-tui serve`` adds to textual-serve: only our own page, opened with its token, drives the app.

textual-serve accepts any websocket, so any web page open in a browser that can
reach the port (through the README's SSH tunnel: every page on the player's
machine) could open the seat, or without ``--player`` the storyteller's app with
every secret. Two checks close that:

- **Origin.** A browser names the page that opens a websocket in its ``Origin``
  header; only the server's own addresses (``--public-url``, and the address it
  listens on, with ``localhost``/``127.0.0.1``/``[::1]`` for a loopback one) are
  accepted. Another page gets 403 and no process is started.
- **A token**, random on every start and printed with the link to open
  (``http://127.0.0.1:8000/?token=…``). The page is only served with it, and it
  is handed to the browser as an HttpOnly, SameSite=Strict cookie, which the
  page's own websocket sends back (a non-browser client may put ``?token=`` on
  the websocket's URL). This also stops a DNS-rebinding page, whose Origin would
  match its own Host: it never has the cookie.

textual-serve's logging shows tracebacks with local variables; the server logs
plain lines instead (no local variable reaches a terminal).
"""

from __future__ import annotations

import hmac
import logging
import secrets
from typing import Any
from urllib.parse import urlsplit

#: The cookie the page's websocket carries the token in.
COOKIE = "vtm_serve_token"
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")


def new_token() -> str:
    """A fresh random token (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def allowed_origins(host: str, port: int, public_url: str | None) -> frozenset[str]:
    """The ``Origin`` values a websocket may come from: the public URL's, and the listening address's."""
    origins: set[str] = set()
    if public_url:
        parts = urlsplit(public_url)
        if parts.scheme and parts.netloc:
            origins.add(f"{parts.scheme}://{parts.netloc}".lower())
    shown = f"[{host}]" if ":" in host else host
    names = LOOPBACK_NAMES if shown in ("127.0.0.1", "localhost", "[::1]") else (shown,)
    for name in names:
        origins.add(f"http://{name}:{port}".lower())
        if port == 80:
            origins.add(f"http://{name}")
    return frozenset(origins)


def token_matches(given: str | None, token: str) -> bool:
    return bool(given) and hmac.compare_digest(str(given).encode(), token.encode())


def guarded_server_class(server_class: type) -> type:
    """A subclass of textual-serve's ``Server`` that checks Origin and token (imports aiohttp on first use)."""
    from aiohttp import web

    class GuardedServer(server_class):  # type: ignore[misc, valid-type]
        """textual-serve's server, refusing other origins and requests without the token."""

        def __init__(self, command: str, *, token: str, **kwargs: Any) -> None:
            super().__init__(command, **kwargs)
            self.token = token
            self.origins = allowed_origins(self.host, self.port, kwargs.get("public_url"))

        def initialize_logging(self) -> None:
            logging.basicConfig(level="DEBUG" if self.debug else "INFO", format="vtm-tui serve: %(message)s")

        def _has_token(self, request: web.Request) -> bool:
            return (token_matches(request.cookies.get(COOKIE), self.token)
                    or token_matches(request.query.get("token"), self.token))

        async def handle_index(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
            if not self._has_token(request):
                raise web.HTTPForbidden(text="vtm-tui serve: open the link with its token, as printed when the "
                                             "server started (ask the storyteller for it).\n")
            response = await super().handle_index(request)
            if token_matches(request.query.get("token"), self.token):
                response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict", path="/")
            return response

        async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
            origin = request.headers.get("Origin")
            if origin is not None and origin.lower() not in self.origins:
                logging.getLogger("vtm_tui.serve").warning("refused a websocket from another page: %r", origin[:200])
                raise web.HTTPForbidden(text="vtm-tui serve: websockets from another site are refused.\n")
            if not self._has_token(request):
                raise web.HTTPForbidden(text="vtm-tui serve: no token; open the link printed at start.\n")
            return await super().handle_websocket(request)

        async def handle_download(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
            if not self._has_token(request):
                raise web.HTTPForbidden(text="vtm-tui serve: no token.\n")
            return await super().handle_download(request)

    return GuardedServer
