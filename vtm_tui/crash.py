"""What an unexpected error leaves behind: a report in the user log folder and one line on the terminal.

A seat is a terminal on someone else's screen. Textual's crash report (and Python's
traceback) prints source lines, server paths and local variables — a secret
Difficulty, a storyteller character's private notes — to whoever is looking. So
every unexpected error, in the app or on the command line, ends the same way:
the full traceback goes to a file in the user log folder (``platformdirs``
``user_log_dir``, or ``$VTM_TUI_LOG_DIR``) that the storyteller can read, and the
terminal gets :func:`crash_line`, which names the kind of error and the report's
file name, never a path, a value or a message (an exception's message may quote
the data that caused it).

No Textual here: the command line uses it without paying for the app.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

#: Overrides the folder crash reports go to (tests; a storyteller who wants them elsewhere).
LOG_DIR_ENV = "VTM_TUI_LOG_DIR"
#: At most this many characters of a report (a RecursionError's traceback repeats one frame a thousand times).
REPORT_LIMIT = 200_000
#: Reports kept; older ones are removed, so a seat that crashes again and again cannot fill the disk.
MAX_REPORTS = 50


def log_dir() -> Path:
    """The folder crash reports go to (created on the first report)."""
    explicit = os.environ.get(LOG_DIR_ENV, "").strip()
    if explicit:
        return Path(explicit).expanduser()
    import platformdirs

    return Path(platformdirs.user_log_dir("vtm-tui", appauthor=False))


def write_report(error: BaseException) -> Path | None:
    """Write ``error``'s full traceback to a new file in :func:`log_dir`; None if that failed too."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    try:
        text = "".join(traceback.format_exception(error))
    except Exception:  # noqa: BLE001 - a report about a report must not crash
        text = f"{type(error).__name__} (the traceback could not be formatted)\n"
    if len(text) > REPORT_LIMIT:
        text = text[: REPORT_LIMIT // 2] + "\n[... cut ...]\n" + text[-REPORT_LIMIT // 2 :]
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}-{os.getpid()}.txt"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as handle:
            handle.write(f"vtm-tui crash report, {stamp}, pid {os.getpid()}\n\n{text}")
    except OSError:
        return None
    _prune(folder)
    return path


def _prune(folder: Path) -> None:
    """Keep the newest :data:`MAX_REPORTS` reports (their names sort by time)."""
    try:
        reports = sorted(folder.glob("crash-*.txt"))
        for old in reports[: max(0, len(reports) - MAX_REPORTS)]:
            old.unlink()
    except OSError:
        pass


def crash_line(error: BaseException, report: Path | None) -> str:
    """The one line a terminal gets: no path, no value, no message of the exception."""
    kind = type(error).__name__
    if report is None:
        return f"vtm-tui: an unexpected error ({kind}) ended the program; no report could be saved."
    return (f"vtm-tui: an unexpected error ({kind}) ended the program; the storyteller can read the report "
            f"{report.name} in vtm-tui's log folder.")


def install_thread_hook() -> None:
    """Send an uncaught exception in any thread to a report instead of stderr (the seat's terminal).

    Python prints a thread's traceback to stderr, which on a seat is the player's screen; the app's own
    threads (the index builder, the warm-up imports) fail quietly into a report instead.
    """
    import threading

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_type is not SystemExit and args.exc_value is not None:
            write_report(args.exc_value)

    threading.excepthook = hook


def report_crash(error: BaseException) -> str:
    """Save the report and return the line to show (both steps never raise)."""
    return crash_line(error, write_report(error))
