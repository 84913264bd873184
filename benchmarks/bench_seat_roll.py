"""What one roll through the dialog costs the seat that makes it: CPU by phase, and the bytes of the dialog.

Budgets (issue 18): a server of 5 tables × (storyteller + 7 seats), every seat
rolling every 2 s, asks 17.5 rolls a second of a 2-core machine, so everything
one roll costs, the roller's dialog and every other app's new line, must stay
near 100 ms of CPU; the roller's share is budgeted at :data:`ROLL_CPU_BUDGET_MS`.
And the full roll dialog, drawn after ``r``, is at most 4 KB on the player's
terminal (what travels over SSH).

One real seat (``vtm-tui PATH --player Marta``) runs on an 80×24 pseudo-terminal
with ``TEXTUAL_ANIMATIONS=none``, as in ``benchmarks/bench_player.py``, and rolls
``r``, Tab ×8 to the comment, a short comment typed a key at a time, Enter, Esc
(the issue's keys), and, every other roll, the same with ``ctrl+t`` to the comment
(what the form's key line offers, and what ``benchmarks/bench_server.py`` types).
Each key waits until the app has drawn its effect. The CPU of the seat's process,
all its threads (``/proc/PID/task/*/schedstat``, in nanoseconds; ``/proc/PID/stat``'s
10 ms ticks where there is none), is read before and after each phase; the first
roll (which builds the dialog) is reported apart from the later ones (which open it again).
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

from benchmarks.figure import Figure
from benchmarks.ptyrun import PtyProgram, lisboa_in_session

ROLL_CPU_BUDGET_MS = 80.0
DIALOG_BYTES_BUDGET = 4 * 1024
TABS_TO_COMMENT = 8
#: The keys from the pool to the comment: the issue's Tabs, and the form's own key for it.
TO_COMMENT = {"tabs": [b"\t"] * TABS_TO_COMMENT, "ctrl+t": [b"\x14"]}
PHASES = ("open", "tabs", "type", "roll", "close")


def _cpu_ms(pid: int) -> float:
    """CPU time of every thread of ``pid`` so far, in ms (the scheduler's nanoseconds where it keeps them)."""
    total = 0
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            total += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
        return total / 1e6
    except (OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def _key(seat: PtyProgram, key: bytes, needle: bytes | None = None, quiet: float = 0.08) -> int:
    """Send one key and wait until its effect is drawn (``needle``, or any output) and the screen is quiet."""
    before = len(seat.output)
    seat.send(key)
    if needle is None:
        while len(seat.output) == before:  # something is drawn for every key of a roll
            seat.read_until(None, quiet=quiet, timeout=10)
    else:
        seat.read_until(needle, quiet=quiet, timeout=30)
    return len(seat.output) - before


def _roll(seat: PtyProgram, number: int, to_comment: list[bytes]) -> tuple[dict[str, float], int]:
    """One roll through the dialog: (CPU ms by phase, bytes from ``r`` until the dialog was drawn)."""
    spent: dict[str, float] = {}
    start = _cpu_ms(seat.pid)
    dialog_bytes = _key(seat, b"r", b"Enter rolls", quiet=0.3)
    spent["open"] = _cpu_ms(seat.pid) - start
    start = _cpu_ms(seat.pid)
    for key in to_comment:
        _key(seat, key)
    spent["tabs"] = _cpu_ms(seat.pid) - start
    start = _cpu_ms(seat.pid)
    for char in f"k{number:03d}":
        _key(seat, char.encode())
    spent["type"] = _cpu_ms(seat.pid) - start
    start = _cpu_ms(seat.pid)
    _key(seat, b"\r", b"new roll", quiet=0.2)
    spent["roll"] = _cpu_ms(seat.pid) - start
    start = _cpu_ms(seat.pid)
    _key(seat, b"\x1b", quiet=0.3)
    spent["close"] = _cpu_ms(seat.pid) - start
    return spent, dialog_bytes


def measure(rounds: int) -> tuple[dict[str, float], dict[str, dict[str, float]], list[int]]:
    """(first roll's CPU by phase, later rolls' median CPU by phase for each way to the comment, bytes of every
    opening)."""
    with lisboa_in_session("vtm-bench-seat-roll-") as (chronicle, env):
        seat = PtyProgram([sys.executable, "-m", "vtm_tui", str(chronicle), "--player", "Marta"], env=env).start()
        try:
            seat.read_until(b"Marta's seat", quiet=0.5, timeout=60)
            first, sizes = _roll(seat, 0, TO_COMMENT["tabs"])
            later: dict[str, dict[str, list[float]]] = {way: {phase: [] for phase in PHASES} for way in TO_COMMENT}
            opened = [sizes]
            for number in range(1, rounds + 1):
                for way, keys in TO_COMMENT.items():  # interleaved: both ways see the same machine
                    spent, sizes = _roll(seat, number * 10 + len(keys), keys)
                    opened.append(sizes)
                    for phase in PHASES:
                        later[way][phase].append(spent[phase])
        finally:
            seat.stop()
    medians = {way: {phase: statistics.median(values) for phase, values in phases.items()}
               for way, phases in later.items()}
    return first, medians, opened


def figures(quick: bool) -> list[Figure]:
    rounds = 2 if quick else 20
    first, later, opened = measure(rounds)
    tabs = later["tabs"]
    steps = {"open": "r until drawn", "tabs": f"Tab ×{TABS_TO_COMMENT}", "type": "4 keys of comment",
             "roll": "Enter until the result", "close": "Esc"}
    note = f"median of {rounds} rolls after the first, 80×24, CPU of all the seat's threads"
    found = [Figure(f"seat roll CPU: {phase} ({steps[phase]})", tabs[phase], "ms", None,
                    f"first roll {first[phase]:.0f} ms") for phase in PHASES]
    return [
        *found,
        Figure("seat roll CPU: a whole roll on the roller", sum(tabs.values()), "ms", ROLL_CPU_BUDGET_MS,
               f"{note}; the first roll {sum(first.values()):.0f} ms (builds the dialog)"),
        Figure("seat roll CPU: ctrl+t to the comment", later["ctrl+t"]["tabs"], "ms", None,
               "the form's key for it, instead of 8 Tabs"),
        Figure("seat roll CPU: a whole roll on the roller, ctrl+t to the comment", sum(later["ctrl+t"].values()),
               "ms", ROLL_CPU_BUDGET_MS, f"{note}; the keys the form's key line offers (bench_server types them)"),
        Figure("player seat: bytes of the full roll dialog (r), first opening", float(opened[0]), "B",
               DIALOG_BYTES_BUDGET, "builds the dialog"),
        Figure("player seat: bytes of the full roll dialog (r), opened again", float(max(opened[1:])), "B",
               DIALOG_BYTES_BUDGET, f"worst of {len(opened) - 1}, median {statistics.median(opened[1:]):.0f} B"),
    ]


if __name__ == "__main__":
    for figure in figures(quick="--quick" in sys.argv):
        print(figure.line())
