"""Issue 19 (12): states a plain terminal must show without colour — the rule set chosen, the export's format,
whether secret Difficulties are hidden. Each assertion reads the screen as text, as tmux capture-pane does."""

from __future__ import annotations

import pytest
from test_log_support import log_app, log_env, open_log  # noqa: F401 - log_env is a fixture
from ui_support import make_app, screen_text

from vtm_tui.ui.screens.export_dialog import ExportDialog
from vtm_tui.ui.screens.new_chronicle import NewChronicleDialog

pytestmark = pytest.mark.tonights_session  # the examples' next session is open (tests/ui/conftest.py)

def line_with(app, words: str) -> str:
    return next(line for line in screen_text(app).splitlines() if words in line)


async def test_the_new_chronicle_dialog_marks_the_rule_set_enter_takes(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewChronicleDialog)
        assert "▶ V5" in line_with(app, "V5 —") and "▶" not in line_with(app, "V20 —")
        await pilot.press("tab", "down")
        await pilot.pause()
        assert "▶ V20" in line_with(app, "V20 —") and "▶" not in line_with(app, "V5 —")


async def test_the_export_dialog_shows_its_choices_as_marks(log_env):
    app = log_app(log_env)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ExportDialog)
        row = line_with(app, "Markdown")
        assert "▐●▌ Markdown" in row and "▐○▌ JSON" in row
        hide = line_with(app, "hides every secret")
        assert "▐ ▌" in hide and "X" not in hide
        app.screen.query_one("#export-hide").value = True
        await pilot.pause()
        assert "▐X▌" in line_with(app, "hides every secret")


async def test_the_picker_marks_the_chronicle_enter_opens(campaigns):
    app = make_app(campaigns=campaigns)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "▶ Lanterns of Saltmarsh" in screen_text(app)
        await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)
        assert "▶ Lisboa Nocturna" in text and "▶ Lanterns" not in text


def test_every_checkbox_is_the_one_that_marks_its_state():
    """One checkbox widget (``MarkCheckbox``): Textual's own draws the same ``X`` ticked or not."""
    import ast
    from pathlib import Path

    import vtm_tui.ui

    plain = []
    for path in sorted(Path(vtm_tui.ui.__file__).parent.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        textual_names = {alias.asname or alias.name for node in ast.walk(tree)
                         if isinstance(node, ast.ImportFrom) and node.module == "textual.widgets"
                         for alias in node.names if alias.name == "Checkbox"}
        plain += [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in textual_names]
    assert plain == []
    from vtm_tui.ui.widgets import roll_form

    assert not hasattr(roll_form, "MarkedCheckbox")  # once a second name for the same widget


async def test_the_import_dialog_box_is_empty_until_ticked(campaigns):
    from vtm_tui.ui.screens.import_dialog import ImportDialog

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ImportDialog(app.chronicle_store))
        await pilot.pause()
        assert "▐ ▌ Replace a character" in line_with(app, "Replace a character")
        await pilot.press("tab", "space")
        await pilot.pause()
        assert "▐X▌ Replace a character" in line_with(app, "Replace a character")


async def test_the_blood_dialog_marks_the_action_enter_takes(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert "▶ Use Lethal Body" in screen_text(app) and "▶ Use Prowess" not in screen_text(app)
        await pilot.press("down")
        await pilot.pause()
        assert "▶ Use Prowess" in screen_text(app) and "▶ Use Lethal Body" not in screen_text(app)


async def test_the_creation_wizard_marks_the_clan_and_the_quick_list_its_template(campaigns):
    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("A")
        await pilot.pause()
        assert "▶ " in line_with(app, "ortal")  # the first template, e.g. "Mortal thug"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("c", *"Ana", "pagedown", "pagedown", "down")  # the clan page, Brujah highlighted
        await pilot.pause()
        assert "▶ Brujah" in screen_text(app) and screen_text(app).count("▶ ") == 1


async def test_the_log_filters_value_lists_and_the_session_picker_mark_the_row_enter_takes(log_env):
    """The log's "Only this character's entries" list and the session picker showed the row Enter takes by colour
    alone; both are MarkedOptionLists now, and the ▶ follows the highlight."""
    app = log_app(log_env)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_log(pilot)
        await pilot.press("c")
        await pilot.pause()
        rows = [line for line in screen_text(app).splitlines() if "▶" in line]
        assert len(rows) == 1 and "▶ Dona Amália Corte-Real" in rows[0]
        await pilot.press("down")
        await pilot.pause()
        rows = [line for line in screen_text(app).splitlines() if "▶" in line]
        assert len(rows) == 1 and "▶ Duarte Moniz" in rows[0]
        await pilot.press("escape", "s")
        await pilot.pause()
        rows = [line for line in screen_text(app).splitlines() if "▶" in line]
        assert len(rows) == 1 and "▶ #" in rows[0]  # it opens on the session shown
