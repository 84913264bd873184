"""An unexpected error never shows a traceback, a local variable or a server path on any terminal.

The seat is a terminal on a player's screen: Textual's crash report used to print every local of the failing
frame there (a secret Difficulty, a storyteller character's private notes, the chronicle's path). Now the
app and the command line end with one line naming a report file, and the report (for the storyteller) is
in the user log folder (``$VTM_TUI_LOG_DIR`` here).
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from pathlib import Path

import pytest

from benchmarks.ptyrun import PtyProgram
from vtm_tui.cli import main
from vtm_tui.crash import LOG_DIR_ENV

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "campaigns" / "lisboa-nocturna"
CANARY = "ZZ-canary-ZZ"

needs_pty = pytest.mark.skipif(not sys.platform.startswith(("linux", "darwin")), reason="needs a pty")



def test_command_line_crash_is_one_line_and_a_report(tmp_path, monkeypatch, capsys) -> None:
    import vtm_tui.commands.declared as v5_command

    def broken(args):
        difficulty = 8  # noqa: F841 - a local that a traceback with locals would show
        raise RuntimeError(f"{CANARY} in {tmp_path}")

    monkeypatch.setenv(LOG_DIR_ENV, str(tmp_path / "logs"))
    monkeypatch.setattr(v5_command, "dice_from_args", broken)
    assert main(["roll", "v5", "--pool", "3"]) == 1
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1, captured.err
    assert "unexpected error (RuntimeError)" in captured.err
    for secret in (CANARY, str(tmp_path), "Traceback", "difficulty"):
        assert secret not in captured.err and secret not in captured.out
    reports = list((tmp_path / "logs").glob("crash-*.txt"))
    assert len(reports) == 1 and reports[0].name in captured.err
    text = reports[0].read_text(encoding="utf-8")
    assert "Traceback" in text and CANARY in text
    assert oct(reports[0].stat().st_mode & 0o777) == "0o600"


def test_report_that_cannot_be_written_still_ends_in_one_line(tmp_path, monkeypatch, capsys) -> None:
    import vtm_tui.commands.declared as v5_command

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(LOG_DIR_ENV, str(blocker / "logs"))
    monkeypatch.setattr(v5_command, "dice_from_args", lambda args: 1 / 0)
    assert main(["roll", "v5", "--pool", "3"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ZeroDivisionError" in err and "no report" in err


SEAT_CRASH = textwrap.dedent(
    """
    import sys
    from vtm_tui.ui.app import VtmApp

    def boom(self):
        difficulty = 8
        private_notes = "{canary} notes"
        raise ValueError("{canary} in " + str(self.chronicle_store.path))

    VtmApp.action_seats = boom
    from vtm_tui.cli import main
    sys.exit(main(sys.argv[1:]))
    """
)


@needs_pty
def test_a_crash_on_a_seat_shows_one_line_and_no_secret(tmp_path) -> None:
    chronicle = tmp_path / "srv" / "chronicle"
    shutil.copytree(EXAMPLE, chronicle)
    script = tmp_path / "crash_seat.py"
    script.write_text(SEAT_CRASH.format(canary=CANARY), encoding="utf-8")
    logs = tmp_path / "logs"
    env = {LOG_DIR_ENV: str(logs), "VTM_TUI_KEYMAP": str(tmp_path / "none.toml"),
           "VTM_TUI_CACHE": str(tmp_path / "cache"), "TEXTUAL_ANIMATIONS": "none",
           "PYTHONPATH": str(REPO)}
    program = PtyProgram([sys.executable, str(script), str(chronicle), "--player", "Marta"], env=env,
                         columns=100, rows=30)
    program.start()
    try:
        program.read_until(b"seat", timeout=60)
        program.send(b"w")
        code = program.wait_exit()
    finally:
        program.stop()
    output = bytes(program.output).decode("utf-8", errors="replace")
    assert code == 1
    assert "unexpected error (ValueError)" in output
    for secret in (CANARY, str(tmp_path), "Traceback", "difficulty", "private_notes"):
        assert secret not in output, secret
    reports = list(logs.glob("crash-*.txt"))
    assert len(reports) == 1 and reports[0].name in output
    assert CANARY in reports[0].read_text(encoding="utf-8")
    assert not list((chronicle / ".seats").glob("*.toml"))  # the seat is left, as on any exit


def test_reports_are_kept_to_a_bounded_number(tmp_path, monkeypatch) -> None:
    from vtm_tui.crash import MAX_REPORTS, write_report

    monkeypatch.setenv(LOG_DIR_ENV, str(tmp_path / "logs"))
    (tmp_path / "logs").mkdir()
    for n in range(MAX_REPORTS + 5):
        (tmp_path / "logs" / f"crash-20260101T0000{n:02d}Z-1.txt").write_text("old", encoding="utf-8")
    newest = write_report(RuntimeError("again"))
    kept = sorted((tmp_path / "logs").glob("crash-*.txt"))
    assert len(kept) == MAX_REPORTS and newest in kept
    assert not (tmp_path / "logs" / "crash-20260101T000000Z-1.txt").exists()


def test_a_crash_in_a_thread_goes_to_a_report_not_the_terminal(tmp_path, monkeypatch, capfd) -> None:
    import threading

    from vtm_tui.crash import install_thread_hook

    monkeypatch.setenv(LOG_DIR_ENV, str(tmp_path / "logs"))
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)  # restored after the test
    install_thread_hook()

    def work() -> None:
        secret = CANARY  # noqa: F841
        raise RuntimeError(f"{CANARY} in {tmp_path}")

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    captured = capfd.readouterr()
    assert CANARY not in captured.err + captured.out and "Traceback" not in captured.err
    [report] = (tmp_path / "logs").glob("crash-*.txt")
    assert CANARY in report.read_text(encoding="utf-8")
