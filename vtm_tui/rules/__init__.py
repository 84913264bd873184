"""The rules engine: pure functions and dataclasses, no I/O, no Textual.

Each rule set lives in its own sub-package (``v5``, ``v20``, ``ingenuity``);
what they share — dice sources, the pool parser, errors, the result
interface — lives beside them.
"""

from vtm_tui.rules.base import RULESETS, Outcome
from vtm_tui.rules.dice import DiceSource, GivenFaces, SeededDice, SystemDice
from vtm_tui.rules.errors import DiceError, RulesError

__all__ = [
    "RULESETS",
    "DiceError",
    "DiceSource",
    "GivenFaces",
    "Outcome",
    "RulesError",
    "SeededDice",
    "SystemDice",
]
