"""Issue 18: what a roll costs its roller's seat, key by key. These tests hold what the cheaper paths must still
do: ``ctrl+t`` puts the cursor on the comment (one key, not eight Tabs), and a row of the form drawn before in
the same state is reused, never one whose value, caret or cursor changed."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input
from ui_support import log_entries, make_app

from vtm_tui.ui.screens.roll_dialog import FORM_KEYS, RollDialog
from vtm_tui.ui.widgets.roll_fields import RollFields


@pytest.fixture
def lisboa(lisboa_in_session: Path) -> Path:
    return lisboa_in_session


@pytest.mark.parametrize("player", ["Marta", None])
async def test_ctrl_t_goes_straight_to_the_comment_and_what_is_typed_is_logged(lisboa: Path, player) -> None:
    app = make_app(lisboa, player=player)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and "ctrl+t comment" in FORM_KEYS
        pool = dialog.query_one("#pool", Input).value
        await pilot.press("ctrl+t", *"over the wall", "enter")
        await pilot.pause()
        assert dialog.query_one(RollFields).at == "comment"
        assert dialog.query_one("#pool", Input).value == pool  # nothing typed went into the pool
        assert dialog.mode == "result"
        last = log_entries(lisboa, 3)[-1]
        assert last["comment"] == "over the wall"


async def test_a_row_is_reused_only_in_the_state_it_was_drawn_in(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(2):  # the second opening is served from the rows the first one drew
            await pilot.press("r")
            await pilot.pause()
            dialog = app.screen
            fields = dialog.query_one(RollFields)
            drawn: list[object] = []
            original = fields._draw
            fields._draw = lambda line, width: drawn.append(line) or original(line, width)  # type: ignore[method-assign]
            await pilot.press("ctrl+t", "k", "tab", "shift+tab")
            await pilot.pause()
            width = fields.size.width
            for y, line in enumerate(fields._layout()):  # what it shows is what drawing it afresh gives
                assert fields.render_line(y) == original(line, width)
            del fields._draw
            await pilot.press("escape")
            await pilot.pause()
        assert drawn == []  # the second time the same keys gave rows in states the first time drew
        app.theme = "textual-light"  # new colours: no row drawn in the old ones is shown again
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        fields = app.screen.query_one(RollFields)
        before = {y: fields.render_line(y) for y in range(len(fields._layout()))}
        assert all(before[y] == fields._draw(line, fields.size.width) for y, line in enumerate(fields._layout()))
        app.theme = "vtm"
        await pilot.pause()
        assert [fields.render_line(y) for y in before] != list(before.values())


async def test_typing_a_comment_works_out_no_request_or_odds(lisboa: Path, monkeypatch) -> None:
    """The comment changes neither the dice nor the odds: a key typed in it only draws its row (a regression
    guard: the pool's keys do recompute them, and the comment is read again when Enter rolls)."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "ctrl+t")
        await pilot.pause()
        dialog = app.screen
        worked_out: list[str] = []
        original = RollDialog.refresh_request
        monkeypatch.setattr(RollDialog, "refresh_request",
                            lambda self: worked_out.append("request") or original(self))
        await pilot.press(*"over the wall")
        await pilot.pause()
        assert worked_out == [] and dialog.query_one("#comment", Input).value == "over the wall"
        await pilot.press(*["shift+tab"] * 8)  # back to the pool
        await pilot.press("1")  # the pool's text replaced: worked out again
        await pilot.pause()
        assert dialog.query_one(RollFields).at == "pool" and worked_out
