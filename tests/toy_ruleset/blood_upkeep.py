"""The toy has no blood (:class:`~vtm_tui.rules.blood_upkeep.NoBloodUpkeep`): each blood action is refused."""

from __future__ import annotations

from vtm_tui.rules.blood_upkeep import NoBloodUpkeep

BLOOD_UPKEEP = NoBloodUpkeep("the toy rule set has no blood")
