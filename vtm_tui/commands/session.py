"""``vtm-tui session PATH start|end|status|remorse``: open and close a chronicle's sessions.

``end`` lists the V5 characters whose stains call for a Remorse test; with
``--remorse`` it rolls them first (as the roll dialog does, no Hunger dice),
applies the outcome to their sheets and logs each test in the session being
closed. ``remorse`` does the same later, logged in the last session.
"""

from __future__ import annotations

import argparse
from typing import Any

from vtm_tui.commands.common import add_dice_arguments, dice_from_args, emit
from vtm_tui.errors import VtmError
from vtm_tui.model.chronicle import utc_now
from vtm_tui.play.sessions import remorse_line
from vtm_tui.rules.dice import DiceSource
from vtm_tui.store.chronicle_store import ChronicleStore

ACTIONS = ("start", "end", "status", "remorse")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("session", help="start or end a session of a chronicle",
                                   description="Open and close sessions; end offers the V5 Remorse tests.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("action", nargs="?", default="status", choices=ACTIONS,
                        help="start a session, end it, show where things stand (default), or roll Remorse")
    parser.add_argument("--title", default="", help="a title for the session being started")
    parser.add_argument("--remorse", action="store_true",
                        help="with end: roll the Remorse tests of stained characters before closing")
    add_dice_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def roll_remorse(store: ChronicleStore, dice: DiceSource, session: int) -> list[dict[str, Any]]:
    """Roll, log and apply every due Remorse test; returns one record per character.

    The test is the roll dialog's own, end to end: :func:`vtm_tui.play.make_request` with kind ``remorse``,
    :func:`vtm_tui.play.perform`, then :func:`vtm_tui.play.apply` for the sheet's new Humanity and the one log
    entry every roll is written as, so the command line and the app log a Remorse test alike."""
    from vtm_tui.play import apply, make_request, perform
    from vtm_tui.play.record import Recorder

    recorder = Recorder(store, utc_now)  # the log first: if the sheet save is refused, what happened is still known
    results: list[dict[str, Any]] = []
    for character in store.remorse_due():
        before = character.sheet.humanity
        request = make_request(character, "", kind="remorse", comment="end of session")
        outcome = perform(request, dice)
        applied = apply(character, request, outcome, session=session, now=utc_now())
        after = recorder.record(applied, character)
        results.append({"character": character.name, "result": outcome.result, "win": outcome.win,
                        "humanity_before": before, "humanity_after": after.sheet.humanity,
                        "logged": applied.entries[0].id, "summary": f"{character.name}: {outcome.summary()}"})
    return results


def run(args: argparse.Namespace) -> int:
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(args.path)
    chronicle = store.chronicle
    data: dict[str, Any] = {"chronicle": chronicle.name, "ruleset": chronicle.ruleset}
    lines: list[str] = []
    if args.remorse and args.action not in ("end", "remorse"):
        raise VtmError("--remorse goes with 'end' (or use the 'remorse' action)")
    if args.action == "start":
        number = store.start_session(title=args.title)
        data.update(session=number, started=store.chronicle.last_session.isoformat())
        lines.append(f"session {number} of {chronicle.name!r} started"
                     + (f": {args.title}" if args.title else ""))
    elif args.action in ("end", "remorse"):
        if args.action == "end" and not chronicle.session_open:
            store.end_session()  # raises the clear "already ended / never started" message
        if args.action == "remorse" and chronicle.current_session == 0:
            raise VtmError(f"{store.path}: no session was ever started, so there is no Remorse to roll")
        number = chronicle.current_session
        rolled: list[dict[str, Any]] = []
        if args.action == "remorse" or args.remorse:
            from vtm_tui.play.sessions import session_for_action

            number = session_for_action(store, kind="remorse").number  # the open one, else the one that owed it
            rolled = roll_remorse(store, dice_from_args(args), number)
            lines.extend(r["summary"] for r in rolled)
        due = store.remorse_due()
        if args.action == "end":
            store.end_session()
            lines.append(f"session {number} of {chronicle.name!r} ended")
        if due:
            lines.append("Remorse tests owed (stains):")
            lines.extend(f"  {remorse_line(c)}" for c in due)
            lines.append(f"roll them with: vtm-tui session {store.path} remorse")
        elif args.action == "remorse" and not rolled:
            lines.append("nobody has stains: no Remorse test is owed")
        data.update(session=number, remorse=rolled, remorse_due=[c.name for c in due])
    else:
        number = chronicle.current_session
        state = "none started yet" if number == 0 else f"{number} ({'open' if chronicle.session_open else 'ended'})"
        lines.append(f"{chronicle.name!r} ({chronicle.ruleset}), session {state}, "
                     f"{len(store.characters)} characters")
        due = store.remorse_due()
        if due:
            lines.append("stains to answer for at the session's end:")
            lines.extend(f"  {remorse_line(c)}" for c in due)
        data.update(session=number, open=chronicle.session_open, characters=len(store.characters),
                    remorse_due=[c.name for c in due])
    for warning in store.warnings:
        lines.append(f"warning: {warning}")
    emit(args, data, "\n".join(lines))
    return 0
