"""Making a roll request: what a character is about to roll, resolved against their sheet.

The dialog (and the command line) collects text (a pool expression, a Difficulty, modifiers) and hands it to
:func:`request_for` as one typed :class:`~vtm_tui.rules.roll_options.RollOptions`. The checks every rule set
shares happen here (the kind of roll, the comments, the modifiers, the options a rule set lacks); the rest is the rule set's roll facet
(:meth:`~vtm_tui.rules.roll_play.RollPlay.build`: the pool, Hunger, wound penalties...), once, so the odds the
dialog shows, the dice it rolls and the log entry it writes all describe the same
:class:`~vtm_tui.rules.roll_request.RollRequest`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.limits import MAX_COMMENT, check_text
from vtm_tui.play.request_options import refuse_foreign_rules
from vtm_tui.rules.ladders import difficulty_label
from vtm_tui.rules.kinds import declared_anywhere, roll_kinds
from vtm_tui.rules.roll_options import RollOptions
from vtm_tui.rules.roll_request import RollRequest
from vtm_tui.rules.ruleset import ruleset_for, short_title

__all__ = ["RollOptions", "RollRequest", "difficulty_text", "headline", "log_kind", "make_request",
           "request_for"]

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


def make_request(character: Character, pool_text: str = "", *, options: dict[str, Any] | None = None,
                 free_botch_used: bool = False, **fields: Any) -> RollRequest:
    """:func:`request_for` with the roll's options given as keywords (:class:`RollOptions`' fields, ``pool`` as
    ``pool_text``): a shorthand for tests and one-off callers; an unknown keyword is a TypeError."""
    return request_for(character, RollOptions(pool=pool_text, **fields), house_rules=options,
                       free_botch_used=free_botch_used)


def request_for(character: Character, roll: RollOptions, *, house_rules: Mapping[str, Any] | None = None,
                free_botch_used: bool = False) -> RollRequest:
    """Resolve ``roll`` for ``character``; bad input raises :class:`VtmError` naming the field.

    ``roll`` is the one typed value the roll dialog and the command line both build from the rule set's declared
    options (:mod:`vtm_tui.rules.roll_options`); an option the character's rule set has no rule for (``automatic``,
    ``awakening``, ``attempt``, ``wounds``, Ingenuity's ``assist_bonus``, ``size_bonus``, ``passive``, ``picks``)
    is refused by name. ``house_rules`` are the chronicle's options; ``free_botch_used`` says this session's free
    botch is spent (V20).
    """
    kind = roll.kind
    offered = roll_kinds(character.ruleset)
    if kind not in offered and not declared_anywhere(kind):
        raise VtmError(f"unknown kind of roll {kind!r}: use one of {', '.join(offered)}")
    check_text(roll.comment, "Comment", MAX_COMMENT)
    check_text(roll.storyteller_comment, "ST comment", MAX_COMMENT)
    rules = ruleset_for(character.ruleset)
    base = RollRequest(
        ruleset=character.ruleset,
        actor=character.name,
        pool_text=roll.pool.strip(),
        kind=kind,
        modifier=_number(roll.modifier, "Modifier"),
        difficulty_modifier=_number(roll.difficulty_modifier, "Difficulty modifier"),
        secret=roll.secret,
        specialty=roll.specialty.strip(),
        comment=roll.comment.strip(),
        storyteller_comment=roll.storyteller_comment.strip(),
        options=dict(house_rules or {}),
        free_botch_used=free_botch_used,
        automatic=roll.automatic, awakening=roll.awakening, attempt=roll.attempt, assist_bonus=roll.assist_bonus,
        size_bonus=roll.size_bonus, passive=roll.passive, picks=tuple(roll.picks),
    )
    refuse_foreign_rules(character, rules, automatic=roll.automatic, awakening=roll.awakening, attempt=roll.attempt,
                         wounds=roll.wounds, assist_bonus=roll.assist_bonus, size_bonus=roll.size_bonus,
                         passive=roll.passive, picks=roll.picks)
    if kind not in offered:
        raise VtmError(f"a {kind} is not a {short_title(character.ruleset)} roll (kinds: {', '.join(offered)})")
    wounds = roll.wounds
    if wounds is not None:  # the storyteller's count of the wound penalty stands in for the sheet's
        wounds = _number(wounds, "Wounds", 0, 10)
    return rules.roll_play().build(base, roll.difficulty, character.sheet, name=character.name,
                                   traits=character.traits(), willpower=roll.willpower, surge=roll.surge,
                                   voluntary=roll.voluntary, rouse_reroll=roll.rouse_reroll, wounds=wounds)


def difficulty_text(request: RollRequest, *, reveal: bool = True) -> str:
    """``Moderate 3``; a secret Difficulty reads ``Moderate 3 (secret)``, or just ``secret`` unrevealed."""
    if request.secret and not reveal:
        return "a secret Difficulty"
    text = difficulty_label(request.ruleset, request.difficulty)
    return f"{text} (secret)" if request.secret else text


def log_kind(request: RollRequest) -> str:
    """The kind of the log entry ``request``'s roll makes, as its rule set declares the roll's kind (``roll`` for
    most; V5's checks, Remorse and Frenzy have their own): a function, like :func:`headline`, so the request stays
    pure data."""
    return ruleset_for(request.ruleset).roll_kind(request.kind).log_kind


def headline(request: RollRequest, *, reveal: bool = True) -> str:
    """``Wits 3 + Awareness 2 = 5 dice (2 Hunger) vs Moderate 3``: the dialog's one-line summary.

    ``reveal=False`` keeps a secret Difficulty off a screen the players may see (the result page). The pool's
    part is the rule set's (:meth:`~vtm_tui.rules.roll_play.RollPlay.headline`); a function, not a method, so
    the request stays pure data that the rule sets take and return.
    """
    rules = ruleset_for(request.ruleset)
    if rules.roll_kind(request.kind).is_check:  # one die: no pool to add up, no Difficulty
        return request.description
    head = rules.roll_play().headline(request)
    return f"{head} vs {difficulty_text(request, reveal=reveal)}"
