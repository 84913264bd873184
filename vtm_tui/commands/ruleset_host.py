"""What ``vtm-tui roll <id>`` / ``odds <id>`` give a rule set's command-line rules, and how their answers end.

A rule set's ``command_line`` facet (:mod:`vtm_tui.rules.command_line`) judges a roll or computes odds from the
parsed options, but rules/ cannot read a chronicle or pick the dice: :class:`RuleSetHost` does that for it.
What the facet answers ends here, the same for every rule set: a counted roll is printed and logged
(:func:`~vtm_tui.commands.common.finish_roll`), a character's roll goes through the play layer as the app's
roll dialog makes it (:mod:`vtm_tui.commands.sheet_roll`), odds are printed. The store is imported only when used.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from typing import Any

from vtm_tui.commands.common import emit, finish_roll, non_negative_int, pool_from_args
from vtm_tui.errors import VtmError
from vtm_tui.rules.command_line import CountedRoll, OddsReport, SheetRoll
from vtm_tui.rules.dice import DiceSource


class RuleSetHost:
    """The :class:`~vtm_tui.rules.command_line.CommandHost` of one command line (``args``) of subcommand ``ruleset``.

    ``dice`` picks the dice when asked (a callable, so a test may replace the command module's ``dice_from_args``).
    """

    def __init__(self, args: argparse.Namespace, ruleset: str, dice: Callable[[], DiceSource]) -> None:
        self._args = args
        self._ruleset = ruleset
        self._dice = dice
        self._character: Any = None
        self._store: Any = None

    def dice(self) -> DiceSource:
        return self._dice()

    def pool(self, text: str, option: str = "--pool") -> tuple[int, str]:
        return pool_from_args(self._args, text, option=option)

    def count(self, text: str, option: str) -> int:
        try:
            return non_negative_int(text)
        except argparse.ArgumentTypeError as exc:
            raise VtmError(f"{option}: {exc}") from None

    def character(self) -> Any:
        """``--character`` of ``--chronicle``, read once however often a rule set asks."""
        if self._character is None:
            from vtm_tui.commands.chronicle import find_character

            _, self._character = find_character(self._args.chronicle, self._args.character)
        return self._character

    def _chronicle_store(self) -> Any:
        if self._store is None:
            from vtm_tui.store.chronicle_store import open_chronicle

            self._store = open_chronicle(self._args.chronicle)
        return self._store

    def chronicle_options(self) -> Mapping[str, Any]:
        """``--chronicle``'s house rules; a chronicle of another rule set is refused with the command to use."""
        store = self._chronicle_store()
        chronicle = store.chronicle
        if chronicle.ruleset != self._ruleset:  # the subcommand's own id, not a literal
            raise VtmError(f"{store.path} plays {chronicle.ruleset}, not {self._ruleset}: "
                           f"roll with 'vtm-tui roll {chronicle.ruleset}'")
        return chronicle.options

    def free_botch_used(self) -> bool:
        """Whether the session this roll goes to already forgave a botch: the app's rule, asked of the play layer."""
        from vtm_tui.play.sessions import free_botch_spent

        return free_botch_spent(self._chronicle_store())


def _print_notes(args: argparse.Namespace, notes: tuple[str, ...]) -> None:
    if not getattr(args, "json", False):
        for note in notes:
            print(f"vtm-tui: note: {note}", file=sys.stderr)


def finish_counted(args: argparse.Namespace, ruleset: str, result: CountedRoll | SheetRoll) -> int:
    """Print and log what a rule set's ``roll`` answered; returns the exit status."""
    if isinstance(result, SheetRoll):
        from vtm_tui.commands.sheet_roll import roll_for_character

        return roll_for_character(args, ruleset, result.pool, **result.fields)
    _print_notes(args, result.notes)
    return finish_roll(args, result.outcome, pool=result.pool, difficulty=result.difficulty)


def emit_odds(args: argparse.Namespace, report: OddsReport) -> int:
    """Print what a rule set's ``odds`` answered; returns the exit status."""
    _print_notes(args, report.notes)
    emit(args, report.data, report.text)
    return 0
