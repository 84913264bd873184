"""What every rule set's results have in common, and the registry of rule sets.

The app, the store and the command line treat a roll from any rule set through
this small interface, so they never branch on the rule set to show or log it.
The registry names each rule set's implementation module (found through
:func:`vtm_tui.rules.ruleset.ruleset_for`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

#: The registry, one line per rule set: id → (the module holding its :class:`~vtm_tui.rules.ruleset.RuleSet` as
#: ``RULESET``, the short name a list or a header shows, the other tools' export formats it reads: format id →
#: converter module). Plain strings, so the ids, names and formats need no engine (the command line lists the
#: formats on every start); :func:`vtm_tui.rules.ruleset.ruleset_for` loads the module on first use.
REGISTRY: dict[str, tuple[str, str, dict[str, str]]] = {
    "v5": ("vtm_tui.rules.v5.ruleset", "V5",
           {"progeny": "vtm_tui.rules.v5.import_progeny", "wod5e": "vtm_tui.rules.v5.import_wod5e"}),
    "v20": ("vtm_tui.rules.v20.ruleset", "V20", {"wod20": "vtm_tui.rules.v20.import_wod20"}),
    "ingenuity": ("vtm_tui.rules.ingenuity.ruleset", "Ingenuity", {}),
}
RULESETS = tuple(REGISTRY)


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
