"""The lock between processes: exclusive, released when its holder dies, re-entrant in a thread."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from vtm_tui.store.errors import StoreError
from vtm_tui.store.lock import exclusive_lock

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import sys, time
from pathlib import Path
from vtm_tui.store.lock import exclusive_lock
with exclusive_lock(Path(sys.argv[1])):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
print("released", flush=True)
"""


def start_holder(lock: Path, seconds: float) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock), str(seconds)], stdout=subprocess.PIPE, text=True, env=env
    )
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    return child


def test_another_process_holding_the_lock_times_out_with_a_clear_message(tmp_path: Path) -> None:
    lock = tmp_path / "sessions" / ".lock"
    child = start_holder(lock, 30)
    try:
        with pytest.raises(StoreError, match=r"\.lock: another vtm-tui process has held the lock"):
            with exclusive_lock(lock, timeout=0.2):
                pass
    finally:
        child.kill()
        child.wait()


def test_a_killed_holder_leaves_no_stale_lock(tmp_path: Path) -> None:
    lock = tmp_path / ".lock"
    child = start_holder(lock, 30)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    with exclusive_lock(lock, timeout=5):
        pass


def test_waits_for_a_holder_that_lets_go(tmp_path: Path) -> None:
    lock = tmp_path / ".lock"
    child = start_holder(lock, 0.3)
    with exclusive_lock(lock, timeout=20):
        assert child.stdout is not None and child.stdout.readline() == "released\n"
    child.wait()


def test_reentrant_in_one_thread(tmp_path: Path) -> None:
    lock = tmp_path / ".lock"
    with exclusive_lock(lock, timeout=0.5):
        with exclusive_lock(lock, timeout=0.5):
            pass
        with exclusive_lock(lock, timeout=0.5):
            pass


def test_threads_exclude_each_other(tmp_path: Path) -> None:
    lock = tmp_path / ".lock"
    inside = []
    overlaps = []

    def work() -> None:
        for _ in range(30):
            with exclusive_lock(lock):
                inside.append(1)
                if len(inside) > 1:
                    overlaps.append(1)
                time.sleep(0.0005)
                inside.pop()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert overlaps == []


def test_an_unwritable_place_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="cannot open the lock file"):
        with exclusive_lock(blocker / ".lock"):
            pass
