"""The chronicle picker: what each row says, opening, broken chronicles, creating one with keys."""

from __future__ import annotations

import tomllib

from ui_support import make_app, screen_text
from textual.widgets import DataTable

from vtm_tui.ui.screens.broken import ProblemScreen
from vtm_tui.ui.screens.coterie import CoterieScreen
from vtm_tui.ui.screens.picker import PickerScreen, short_error

BROKEN = 'name = "Ruined"\nruleset = "v5\n'


async def test_rows_show_rules_characters_and_last_session(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        assert [row[0][:2] for row in rows] == ["▶ ", "  ", "  "]  # the row Enter opens, without colour
        rows = [[row[0][2:], *row[1:]] for row in rows]
        expected = []
        for folder, rules in (("lanterns-of-saltmarsh", "Ingenuity"), ("lisboa-nocturna", "V5"),
                              ("the-iron-vigil", "V20")):
            data = tomllib.loads((campaigns / folder / "chronicle.toml").read_text())
            count = len(list((campaigns / folder / "characters").glob("*.toml")))
            last = f"#{data['current_session']} · {data['last_session']:%Y-%m-%d}"
            expected.append([data["name"], rules, str(count), last])
        assert rows == expected
        assert rows[1][:3] == ["Lisboa Nocturna", "V5", "9"]
        assert "3 chronicles in campaigns" in screen_text(app)


async def test_enter_opens_the_highlighted_chronicle(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("j", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert app.chronicle_name == "Lisboa Nocturna"
        await pilot.press("o")  # back to the list, then another chronicle
        await pilot.press("j", "enter")
        await pilot.pause()
        assert app.chronicle_name == "The Iron Vigil"
        assert app.screen.selected_character.ruleset == "v20"


async def test_home_and_end_go_to_the_first_and_last_chronicle(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#chronicles")
        await pilot.press("end")
        assert table.cursor_row == table.row_count - 1 > 0
        assert screen_text(app).count("▶") == 1
        await pilot.press("home")
        assert table.cursor_row == 0
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)


async def test_a_broken_chronicle_is_listed_with_its_error_and_others_still_open(campaigns):
    broken = campaigns / "aaa-ruined"
    broken.mkdir()
    (broken / "chronicle.toml").write_text(BROKEN)
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        first = [str(cell) for cell in table.get_row_at(0)]
        assert first[0] == "▶ ⚠ aaa-ruined" and first[3] == "broken: chronicle.toml 2:14"
        assert "cannot be opened" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        text = screen_text(app)
        assert "line 2, column 14" in text and "^ here" in text
        await pilot.press("escape", "j", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
    assert (broken / "chronicle.toml").read_text() == BROKEN  # never overwritten


async def test_opening_a_folder_that_is_not_a_chronicle_says_so(campaigns, tmp_path):
    app = make_app(tmp_path / "nowhere", campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        assert "chronicle.toml is missing" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, PickerScreen)


async def test_retry_opens_the_chronicle_once_fixed(campaigns):
    file = campaigns / "the-iron-vigil" / "chronicle.toml"
    good = file.read_text()
    file.write_text(good.replace('ruleset = "v20"', 'ruleset = "v20'))
    app = make_app(campaigns / "the-iron-vigil")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ProblemScreen)
        file.write_text(good)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)


async def test_n_creates_a_chronicle_through_the_store(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*"Porto Sombrio", "enter", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CoterieScreen)
        assert app.chronicle_name == "Porto Sombrio" and app.ruleset == "v20"
    data = tomllib.loads((campaigns / "porto-sombrio" / "chronicle.toml").read_text())
    assert data["name"] == "Porto Sombrio" and data["ruleset"] == "v20"


async def test_new_chronicle_needs_a_name_and_escape_cancels(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n", "enter", "enter")
        await pilot.pause()
        assert "needs a name" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, PickerScreen)
    assert sorted(p.name for p in campaigns.iterdir()) == ["lanterns-of-saltmarsh", "lisboa-nocturna",
                                                          "the-iron-vigil"]


def test_short_error_names_file_line_and_column():
    assert short_error("/x/y/chronicle.toml, line 3, column 7: Invalid value") == "broken: chronicle.toml 3:7"
    assert short_error("/x/chronicle.toml: field 'ruleset': bad") == "broken: chronicle.toml"
    assert short_error("something else") == "cannot open (details below)"


async def test_a_hand_broken_character_file_is_named_with_line_and_column(campaigns):
    sheet = campaigns / "lisboa-nocturna" / "characters" / "duarte-moniz.toml"
    broken = sheet.read_text().replace("hunger = 3", "hunger = = 3")
    sheet.write_text(broken)
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        # One broken sheet never takes the chronicle down: the rest opens, the message names file and place.
        assert app.current_mode == "coterie" and not isinstance(app.screen, ProblemScreen)
        [note] = [n for n in app._notifications if n.title == "Broken sheet"]
        assert "duarte-moniz.toml, line" in note.message and "column" in note.message
        assert "Duarte" not in " ".join(c.name for c in app.chronicle_store.characters)
    assert sheet.read_text() == broken


async def test_the_first_change_in_a_new_chronicle_starts_session_one(campaigns):
    from ui_support import log_entries

    from vtm_tui.ui.widgets.header import VtmHeader

    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n", *"Noite Nova", "enter", "enter")  # V5
        await pilot.pause()
        assert "no session yet" in app.screen.query_one(VtmHeader).describe()
        await pilot.press("a", *"Carla", "tab", *"Ana", "enter", "enter", "enter")
        await pilot.pause()
        assert app.screen.selected_character.name == "Carla"
        assert app.screen.selected_character.player == "Ana"
        assert "session 1 —" in app.screen.query_one(VtmHeader).describe()
    chronicle = campaigns / "noite-nova"
    entries = log_entries(chronicle, 1)
    assert entries[-1]["change"] == {"field": "character", "before": "", "after": "Carla"}
    data = tomllib.loads((chronicle / "chronicle.toml").read_text())
    assert data["current_session"] == 1 and data["session_open"] is True
