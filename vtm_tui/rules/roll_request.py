"""A roll request: what a character is about to roll, resolved against their sheet (pure data).

It lives in rules/ because every rule set's :class:`~vtm_tui.rules.roll_play.RollPlay` takes and returns it:
:func:`vtm_tui.play.make_request` fills the common fields from the dialog's text, the rule set's facet the rest
(its pool, Hunger, wound penalty, sized dice...), and the odds the dialog shows, the dice it rolls and the log
entry it writes all describe this one request.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any



@dataclass(frozen=True)
class RollRequest:
    """One roll, ready for :func:`~vtm_tui.play.odds_view.odds` and :func:`~vtm_tui.play.perform.perform`.

    Built by :func:`vtm_tui.play.make_request` (the common fields) and the rule set's
    :class:`~vtm_tui.rules.roll_play.RollPlay` (the rest), which also rolls, judges and gives the odds of it.

    ``dice`` is what is rolled (V5: Hunger dice included; Ingenuity: the two trait dice);
    ``difficulty`` is the effective Difficulty (the modifier applied), None for an
    Ingenuity test without one. ``description`` is the pool as the log writes it.
    """

    ruleset: str
    actor: str
    pool_text: str
    kind: str = "test"
    traits: tuple[tuple[str, int], ...] = ()
    dice: int = 0
    hunger: int = 0
    difficulty: int | None = None
    modifier: int = 0
    difficulty_modifier: int = 0
    secret: bool = False
    specialty: str = ""
    comment: str = ""
    storyteller_comment: str = ""  #: words only the storyteller reads (logged apart, never shown to a player)
    description: str = ""
    penalties: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    # V5
    mortal: bool = False
    surge: int = 0  #: Blood Surge dice included in ``dice`` (a Rouse check comes first)
    voluntary: bool = True  #: a Rouse the vampire chose (refused at Hunger 5)
    rouse_reroll: bool = False  #: a power grants a re-roll of the Rouse check
    awakening: bool = False  #: the Rouse on awakening (at Hunger 5 a failure is torpor; never refused)
    automatic: bool = False  #: V5 automatic win / V20 automatic success: the storyteller skips the dice
    humanity: int = 0
    stains: int = 0
    degenerating: bool = False
    # V20
    willpower: bool = False  #: spend a Willpower point for one automatic success
    options: dict[str, Any] = field(default_factory=dict)
    free_botch_used: bool = False
    attempt: int = 1  #: trying again: ``difficulty`` already holds the raise (attempt N is +N-1)
    # Ingenuity
    attribute_die: int = 0
    skill_die: int = 0
    bonus: int = 0
    assist_bonus: int = 0  #: the best helper's bonus
    size_bonus: int = 0  #: the smaller side's size difference in a contest
    passive: bool = False  #: half of each die, no luck die
    picks: tuple[str, ...] = ()  #: which die each advantage re-roll takes, chosen by hand

    @property
    def regular(self) -> int:
        """V5 regular dice (the pool less its Hunger dice)."""
        return self.dice - self.hunger

    @property
    def advantage(self) -> int:
        """Ingenuity's advantage (a positive modifier); only a rule set that rolls sized dice reads it."""
        return max(0, self.modifier)

    @property
    def disadvantage(self) -> int:
        """Ingenuity's disadvantage (a negative modifier, as a count); read as :attr:`advantage` is."""
        return max(0, -self.modifier)


def dice_headline(request: RollRequest) -> str:
    """``Wits 3 + Awareness 2 = 5 dice (2 Hunger)``: the headline's pool for a rule set that rolls a pool of d10s."""
    head = f"{request.description} = {request.dice} {'die' if request.dice == 1 else 'dice'}"
    if request.hunger:
        head += f" ({request.hunger} Hunger)"
    return head
