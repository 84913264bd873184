"""The roll dialog is built once per character and opened again: every opening is a new dialog to its user.

On a server of many seats the cost of composing the dialog for every roll was most of a roll's CPU
(docs/server.md); a seat keeps its dialog and :meth:`RollDialog.reopen` makes it new. These tests hold
that what the user sees and what is logged is what a fresh dialog gave: an empty comment, the pool last
rolled, no result, the new comment logged.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from textual.widgets import Input, Select
from ui_support import log_entries, make_app

from vtm_tui.ui.screens.player import PlayerRollDialog
from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.widgets.mark_checkbox import MarkCheckbox
from vtm_tui.ui.widgets.roll_fields import RollFields


@pytest.fixture
def lisboa(lisboa_in_session: Path) -> Path:
    return lisboa_in_session


async def _roll(pilot, comment: str, *, secret: bool = False) -> RollDialog:
    await pilot.press("r")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, PlayerRollDialog) and dialog.mode == "form"
    assert dialog.query_one("#comment", Input).value == ""  # every opening starts with an empty comment…
    assert not dialog.query_one("#secret", MarkCheckbox).value  # …and nothing ticked
    assert not dialog.query_one("#result").display and dialog.query_one("#form").display
    if secret:
        dialog.query_one("#secret", MarkCheckbox).value = True
    dialog.query_one("#comment", Input).value = comment
    await pilot.press("enter")
    await pilot.pause()
    assert dialog.mode == "result" and dialog.query_one("#result").display
    await pilot.press("escape")
    await pilot.pause()
    return dialog


async def test_a_seat_opens_the_same_dialog_again_as_a_new_one(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seat = app.screen
        first = await _roll(pilot, "first try", secret=True)
        assert app.screen is seat
        second = await _roll(pilot, "second try")
        assert second is first  # built once: no compose, no CSS the second time
        entries = [e for e in log_entries(lisboa, 3) if e.get("comment") in ("first try", "second try")]
        assert [e["comment"] for e in entries] == ["first try", "second try"]
        assert [bool(e.get("secret")) for e in entries] == [True, False]  # the tick did not stay from the last roll
        assert entries[1]["pool"] == entries[0]["pool"]  # the pool last rolled is offered again


async def test_reopening_resets_every_field_and_follows_the_saved_sheet(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        for name, value in (("difficulty", "5"), ("modifier", "2"), ("difficulty-modifier", "1"), ("comment", "x")):
            dialog.query_one(f"#{name}", Input).value = value
        await pilot.press("escape")
        await pilot.pause()
        character = dialog.character
        assert character is not None
        sheet = dataclasses.replace(character.sheet, attributes={**character.sheet.attributes, "Wits": 5})
        changed = dataclasses.replace(character, sheet=sheet)
        assert dialog.reopen(changed)
        await app.push_screen(dialog)  # as the seat does: the fields are made new when it shows
        await pilot.pause()
        assert {name: dialog.query_one(f"#{name}", Input).value
                for name in ("difficulty", "modifier", "difficulty-modifier", "comment", "faces")} == {
            "difficulty": "", "modifier": "", "difficulty-modifier": "", "comment": "", "faces": ""}
        offered = [str(label) for label, _ in dialog.form._traits_offered]
        assert "Wits 5" in offered  # the trait list is the saved sheet's
        assert isinstance(dialog.query_one("#add-trait"), Select)
        assert not dialog.reopen(changed)  # not while it is open
        await pilot.press("escape")
        await pilot.pause()
        other = dataclasses.replace(character, name="Someone Else")
        assert not dialog.reopen(other)  # another character gets a dialog of its own


async def test_tab_in_the_roll_form_moves_its_own_cursor_not_the_focus(lisboa: Path) -> None:
    """Issue 18: a Tab was a focus change (two widgets restyled, the dialog repainted); now the form's cursor."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        fields = dialog.query_one(RollFields)
        assert dialog.focused is fields and fields.at == "pool"
        visited = []
        for _ in range(len(fields.order)):
            await pilot.press("tab")
            await pilot.pause()
            assert dialog.focused is fields
            visited.append(fields.at)
        assert visited == [*fields.order[1:], "pool"]  # round the fields, and back to the pool
        assert "comment" in visited and "secret" in visited and "faces" in visited
        await pilot.press("shift+tab")
        assert fields.at == fields.order[-1]


async def test_the_storytellers_app_keeps_its_roll_dialog_too(lisboa: Path) -> None:
    app = make_app(lisboa)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        opened = []
        for comment in ("one", "two"):
            await pilot.press("r")
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, RollDialog) and dialog.query_one("#comment", Input).value == ""
            assert dialog.query_one("#st-comment", Input).value == ""  # the last roll's ST-only words stay with it
            opened.append(dialog)
            dialog.query_one("#comment", Input).value = comment
            dialog.query_one("#st-comment", Input).value = f"secret {comment}"
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        assert opened[0] is opened[1]
        logged = [e for e in log_entries(lisboa, 3) if e.get("comment") in ("one", "two")]
        assert [e["comment"] for e in logged] == ["one", "two"]
        assert [e.get("storyteller_comment") for e in logged] == ["secret one", "secret two"]


async def test_closing_the_dialog_does_not_draw_the_unchanged_sheet_again(lisboa: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from vtm_tui.ui.widgets.sheet_view import SheetView

    drawn: list[object] = []
    redraw = SheetView.redraw
    monkeypatch.setattr(SheetView, "redraw", lambda self, *a, **k: (drawn.append(self), redraw(self, *a, **k))[1])
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(drawn)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert len(drawn) == before  # nothing changed: the seat's sheet is not laid out again
