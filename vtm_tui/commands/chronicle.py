"""The chronicle side of ``vtm-tui roll … --chronicle PATH``: pools by name, and logging.

:mod:`vtm_tui.commands.common` imports this module only when ``--chronicle`` or a
named pool is used, so a plain roll never touches the store.

- :func:`character_pool` resolves ``"Wits + Awareness"`` against a character's
  sheet (names case-insensitive, unambiguous prefixes allowed);
- :func:`record_roll` appends the judged roll to the session the app's one rule
  names (:mod:`vtm_tui.play.sessions`): the open one, else the next one starts
  (said on stderr); a Remorse test after the end goes into the session that owed it.
  It serves rolls the storyteller counted (a number of dice, a typed Hunger); a roll
  from a character's sheet goes through :mod:`vtm_tui.commands.sheet_roll`.
"""

from __future__ import annotations

import sys
from dataclasses import replace

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import KINDS, STORYTELLER_COMMENT, LogEntry
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.pool import resolve
from vtm_tui.rules.ruleset import ruleset_for
from vtm_tui.store.chronicle_store import ChronicleStore, open_chronicle


def find_character(chronicle: str, character: str) -> tuple[ChronicleStore, Character]:
    """Open ``chronicle`` and find ``character`` in it (case-insensitive, or a unique prefix)."""
    store = open_chronicle(chronicle)
    return store, store.character(character)


def character_pool(chronicle: str, character: str, expression: str) -> tuple[int, str]:
    """``(dice, description)`` of a pool typed as trait names, e.g. ``(5, "Wits 3 + Awareness 2")``.

    The total is never below 0; each rule set applies its own minimum. For an
    Ingenuity character the traits are die sizes, described as ``Combat d8``.
    """
    _, found = find_character(chronicle, character)
    try:
        resolved = resolve(expression, found.traits())
    except VtmError as exc:
        raise VtmError(f"--pool {expression!r} for {found.name}: {exc}") from None
    description = resolved.describe()
    if ruleset_for(found.ruleset).rolls_sized_dice:
        description = " + ".join(f"{name} d{size}" for name, size in resolved.traits) or description
    return max(0, resolved.total), description


def _log_kind(outcome: Outcome) -> str:
    if isinstance(getattr(outcome, "log_kind", None), str):  # the outcome knows (V20: a damage roll is a "roll")
        return outcome.log_kind  # type: ignore[attr-defined]
    kind = getattr(outcome, "kind", None)
    value = getattr(kind, "value", kind)
    if value in ("test", "tracker", None):
        return "roll"
    return value if value in KINDS else "roll"


def ensure_session(store: ChronicleStore, kind: str = "") -> int:
    """The session a roll is logged in, by the app's own rule (:mod:`vtm_tui.play.sessions`): the open one;
    a Remorse test after the end, the session that owed it; else the next one starts (said on stderr)."""
    from vtm_tui.play.sessions import session_for_action

    found = session_for_action(store, kind=kind)
    if found.note:
        print(f"vtm-tui: {store.path}: {found.note}", file=sys.stderr)
    return found.number


def record_roll(chronicle: str, outcome: Outcome, *, character: str | None, pool: str, difficulty: int | None,
                secret: bool, comment: str, storyteller_comment: str = "",
                typed: bool = False) -> str:
    """Append a judged roll to the chronicle's current session; returns the new entry's id."""
    store = open_chronicle(chronicle)
    if outcome.ruleset != store.chronicle.ruleset:
        raise VtmError(f"{store.path} plays {store.chronicle.ruleset}, not {outcome.ruleset}: "
                       f"the roll was not logged ({outcome.summary()})")
    actor = store.character(character).name if character else ""
    kind = _log_kind(outcome)
    session = ensure_session(store, kind)
    entry = LogEntry.from_outcome(outcome, session=session, actor=actor, pool=pool, difficulty=difficulty,
                                  secret=secret, comment=comment, kind=kind)
    if typed:  # judged from --faces: the log says the app did not roll them
        from vtm_tui.model.typed import mark_typed

        entry = mark_typed(entry)
    if storyteller_comment.strip():  # its own key, which play/visibility keeps from every player
        entry = replace(entry, extra={**entry.extra, STORYTELLER_COMMENT: storyteller_comment.strip()})
    store.log(entry)
    return entry.id

