"""``vtm-tui ask PATH --character NAME --pool POOL``: the storyteller asks a player's seat for a roll.

The request is a ``request`` entry in the current session's log
(:mod:`vtm_tui.store.requests`); the player's seat shows it within a second,
pre-filled, and answers it with a roll whose ``ref`` names it. ``--cancel ID``
withdraws one; with no options it lists the open requests.
"""

from __future__ import annotations

import argparse
import json

from vtm_tui.errors import VtmError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("ask", help="ask a player's seat for a roll (it shows there, pre-filled)",
                                   description="Ask a player for a roll: it appears on their seat, pre-filled. "
                                               "Without --character, list the open requests.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("--character", metavar="NAME", help="the character who should roll")
    parser.add_argument("--pool", default="", help="the pool, e.g. 'Wits + Awareness'")
    parser.add_argument("--difficulty", type=int, help="the Difficulty (the player's seat judges against it)")
    parser.add_argument("--secret", action="store_true", help="keep the Difficulty from the player's screen")
    parser.add_argument("--kind", default="test", help="test (default), rouse, check, remorse or frenzy")
    parser.add_argument("--prompt", default="", help="what the player reads, e.g. 'a shadow on the stairs'")
    parser.add_argument("--st-comment", metavar="TEXT", dest="st_comment", default="",
                        help="a note on the request only the storyteller reads (never on the player's seat)")
    parser.add_argument("--cancel", metavar="ID", help="withdraw the open request with this id")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vtm_tui.model.log_entry import DIFFICULTY_RANGE
    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.store.requests import ask_for_roll, cancel_entry, open_requests, request_entry
    from vtm_tui.store.session_log import read_session, session_numbers

    store = open_chronicle(args.path)
    chronicle = store.chronicle
    number = chronicle.current_session
    pending = []
    if number in session_numbers(store.path):
        pending = open_requests(read_session(store.path, number, recover=False).entries)
    if args.cancel:
        found = [ask for ask in pending if ask.id == args.cancel]
        if not found:
            raise VtmError(f"--cancel {args.cancel}: no open request has that id; open: "
                           f"{', '.join(a.id for a in pending) or 'none'}")
        ask_for_roll(store.path, cancel_entry(found[0], ruleset=chronicle.ruleset))
        print(f"withdrawn: {found[0].describe(show_secret=True)}")
        return 0
    if not args.character:
        for ask in pending:
            print(json.dumps({"id": ask.id, "actor": ask.actor, "pool": ask.pool, "difficulty": ask.difficulty,
                              "secret": ask.secret, "prompt": ask.prompt, "kind": ask.roll_kind},
                             ensure_ascii=False) if args.json else f"{ask.id}  {ask.describe(show_secret=True)}")
        if not pending and not args.json:
            print("no open requests")
        return 0
    low, high = DIFFICULTY_RANGE
    if args.difficulty is not None and not low <= args.difficulty <= high:
        raise VtmError(f"--difficulty {args.difficulty} is out of range ({low}-{high})")
    character = store.character(args.character)
    entry = request_entry(session=max(1, number), ruleset=chronicle.ruleset, actor=character.name, pool=args.pool,
                          difficulty=args.difficulty, secret=args.secret, prompt=args.prompt, roll_kind=args.kind)
    if args.st_comment.strip():  # its own key: play/visibility keeps it from every player
        from dataclasses import replace

        from vtm_tui.model.log_entry import STORYTELLER_COMMENT

        entry = replace(entry, extra={**entry.extra, STORYTELLER_COMMENT: args.st_comment.strip()})
    from dataclasses import replace

    from vtm_tui.commands.chronicle import ensure_session

    entry = replace(entry, session=ensure_session(store))  # the one session rule; checked first, so a bad
    ask_for_roll(store.path, entry)  # request opens no session
    if args.json:
        print(json.dumps({"id": entry.id, "actor": entry.actor, "session": number}, ensure_ascii=False))
    else:
        who = f" ({character.player})" if character.player else ""
        print(f"asked {character.name}{who}: {entry.pool or args.kind} · request {entry.id}")
    return 0
