"""What every rule set's results have in common.

The app, the store and the command line treat a roll from any rule set through
this small interface, so they never branch on the rule set to show or log it.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

RULESETS = ("v5", "v20", "ingenuity")


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
