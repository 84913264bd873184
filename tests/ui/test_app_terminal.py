"""The real program on a pseudo-terminal (as over SSH, 80×24): it draws, switches screens on keys, quits on
``q`` with status 0 and hands the terminal back (leaves the alternate screen, shows the cursor)."""

from __future__ import annotations

import os
import sys

import pytest

from benchmarks.ptyrun import PtyProgram

pytestmark = pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")), reason="needs a pty")



def test_starts_switches_and_quits_cleanly_on_a_terminal(campaigns, tmp_path):
    env = {"VTM_TUI_KEYMAP": str(tmp_path / "none.toml"), "PYTHONPATH": os.getcwd() + os.pathsep + str(
        __import__("pathlib").Path(__file__).resolve().parents[2])}
    program = PtyProgram([sys.executable, "-m", "vtm_tui", str(campaigns / "lisboa-nocturna")], env=env)
    program.start()
    try:
        program.read_until(b"Lisboa Nocturna", timeout=60)
        program.send(b"3")
        program.read_until(b"\xe2\x80\x94 log", timeout=30)  # "— log" in the header
        program.send(b"1")
        program.read_until(b"\xe2\x80\x94 coterie", timeout=30)
        program.send(b"q")
        code = program.wait_exit()
    finally:
        program.stop()
    output = bytes(program.output)
    assert code == 0
    assert b"Traceback" not in output
    assert output.rfind(b"\x1b[?1049l") > output.rfind(b"\x1b[?1049h")  # left the alternate screen
    assert output.rfind(b"\x1b[?25h") > output.rfind(b"\x1b[?25l")  # the cursor is shown again
