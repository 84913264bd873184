"""``vtm-tui serve PATH``: the app in a web browser, for players without an SSH client, via textual-serve.

Each browser tab that opens the page starts its own ``vtm-tui PATH [--player
NAME]`` process (textual-serve's model), so every tab is a seat like an SSH
login, with its own seat file (``via = "web"``). textual-serve is an optional
extra (``pip install 'vtm-tui[serve]'``) imported only here, when the command
runs, so the rest of the tool never pays for aiohttp.

textual-serve has **no authentication of its own**: anyone who can reach the
port gets the app. So it binds to 127.0.0.1 by default, and the command says so
on every start, with how to put it behind something that does authenticate
(an SSH tunnel, or a reverse proxy with a password and TLS). Binding to another
address is allowed, with a louder warning. On top of that the server refuses
websockets from other pages' origins and asks for a random token printed at
start (:mod:`vtm_tui.commands.serve_guard`), so a web page open in the same
browser cannot drive the app through the tunnel.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from vtm_tui.errors import VtmError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
LOOPBACK = ("127.0.0.1", "localhost", "::1")
INSTALL_HINT = "pip install 'vtm-tui[serve]'  (or: pip install textual-serve)"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "serve", help="serve the app to web browsers (textual-serve; no authentication of its own)",
        description="Serve the app to web browsers with textual-serve. Each browser tab runs its own seat. "
                    "There is no authentication: keep the default loopback address and reach it through an SSH "
                    "tunnel, or put an authenticating reverse proxy in front.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"the address to listen on (default {DEFAULT_HOST})")
    parser.add_argument("--port", default=DEFAULT_PORT, type=_port, help=f"the port (default {DEFAULT_PORT})")
    parser.add_argument("--player", metavar="NAME", help="every tab opens this player's seat (default: the "
                                                         "storyteller's app)")
    parser.add_argument("--public-url", metavar="URL", help="the address browsers use, when it is not "
                                                            "http://HOST:PORT (behind a proxy)")
    parser.set_defaults(func=run)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (1-65535)") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is out of range (1-65535)")
    return value


def app_command(path: Path, player: str | None = None) -> str:
    """The shell command each browser tab runs: this Python, this package, this chronicle."""
    parts = [sys.executable, "-m", "vtm_tui", str(path)]
    if player:
        parts += ["--player", player]
    return shlex.join(parts)


def warning(host: str, port: int, player: str | None, token: str = "", public_url: str | None = None) -> str:
    """What the storyteller must read before anyone connects."""
    who = f"{player}'s seat" if player else "the storyteller's app (every sheet, every secret)"
    base = (public_url or f"http://{_url_host(host)}:{port}").rstrip("/")
    lines = [
        f"vtm-tui serve: {base}/?token={token} gives {who} to anyone who has this link.",
        "Share it only with them; the token changes on every start, and other web pages are refused.",
        "WARNING: textual-serve has no authentication of its own: the token is the only password.",
    ] if token else [
        f"vtm-tui serve: http://{_url_host(host)}:{port} gives {who} to anyone who can reach it.",
        "WARNING: textual-serve has no authentication of its own.",
    ]
    if host in LOOPBACK:
        lines.append(f"It listens on {host} only. Players reach it through an SSH tunnel "
                     f"(ssh -L {port}:127.0.0.1:{port} you@server, then http://127.0.0.1:{port}),")
        lines.append("or put a reverse proxy that asks for a password (and serves TLS) in front of it.")
    else:
        lines.append(f"It listens on {host}: put it behind a reverse proxy with authentication and TLS "
                     "(e.g. nginx or Caddy with basic auth), or use --host 127.0.0.1 and an SSH tunnel.")
        if token and not public_url:
            lines.append("Give --public-url the address browsers open: pages from any other address are refused.")
    return "\n".join(lines)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def load_server():  # noqa: ANN201 - textual_serve.server.Server
    """textual-serve's Server class, or a VtmError that says how to install it."""
    try:
        from textual_serve.server import Server
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in ("textual_serve", "aiohttp", "aiohttp_jinja2"):
            raise VtmError(f"vtm-tui serve needs textual-serve, which is not installed; {INSTALL_HINT}") from None
        raise
    return Server


def run(args: argparse.Namespace) -> int:
    from vtm_tui.store.paths import is_chronicle_dir

    path = Path(args.path).expanduser().resolve()
    if not is_chronicle_dir(path):
        raise VtmError(f"{args.path}: not a chronicle (no chronicle.toml); serve a chronicle's folder")
    if args.player is not None and not args.player.strip():
        raise VtmError("--player: the name is empty")
    from vtm_tui.commands.serve_guard import guarded_server_class, new_token

    server_class = guarded_server_class(load_server())
    token = new_token()
    print(warning(args.host, args.port, args.player, token, args.public_url), file=sys.stderr, flush=True)
    os.environ["VTM_TUI_VIA"] = "web"  # each tab's seat file says it came from a browser
    title = f"vtm-tui · {path.name}" + (f" · {args.player}" if args.player else "")
    server = server_class(app_command(path, args.player), token=token, host=args.host, port=args.port, title=title,
                          public_url=args.public_url)
    server.serve()
    return 0
