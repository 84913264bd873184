"""Keys typed ahead in the roll form (a quick player, or a slow SSH line that delivers several keys in one
read): each key acts in the order typed. Textual runs a plain binding only once its key has gone round the
widgets, so ``ctrl+t`` or Tab followed at once by a comment put the comment in the pool field; and a dialog
opened again still had the last opening's (hidden) result focused for a moment, so keys typed then were lost.

The keys are queued together, before the app handles the first (``App.post_message``), as a terminal's burst
arrives; Pilot's ``press`` would wait for each key to be handled and hide the race."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input
from ui_support import log_entries, make_app

from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.widgets.roll_fields import RollFields


@pytest.fixture
def lisboa(lisboa_in_session: Path) -> Path:
    return lisboa_in_session


def _burst(app, keys: list[str]) -> None:
    for key in keys:
        character = key if len(key) == 1 else None
        app.post_message(events.Key(key, character))


@pytest.mark.parametrize("to_comment", [["ctrl+t"], ["tab"] * 7], ids=["ctrl+t", "tabs"])
async def test_a_burst_to_the_comment_and_a_comment_keeps_its_order(lisboa: Path, to_comment) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        pool = dialog.query_one("#pool", Input).value
        fields = dialog.query_one(RollFields)
        tabs_to_comment = fields.order.index("comment") - fields.order.index(fields.at)
        keys = to_comment if to_comment == ["ctrl+t"] else ["tab"] * tabs_to_comment
        _burst(app, [*keys, *"ahead"])
        await pilot.pause()
        assert fields.at == "comment"
        assert dialog.query_one("#pool", Input).value == pool  # nothing typed went into the pool
        assert dialog.query_one("#comment", Input).value == "ahead"


async def test_a_dialog_opened_again_takes_keys_typed_before_its_focus_landed(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "enter")  # the first roll: its result has the focus when Esc closes it
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")  # opened again, built before: its focus is set when it is shown
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        _burst(app, ["ctrl+t", *"again", "enter"])
        await pilot.pause()
        await pilot.pause()
        assert dialog.mode == "result"
        assert log_entries(lisboa, 3)[-1]["comment"] == "again"


async def test_keys_typed_behind_a_seats_r_go_to_the_dialog_not_to_the_seat(lisboa: Path) -> None:
    """On a seat a letter is an action ('s' a stain, 'd' damage): a comment typed at once behind ``r`` reached
    the seat's screen before the dialog was shown (its ``r`` ran after them) and marked a stain on the sheet."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(log_entries(lisboa, 3))
        _burst(app, ["r", "ctrl+t", *"sd", "enter"])
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog) and dialog.mode == "result"
        entries = log_entries(lisboa, 3)[before:]
        assert [e["kind"] for e in entries] == ["roll"] and entries[0]["comment"] == "sd"
