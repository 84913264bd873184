"""The marks under the dice: ``!`` only on a one that counts (a V5 Hunger one, any V20 one)."""

from __future__ import annotations

from vtm_tui.rules import v5, v20
from vtm_tui.ui.widgets.dice_view import dice_cells, dice_faces


def test_a_v5_regular_one_is_a_plain_failure_and_a_hunger_one_is_marked():
    outcome = v5.judge([1, 7, 10], [1, 4], 2)
    assert [(kind, mark) for kind, _, mark in dice_cells(outcome)] == [
        ("regular", "·"), ("regular", "+"), ("regular", "*"), ("hunger", "!"), ("hunger", "·")]
    assert dice_faces(outcome).legend.endswith("! Hunger one")


def test_a_v20_one_is_marked_since_it_cancels_a_success():
    outcome = v20.judge([1, 7, 10, 3], 6)
    assert [mark for _, _, mark in dice_cells(outcome)] == ["!", "+", "*", "·"]
    assert dice_faces(outcome).legend.endswith("! one (cancels a success)")
