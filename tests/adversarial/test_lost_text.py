"""Issue 14, finding 7: the notes editor promised nothing typed is thrown away, but on a full disk, or when another
login changed the same notes, the text was gone. Now the editor stays open with the text, says what happened and
offers to try again, keep both, or write the text to a recovery file named in the message."""

from __future__ import annotations

import errno
import tomllib
from pathlib import Path

import pytest
from seat_support import chronicle_copy, make_app, run, screen_text, set_chronicle_line

from vtm_tui.store import toml_io
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.notes_editor import KEPT_MARK, NotesEditor
from vtm_tui.ui.widgets.sheet_view import SheetView

TYPED = "Owes Rita a favour."


@pytest.fixture
def lisboa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("VTM_TUI_KEYMAP", str(tmp_path / "no-keymap.toml"))
    chronicle = chronicle_copy(tmp_path)
    set_chronicle_line(chronicle, "session_open = false", "session_open = true")
    return chronicle


def _notes(chronicle: Path, slug: str) -> str:
    return tomllib.loads((chronicle / "characters" / f"{slug}.toml").read_text(encoding="utf-8"))["notes"]


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every atomic save meets a full disk (the real write path, from its rename on)."""
    def no_space(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(toml_io.os, "replace", no_space)


@pytest.mark.parametrize("player", [None, "Marta"])
def test_a_full_disk_keeps_the_text_in_the_open_editor_and_a_recovery_file_takes_it(
        lisboa: Path, monkeypatch: pytest.MonkeyPatch, player: str | None) -> None:
    slug = "ines-valadares" if player else "amalia-corte-real"
    before = _notes(lisboa, slug)
    found: dict[str, object] = {}

    async def body() -> None:
        app = make_app(lisboa, player=player)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            if player is None:
                app.screen.query_one(SheetView).focus()
            await pilot.press("e")
            await pilot.pause()
            assert isinstance(app.screen, NotesEditor)
            with monkeypatch.context() as full:
                _disk_full(full)
                await pilot.press("enter", *TYPED, "escape")
                await pilot.pause()
                editor = app.screen
                assert isinstance(editor, NotesEditor), "the editor closed on a failed save"
                assert TYPED in editor.typed
                shown = screen_text(app)
                assert "Not saved" in shown and "No space left on device" in shown and "ctrl+r" in shown
                await pilot.press("ctrl+r")  # a recovery file takes the text
                await pilot.pause()
            assert not isinstance(app.screen, NotesEditor)
            found["said"] = " ".join(n.message for n in app._notifications)

    run(body())
    assert _notes(lisboa, slug) == before  # nothing half-written
    said = str(found["said"])
    path = Path(said.split("Your text is in ", 1)[1].rstrip("."))
    if not path.is_absolute():  # a seat is told where it is inside the chronicle, never the server's path
        assert player is not None
        path = lisboa / path
    assert path.is_file() and TYPED in path.read_text(encoding="utf-8")


def test_after_the_disk_has_room_again_ctrl_s_saves_the_same_text(lisboa: Path, monkeypatch) -> None:
    async def body() -> None:
        app = make_app(lisboa, player="Marta")
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("e")
            await pilot.pause()
            with monkeypatch.context() as full:
                _disk_full(full)
                await pilot.press("enter", *TYPED, "escape")
                await pilot.pause()
            assert isinstance(app.screen, NotesEditor)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert not isinstance(app.screen, NotesEditor)

    run(body())
    assert _notes(lisboa, "ines-valadares").endswith("\n" + TYPED)


def test_another_login_changing_the_same_notes_keeps_both(lisboa: Path) -> None:
    theirs = "Marta wrote this from her seat."

    async def body() -> None:
        app = make_app(lisboa)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("down")  # Inês
            await pilot.pause()
            await pilot.press("e")
            await pilot.pause()
            other = open_chronicle(lisboa)  # another login saves the same notes meanwhile
            ines = other.character("ines")
            ines.notes = theirs
            other.save_character(ines)
            await pilot.press("enter", *TYPED, "escape")
            await pilot.pause()
            editor = app.screen
            assert isinstance(editor, NotesEditor) and TYPED in editor.typed
            assert "ctrl+b keeps both" in screen_text(app)
            await pilot.press("ctrl+b")
            await pilot.pause()
            assert editor.typed.startswith(theirs) and KEPT_MARK in editor.typed and TYPED in editor.typed
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, NotesEditor)

    run(body())
    saved = _notes(lisboa, "ines-valadares")
    assert saved.startswith(theirs) and saved.endswith(TYPED)


def test_a_recovery_file_goes_elsewhere_when_the_chronicles_folder_refuses_it(tmp_path: Path, monkeypatch) -> None:
    from vtm_tui.store.recovery import save_recovery

    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    chronicle = tmp_path / "chronicle"
    chronicle.mkdir()
    (chronicle / "recovery").write_text("a file where the folder would be", encoding="utf-8")
    path = save_recovery(chronicle, "ines-notes", TYPED)
    assert path.read_text(encoding="utf-8") == TYPED and tmp_path / "cache" in path.parents
    assert save_recovery(chronicle, "ines-notes", "again") != path  # never over an earlier one
