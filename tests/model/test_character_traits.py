"""The sheet's trait names are the engines' trait names (kept as copies only for import speed)."""

from vtm_tui.model import traits as sheet
from vtm_tui.rules.ingenuity import character as ingenuity
from vtm_tui.rules.ingenuity.sizes import SIZES
from vtm_tui.rules.v5 import traits as v5
from vtm_tui.rules.v20 import traits as v20


def test_v5_names_match_the_engine() -> None:
    assert sheet.V5_ATTRIBUTES == v5.ATTRIBUTE_NAMES
    assert sheet.V5_SKILLS == v5.SKILL_NAMES
    assert sheet.V5_DISCIPLINES == v5.DISCIPLINES
    assert sheet.V5_PHYSICAL_SKILLS == v5.SKILLS[v5.Category.PHYSICAL]


def test_v20_names_match_the_engine() -> None:
    assert sheet.V20_ATTRIBUTES == v20.ATTRIBUTES
    assert (sheet.V20_TALENTS, sheet.V20_SKILLS, sheet.V20_KNOWLEDGES) == (v20.TALENTS, v20.SKILLS, v20.KNOWLEDGES)
    assert sheet.V20_REVISED_ABILITIES == v20.REVISED_ABILITIES
    assert {name for pair in sheet.V20_VIRTUES for name in pair} == set(v20.VIRTUES + v20.PATH_VIRTUES)


def test_ingenuity_names_match_the_engine() -> None:
    assert sheet.INGENUITY_ATTRIBUTES == tuple(ingenuity.ATTRIBUTES)
    assert sheet.INGENUITY_MUNDANE_SKILLS == tuple(ingenuity.MUNDANE_SKILLS)
    assert sheet.INGENUITY_SUPERNATURAL_SKILLS == tuple(ingenuity.SUPERNATURAL_SKILLS)
    assert [(name, i + 1) for i, name in enumerate(sheet.INGENUITY_SIZES)] == [tuple(s) for s in SIZES]
