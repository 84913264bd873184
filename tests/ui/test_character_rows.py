"""The coterie's list draws only the rows on screen: a big chronicle's other rows are measured, never laid out
(``vtm_tui.ui.widgets.character_list.Row``), and a row looks and wraps exactly as its text would."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from ui_support import make_app

from vtm_tui.ui.widgets.character_list import CharacterList, Row, row_text


def _crowd(chronicle, count: int) -> None:
    """``count`` more storyteller characters, copies of one sheet under other names."""
    sheet = (chronicle / "characters" / "vicente-lobo.toml").read_text(encoding="utf-8")
    for number in range(count):
        text = sheet.replace('name = "Vicente Lobo"', f'name = "Extra {number:03d}"')
        (chronicle / "characters" / f"extra-{number:03d}.toml").write_text(text, encoding="utf-8")


async def test_a_long_list_lays_out_only_the_rows_on_screen(campaigns):
    chronicle = campaigns / "lisboa-nocturna"
    _crowd(chronicle, 90)
    app = make_app(chronicle)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.screen.query_one(CharacterList)
        rows = [roster.get_option_at_index(i).prompt for i in range(roster.option_count)]
        assert len(rows) == 101 and all(isinstance(row, Row) for row in rows)  # 99 characters, 2 headings
        widgets = [type(node).__name__ for node in app.screen.walk_children()]
        # The first screen's widgets, whatever the number of characters (each widget costs start-up time to
        # style, lay out and draw: see docs/architecture.md, "speed budget"). Scrollbars are not children.
        assert len(widgets) <= 9, widgets
        laid_out = [str(row) for row in rows if row._content is not None]
        assert 0 < len(laid_out) <= roster.size.height  # the rows drawn, not the hundred
        assert rows[-1]._content is None
        await pilot.press("end")  # the last row is reached and drawn all the same
        await pilot.pause()
        assert roster.highlighted == 100
        last = roster.get_option_at_index(100).prompt
        assert str(last).startswith("▶") and last._content is not None


def test_a_row_is_as_high_and_as_wide_as_its_text():
    styles = {"line_pad": 0}
    for text in (Text("▶Duarte Moniz H2 ⚠", style="bold"), Text(" A name far too long to fit in the narrow list"),
                 Text("Players", style="bold underline"), Text(" Two\nlines")):
        content = Content.from_rich_text(text)
        for width in (5, 12, 19, 26, 60):
            assert Row(text).get_height(styles, width) == content.get_height(styles, width), (text.plain, width)
        assert Row(text).get_optimal_width(styles, 80) == content.get_optimal_width(styles, 80)


async def test_a_row_is_drawn_as_its_text(campaigns):
    """Row and text give the same strips (the coterie's snapshots check it on screen too)."""
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        roster = app.screen.query_one(CharacterList)
        character = roster.shown[0]
        text = row_text(character, True)
        style = roster.get_visual_style("option-list--option")
        from textual.visual import Visual

        as_row = Visual.to_strips(roster, Row(text, app.console), 20, None, style)
        as_text = Visual.to_strips(roster, Content.from_rich_text(text, console=app.console), 20, None, style)
        assert [list(strip) for strip in as_row] == [list(strip) for strip in as_text]
