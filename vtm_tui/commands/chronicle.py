"""The chronicle side of ``vtm-tui roll … --chronicle PATH``: pools by name, and logging.

:mod:`vtm_tui.commands.common` imports this module only when ``--chronicle`` or a
named pool is used, so a plain roll never touches the store.

- :func:`character_pool` resolves ``"Wits + Awareness"`` against a character's
  sheet (names case-insensitive, unambiguous prefixes allowed);
- :func:`record_roll` logs a roll the storyteller counted (a number of dice, a typed
  Hunger, a luck test) through the play layer (:mod:`vtm_tui.play.counted`): the app's
  entry shape, session rule (said on stderr) and recorder; a roll from a character's
  sheet goes through :mod:`vtm_tui.commands.sheet_roll`.
"""

from __future__ import annotations

import sys
from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
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
    return max(0, resolved.total), ruleset_for(found.ruleset).roll_play().pool_description(resolved)


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
    """Log a counted roll through the play layer (:mod:`vtm_tui.play.counted`); returns the new entry's id."""
    from vtm_tui.model.chronicle import utc_now
    from vtm_tui.play.counted import counted_request, record_counted
    from vtm_tui.play.record import Recorder

    store = open_chronicle(chronicle)
    actor = store.character(character).name if character else ""
    request = counted_request(outcome.ruleset, actor=actor, description=pool, difficulty=difficulty, secret=secret,
                              comment=comment, storyteller_comment=storyteller_comment)
    recorder = Recorder(store, utc_now)
    entry = record_counted(recorder, request, outcome, typed=typed)
    for note in recorder.notes:
        print(f"vtm-tui: {store.path}: {note}", file=sys.stderr)
    return entry.id
