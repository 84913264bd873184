"""The blood's upkeep of a rule set: the ``BloodUpkeep`` facet a RuleSet returns from ``blood_upkeep()``.

A power's Rouse checks, mending, awakening, the Blush of Life, slaking, hunting's pools and Resonance, and the
compulsions the Beast calls for are V5 rules (``rules/v5/blood_upkeep.py`` answers them from the V5 engine).
:mod:`vtm_tui.play.blood` and :mod:`vtm_tui.play.hunting` keep what every action shares (a copy of the character,
its log entries, a summary) and ask this facet for the rules, so they import no engine; the Blood dialog, the V5
sheet and ``vtm-tui blood`` ask it too. V20 and Ingenuity provide the same facet (:class:`NoBloodUpkeep`): each
action is refused with one message naming the rule set's own way (V20 spends and regains blood from its pool;
Ingenuity has no Blood).

Every method takes the sheet duck-typed (``Any``: rules/ is the lowest layer and knows no model) and leaves it
alone, except :meth:`BloodUpkeep.take_aggravated` and :meth:`BloodUpkeep.add_stains`, which change the copy they
are given. The results are the engine's own (``PowerRouse``, ``MendResult``, ``Awakening``, ``RouseResult``,
``Slaking``, ``Resonance``, ``Compulsion``), typed ``Any`` here. The facet module of a package stays light: the
tables it reads are imported on first use, so the first screen can ask it without loading an engine.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.errors import RulesError

#: How a compulsion is written among a sheet's conditions: ``"Arrogance compulsion"``.
COMPULSION_SUFFIX = " compulsion"


class UpkeepRefused(RulesError):
    """This rule set has no such upkeep; the message names its own way."""


@runtime_checkable
class BloodUpkeep(Protocol):
    """A rule set's blood upkeep (see the module docstring)."""

    def refusal(self) -> str | None:
        """Why this rule set's characters have no blood to tend here (its own way said), or None when they have:
        the coterie offers ``b`` and ``vtm-tui blood`` acts."""
        ...

    def tables_loaded(self) -> bool:
        """Whether the tables the sheet shows (Blood Potency's) are imported: a sheet drawn before shows "…"."""
        ...

    def load_tables(self) -> None:
        """Import those tables (the sheet view does it in a thread, after the first paint)."""
        ...

    def blood_potency(self, level: int) -> Any:
        """Blood Potency ``level``'s row: ``surge``, ``mend``, ``power_bonus``, ``rouse_reroll``, ``bane_severity``."""
        ...

    def learnable_powers(self, sheet: Any) -> list[Any]:
        """Catalogue powers the sheet's discipline dots allow and the sheet does not list yet."""
        ...

    def power_rouse(self, sheet: Any, power: Any, dice: DiceSource, *, oblivion_stains: bool) -> Any:
        """A power's Rouse checks (Blood Potency's re-roll), a ghoul's Aggravated damage and any Stains."""
        ...

    def mend(self, sheet: Any, dice: DiceSource) -> Any:
        """One Rouse check heals Blood Potency's mend in Superficial Health (``rouse``, ``after``, ``healed``)."""
        ...

    def awaken(self, sheet: Any, dice: DiceSource) -> Any:
        """Nightfall's Rouse check (vampires) and the Willpower recovered (``rouse``, ``willpower_recovered``)."""
        ...

    def blush(self, sheet: Any, dice: DiceSource) -> Any:
        """The Blush of Life: one voluntary Rouse check."""
        ...

    def slake(self, sheet: Any, amount: int, *, source: str, killed: bool) -> Any:
        """Hunger − ``amount`` after Blood Potency's feeding penalty and the floor without a kill."""
        ...

    def take_aggravated(self, sheet: Any, amount: int) -> None:
        """``amount`` Aggravated Health damage on the sheet (changed in place)."""
        ...

    def add_stains(self, sheet: Any, count: int) -> None:
        """``count`` Stains on Humanity, degeneration's Willpower damage with them (changed in place)."""
        ...

    def hunting_pools(self, predator: str) -> tuple[str, ...]:
        """The hunting pools a predator type prints (empty: none, or an unknown type)."""
        ...

    def roll_resonance(self, dice: DiceSource) -> Any:
        """The Resonance of the blood taken (``temperament``, ``text()``, ``to_dict()``)."""
        ...

    def calls_for_compulsion(self, result: str) -> bool:
        """Whether a roll's result lets the Beast call for a compulsion."""
        ...

    def roll_compulsion(self, dice: DiceSource) -> Any:
        """A compulsion rolled on the general table (``name``, ``demand``)."""
        ...

    def clan_compulsion(self, clan: str) -> Any | None:
        """The clan's own compulsion (``clan``, ``name``, ``demand``), or None."""
        ...

    def compulsion_named(self, name: str) -> Any | None:
        """A known compulsion by name (case aside), or None."""
        ...

    def condition_text(self, condition: str) -> str:
        """A sheet's condition as the screens show it: with its penalty when it names a compulsion."""
        ...


class NoBloodUpkeep:
    """The facet of a rule set without the blood's upkeep: every action is refused with ``why``."""

    def __init__(self, why: str) -> None:
        self.why = why

    def _refuse(self) -> Any:
        raise UpkeepRefused(self.why)

    def refusal(self) -> str | None:
        return self.why

    def tables_loaded(self) -> bool:
        return True  # nothing to load

    def load_tables(self) -> None:
        return None

    def blood_potency(self, level: int) -> Any:
        return self._refuse()

    def learnable_powers(self, sheet: Any) -> list[Any]:
        return self._refuse()

    def power_rouse(self, sheet: Any, power: Any, dice: DiceSource, *, oblivion_stains: bool) -> Any:
        return self._refuse()

    def mend(self, sheet: Any, dice: DiceSource) -> Any:
        return self._refuse()

    def awaken(self, sheet: Any, dice: DiceSource) -> Any:
        return self._refuse()

    def blush(self, sheet: Any, dice: DiceSource) -> Any:
        return self._refuse()

    def slake(self, sheet: Any, amount: int, *, source: str, killed: bool) -> Any:
        return self._refuse()

    def take_aggravated(self, sheet: Any, amount: int) -> None:
        self._refuse()

    def add_stains(self, sheet: Any, count: int) -> None:
        self._refuse()

    def hunting_pools(self, predator: str) -> tuple[str, ...]:
        return ()

    def roll_resonance(self, dice: DiceSource) -> Any:
        return self._refuse()

    def calls_for_compulsion(self, result: str) -> bool:
        return False

    def roll_compulsion(self, dice: DiceSource) -> Any:
        return self._refuse()

    def clan_compulsion(self, clan: str) -> Any | None:
        return None

    def compulsion_named(self, name: str) -> Any | None:
        return None

    def condition_text(self, condition: str) -> str:
        return condition
