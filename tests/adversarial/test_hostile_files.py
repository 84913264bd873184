"""Whatever sits at a chronicle file's path is read with size and type checks, and one bad sheet never takes
the chronicle down.

A sheet symlinked to ``/dev/zero`` used to be read forever, a FIFO hung every process that opened the
chronicle, deep nesting raised a RecursionError traceback, and one invalid sheet refused the whole
chronicle to the storyteller, every seat and the command line. The command-line cases run in a child
process with a memory and time limit, so the old behaviour fails the test instead of the machine.
"""

from __future__ import annotations

import asyncio
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.errors import StoreError
from vtm_tui.store.safe_read import MAX_DOCUMENT_BYTES, read_regular
from vtm_tui.store.toml_io import MAX_NESTING, load_toml

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "campaigns" / "lisboa-nocturna"
INES = "characters/ines-valadares.toml"
DUARTE = "characters/duarte-moniz.toml"


@pytest.fixture
def chronicle(tmp_path: Path) -> Path:
    target = tmp_path / "srv" / "chronicle"
    shutil.copytree(EXAMPLE, target)
    open_chronicle(target).start_session()  # the example's last session has ended: rolls need one open
    return target


def _limits() -> None:  # runs in the child: 1 GB of memory at most
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def vtm(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command in a child with a memory limit and a time limit (a hang or a blow-up fails)."""
    env = {**os.environ, "VTM_TUI_CACHE": str(tmp_path / "cache"), "VTM_TUI_LOG_DIR": str(tmp_path / "logs"),
           "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "vtm_tui", *args], capture_output=True, text=True, timeout=60,
                          env=env, stdin=subprocess.DEVNULL, preexec_fn=_limits)


def one_clean_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.stderr.count("\n") == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "unexpected error" not in done.stderr
    return done.stderr


def roll_as(chronicle: Path, tmp_path: Path, character: str) -> subprocess.CompletedProcess[str]:
    return vtm(tmp_path, "roll", "v5", "--chronicle", str(chronicle), "--character", character, "--pool",
               "Wits + Awareness", "--seed", "1")


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


# -- what is at a path ----------------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_sheet_linked_to_dev_zero_is_refused_and_the_rest_opens(chronicle, tmp_path) -> None:
    sheet = chronicle / DUARTE
    sheet.unlink()
    sheet.symlink_to("/dev/zero")
    done = roll_as(chronicle, tmp_path, "Inês")
    assert done.returncode == 0, done.stderr
    store = open_chronicle(chronicle)
    assert "not a regular file" in store.broken[sheet]
    assert "Inês Valadares" in {c.name for c in store.characters}


def test_a_sheet_that_is_a_fifo_never_hangs(chronicle, tmp_path) -> None:
    sheet = chronicle / DUARTE
    sheet.unlink()
    os.mkfifo(sheet)
    done = roll_as(chronicle, tmp_path, "Duarte")
    assert done.returncode == 2
    line = one_clean_line(done)
    assert "duarte-moniz.toml" in line and "not a regular file" in line
    assert roll_as(chronicle, tmp_path, "Inês").returncode == 0


def test_a_session_log_that_is_a_fifo_or_a_device_is_refused(chronicle, tmp_path) -> None:
    log = chronicle / "sessions" / "0003.toml"
    log.unlink()
    os.mkfifo(log)
    done = vtm(tmp_path, "log", str(chronicle), "--session", "3")
    assert done.returncode != 0
    assert "0003.toml" in one_clean_line(done) and "not a regular file" in done.stderr


def test_an_oversized_sheet_is_not_read(chronicle) -> None:
    sheet = chronicle / DUARTE
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\n# " + "x" * MAX_DOCUMENT_BYTES + "\n",
                     encoding="utf-8")
    with pytest.raises(StoreError, match="more than the"):
        read_regular(sheet)
    store = open_chronicle(chronicle)
    assert "bytes" in store.broken[sheet] and len(store.characters) == 8


def test_sessions_being_a_file_is_one_clean_message(chronicle, tmp_path) -> None:
    shutil.rmtree(chronicle / "sessions")
    (chronicle / "sessions").write_text("not a folder\n", encoding="utf-8")
    done = vtm(tmp_path, "log", str(chronicle))
    assert done.returncode != 0
    one_clean_line(done)


# -- deep nesting ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("levels", [MAX_NESTING + 1, 600, 100_000])
def test_deep_nesting_is_an_error_naming_the_file(chronicle, levels) -> None:
    sheet = chronicle / DUARTE
    sheet.write_text(sheet.read_text(encoding="utf-8") + f"\nburied = {deep(levels)}\n", encoding="utf-8")
    with pytest.raises(StoreError, match="duarte-moniz.toml.*nested"):
        load_toml(sheet)
    assert "nested" in open_chronicle(chronicle).broken[sheet]


def test_deep_nesting_in_a_sheet_leaves_the_command_line_working(chronicle, tmp_path) -> None:
    sheet = chronicle / DUARTE
    sheet.write_text(sheet.read_text(encoding="utf-8") + f"\nburied = {deep(5000)}\n", encoding="utf-8")
    assert roll_as(chronicle, tmp_path, "Inês").returncode == 0
    done = roll_as(chronicle, tmp_path, "Duarte")
    assert done.returncode == 2 and "duarte-moniz.toml" in one_clean_line(done) and "nested" in done.stderr


def test_deep_nesting_in_the_chronicle_file_is_one_line(chronicle, tmp_path) -> None:
    path = chronicle / "chronicle.toml"
    path.write_text(path.read_text(encoding="utf-8") + f"\nburied = {deep(5000)}\n", encoding="utf-8")
    done = roll_as(chronicle, tmp_path, "Inês")
    assert done.returncode == 2
    assert "chronicle.toml" in one_clean_line(done) and "nested" in done.stderr


# -- one broken sheet, in the app and on a seat ---------------------------------------------------------------


def test_a_seat_opens_although_another_sheet_is_broken(chronicle, tmp_path, monkeypatch) -> None:
    from vtm_tui.rules.dice import SeededDice
    from vtm_tui.ui.app import VtmApp

    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    sheet = chronicle / "characters" / "vicente-lobo.toml"  # a storyteller character
    sheet.write_text(sheet.read_text(encoding="utf-8") + f"\nburied = {deep(5000)}\n", encoding="utf-8")

    async def scene() -> None:
        app = VtmApp(chronicle, dice=SeededDice(1), player="Marta", keymap={})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert app.current_mode == "player"
            # The seat names no other sheet (not even that one is broken).
            assert not [n for n in app._notifications if "vicente" in n.message.lower()]

    asyncio.run(scene())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pty")
def test_a_seat_on_a_chronicle_whose_sessions_is_a_file_says_so_without_server_paths(chronicle, tmp_path) -> None:
    from benchmarks.ptyrun import PtyProgram

    shutil.rmtree(chronicle / "sessions")
    (chronicle / "sessions").write_text("not a folder\n", encoding="utf-8")
    env = {"VTM_TUI_CACHE": str(tmp_path / "cache"), "VTM_TUI_LOG_DIR": str(tmp_path / "logs"),
           "VTM_TUI_KEYMAP": str(tmp_path / "none.toml"), "PYTHONPATH": str(REPO)}
    program = PtyProgram([sys.executable, "-m", "vtm_tui", str(chronicle), "--player", "Marta"], env=env).start()
    try:
        status = program.wait_exit()
    finally:
        program.stop()
    output = bytes(program.output).decode("utf-8", errors="replace")
    assert status == 2, output[-1500:]
    assert "sessions: not a folder" in output
    assert str(tmp_path) not in output and "Traceback" not in output and "unexpected error" not in output


def test_messages_for_a_seat_name_files_relative_to_the_chronicle(chronicle) -> None:
    from vtm_tui.store.paths import hide_root

    message = f"{chronicle / DUARTE}, line 3: bad; {chronicle}: not a chronicle"
    shown = hide_root(message, chronicle)
    assert shown == f"{DUARTE}, line 3: bad; the chronicle: not a chronicle"
    assert str(chronicle.parent) not in shown


def test_a_seats_notifications_never_name_server_paths(chronicle, tmp_path, monkeypatch) -> None:
    from vtm_tui.rules.dice import SeededDice
    from vtm_tui.ui.app import VtmApp

    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))

    async def scene() -> None:
        app = VtmApp(chronicle, dice=SeededDice(1), player="Marta", keymap={})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.notify(f"{chronicle / INES}: another process changed this sheet", severity="error")
            await pilot.pause()
            shown = [n.message for n in app._notifications]
            assert f"{INES}: another process changed this sheet" in shown
            assert not [m for m in shown if str(tmp_path) in m]

    asyncio.run(scene())


def test_a_die_written_with_5000_digits_breaks_only_its_sheet(tmp_path) -> None:
    import re

    target = tmp_path / "saltmarsh"
    shutil.copytree(REPO / "campaigns" / "lanterns-of-saltmarsh", target)
    sheet = sorted((target / "characters").glob("*.toml"))[0]
    text = sheet.read_text(encoding="utf-8")
    hostile = re.sub(r'= "d(\d+)"', '= "d' + "9" * 5000 + '"', text, count=1)
    assert hostile != text
    sheet.write_text(hostile, encoding="utf-8")
    store = open_chronicle(target)
    assert "is not a die" in store.broken[sheet]
    assert store.characters and sheet.stem not in {c.slug for c in store.characters}


def test_looking_for_a_default_pool_skips_a_session_log_that_is_a_fifo(chronicle) -> None:
    import threading

    from vtm_tui.play.defaults import find_last_pool

    log = chronicle / "sessions" / "0004.toml"
    log.unlink()
    os.mkfifo(log)
    found: list[object] = []
    worker = threading.Thread(target=lambda: found.append(find_last_pool(chronicle, 4, "Inês Valadares")),
                              daemon=True)
    worker.start()
    worker.join(30)
    assert found, "find_last_pool hung on a FIFO"


def test_a_seats_status_line_and_roll_errors_never_name_server_paths(chronicle, tmp_path, monkeypatch) -> None:
    from vtm_tui.rules.dice import SeededDice
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.screens.roll_dialog import RollDialog
    from vtm_tui.ui.widgets.roll_form import RollForm

    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    problem = f"{chronicle / INES}: cannot save (No space left on device)"

    async def scene() -> None:
        app = VtmApp(chronicle, dice=SeededDice(1), player="Marta", keymap={})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.screen.say(problem, error=True)
            await pilot.pause()
            status = str(app.screen.query_one("#player-status").render())
            assert INES in status and str(tmp_path) not in status
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog)
            form = app.screen.query_one(RollForm)
            form.show_error(problem)
            await pilot.pause()
            shown = form.status_text
            assert INES in shown and str(tmp_path) not in shown

    asyncio.run(scene())


def test_a_player_whose_sheet_is_broken_is_told_so_without_its_contents(chronicle, tmp_path, monkeypatch) -> None:
    from vtm_tui.rules.dice import SeededDice
    from vtm_tui.ui.app import VtmApp

    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    sheet = chronicle / INES
    sheet.write_text(sheet.read_text(encoding="utf-8") + f"\nburied = {deep(5000)}\n", encoding="utf-8")

    async def scene() -> None:
        app = VtmApp(chronicle, dice=SeededDice(1), player="Marta", keymap={})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            status = str(app.screen.query_one("#player-status").render())
            assert "a sheet is broken" in status and "ines-valadares" not in status

    asyncio.run(scene())
