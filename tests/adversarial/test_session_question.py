"""Issue 28: a storyteller's change after "End session" no longer starts the next session unasked.

The app asks "Session 3 has ended. Start session 4 for this change?" before anything is written: Esc writes
nothing and leaves the editor with what was typed; ``s`` starts session 4 and makes the change there. The rule is
headless (:mod:`vtm_tui.play.sessions`: ``may_start=False`` raises :class:`SessionEnded`); the command line keeps
starting the next session (a typed command is an explicit act) and says so on stderr. A new chronicle's first
session still starts by acting, and a Remorse test owed at the end still goes to the ended session.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from seat_support import chronicle_copy, make_app, run, screen_text, set_chronicle_line

from vtm_tui.cli import main
from vtm_tui.play import ledger as headless_ledger
from vtm_tui.play.notes import add_note
from vtm_tui.play.sessions import SessionEnded, must_ask, session_for_action
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.next_session import NextSessionDialog



@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The V5 example: session 3 has ended."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    return chronicle_copy(tmp_path)


def _chronicle(chronicle: Path) -> tuple[int, bool]:
    doc = tomllib.loads((chronicle / "chronicle.toml").read_text(encoding="utf-8"))
    return doc["current_session"], doc["session_open"]


def _sheet(chronicle: Path, slug: str) -> str:
    return (chronicle / "characters" / f"{slug}.toml").read_text(encoding="utf-8")


# -- the rule, headless ------------------------------------------------------------------------------------
def test_a_change_that_may_not_start_a_session_is_refused_with_the_question(lisboa: Path) -> None:
    store = open_chronicle(lisboa)
    with pytest.raises(SessionEnded) as raised:
        session_for_action(store, may_start=False)
    assert raised.value.question == "Session 3 has ended. Start session 4 for this change?"
    assert "session 3 has ended: nothing saved; start session 4 first" in str(raised.value)
    assert _chronicle(lisboa) == (3, False) and not (lisboa / "sessions" / "0004.toml").exists()
    assert must_ask(store).ended == 3  # type: ignore[union-attr]
    assert must_ask(store, kind="remorse") is None  # owed at the end: logged in session 3, no question
    assert session_for_action(store, kind="remorse", may_start=False).number == 3
    assert must_ask(store, player=True) is None  # a seat is refused, never asked
    found = session_for_action(store, may_start=True)  # the answer "s": the next session starts
    assert (found.number, found.started) == (4, True)
    assert must_ask(store) is None and session_for_action(store, may_start=False).number == 4


def test_the_first_session_of_a_new_chronicle_still_starts_by_acting(tmp_path: Path) -> None:
    assert main(["new", str(tmp_path / "fresh"), "--ruleset", "v5", "--name", "Fresh"]) == 0
    store = open_chronicle(tmp_path / "fresh")
    store.ask_before_next_session = True
    assert must_ask(store) is None
    found = session_for_action(store)
    assert (found.number, found.started) == (1, True)


def test_where_the_store_asks_a_change_writes_nothing_before_the_answer(lisboa: Path) -> None:
    """The note, the ledger (written before it is logged): refused whole, nothing on disk."""
    store = open_chronicle(lisboa)
    store.ask_before_next_session = True
    ledger_file = lisboa / "ledger.toml"
    ledger_before = ledger_file.read_bytes() if ledger_file.exists() else None
    with pytest.raises(SessionEnded):
        add_note(store, "after the end")
    with pytest.raises(SessionEnded):
        headless_ledger.add_item(store, "boons", {"debtor": "Inês", "creditor": "the Prince", "size": "minor"})
    assert (ledger_file.read_bytes() if ledger_file.exists() else None) == ledger_before
    assert _chronicle(lisboa) == (3, False) and not (lisboa / "sessions" / "0004.toml").exists()


# -- the command line: an explicit act starts the next session and says so -----------------------------------
def test_the_command_line_note_starts_the_next_session_and_says_so(lisboa: Path, capsys) -> None:
    assert main(["note", str(lisboa), "the morning after"]) == 0
    assert "Session 4 started now (session 3 had ended)" in capsys.readouterr().err
    assert _chronicle(lisboa) == (4, True)
    assert read_session(lisboa, 4, recover=False).entries[-1].comment == "the morning after"


# -- the app asks ---------------------------------------------------------------------------------------------
def test_an_edit_after_end_session_asks_esc_keeps_the_text_and_s_saves_it_in_the_next(lisboa: Path) -> None:
    from vtm_tui.ui.screens.coterie import CoterieScreen
    from vtm_tui.ui.screens.sheet_editor import SheetEditor

    set_chronicle_line(lisboa, "session_open = false", "session_open = true")  # session 3 is on
    before = _sheet(lisboa, "duarte-moniz")

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_end_session()  # the palette's "End session"
            await pilot.pause()
            if not isinstance(app.screen, CoterieScreen):
                await pilot.press("escape")  # the Remorse tests owed: later
                await pilot.pause()
            assert _chronicle(lisboa) == (3, False)
            assert app.screen.selected_character.name == "Duarte Moniz"
            await pilot.press("ctrl+e")
            await pilot.pause()
            await pilot.press("ctrl+u", *"Sommelier", "ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            assert "Session 3 has ended. Start session 4 for this change?" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, SheetEditor)  # the editor stays, with what was typed
            assert "Sommelier" in screen_text(app)
            assert _sheet(lisboa, "duarte-moniz") == before
            assert _chronicle(lisboa) == (3, False) and not (lisboa / "sessions" / "0004.toml").exists()
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, CoterieScreen)
            assert "session 4" in screen_text(app) and "(ended)" not in screen_text(app)

    run(body())
    assert _chronicle(lisboa) == (4, True)
    assert tomllib.loads(_sheet(lisboa, "duarte-moniz"))["concept"] == "Sommelier"
    last = read_session(lisboa, 4, recover=False).entries[-1]
    assert last.kind == "edit" and last.change["after"]["concept"] == "Sommelier"
    assert all(e.kind != "edit" for e in read_session(lisboa, 3, recover=False).entries[-3:])


def test_a_tracker_key_after_the_end_asks_and_esc_saves_nothing(lisboa: Path) -> None:
    before = _sheet(lisboa, "duarte-moniz")

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("right_square_bracket")  # Hunger +1
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            await pilot.press("escape")
            await pilot.pause()
            assert _sheet(lisboa, "duarte-moniz") == before
            await pilot.press("right_square_bracket")
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            shown = " ".join(n.message for n in app._notifications)
            assert "Session 4 started." in shown

    run(body())
    assert _chronicle(lisboa) == (4, True)
    assert tomllib.loads(_sheet(lisboa, "duarte-moniz"))["hunger"] == tomllib.loads(before)["hunger"] + 1
    assert read_session(lisboa, 4, recover=False).entries[-1].kind == "hunger"


def test_a_roll_after_the_end_asks_before_any_die_is_rolled(lisboa: Path) -> None:
    from vtm_tui.ui.screens.roll_dialog import RollDialog
    from vtm_tui.ui.widgets.roll_result import RollResult

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            app.screen.query_one("#pool").value = "Wits + Awareness"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog) and not app.screen.query_one(RollResult).display
            assert app.screen.query_one("#pool").value == "Wits + Awareness"
            assert not (lisboa / "sessions" / "0004.toml").exists()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, RollDialog) and app.screen.query_one(RollResult).display

    run(body())
    assert _chronicle(lisboa) == (4, True)
    assert read_session(lisboa, 4, recover=False).entries[-1].kind == "roll"


def test_a_note_after_the_end_asks_and_keeps_the_note_dialog(lisboa: Path) -> None:
    from vtm_tui.ui.screens.note_dialog import NoteDialog

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+n", *"dawn", "enter")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, NoteDialog) and app.screen.query_one("#note-text").value == "dawn"
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            assert not isinstance(app.screen, (NoteDialog, NextSessionDialog))

    run(body())
    assert read_session(lisboa, 4, recover=False).entries[-1].comment == "dawn"


def test_notes_typed_after_the_end_stay_in_the_editor_until_the_answer(lisboa: Path) -> None:
    from vtm_tui.ui.screens.notes_editor import NotesEditor

    before = _sheet(lisboa, "duarte-moniz")

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, NotesEditor)
            await pilot.press(*" owes the Prince", "escape")  # Esc saves the notes
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, NotesEditor) and "owes the Prince" in app.screen.typed
            assert _sheet(lisboa, "duarte-moniz") == before
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            assert not isinstance(app.screen, (NotesEditor, NextSessionDialog))

    run(body())
    assert "owes the Prince" in tomllib.loads(_sheet(lisboa, "duarte-moniz"))["notes"]
    assert read_session(lisboa, 4, recover=False).entries[-1].actor == "Duarte Moniz"


def test_a_contest_after_the_end_asks_before_its_dialog_opens(lisboa: Path) -> None:
    from vtm_tui.ui.screens.contest_dialog import ContestDialog

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("2")
            await pilot.pause()
            screen = app.screen
            from vtm_tui.conflict import roster

            table = screen.table(log=False)
            for name in ("Vicente Lobo", "Inês Valadares"):  # two participants, not yet saved: nothing logged
                screen.conflict = roster.add_character(screen.conflict, table, app.chronicle_store.character(name)
                                                       ).conflict
            await pilot.press("c")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, ContestDialog)
            await pilot.press("c")
            await pilot.pause()
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ContestDialog)

    run(body())
    assert _chronicle(lisboa) == (4, True)


def test_a_remorse_test_owed_at_the_end_is_not_asked_about_and_stays_in_that_session(lisboa: Path) -> None:
    from vtm_tui.rules.dice import GivenFaces
    from vtm_tui.ui.screens.roll_dialog import RollDialog

    async def body() -> None:
        app = make_app(lisboa)
        app.dice = GivenFaces({"regular": [8]})
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down", "m")  # Inês, who has stains: her Remorse test
            await pilot.pause()
            assert isinstance(app.screen, RollDialog) and app.screen.kind == "remorse"
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, NextSessionDialog)

    run(body())
    assert _chronicle(lisboa) == (3, False) and not (lisboa / "sessions" / "0004.toml").exists()
    last = read_session(lisboa, 3, recover=False).entries[-1]
    assert (last.kind, last.actor) == ("remorse", "Inês Valadares")


def test_the_ledger_asks_for_a_new_boon_and_its_removal(lisboa: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vtm_tui.ui.screens.ledger import LedgerScreen
    from vtm_tui.ui.screens.ledger_dialog import LedgerItemDialog

    monkeypatch.setattr(LedgerScreen, "POLL_SECONDS", None)  # the test decides when the disk is looked at
    store = open_chronicle(lisboa)
    store.start_session()
    headless_ledger.add_item(store, "boons", {"debtor": "Duarte", "creditor": "Dona Amalia", "size": "minor"})
    store.end_session()  # session 4 ended, with a boon in the ledger

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            await pilot.press("a", *"Rita", "enter")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LedgerItemDialog) and "Rita" in screen_text(app)  # kept as typed
            await pilot.press("escape")
            await pilot.pause()
            await pilot.press("delete", "delete")
            await pilot.pause()
            assert isinstance(app.screen, NextSessionDialog)
            assert "Session 4 has ended. Start session 5 for this change?" in screen_text(app)
            await pilot.press("s")
            await pilot.pause()

    run(body())
    assert _chronicle(lisboa) == (5, True)
    assert "boons" not in tomllib.loads((lisboa / "ledger.toml").read_text(encoding="utf-8"))
    last = read_session(lisboa, 5, recover=False).entries[-1]
    assert (last.kind, last.change["action"]) == ("ledger", "delete")


def test_a_new_chronicles_first_note_starts_session_1_unasked_and_says_so(tmp_path: Path) -> None:
    from vtm_tui.ui.screens.note_dialog import NoteDialog

    folder = tmp_path / "fresh"
    assert main(["new", str(folder), "--ruleset", "v5", "--name", "Fresh"]) == 0

    async def body() -> None:
        app = make_app(folder)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+n", *"first", "enter")
            await pilot.pause()
            assert not isinstance(app.screen, (NoteDialog, NextSessionDialog))
            shown = " ".join(n.message for n in app._notifications)
            assert "Session 1 started now (the chronicle had none yet)." in shown
            assert app.session_number == 1 and app.session_open

    run(body())
    assert _chronicle(folder) == (1, True)


def test_notes_their_text_refuses_are_refused_before_the_question_and_open_no_session(lisboa: Path) -> None:
    """A control character pasted into the notes after the end: the text check comes first, so the editor says
    why and no question is asked (answering it opened session 4 for a save that was then refused)."""
    from vtm_tui.ui.screens.notes_editor import NotesEditor

    before = _sheet(lisboa, "duarte-moniz")

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, NotesEditor)
            app.screen.query_one("#notes").insert(" bell\x07")
            await pilot.press("escape")  # Esc saves the notes
            await pilot.pause()
            assert isinstance(app.screen, NotesEditor), "the text is refused before any question"
            assert "control character" in screen_text(app) and "bell" in app.screen.typed

    run(body())
    assert _sheet(lisboa, "duarte-moniz") == before
    assert _chronicle(lisboa) == (3, False)
    assert not (lisboa / "sessions" / "0004.toml").exists()
