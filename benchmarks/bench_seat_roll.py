"""What one roll through the dialog costs the seat that makes it: CPU by phase, against a bare Textual app.

The budget (issue 26) is a ratio to the floor Textual itself sets: the same keys on a bare Textual app of the
same form, standard widgets, a dialog kept and shown again (:mod:`benchmarks.bare_roll_app`), measured in the
same run, a roll of one and a roll of the other in turn, so that both see the same machine. The seat's whole
roll must cost at most :data:`ROLL_CPU_RATIO_BUDGET` of the bare app's, either way to the comment. A budget in
ms measured the machine as much as the app: the same roll counted under 80 ms on a quiet machine and over
170 ms on a busy one. The bare app's own roll costs about 0.2 s with Tabs (each Tab restyles and repaints the
two fields the focus left and reached, where the seat's form draws its fields itself and moves its own cursor,
:mod:`vtm_tui.ui.widgets.roll_fields`) and about 0.1 s with ``ctrl+t``; 0.75× the latter is what the earlier
80 ms asked of the keys the form offers (and the server benchmark types) on this project's machine. And the
full roll dialog, drawn after ``r``, is at most 4 KB on the player's terminal (what travels over SSH).

One real seat (``vtm-tui PATH --player Marta``) runs on an 80×24 pseudo-terminal
with ``TEXTUAL_ANIMATIONS=none``, as in ``benchmarks/bench_player.py``, and rolls
``r``, Tab ×8 to the comment, a short comment typed a key at a time, Enter, Esc
(the issue's keys), and, every other roll, the same with ``ctrl+t`` to the comment
(what the form's key line offers, and what ``benchmarks/bench_server.py`` types).
The bare app runs beside it on its own pseudo-terminal and is sent the same keys.
Each key waits until the app has drawn its effect. The CPU of the app's process,
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

#: The seat's whole roll against the bare app's, both ways to the comment (see the module docstring).
ROLL_CPU_RATIO_BUDGET = 0.75
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


def _bare_app(folder: Path) -> PtyProgram:
    """The bare Textual app (:mod:`benchmarks.bare_roll_app`) on its own 80×24 pseudo-terminal, started."""
    bare = PtyProgram([sys.executable, "-m", "benchmarks.bare_roll_app", str(folder / "bare-log.txt")],
                      env={"TEXTUAL_ANIMATIONS": "none", "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    bare.start().read_until(b"Marta's seat", quiet=0.5, timeout=60)
    return bare


Phases = dict[str, dict[str, float]]


def measure(rounds: int) -> tuple[dict[str, Phases], dict[str, Phases], list[int]]:
    """For the seat and the bare app: (the first roll's CPU by phase, the later rolls' median CPU by phase for each
    way to the comment), and the bytes of every opening of the seat's dialog."""
    with lisboa_in_session("vtm-bench-seat-roll-") as (chronicle, env):
        apps = {"seat": PtyProgram([sys.executable, "-m", "vtm_tui", str(chronicle), "--player", "Marta"], env=env)}
        try:
            apps["seat"].start().read_until(b"Marta's seat", quiet=0.5, timeout=60)
            apps["bare"] = _bare_app(chronicle.parent)
            first: dict[str, Phases] = {}
            opened: list[int] = []
            for name, app in apps.items():
                spent, sizes = _roll(app, 0, TO_COMMENT["tabs"])
                first[name] = {"tabs": spent}
                if name == "seat":
                    opened.append(sizes)
            later = {name: {way: {phase: [] for phase in PHASES} for way in TO_COMMENT} for name in apps}
            for number in range(1, rounds + 1):
                for way, keys in TO_COMMENT.items():  # interleaved: both ways and both apps see the same machine
                    for name, app in apps.items():
                        spent, sizes = _roll(app, number * 10 + len(keys), keys)
                        if name == "seat":
                            opened.append(sizes)
                        for phase in PHASES:
                            later[name][way][phase].append(spent[phase])
        finally:
            for app in apps.values():
                app.stop()
    medians = {name: {way: {phase: statistics.median(values) for phase, values in phases.items()}
                      for way, phases in ways.items()} for name, ways in later.items()}
    return first, medians, opened


def figures(quick: bool) -> list[Figure]:
    rounds = 2 if quick else 20
    first, later, opened = measure(rounds)
    seat, bare = later["seat"], later["bare"]
    steps = {"open": "r until drawn", "tabs": f"Tab ×{TABS_TO_COMMENT}", "type": "4 keys of comment",
             "roll": "Enter until the result", "close": "Esc"}
    note = f"median of {rounds} rolls after the first, 80×24, CPU of all the app's threads"
    found = [Figure(f"seat roll CPU: {phase} ({steps[phase]})", seat["tabs"][phase], "ms", None,
                    f"bare Textual {bare['tabs'][phase]:.0f} ms; "
                    f"the seat's first roll {first['seat']['tabs'][phase]:.0f} ms")
             for phase in PHASES]
    found.append(Figure("seat roll CPU: ctrl+t to the comment", seat["ctrl+t"]["tabs"], "ms", None,
                        f"the form's key for it, instead of 8 Tabs; bare Textual {bare['ctrl+t']['tabs']:.0f} ms"))
    ways = {"tabs": "", "ctrl+t": ", ctrl+t to the comment"}
    for way, label in ways.items():
        mine, floor = sum(seat[way].values()), sum(bare[way].values())
        found += [
            Figure(f"seat roll CPU: a whole roll on the roller{label}", mine, "ms", None,
                   f"{note}; the first roll {sum(first['seat']['tabs'].values()):.0f} ms (builds the dialog)"),
            Figure(f"seat roll CPU: the same keys on a bare Textual app{label}", floor, "ms", None,
                   f"benchmarks/bare_roll_app.py, interleaved with the seat; its first roll "
                   f"{sum(first['bare']['tabs'].values()):.0f} ms"),
            Figure(f"seat roll CPU: the roller against the bare app{label}", mine / floor, "x",
                   ROLL_CPU_RATIO_BUDGET, "ratio of the two medians above"),
        ]
    return [
        *found,
        Figure("player seat: bytes of the full roll dialog (r), first opening", float(opened[0]), "B",
               DIALOG_BYTES_BUDGET, "builds the dialog"),
        Figure("player seat: bytes of the full roll dialog (r), opened again", float(max(opened[1:])), "B",
               DIALOG_BYTES_BUDGET, f"worst of {len(opened) - 1}, median {statistics.median(opened[1:]):.0f} B"),
    ]


if __name__ == "__main__":
    for figure in figures(quick="--quick" in sys.argv):
        print(figure.line())
