"""Instructions a program executes, counted by valgrind's callgrind: the start-up figure that does not move.

A wall-clock start on this project's shared virtual machine moves by a third within a minute (one run of twelve
interleaved pairs read 1.08× to 1.70×), so a ratio within a few percent of its budget cannot be told from noise.
The number of instructions a process executes until its first paint barely moves from one run to the next:
a few hundredths of a percent on a quiet machine, up to half a percent seen with another process busy beside it
(Textual's timers and the interpreter's thread switches still go by the clock), where wall-clock ratios moved
by a third. Nothing here is a test; ``python -m benchmarks startup`` uses it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from benchmarks.ptyrun import PtyProgram

#: Long enough for a start under callgrind (about fifty times slower than a native run) on a busy machine.
TIMEOUT_SECONDS = 600.0


def have_valgrind() -> bool:
    return shutil.which("valgrind") is not None


def callgrind_total(text: str) -> int:
    """The instructions (event ``Ir``) a callgrind output file counted, all threads together.

    The file ends with ``totals:`` (its header has the same figures as ``summary:``); each holds one number per
    event of its ``events:`` line, in that order. Raises ValueError for a file with neither line (a run that
    ended before callgrind wrote its profile)."""
    events: list[str] = []
    totals: list[str] | None = None
    summary: list[str] | None = None
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        if key == "events":
            events = rest.split()
        elif key == "totals":
            totals = rest.split()
        elif key == "summary":
            summary = rest.split()
    figures = totals if totals is not None else summary
    if not figures:
        raise ValueError("callgrind's output has no totals: or summary: line")
    index = events.index("Ir") if "Ir" in events else 0
    return int(figures[index])


def count_instructions(argv: Sequence[str], env: dict[str, str], *, on_pty: bool = False) -> int:
    """Run ``argv`` under callgrind until it ends and return the instructions it executed.

    ``on_pty``: on an 80×24 pseudo-terminal, as ``benchmarks.ptyrun`` starts the real command (its output is
    read and dropped); otherwise with its output captured. valgrind's own messages go to a file, never to the
    program's terminal. Fails when the program fails or callgrind wrote no profile."""
    with tempfile.TemporaryDirectory(prefix="vtm-bench-callgrind-") as temp:
        out, log = Path(temp) / "callgrind.out", Path(temp) / "valgrind.log"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", f"--log-file={log}", *argv]
        if on_pty:
            program = PtyProgram(command, env=env).start()
            try:
                status = program.wait_exit(timeout=TIMEOUT_SECONDS)
            finally:
                program.stop()
        else:
            status = subprocess.run(command, env={**os.environ, **env}, capture_output=True,
                                    timeout=TIMEOUT_SECONDS).returncode
        if status != 0 or not out.exists():
            raise RuntimeError(f"{argv[:3]} under callgrind ended with {status}: {_tail(log)}")
        return callgrind_total(out.read_text())


def _tail(log: Path) -> str:
    try:
        return log.read_text()[-600:]
    except OSError:
        return "(no valgrind log)"
