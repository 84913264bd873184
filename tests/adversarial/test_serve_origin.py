"""Issue 14, finding 10: ``vtm-tui serve`` accepted a websocket from any web page. It now refuses other origins
and asks for the random token printed at start. Skipped only when textual-serve (an optional extra) is missing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="textual-serve is an optional extra: pip install 'vtm-tui[serve]'")

from aiohttp import web  # noqa: E402
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402
from textual_serve.server import Server  # noqa: E402

from vtm_tui.commands import serve  # noqa: E402
from vtm_tui.commands.serve_guard import COOKIE, allowed_origins, guarded_server_class  # noqa: E402

TOKEN = "s3cret-token-for-the-test"
PORT = 8765
OURS = f"http://127.0.0.1:{PORT}"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """textual-serve's own websocket handler, replaced: it would start the app; here it records who got in."""
    opened: list[str] = []

    async def accept(self, request: web.Request) -> web.StreamResponse:
        opened.append(request.headers.get("Origin", ""))
        websocket = web.WebSocketResponse()
        await websocket.prepare(request)
        await websocket.close()
        return websocket

    monkeypatch.setattr(Server, "handle_websocket", accept)
    return opened


async def _client(public_url: str | None = None) -> TestClient:
    server = guarded_server_class(Server)("true", token=TOKEN, host="127.0.0.1", port=PORT, public_url=public_url)
    client = TestClient(TestServer(await server._make_app()))
    await client.start_server()
    return client


def _run(body) -> None:  # noqa: ANN001
    asyncio.run(body())


def test_a_websocket_from_another_page_is_refused_and_starts_nothing(started: list[str]) -> None:
    async def body() -> None:
        client = await _client()
        try:
            client.session.cookie_jar.update_cookies({COOKIE: TOKEN})  # even with the token
            reply = await client.get("/ws", headers={"Origin": "http://evil.example", "Connection": "Upgrade",
                                                     "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
            assert reply.status == 403
        finally:
            await client.close()

    _run(body)
    assert started == []


def test_our_own_page_with_its_token_gets_in(started: list[str]) -> None:
    async def body() -> None:
        client = await _client()
        try:
            page = await client.get(f"/?token={TOKEN}")
            assert page.status == 200 and COOKIE in page.cookies
            socket = await client.ws_connect("/ws", headers={"Origin": OURS})  # the cookie goes with it
            await socket.close()
        finally:
            await client.close()

    _run(body)
    assert started == [OURS]


def test_without_the_token_nothing_is_served(started: list[str]) -> None:
    async def body() -> None:
        client = await _client()
        try:
            assert (await client.get("/")).status == 403
            assert (await client.get("/?token=guess")).status == 403
            reply = await client.get("/ws", headers={"Origin": OURS, "Connection": "Upgrade",
                                                     "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
            assert reply.status == 403
            socket = await client.ws_connect(f"/ws?token={TOKEN}")  # a client that is no browser: the token
            await socket.close()
        finally:
            await client.close()

    _run(body)
    assert started == [""]


def test_the_origins_are_the_servers_own_addresses() -> None:
    assert allowed_origins("127.0.0.1", 8000, None) == {
        "http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"}
    behind = allowed_origins("127.0.0.1", 8000, "https://table.example.org/vtm")
    assert "https://table.example.org" in behind and "http://evil.example" not in behind


def test_the_warning_prints_the_link_with_the_token_and_quotes_the_name_once() -> None:
    text = serve.warning("127.0.0.1", 8000, "Marta", "abc123")
    assert "http://127.0.0.1:8000/?token=abc123" in text and "Marta's seat" in text and "'Marta'" not in text


def test_every_start_has_a_new_token(tmp_path: Path) -> None:
    from vtm_tui.commands.serve_guard import new_token

    assert len({new_token() for _ in range(5)}) == 5 and len(new_token()) >= 20


def test_a_wide_address_without_a_public_url_says_which_pages_get_in() -> None:
    text = serve.warning("0.0.0.0", 8080, None, "abc123")
    assert "--public-url" in text and "refused" in text
    assert allowed_origins("0.0.0.0", 8080, "https://vtm.example.org") >= {"https://vtm.example.org"}
