"""Seat files: who is connected, cleaned up on exit, stale after a crash; and roll requests in the log."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.errors import StoreError
from vtm_tui.store.requests import (
    CANCEL_KIND,
    ask_for_roll,
    cancel_entry,
    open_requests,
    request_entry,
)
from vtm_tui.store.seats import SEATS_DIR, STALE_AFTER, Seat, list_seats, read_seat, this_host
from vtm_tui.store.session_log import read_session

NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parents[2]


def test_a_seat_is_written_listed_and_removed_on_leave(tmp_path: Path) -> None:
    seat = Seat(tmp_path, role="player", player="Ana", characters=("Inês Valadares",), via="local").take()
    assert seat.path == tmp_path / SEATS_DIR / f"{os.getpid()}-{this_host()}.toml"
    [info] = list_seats(tmp_path)
    assert (info.role, info.player, info.characters, info.pid, info.via) == (
        "player", "Ana", ("Inês Valadares",), os.getpid(), "local")
    assert info.label() == "Ana (Inês Valadares)" and not info.stale and info.started is not None
    seat.leave()
    seat.leave()  # idempotent
    assert list_seats(tmp_path) == [] and not seat.path.exists()


def test_taking_a_seat_waits_for_no_disk_flush(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat dies with its process: its file is replaced atomically but never fsynced (5-15 ms of every start)."""
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    seat = Seat(tmp_path, role="storyteller", via="local").take()
    assert synced == [] and [info.role for info in list_seats(tmp_path)] == ["storyteller"]
    seat.leave()


def test_the_storyteller_is_listed_first_then_players_by_name(tmp_path: Path) -> None:
    seats = [Seat(tmp_path, role="player", player="Tiago", pid=os.getpid(), host="h1"),
             Seat(tmp_path, role="player", player="ana", pid=os.getpid(), host="h2"),
             Seat(tmp_path, role="storyteller", pid=os.getpid(), host="h3")]
    for seat in seats:
        seat.take()
    assert [s.label() for s in list_seats(tmp_path)] == ["Storyteller", "ana", "Tiago"]


def test_a_dead_pid_on_this_host_is_stale_and_pruned(tmp_path: Path) -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()  # a pid that no longer runs
    Seat(tmp_path, role="player", player="Ana", pid=child.pid).take()
    Seat(tmp_path, role="storyteller").take()
    kept = list_seats(tmp_path, prune=False)
    assert [s.stale for s in kept] == [False, True]
    assert [s.role for s in list_seats(tmp_path)] == ["storyteller"]
    assert len(list((tmp_path / SEATS_DIR).glob("*.toml"))) == 1


def test_an_old_heartbeat_is_stale_even_when_the_pid_runs(tmp_path: Path) -> None:
    seat = Seat(tmp_path, role="player", player="Ana").take()
    old = time.time() - STALE_AFTER - 5
    os.utime(seat.path, (old, old))
    assert read_seat(seat.path).stale
    seat.beat()  # the live process touches it again
    assert not read_seat(seat.path).stale


def test_another_hosts_seat_is_judged_by_its_heartbeat_alone(tmp_path: Path) -> None:
    seat = Seat(tmp_path, role="player", player="Ana", pid=999_999_999, host="elsewhere").take()
    assert not read_seat(seat.path, alive=lambda pid: False).stale
    assert read_seat(seat.path, now=time.time() + STALE_AFTER + 1).stale


def test_a_pruned_live_seat_comes_back_on_its_next_heartbeat(tmp_path: Path) -> None:
    seat = Seat(tmp_path, role="storyteller").take()
    seat.path.unlink()
    seat.beat()
    assert seat.path.exists()


def test_junk_in_the_seats_folder_is_ignored(tmp_path: Path) -> None:
    folder = tmp_path / SEATS_DIR
    folder.mkdir()
    (folder / "1-x.toml").write_text("this is = = not toml", encoding="utf-8")
    (folder / ".tmp-partial.toml").write_text("role = ", encoding="utf-8")
    assert list_seats(tmp_path) == []
    assert list_seats(tmp_path / "missing") == []


def test_an_unknown_role_is_refused() -> None:
    with pytest.raises(StoreError, match="role 'gm'"):
        Seat(Path("."), role="gm")


#: A guard against a hang, not a measure: the child ends as soon as the signal is handled (milliseconds), and
#: ``wait`` returns at that moment. A child still running after this long is stuck, and :func:`_ended` says why.
HANG_GUARD = 300


def _child(tmp_path: Path, body: str, *, hangup: str = "SIG_DFL") -> subprocess.Popen:
    """A process holding a seat. Its signal state is set, not inherited: SIGHUP's disposition (under ``nohup``,
    or a CI runner that ignores SIGHUP, the test process passes SIG_IGN on and the child never died of the
    hang-up) and the mask (a blocked SIGHUP or SIGTERM stays pending through ``exec``: the child would sleep
    on, and the test wait for it)."""
    code = textwrap.dedent(f"""
        import signal, sys, time
        signal.signal(signal.SIGHUP, signal.{hangup})
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {{signal.SIGHUP, signal.SIGTERM}})
        from vtm_tui.store.seats import take_seat
        take_seat({str(tmp_path)!r}, "player", player="Ana", characters=("Inês",))
        print("ready", flush=True)
        {body}
    """)
    child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    return child


def _ended(child: subprocess.Popen) -> int:
    """The child's exit status, waited for (the event itself, not a sleep); if it is stuck, its state and signal
    masks from /proc, so a failure says whether the signal was pending, blocked or ignored."""
    try:
        return child.wait(timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        try:
            status = Path(f"/proc/{child.pid}/status").read_text(encoding="utf-8").splitlines()
        except OSError:
            status = ["(no /proc)"]
        child.kill()
        child.wait()
        state = [line for line in status if line.startswith(("State", "SigPnd", "ShdPnd", "SigBlk", "SigIgn",
                                                             "SigCgt", "(no"))]
        raise AssertionError(f"the seat's process did not end: {state}") from None


def test_a_seat_is_removed_when_the_process_exits(tmp_path: Path) -> None:
    child = _child(tmp_path, "sys.exit(0)")
    assert _ended(child) == 0
    assert list((tmp_path / SEATS_DIR).glob("*.toml")) == []


@pytest.mark.parametrize("signal_name", ["SIGHUP", "SIGTERM"])
def test_a_seat_is_removed_when_the_connection_drops(tmp_path: Path, signal_name: str) -> None:
    import signal

    child = _child(tmp_path, "time.sleep(60)")
    assert len(list_seats(tmp_path)) == 1
    child.send_signal(getattr(signal, signal_name))
    assert _ended(child) == -getattr(signal, signal_name)  # still dies of the signal
    assert list((tmp_path / SEATS_DIR).glob("*.toml")) == []


def test_a_seat_taken_with_sighup_ignored_stays_on_a_hang_up(tmp_path: Path) -> None:
    """Started under nohup the app outlives the hang-up, so its seat rightly stays; SIGTERM still ends both."""
    import signal

    child = _child(tmp_path, "time.sleep(60)", hangup="SIG_IGN")
    child.send_signal(signal.SIGHUP)  # discarded at once: an ignored signal is never pending
    child.terminate()
    assert _ended(child) == -signal.SIGTERM  # had the hang-up counted, it would have died of SIGHUP
    assert list((tmp_path / SEATS_DIR).glob("*.toml")) == []


def test_a_killed_process_leaves_a_seat_that_readers_find_stale(tmp_path: Path) -> None:
    child = _child(tmp_path, "time.sleep(60)")
    child.kill()
    _ended(child)
    assert [s.stale for s in list_seats(tmp_path, prune=False)] == [True]
    assert list_seats(tmp_path) == []


# -- roll requests ----------------------------------------------------------------------------------------


def _ask(actor: str = "Inês Valadares", **kwargs) -> LogEntry:
    values = dict(session=1, ruleset="v5", actor=actor, pool="Wits + Awareness", difficulty=3, now=NOW)
    values.update(kwargs)
    return request_entry(**values)


def test_a_request_is_open_until_a_roll_answers_it_or_it_is_withdrawn() -> None:
    first, second, third = _ask(), _ask("Duarte Moniz", secret=True), _ask(prompt="again")
    answer = LogEntry.new("roll", session=1, ruleset="v5", now=NOW, actor="Inês Valadares", result="win",
                          ref=first.id)
    cancel = cancel_entry(open_requests([third])[0], ruleset="v5", now=NOW)
    assert cancel.kind == CANCEL_KIND and cancel.ref == third.id
    entries = [first, second, third, answer, cancel]
    assert [a.id for a in open_requests(entries)] == [second.id]
    assert open_requests(entries, actors=["inês valadares"]) == []
    ask = open_requests(entries[:2], actors=["Duarte Moniz"])[0]
    assert ask.secret and ask.difficulty == 3 and ask.roll_kind == "test"
    assert ask.describe() == "Duarte Moniz: Wits + Awareness vs ?"
    assert ask.describe(show_secret=True) == "Duarte Moniz: Wits + Awareness vs 3 (secret)"


def test_a_note_with_a_ref_does_not_answer_a_request() -> None:
    ask = _ask()
    note = LogEntry.new("note", session=1, ruleset="v5", now=NOW, comment="hm", ref=ask.id)
    assert [a.id for a in open_requests([ask, note])] == [ask.id]


@pytest.mark.parametrize(("changes", "message"), [
    ({"actor": " "}, "needs a character"),
    ({"pool": ""}, "needs a pool"),
    ({"roll_kind": "dance"}, "roll kind 'dance'"),
])
def test_bad_requests_name_the_field(changes: dict, message: str) -> None:
    with pytest.raises(VtmError, match=message):
        _ask(**changes)


def test_a_rouse_request_needs_no_pool_and_round_trips_through_the_log(tmp_path: Path) -> None:
    entry = _ask(pool="", roll_kind="rouse", difficulty=None, prompt="you feed")
    ask_for_roll(tmp_path, entry)
    [read] = read_session(tmp_path, 1).entries
    [ask] = open_requests([read])
    assert (ask.roll_kind, ask.prompt, ask.difficulty, ask.id) == ("rouse", "you feed", None, entry.id)
    with pytest.raises(VtmError, match="requests"):
        ask_for_roll(tmp_path, LogEntry.new("roll", session=1, ruleset="v5", now=NOW))


def test_a_seat_file_the_reader_would_refuse_is_not_written(tmp_path: Path) -> None:
    """``--player`` with a byte that is not UTF-8 reaches Python as a lone surrogate: the write raised
    UnicodeEncodeError and left its temporary file in ``.seats``; now it is refused by name, and an earlier
    seat file stays as it was."""
    seat = Seat(tmp_path, role="player", player="Marta", characters=("Inês Valadares",), via="local").take()
    before = seat.path.read_bytes()
    seat.player = "Marta\udcff"
    with pytest.raises(StoreError, match="field 'player' holds characters that cannot be written as UTF-8"):
        seat.take()
    assert seat.path.read_bytes() == before
    assert sorted(p.name for p in (tmp_path / SEATS_DIR).iterdir()) == [seat.path.name]
    [info] = list_seats(tmp_path)
    assert info.player == "Marta"
    seat.leave()
    with pytest.raises(StoreError, match="field 'characters'"):
        Seat(tmp_path, role="player", player="Ana", characters=("Inês\ud800",), via="local").take()
    assert list((tmp_path / SEATS_DIR).iterdir()) == []


def test_a_seat_file_is_what_its_reader_reads(tmp_path: Path) -> None:
    seat = Seat(tmp_path, role="storyteller", player='Ana "the\nKnife"', characters=("a", "b\\c"), via="ssh from ::1")
    info = read_seat(seat.take().path)
    assert info is not None
    assert (info.role, info.player, info.characters, info.started, info.pid, info.host, info.via) == (
        seat.role, seat.player, seat.characters, seat.started, seat.pid, seat.host, seat.via)
    seat.leave()
