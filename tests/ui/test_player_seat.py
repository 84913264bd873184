"""A player's seat: their sheet (trackers yes, traits no), the live redacted log, requests, the seat file."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from ui_support import character_file, log_entries, make_app, screen_text, until

from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.requests import ask_for_roll, request_entry
from vtm_tui.store.seats import SEATS_DIR, list_seats
from vtm_tui.store.session_log import append_entry
from vtm_tui.ui.screens.player import PlayerScreen
from vtm_tui.ui.widgets.log_view import LogView
from vtm_tui.ui.widgets.sheet_view import SheetView

WHEN = datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)


@pytest.fixture
def lisboa(lisboa_in_session: Path) -> Path:
    return lisboa_in_session


def log_text(app) -> str:
    view = app.screen.query_one(LogView)
    from vtm_tui.review.lines import format_entry

    return "\n".join(format_entry(row, storyteller=False).text() for row in view.rows)


async def test_the_seat_shows_the_players_own_sheet_and_a_redacted_log(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PlayerScreen)
        assert screen.selected_character.name == "Inês Valadares"
        sheet = screen.query_one(SheetView)
        assert sheet.character.private_notes == ""  # drawn without the storyteller's notes
        assert screen.selected_character.private_notes  # the store's own object keeps them
        text = screen_text(app)
        assert "Marta's seat" in text and "Inês Valadares" in text
        assert "Storyteller only" not in text and "Second Inquisition in Porto" not in text
        logged = log_text(app)
        assert "Rita Calado" in logged  # her rolls are seen...
        assert "she spots Duarte" not in logged and "secret" not in logged  # ...not the storyteller's words
        assert "Wits 3 + Awareness 3" not in logged  # nor a storyteller character's dots
        for key in ("1", "2", "3", "o"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, PlayerScreen), key  # a player has no other screens


async def test_another_seats_roll_appears_live(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = len(app.screen.query_one(LogView).rows)
        secret = LogEntry.new("roll", session=3, ruleset="v5", now=WHEN, actor="Duarte Moniz",
                              pool="Wits 2 + Stealth 3", difficulty=7, secret=True, result="win", margin=1,
                              comment="the storyteller's aside",
                              roll={"ruleset": "v5", "faces": [6, 7, 8], "difficulty": 7, "win": True, "margin": 1})
        append_entry(lisboa, secret)  # what another process (the storyteller, over SSH) does
        app.screen.poll()
        await pilot.pause()
        rows = app.screen.query_one(LogView).rows
        assert len(rows) == before + 1 and rows[-1].actor == "Duarte Moniz"
        assert rows[-1].difficulty is None and rows[-1].comment == ""
        assert "D7" not in screen_text(app) and "aside" not in screen_text(app)


async def test_trackers_are_the_players_and_traits_the_storytellers(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = character_file(lisboa, "ines-valadares")
        await pilot.press("right_square_bracket")  # Hunger +1
        await pilot.pause()
        after = character_file(lisboa, "ines-valadares")
        assert after["hunger"] == before["hunger"] + 1
        assert after["private_notes"] == before["private_notes"]  # never wiped by the redacted view
        sheet = app.screen.query_one(SheetView)
        sheet.cursor = "attributes.Strength"
        await pilot.press("plus")
        await pilot.pause()
        assert character_file(lisboa, "ines-valadares")["attributes"] == before["attributes"]
        assert "traits are the storyteller's" in screen_text(app)


async def test_traits_are_editable_when_the_chronicle_allows_it(lisboa: Path) -> None:
    path = lisboa / "chronicle.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("players_may_edit_traits = false",
                                                             "players_may_edit_traits = true"), encoding="utf-8")
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        strength = character_file(lisboa, "ines-valadares")["attributes"]["Strength"]
        app.screen.query_one(SheetView).cursor = "attributes.Strength"
        await pilot.press("plus")
        await pilot.pause()
        assert character_file(lisboa, "ines-valadares")["attributes"]["Strength"] == strength + 1


async def test_a_secret_request_is_answered_without_showing_its_difficulty(lisboa: Path) -> None:
    ask = request_entry(session=3, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness", difficulty=6,
                        secret=True, prompt="a shadow on the stairs", now=WHEN)
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        ask_for_roll(lisboa, ask)
        app.screen.poll()
        await pilot.pause()
        text = screen_text(app)
        assert "The storyteller asks Inês Valadares: Wits + Awareness vs ?" in text
        await pilot.press("a")
        await pilot.pause()
        dialog_text = screen_text(app)
        assert "a shadow on the stairs" in dialog_text and "Difficulty: secret" in dialog_text
        assert "6" not in dialog_text.split("Difficulty")[1].split("\n")[0]
        await pilot.press("enter")  # roll
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        answered = [e for e in log_entries(lisboa, 3) if e.get("ref") == ask.id]
        assert len(answered) == 1 and answered[0]["difficulty"] == 6 and answered[0]["secret"] is True
        assert isinstance(app.screen, PlayerScreen) and app.screen.requests == []
        assert not app.screen.query_one("#player-request").display
        assert "D6" not in screen_text(app)


async def test_requests_to_other_players_do_not_show(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        ask_for_roll(lisboa, request_entry(session=3, ruleset="v5", actor="Duarte Moniz", pool="Wits + Stealth",
                                           now=WHEN))
        app.screen.poll()
        await pilot.pause()
        assert app.screen.requests == [] and "Wits + Stealth" not in screen_text(app)


async def test_the_seat_file_says_who_is_here_and_goes_on_exit(lisboa: Path) -> None:
    app = make_app(lisboa, player="Tiago")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        [seat] = list_seats(lisboa)
        assert (seat.role, seat.player, seat.characters) == ("player", "Tiago", ("Duarte Moniz", "Zé Pescada"))
        await pilot.press("c")  # Tiago plays two characters
        await pilot.pause()
        assert app.screen.selected_character.name == "Zé Pescada"
    assert list((lisboa / SEATS_DIR).glob("*.toml")) == []


async def test_a_player_with_no_character_is_told_so(lisboa: Path) -> None:
    app = make_app(lisboa, player="Nobody")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "No character of Lisboa Nocturna is played by 'Nobody'" in screen_text(app)


async def test_the_storyteller_sees_who_is_connected(lisboa: Path) -> None:
    from vtm_tui.store.seats import Seat
    from vtm_tui.ui.widgets.header import VtmHeader

    player = Seat(lisboa, role="player", player="Marta", characters=("Inês Valadares",), pid=1, host="far-away")
    player.take()
    app = make_app(lisboa)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "● Marta (w)" in str(app.screen.query_one(VtmHeader).render())
        await pilot.press("w")
        await pilot.pause()
        text = screen_text(app)
        assert "Who is connected" in text and "Inês Valadares" in text and "Storyteller (this app)" in text
        player.leave()
        await pilot.press("escape")
        app.seat_keeper.refresh()
        await pilot.pause()
        assert "Marta" not in str(app.screen.query_one(VtmHeader).render())
        assert any("Marta" in n.message and "left" in n.message for n in app._notifications)


async def test_the_storyteller_asks_a_connected_player_for_a_roll(lisboa: Path) -> None:
    from vtm_tui.store.seats import Seat

    seat = Seat(lisboa, role="player", player="Marta", characters=("Inês Valadares",), pid=1, host="far-away")
    seat.take()
    (lisboa / "chronicle.toml").write_text((lisboa / "chronicle.toml").read_text(encoding="utf-8").replace(
        "session_open = false", "session_open = true"), encoding="utf-8")
    app = make_app(lisboa)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        assert "Ask Marta for a roll: Inês Valadares" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        from textual.widgets import Checkbox, Input

        dialog = app.screen
        dialog.query_one("#ask-pool", Input).value = "Wits + Awareness"
        await pilot.press("tab", "5", "tab", "l", "i", "s", "t", "e", "n", "tab", "space")
        assert dialog.query_one("#ask-secret", Checkbox).value
        await pilot.press("enter")  # on the Secret box: Enter sends, as in every field
        await pilot.pause()
    asked = [e for e in log_entries(lisboa, 3) if e["kind"] == "request"]
    assert len(asked) == 1
    assert (asked[0]["actor"], asked[0]["pool"], asked[0]["difficulty"], asked[0]["secret"], asked[0]["comment"]) == (
        "Inês Valadares", "Wits + Awareness", 5, True, "listen")
    seat.leave()


async def test_the_ask_dialogs_empty_pool_reads_as_an_example_and_enter_says_what_is_missing(lisboa: Path) -> None:
    from textual.widgets import Input

    from vtm_tui.store.seats import Seat
    from vtm_tui.ui.screens.ask_roll import AskRollDialog

    seat = Seat(lisboa, role="player", player="Marta", characters=("Inês Valadares",), pid=1, host="far-away")
    seat.take()
    app = make_app(lisboa)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AskRollDialog) and dialog.query_one("#ask-pool", Input).value == ""
        assert "type a pool, e.g. Wits + Awareness" in screen_text(app)  # an example, not a value
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog and "needs a pool" in str(dialog.query_one("#ask-error").render())
    assert not [e for e in log_entries(lisboa, 3) if e["kind"] == "request"]
    seat.leave()


async def test_a_player_never_reaches_the_picker_when_the_chronicle_cannot_open(tmp_path: Path) -> None:
    app = make_app(tmp_path / "not-a-chronicle", player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert app.return_code == 2


def test_a_player_seat_needs_a_path(capsys) -> None:
    from vtm_tui.cli import main

    assert main(["--player", "Marta"]) == 2
    assert "--player needs the chronicle's PATH" in capsys.readouterr().err


async def test_a_players_palette_is_an_allow_list(lisboa: Path) -> None:
    from vtm_tui.ui.screens.player_palette import PlayerCommands

    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.COMMANDS == {PlayerCommands}
        titles = [title for title, _help, _call in PlayerCommands(app.screen)._commands()]
        assert "Roll" in titles and "Answer the storyteller's request" in titles
        assert not {"Chronicles", "Start session", "End session", "Coterie", "Log"} & set(titles)
    assert make_app(lisboa).COMMANDS != {PlayerCommands}


async def test_sheet_keys_do_nothing_while_the_log_has_the_focus_and_ctrl_z_undoes(lisboa: Path) -> None:
    """Issue 19 (13): s on the log pane added a stain, and the player could not take it back."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = character_file(lisboa, "ines-valadares")
        await pilot.press("tab", "s")
        await pilot.pause()
        assert isinstance(app.focused, LogView)
        assert character_file(lisboa, "ines-valadares").get("stains") == before.get("stains")
        assert "Tab back to your sheet" in screen_text(app)
        await pilot.press("tab", "s")
        await pilot.pause()
        assert character_file(lisboa, "ines-valadares").get("stains", 0) == before.get("stains", 0) + 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert character_file(lisboa, "ines-valadares").get("stains") == before.get("stains")
        assert log_entries(lisboa, 3)[-1]["comment"].startswith("undo")


async def test_the_footer_offers_plus_and_minus_only_where_they_work(lisboa: Path) -> None:
    """Issue 19 (11): the seat's footer said "+ Raise - Lower" on traits that are the storyteller's."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        sheet = app.screen.query_one(SheetView)
        sheet.cursor = "attributes.Strength"
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Raise" not in footer and "Lower" not in footer
        sheet.cursor = "hunger"
        await pilot.pause()
        assert "Raise" in screen_text(app).splitlines()[-1]


async def test_the_sheet_editor_follows_players_may_edit_traits(lisboa: Path) -> None:
    from vtm_tui.ui.screens.sheet_editor import SheetEditor

    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, PlayerScreen) and "players_may_edit_traits is off" in screen_text(app)
    path = lisboa / "chronicle.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("players_may_edit_traits = false",
                                                             "players_may_edit_traits = true"), encoding="utf-8")
    before = character_file(lisboa, "ines-valadares")
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, SheetEditor)
        await pilot.press("pagedown", "5", "ctrl+s")
        await pilot.pause()
    after = character_file(lisboa, "ines-valadares")
    assert after["attributes"]["Strength"] == 5 and after["private_notes"] == before["private_notes"]


async def test_the_seat_reads_the_sheets_only_when_the_watcher_names_one(lisboa: Path, monkeypatch) -> None:
    """Another player's roll changes a session file alone: the seat shows it without comparing every sheet with
    the disk (that read cost each observing seat 5 ms a roll); a sheet saved elsewhere still shows at once."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        store = screen.store
        looks: list[bool] = []
        original = type(store).changed_on_disk
        monkeypatch.setattr(type(store), "changed_on_disk", lambda self: looks.append(True) or original(self))
        before = len(screen.query_one(LogView).rows)
        append_entry(lisboa, LogEntry.new("note", session=3, ruleset="v5", now=WHEN, actor="Storyteller",
                                          comment="rain on the Tejo"))
        await until(pilot, lambda: len(screen.query_one(LogView).rows) == before + 1)
        assert looks == []
        sheet = lisboa / "characters" / "ines-valadares.toml"
        sheet.write_text(sheet.read_text(encoding="utf-8").replace("hunger = 2", "hunger = 4"), encoding="utf-8")
        await until(pilot, lambda: screen.selected_character.sheet.hunger == 4)
        assert looks
