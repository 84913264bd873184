"""What a rule-set package keeps in modules named the same in every package, reached by the RuleSet.

Each package (``v5``, ``v20``, ``ingenuity``) holds a ``seat`` module (its tracker fields and how two logins'
changes to them combine), an ``experience`` module (its cost table and formulas), a ``sheet_sections``
module (its printable sheet), a ``kinds`` module (its kinds of roll, each declared once in ``KIND_SPECS``), and
the ones each facet names (``roll_play``, ``logged``, ``sheet_edits``, ``conflict_round``, ``blood_upkeep``).
A RuleSet names its package once (``package``) and this mixin answers from those modules, imported on first
use, so a new rule set brings the modules and nothing else to wire.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from vtm_tui.rules.base import REGISTRY

if TYPE_CHECKING:  # the facets' Protocols and the forms' data: loaded when first asked for, not before the first paint
    from vtm_tui.rules.blood_upkeep import BloodUpkeep
    from vtm_tui.rules.command_line import CommandLine
    from vtm_tui.rules.conflict_round import ConflictRound
    from vtm_tui.rules.kind_spec import KindSpec
    from vtm_tui.rules.logged import LoggedRolls
    from vtm_tui.rules.roll_options import RollCommand, RollOption
    from vtm_tui.rules.roll_play import RollPlay
    from vtm_tui.rules.sheet_edits import SheetEdits
    from vtm_tui.rules.sheet_spec import EntryPage, Section


class PackageModules:
    """The RuleSet capabilities read from the package's same-named modules (``package`` is set by each)."""

    id: str
    package: str

    def _module(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    def tracker_fields(self) -> tuple[str, ...]:
        """The sheet fields a player's seat may change on its own (``resources`` covers ``resources.Health``)."""
        return tuple(self._module("seat").TRACKER_FIELDS)

    def reconcile(self, base: dict[str, Any], ours: dict[str, Any], theirs: dict[str, Any]
                  ) -> tuple[dict[tuple[str, ...], Any], list[str]]:
        """Tracks two logins both changed: the combined values (``{path: value}``) and the tracks refused."""
        return self._module("seat").reconcile(base, ours, theirs)

    def sheet_edits(self) -> SheetEdits:
        """What a sheet edit does under this rule set: the package's ``sheet_edits`` module
        (:mod:`vtm_tui.rules.sheet_edits`: damage, healing, Hunger or blood, stains, derived values)."""
        return self._module("sheet_edits").SHEET_EDITS

    def experience(self) -> ModuleType:
        """The experience module (``COSTS``, ``FORMULAS``, ``kind_of``, ``cost``, ``step``, ``show``, ``ceiling``)."""
        return self._module("experience")

    def sheet_sections(self, doc: dict[str, Any]) -> list[Section]:
        """The printable sheet of a character document, in titled sections."""
        return self._module("sheet_sections").sections(doc)

    def roll_kind_specs(self) -> Mapping[str, KindSpec]:
        """Every kind of roll this rule set offers, declared once (``kinds.KIND_SPECS``), the ordinary test first."""
        return self._module("kinds").KIND_SPECS

    def roll_kind(self, kind_id: str) -> KindSpec:
        """The declaration of ``kind_id``, or a plain roll of that id for a kind this rule set does not have."""
        spec = self.roll_kind_specs().get(kind_id)
        if spec is None:
            from vtm_tui.rules.kind_spec import unknown_kind

            return unknown_kind(kind_id)
        return spec

    def roll_kinds(self) -> dict[str, str]:
        """The kinds of roll offered, id → label (the first is the ordinary test)."""
        return {kind_id: spec.label for kind_id, spec in self.roll_kind_specs().items()}

    def listed_kinds(self) -> dict[str, str]:
        """The kinds besides the test that the app lists by name (command palette), id → label: those declared
        ``listed``."""
        return {kind_id: spec.label for kind_id, spec in self.roll_kind_specs().items() if spec.listed}

    def roll_play(self) -> RollPlay:
        """The roll facet: building a request from a sheet, rolling, judging, odds, follow-ups (``roll_play``)."""
        return self._module("roll_play").ROLL_PLAY

    def roll_options(self) -> tuple[RollOption, ...]:
        """What this rule set's roll takes, declared once (``roll_options.OPTIONS``): the command line's options
        and the roll form's boxes."""
        return self._module("roll_options").OPTIONS

    def roll_command(self) -> RollCommand:
        """What ``vtm-tui roll <id>`` and ``odds <id>`` say of themselves in ``--help`` (``roll_options.COMMAND``)."""
        return self._module("roll_options").COMMAND

    def conflict_round(self) -> ConflictRound:
        """The conflict facet: turn order, pools, contests, wounds and tallies (``conflict_round.CONFLICT_ROUND``)."""
        return self._module("conflict_round").CONFLICT_ROUND

    def command_line(self) -> CommandLine:
        """``vtm-tui roll``/``odds`` of this rule set (``command_line.COMMAND_LINE``)."""
        return self._module("command_line").COMMAND_LINE

    def entry_page(self, step_id: str) -> EntryPage | None:
        """The page of entries a creation step of kind ``entries`` names (none unless a rule set has one)."""
        return None

    def import_formats(self) -> dict[str, str]:
        """Other tools' export formats this rule set reads, format id → converter module (from the registry line,
        so the command line lists them without loading an engine)."""
        return dict(REGISTRY[self.id].formats)

    def logged_rolls(self) -> LoggedRolls:
        """How review reads this rule set's logged rolls: odds, dice rows, tally (the package's ``logged`` module)."""
        return self._module("logged")  # type: ignore[return-value]  # a module providing the protocol's functions

    def blood_upkeep(self) -> BloodUpkeep:
        """The blood's upkeep: a power's Rouse, mend, awaken, slake, hunt, compulsions (``blood_upkeep.BLOOD_UPKEEP``)."""
        return self._module("blood_upkeep").BLOOD_UPKEEP
