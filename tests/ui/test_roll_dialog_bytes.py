"""Issue 18: the full roll dialog is at most 4 KB on a seat's terminal (80×24), its first opening too.

The real program on a pseudo-terminal, as over SSH. The dialog was sent twice when it showed (the form's
changed part, then the whole screen in the same update), and its first opening four times: 13.8 KB. The
byte count is deterministic (no timing in it): each step waits until the app has drawn and gone quiet.
"""

from __future__ import annotations

import re
import sys

import pytest

from benchmarks.ptyrun import PtyProgram, lisboa_in_session

pytestmark = pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")), reason="needs a pty")

BUDGET = 4 * 1024


def _opened(seat: PtyProgram) -> bytes:
    mark = len(seat.output)
    seat.send(b"r")
    seat.read_until(b"Enter rolls", quiet=0.4, timeout=60)
    return bytes(seat.output[mark:])


def test_the_roll_dialog_fits_in_4_kb_on_a_seat_first_and_again() -> None:
    with lisboa_in_session("vtm-test-roll-bytes-") as (chronicle, env):
        seat = PtyProgram([sys.executable, "-m", "vtm_tui", str(chronicle), "--player", "Marta"], env=env).start()
        try:
            seat.read_until(b"Marta's seat", quiet=0.5, timeout=60)
            first = _opened(seat)
            seat.send(b"\r")  # roll, then close from the result page: the next opening swaps the pages back
            seat.read_until(b"new roll", quiet=0.3, timeout=30)
            seat.send(b"\x1b")
            seat.read_until(None, quiet=0.4, timeout=30)
            again = _opened(seat)
        finally:
            seat.stop()
    for sent in (first, again):
        assert len(sent) <= BUDGET, len(sent)
        text = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07", b"", sent).decode()
        assert "Roll — Inês Valadares" in text and "Exact odds" in text and "Comment" in text  # all of it
        assert len(re.findall(rb"\x1b\[1;1H", sent)) == 1  # drawn once
