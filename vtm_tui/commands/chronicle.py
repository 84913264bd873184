"""The chronicle side of ``vtm-tui roll … --chronicle PATH``: pools by name, and logging.

:mod:`vtm_tui.commands.common` imports this module only when ``--chronicle`` or a
named pool is used, so a plain roll never touches the store.

- :func:`character_pool` resolves ``"Wits + Awareness"`` against a character's
  sheet (names case-insensitive, unambiguous prefixes allowed);
- :func:`record_roll` appends the judged roll to the chronicle's current session.
  A chronicle that never had a session gets session 1 started (said on stderr);
  one whose session has ended refuses, naming the roll so it is not lost.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import KINDS, STORYTELLER_COMMENT, LogEntry
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.pool import resolve
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
    if found.ruleset == "ingenuity":
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


def ensure_session(store: ChronicleStore, outcome: Any = None) -> int:
    """The open session's number; starts session 1 of a chronicle that never had one."""
    chronicle = store.chronicle
    if chronicle.session_open:
        return chronicle.current_session
    if chronicle.current_session == 0:
        number = store.start_session()
        print(f"vtm-tui: {store.path} had no session yet: started session {number}", file=sys.stderr)
        return number
    shown = f" ({outcome.summary()})" if outcome is not None else ""
    raise VtmError(f"{store.path}: session {chronicle.current_session} has ended, so this roll was not "
                   f"logged{shown}; start the next one with 'vtm-tui session {store.path} start'")


def record_roll(chronicle: str, outcome: Outcome, *, character: str | None, pool: str, difficulty: int | None,
                secret: bool, comment: str, storyteller_comment: str = "") -> str:
    """Append a judged roll to the chronicle's current session; returns the new entry's id."""
    store = open_chronicle(chronicle)
    if outcome.ruleset != store.chronicle.ruleset:
        raise VtmError(f"{store.path} plays {store.chronicle.ruleset}, not {outcome.ruleset}: "
                       f"the roll was not logged ({outcome.summary()})")
    actor = store.character(character).name if character else ""
    session = ensure_session(store, outcome)
    entry = LogEntry.from_outcome(outcome, session=session, actor=actor, pool=pool, difficulty=difficulty,
                                  secret=secret, comment=comment, kind=_log_kind(outcome))
    if storyteller_comment.strip():  # its own key, which play/visibility keeps from every player
        entry = replace(entry, extra={STORYTELLER_COMMENT: storyteller_comment.strip()})
    store.log(entry)
    return entry.id
