"""SVG snapshots of a player's seat (Marta plays Inês in the Lisboa example) at 100×30 and 80×24.

Update after an intended change with ``pytest tests/ui/test_player_snapshot.py --snapshot-update``.
"""

from __future__ import annotations

import pytest
from ui_support import make_app

from vtm_tui.store.requests import ask_for_roll, request_entry


@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_player_seat(snap_compare, campaigns, size, tmp_path, monkeypatch):
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    chronicle = campaigns / "lisboa-nocturna"
    from ui_support import FIXED_NOW

    ask_for_roll(chronicle, request_entry(session=3, ruleset="v5", actor="Inês Valadares", pool="Wits + Awareness",
                                          difficulty=5, secret=True, prompt="a shadow on the stairs", now=FIXED_NOW))
    assert snap_compare(make_app(chronicle, player="Marta"), terminal_size=size)
