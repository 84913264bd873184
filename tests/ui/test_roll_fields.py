"""Issue 18: the roll form is one widget with its own cursor; what Input gave the fields stays.

Typing, deleting, moving the caret and pasting edit the field under the cursor; space ticks a box or steps a
choice; ↑ ↓ move between rows; what the cursor is on is drawn in reverse video (seen without colour); a Tab
repaints only the rows it left and reached, and a key typed lays nothing out again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widget import Widget
from textual.widgets import Input
from ui_support import make_app

from vtm_tui.ui.screens.roll_dialog import RollDialog
from vtm_tui.ui.widgets.roll_fields import RollFields


@pytest.fixture
def lisboa(lisboa_in_session: Path) -> Path:
    return lisboa_in_session


async def _open(pilot) -> tuple[RollDialog, RollFields]:
    await pilot.press("r")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, RollDialog)
    return dialog, dialog.query_one(RollFields)


async def test_typing_edits_the_field_under_the_cursor(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog, fields = await _open(pilot)
        dialog.query_one("#comment").focus()
        await pilot.pause()
        assert fields.at == "comment" and dialog.focused is fields
        await pilot.press(*"over wall", "left", "left", "left", "left", *"the ", "backspace", " ")
        comment = dialog.query_one("#comment", Input)
        assert comment.value == "over the wall"
        await pilot.press("home", "delete", "O", "end", "!")
        assert comment.value == "Over the wall!"
        fields.post_message(events.Paste("quietly\nsecond line never"))
        await pilot.pause()
        assert comment.value == "Over the wall!quietly"  # the first line only, as an Input takes it
        assert "Over the wall!quietly" in "".join(segment.text for segment in fields.render_line(
            fields._line_of("comment")))


async def test_space_ticks_and_steps_arrows_move_between_rows(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog, fields = await _open(pilot)
        assert fields.at == "pool"
        await pilot.press("down")
        assert fields.at == "difficulty"
        await pilot.press("down")
        assert fields.at == "secret"  # the ladder between is text, not a field
        await pilot.press("space")
        assert dialog.query_one("#secret").value is True
        await pilot.press("space")
        assert dialog.query_one("#secret").value is False
        await pilot.press("up", "up")
        assert fields.at == "pool"


async def test_the_cursor_shows_without_colour(lisboa: Path) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog, fields = await _open(pilot)
        await pilot.press("down", "down")  # the Secret box
        line = fields.render_line(fields._line_of("secret"))
        marked = [segment.text for segment in line if segment.style and segment.style.reverse]
        assert marked and "Secret" in "".join(marked)
        await pilot.press("up", "up", "end")
        line = fields.render_line(fields._line_of("pool"))
        assert [segment.text for segment in line if segment.style and segment.style.reverse] == [" "]  # the caret


async def test_a_tab_repaints_two_rows_and_a_key_lays_nothing_out(lisboa: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog, fields = await _open(pilot)
        calls: list[tuple[Widget, tuple, dict]] = []
        refresh = Widget.refresh

        def recorded(self, *regions, **kwargs):
            calls.append((self, regions, kwargs))
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", recorded)
        await pilot.press("tab")
        await pilot.pause()
        assert calls and all(widget is fields and len(regions) == 1 and regions[0].height == 1
                             and not kwargs.get("layout") for widget, regions, kwargs in calls)
        dialog.query_one("#comment").focus()
        await pilot.pause()
        calls.clear()
        await pilot.press(*"abc")
        await pilot.pause()
        assert dialog.query_one("#comment", Input).value == "abc"
        assert not [call for call in calls if call[2].get("layout")]  # an Input laid the dialog out per key


async def test_a_field_reached_has_its_text_selected_as_an_input_had(lisboa: Path) -> None:
    """Typing a new pool over the last one, as the focused Input's selected text was replaced; ← keeps it."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog, fields = await _open(pilot)
        pool = dialog.query_one("#pool", Input)
        assert pool.value  # the pool last rolled, offered again
        await pilot.press(*"wits")
        assert pool.value == "wits"
        await pilot.press("tab", "shift+tab")  # away and back: selected again
        assert fields.at == "pool" and pool.value == "wits"
        await pilot.press("end", *"+1")  # End keeps the text, the caret after it
        assert pool.value == "wits+1"
        await pilot.press("tab", "shift+tab", "2")
        assert pool.value == "2"


async def test_a_choice_steps_with_space_and_letters_jump(campaigns: Path) -> None:
    """The proficiency (Ingenuity) is a choice in the form: space steps through, then back to none; a letter
    jumps to the option it begins; what is chosen is what the request gets."""
    from textual.widgets import Select

    app = make_app(campaigns / "lanterns-of-saltmarsh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RollDialog(app.chronicle_store.character("bram-cole")))
        await pilot.pause()
        dialog = app.screen
        fields = dialog.query_one(RollFields)
        dialog.query_one("#specialty").focus()
        await pilot.pause()
        assert fields.at == "specialty"
        select = dialog.query_one("#specialty", Select)
        await pilot.press("space")
        assert dialog.form.values()["specialty"] == "Boat hook"
        await pilot.press("space")
        assert dialog.form.values()["specialty"] == "Dodge"
        await pilot.press("space")
        assert select.is_blank() and dialog.form.values()["specialty"] == ""
        await pilot.press("d")
        assert dialog.form.values()["specialty"] == "Dodge"
        assert "Dodge" in "".join(segment.text for segment in fields.render_line(fields._line_of("specialty")))


async def test_a_control_character_is_drawn_as_a_mark_not_sent(lisboa: Path) -> None:
    """An escape pasted into a field (or in a hostile sheet's name) never reaches the terminal as it is."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        dialog, fields = await _open(pilot)
        dialog.query_one("#comment").focus()
        await pilot.pause()
        fields.post_message(events.Paste("red \x1b[31mtext\x07"))
        await pilot.pause()
        assert dialog.query_one("#comment", Input).value == "red \x1b[31mtext\x07"  # kept as typed, logged as text
        drawn = "".join(segment.text for segment in fields.render_line(fields._line_of("comment")))
        assert "\x1b" not in drawn and "\x07" not in drawn and "red \ufffd[31mtext\ufffd" in drawn


async def test_a_focus_change_restyles_nothing_of_the_form(lisboa: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: the dialog opened and its result page shown move the focus to and from the form; its styles
    do not depend on focus, so it is not restyled (a restyle from the whole stylesheet, each component class
    too), and its cursor still shows only while it has the focus."""
    app = make_app(lisboa, player="Marta")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        restyled: list[object] = []
        update_styles = type(app).update_styles

        def recorded(self, node, animate=True):
            restyled.append(node)
            return update_styles(self, node, animate)

        monkeypatch.setattr(type(app), "update_styles", recorded)
        dialog, fields = await _open(pilot)
        assert dialog.focused is fields
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.focused is not fields  # the result page has the focus
        assert not any(segment.style and segment.style.reverse
                       for segment in fields.render_line(fields._line_of("pool")))  # no cursor drawn
        await pilot.press("escape")
        await _open(pilot)
        assert dialog.focused is fields
        assert any(segment.style and segment.style.reverse for segment in fields.render_line(fields._line_of("pool")))
        assert fields not in restyled
        assert [node for node in restyled if node is not fields]  # the others still restyle (the result's :focus)
        form_rules = [selectors.selectors[-1] for rule in app.stylesheet.rules for selectors in rule.selector_set
                      if selectors.selectors[-1].name == "RollFields"]
        # A rule styling the form by focus would need Textual's restyle back.
        assert form_rules and not [s for s in form_rules if {"focus", "focus-within"} & set(s.pseudo_classes)]
