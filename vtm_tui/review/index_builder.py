"""Build a chronicle's history index in a separate process, reporting progress as it goes.

Why a process and not a thread: the first build parses every session file
(seconds for 100,000 entries) in pure Python, and a thread doing that holds
the interpreter lock so often that the app's keys wait behind it. A child
process parses on the other core; the app's worker thread only reads its
progress lines (``done total``), which costs nothing. The index is a file in
the cache, so the app's own queries find it built. If the cache cannot be
written (the index would live in memory, per process), the build runs in the
calling thread instead.

``python -m vtm_tui.review.index_builder CHRONICLE`` runs the child side.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

Progress = Callable[[int, int], None]


def build_index(chronicle_dir: Path, progress: Progress | None = None, stop: Callable[[], bool] | None = None) -> str:
    """Bring the index of ``chronicle_dir`` up to date; returns "" or what went wrong (one line).

    ``stop`` is asked after each progress line: when it answers True the child is
    ended at once (the app is quitting; what was indexed so far is kept, file by
    file, and the next build goes on from there).
    """
    from vtm_tui.store.index import HistoryIndex

    with HistoryIndex(chronicle_dir) as index:
        in_memory = str(index.path) == ":memory:"
    if in_memory:
        return _build_here(chronicle_dir, progress)
    command = [sys.executable, "-m", "vtm_tui.review.index_builder", str(chronicle_dir)]
    try:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 encoding="utf-8")
    except OSError:
        return _build_here(chronicle_dir, progress)
    assert child.stdout is not None and child.stderr is not None
    for line in child.stdout:
        if stop is not None and stop():
            child.kill()
            child.wait()
            return "stopped"
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit() and progress is not None:
            progress(int(parts[0]), int(parts[1]))
    problem = child.stderr.read().strip()
    if child.wait() != 0:
        return problem.splitlines()[-1] if problem else f"the index build stopped (status {child.returncode})"
    return ""


def _build_here(chronicle_dir: Path, progress: Progress | None) -> str:
    from vtm_tui.errors import VtmError
    from vtm_tui.store.index import sync_index

    try:
        sync_index(chronicle_dir, progress)
    except VtmError as exc:
        return str(exc)
    return ""


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m vtm_tui.review.index_builder CHRONICLE", file=sys.stderr)
        return 2
    from vtm_tui.errors import VtmError
    from vtm_tui.store.index import sync_index

    def report(done: int, total: int) -> None:
        print(done, total, flush=True)

    try:
        sync_index(Path(args[0]), report)
    except VtmError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
