"""What a roll may ask beyond the dialog's fields (the command line's options), refused where a rule set lacks it.

:func:`vtm_tui.play.make_request` takes these keywords for every rule set; a rule the character's rule set does
not have (not in its roll facet's ``extra_rules``) is refused by name here, before anything is built, so
``--passive`` on a V5 roll says so instead of being ignored.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.rules.ruleset import RuleSet


def refuse_foreign_rules(character: Character, rules: RuleSet, *, automatic: bool, awakening: bool, attempt: int,
                         wounds: int | None, assist_bonus: int, size_bonus: int, passive: bool,
                         picks: tuple[str, ...]) -> None:
    """Raise :class:`VtmError` naming each asked-for rule that ``rules`` does not have.

    The groups go in a fixed order and the first with a refused rule is named, so a message lists rules of
    one kind (Ingenuity's test options, V20's retries, V5's awakening, the automatic success).
    """
    allowed = rules.roll_play().extra_rules
    groups: tuple[dict[str, Any], ...] = (
        {"assist bonus": assist_bonus, "size bonus": size_bonus, "passive test": passive, "picks": picks},
        {"attempt": attempt != 1, "wounds": wounds is not None},
        {"awakening": awakening},
        {"automatic": automatic},
    )
    for given in groups:
        asked = [name for name, value in given.items() if value and name not in allowed]
        if asked:
            raise VtmError(f"{', '.join(asked)}: not a rule of {rules.title} ({character.name})")
