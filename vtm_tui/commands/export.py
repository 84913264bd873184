"""``vtm-tui export PATH --character NAME [--format markdown|json] [--output FILE] [--private]``.

Markdown is a sheet to print; JSON is the character's whole document and imports
back with ``vtm-tui import`` unchanged. Storyteller-only notes are left out
unless ``--private`` is given. Without ``--output`` the sheet goes to stdout; an
existing file is not overwritten unless ``--force``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vtm_tui.errors import VtmError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("export", help="export a character as a printable Markdown sheet or JSON",
                                   description="Export one character: a Markdown sheet to print, or JSON that "
                                               "'vtm-tui import' reads back.")
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("--character", metavar="NAME", required=True, help="the character to export")
    parser.add_argument("--format", choices=("markdown", "json"), default="markdown", help="default: markdown")
    parser.add_argument("--output", metavar="FILE", help="write to this file instead of stdout")
    parser.add_argument("--force", action="store_true", help="overwrite --output if it exists")
    parser.add_argument("--private", action="store_true", help="include the storyteller-only notes")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vtm_tui.play.exporting import export
    from vtm_tui.store.chronicle_store import open_chronicle
    from vtm_tui.store.toml_io import atomic_write_text

    store = open_chronicle(args.path)
    character = store.character(args.character)
    text = export(character, store.chronicle, args.format, private=args.private)
    if not args.output:
        sys.stdout.write(text)
        return 0
    target = Path(args.output).expanduser()
    if target.exists() and not args.force:
        raise VtmError(f"{target} already exists; nothing written (use --force to overwrite it)")
    atomic_write_text(target, text)
    print(f"wrote {character.name} ({args.format}) to {target}")
    return 0
