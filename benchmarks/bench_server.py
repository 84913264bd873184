"""A storyteller's server under load: several tables, a storyteller and a seat per player each, all rolling.

``python -m benchmarks server`` starts ``tables`` copies of the Lisboa example,
each with its storyteller (``vtm-tui PATH``, on the log screen) and ``seats``
player seats (``vtm-tui PATH --player P1`` …), every one a real process on its
own 180×30 pseudo-terminal, as SSH logins would be (wide enough that a
seat's log pane, half of it, shows a line's comment, where the tag is). For ``seconds`` every seat
rolls every :data:`ROLL_EVERY` seconds through its keys (``r``, ``ctrl+t`` to the
comment, a unique tag typed as the comment, Enter, and Esc after the result),
the seats of a table spread evenly over the interval. Figures, with budgets
(issue 18):

- key press → result painted on the roller's terminal (Enter to the result
  page's "new roll" arriving): p95 ≤ 100 ms;
- roll → visible on every other seat of its table and its storyteller (Enter
  to the tag arriving on that terminal): p95 ≤ 250 ms, on the terminals not
  covered by their own roll dialog at that moment (a seat draws its log again
  when the dialog closes: those are reported apart);
- entries lost: every tag whose Enter was sent is in the session log exactly
  once, once the apps have finished the keys still queued when the load stopped
  (those are counted apart as late: an overloaded machine is slow, not lossy);
- resident memory per seat (VmRSS after the run): ≤ 60 MB;
- CPU per idle seat: CPU time of every app over a quiet spell after the run, in
  percent of one core.

The full size is 5 × (1 + 7) = 40 processes for 60 s (heavy: run it alone);
``--quick`` is 1 × (1 + 2) for 4 s; ``VTM_BENCH_SERVER=tables,seats,seconds``
sets another size. "CPU of all apps per roll made" is the CPU time every app
of the run spent during the load, divided by the rolls made: what one roll
costs the machine (the roller's dialog, every other app's new line). Times are wall clock on this machine, so a
busy machine shows in them: the load average is printed with the figures.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.figure import Figure
from benchmarks.ptyrun import PtyProgram

EXAMPLE = Path(__file__).resolve().parents[1] / "campaigns" / "lisboa-nocturna"
ROLL_EVERY = 2.0
PAINT_BUDGET_MS = 100.0
SEEN_BUDGET_MS = 250.0
RSS_BUDGET_MB = 60.0
IDLE_SECONDS = 5.0
#: Terminal size: wide enough for a log line to end with its comment, where the roll's tag is.
COLUMNS, ROWS = 180, 30
#: The roll form's key to the comment, as its key line offers it (until 2026-12-01, before the form had it, the
#: benchmark pressed Tab 8 times, 7 on a mortal's form, each a frame of the seat's CPU).
TO_COMMENT = b"\x14"  # ctrl+t
#: At least this long between two typed keys (and the app must have drawn the last one first).
KEY_GAP = 0.02
KEY_WAIT = 0.5  # a key whose effect draws nothing is taken as done after this long
SETTLE = 0.3
STUCK = 10.0
#: After the load, how long the apps are given to finish the keys still queued before an entry counts as lost.
SETTLE_LIMIT = 120.0


@dataclass
class Seat:
    """One player's process and where its current roll stands."""

    table: int
    number: int
    program: PtyProgram
    next_roll: float = 0.0
    state: str = "idle"  # idle → opening → typing → rolling → closing → idle
    since: float = 0.0  # when the state began (a roll stuck for STUCK seconds is given up)
    mark: int = 0
    tag: str = ""
    sent_at: float = 0.0
    count: int = 0
    keys: list[bytes] = field(default_factory=list)  # typed one at a time, as a person would
    key_at: float = 0.0
    key_mark: int = -1  # the output's length when the last key was sent


@dataclass
class Table:
    folder: Path
    storyteller: PtyProgram
    seats: list[Seat] = field(default_factory=list)


def _chronicle(folder: Path, seats: int, env: dict[str, str]) -> Path:
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


def _start(argv: list[str], env: dict[str, str]) -> PtyProgram:
    return PtyProgram(argv, columns=COLUMNS, rows=ROWS, env=env).start()


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _pump(programs: dict[int, PtyProgram], timeout: float) -> list[tuple[PtyProgram, int, float]]:
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


def run(tables: int, seats: int, seconds: float) -> dict[str, object]:
    """Run the load; returns the raw samples (milliseconds) and counts."""
    with tempfile.TemporaryDirectory(prefix="vtm-bench-server-") as tmp:
        env = {"VTM_TUI_CACHE": str(Path(tmp) / "cache"), "VTM_TUI_KEYMAP": str(Path(tmp) / "no-keymap.toml"),
               "TEXTUAL_ANIMATIONS": "none"}
        room: list[Table] = []
        everyone: dict[int, PtyProgram] = {}
        try:
            for t in range(tables):
                folder = _chronicle(Path(tmp) / f"table{t}", seats, env)
                st = _start([sys.executable, "-m", "vtm_tui", str(folder)], env)
                everyone[st.fd] = st
                table = Table(folder, st)
                for s in range(seats):
                    program = _start([sys.executable, "-m", "vtm_tui", str(folder), "--player", f"P{s + 1}"], env)
                    everyone[program.fd] = program
                    table.seats.append(Seat(t, s, program))
                room.append(table)
            for table in room:  # all started at once; now wait until each shows its first screen
                table.storyteller.read_until(b"coterie", quiet=0.3, timeout=240)
                table.storyteller.send(b"3")  # the storyteller watches the live log
                table.storyteller.read_until(b"live", quiet=0.3, timeout=120)
                for seat in table.seats:
                    seat.program.read_until(f"P{seat.number + 1}'s seat".encode(), quiet=0.3, timeout=240)
            result = _load(room, everyone, seats, seconds)
            result["lost"] = _lost(result["sent"])  # type: ignore[arg-type]
            return result
        finally:
            for program in everyone.values():
                program.stop()


def _load(room: list[Table], everyone: dict[int, PtyProgram], seats: int, seconds: float) -> dict[str, object]:
    begin = time.perf_counter()
    cpu_at_start = sum(_cpu_seconds(p.pid) for p in everyone.values())
    for table in room:
        for seat in table.seats:
            # The seats of a table spread over the interval; the tables a little apart from each other.
            seat.next_roll = begin + 0.5 + ROLL_EVERY * seat.number / seats + 0.05 * room.index(table)
    paint: list[float] = []
    seen: list[float] = []
    seen_covered: list[float] = []
    covered: set[tuple[str, int]] = set()  # (tag, fd): that terminal was in its own dialog when the roll was made
    given_up = 0
    pending: dict[str, tuple[float, set[int]]] = {}  # tag → (Enter sent at, fds of the table still to show it)
    sent_tags: list[tuple[Path, str]] = []
    by_fd = {seat.program.fd: (table, seat) for table in room for seat in table.seats}
    end = begin + seconds
    while True:
        now = time.perf_counter()
        if now > end and all(seat.state == "idle" for table in room for seat in table.seats):
            break
        if now > end + 30:
            break
        for table in room:
            for seat in table.seats:
                if seat.state != "idle" and now - seat.since > STUCK:  # a key lost somewhere: start afresh
                    seat.program.send(b"\x1b")
                    seat.state, seat.keys, given_up = "idle", [], given_up + 1
                if seat.state == "idle" and now >= seat.next_roll and now <= end:
                    seat.since = now
                    seat.mark = len(seat.program.output)
                    seat.program.send(b"r")
                    seat.state = "opening"
                    seat.next_roll += ROLL_EVERY
        for table in room:
            for seat in table.seats:
                # The next key only once the app has drawn the last one's effect: keys that arrive together
                # are dispatched before ctrl+t has moved the cursor (the tag then lands in the pool field).
                drawn = len(seat.program.output) > seat.key_mark or now >= seat.key_at + KEY_WAIT
                if seat.keys and now >= seat.key_at and drawn:
                    seat.key_mark = len(seat.program.output)
                    seat.program.send(seat.keys.pop(0))
                    seat.key_at = now + KEY_GAP
        for program, start, when in _pump(everyone, 0.005):
            fd = program.fd
            fresh = bytes(program.output[max(0, start - 16):])
            for tag, (sent_at, waiting) in list(pending.items()):
                if fd in waiting and tag.encode() in fresh:
                    waiting.discard(fd)
                    (seen_covered if (tag, fd) in covered else seen).append((when - sent_at) * 1000)
                    if not waiting:
                        del pending[tag]
            if fd not in by_fd:
                continue
            table, seat = by_fd[fd]
            new = bytes(program.output[seat.mark:])
            if seat.state == "opening" and b"Enter rolls" in new:
                seat.count += 1
                seat.tag = f"k{seat.table}{seat.number}{seat.count:03d}"  # short: the log line's end shows it
                seat.keys = [TO_COMMENT, seat.tag.encode()]
                seat.key_mark = -1
                seat.key_at = when + SETTLE  # the form is drawn a moment before its first field has the focus
                seat.state = "typing"
            elif seat.state == "typing" and not seat.keys and seat.tag.encode() in new:
                seat.mark = len(program.output)
                seat.sent_at = time.perf_counter()
                seat.program.send(b"\r")
                others = {table.storyteller.fd} | {s.program.fd for s in table.seats if s is not seat}
                covered.update((seat.tag, s.program.fd) for s in table.seats if s is not seat and s.state != "idle")
                pending[seat.tag] = (seat.sent_at, others)
                sent_tags.append((table.folder, seat.tag))
                seat.state = "rolling"
            elif seat.state == "rolling" and b"new roll" in new:
                paint.append((when - seat.sent_at) * 1000)
                seat.mark = len(program.output)
                seat.program.send(b"\x1b")
                seat.state = "closing"
            elif seat.state == "closing" and b"r Roll" in new or (seat.state == "closing" and b"seat" in new):
                seat.state = "idle"
    drained = time.perf_counter() + 3.0  # a seat that was in a dialog shows the last rolls once it is closed
    while pending and time.perf_counter() < drained:
        for program, start, when in _pump(everyone, 0.05):
            fresh = bytes(program.output[max(0, start - 16):])
            for tag, (sent_at, waiting) in list(pending.items()):
                if program.fd in waiting and tag.encode() in fresh:
                    waiting.discard(program.fd)
                    (seen_covered if (tag, program.fd) in covered else seen).append((when - sent_at) * 1000)
                    if not waiting:
                        del pending[tag]
    load_cpu = sum(_cpu_seconds(p.pid) for p in everyone.values()) - cpu_at_start
    unseen = sum(len(waiting) for _, waiting in pending.values())
    late = _settle(everyone, sent_tags)
    if os.environ.get("VTM_BENCH_DEBUG"):
        names = {p.fd: p.argv[-1] for p in everyone.values()}
        print({tag: sorted(names[fd] for fd in waiting) for tag, (_, waiting) in pending.items()})
    rss = [_rss_mb(seat.program.pid) for table in room for seat in table.seats]
    pids = [p.pid for p in everyone.values()]
    _pump(everyone, 0.5)
    cpu_before = [_cpu_seconds(pid) for pid in pids]
    quiet_start = time.perf_counter()
    while time.perf_counter() - quiet_start < IDLE_SECONDS:
        _pump(everyone, 0.2)  # keep the ptys drained, as sshd would
    spent = [_cpu_seconds(pid) - before for pid, before in zip(pids, cpu_before, strict=True)]
    idle_pct = [100 * s / (time.perf_counter() - quiet_start) for s in spent]
    if os.environ.get("VTM_BENCH_DEBUG"):
        print([(p.argv[-1], round(pct, 2)) for p, pct in zip(everyone.values(), idle_pct, strict=True)])
    return {"paint": paint, "seen": seen, "seen_covered": seen_covered, "unseen": unseen, "sent": sent_tags,
            "rss": rss, "idle": idle_pct, "given_up": given_up, "load_cpu": load_cpu, "late": late}


def _settle(everyone: dict[int, PtyProgram], sent: list[tuple[Path, str]]) -> int:
    """Wait until every roll whose Enter was sent is logged, or until no app works any more; the rolls logged
    only in this wait: a late roll is queued keys an overloaded machine had not reached when the load stopped,
    not a lost one (a lost roll is one that never reaches the log, however long the apps are given)."""
    missing = _lost(sent)[0]
    first = missing
    deadline = time.perf_counter() + SETTLE_LIMIT
    while missing and time.perf_counter() < deadline:
        before = sum(_cpu_seconds(p.pid) for p in everyone.values())
        _pump(everyone, 0.5)
        busy = sum(_cpu_seconds(p.pid) for p in everyone.values()) - before
        missing = _lost(sent)[0]
        if busy < 0.02:  # every app is idle: what is still missing will not come
            break
    return first - missing


def _lost(sent: list[tuple[Path, str]]) -> tuple[int, int]:
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


def _p95(samples: list[float]) -> float:
    if len(samples) < 2:
        return samples[0] if samples else float("inf")
    return statistics.quantiles(samples, n=20)[-1]


def figures(quick: bool) -> list[Figure]:
    tables, seats, seconds = (1, 2, 4.0) if quick else (5, 7, 60.0)
    if os.environ.get("VTM_BENCH_SERVER"):  # another size: "tables,seats,seconds"
        size = os.environ["VTM_BENCH_SERVER"].split(",")
        tables, seats, seconds = int(size[0]), int(size[1]), float(size[2])
    load = os.getloadavg()[0]
    result = run(tables, seats, seconds)
    paint, seen = result["paint"], result["seen"]
    wrong, logged = result["lost"]  # type: ignore[misc]
    size = f"{tables}×(1+{seats}) = {tables * (seats + 1)} apps, {seconds:g} s, load {load:.1f} at start"
    rss, idle = result["rss"], result["idle"]
    per_roll = result["load_cpu"] / max(len(paint), 1) * 1000  # type: ignore[operator]
    seen_covered: list[float] = result["seen_covered"]  # type: ignore[assignment]
    return [
        Figure("server: rolls made", float(len(paint)), "", None, size),
        Figure("server: key → result painted, p95", _p95(paint), "ms", PAINT_BUDGET_MS,
               f"median {statistics.median(paint):.0f} ms of {len(paint)}" if paint else "no roll"),
        Figure("server: roll → seen on every other seat, p95", _p95(seen), "ms", SEEN_BUDGET_MS,
               f"median {statistics.median(seen):.0f} ms of {len(seen)}; never seen {result['unseen']}"
               if seen else "nothing seen"),
        Figure("server: roll → seen by a seat in its own dialog, p95", _p95(seen_covered), "ms", None,
               f"{len(seen_covered)} sightings: shown when that dialog closes"),
        Figure("server: entries lost or doubled", float(wrong), "", 0.0, f"{len(result['sent'])} rolls sent, "
               f"{logged} entries in the logs, {result['late']} logged only after the load (keys still queued), "
               f"{result['given_up']} rolls given up"),
        Figure("server: CPU of all apps per roll made", per_roll, "ms", None,
               f"{result['load_cpu']:.1f} s over the run; a 2-core machine has 2,000 ms a second"),
        Figure("server: resident memory per seat (max)", max(rss), "MB", RSS_BUDGET_MB,  # type: ignore[arg-type]
               f"median {statistics.median(rss):.0f} MB"),  # type: ignore[arg-type]
        Figure("server: CPU per idle app (mean)", statistics.mean(idle), "%", 0.5,  # type: ignore[arg-type]
               f"of one core over {IDLE_SECONDS:g} s quiet; max {max(idle):.2f} %"),  # type: ignore[arg-type]
    ]


if __name__ == "__main__":
    for figure in figures(quick="--quick" in sys.argv):
        print(figure.line())
