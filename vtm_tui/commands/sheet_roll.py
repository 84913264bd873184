"""One action path: ``vtm-tui roll … --chronicle P --character NAME`` made as the app's roll dialog makes it.

The roll dialog's own play functions build the request from the sheet (V5
impairment, V20 wound penalties, compulsion notes, Blood Potency), roll it or
judge typed faces, and record it (Hunger from a Rouse, Willpower spent, the V20
free botch, the session by the one rule of :mod:`vtm_tui.play.sessions`), so the
command line and the app give the same pool, dice, result and log entry.
Imported only when a character's roll is made, so a plain roll never loads the store.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from vtm_tui.commands.chronicle import find_character
from vtm_tui.commands.common import TYPED_FACE_OPTIONS, dice_from_args, emit
from vtm_tui.errors import VtmError
from vtm_tui.model.chronicle import utc_now
from vtm_tui.play import apply, judge_faces, make_request, perform
from vtm_tui.play.record import Recorder
from vtm_tui.play.request import RollRequest
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource


def roll_for_character(args: argparse.Namespace, ruleset: str, pool_text: str, *, kind: str = "test",
                       faces: str | None = None, adjust: Callable[[RollRequest], RollRequest] | None = None,
                       follow_up: Callable[[Outcome, DiceSource], Outcome] | None = None,
                       house_rules: dict[str, Any] | None = None, free_botch_unused: bool = False,
                       **request_fields: Any) -> int:
    """Roll ``--character``'s pool the way the app's roll dialog does, log it, save what it changed, print it.

    ``request_fields`` are :func:`vtm_tui.play.make_request`'s (modifier, difficulty, specialty, willpower, ...);
    ``faces`` are typed faces in the dialog's form (V5: ``regular | hunger``); ``adjust`` changes the built
    request where an option overrides the sheet (V5 ``--hunger``); ``follow_up`` is a roll made after it (the V5
    Willpower re-roll), logged as its own entry that names the first, as the dialog logs it. ``house_rules`` are
    options given on the command line over the chronicle's; ``free_botch_unused`` says this session's free botch
    is still to be had whatever the log says (V20 ``--free-botch``). Returns the exit status.
    """
    store, character = find_character(args.chronicle, args.character)
    if store.chronicle.ruleset != ruleset:
        raise VtmError(f"{store.path} plays {store.chronicle.ruleset}, not {ruleset}: "
                       f"roll with 'vtm-tui roll {store.chronicle.ruleset}'")
    recorder = Recorder(store, utc_now)
    try:
        request = make_request(character, pool_text, kind=kind, secret=bool(getattr(args, "secret", False)),
                               comment=getattr(args, "comment", None) or "",
                               storyteller_comment=getattr(args, "st_comment", None) or "",
                               options={**store.chronicle.options, **(house_rules or {})},
                               free_botch_used=not free_botch_unused and recorder.free_botch_used(),
                               **request_fields)
    except VtmError as exc:  # name whose sheet and which pool, as the counted path does
        where = f"--pool {pool_text!r} for {character.name}" if pool_text else f"{character.name}'s {kind}"
        raise VtmError(f"{where}: {exc}") from None
    if adjust is not None:
        request = adjust(request)
    dice = dice_from_args(args)
    outcome = judge_faces(request, faces) if faces is not None else perform(request, dice)
    final = follow_up(outcome, dice) if follow_up is not None else outcome  # refused before anything is logged
    typed = any(getattr(args, name, None) is not None for name in TYPED_FACE_OPTIONS)
    session = recorder.session(request.kind)
    applied = apply(character, request, outcome, session=session, now=utc_now(), typed=typed)
    for note in recorder.notes:
        print(f"vtm-tui: {store.path}: {note}", file=sys.stderr)
    character = recorder.record(applied, character)
    if final is not outcome:
        first = applied.entries[0].id
        applied = apply(character, request, final, session=session, now=utc_now(), ref=first, typed=typed)
        recorder.record(applied, character)
        outcome = final
    if not getattr(args, "json", False):
        for note in (*request.penalties, *request.warnings, *request.notes):
            print(f"vtm-tui: note: {note}", file=sys.stderr)
    data = {**outcome.to_dict(), "logged": applied.entries[0].id}
    if applied.changes:
        data["changes"] = list(applied.changes)
    emit(args, data, outcome.summary() + "".join(f"; saved: {change}" for change in applied.changes))
    return 0
