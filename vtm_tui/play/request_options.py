"""What a roll may ask beyond the dialog's fields (the command line's options), refused where a rule set lacks it.

:func:`vtm_tui.play.make_request` takes these keywords for every rule set; a rule the character's rule set does
not have is refused by name here, before anything is built, so ``--passive`` on a V5 roll says so instead of
being ignored.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.rules.ruleset import RuleSet, ruleset_for


def refuse_foreign_rules(character: Character, rules: RuleSet, *, automatic: bool, awakening: bool, attempt: int,
                         wounds: int | None, assist_bonus: int, size_bonus: int, passive: bool,
                         picks: tuple[str, ...]) -> None:
    """Raise :class:`VtmError` naming each asked-for rule that ``rules`` does not have."""
    _refuse_unless(character, rules.rolls_sized_dice, {"assist bonus": assist_bonus, "size bonus": size_bonus,
                                                       "passive test": passive, "picks": picks})
    _refuse_unless(character, not rules.has_hunger and not rules.rolls_sized_dice,
                   {"attempt": attempt != 1, "wounds": wounds is not None})
    _refuse_unless(character, rules.has_hunger, {"awakening": awakening})
    _refuse_unless(character, not rules.rolls_sized_dice, {"automatic": automatic})


def _refuse_unless(character: Character, allowed: bool, given: dict[str, Any]) -> None:
    asked = [name for name, value in given.items() if value]
    if asked and not allowed:
        raise VtmError(f"{', '.join(asked)}: not a rule of {ruleset_for(character.ruleset).title} ({character.name})")
