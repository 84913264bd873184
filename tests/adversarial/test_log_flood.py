"""Issue 27: one seat cannot make the session log unreadable.

The attack: on Marta's seat press ``e``, paste 49,000 × U+1F987 (4 bytes each, within the notes limit), Esc;
then ``e``, one key, Esc, again and again. Each edit logged both whole texts, and after 656 of them the session
was 68.4 MB, past what ``vtm-tui log`` and every seat would read. Now a notes edit logs only its changed span
(:mod:`vtm_tui.model.text_change`) and a seat's writes to one session are bounded
(:data:`~vtm_tui.model.limits.MAX_SEAT_SESSION_BYTES`, scaled down here so the bound is reached in a dozen
edits): the seat is told, the editor keeps the text, and the log reads everywhere.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from seat_support import chronicle_copy, make_app, run

from vtm_tui.cli import main
from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store import session_log
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import LogFullError, append_entry, read_session
from vtm_tui.ui.screens.notes_editor import NotesEditor

BAT = "\U0001F987"
SEAT_BOUND = 10_000


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The V5 example with session 4 open; Inês is Marta's."""
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    chronicle = chronicle_copy(tmp_path)
    open_chronicle(chronicle).start_session()
    return chronicle


def test_the_notes_flood_ends_with_a_readable_log_and_a_refusal(lisboa: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(session_log, "MAX_SEAT_SESSION_BYTES", SEAT_BOUND)
    app = make_app(lisboa, player="Marta")
    said: list[str] = []

    async def body() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("e")
            editor = app.screen
            assert isinstance(editor, NotesEditor)
            editor.query_one("#notes").text = BAT * 4_900  # the paste, a tenth of the attack's: each edit reopens it
            await pilot.press("escape")
            for _edit in range(80):  # one key each: far more than the scaled-down bound allows
                await pilot.press("e")
                await pilot.press("x", "escape")
                await pilot.pause()
                if isinstance(app.screen, NotesEditor):  # not saved: the editor stays open with the text
                    said.append(str(app.screen.query_one("#notes-problem").render()))
                    assert app.screen.typed.endswith("x")
                    return

    run(body())
    assert said and "written all it may to session 4" in said[0], said
    session = read_session(lisboa, 4, recover=False)  # the log reads
    notes_edits = [e for e in session.entries if e.change.get("field") == "notes"]
    assert len(notes_edits) > 5 and all(e.extra.get("seat") == "Marta" for e in notes_edits)
    assert session.path.stat().st_size < SEAT_BOUND + 4_000
    assert main(["log", str(lisboa), "--session", "4"]) == 0  # and so does `vtm-tui log`
    assert "notes" in capsys.readouterr().out
    saved = open_chronicle(lisboa).character("Inês").notes
    assert saved.startswith(BAT) and saved.count("x") == len(notes_edits) - 1  # every logged edit was saved


def test_the_storyteller_is_not_held_to_a_seats_bound_and_logging_in_again_does_not_reset_it(
        lisboa: Path, monkeypatch) -> None:
    monkeypatch.setattr(session_log, "MAX_SEAT_SESSION_BYTES", 3_000)
    note = "n" * 1_500

    def entry() -> LogEntry:
        return LogEntry.new("note", session=4, ruleset="v5", comment=note)

    append_entry(lisboa, entry(), seat="Marta")
    with pytest.raises(LogFullError, match="This seat has written all it may"):
        append_entry(lisboa, entry(), seat="Marta")
    from vtm_tui.store import seat_quota

    seat_quota._counts.clear()  # another login of Marta's: counted again from the file
    with pytest.raises(LogFullError):
        append_entry(lisboa, entry(), seat="Marta")
    append_entry(lisboa, entry(), seat="Tiago")  # each seat its own bound
    for _ in range(5):
        append_entry(lisboa, entry())  # the storyteller's
    assert len(read_session(lisboa, 4).entries) == 7


def test_a_full_session_refuses_everyone_but_still_ends(lisboa: Path, monkeypatch) -> None:
    size = session_log.session_path(lisboa, 4).stat().st_size
    monkeypatch.setattr(session_log, "MAX_SESSION_BYTES", size + 2_000)
    append_entry(lisboa, LogEntry.new("note", session=4, ruleset="v5", comment="a" * 1_000))
    with pytest.raises(VtmError, match="Session 4's log is full"):
        append_entry(lisboa, LogEntry.new("note", session=4, ruleset="v5", comment="b" * 1_000))
    assert open_chronicle(lisboa).end_session() == 4
    assert read_session(lisboa, 4).ended is not None
