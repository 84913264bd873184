"""Making a roll request: what a character is about to roll, resolved against their sheet.

The dialog (and the command line) collects text (a pool expression, a Difficulty, modifiers) and hands it to
:func:`make_request`. The checks every rule set shares happen here (the kind of roll, the comments, the
modifiers, the options a rule set lacks); the rest is the rule set's roll facet
(:meth:`~vtm_tui.rules.roll_play.RollPlay.build`: the pool, Hunger, wound penalties...), once, so the odds the
dialog shows, the dice it rolls and the log entry it writes all describe the same
:class:`~vtm_tui.rules.roll_request.RollRequest`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.limits import MAX_COMMENT, check_text
from vtm_tui.play.request_options import refuse_foreign_rules
from vtm_tui.rules.ladders import difficulty_label
from vtm_tui.rules.kinds import roll_kinds
from vtm_tui.rules.roll_request import KINDS, RollRequest
from vtm_tui.rules.ruleset import ruleset_for

__all__ = ["KINDS", "RollRequest", "difficulty_text", "headline", "make_request"]

MAX_MODIFIER = 20


def _number(value: int | str | None, what: str, low: int = -MAX_MODIFIER, high: int = MAX_MODIFIER) -> int:
    if value is None or (isinstance(value, str) and not value.strip()):
        return 0
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise VtmError(f"{what}: {value!r} is not a whole number (e.g. -2 or 1)") from None
    if not low <= number <= high:
        raise VtmError(f"{what}: {number} is out of range ({low} to {high})")
    return number


def make_request(
    character: Character,
    pool_text: str = "",
    *,
    kind: str = "test",
    modifier: int | str | None = 0,
    difficulty: int | str | None = None,
    difficulty_modifier: int | str | None = 0,
    secret: bool = False,
    specialty: str = "",
    comment: str = "",
    storyteller_comment: str = "",
    willpower: bool = False,
    surge: bool = False,
    voluntary: bool = True,
    rouse_reroll: bool = False,
    options: dict[str, Any] | None = None,
    free_botch_used: bool = False,
    automatic: bool = False,
    awakening: bool = False,
    attempt: int = 1,
    wounds: int | None = None,
    assist_bonus: int = 0,
    size_bonus: int = 0,
    passive: bool = False,
    picks: tuple[str, ...] = (),
) -> RollRequest:
    """Resolve a roll for ``character``; bad input raises :class:`VtmError` naming the field.

    The keywords after ``free_botch_used`` are what the command line can also say (the dialog leaves them at
    their defaults): ``automatic`` (skip the dice), ``awakening`` (V5 Rouse), ``attempt`` and ``wounds`` (V20:
    trying again, a wound penalty typed instead of the sheet's), and the Ingenuity test's ``assist_bonus``,
    ``size_bonus``, ``passive`` and ``picks``. Each is refused where the rule set has no such rule.
    """
    offered = roll_kinds(character.ruleset)
    if kind not in KINDS and kind not in offered:
        raise VtmError(f"unknown kind of roll {kind!r}: use one of {', '.join(KINDS)}")
    check_text(comment, "Comment", MAX_COMMENT)
    check_text(storyteller_comment, "ST comment", MAX_COMMENT)
    base = RollRequest(
        ruleset=character.ruleset,
        actor=character.name,
        pool_text=pool_text.strip(),
        kind=kind,
        modifier=_number(modifier, "Modifier"),
        difficulty_modifier=_number(difficulty_modifier, "Difficulty modifier"),
        secret=secret,
        specialty=specialty.strip(),
        comment=comment.strip(),
        storyteller_comment=storyteller_comment.strip(),
        options=dict(options or {}),
        free_botch_used=free_botch_used,
    )
    rules = ruleset_for(character.ruleset)
    refuse_foreign_rules(character, rules, automatic=automatic, awakening=awakening, attempt=attempt, wounds=wounds,
                         assist_bonus=assist_bonus, size_bonus=size_bonus, passive=passive, picks=picks)
    base = replace(base, automatic=automatic, awakening=awakening, attempt=attempt, assist_bonus=assist_bonus,
                   size_bonus=size_bonus, passive=passive, picks=tuple(picks))
    if kind not in offered:
        raise VtmError(f"a {kind} is not a {character.ruleset.upper()} roll (kinds: {', '.join(offered)})")
    if wounds is not None:  # the storyteller's count of the wound penalty stands in for the sheet's
        wounds = _number(wounds, "Wounds", 0, 10)
    return rules.roll_play().build(base, difficulty, character.sheet, name=character.name, traits=character.traits(),
                                   willpower=willpower, surge=surge, voluntary=voluntary, rouse_reroll=rouse_reroll,
                                   wounds=wounds)


def difficulty_text(request: RollRequest, *, reveal: bool = True) -> str:
    """``Moderate 3``; a secret Difficulty reads ``Moderate 3 (secret)``, or just ``secret`` unrevealed."""
    if request.secret and not reveal:
        return "a secret Difficulty"
    text = difficulty_label(request.ruleset, request.difficulty)
    return f"{text} (secret)" if request.secret else text


def headline(request: RollRequest, *, reveal: bool = True) -> str:
    """``Wits 3 + Awareness 2 = 5 dice (2 Hunger) vs Moderate 3``: the dialog's one-line summary.

    ``reveal=False`` keeps a secret Difficulty off a screen the players may see (the result page). The pool's
    part is the rule set's (:meth:`~vtm_tui.rules.roll_play.RollPlay.headline`); a function, not a method, so
    the request stays pure data that the rule sets take and return.
    """
    if request.kind in ("rouse", "check"):
        return request.description
    head = ruleset_for(request.ruleset).roll_play().headline(request)
    return f"{head} vs {difficulty_text(request, reveal=reveal)}"
