"""The session log store against its budget (docs/architecture.md "Speed budget", issue 5).

- Append one entry, fsync included: under 2 ms, and flat: appends to an empty
  session and to one file already holding 100,000 entries cost the same
  (median of a few hundred appends each; the ratio is reported).
- The current session of the 100,000-entry chronicle (about 333 entries) read
  whole, its newest 50 entries read from the end of the file, and polling it
  for new entries: under 100 ms.
- Calibration, since the machine is shared: the disk's own write + fdatasync
  (an append cannot beat it), the append with its fsync taken out, and how fast
  Python runs right now. Read timings are the best of a few runs.
- The first build of the history index over all 100,000 entries, under 3 s
  (it runs in the background with progress; the index's own scanner reads the
  tool's blocks, tomllib only hand-edited ones), then a check with nothing to
  do (the cached index: stamps compared, nothing parsed), and the update after
  one append.
- A combined filter over all 100,000 entries (actor, results, text), and the
  newest 50 entries of all history, with the index already built: under 300 ms,
  timed through the public ``query()`` (opening the database and checking
  every session file's stamp included).

Everything is written in temporary folders, the index in a temporary cache.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from benchmarks.figure import Figure, best_ms, median_seconds
from benchmarks.synthetic import build_chronicle, character_names
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import index, session_log
from vtm_tui.store.log_format import SESSION_MARKER, format_header
from vtm_tui.store.index import list_sessions
from vtm_tui.store.log_lookup import read_recent
from vtm_tui.store.session_log import append_entry, read_new_entries, read_session, session_path

APPEND_MS = 2.0
CURRENT_MS = 100.0
FILTER_MS = 300.0
INDEX_BUILD_S = 3.0


def _entry(session: int, n: int) -> LogEntry:
    return LogEntry.new(
        "roll", session=session, ruleset="v5", actor="Ana Reyes", pool="Wits 3 + Awareness 2", difficulty=3,
        result="win", margin=1, comment="benchmark",
        roll={"ruleset": "v5", "result": "win", "win": True, "margin": 1, "successes": 4,
              "faces": [7, 3, 10, 6], "hunger_faces": [8], "difficulty": 3},
    )  # fmt: skip


def _append_ms(chronicle: Path, session: int, count: int) -> list[float]:
    samples = []
    for n in range(count):
        entry = _entry(session, n)
        start = time.perf_counter()
        append_entry(chronicle, entry)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _one_big_session(chronicle: Path, target_number: int) -> int:
    """Put every entry of every session into one file (as 100,000 appends would have); returns its size."""
    path = session_path(chronicle, target_number)
    with open(path, "wb") as out:
        out.write(format_header(target_number, datetime.now(timezone.utc), "everything"))
        number = 1
        while (source := session_path(chronicle, number)).exists():
            data = source.read_bytes()
            out.write(data[data.index(SESSION_MARKER) + len(SESSION_MARKER) + 1 :])
            number += 1
        out.flush()
        os.fsync(out.fileno())  # so the first timed append does not pay for flushing 50 MB
    return path.stat().st_size


def _raw_fsync_ms(folder: Path, count: int) -> float:
    """What the disk alone costs: a 600-byte O_APPEND write and fdatasync, no vtm-tui code."""
    sync = getattr(os, "fdatasync", os.fsync)
    fd = os.open(folder / "raw.bin", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    samples = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            os.write(fd, b"x" * 600)
            sync(fd)
            samples.append((time.perf_counter() - start) * 1000)
    finally:
        os.close(fd)
    return statistics.median(samples)


def _without_fsync_ms(chronicle: Path, count: int) -> float:
    """The append's own cost (lock, tail check, write), with the fsync taken out."""
    saved = session_log._fdatasync
    session_log._fdatasync = lambda fd: None
    try:
        return statistics.median(_append_ms(chronicle, 9003, count))
    finally:
        session_log._fdatasync = saved
        session_path(chronicle, 9003).unlink()


def _calibration_us() -> float:
    """Python speed of this machine now: ``sum(range(1000))`` (about 10 µs on an idle laptop core)."""
    return median_seconds(lambda: sum(range(1000)), repeat=7, number=200) * 1e6


def figures(quick: bool) -> list[Figure]:
    entries, sessions, appends = (2_000, 10, 20) if quick else (100_000, 300, 400)
    size_note = f"{entries:,} entries over {sessions} sessions"
    saved_cache = os.environ.get(index.CACHE_ENV)
    with tempfile.TemporaryDirectory(prefix="vtm-bench-store-") as temp:
        os.environ[index.CACHE_ENV] = str(Path(temp) / "cache")
        try:
            return _figures(Path(temp), entries, sessions, appends, size_note, quick)
        finally:
            if saved_cache is None:
                os.environ.pop(index.CACHE_ENV, None)
            else:
                os.environ[index.CACHE_ENV] = saved_cache


def _figures(temp: Path, entries: int, sessions: int, appends: int, size_note: str, quick: bool) -> list[Figure]:
    out: list[Figure] = [Figure("machine: sum(range(1000))", _calibration_us(), "µs", None, "Python speed now; ~10 µs idle")]
    chronicle = build_chronicle(temp / "chronicle", characters=100, sessions=sessions, entries=entries)

    # Appends: an empty session against one file holding every entry, taken in turns so that
    # whatever else the disk is doing weighs on both alike.
    big_size = _one_big_session(chronicle, 9002)
    first: list[float] = []
    late: list[float] = []
    raw: list[float] = []
    for _ in range(appends):
        first += _append_ms(chronicle, 9001, 1)
        late += _append_ms(chronicle, 9002, 1)
        raw.append(_raw_fsync_ms(temp, 1))
    out.append(Figure("disk: raw write + fdatasync (median)", statistics.median(raw), "ms", None,
                      "the floor of an append, taken in the same turns"))  # fmt: skip
    first_ms, late_ms = statistics.median(first), statistics.median(late)
    out.append(Figure("store: append, empty session (median)", first_ms, "ms", APPEND_MS, f"{appends} appends, fsync"))
    out.append(Figure(f"store: append after {entries:,} entries (median)", late_ms, "ms", APPEND_MS,
                      f"one {big_size / 1e6:.0f} MB file"))  # fmt: skip
    out.append(Figure("store: append cost ratio, full / empty", late_ms / first_ms, "x", 1.5, "flat = 1"))
    out.append(Figure("store: append p95, full file", statistics.quantiles(late, n=20)[-1], "ms", None))
    out.append(Figure("store: append without the fsync (median)", _without_fsync_ms(chronicle, appends), "ms", None,
                      "lock, tail check, write"))  # fmt: skip
    session_path(chronicle, 9001).unlink()
    session_path(chronicle, 9002).unlink()

    # The current session, and polling it.
    current = sessions
    log = read_session(chronicle, current)
    out.append(Figure(f"store: current session read ({len(log.entries)} entries)",
                      best_ms(lambda: read_session(chronicle, current), 5), "ms", CURRENT_MS, size_note))  # fmt: skip
    out.append(Figure("store: newest 50 of the current session", best_ms(lambda: read_recent(chronicle, current, 50), 5),
                      "ms", CURRENT_MS, "read from the end of the file"))  # fmt: skip
    offset = log.offset
    out.append(Figure("store: poll for new entries, none", best_ms(lambda: read_new_entries(chronicle, current, offset), 9),
                      "ms", CURRENT_MS))  # fmt: skip
    append_entry(chronicle, _entry(current, 0))
    out.append(Figure("store: poll for new entries, one", best_ms(lambda: read_new_entries(chronicle, current, offset), 9),
                      "ms", CURRENT_MS))  # fmt: skip

    # The history index.
    start = time.perf_counter()
    report = index.sync_index(chronicle)
    build_s = time.perf_counter() - start
    out.append(Figure("index: first build", build_s, "s", INDEX_BUILD_S, f"{report.entries_added:,} entries, {size_note}"))
    out.append(Figure("index: check, nothing changed", best_ms(lambda: index.sync_index(chronicle), 5), "ms", FILTER_MS))

    def one_more() -> None:
        append_entry(chronicle, _entry(current, 1))
        index.sync_index(chronicle)

    out.append(Figure("index: append then update", best_ms(one_more, 5), "ms", FILTER_MS, "parses only the new block"))
    actors = character_names(100)[:3]
    combined = dict(actor=actors, results=["win", "success", "messy_critical", "critical_win"], text="guard")
    hits = index.query(chronicle, **combined)
    out.append(Figure("index: combined filter over all history", best_ms(lambda: index.query(chronicle, **combined), 7),
                      "ms", FILTER_MS, f"actor+results+text, {len(hits)} hits"))  # fmt: skip
    out.append(Figure("index: newest 50 of all history", best_ms(lambda: index.query(chronicle, order="desc", limit=50), 7),
                      "ms", FILTER_MS))  # fmt: skip
    newest = index.query(chronicle, order="desc", limit=50)
    out.append(Figure("index: newest 50, whole entries", best_ms(lambda: index.load_entries(chronicle, newest), 7), "ms",
                      CURRENT_MS, "read at their byte offsets"))  # fmt: skip
    out.append(Figure(f"index: list_sessions ({sessions})", best_ms(lambda: list_sessions(chronicle), 5), "ms", FILTER_MS))
    return out
