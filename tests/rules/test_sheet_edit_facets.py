"""The rule sets' ``sheet_edits`` facets keep what the model says: V20's seven health levels, Ingenuity's
resource written back with its maximum, and a field that is no track refused in words."""

from __future__ import annotations

import pytest

from vtm_tui.model.character_ingenuity import IngenuitySheet, Resource
from vtm_tui.model.traits import V20_HEALTH_LEVELS
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.rules.sheet_edits import EditRefused
from vtm_tui.rules.v20.sheet_edits import HEALTH_LEVELS


def test_v20_health_levels_are_the_models() -> None:
    assert HEALTH_LEVELS == len(V20_HEALTH_LEVELS)


def test_an_ingenuity_resource_keeps_its_maximum_when_written() -> None:
    sheet = IngenuitySheet()
    sheet.resources["Focus"] = Resource(5, 9)
    edits = ruleset_for("ingenuity").sheet_edits()
    edits.write(sheet, "resources.Focus", 3)
    edits.write(sheet, "resources.Health", 2)
    assert sheet.resources["Focus"] == Resource(3, 9) and sheet.resources["Health"] == Resource(2, None)
    assert edits.read(sheet, "resources.Focus") == 3 and edits.read(sheet, "skills.Combat") == 4


@pytest.mark.parametrize(("ruleset_id", "field"), [("v5", "blood"), ("v20", "humanity"), ("ingenuity", "health")])
def test_a_field_that_is_no_track_takes_no_damage(ruleset_id: str, field: str) -> None:
    with pytest.raises(EditRefused, match=f"{field} is not a track"):
        ruleset_for(ruleset_id).sheet_edits().severities(field)
