"""``vtm-tui log PATH``: print a chronicle's session logs, filter them, export a session recap.

Without ``--session`` every session is printed, oldest first (``--limit N``
keeps the newest N, like ``tail``); ``--session current`` is the chronicle's
current session. Filters over several sessions go through the history index
(:mod:`vtm_tui.store.index`), so they answer fast on a long chronicle.
Secret Difficulties are shown, marked "(secret)": this is the storyteller's
command. ``--hide-secret`` prints, in every format, only what any player may
see: the entries pass through the one visibility rule
(:func:`vtm_tui.play.visibility.export_viewer`) before anything is worded.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from vtm_tui.commands.common import positive_int
from vtm_tui.errors import VtmError
from vtm_tui.model.log_entry import LogEntry


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "log",
        help="print, filter or export a chronicle's session logs",
        description="Print a chronicle's logged rolls and events, or export a session recap.",
    )
    parser.add_argument("path", metavar="PATH", help="the chronicle's folder")
    parser.add_argument("--session", metavar="N", type=session_choice,
                        help="a session number, 'current' or 'all' (default: all; current for --export)")
    parser.add_argument("--character", metavar="NAME", action="append",
                        help="only this character's entries (repeatable; as roll --character: "
                        "name, slug or an unambiguous start of it, any case or accents)")
    parser.add_argument("--kind", metavar="K", action="append", help="only these kinds: roll, rouse, note, … (repeatable or a,b)")
    parser.add_argument("--result", metavar="R", action="append", help="only these results: win, botch, … (repeatable or a,b)")
    parser.add_argument("--text", metavar="WORDS", help="only entries whose names, pool or comment hold every word")
    parser.add_argument("--limit", metavar="N", type=positive_int, help="only the newest N matching entries")
    parser.add_argument("--json", action="store_true", help="one JSON object per entry, one per line")
    parser.add_argument("--hide-secret", action="store_true", help="only what players may see: no secret Difficulties, storyteller-only comments, "
                             "private notes or storyteller characters' dots")
    parser.add_argument("--export", choices=("markdown", "json"), help="write a recap of one session instead")
    parser.add_argument("--output", metavar="FILE", help="with --export: write to FILE instead of the screen")
    parser.set_defaults(func=run)


def session_choice(text: str) -> int | str:
    if text in ("current", "all"):
        return text
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a session number, 'current' or 'all'") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"session {number} does not exist: sessions are numbered from 1")
    return number


def _words(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def current_session(chronicle: Path) -> int:
    """The chronicle's current session: ``current_session`` in chronicle.toml, else the last file."""
    from vtm_tui.store.session_log import session_numbers
    from vtm_tui.store.toml_io import load_toml

    number = load_toml(chronicle / "chronicle.toml").get("current_session")
    if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
        return number
    numbers = session_numbers(chronicle)
    if not numbers:
        raise VtmError(f"{chronicle}: no session has been started yet (vtm-tui session {chronicle} start)")
    return numbers[-1]


def _chronicle(path_text: str) -> Path:
    path = Path(path_text)
    if not (path / "chronicle.toml").is_file():
        raise VtmError(f"{path}: not a chronicle folder (no chronicle.toml)")
    from vtm_tui.store.paths import check_own_folders

    check_own_folders(path)
    return path


def run(args: argparse.Namespace) -> int:
    chronicle = _chronicle(args.path)
    if args.output and not args.export:
        raise VtmError("--output goes with --export markdown|json")
    if args.export:
        return export(args, chronicle)
    args.character = character_names(chronicle, args.character)
    check_words(args)
    entries = for_viewer(args, chronicle, select(args, chronicle))
    from vtm_tui.store.log_recap import describe_entry, entry_json

    out = sys.stdout
    printed = 0
    try:
        for entry in entries:
            printed += 1
            if args.json:
                data = entry_json(entry, hide_secret=args.hide_secret)
                out.write(json.dumps(data, ensure_ascii=False, sort_keys=True) + "\n")
            else:
                out.write(describe_entry(entry, hide_secret=args.hide_secret) + "\n")
        out.flush()
    except BrokenPipeError:  # `vtm-tui log … | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if not printed and not args.json:
        print("no entries match", file=sys.stderr)
    return 0


def for_viewer(args: argparse.Namespace, chronicle: Path, entries: Iterable[LogEntry]) -> Iterator[LogEntry]:
    """``entries`` as the reader may see them: all of them for the storyteller; with ``--hide-secret`` redacted
    for the players, and ``--text`` and ``--character`` tested again on what is left (a hidden comment, or a
    secret contest's hidden defender, must not select a line)."""
    from vtm_tui.play.visibility import entry_for, export_viewer

    viewer = export_viewer(chronicle, hide_secret=args.hide_secret)
    for entry in entries:
        shown = entry_for(viewer, entry)
        if shown is not None and (shown is entry or not (args.text or args.character)
                                  or matches(shown, actor=args.character, kinds=None, results=None, text=args.text)):
            yield shown


def character_names(chronicle: Path, typed: list[str] | None) -> list[str] | None:
    """Each ``--character`` as the chronicle's one name lookup reads it (the same as ``roll --character``):
    exact name, file slug, then an unambiguous prefix of the name or of a word, case and accents aside.
    A name that finds no one (or several) is refused with the candidates, never an empty answer."""
    if not typed:
        return typed
    from types import SimpleNamespace

    from vtm_tui.store.name_lookup import lookup
    from vtm_tui.store.toml_io import load_toml

    known = []  # names only: a sheet broken by hand must not stop anyone reading the log
    for path in sorted((chronicle / "characters").glob("*.toml")):
        try:
            name = load_toml(path).get("name")
        except VtmError:
            continue
        if isinstance(name, str) and name.strip():
            known.append(SimpleNamespace(name=name, slug=path.stem))
    found = []
    for name in typed:
        try:
            found.append(lookup(name, known, chronicle).name)
        except VtmError as exc:
            raise VtmError(f"--character: {exc} (an extra or a removed character: use --text)") from None
    return found


def check_words(args: argparse.Namespace) -> None:
    """``--kind`` and ``--result`` take known words; a typo is refused with the list, not "no entries match"."""
    from vtm_tui.model.log_entry import KINDS
    from vtm_tui.review.stats import all_results

    results = sorted({*all_results(), "tie"}) if args.result else []  # loads every rule set: only when asked
    checks = (("--kind", _words(args.kind), sorted(KINDS)), ("--result", _words(args.result), results))
    for option, words, known in checks:
        unknown = [word for word in words or () if word not in known]
        if unknown:
            raise VtmError(f"{option} {', '.join(unknown)}: not one of {', '.join(known)}")


def _report_torn(log: Any) -> None:
    if log.torn is not None:
        print(f"vtm-tui: warning: {log.torn.message}", file=sys.stderr)


def select(args: argparse.Namespace, chronicle: Path) -> Iterable[LogEntry]:
    """The entries asked for, in log order (the whole history is read one session at a time)."""
    from vtm_tui.store.session_log import read_session, session_numbers

    session = args.session or "all"
    filters: dict[str, Any] = {
        "actor": args.character, "kinds": _words(args.kind), "results": _words(args.result), "text": args.text,
    }  # fmt: skip
    filtered = any(value for value in filters.values())
    if session != "all":
        number = current_session(chronicle) if session == "current" else session
        log = read_session(chronicle, number)
        _report_torn(log)
        entries = [entry for entry in log.entries if matches(entry, **filters)]
        return entries[-args.limit :] if args.limit else entries
    numbers = session_numbers(chronicle)
    if not filtered and not args.limit:
        return _every_session(chronicle, numbers)
    from vtm_tui.store.index import load_entries, query

    for number in numbers:  # set aside any torn block first, so the index sees clean files
        from vtm_tui.store.session_log import recover_session

        try:
            report = recover_session(chronicle, number)
        except VtmError as exc:  # the index leaves it out too: named, and the others answer
            _skipped(exc)
            continue
        if report is not None:
            print(f"vtm-tui: warning: {report.message}", file=sys.stderr)
    hits = query(chronicle, **{k: v for k, v in filters.items() if v}, limit=args.limit, order="desc",
                 progress=_progress_on_stderr())  # fmt: skip
    return load_entries(chronicle, list(reversed(hits)))


def _every_session(chronicle: Path, numbers: list[int]) -> Iterator[LogEntry]:
    """Every entry, session by session, so the first lines print before the last session is read."""
    from vtm_tui.store.session_log import read_session

    for number in numbers:
        try:
            log = read_session(chronicle, number)
        except VtmError as exc:  # an empty file, a FIFO, a file broken by hand: named, and the others print
            _skipped(exc)
            continue
        _report_torn(log)
        yield from log.entries


def _skipped(exc: VtmError) -> None:
    """Say on stderr which session file was left out and why (one bad file never hides the others)."""
    print(f"vtm-tui: warning: {exc}; that session is skipped", file=sys.stderr)


def _progress_on_stderr():
    """On a terminal, show how far the first build of the history index has come (it can take seconds)."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        if total:
            end = "\n" if done >= total else ""
            print(f"\rindexing the history: {100 * done // total}%", end=end, file=sys.stderr, flush=True)

    return show


def matches(entry: LogEntry, *, actor: list[str] | None, kinds: list[str] | None, results: list[str] | None,
            text: str | None) -> bool:  # fmt: skip
    """The same tests as the index's query, for entries already in memory."""
    from vtm_tui.store.index import search_text

    if actor:  # the actor, or a character the entry also concerns (a contest's defender)
        wanted = {name.casefold() for name in actor}
        if entry.actor.casefold() not in wanted and not wanted.intersection(c.casefold() for c in entry.characters):
            return False
    if kinds and entry.kind not in kinds:
        return False
    if results and entry.result not in results:
        return False
    haystack = search_text(entry)
    return all(word in haystack for word in (text or "").casefold().split())


def export(args: argparse.Namespace, chronicle: Path) -> int:
    from vtm_tui.play.recap import session_recap
    from vtm_tui.store.toml_io import atomic_write_text

    if args.session == "all":
        raise VtmError("--export writes the recap of one session: give --session N (or current)")
    if args.character or args.kind or args.result or args.text or args.limit:
        raise VtmError("--export recaps a whole session; --character, --kind, --result, --text and --limit do not apply")
    number = current_session(chronicle) if args.session in (None, "current") else args.session
    recap = session_recap(chronicle, number, args.export, hide_secret=args.hide_secret)
    if recap.torn:
        print(f"vtm-tui: warning: {recap.torn}", file=sys.stderr)
    text = recap.text
    if args.output:
        atomic_write_text(args.output, text)
        print(f"session {number} recap written to {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
