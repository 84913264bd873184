"""V20 has no blood upkeep of V5's kind (:class:`~vtm_tui.rules.blood_upkeep.NoBloodUpkeep`): vitae is a counted
pool, spent and regained point by point on the sheet (``]``/``[``, ``vtm-tui sheet … hunger ±1``), so each
action of ``vtm-tui blood`` and the Blood dialog is refused saying so."""

from __future__ import annotations

from vtm_tui.rules.blood_upkeep import NoBloodUpkeep

BLOOD_UPKEEP = NoBloodUpkeep("the blood's upkeep is a V5 rule; V20 spends and regains blood from the pool "
                             "(] and [ on the sheet, or vtm-tui sheet … hunger +1/-1)")
