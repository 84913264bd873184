"""Errors raised by the rules engine."""

from vtm_tui.errors import VtmError


class RulesError(VtmError, ValueError):
    """A request the rules cannot judge: a pool below zero, a face off the die, ..."""


class DiceError(RulesError):
    """Given dice faces that do not fit the roll (wrong count, face off the die)."""
