"""``vtm-tui ledger PATH list|add|edit|delete``: the chronicle ledger from a shell.

::

    vtm-tui ledger PATH list [SECTION] [--hide-secret] [--json]
    vtm-tui ledger PATH add boon debtor=Duarte creditor="Dona Amália" size=minor [--secret]
    vtm-tui ledger PATH edit b-1a2b3c4d called_in=yes
    vtm-tui ledger PATH delete b-1a2b3c4d

Sections: boon, bond, domain, relationship, night (``docs/ledger.md`` lists
every field). Changes go through :mod:`vtm_tui.play.ledger`, the layer the
app's ledger screen uses, and each one is logged in the current session.
"""

from __future__ import annotations

import argparse
from typing import Any

from vtm_tui.commands.common import emit
from vtm_tui.errors import VtmError

ACTIONS = ("list", "add", "edit", "delete")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "ledger", help="list or change the chronicle ledger (boons, bonds, domains, relationships, timeline)",
        description="The chronicle ledger: list [SECTION]; add SECTION field=value...; edit ID field=value...; "
                    "delete ID. Sections: boon, bond, domain, relationship, night.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("action", choices=ACTIONS, help="what to do")
    parser.add_argument("args", nargs="*", metavar="ARG", help="a section or an entry id, then field=value pairs")
    parser.add_argument("--secret", action="store_true",
                        help="with add or edit: the entry is the storyteller's only (secret=no makes it public)")
    parser.add_argument("--hide-secret", action="store_true", help="with list: leave out secret entries")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _pairs(words: list[str]) -> dict[str, str]:
    typed: dict[str, str] = {}
    for word in words:
        name, sep, value = word.partition("=")
        if not sep or not name.strip():
            raise VtmError(f"ledger: {word!r} is not a field=value pair (e.g. size=minor)")
        typed[name.strip()] = value
    return typed


def _section(word: str) -> str:
    from vtm_tui.model.ledger import section_of

    try:
        return section_of(word)
    except ValueError as exc:
        raise VtmError(f"ledger: {exc}") from None


def run(args: argparse.Namespace) -> int:
    from vtm_tui.commands.session_note import saying_a_started_session
    from vtm_tui.model.ledger import SECTIONS, item_values
    from vtm_tui.play import ledger as headless
    from vtm_tui.play.visibility import STORYTELLER, Viewer
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(args.path)
    words = list(args.args)
    if args.action == "list":
        if len(words) > 1:
            raise VtmError("ledger list takes at most one SECTION")
        sections = (_section(words[0]),) if words else SECTIONS
        viewer = Viewer(player="") if args.hide_secret else STORYTELLER
        ledger = headless.ledger_for(viewer, headless.load_ledger(store.path))
        data: dict[str, Any] = {s: [{"id": i.id, **item_values(i)} for i in ledger.items(s)] for s in sections}
        lines = []
        for section in sections:
            lines.append(f"{section}:")
            lines.extend(f"  {line}" for line in headless.describe(ledger, section) or ["(none)"])
        emit(args, data, "\n".join(lines))
        return 0
    if not words:
        raise VtmError(f"ledger {args.action} needs {'a SECTION' if args.action == 'add' else 'an entry ID'}")
    if args.action == "add":
        section = _section(words[0])
        values = headless.parse_values(section, _pairs(words[1:]))
        if args.secret:
            values["secret"] = True
        with saying_a_started_session(store):
            change = headless.add_item(store, section, values)
    elif args.action == "edit":
        ledger = headless.load_ledger(store.path)
        item = ledger.find(words[0])
        if item is None:
            raise VtmError(f"{store.path}: no ledger entry {words[0]!r}; "
                           f"'vtm-tui ledger {store.path} list' shows the ids")
        values = headless.parse_values(item.SECTION, _pairs(words[1:]))
        if args.secret:
            values["secret"] = True
        with saying_a_started_session(store):
            change = headless.edit_item(store, item.id, values)
    else:
        if len(words) != 1:
            raise VtmError("ledger delete takes one entry ID")
        with saying_a_started_session(store):
            change = headless.delete_item(store, words[0])
    data = {"id": change.item.id, "section": change.item.SECTION, "logged": change.entry.id,
            "session": change.entry.session}
    emit(args, data, f"{change.message} ({change.item.id}, session {change.entry.session})")
    return 0
