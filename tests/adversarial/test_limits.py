"""Every input has a limit, refused with a clear message before anything is written.

The attacks: ``+ `` and 5,000 nines pasted into a pool or a Difficulty (``int()`` raised ValueError and the
seat died), ``Wits + 10000000`` (a 31 MB log entry every app then read), ``roll v5 --pool 10000000`` (21 s,
900 MB), a 5 MB notes edit (10 MB more log), and names, prompts, titles and comments of any size.
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

from vtm_tui.errors import VtmError
from vtm_tui.model.limits import MAX_COMMENT, MAX_ENTRY_BYTES, MAX_NAME, MAX_NOTES, MAX_PROMPT, MAX_TITLE
from vtm_tui.play.request import make_request
from vtm_tui.rules.dice import SeededDice
from vtm_tui.rules.numbers import read_whole
from vtm_tui.rules.pool import MAX_POOL_TEXT, PoolError, parse_pool
from vtm_tui.rules.v5.rolling import MAX_POOL as V5_MAX_POOL
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.requests import request_entry

REPO = Path(__file__).resolve().parents[2]
NINES = "9" * 5000
PASTE = " + " + NINES


@pytest.fixture
def chronicle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    target = tmp_path / "srv" / "lisboa"
    shutil.copytree(REPO / "campaigns" / "lisboa-nocturna", target)
    open_chronicle(target).start_session()
    return target


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.toml"))
            if ".seats" not in p.parts}


# -- numbers ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [NINES, "²", "١٢", "1" * 7, "--3", ""])
def test_whole_numbers_never_raise_python_errors(text) -> None:
    with pytest.raises(VtmError):
        read_whole(text)


@pytest.mark.parametrize("pool", [PASTE, "Wits +" + NINES, "Wits + " + "x" * (MAX_POOL_TEXT + 1)])
def test_pool_text_is_bounded(pool) -> None:
    with pytest.raises(PoolError) as info:
        parse_pool(pool)
    assert len(str(info.value)) < 200  # the paste is not repeated back


@pytest.mark.parametrize(("pool", "difficulty"), [
    (PASTE, None), ("Wits + 10000000", None), ("Wits + 100", None), ("Wits + Awareness", NINES),
    ("Wits + Awareness", "²"), ("Wits + Awareness", "hard " + NINES),
])
def test_a_request_refuses_huge_pools_and_difficulties(chronicle, pool, difficulty) -> None:
    ines = open_chronicle(chronicle).character("Inês")
    with pytest.raises(VtmError) as info:
        make_request(ines, pool, difficulty=difficulty)
    message = str(info.value)
    assert ("Pool" in message or "Difficulty" in message) and len(message) < 300


def test_each_rule_set_bounds_its_pool() -> None:
    from vtm_tui.rules.errors import RulesError
    from vtm_tui.rules.v5 import roll as v5_roll
    from vtm_tui.rules.v20 import roll as v20_roll
    from vtm_tui.rules.v20.pools import MAX_POOL as V20_MAX_POOL

    assert V5_MAX_POOL >= 30 and V20_MAX_POOL >= 30  # well above any real pool
    assert len(v5_roll(V5_MAX_POOL, 0, 0, SeededDice(1)).to_dict()["faces"]) == V5_MAX_POOL
    with pytest.raises(RulesError, match=f"at most {V5_MAX_POOL}"):
        v5_roll(10_000_000, 0, 0, SeededDice(1))
    with pytest.raises(RulesError):
        v20_roll(10_000_000, 6, SeededDice(1))


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("args", [
    ("roll", "v5", "--pool", "10000000"), ("odds", "v5", "--pool", "10000000"), ("roll", "v5", "--pool", NINES),
    ("roll", "v20", "--pool", NINES), ("roll", "v5", "--pool", "3", "--difficulty", NINES),
])
def test_the_command_line_refuses_huge_numbers_in_one_line(tmp_path, args) -> None:
    env = {**os.environ, "VTM_TUI_LOG_DIR": str(tmp_path / "logs"), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "vtm_tui", *args], capture_output=True, text=True, timeout=60,
                          env=env, stdin=subprocess.DEVNULL, preexec_fn=_limits)
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr and len(done.stderr) < 400


# -- text ------------------------------------------------------------------------------------------------


def test_huge_notes_are_refused_before_anything_is_written(chronicle) -> None:
    store = open_chronicle(chronicle)
    before = files_of(chronicle)
    ines = store.character("Inês")
    ines.notes = "x" * (5 * 1024 * 1024)
    with pytest.raises(VtmError, match="notes: .* characters, more than the 50,000 allowed"):
        store.save_character(ines)
    ines.notes, ines.private_notes = "", "y" * (MAX_NOTES + 1)
    with pytest.raises(VtmError, match="storyteller-only notes"):
        store.save_character(ines)
    assert files_of(chronicle) == before


def test_names_titles_prompts_and_comments_are_bounded(chronicle) -> None:
    from vtm_tui.model.character import new_character
    from vtm_tui.store.catalog import create_chronicle

    store = open_chronicle(chronicle)
    before = files_of(chronicle)
    with pytest.raises(VtmError, match="name"):
        store.add_character(new_character("N" * (MAX_NAME + 1), "v5"))
    with pytest.raises(VtmError, match="name"):
        store.rename_character(store.character("Inês"), "N" * (MAX_NAME + 1))
    store.end_session()
    after_end = files_of(chronicle)
    with pytest.raises(VtmError, match="title"):
        store.start_session(title="T" * (MAX_TITLE + 1))
    with pytest.raises(VtmError, match="prompt"):
        request_entry(session=4, ruleset="v5", actor="Inês Valadares", pool="Wits", prompt="p" * (MAX_PROMPT + 1))
    with pytest.raises(VtmError, match="Comment"):
        make_request(store.character("Inês"), "Wits + Awareness", comment="c" * (MAX_COMMENT + 1))
    with pytest.raises(VtmError, match="name"):
        create_chronicle(chronicle.parent / "new", "C" * (MAX_NAME + 1), "v5")
    assert files_of(chronicle) == after_end and len(after_end) == len(before)
    assert not (chronicle.parent / "new").exists()


def test_a_log_entry_is_bounded_whatever_it_holds(chronicle) -> None:
    from vtm_tui.model.log_entry import LogEntry
    from vtm_tui.model.chronicle import utc_now
    from vtm_tui.store.session_log import append_entry

    log = chronicle / "sessions" / "0004.toml"
    before = log.read_bytes()
    entry = LogEntry(id="huge", time=utc_now(), session=4, kind="edit", ruleset="v5", actor="Inês Valadares",
                     change={"field": "notes", "before": "", "after": "z" * MAX_ENTRY_BYTES})
    with pytest.raises(VtmError, match="a log entry holds at most"):
        append_entry(chronicle, entry)
    assert log.read_bytes() == before


# -- the app and the seat ------------------------------------------------------------------------------------


def test_a_pasted_huge_difficulty_in_the_roll_dialog_is_an_error_not_a_crash(chronicle) -> None:
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.screens.roll_dialog import RollDialog

    before = files_of(chronicle)

    async def scene() -> None:
        app = VtmApp(chronicle, dice=SeededDice(1), keymap={})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            dialog = RollDialog(app.chronicle_store.character("Inês"))
            app.push_screen(dialog)
            await pilot.pause()
            dialog.query_one("#difficulty").value = NINES
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            dialog.query_one("#difficulty").value = "3"
            dialog.query_one("#pool").value = "Wits" + PASTE
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog)  # still open, still alive

    asyncio.run(scene())
    assert files_of(chronicle) == before  # nothing rolled, nothing logged


def test_a_seat_answering_a_request_with_a_pasted_pool_is_told_and_logs_nothing(chronicle) -> None:
    from vtm_tui.store.requests import ask_for_roll
    from vtm_tui.ui.app import VtmApp

    ask = request_entry(session=4, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness", difficulty=8,
                        secret=True, prompt="the door")
    ask_for_roll(chronicle, ask)
    before = files_of(chronicle)

    async def scene() -> None:
        app = VtmApp(chronicle, dice=SeededDice(1), player="Marta", keymap={})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.screen.poll()
            await pilot.pause()
            await pilot.press("a")
            await pilot.pause()
            pool = app.screen.query_one("#request-pool")
            pool.value = pool.value + PASTE
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            error = str(app.screen.query_one("#request-error").render())
            assert "Pool" in error and "8" not in error

    asyncio.run(scene())
    assert files_of(chronicle) == before


def test_the_tally_dialog_reads_a_pasted_number_as_bad_input(chronicle) -> None:
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.screens.tally_dialog import TallyDialog

    started: list[int] = []

    async def scene() -> None:
        app = VtmApp(chronicle, dice=SeededDice(1), keymap={})
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            dialog = TallyDialog(["Inês Valadares"], "Inês Valadares",
                                 start=lambda label, actor, target, opponent: started.append(target))
            app.push_screen(dialog)
            await pilot.pause()
            dialog.query_one("#tally-label").value = "the lock"
            dialog.query_one("#tally-target").value = NINES
            dialog.action_go()
            await pilot.pause()
            assert "Target" in str(dialog.query_one("#tally-result").render())
            assert app.screen is dialog

    asyncio.run(scene())
    assert started == []


def test_notes_at_the_limit_save_and_log_whatever_their_characters(chronicle) -> None:
    """The entry limit is above the worst notes edit the notes limit allows, so no saved edit goes unlogged."""
    from vtm_tui.model.log_entry import LogEntry
    from vtm_tui.model.chronicle import utc_now
    from vtm_tui.store.session_log import append_entry, read_session

    worst = "\x01" * MAX_NOTES  # every character escaped in TOML
    entry = LogEntry(id="worst", time=utc_now(), session=4, kind="edit", ruleset="v5", actor="Inês Valadares",
                     change={"field": "notes", "before": worst, "after": worst[::-1]})
    append_entry(chronicle, entry)
    assert [e.id for e in read_session(chronicle, 4).entries][-1] == "worst"
