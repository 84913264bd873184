"""What the review layer asks a rule set about a roll already in the log: the ``logged`` facet.

A log entry keeps the engine's whole outcome as a plain table (``entry.roll``: pool, Hunger dice, Difficulty,
faces, flags). Reading it back differs per rule set, so each package keeps a ``logged`` module with the same
functions and the :class:`~vtm_tui.rules.ruleset.RuleSet` hands it out (``ruleset_for(id).logged_rolls()``);
``vtm_tui/review/`` keeps the common flow (contexts, counting, rows of a detail) and never imports an engine.

Every function takes the plain table as the log holds it, so a damaged or foreign entry may lack any key: they
answer ``None`` (or nothing) rather than guess, and may raise ``KeyError``/``TypeError``/``ValueError`` or a
:class:`~vtm_tui.rules.errors.RulesError`, which the review layer reads as "no odds".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

#: Result name → exact probability (they sum to 1).
Odds = dict[str, float]


@runtime_checkable
class LoggedRolls(Protocol):
    """One rule set's reading of its logged rolls (each package's ``logged`` module provides these)."""

    #: Results a storyteller looks for first on a log line: they change the story (Compulsions, botches).
    alarming_results: frozenset[str]
    #: Results a log line shows as a win (unless alarming too).
    winning_results: frozenset[str]

    def odds(self, roll: Mapping[str, Any], options: Mapping[str, Any], free_botch_available: bool) -> Odds | None:
        """The exact chance of every result this roll could have had (after its re-roll, if it had one), from
        the engine; ``options`` are the chronicle's house rules, ``free_botch_available`` whether the session's
        free botch was still unspent. None when the log does not say enough (contests, unknown kinds)."""
        ...

    def dice(self, roll: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
        """Every face of the roll as a log line shows it: (words, whether it is a Hunger die), in order."""
        ...

    def dice_rows(self, roll: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The dice of the roll as (label, words) rows of its detail: every face, in the rule set's terms."""
        ...

    def tally(self, roll: Mapping[str, Any]) -> int | None:
        """The number a roll scores for the statistics' per-roll series (net successes, or the total), or None
        when it scores none that belongs there (a V5 check or Rouse check keeps one die)."""
        ...

    def tally_heading(self) -> str:
        """What :meth:`tally` counts, as the statistics head its series: ``successes per roll``, ``total per roll``."""
        ...

    def spends_free_botch(self, roll: Mapping[str, Any]) -> bool:
        """Whether the roll spent its session's free botch, so later rolls of that session have none (V20's option)."""
        ...

    def hunger_shown(self, roll: Mapping[str, Any]) -> int | None:
        """The Hunger the roll's own dice show its actor at (its Hunger dice), or None when they show none."""
        ...


def int_field(roll: Mapping[str, Any], key: str, default: int = 0) -> int:
    """``roll[key]`` when it is a whole number (not a bool), else ``default``: the log is data, not trusted."""
    value = roll.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def list_dice_row(roll: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The one ``Dice`` row of a roll whose faces are a plain list of d10s (and nothing when they are not)."""
    faces = roll.get("faces")
    return [("Dice", " ".join(map(str, faces)))] if isinstance(faces, list) else []


def d10_dice(roll: Mapping[str, Any]) -> tuple[tuple[str, bool], ...]:
    """The faces of a pool of d10s (``faces``), then its Hunger dice (``hunger_faces``), as a log line shows them."""
    faces, hunger = roll.get("faces"), roll.get("hunger_faces")
    regular = [(str(face), False) for face in faces] if isinstance(faces, list) else []
    if isinstance(hunger, list):
        regular += [(str(face), True) for face in hunger]
    return tuple(regular)
