"""``vtm-tui serve``: loopback by default, a warning on every start, a clear message without textual-serve."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from vtm_tui.cli import main
from vtm_tui.commands import serve

EXAMPLE = Path(__file__).resolve().parents[2] / "campaigns" / "lisboa-nocturna"


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    target = tmp_path / "lisboa"
    shutil.copytree(EXAMPLE, target)
    return target


def test_the_warning_says_there_is_no_authentication_and_how_to_add_one() -> None:
    text = serve.warning("127.0.0.1", 8000, "Marta")
    assert "no authentication" in text and "ssh -L 8000:127.0.0.1:8000" in text and "Marta's seat" in text
    wide = serve.warning("0.0.0.0", 8080, None)
    assert "storyteller's app" in wide and "reverse proxy with authentication" in wide


def test_the_command_each_tab_runs_is_this_python_and_this_chronicle(chronicle: Path) -> None:
    command = serve.app_command(chronicle, "Ana Lúcia")
    assert command.startswith(sys.executable) and "-m vtm_tui" in command and "--player 'Ana Lúcia'" in command


def test_a_missing_textual_serve_says_how_to_install_it(chronicle: Path, monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # imports as if it were not installed
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    assert main(["serve", str(chronicle)]) == 2
    err = capsys.readouterr().err
    assert "pip install 'vtm-tui[serve]'" in err and err.count("\n") == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "0"], "--port: 0 is out of range (1-65535)"),
    (["--port", "http"], "--port: 'http' is not a port number"),
])
def test_bad_ports_name_the_option_and_range(chronicle: Path, capsys, args: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["serve", str(chronicle), *args])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_only_a_chronicle_is_served(tmp_path: Path, capsys) -> None:
    assert main(["serve", str(tmp_path)]) == 2
    assert "not a chronicle" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_answers_a_browser_on_loopback(chronicle: Path, tmp_path: Path) -> None:
    pytest.importorskip("textual_serve", reason="textual-serve is an optional extra: pip install 'vtm-tui[serve]'")
    port = _free_port()
    env = {**os.environ, "VTM_TUI_CACHE": str(tmp_path / "cache")}
    process = subprocess.Popen([sys.executable, "-m", "vtm_tui", "serve", str(chronicle), "--port", str(port),
                                "--player", "Marta"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    try:
        first = process.stderr.readline().decode()  # the link, with the token the page asks for
        link = first.split()[2]
        assert link.startswith(f"http://127.0.0.1:{port}/?token="), first
        deadline = time.monotonic() + 30
        page = ""
        while time.monotonic() < deadline and not page:
            try:
                with urllib.request.urlopen(link, timeout=2) as reply:
                    page = reply.read().decode("utf-8", "replace")
            except OSError:
                if process.poll() is not None:
                    break
                time.sleep(0.2)
        assert "vtm-tui" in page, process.stderr.read1().decode() if process.poll() is not None else page[:300]
    finally:
        os.killpg(process.pid, 15)
        _, err = process.communicate(timeout=20)
    assert "anyone who has this link" in first and err is not None  # the rest of the warning: test above
