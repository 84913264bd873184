"""The coterie screen shows a sheet another login saved as soon as the store's watcher tells it (no timer)."""

from __future__ import annotations

from ui_support import make_app, sheet_text, until

from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.ui.screens.coterie import CoterieScreen


async def test_a_sheet_saved_at_another_login_shows_without_a_timer(campaigns, monkeypatch):
    monkeypatch.setattr(CoterieScreen, "POLL_SECONDS", 3600.0)  # a timer of an hour would never fire here
    chronicle = campaigns / "lisboa-nocturna"
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoterieScreen)
        other = open_chronicle(chronicle)
        theirs = other.character("Duarte Moniz")
        theirs.notes = "Seen at the Cais do Sodré."
        other.save_character(theirs)
        await until(pilot, lambda: "Seen at the Cais do Sodré." in sheet_text(app))
        assert [t for t in screen._timers if t.name != "screen_update"] == []


async def test_could_not_reload_goes_as_soon_as_the_file_is_whole_again(campaigns, monkeypatch):
    """Issue 27: "Could not reload: chronicle.toml line 8 …" stayed 17 s after the file was put back as it was."""
    monkeypatch.setattr(CoterieScreen, "POLL_SECONDS", 3600.0)
    chronicle = campaigns / "lisboa-nocturna"
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CoterieScreen)
        status = screen.query_one("#status")
        path = chronicle / "chronicle.toml"
        whole = path.read_text(encoding="utf-8")
        path.write_text(whole + "\nthis line = [is not TOML\n", encoding="utf-8")  # a hand edit half done
        await until(pilot, lambda: "Could not reload" in str(status.render()))
        path.write_text(whole, encoding="utf-8")  # put back as it was
        await until(pilot, lambda: "Could not reload" not in str(status.render()))
        assert not status.has_class("-error")
