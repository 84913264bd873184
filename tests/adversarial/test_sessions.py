"""Issue 15 and issue 19 item 5: one rule for "no session open", used by the command line and the app alike.

- a player's action never opens a session (it is refused and nothing is saved or logged);
- a Remorse test owed at a session's end is logged in that session, not in a next one it opened;
- the storyteller's action opens the next session and says so on the command line; the app asks first
  ("Start session 4 for this change?", tests/adversarial/test_session_question.py) and says so once ``s``
  started it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from seat_support import chronicle_copy, make_app, run, screen_text

from vtm_tui.cli import main
from vtm_tui.play.sessions import NoSessionOpen, session_for_action
from vtm_tui.rules.dice import GivenFaces
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.next_session import NextSessionDialog
from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.widgets.roll_result import RollResult


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The V5 example: session 3 has ended; Inês (Marta's) has 2 stains."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    return chronicle_copy(tmp_path)


def _session_file(chronicle: Path, number: int) -> Path:
    return chronicle / "sessions" / f"{number:04d}.toml"


def _chronicle(chronicle: Path) -> dict:
    return tomllib.loads((chronicle / "chronicle.toml").read_text(encoding="utf-8"))


# -- the rule, headless ------------------------------------------------------------------------------------
def test_the_rule_for_each_case(lisboa: Path) -> None:
    store = open_chronicle(lisboa)
    with pytest.raises(NoSessionOpen, match="Session 3 has ended: nothing saved until the storyteller starts"):
        session_for_action(store, player=True)
    assert not _session_file(lisboa, 4).exists()
    owed = session_for_action(store, player=True, kind="remorse")
    assert (owed.number, owed.started) == (3, False) and "session 3" in owed.note
    opened = session_for_action(store)
    assert (opened.number, opened.started) == (4, True)
    assert opened.note == "Session 4 started now (session 3 had ended)"
    assert session_for_action(store, player=True) .number == 4  # open now: players log into it


# -- a player's seat never opens a session -----------------------------------------------------------------
def test_a_players_edit_between_sessions_opens_nothing_and_saves_nothing(lisboa: Path) -> None:
    sheet = lisboa / "characters" / "ines-valadares.toml"
    before = sheet.read_text(encoding="utf-8")

    async def body() -> None:
        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("right_square_bracket")  # Hunger +1
            await pilot.pause()
            assert "Session 3 has ended: nothing saved until the storyteller starts the next." in screen_text(app)

    run(body())
    assert sheet.read_text(encoding="utf-8") == before
    assert not _session_file(lisboa, 4).exists()
    assert _chronicle(lisboa)["current_session"] == 3 and _chronicle(lisboa)["session_open"] is False


def test_a_players_roll_between_sessions_opens_nothing(lisboa: Path) -> None:
    async def body() -> None:
        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog)
            await pilot.press("enter")
            await pilot.pause()
            assert not app.screen.query_one(RollResult).display  # nothing shown: nothing was logged

    run(body())
    assert not _session_file(lisboa, 4).exists()


# -- Remorse lands in the session that owed it -------------------------------------------------------------
def test_remorse_after_ending_a_session_is_logged_in_that_session(lisboa: Path) -> None:
    store = open_chronicle(lisboa)
    store.start_session()  # session 4, then ended: Inês's stains are owed to it
    store.end_session()

    async def body() -> None:
        app = make_app(lisboa)
        app.dice = GivenFaces({"regular": [8, 2]})
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down")  # Inês, who has stains
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog) and app.screen.kind == "remorse"
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            shown = " ".join(n.message for n in app._notifications)
            assert "Logged in session 4, which ended owing it." in shown

    run(body())
    assert not _session_file(lisboa, 5).exists()
    assert _chronicle(lisboa)["session_open"] is False
    last = read_session(lisboa, 4, recover=False).entries[-1]
    assert (last.kind, last.actor) == ("remorse", "Inês Valadares")


def test_the_command_lines_remorse_goes_to_the_same_session(lisboa: Path, capsys) -> None:
    assert main(["session", str(lisboa), "remorse", "--seed", "3"]) == 0
    assert not _session_file(lisboa, 4).exists()
    kinds = [e.kind for e in read_session(lisboa, 3, recover=False).entries]
    assert "remorse" in kinds[kinds.index("session_end"):]


# -- the storyteller's action opens the next session, and says so ------------------------------------------
def test_the_storytellers_edit_opens_the_next_session_and_says_why(lisboa: Path) -> None:
    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("right_square_bracket")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            assert "Session 3 has ended. Start session 4 for this change?" in screen_text(app)
            assert not _session_file(lisboa, 4).exists()
            await pilot.press("s")
            await pilot.pause()
            shown = " ".join(n.message for n in app._notifications)
            assert "Session 4 started." in shown

    run(body())
    assert _chronicle(lisboa)["current_session"] == 4 and _chronicle(lisboa)["session_open"] is True
    [entry] = read_session(lisboa, 4, recover=False).entries  # the edit, in the session it started
    assert entry.kind == "hunger"


def test_the_command_line_roll_follows_the_same_rule(lisboa: Path, capsys) -> None:
    code = main(["roll", "v5", "--chronicle", str(lisboa), "--character", "ines", "--pool", "2",
                 "--hunger", "0", "--difficulty", "1", "--faces", "7,3"])
    assert code == 0
    assert "Session 4 started now (session 3 had ended)" in capsys.readouterr().err
    assert [e.kind for e in read_session(lisboa, 4, recover=False).entries][-1] == "roll"


def test_a_seats_follow_up_after_the_session_ended_is_told_not_crashed(lisboa: Path) -> None:
    """Win at a cost (c) noted on a seat after the storyteller ended the session: refused with the message."""
    from seat_support import set_chronicle_line

    set_chronicle_line(lisboa, "session_open = false", "session_open = true")

    async def body() -> None:
        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            dialog = app.screen
            dialog.query_one("#pool").value = "4"
            dialog.query_one("#difficulty").value = "4"
            dialog.query_one("#faces").value = "7 2 | 3 4"  # 1 success vs 4: a failure, win at a cost possible
            await pilot.pause()
            dialog.query_one("#faces").focus()
            await pilot.press("enter")
            await pilot.pause()
            set_chronicle_line(lisboa, "session_open = true", "session_open = false")  # the storyteller ends it
            dialog.action_cost()
            await pilot.pause()
            assert "Session 3 has ended: nothing saved" in screen_text(app)

    run(body())
    assert not _session_file(lisboa, 4).exists()


def test_the_storytellers_roll_that_opened_a_session_says_so_when_the_dialog_closes(lisboa: Path) -> None:
    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)  # asked before the dice are rolled
            assert "Session 3 has ended. Start session 4 for this change?" in screen_text(app)
            await pilot.press("s")
            await pilot.pause()
            assert app.screen.query_one(RollResult).display
            assert not app._notifications  # nothing covers the dice
            await pilot.press("escape")
            await pilot.pause()
            shown = " ".join(n.message for n in app._notifications)
            assert "Session 4 started." in shown

    run(body())
    assert _chronicle(lisboa)["current_session"] == 4
