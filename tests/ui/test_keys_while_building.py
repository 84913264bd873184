"""Keys typed while a dialog is being built reach it, in order (issue 27; vtm_tui/ui/key_hold.py).

Under load a seat's first roll was lost: the keys typed right behind ``r`` arrived before the dialog had its
focus and went to the bare screen. So did the amount and reason typed behind ``G`` (a plain binding: they went
to the coterie's list before ``G`` opened the dialog), and a paste with Esc behind it in the notes editor. The
keys are queued together before the app handles the first (``App.post_message``), as a terminal's burst or a
loaded server delivers them; Pilot's ``press`` waits for each key to be handled and would hide the race."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input
from ui_support import character_file, log_entries, make_app

from vtm_tui.store import session_log
from vtm_tui.store.errors import StoreError
from vtm_tui.ui import key_hold
from vtm_tui.ui.screens.award_xp_dialog import AwardXpDialog
from vtm_tui.ui.screens.notes_editor import NotesEditor
from vtm_tui.ui.screens.roll_dialog import RollDialog


def _burst(app, keys) -> None:
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def _settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("player", ["Marta", None], ids=["seat", "storyteller"])
@pytest.mark.parametrize("keys, comments", [
    (["r", "ctrl+t", *"fast", "enter"], ["fast"]),
    (["r", "ctrl+t", *"one", "enter", "escape", "r", "ctrl+t", *"two", "enter"], ["one", "two"]),
    (["r", "enter", "escape", "r", "ctrl+t", *"second", "enter", "escape"], ["", "second"]),
], ids=["one", "two", "again"])
async def test_rolls_typed_in_one_burst_are_all_logged_with_their_comments(lisboa_in_session: Path, player, keys,
                                                                           comments) -> None:
    app = make_app(lisboa_in_session, player=player)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(log_entries(lisboa_in_session, 3))
        _burst(app, keys)
        await _settle(pilot)
        entries = log_entries(lisboa_in_session, 3)[before:]
        assert [e["kind"] for e in entries] == ["roll"] * len(comments)
        assert [e.get("comment", "") for e in entries] == comments


@pytest.mark.tonights_session  # about keys held while a dialog is built, not the session question
async def test_the_amount_and_reason_typed_behind_g_reach_the_award_dialog(campaigns: Path) -> None:
    chronicle = campaigns / "lisboa-nocturna"
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _burst(app, ["G", "2", "tab", *"a good scene"])
        await _settle(pilot)
        assert isinstance(app.screen, AwardXpDialog)
        assert app.screen.query_one("#award-amount", Input).value == "2"
        assert app.screen.query_one("#award-reason", Input).value == "a good scene"
        _burst(app, ["ctrl+s"])
        await _settle(pilot)
    logged = [e for e in log_entries(chronicle, 3) if e["kind"] == "experience"]
    assert [e["comment"] for e in logged] == ["a good scene"]


@pytest.mark.tonights_session  # about keys held while a dialog is built, not the session question
async def test_esc_behind_a_big_paste_in_a_notes_editor_being_built_saves_the_paste(campaigns: Path) -> None:
    chronicle = campaigns / "lisboa-nocturna"
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        old = character_file(chronicle, "duarte-moniz")["notes"]
        app.post_message(events.Key("e", "e"))
        app.post_message(events.Paste("X" * 20000))
        app.post_message(events.Key("escape", None))
        await _settle(pilot)
        assert not isinstance(app.screen, NotesEditor)
    assert character_file(chronicle, "duarte-moniz")["notes"] == old + "X" * 20000


@pytest.mark.tonights_session  # about keys held while a dialog is built, not the session question
async def test_esc_right_behind_a_big_paste_in_an_open_notes_editor_saves_the_paste(campaigns: Path) -> None:
    """Esc is the editor's priority binding, run as the app takes the key: it read the text before the text
    area had taken the paste queued ahead of it."""
    chronicle = campaigns / "lisboa-nocturna"
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        old = character_file(chronicle, "duarte-moniz")["notes"]
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, NotesEditor)
        app.post_message(events.Paste("Y" * 20000))
        app.post_message(events.Key("escape", None))
        await _settle(pilot)
        assert not isinstance(app.screen, NotesEditor)
    assert character_file(chronicle, "duarte-moniz")["notes"] == old + "Y" * 20000


async def test_keys_beyond_the_hold_are_dropped_with_a_message_never_silently(campaigns: Path, monkeypatch) -> None:
    monkeypatch.setattr(key_hold, "HOLD_LIMIT", 4)
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        _burst(app, ["G", *"1234567"])  # G and three digits are held; four are not taken
        await _settle(pilot)
        assert isinstance(app.screen, AwardXpDialog)
        assert app.screen.query_one("#award-amount", Input).value == "123"
        assert [n.message for n in app._notifications if n.title == "Keys dropped"] == [
            "4 key(s) typed while the screen was busy were not taken: type them again."]


@pytest.mark.parametrize("why", ["lock", "ended"])
async def test_a_seats_roll_that_cannot_be_logged_tells_the_player_and_logs_nothing(lisboa_in_session: Path,
                                                                                    monkeypatch, why) -> None:
    """The other half of "a key typed while a dialog is being built reaches it": a roll that cannot be made is
    never a silent loss (the log's lock held too long by another process, the session ended meanwhile)."""
    app = make_app(lisboa_in_session, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = len(log_entries(lisboa_in_session, 3))
        if why == "lock":
            def busy(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
                raise StoreError("sessions/.lock: another vtm-tui process has held the lock for over 5 s; try again")

            monkeypatch.setattr(session_log, "append_entry", busy)
            said = "held the lock for over 5 s"
        else:
            path = lisboa_in_session / "chronicle.toml"
            path.write_text(path.read_text(encoding="utf-8").replace("session_open = true", "session_open = false"),
                            encoding="utf-8")
            said = "Session 3 has ended: nothing saved"
        _burst(app, ["r", "ctrl+t", *"lost?", "enter"])
        await _settle(pilot)
        assert isinstance(app.screen, RollDialog) and app.screen.mode == "form"  # the typed form kept
        assert app.screen.query_one("#comment", Input).value == "lost?"
        assert any(said in n.message for n in app._notifications)
    assert len(log_entries(lisboa_in_session, 3)) == before
