"""Two (or four) processes appending to one session lose nothing and tear nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import tomllib
from datetime import datetime, timezone
from pathlib import Path

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.session_log import append_entry, create_session, read_session, session_path

ROOT = Path(__file__).resolve().parents[2]
WRITER = """
import sys, time
from pathlib import Path
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.session_log import append_entry
chronicle, who, count, go = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
while not go.exists():
    time.sleep(0.001)
for n in range(count):
    append_entry(chronicle, LogEntry.new("roll", session=1, ruleset="v5", actor=who, pool=str(n), result="win",
                                         roll={"faces": [n % 10 + 1] * (n % 7 + 1)}, comment=who * (n % 50)))
"""


def test_four_processes_times_250_appends_give_exactly_1000_entries(tmp_path: Path) -> None:
    create_session(tmp_path, 1, started=datetime(2026, 11, 29, tzinfo=timezone.utc))
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), f"p{k}", "250", str(go)], env=env)
        for k in range(4)
    ]
    go.touch()
    assert [w.wait(timeout=300) for w in writers] == [0, 0, 0, 0]
    parsed = tomllib.loads(session_path(tmp_path, 1).read_text())
    assert len(parsed["entry"]) == 1000
    log = read_session(tmp_path, 1)
    assert log.torn is None and log.set_aside == ()
    assert len(log.entries) == 1000 and len({e.id for e in log.entries}) == 1000
    for k in range(4):  # each writer's entries are all there, in the order it wrote them
        assert [e.pool for e in log.entries if e.actor == f"p{k}"] == [str(n) for n in range(250)]
    interleaved = sum(1 for a, b in zip(log.entries, log.entries[1:]) if a.actor != b.actor)
    assert interleaved > 3  # the writers really did run at the same time


def test_threads_appending_at_once_lose_nothing(tmp_path: Path) -> None:
    def work(who: str) -> None:
        for n in range(50):
            append_entry(tmp_path, LogEntry.new("note", session=2, ruleset="v20", actor=who, pool=str(n)))

    threads = [threading.Thread(target=work, args=(f"t{k}",)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log = read_session(tmp_path, 2)
    assert len(log.entries) == 200 and len({e.id for e in log.entries}) == 200
