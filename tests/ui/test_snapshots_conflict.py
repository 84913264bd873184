"""SVG snapshots of the conflict tracker for each rule set, at 100×30 and 80×24, and of its dialogs.

Each chronicle is a copy with a conflict in progress written by :mod:`conflict_scenes` (given dice, a
fixed clock). Update after an intended change with
``pytest tests/ui/test_snapshots_conflict.py --snapshot-update`` and look at the report before committing.
"""

from __future__ import annotations

import pytest
from conflict_scenes import SCENES
from ui_support import make_app

SIZES = [(100, 30), (80, 24)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("chronicle", list(SCENES))
def test_tracker(snap_compare, campaigns, chronicle, size):
    SCENES[chronicle](campaigns / chronicle)
    assert snap_compare(make_app(campaigns / chronicle), terminal_size=size, press=["2"])


@pytest.mark.tonights_session  # the contest dialog as it opens in a session
def test_contest_dialog(snap_compare, campaigns):
    SCENES["lisboa-nocturna"](campaigns / "lisboa-nocturna")
    assert snap_compare(make_app(campaigns / "lisboa-nocturna"), terminal_size=(80, 24), press=["2", "c"])


def test_add_dialog(snap_compare, campaigns):
    assert snap_compare(make_app(campaigns / "the-iron-vigil"), terminal_size=(80, 24), press=["2", "a"])
