"""The roll facet of a rule set: what differs between V5, V20 and Ingenuity when a character rolls.

``ruleset_for(id).roll_play()`` returns one of these, from the package's same-named module
(``rules/v5/roll_play.py``, ``rules/v20/roll_play.py``, ``rules/ingenuity/roll_play.py``). A roll flows through it
in one path whatever the rule set: :func:`vtm_tui.play.make_request` checks the common fields and calls
:meth:`RollPlay.build` for the rest; :func:`vtm_tui.play.perform` / :func:`vtm_tui.play.judge_faces` call
:meth:`RollPlay.perform` / :meth:`RollPlay.judge_faces`; the dialog's odds and follow-ups come from
:meth:`RollPlay.odds` and :meth:`RollPlay.follow_ups`; :func:`vtm_tui.play.apply` asks
:meth:`RollPlay.apply_to_sheet` what the roll did to the sheet. play/ keeps the common flow and never imports an
engine. A sheet is taken duck-typed (``Any``): rules/ is the lowest layer and knows no model.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.dice_faces import DiceFaces
from vtm_tui.rules.errors import RulesError
from vtm_tui.rules.pool import ResolvedPool
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.roll_views import FollowUp, OddsView


@runtime_checkable
class RollPlay(Protocol):
    """A rule set's rolls: building a request from a sheet, rolling, judging typed faces, odds, follow-ups."""

    #: The options beyond the dialog's fields (``make_request``'s keywords, as its refusal names them) that this
    #: rule set has: ``automatic``, ``awakening``, ``attempt``, ``wounds``, ``assist bonus``, ``size bonus``,
    #: ``passive test``, ``picks``.
    extra_rules: frozenset[str]
    #: The roll form's label for its modifier field (``± dice``; ``± adv.`` where it means advantage).
    modifier_label: str
    #: What the roll form's specialty choice says while none is chosen (``no specialty``, ``no proficiency``).
    specialty_prompt: str

    def specialty_choices(self, sheet: Any, request: RollRequest) -> tuple[tuple[str, str], ...]:
        """What the roll form's specialty choice offers for ``request``: (label, value), in sheet order."""
        ...

    def rating_text(self, value: int) -> str:
        """A trait's rating as the form's trait list shows it (``3`` dots, or a ``d8`` die)."""
        ...

    def pool_description(self, resolved: ResolvedPool) -> str:
        """A pool resolved against a sheet as ``vtm-tui roll --pool`` describes it: ``Wits 3 + Awareness 2``, or the
        die sizes (``Combat d8 + Melee d6``)."""
        ...

    def count_text(self, outcome: Outcome) -> str:
        """What the result page counts before the outcome's name: ``3 successes``, ``kept 7``, ``total 14``."""
        ...

    def ladder_text(self, kind: str) -> str:
        """What the roll form shows under the Difficulty for a roll of ``kind``: the ladder's rungs, or the
        provocations the kind is rolled against (V20 frenzy, Rötschreck), each typed by name there too."""
        ...

    def dice_faces(self, outcome: Outcome) -> DiceFaces:
        """How the result page draws the dice of ``outcome``: cells with their marks, or words, and the legend."""
        ...

    def free_botch_spent(self, recorder: Any) -> bool:
        """Whether this session already forgave a botch, as ``recorder.free_botch_used()`` says: asked only where
        the rule set has the free botch (V20), since it reads the session's log; False elsewhere."""
        ...

    def default_difficulty(self, kind: str) -> int | None:
        """The Difficulty the form starts with for ``kind`` (V20 degeneration 8), None for none at all."""
        ...

    def build(self, base: RollRequest, difficulty: int | str | None, sheet: Any, *, name: str,
              traits: dict[str, int], willpower: bool, surge: bool, voluntary: bool, rouse_reroll: bool,
              wounds: int | None) -> RollRequest:
        """``base`` (the common fields, checked) completed from the sheet: pool, Difficulty, penalties, notes.

        ``name`` and ``traits`` are the character's; ``wounds`` is a checked count (or None: the sheet's).
        Bad input raises :class:`~vtm_tui.errors.VtmError` naming the field.
        """
        ...

    def parse_difficulty(self, text: str | int | None) -> int | None:
        """A Difficulty typed as a number or a ladder name; empty text is the default (or no Difficulty)."""
        ...

    def headline(self, request: RollRequest) -> str:
        """The pool part of the dialog's one-line summary (before ``vs`` and the Difficulty)."""
        ...

    def perform(self, request: RollRequest, dice: DiceSource) -> Outcome:
        """Roll ``request`` with ``dice``: the engine's judged outcome."""
        ...

    def faces_hint(self, request: RollRequest) -> str:
        """What the faces field expects for ``request``."""
        ...

    def judge_faces(self, request: RollRequest, text: str) -> Outcome:
        """Judge faces typed from physical dice; a miscount names what was expected (not an automatic roll)."""
        ...

    def odds(self, request: RollRequest) -> OddsView:
        """The exact odds of ``request``."""
        ...

    def follow_ups(self, outcome: Outcome, request: RollRequest, sheet: Any | None) -> tuple[FollowUp, ...]:
        """What follows ``outcome``, in reading order; ``sheet`` is the roller's (None: no character at hand)."""
        ...

    def reroll_odds(self, first: Outcome, indices: tuple[int, ...] | list[int]) -> OddsView:
        """Exact odds after re-rolling the dice at ``indices`` of ``first``, given the faces showing."""
        ...

    def reroll_indices(self, first: Outcome, strategy: str) -> tuple[int, ...]:
        """The dice a Willpower re-roll strategy would re-roll on ``first``."""
        ...

    def willpower_reroll(self, first: Outcome, choice: str | list[int], dice: DiceSource) -> Outcome:
        """Spend Willpower to re-roll dice of ``first``: a strategy's name or dice by index (from 0)."""
        ...

    def surge_dice(self, sheet: Any) -> int:
        """The dice a Blood Surge adds for this sheet (0 where the rule set has none)."""
        ...

    def surge_rouse(self, request: RollRequest, dice: DiceSource) -> Outcome:
        """The Rouse check a Blood Surge costs, made before the surged pool is rolled."""
        ...

    def after_surge(self, request: RollRequest, rouse: Outcome) -> RollRequest:
        """The surged test as it is rolled, with the Hunger after its Rouse (``rouse`` from :meth:`surge_rouse`)."""
        ...

    def changes_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome) -> bool:
        """Whether :meth:`apply_to_sheet` would change ``sheet`` (most rolls do not: no copy is made)."""
        ...

    def apply_to_sheet(self, sheet: Any, request: RollRequest, outcome: Outcome, kind: str
                       ) -> tuple[str, dict[str, Any], list[str]]:
        """Change ``sheet`` (a copy) as ``outcome`` says: (log kind, ``change`` field of the entry, words)."""
        ...

    def logged_value(self, sheet: Any, field: str) -> Any:
        """The value of the ``change`` field ``field`` (as :meth:`apply_to_sheet` and the blood's upkeep log it)
        on ``sheet``, or None for a field it does not log: how the recorder logs what a save merged over another
        login's really changed (Hunger 3 → 4, not the 2 → 3 this process had read)."""
        ...


def trait_specialties(sheet: Any, request: RollRequest) -> tuple[tuple[str, str], ...]:
    """The specialties of the traits ``request``'s pool names: ``("Lockpicking (Larceny)", "Lockpicking")``."""
    names = {name for name, _ in request.traits}
    return tuple((f"{spec} ({trait})", spec) for trait, specs in sheet.specialties.items()
                 if trait in names for spec in specs)


def counted_successes(outcome: Any) -> str:
    """``3 successes`` (a check: ``kept 7``) of the judged d10s inside ``outcome`` (a re-roll's dice after it, a
    Rouse's check, a Frenzy's or Remorse's roll): the count a rule set of d10 pools shows."""
    roll = outcome
    if hasattr(outcome, "selection"):
        roll = outcome.after
    elif hasattr(outcome, "check"):
        roll = outcome.check
    elif hasattr(getattr(outcome, "roll", None), "faces"):
        roll = outcome.roll
    if hasattr(roll, "kept"):
        return f"kept {roll.kept}"
    successes = getattr(roll, "successes", 0)
    return f"{successes} success{'' if successes == 1 else 'es'}"


def no_such_roll(title: str, what: str) -> RulesError:
    """The error a rule set raises for a follow-up roll it does not have (a V5 Willpower re-roll in V20)."""
    return RulesError(f"{what}: not a rule of {title}")


class DicePoolValues:
    """What a roll facet shows for a pool of dice counted in successes (V5, V20), written once: a dice modifier,
    a trait's specialties, ratings as numbers, the pool as the sheet names it, the successes counted."""

    modifier_label = "± dice"
    specialty_prompt = "no specialty"

    def specialty_choices(self, sheet: Any, request: RollRequest) -> tuple[tuple[str, str], ...]:
        return trait_specialties(sheet, request)

    def rating_text(self, value: int) -> str:
        return str(value)

    def pool_description(self, resolved: ResolvedPool) -> str:
        return resolved.describe()

    def count_text(self, outcome: Outcome) -> str:
        return counted_successes(outcome)
