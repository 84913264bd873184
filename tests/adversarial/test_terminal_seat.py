"""What a player's terminal can send never kills, bloats or orphans a seat.

The real program on a pseudo-terminal, as sshd gives it to a forced command: stray bytes that are not UTF-8,
a terminal that claims to be 3000×3000 (by a window change or an in-band report), a terminal that goes
away (the pty closed, with SIGHUP ignored so only the end of input tells), and a login with no terminal
at all (``ssh -T``).
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from benchmarks.ptyrun import PtyProgram
from vtm_tui.ui.textual_compat import MAX_SIZE, clamp_size

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "campaigns" / "lisboa-nocturna"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pty")


def seat_env(tmp_path: Path) -> dict[str, str]:
    return {"VTM_TUI_LOG_DIR": str(tmp_path / "logs"), "VTM_TUI_KEYMAP": str(tmp_path / "none.toml"),
            "VTM_TUI_CACHE": str(tmp_path / "cache"), "TEXTUAL_ANIMATIONS": "none", "PYTHONPATH": str(REPO)}


def chronicle_copy(tmp_path: Path) -> Path:
    target = tmp_path / "srv" / "chronicle"
    shutil.copytree(EXAMPLE, target)
    return target


def exit_code(program: PtyProgram, timeout: float = 60.0) -> int:
    """Wait (bounded) for the program to end, reading what it writes meanwhile."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if program.fd >= 0:
            try:
                program.read_until(None, quiet=0.2, timeout=1.0)
            except (TimeoutError, OSError):
                pass
        else:
            time.sleep(0.1)
        done, status = os.waitpid(program.pid, os.WNOHANG)
        if done:
            program.pid = 0
            return os.waitstatus_to_exitcode(status)
    raise AssertionError(f"the seat did not end; it wrote:\n{bytes(program.output)[-1500:]!r}")


def start_seat(tmp_path: Path, chronicle: Path, *, prefix: list[str] | None = None) -> PtyProgram:
    argv = [*(prefix or []), sys.executable, "-m", "vtm_tui", str(chronicle), "--player", "Marta"]
    program = PtyProgram(argv, env=seat_env(tmp_path), columns=100, rows=30).start()
    program.read_until(b"seat", timeout=60)
    return program


def test_clamp_size_keeps_real_screens_and_caps_claims() -> None:
    assert clamp_size(80, 24) == (80, 24)
    assert clamp_size(3000, 3000) == MAX_SIZE
    assert clamp_size(0, -5) == (1, 1)


def test_stray_bytes_from_the_terminal_do_not_kill_the_seat(tmp_path) -> None:
    program = start_seat(tmp_path, chronicle_copy(tmp_path))
    try:
        program.send(b"\xff")
        program.send(b"\xfe\xc3(\x80\xed\xa0\x80")
        program.read_until(None, quiet=0.5, timeout=10)
        program.send(b"q")
        code = exit_code(program)
    finally:
        program.stop()
    output = bytes(program.output)
    assert code == 0, output[-1500:]
    assert b"Traceback" not in output and b"UnicodeDecodeError" not in output and b"unexpected error" not in output


def _rows_addressed(output: bytes) -> int:
    """The highest row the program moved the cursor to (CSI row;col H)."""
    rows = [int(m.group(1)) for m in re.finditer(rb"\x1b\[(\d+);\d+H", output)]
    return max(rows, default=0)


def test_a_terminal_claiming_3000_by_3000_is_laid_out_clamped(tmp_path) -> None:
    program = start_seat(tmp_path, chronicle_copy(tmp_path))
    try:
        mark = len(program.output)
        fcntl.ioctl(program.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 3000, 3000, 0, 0))  # sends SIGWINCH
        program.read_until(None, quiet=1.0, timeout=30)
        program.send(b"\x1b[48;3000;3000;0;0t")  # the same claim, in band
        program.read_until(None, quiet=1.0, timeout=30)
        resized = bytes(program.output[mark:])
        program.send(b"q")
        code = exit_code(program)
    finally:
        program.stop()
    assert code == 0
    assert 30 < _rows_addressed(resized) <= MAX_SIZE[1]  # it did grow, up to the clamp and no further


def test_a_seat_ends_and_leaves_when_its_terminal_goes_away(tmp_path) -> None:
    """SIGHUP ignored (as some wrappers do): the end of input alone must end the seat, not spin forever."""
    chronicle = chronicle_copy(tmp_path)
    ignore_hup = [sys.executable, "-c", "import os, signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
                  "os.execv(sys.argv[1], sys.argv[1:])"]
    program = start_seat(tmp_path, chronicle, prefix=ignore_hup)
    seats = chronicle / ".seats"
    try:
        deadline = time.monotonic() + 30
        while not list(seats.glob("*.toml")) and time.monotonic() < deadline:
            program.read_until(None, quiet=0.2, timeout=1)
        assert list(seats.glob("*.toml")), "the seat never sat down"
        os.close(program.fd)  # the terminal is gone
        program.fd = -1
        code = exit_code(program, timeout=30)
    finally:
        program.stop()
    assert code != 0
    assert not list(seats.glob("*.toml"))


def test_a_seat_without_a_terminal_says_so_and_ends(tmp_path) -> None:
    chronicle = chronicle_copy(tmp_path)
    env = {**os.environ, **seat_env(tmp_path)}
    env.pop("TEXTUAL_DRIVER", None)
    done = subprocess.run([sys.executable, "-m", "vtm_tui", str(chronicle), "--player", "Marta"], env=env,
                          capture_output=True, text=True, timeout=60, input="")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "needs a terminal" in done.stderr and "ssh -t" in done.stderr
    assert "\x1b[" not in done.stdout + done.stderr
    assert not list((chronicle / ".seats").glob("*.toml"))


def test_the_private_overrides_match_the_installed_textual() -> None:
    """Upgrading Textual past the tested range must be a decision: textual_compat's overrides copy its internals."""
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.textual_compat import SeatDriver, check_version

    assert check_version()
    assert not check_version("9.0.0") and not check_version("nonsense")
    from importlib.metadata import version

    from vtm_tui.ui.textual_compat import textual_version

    assert textual_version() == version("textual")  # read from the dist-info, without importlib.metadata
    assert textual_version.cache_info().currsize == 1  # read once: each read searched the packages folder (5 ms)
    assert VtmApp().get_driver_class() is SeatDriver


def test_the_input_thread_waits_without_a_timeout_unless_an_esc_is_half_read() -> None:
    """An idle seat's input thread sleeps until a byte comes (Textual's woke ten times a second)."""
    from textual._xterm_parser import XTermParser

    from vtm_tui.ui.textual_compat import input_timeout

    parser = XTermParser()
    assert input_timeout(parser, True) is None
    list(parser.feed("\x1b"))  # a lone Esc: is it a key, or the start of a sequence? 0.1 s decides
    assert input_timeout(parser, True) == 0.1
    assert input_timeout(XTermParser(), False) == 0.1  # nothing to wake it on exit: Textual's wait


def test_a_lone_esc_still_closes_a_dialog_and_the_seat_still_quits(tmp_path) -> None:
    program = start_seat(tmp_path, chronicle_copy(tmp_path))
    try:
        program.read_until(None, quiet=0.5, timeout=10)
        program.send(b"r")
        program.read_until(b"Enter rolls", quiet=0.3, timeout=30)
        program.send(b"\x1b")  # alone: the parser's timeout turns it into the Esc key
        program.read_until(b"Marta's seat", quiet=0.3, timeout=10)  # the seat drawn again
        program.send(b"q")
        code = exit_code(program, timeout=20)  # the exit wakes the input thread: no wait for a key
    finally:
        program.stop()
    assert code == 0
