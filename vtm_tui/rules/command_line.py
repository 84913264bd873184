"""The command-line facet of a rule set: ``vtm-tui roll <id>`` and ``vtm-tui odds <id>`` without an engine import.

``ruleset_for(id).command_line()`` returns the package's ``command_line`` module object (``rules/v5/command_line.py``,
``rules/v20/command_line.py``, ``rules/ingenuity/command_line.py``), which holds that rule set's counted rolls
(a pool typed as a number, faces typed from physical dice), its refusals, its odds reports and the values its
options are built from. ``vtm_tui/commands/`` keeps the presentation (argparse definitions, printing, logging,
the store) and never imports an engine. What the rules cannot do themselves (read a chronicle or a sheet, resolve
trait names, pick the dice) they ask a :class:`CommandHost` for; a character's own roll of trait names is handed
back as a :class:`SheetRoll`, which the command line makes through the play layer like the app's roll dialog.

``args`` is the parsed command line (an ``argparse.Namespace``, duck-typed): rules/ is the lowest layer.
Bad input raises :class:`~vtm_tui.errors.VtmError` whose message names the option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource


class CommandHost(Protocol):
    """What the command line gives a rule set's counted roll: the dice, the chronicle, the sheet."""

    def dice(self) -> DiceSource:
        """The dice chosen by ``--seed`` (seeded) or not (system randomness)."""
        ...

    def pool(self, text: str, option: str = "--pool") -> tuple[int, str]:
        """A pool typed as a number, or trait names of ``--character``'s sheet: (dice, description)."""
        ...

    def count(self, text: str, option: str) -> int:
        """A whole number ≥ 0 typed as ``option``'s value (the message names the option)."""
        ...

    def character(self) -> Any:
        """``--character`` of ``--chronicle`` (the model's Character, duck-typed)."""
        ...

    def chronicle_options(self) -> Mapping[str, Any]:
        """``--chronicle``'s house rules; refused when it plays another rule set than this subcommand's."""
        ...

    def free_botch_used(self) -> bool:
        """Whether ``--chronicle``'s open session already forgave a botch (False without an open session)."""
        ...


@dataclass(frozen=True)
class CountedRoll:
    """A roll judged from plain values: what the command line prints and logs."""

    outcome: Outcome
    #: The pool as the log names it (``"5"``, ``"Remorse 3"``, ``"d8 + d6 + 2"``).
    pool: str
    difficulty: int | None
    #: Notes printed on stderr before the result (not with ``--json``).
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetRoll:
    """``--character``'s own roll, made through the play layer as the app's roll dialog makes it.

    ``fields`` are the keywords of :func:`vtm_tui.commands.sheet_roll.roll_for_character` (``kind``, ``faces``,
    ``adjust``, ``follow_up``, ``house_rules`` and :func:`vtm_tui.play.make_request`'s fields).
    """

    pool: str
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class OddsReport:
    """The exact odds as the command line prints them: one JSON object, or the human table."""

    data: dict[str, Any]
    text: str
    #: Notes printed on stderr before the report (not with ``--json``).
    notes: tuple[str, ...] = ()


@runtime_checkable
class CommandLine(Protocol):
    """One rule set's ``roll`` and ``odds`` subcommands, behind the presentation (each package provides these)."""

    def option(self, name: str) -> Any:
        """A value an option's definition is built from (its choices, default, bound or parser), by name."""
        ...

    def roll(self, args: Any, host: CommandHost) -> CountedRoll | SheetRoll:
        """Roll or judge what ``args`` asks: a counted roll, or a character's roll for the play layer."""
        ...

    def odds(self, args: Any, host: CommandHost) -> OddsReport:
        """The exact odds of what ``args`` describes."""
        ...


def option_value(values: Mapping[str, Any], name: str, title: str) -> Any:
    """``values[name]``, or a clear error naming the rule set (a programming slip, not a user's)."""
    try:
        return values[name]
    except KeyError:
        raise KeyError(f"{title}'s command line has no option value {name!r}") from None
