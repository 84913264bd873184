"""The apps of the server benchmark (``bench_server``): each table's chronicle, starting the apps on their
pseudo-terminals, reading their output, CPU and memory, and whether every roll sent reached its log."""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.ptyrun import PtyProgram

EXAMPLE = Path(__file__).resolve().parents[1] / "campaigns" / "lisboa-nocturna"
#: Terminal size: wide enough for a log line to end with its comment, where the roll's tag is.
COLUMNS, ROWS = 180, 30
#: After the load, how long the apps are given to finish the keys still queued before an entry counts as lost.
SETTLE_LIMIT = 120.0
#: Before the load: the apps are settled when no more than this share of them is runnable at once, on average.
SETTLED_RUNNABLE = 0.02


def chronicle(folder: Path, seats: int, env: dict[str, str]) -> Path:
    """A copy of the example whose first ``seats`` characters are played by P1, P2, …; a session started."""
    shutil.copytree(EXAMPLE, folder)
    for index, sheet in enumerate(sorted((folder / "characters").glob("*.toml"))):
        player = f"P{index + 1}" if index < seats else ""
        text = sheet.read_text(encoding="utf-8")
        text = re.sub(r'(?m)^player = .*$', f'player = "{player}"', text, count=1)
        sheet.write_text(text, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "vtm_tui", "session", str(folder), "start"], check=True,
                   capture_output=True, env={**os.environ, **env}, timeout=120)
    return folder


def start(argv: list[str], env: dict[str, str]) -> PtyProgram:
    return PtyProgram(argv, columns=COLUMNS, rows=ROWS, env=env).start()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pss_mb(pid: int) -> float:
    """Proportional set size: a page shared by n processes counts 1/n in each (what the seat adds to the machine)."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


def until_settled(everyone: dict[int, PtyProgram]) -> float:
    """Wait until the apps have finished what they do after their first screen (the watcher, the caches: about as
    much CPU again as the start), so that the load measures rolls, not the end of 160 start-ups; returns how long
    that took. Settled: over a second, on average under :data:`SETTLED_RUNNABLE` of the apps runnable (state R,
    running or waiting for a core: on a machine busy with other work an app with work left gets little CPU, but
    it stays runnable)."""
    begin = time.perf_counter()
    while time.perf_counter() - begin < SETTLE_LIMIT:
        runnable = []
        for _ in range(10):  # keep the terminals drained over a whole second
            runnable.append(sum(1 for p in everyone.values() if _state(p.pid) == "R"))
            pump(everyone, 0.1)
        if sum(runnable) / len(runnable) <= max(0.5, SETTLED_RUNNABLE * len(everyone)):
            break
    return time.perf_counter() - begin


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def notified(pid: int) -> bool:
    """Whether the app watches its chronicle through inotify (else it polls: the per-user limit was reached)."""
    try:
        return any(os.readlink(f"/proc/{pid}/fd/{fd}") == "anon_inode:inotify" for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return False


def pump(programs: dict[int, PtyProgram], timeout: float) -> list[tuple[PtyProgram, int, float]]:
    """Read whatever arrived: (program, where its new output starts, when)."""
    ready, _, _ = select.select(list(programs), [], [], timeout)
    now = time.perf_counter()
    got = []
    for fd in ready:
        program = programs[fd]
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            continue
        got.append((program, len(program.output), now))
        program.output.extend(chunk)
    return got


def settle(everyone: dict[int, PtyProgram], sent: list[tuple[Path, str]]) -> int:
    """Wait until every roll whose Enter was sent is logged, or until no app works any more; the rolls logged
    only in this wait: a late roll is queued keys an overloaded machine had not reached when the load stopped,
    not a lost one (a lost roll is one that never reaches the log, however long the apps are given)."""
    missing = lost(sent)[0]
    first = missing
    deadline = time.perf_counter() + SETTLE_LIMIT
    while missing and time.perf_counter() < deadline:
        before = sum(cpu_seconds(p.pid) for p in everyone.values())
        pump(everyone, 0.5)
        busy = sum(cpu_seconds(p.pid) for p in everyone.values()) - before
        missing = lost(sent)[0]
        if busy < 0.02:  # every app is idle: what is still missing will not come
            break
    return first - missing


def lost(sent: list[tuple[Path, str]]) -> tuple[int, int]:
    """(tags sent but not logged exactly once, entries logged)."""
    from vtm_tui.store.log_paths import session_numbers
    from vtm_tui.store.session_log import read_session

    comments: dict[Path, list[str]] = {}
    for folder in {folder for folder, _ in sent}:
        numbers = session_numbers(folder)
        comments[folder] = [e.comment for e in read_session(folder, numbers[-1]).entries] if numbers else []
    wrong = sum(1 for folder, tag in sent if comments[folder].count(tag) != 1)
    if os.environ.get("VTM_BENCH_DEBUG") and wrong:
        sent_set = {tag for _, tag in sent}
        print("missing:", [tag for folder, tag in sent if comments[folder].count(tag) != 1],
              "logged but not sent as typed:", [c for cs in comments.values() for c in cs if c not in sent_set])
    return wrong, sum(len(c) for c in comments.values())
