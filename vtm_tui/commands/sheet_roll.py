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
from vtm_tui.play.record import Recorder
from vtm_tui.play.request import request_for
from vtm_tui.play.roll_path import make_roll
from vtm_tui.play.request import RollRequest
from vtm_tui.rules.base import Outcome
from vtm_tui.rules.dice import DiceSource
from vtm_tui.rules.roll_options import RollOptions


def roll_for_character(args: argparse.Namespace, ruleset: str, pool_text: str, *, kind: str = "test",
                       faces: str | None = None, adjust: Callable[[RollRequest], RollRequest] | None = None,
                       follow_up: Callable[[Outcome, DiceSource], Outcome] | None = None,
                       house_rules: dict[str, Any] | None = None, free_botch_unused: bool = False,
                       rouse_faces: str | None = None, power: str | None = None,
                       **request_fields: Any) -> int:
    """Roll ``--character``'s pool the way the app's roll dialog does, log it, save what it changed, print it.

    One call makes the whole roll (:func:`vtm_tui.play.roll_path.make_roll`, the dialog's too): the costs before
    the dice (``power``'s Rouse checks, a Blood Surge's Rouse, typed as ``rouse_faces``), the dice or ``faces``
    (typed in the dialog's notation, V5: ``regular | hunger``), the judgement and the log entries.
    ``request_fields`` are :class:`~vtm_tui.rules.roll_options.RollOptions`' fields (modifier, difficulty,
    specialty, willpower, surge, ...); ``adjust`` changes the built request where an option overrides the sheet
    (V5 ``--hunger``); ``follow_up`` is a roll made after it (the V5 Willpower re-roll), logged as its own entry
    that names the first. ``house_rules`` are options given on the command line over the chronicle's;
    ``free_botch_unused`` says this session's free botch is still to be had whatever the log says (V20
    ``--free-botch``). Returns the exit status.
    """
    store, character = find_character(args.chronicle, args.character)
    if store.chronicle.ruleset != ruleset:
        raise VtmError(f"{store.path} plays {store.chronicle.ruleset}, not {ruleset}: "
                       f"roll with 'vtm-tui roll {store.chronicle.ruleset}'")
    recorder = Recorder(store, utc_now)
    roll = RollOptions(pool=pool_text, kind=kind, secret=bool(getattr(args, "secret", False)),
                       comment=getattr(args, "comment", None) or "",
                       storyteller_comment=getattr(args, "st_comment", None) or "", **request_fields)
    typed = any(getattr(args, name, None) is not None for name in TYPED_FACE_OPTIONS)
    rules = {**store.chronicle.options, **(house_rules or {})}
    free_botch_used = not free_botch_unused and recorder.free_botch_used()
    request = None
    if power is None:  # a power's pool is built after its Rouse checks, inside the one call
        try:
            request = request_for(character, roll, house_rules=rules, free_botch_used=free_botch_used)
        except VtmError as exc:  # name whose sheet and which pool, as the counted path does
            where = f"--pool {pool_text!r} for {character.name}" if pool_text else f"{character.name}'s {kind}"
            raise VtmError(f"{where}: {exc}") from None
    made = make_roll(character, roll, recorder=recorder, dice=dice_from_args(args), house_rules=rules,
                     free_botch_used=free_botch_used, request=request, faces=faces, rouse_faces=rouse_faces,
                     typed=typed, power=power, adjust=adjust, then=follow_up)
    for note in recorder.notes:
        print(f"vtm-tui: {store.path}: {note}", file=sys.stderr)
    for problem in (*made.conflicts, *made.problems):  # the dice are on record; the sheet is not saved
        raise VtmError(problem)
    request, outcome = made.request, made.outcome
    if not getattr(args, "json", False):
        for note in (*request.penalties, *request.warnings, *request.notes):
            print(f"vtm-tui: note: {note}", file=sys.stderr)
    data = {**outcome.to_dict(), "logged": made.logged.id if made.logged else None}
    if made.changes:
        data["changes"] = list(made.changes)
    emit(args, data, outcome.summary() + "".join(f"; saved: {change}" for change in made.changes))
    return 0

