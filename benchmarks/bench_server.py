"""A storyteller's server under load: tables of a storyteller and a seat per player, rolling at a table's pace.

``python -m benchmarks server`` starts ``tables`` copies of the Lisboa example,
each with its storyteller (``vtm-tui PATH``, on the log screen) and ``seats``
player seats (``vtm-tui PATH --player P1`` …), every one a real process on its
own 180×30 pseudo-terminal, as SSH logins would be (wide enough that a
seat's log pane, half of it, shows a line's comment, where the tag is). Each
table makes one roll every ``--pace`` seconds, its seats in turn, through their
keys (``r``, ``ctrl+t`` to the comment, a unique tag typed as the comment,
Enter, and Esc after the result). Figures, with budgets:

- key press → result painted on the roller's terminal (Enter to the result
  page's "new roll" arriving): p95 ≤ 100 ms;
- roll → visible on every other seat of its table and its storyteller (Enter
  to the tag arriving on that terminal): p95 ≤ 250 ms, on the terminals not
  covered by their own roll dialog at that moment (a seat draws its log again
  when the dialog closes: those are reported apart);
- entries lost: every tag whose Enter was sent is in the session log exactly
  once, once the apps have finished the keys still queued when the load stopped
  (those are counted apart as late: an overloaded machine is slow, not lossy);
- memory per seat: proportional set size (``Pss`` of ``/proc/PID/smaps_rollup``
  after the run: the pages shared between seats counted once, split between
  them), ≤ 40 MB;
- CPU per idle app: CPU time of every app over a quiet spell after the run, in
  percent of one core.

Steps: without ``--tables`` the run steps up through :data:`STEPS` tables of 1 + 7 apps at a busy conflict's
pace (one roll every 4 s per table), stops after the first step over a latency budget or losing an entry, and
says how many tables the machine carried; ``--tables N`` runs one step. Then the stress run, information only:
5 tables whose every seat rolls every 2 s (``--pace`` 2/7). ``--quick`` is a smoke run, 1 × (1 + 2) at that pace for 4 s.
"CPU of all apps per roll made" is the CPU every app spent during the load divided by the rolls made. Times are
wall clock, so a busy machine shows in them: the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.figure import Figure
from benchmarks import server_apps as apps
from benchmarks.ptyrun import PtyProgram

#: A busy conflict's pace: one roll every this many seconds per table (a table at play: every 10–20 s).
PACE = 4.0
#: The stress run: every seat of a table rolls every this many seconds (information, no budget).
STRESS_EVERY = 2.0
STRESS_TABLES = 5
#: The steps of tables (of 1 + :data:`SEATS` apps each) at :data:`PACE`.
STEPS = (5, 10, 20, 30)
SEATS = 7
SECONDS = 60.0
PAINT_BUDGET_MS = 100.0
SEEN_BUDGET_MS = 250.0
PSS_BUDGET_MB = 40.0
IDLE_BUDGET_PCT = 0.5
#: The figures a step must keep within budget for the machine to carry its tables.
CARRIED_BY = ("key → result painted, p95", "roll → seen by the rest of the table, p95", "entries lost or doubled")
IDLE_SECONDS = 5.0
#: The roll form's key to the comment, as its key line offers it (until 2026-12-01, before the form had it, the
#: benchmark pressed Tab 8 times, 7 on a mortal's form, each a frame of the seat's CPU).
TO_COMMENT = b"\x14"  # ctrl+t
#: At least this long between two typed keys (and the app must have drawn the last one first).
KEY_GAP = 0.02
KEY_WAIT = 0.5  # a key whose effect draws nothing is taken as done after this long
SETTLE = 0.3
STUCK = 10.0


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


def first_roll(table: int, tables: int, seat: int, pace: float) -> float:
    """When a seat first rolls, from the load's start: the seats of a table in turn, one every ``pace`` (then each
    again every ``pace`` × seats), the tables spread over one ``pace`` so that their rolls do not come together."""
    return pace * seat + pace * table / tables


def _sight(seen: list[float], covered: list[float], seen_by: list[int], in_dialog: bool, fd: int,
           ms: float) -> None:
    """One terminal showed a roll ``ms`` after its Enter: a sighting of a seat in its own dialog is kept apart."""
    if in_dialog:
        covered.append(ms)
    else:
        seen.append(ms)
        seen_by.append(fd)


def run(tables: int, seats: int, seconds: float, pace: float) -> dict[str, object]:
    """Run the load, one roll every ``pace`` seconds per table; returns the raw samples (milliseconds) and counts."""
    with tempfile.TemporaryDirectory(prefix="vtm-bench-server-") as tmp:
        env = {"VTM_TUI_CACHE": str(Path(tmp) / "cache"), "VTM_TUI_KEYMAP": str(Path(tmp) / "no-keymap.toml"),
               "TEXTUAL_ANIMATIONS": "none"}
        room: list[Table] = []
        everyone: dict[int, PtyProgram] = {}
        try:
            for t in range(tables):
                folder = apps.chronicle(Path(tmp) / f"table{t}", seats, env)
                st = apps.start([sys.executable, "-m", "vtm_tui", str(folder)], env)
                everyone[st.fd] = st
                table = Table(folder, st)
                for s in range(seats):
                    program = apps.start([sys.executable, "-m", "vtm_tui", str(folder), "--player", f"P{s + 1}"], env)
                    everyone[program.fd] = program
                    table.seats.append(Seat(t, s, program))
                room.append(table)
            for table in room:  # all started at once; now wait until each shows its first screen
                table.storyteller.read_until(b"coterie", quiet=0.3, timeout=240)
                table.storyteller.send(b"3")  # the storyteller watches the live log
                table.storyteller.read_until(b"live", quiet=0.3, timeout=120)
                for seat in table.seats:
                    seat.program.read_until(f"P{seat.number + 1}'s seat".encode(), quiet=0.3, timeout=240)
            settled = apps.until_settled(everyone)
            result = _load(room, everyone, seats, seconds, pace)
            result["settled"] = settled
            result["lost"] = apps.lost(result["sent"])  # type: ignore[arg-type]
            return result
        finally:
            for program in everyone.values():
                program.stop()


def _load(room: list[Table], everyone: dict[int, PtyProgram], seats: int, seconds: float,
          pace: float) -> dict[str, object]:
    begin = time.perf_counter()
    cpu_at_start = sum(apps.cpu_seconds(p.pid) for p in everyone.values())
    every = pace * seats  # each seat's turn comes round once the others have had theirs
    for t, table in enumerate(room):
        for seat in table.seats:
            seat.next_roll = begin + 0.5 + first_roll(t, len(room), seat.number, pace)
    paint: list[float] = []
    seen: list[float] = []
    seen_covered: list[float] = []
    seen_by: list[int] = []  # the terminal of each of ``seen``
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
                    seat.next_roll += every
        for table in room:
            for seat in table.seats:
                # The next key only once the app has drawn the last one's effect: keys that arrive together
                # are dispatched before ctrl+t has moved the cursor (the tag then lands in the pool field).
                drawn = len(seat.program.output) > seat.key_mark or now >= seat.key_at + KEY_WAIT
                if seat.keys and now >= seat.key_at and drawn:
                    seat.key_mark = len(seat.program.output)
                    seat.program.send(seat.keys.pop(0))
                    seat.key_at = now + KEY_GAP
        for program, start, when in apps.pump(everyone, 0.005):
            fd = program.fd
            fresh = bytes(program.output[max(0, start - 16):])
            for tag, (sent_at, waiting) in list(pending.items()):
                if fd in waiting and tag.encode() in fresh:
                    waiting.discard(fd)
                    _sight(seen, seen_covered, seen_by, (tag, fd) in covered, fd, (when - sent_at) * 1000)
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
        for program, start, when in apps.pump(everyone, 0.05):
            fresh = bytes(program.output[max(0, start - 16):])
            for tag, (sent_at, waiting) in list(pending.items()):
                if program.fd in waiting and tag.encode() in fresh:
                    waiting.discard(program.fd)
                    _sight(seen, seen_covered, seen_by, (tag, program.fd) in covered, program.fd,
                           (when - sent_at) * 1000)
                    if not waiting:
                        del pending[tag]
    load_cpu = sum(apps.cpu_seconds(p.pid) for p in everyone.values()) - cpu_at_start
    polling = {p.fd for p in everyone.values() if not apps.notified(p.pid)}
    seen_notified = [ms for ms, fd in zip(seen, seen_by, strict=True) if fd not in polling]
    unseen = sum(len(waiting) for _, waiting in pending.values())
    late = apps.settle(everyone, sent_tags)
    if os.environ.get("VTM_BENCH_DEBUG"):
        names = {p.fd: p.argv[-1] for p in everyone.values()}
        print({tag: sorted(names[fd] for fd in waiting) for tag, (_, waiting) in pending.items()})
    pss = [apps.pss_mb(seat.program.pid) for table in room for seat in table.seats]
    pids = [p.pid for p in everyone.values()]
    apps.pump(everyone, 0.5)
    cpu_before = [apps.cpu_seconds(pid) for pid in pids]
    quiet_start = time.perf_counter()
    while time.perf_counter() - quiet_start < IDLE_SECONDS:
        apps.pump(everyone, 0.2)  # keep the ptys drained, as sshd would
    spent = [apps.cpu_seconds(pid) - before for pid, before in zip(pids, cpu_before, strict=True)]
    idle_pct = [100 * s / (time.perf_counter() - quiet_start) for s in spent]
    if os.environ.get("VTM_BENCH_DEBUG"):
        print([(p.argv[-1], round(pct, 2)) for p, pct in zip(everyone.values(), idle_pct, strict=True)])
    return {"paint": paint, "seen": seen, "seen_notified": seen_notified, "polling": len(polling), "seen_covered": seen_covered, "unseen": unseen, "sent": sent_tags,
            "pss": pss, "idle": idle_pct, "given_up": given_up, "load_cpu": load_cpu, "late": late}


def _p95(samples: list[float]) -> float:
    if len(samples) < 2:
        return samples[0] if samples else float("inf")
    return statistics.quantiles(samples, n=20)[-1]


def add_options(parser: argparse.ArgumentParser) -> None:
    """The server's own options on ``python -m benchmarks``' command line."""
    group = parser.add_argument_group("server")
    group.add_argument("--pace", type=float, metavar="S", help=f"server: one roll every S s per table (default {PACE:g})")
    group.add_argument("--tables", type=int, metavar="N", help="server: one step of N tables instead of the steps "
                       f"{', '.join(map(str, STEPS))}")  # fmt: skip
    group.add_argument("--seats", type=int, default=SEATS, metavar="N", help=f"server: seats a table (default {SEATS})")
    group.add_argument("--seconds", type=float, default=SECONDS, metavar="T",
                       help=f"server: how long each step rolls (default {SECONDS:g})")


def step(tables: int, seats: int, seconds: float, pace: float, *, budgets: bool = True) -> list[Figure]:
    """One run's figures; ``budgets=False`` (the stress run) reports them as information only."""
    load = os.getloadavg()
    result = run(tables, seats, seconds, pace)
    paint, seen = result["paint"], result["seen"]
    wrong, logged = result["lost"]  # type: ignore[misc]
    label = f"server {tables}×(1+{seats}) @{pace:.3g} s"
    size = (f"{tables * (seats + 1)} apps, one roll every {pace:.3g} s per table, {seconds:g} s after "
            f"{result['settled']:.0f} s settling; load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at start")
    pss, idle = result["pss"], result["idle"]
    per_roll = result["load_cpu"] / max(len(paint), 1) * 1000  # type: ignore[operator]
    seen_covered: list[float] = result["seen_covered"]  # type: ignore[assignment]
    asked = int(seconds / pace) * tables

    def budget(value: float) -> float | None:
        return value if budgets else None

    return [
        Figure(f"{label}: rolls made", float(len(paint)), "", None, f"about {asked} asked; {size}"),
        Figure(f"{label}: key → result painted, p95", _p95(paint), "ms", budget(PAINT_BUDGET_MS),
               f"median {statistics.median(paint):.0f} ms of {len(paint)}" if paint else "no roll"),
        Figure(f"{label}: roll → seen by the rest of the table, p95", _p95(seen), "ms", budget(SEEN_BUDGET_MS),
               f"median {statistics.median(seen):.0f} ms of {len(seen)}; never seen {result['unseen']}"
               if seen else "nothing seen"),
        *([Figure(f"{label}: roll → seen, p95, apps with notifications", _p95(result["seen_notified"]), "ms", None,
                  f"{result['polling']} apps poll: the per-user inotify limit (fs.inotify.max_user_instances) "
                  "was reached")] if result["polling"] else []),  # type: ignore[arg-type]
        *([Figure(f"{label}: roll → seen by a seat in its own dialog, p95", _p95(seen_covered), "ms", None,
                  f"{len(seen_covered)} sightings: shown when that dialog closes")] if seen_covered else []),
        Figure(f"{label}: entries lost or doubled", float(wrong), "", 0.0, f"{len(result['sent'])} rolls sent, "
               f"{logged} entries in the logs, {result['late']} logged only after the load (keys still queued), "
               f"{result['given_up']} rolls given up"),
        Figure(f"{label}: CPU of all apps per roll made", per_roll, "ms", None,
               f"{result['load_cpu']:.1f} s over the run; a 2-core machine has 2,000 ms a second"),
        Figure(f"{label}: memory per seat, PSS (max)", max(pss), "MB", budget(PSS_BUDGET_MB),  # type: ignore[arg-type]
               f"median {statistics.median(pss):.1f} MB"),  # type: ignore[arg-type]
        Figure(f"{label}: CPU per idle app (mean)", statistics.mean(idle), "%", budget(IDLE_BUDGET_PCT),  # type: ignore[arg-type]
               f"of one core over {IDLE_SECONDS:g} s quiet; max {max(idle):.2f} %"),  # type: ignore[arg-type]
    ]


def figures(quick: bool, options: argparse.Namespace | None = None) -> list[Figure]:
    pace = getattr(options, "pace", None)
    tables = getattr(options, "tables", None)
    seats = getattr(options, "seats", None) or SEATS
    seconds = getattr(options, "seconds", None) or SECONDS
    if quick:
        return step(1, 2, 4.0, pace or STRESS_EVERY / 2, budgets=False)  # a smoke run (tests/test_benchmarks_run.py)
    if tables:
        return step(tables, seats, seconds, pace or PACE)
    out: list[Figure] = []
    carried = 0
    for tables in STEPS:
        figures = step(tables, seats, seconds, pace or PACE)
        out += figures
        if not all(f.ok for f in figures if f.name.endswith(CARRIED_BY)):  # memory and idle CPU are apart
            break
        carried = tables
    out.append(Figure(f"server: tables carried @{pace or PACE:g} s, every budget met", float(carried), "tables",
                      None, f"steps {', '.join(map(str, STEPS))} of 1 + {seats} apps; goal 20"))
    return out + step(STRESS_TABLES, seats, seconds, STRESS_EVERY / seats, budgets=False)


if __name__ == "__main__":
    for figure in figures(quick="--quick" in sys.argv):
        print(figure.line())
