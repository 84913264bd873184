"""Ingenuity has no Blood (:class:`~vtm_tui.rules.blood_upkeep.NoBloodUpkeep`): each action of ``vtm-tui blood``
and the Blood dialog is refused saying so."""

from __future__ import annotations

from vtm_tui.rules.blood_upkeep import NoBloodUpkeep

BLOOD_UPKEEP = NoBloodUpkeep("the blood's upkeep is a V5 rule; Ingenuity has no Blood")
