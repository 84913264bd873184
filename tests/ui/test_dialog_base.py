"""Every modal dialog builds on one base (a typed ``self.app``, one stylesheet); no dialog repeats its rules."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from textual.screen import ModalScreen

import vtm_tui.ui
from vtm_tui.ui.app_base import VtmAppBase
from vtm_tui.ui.dialog import VtmDialog

UI = Path(vtm_tui.ui.__file__).parent


def _all_subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _all_subclasses(sub)
    return found


def test_every_modal_dialog_is_a_vtm_dialog():
    for info in pkgutil.walk_packages(vtm_tui.ui.__path__, "vtm_tui.ui."):
        importlib.import_module(info.name)
    ours = {cls for cls in _all_subclasses(ModalScreen) if cls.__module__.startswith("vtm_tui.")}
    assert len(ours) > 20
    assert sorted(cls.__qualname__ for cls in ours if not issubclass(cls, VtmDialog)) == []


def test_the_box_rules_live_in_one_stylesheet():
    """``align: center middle`` and the box's border and background are written once, in ``dialog.tcss``."""
    repeated = []
    for path in sorted(UI.rglob("*")):
        if path.suffix not in (".py", ".tcss") or path.name == "dialog.tcss":
            continue
        text = path.read_text(encoding="utf-8")
        if "align: center middle" in text or "border: thick $primary; background: $surface" in text:
            repeated.append(path.relative_to(UI).as_posix())
    assert repeated == []
    shared = (UI / "dialog.tcss").read_text(encoding="utf-8")
    assert "align: center middle" in shared and VtmDialog.DEFAULT_CSS == shared


async def test_a_dialog_sees_the_app_typed_and_centred(campaigns):
    from ui_support import make_app

    from vtm_tui.ui.screens.help import HelpScreen

    app = make_app(campaigns / "lisboa-nocturna")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, HelpScreen) and isinstance(dialog.app, VtmAppBase)
        assert dialog.app.chronicle_store is not None  # typed: no getattr, no "type: ignore"
        assert tuple(dialog.styles.align) == ("center", "middle")
        box = dialog.children[0]
        assert box.styles.border.top[0] == "thick" and box.region.x > 0
