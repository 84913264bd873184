"""V5's blood upkeep (:class:`~vtm_tui.rules.blood_upkeep.BloodUpkeep`): the engine's rules on a V5 sheet.

The rules are :mod:`vtm_tui.rules.v5.upkeep` (a power's Rouse checks, awakening, slaking),
:mod:`~vtm_tui.rules.v5.blood` (Blood Potency, mending), :mod:`~vtm_tui.rules.v5.hunting` and
:mod:`~vtm_tui.rules.v5.compulsions`; this module only reads the sheet (duck-typed, the model's V5 sheet) into
their arguments. It imports them on first use, so asking the facet (the coterie's footer, the first sheet) loads
no engine; :meth:`V5BloodUpkeep.tables_loaded` tells the sheet whether Blood Potency's table is there yet.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from vtm_tui.rules.blood_upkeep import COMPULSION_SUFFIX
from vtm_tui.rules.dice import DiceSource

#: The module holding Blood Potency's table (imported by the sheet view in a thread, after the first paint).
_TABLES = "vtm_tui.rules.v5.blood"


class V5BloodUpkeep:
    """V5's :class:`~vtm_tui.rules.blood_upkeep.BloodUpkeep`."""

    def refusal(self) -> str | None:
        return None

    def tables_loaded(self) -> bool:
        return _TABLES in sys.modules

    def load_tables(self) -> None:
        importlib.import_module(_TABLES)

    def blood_potency(self, level: int) -> Any:
        from vtm_tui.rules.v5.blood import blood_potency

        return blood_potency(level)

    def learnable_powers(self, sheet: Any) -> list[Any]:
        """Catalogue powers whose prerequisites the dots meet (level and amalgam: the rule experience asks,
        ``unmet``) and the sheet lacks; the storyteller grants any other in the sheet editor, which says so."""
        from vtm_tui.rules.catalogue.v5_powers import catalogue_for, unmet

        held = {(d.casefold(), p.name.casefold()) for d, powers in sheet.powers.items() for p in powers}
        return [power for discipline, dots in sheet.disciplines.items() for power in catalogue_for(discipline, dots)
                if (power.discipline.casefold(), power.name.casefold()) not in held
                and not unmet(power, sheet.disciplines)]

    def power_rouse(self, sheet: Any, power: Any, dice: DiceSource, *, oblivion_stains: bool) -> Any:
        from vtm_tui.rules.v5.upkeep import power_rouse

        return power_rouse(power, sheet.hunger, sheet.blood_potency, dice, creature=sheet.creature,
                           oblivion_stains=oblivion_stains)

    def mend(self, sheet: Any, dice: DiceSource) -> Any:
        from vtm_tui.rules.v5.blood import mend
        from vtm_tui.rules.v5.trackers import Tracker

        return mend(Tracker(sheet.health_size, sheet.health.superficial, sheet.health.aggravated),
                    sheet.blood_potency, sheet.hunger, dice)

    def awaken(self, sheet: Any, dice: DiceSource) -> Any:
        from vtm_tui.rules.v5.upkeep import awaken

        return awaken(sheet.hunger, sheet.attributes.get("Composure", 1), sheet.attributes.get("Resolve", 1), dice,
                      creature=sheet.creature)

    def blush(self, sheet: Any, dice: DiceSource) -> Any:
        from vtm_tui.rules.v5.checks import rouse_check

        return rouse_check(sheet.hunger, dice)

    def slake(self, sheet: Any, amount: int, *, source: str, killed: bool) -> Any:
        from vtm_tui.rules.v5.upkeep import slake

        return slake(sheet.hunger, amount, sheet.blood_potency, source=source, killed=killed)

    def take_aggravated(self, sheet: Any, amount: int) -> None:
        from vtm_tui.rules.v5.trackers import Tracker

        track = Tracker(sheet.health_size, sheet.health.superficial, sheet.health.aggravated).take_aggravated(amount)
        sheet.health.superficial, sheet.health.aggravated = track.superficial, track.aggravated

    def add_stains(self, sheet: Any, count: int) -> None:
        from vtm_tui.rules.v5.humanity import Humanity

        humanity, damage = Humanity(sheet.humanity, sheet.stains, sheet.degenerating).add_stains(count)
        sheet.stains, sheet.degenerating = humanity.stains, humanity.degenerating
        if damage:
            from vtm_tui.rules.v5.trackers import Tracker

            track = Tracker(sheet.willpower_size, sheet.willpower.superficial, sheet.willpower.aggravated)
            track = track.take_aggravated(damage)
            sheet.willpower.superficial, sheet.willpower.aggravated = track.superficial, track.aggravated

    def hunting_pools(self, predator: str) -> tuple[str, ...]:
        from vtm_tui.rules.v5.hunting import hunting_pools

        return hunting_pools(predator)

    def roll_resonance(self, dice: DiceSource) -> Any:
        from vtm_tui.rules.v5.hunting import roll_resonance

        return roll_resonance(dice)

    def calls_for_compulsion(self, result: str) -> bool:
        from vtm_tui.rules.v5.compulsions import TRIGGERS

        return result in TRIGGERS

    def roll_compulsion(self, dice: DiceSource) -> Any:
        from vtm_tui.rules.v5.compulsions import roll_compulsion

        return roll_compulsion(dice)[1]

    def clan_compulsion(self, clan: str) -> Any | None:
        from vtm_tui.rules.v5.compulsions import clan_compulsion

        return clan_compulsion(clan)

    def compulsion_named(self, name: str) -> Any | None:
        from vtm_tui.rules.v5.compulsions import compulsion_named

        return compulsion_named(name)

    def condition_text(self, condition: str) -> str:
        if not condition.endswith(COMPULSION_SUFFIX):
            return condition  # not a compulsion: no table to load
        from vtm_tui.rules.v5.compulsions import condition_text

        return condition_text(condition)


BLOOD_UPKEEP = V5BloodUpkeep()
