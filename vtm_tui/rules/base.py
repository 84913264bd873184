"""What every rule set's results have in common, and the registry of rule sets.

The app, the store and the command line treat a roll from any rule set through
this small interface, so they never branch on the rule set to show or log it.
The registry names each rule set's implementation module (found through
:func:`vtm_tui.rules.ruleset.ruleset_for`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol, overload, runtime_checkable

_NONE: Mapping[str, Any] = MappingProxyType({})


class RuleSetEntry(NamedTuple):
    """One rule set's registry line: what the layers above read without loading its engine.

    ``module`` holds the rule set's :class:`~vtm_tui.rules.ruleset.RuleSet` as ``RULESET``; ``short_title`` is the
    name a list or a header shows (``V5``) and ``description`` what the new-chronicle list says after it;
    ``sheet_class`` is the dotted path of its character sheet class (``package.module.Class``: the model resolves
    it, as this layer may not import the model) and ``sheet_layout`` of the function that draws that sheet on the
    coterie screen (the screens resolve it; empty: a plain list of the sheet's traits); ``options`` are a
    chronicle's house-rule switches with their defaults (a bool, or a text whose allowed values ``option_choices``
    lists); ``pool_values`` are the values a quick storyteller character's simplified pool may take, and how to
    say so (checked as a chronicle opens, so it is data here, not a question to the engine); ``formats`` are the
    other tools' export formats it reads, format id → converter module. Plain strings
    and data, so none of it loads an engine (the command line lists the formats on every start). A named tuple,
    not a dataclass: it is built before the first paint, which counts the dataclasses it defines
    (``tests/ui/test_startup_deferred.py``).
    """

    module: str
    short_title: str
    description: str
    sheet_class: str
    sheet_layout: str = ""
    options: Mapping[str, bool | str] = _NONE
    option_choices: Mapping[str, tuple[str, ...]] = _NONE
    pool_values: tuple[tuple[int, ...], str] = (tuple(range(0, 21)), "a pool is 0-20 dice")
    formats: Mapping[str, str] = _NONE


#: The registry, one line per rule set: id → :class:`RuleSetEntry`. A new rule set adds its line here, or (a
#: rule set kept outside this package, a test's) through :func:`vtm_tui.rules.ruleset.register`;
#: :func:`vtm_tui.rules.ruleset.ruleset_for` loads the module on first use.
REGISTRY: dict[str, RuleSetEntry] = {
    "v5": RuleSetEntry(
        "vtm_tui.rules.v5.ruleset", "V5", "Vampire: The Masquerade 5th edition", "vtm_tui.model.character_v5.V5Sheet",
        sheet_layout="vtm_tui.ui.widgets.sheet_v5.layout_v5",
        options={"automatic_win": True, "advanced_initiative": False, "players_may_edit_traits": False,
                 "oblivion_stains": False, "players_may_type_faces": True},
        pool_values=(tuple(range(0, 21)), "a pool is 0-20 dice"),
        formats={"progeny": "vtm_tui.rules.v5.import_progeny", "wod5e": "vtm_tui.rules.v5.import_wod5e"}),
    "v20": RuleSetEntry(
        "vtm_tui.rules.v20.ruleset", "V20", "Revised / 20th anniversary", "vtm_tui.model.character_v20.V20Sheet",
        sheet_layout="vtm_tui.ui.widgets.sheet_v20.layout_v20",
        options={"automatic_success": True, "specialty_doubles": True, "free_botch": False, "extended_botch": "restart",
                 "damage_ones_do_not_cancel": False, "players_may_edit_traits": False, "players_may_type_faces": True},
        option_choices={"extended_botch": ("restart", "fail")},
        pool_values=(tuple(range(0, 31)), "a pool is 0-30 dice"),
        formats={"wod20": "vtm_tui.rules.v20.import_wod20"}),
    "ingenuity": RuleSetEntry(
        "vtm_tui.rules.ingenuity.ruleset", "Ingenuity", "the open Ingenuity system",
        "vtm_tui.model.character_ingenuity.IngenuitySheet",
        sheet_layout="vtm_tui.ui.widgets.sheet_ingenuity.layout_ingenuity",
        options={"players_may_edit_traits": False, "players_may_type_faces": True},
        pool_values=((4, 6, 8, 10, 12), "a pool is a die: 4, 6, 8, 10 or 12 (d4…d12)")),
}


class _RegisteredIds(Sequence[str]):
    """The ids of the registered rule sets, in registry order, read from :data:`REGISTRY` at each use: a rule set
    registered later (:func:`vtm_tui.rules.ruleset.register`) is known to every ``in RULESETS`` check at once."""

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return tuple(REGISTRY)[index]

    def __len__(self) -> int:
        return len(REGISTRY)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(REGISTRY))

    def __contains__(self, value: object) -> bool:
        return value in REGISTRY

    def __repr__(self) -> str:
        return repr(tuple(REGISTRY))


#: The registered rule-set ids (a live view of :data:`REGISTRY`).
RULESETS: Sequence[str] = _RegisteredIds()


@runtime_checkable
class Outcome(Protocol):
    """A judged roll. ``result`` is one of the names in docs/rules.md for its rule set."""

    ruleset: str
    result: str
    win: bool
    margin: int

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON/TOML-ready data: ``ruleset``, ``result``, ``win``, ``margin``, faces, ..."""
        ...

    def summary(self) -> str:
        """One human line, e.g. ``6 dice (2 Hunger) vs 3: 7 3 2 1 | 10 4 → 3 successes, win``."""
        ...
