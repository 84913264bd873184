"""``vtm-tui new PATH --ruleset v5|v20|ingenuity --name "…"``: start a chronicle.

PATH is the new chronicle's folder; an existing folder that holds other things
is taken as a campaigns folder and the chronicle goes into a sub-folder named
after it. An existing chronicle is never touched.
"""

from __future__ import annotations

import argparse

from vtm_tui.commands.common import emit
from vtm_tui.rules.base import RULESETS


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("new", help="create a chronicle folder",
                                   description="Create a chronicle: chronicle.toml, characters/ and sessions/.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder (or a campaigns folder to put it in)")
    parser.add_argument("--ruleset", required=True, choices=RULESETS, help="the rule set the chronicle plays")
    parser.add_argument("--name", help="the chronicle's name (default: the folder's name)")
    parser.add_argument("--description", default="", help="a line about the chronicle")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from vtm_tui.store.catalog import create_chronicle

    name = args.name if args.name is not None else Path(args.path).expanduser().resolve().name
    store = create_chronicle(args.path, name, args.ruleset, description=args.description)
    data = {"path": str(store.path), "name": store.chronicle.name, "ruleset": store.chronicle.ruleset}
    emit(args, data, f"created the {store.chronicle.ruleset} chronicle {store.chronicle.name!r} in {store.path}\n"
                     f"open it with: vtm-tui {store.path}")
    return 0
