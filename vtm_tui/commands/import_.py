"""``vtm-tui import PATH FILE… [--format progeny|wod5e|wod20|vtm-tui] [--replace] [--json]``.

Each file goes through :mod:`vtm_tui.play.importing` (the app's "Import
character…" takes the same path). What could not be mapped is printed under the
character; a file that cannot be imported gets one line on stderr and the others
are still imported; the exit status is 2 if any file failed.
"""

from __future__ import annotations

import argparse
import json
import sys

from vtm_tui.errors import VtmError


def register(subparsers: argparse._SubParsersAction) -> None:
    from vtm_tui.rules.importing import FORMATS

    parser = subparsers.add_parser("import", help="import characters from Progeny or Foundry VTT exports",
                                   description="Import characters: Progeny JSON (V5), Foundry WoD5e actors (V5), "
                                               "Foundry worldofdarkness actors (V20) or a vtm-tui JSON export.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("files", metavar="FILE", nargs="+", help="exported character files (JSON)")
    parser.add_argument("--format", choices=tuple(FORMATS), help="the files' format (default: found from each file)")
    parser.add_argument("--replace", action="store_true", help="overwrite a character of the same name")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vtm_tui.commands.session_note import saying_a_started_session
    from vtm_tui.play.importing import NameTaken, import_character
    from vtm_tui.store.chronicle_store import open_chronicle

    store = open_chronicle(args.path)
    done, failed = [], []
    for file in args.files:
        try:
            with saying_a_started_session(store):
                result = import_character(store, file, fmt=args.format, replace_existing=args.replace)
        except VtmError as exc:  # one line per bad file; the other files are still imported
            message = f"{exc} (use --replace to overwrite it)" if isinstance(exc, NameTaken) else str(exc)
            failed.append(message)
            print(f"vtm-tui: error: {message}", file=sys.stderr)
            continue
        done.append(result)
        if not args.json:
            verb = "replaced" if result.replaced else "imported"
            print(f"{verb} {result.character.name} from {result.format} ({file}) → "
                  f"characters/{result.character.slug}.toml")
            for line in result.unmapped:
                print(f"  not mapped: {line}")
            for line in result.warnings:
                print(f"  warning: {line}")
    if args.json:
        json.dump({"imported": [r.to_dict() for r in done], "errors": failed}, sys.stdout, ensure_ascii=False,
                  sort_keys=True)
        sys.stdout.write("\n")
    return 2 if failed else 0
