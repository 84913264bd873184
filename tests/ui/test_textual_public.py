"""The UI uses Textual's public API; what has no public equivalent lives in ``vtm_tui/ui/textual_compat.py``,
checked here against the installed Textual so that an upgrade that moves those internals fails a test."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import textual
from textual.app import App, ComposeResult
from textual.dom import DOMNode
from textual.driver import Driver
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Checkbox, Input, OptionList, RadioButton, SelectionList, Static

import vtm_tui.ui
from vtm_tui.ui.textual_compat import check_version, css_generation, mark_styles_current

UI = Path(vtm_tui.ui.__file__).parent
#: Every app, screen and widget is one of these: their private names are never ours to set or override.
BASES = (App, Screen, ModalScreen, Widget, ScrollView, DOMNode, MessagePump)
WIDGETS = (Message, Driver, Input, SelectionList, OptionList, Checkbox, RadioButton, Static)


def _private(objects: tuple[object, ...]) -> set[str]:
    names = {name for obj in objects for name in dir(obj)}
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def base_private_names() -> set[str]:
    """The ``_name``s every Textual app, screen and widget carries (classes and instances, installed version)."""
    return _private(BASES + (Widget(), Screen(), App()))


#: Own attributes of classes that are not Textual nodes, named like a Textual node's private one.
NOT_NODES = {("seat_keeper.py", "_timers")}  # SeatKeeper: a plain class holding its own interval timers


def textual_private_names() -> set[str]:
    """Every ``_name`` of Textual's classes the UI builds on, and of their instances."""
    return base_private_names() | _private(WIDGETS + (Static(), Input(), SelectionList(), Message()))


def own_names(tree: ast.AST) -> set[str]:
    """Names a module defines itself: its functions and methods, and attributes it assigns on ``self`` (unless
    every Textual node has that attribute: then the assignment writes Textual's)."""
    names: set[str] = set()
    defined: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defined.add(node.name)
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                names.add(target.attr)
    return defined | (names - base_private_names())


def private_uses(source: str, private: set[str]) -> list[str]:
    """Where ``source`` reaches into Textual's private modules or attributes."""
    tree = ast.parse(source)
    own = own_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("textual."):
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(f"line {node.lineno}: from {node.module} import")
        if isinstance(node, ast.Attribute) and node.attr in private:
            is_self = isinstance(node.value, ast.Name) and node.value.id == "self"
            if not (is_self and node.attr in own):
                found.append(f"line {node.lineno}: .{node.attr}")
    return found


def test_the_ui_reaches_no_textual_private_attribute_outside_the_compat_module():
    private = textual_private_names()
    assert {"_screen_stacks", "_binding_chain", "_css_update_count", "_sender", "_suggestion",
                       "_selected"} <= private
    problems = {}
    for path in sorted(UI.rglob("*.py")):
        if path.name == "textual_compat.py":
            continue
        name = path.relative_to(UI).as_posix()
        uses = private_uses(path.read_text(encoding="utf-8"), private - {a for f, a in NOT_NODES if f == name})
        if uses:
            problems[name] = uses
    assert problems == {}


def test_the_scan_sees_what_it_looks_for():
    private = textual_private_names()
    assert private_uses("x = app._screen_stacks\n", private) == ["line 1: ._screen_stacks"]
    assert private_uses("from textual._context import active_app\n", private) == [
        "line 1: from textual._context import"]
    assert private_uses("class A:\n    def f(self):\n        self._lines = []\n        return self._lines\n",
                        private) == []  # an attribute of its own that happens to share a SelectionList's name
    assert private_uses("class A:\n    def f(self):\n        self._css_update_count = 0\n", private) == [
        "line 3: ._css_update_count"]  # but every screen has this one: setting it is reaching in


def test_compat_is_written_for_the_installed_textual():
    assert check_version(textual.__version__), "run the UI tests under this Textual, then widen TESTED_RANGE and the pin"


def test_the_pin_is_the_tested_range():
    """pyproject lets pip install exactly the releases the version check accepts: the first of the range and every
    patch release of it, nothing past its end, no pre-release."""
    import tomllib

    from vtm_tui.ui.textual_compat import TESTED_RANGE, tested_range_text

    pyproject = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    assert tested_range_text() in pyproject["project"]["dependencies"]
    (major, minor, patch), (end_major, end_minor, end_patch) = TESTED_RANGE
    assert check_version(f"{major}.{minor}.{patch}") and check_version(f"{major}.{minor}.{patch + 9}")
    for other in (f"{end_major}.{end_minor}.{end_patch}", f"{major}.{minor}.{patch + 1}rc1", f"{major}.{minor}",
                  f"{major - 1}.9.9", "nonsense", ""):
        assert not check_version(other), other


class _Two(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("x")


async def test_css_generation_moves_on_with_a_theme_change_and_a_screen_can_be_marked_current():
    app = _Two()
    async with app.run_test(size=(20, 5)) as pilot:
        before = css_generation(app)
        app.theme = "textual-light"
        await pilot.pause()
        assert css_generation(app) > before
        screen = Screen()
        assert screen._css_update_count != css_generation(app)  # Textual's own mark: "never styled"
        mark_styles_current(screen, app)
        assert screen._css_update_count == css_generation(app)


@pytest.mark.parametrize("version", ["9.0.0", "8.3.0", "8.1.1", "8.2.9rc1"])
def test_under_a_textual_the_tests_have_not_seen_the_app_refuses_to_start(monkeypatch, tmp_path, capsys, version):
    """The safety overrides are never switched off silently: the command says which Textual to install, in one
    line, before it looks at a terminal, takes a seat or draws anything."""
    import vtm_tui.ui.textual_compat as compat
    from vtm_tui.cli import main

    monkeypatch.setattr(compat, "textual_version", lambda: version)
    monkeypatch.setattr(compat, "needs_terminal", lambda: pytest.fail("looked for a terminal first"))
    assert main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"Textual {version} is installed" in err
    assert compat.tested_range_text() in err and "Traceback" not in err


def test_under_a_tested_textual_the_seat_driver_is_the_one_used(monkeypatch):
    import vtm_tui.ui.textual_compat as compat
    from vtm_tui.ui.app import VtmApp

    lowest, _beyond = compat.TESTED_RANGE
    monkeypatch.setattr(compat, "textual_version", lambda: ".".join(map(str, lowest)))
    compat.require_tested_textual()  # does not refuse
    assert VtmApp().get_driver_class() is compat.SeatDriver


def test_screens_and_widgets_reach_the_app_typed():
    """``self.app`` is the vtm-tui app to every screen and widget (``VtmNode``, ``VtmDialog``): no
    ``getattr(self.app, "x", default)``, no ``type: ignore`` on an app attribute."""
    untyped = []
    for path in sorted(UI.rglob("*.py")):
        name = path.relative_to(UI).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "getattr(self.app" in line or "getattr(app," in line or \
                    ("app." in line and "type: ignore[attr-defined]" in line):
                untyped.append(f"{name}:{number}")
    assert untyped == []
