"""The chronicle side of ``vtm-tui roll … --chronicle PATH``: pools by name, and logging.

:mod:`vtm_tui.commands.common` imports this module only when ``--chronicle`` or a
named pool is used, so a plain roll never touches the store.

- :func:`character_pool` resolves ``"Wits + Awareness"`` against a character's
  sheet (names case-insensitive, unambiguous prefixes allowed);
- :func:`record_roll` appends the judged roll to the session the app's one rule
  names (:mod:`vtm_tui.play.sessions`): the open one, else the next one starts
  (said on stderr); a Remorse test after the end goes into the session that owed it.
  It serves rolls the storyteller counted (a number of dice, a typed Hunger);
- :func:`roll_for_character` is the one action path for a roll from a character's
  sheet: the roll dialog's own play functions build the request (impairment, wound
  penalties, compulsion notes), roll or judge it and record it (Hunger from a Rouse,
  Willpower spent, the V20 free botch), so the app and the command line agree.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.model.log_entry import KINDS, STORYTELLER_COMMENT, LogEntry
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.pool import resolve
from vtm_tui.store.chronicle_store import ChronicleStore, open_chronicle

if TYPE_CHECKING:
    import argparse


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


def roll_for_character(args: argparse.Namespace, ruleset: str, pool_text: str, *, kind: str = "test",
                       faces: str | None = None, **request_fields: Any) -> int:
    """Roll ``--character``'s pool the way the app's roll dialog does, log it, save what it changed, print it.

    ``request_fields`` are :func:`vtm_tui.play.make_request`'s (modifier, difficulty, specialty, willpower, ...);
    ``faces`` are typed faces in the dialog's form (V5: ``regular | hunger``). Returns the exit status.
    """
    from vtm_tui.commands.common import TYPED_FACE_OPTIONS, dice_from_args, emit
    from vtm_tui.model.chronicle import utc_now
    from vtm_tui.play import apply, judge_faces, make_request, perform
    from vtm_tui.play.record import Recorder

    store, character = find_character(args.chronicle, args.character)
    if store.chronicle.ruleset != ruleset:
        raise VtmError(f"{store.path} plays {store.chronicle.ruleset}, not {ruleset}: "
                       f"roll with 'vtm-tui roll {store.chronicle.ruleset}'")
    recorder = Recorder(store, utc_now)
    try:
        request = make_request(character, pool_text, kind=kind, secret=bool(getattr(args, "secret", False)),
                               comment=getattr(args, "comment", None) or "",
                               storyteller_comment=getattr(args, "st_comment", None) or "",
                               options=dict(store.chronicle.options), free_botch_used=recorder.free_botch_used(),
                               **request_fields)
    except VtmError as exc:  # name whose sheet and which pool, as the counted path does
        where = f"--pool {pool_text!r} for {character.name}" if pool_text else f"{character.name}'s {kind}"
        raise VtmError(f"{where}: {exc}") from None
    outcome = judge_faces(request, faces) if faces is not None else perform(request, dice_from_args(args))
    applied = apply(character, request, outcome, session=recorder.session(request.kind), now=utc_now(),
                    typed=any(getattr(args, name, None) is not None for name in TYPED_FACE_OPTIONS))
    for note in recorder.notes:
        print(f"vtm-tui: {store.path}: {note}", file=sys.stderr)
    recorder.record(applied, character)
    if not getattr(args, "json", False):
        for note in (*request.penalties, *request.warnings, *request.notes):
            print(f"vtm-tui: note: {note}", file=sys.stderr)
    data = {**outcome.to_dict(), "logged": applied.entries[0].id}
    if applied.changes:
        data["changes"] = list(applied.changes)
    emit(args, data, outcome.summary() + "".join(f"; saved: {change}" for change in applied.changes))
    return 0
