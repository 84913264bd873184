"""The footer (one widget, app keys first, grouped when narrow) and mode switches that never restyle for nothing."""

from __future__ import annotations

from ui_support import make_app
from textual.color import Color
from textual.css.stylesheet import Stylesheet

from vtm_tui.ui.screens.log import LogScreen
from vtm_tui.ui.widgets.footer import VtmFooter


def footer_text(app) -> str:
    footer = app.screen.query_one(VtmFooter)
    return footer.render_line(0).text.rstrip()


async def test_footer_lists_app_keys_first_and_groups_them_when_narrow(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(140, 30)) as pilot:
        await pilot.pause()
        wide = footer_text(app)
        assert wide.startswith("1 Coterie 2 Conflict 3 Log 4 Ledger r Roll ? Help q Quit")
        assert wide.endswith("▏^p Commands")
        assert "^z Undo" in wide
        await pilot.resize_terminal(80, 24)
        await pilot.press("tab")  # the sheet: its keys come after the app's
        await pilot.pause()
        narrow = footer_text(app)
        assert narrow.startswith("1 2 3 4 Screens r Roll ? Help q Quit")  # the mode keys share one description
        assert narrow.endswith("▏^p Commands") and len(narrow) <= 80
        keys = narrow.split("▏")[0].rstrip()
        assert keys.endswith(" …")  # keys left out are marked
        footer = app.screen.query_one(VtmFooter)
        shown = [footer_key for footer_key in footer.entries if f"{footer_key.display} {footer_key.description}" in keys]
        assert keys[: -len(" …")].endswith(f"{shown[-1].display} {shown[-1].description}")  # never cut in half
        assert len(shown) < len(footer.entries)


async def test_footer_follows_the_focused_widget_without_new_widgets(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(140, 30)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(VtmFooter)
        assert not footer.children  # one widget draws every key
        assert "+ Raise" not in footer_text(app)  # the list has the focus
        await pilot.press("tab")
        await pilot.pause()
        assert "+ Raise" in footer_text(app)  # the sheet's keys


async def test_clicking_a_footer_key_presses_it(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(140, 30)) as pilot:
        await pilot.pause()
        x = footer_text(app).index("3 Log")
        await pilot.click(VtmFooter, offset=(x, 0))
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)


async def test_switching_screens_never_reparses_the_stylesheet(campaigns, monkeypatch):
    app = make_app(campaigns / "lisboa-nocturna")
    reparsed: list[int] = []
    original = Stylesheet.reparse

    def counting(self):
        reparsed.append(1)
        return original(self)

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Stylesheet, "reparse", counting)
        for key in "3121321":
            await pilot.press(key)
            await pilot.pause()
        assert app.current_mode == "coterie"
        assert reparsed == []  # it was once per first and second visit of each mode (Textual 8.2)


async def test_a_theme_change_still_reaches_a_hidden_screen(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        coterie = app.screen
        await pilot.press("3")
        await pilot.pause()
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is coterie
        expected = Color.parse(app.current_theme.background)
        assert coterie.styles.background.rgb == expected.rgb


async def test_a_new_screen_is_styled_once_with_its_width_class(campaigns, monkeypatch):
    """A new screen starts with its width class and is not restyled whole on its first resize or resume
    (each restyle of a whole screen cost 10-30 ms of the log's 100 ms)."""
    from textual.app import App

    from vtm_tui.ui.screens.log import LogScreen

    restyled: list[str] = []
    original = App.update_styles

    def counting(self, node, animate=True):
        if isinstance(node, LogScreen):
            restyled.append(type(node).__name__)
        return original(self, node, animate)

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(App, "update_styles", counting)
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert app.screen.has_class("-wide") and not app.screen.has_class("-narrow")
        await pilot.press("1", "3")  # back to it: still not restyled whole
        await pilot.pause()
        assert restyled == []
