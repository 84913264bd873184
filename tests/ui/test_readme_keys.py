"""Issue 19: "the README and ? agree with the keys" — every binding id the README names exists, with its key."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _bindings() -> dict[str, str]:
    from vtm_tui.ui.app import VtmApp
    from vtm_tui.ui.screens import conflict, coterie, picker, player
    from vtm_tui.ui.widgets import character_list, sheet_view, turn_order_view

    found = {}
    for owner in (VtmApp, coterie.CoterieScreen, picker.PickerScreen, player.PlayerScreen, conflict.ConflictScreen,
                  character_list.CharacterList, sheet_view.SheetView, turn_order_view.TurnOrderView):
        for binding in owner.BINDINGS:
            found[binding.id] = binding.key
    return found


def test_every_id_the_readme_names_is_a_binding():
    named = set(re.findall(r"`((?:app|player|sheet|coterie|picker|list|conflict)\.[a-z_]+)`", README.read_text()))
    assert "player.undo" in named
    missing = named - set(_bindings()) - {"conflict.toml"}  # a file, not a key
    assert not missing


def test_the_keys_the_readme_promises():
    keys = _bindings()
    assert keys["app.picker"] == "o" and keys["conflict.take_out"] == "O" and keys["player.undo"] == "ctrl+z"
    assert "o" not in {key for ident, key in keys.items() if ident.startswith("conflict.")}
