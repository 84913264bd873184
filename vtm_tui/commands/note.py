"""``vtm-tui note PATH TEXT [--secret] [--scene TITLE]``: a storyteller's note or scene marker in the log.

The same headless layer as the app's note key (:mod:`vtm_tui.play.notes`):
the note goes to the chronicle's current session (a new one is opened when
none is), a ``--scene`` first logs a scene marker, and ``--secret`` keeps both
from players' seats and from ``log --hide-secret``.
"""

from __future__ import annotations

import argparse

from vtm_tui.commands.common import emit
from vtm_tui.errors import VtmError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("note", help="add a storyteller's note or scene marker to the session log",
                                   description="Log a note, or start a scene (--scene), in the current session.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("text", metavar="TEXT", nargs="?", default="", help="the note (may be left out with --scene)")
    parser.add_argument("--scene", metavar="TITLE", default="", help="start a new scene with this title first")
    parser.add_argument("--secret", action="store_true", help="for the storyteller only (never shown to players)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vtm_tui.commands.session_note import saying_a_started_session
    from vtm_tui.play.notes import add_note
    from vtm_tui.store.chronicle_store import open_chronicle

    if not args.text.strip() and not args.scene.strip():
        raise VtmError("note: give the TEXT of the note, or --scene TITLE (or both)")
    store = open_chronicle(args.path)
    with saying_a_started_session(store):
        entries = add_note(store, args.text, secret=args.secret, scene=args.scene)
    session = entries[0].session
    what = " and ".join(f"{'secret ' if e.secret else ''}{'scene marker' if e.kind == 'scene' else 'note'}"
                        for e in entries)
    emit(args, {"session": session, "logged": [e.id for e in entries]}, f"{what} logged in session {session}")
    return 0
