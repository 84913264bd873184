"""Start to first screen, against a bare Textual "hello" app started the same way.

Budget (docs/architecture.md, "Speed budget"): with 100 characters and 100,000 logged rolls over 300 sessions,
start to the first screen within 1.35× the bare app. Both are measured two ways, each
in fresh processes so import costs count as they do for a user:

- headless: a child process times from its first line to the first paint of its first
  screen under ``App.run_test()`` (imports included; not Pilot's wait for the app to go
  idle, which counted the work started after the first paint);
- whole process: the real command on a pseudo-terminal (80×24, as over SSH), timed
  from spawn until the first screen's text reaches the terminal.

Wall-clock ratios on a shared virtual machine swing by a third from one pair to the next, so both are also
counted in instructions (valgrind's callgrind, when installed), each process from its start to the point the
timed runs stop at: the headless child's first paint, and on the pseudo-terminal the frame that carries the
first screen's text, as the driver hands it to Textual's writer thread. Those two ratios are the deterministic
ones, printed beside the wall-clock ones against the same budget.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.figure import Figure
from benchmarks.instructions import count_instructions, have_valgrind
from benchmarks.ptyrun import PtyProgram
from benchmarks.synthetic import build_chronicle

RATIO_BUDGET = 1.35

HELLO_APP = '''
from textual.app import App
from textual.widgets import Static


class Hello(App):
    def compose(self):
        yield Static("Hello, night")


if __name__ == "__main__":
    Hello().run()
'''

HEADLESS_CHILD = '''
import time
t0 = time.perf_counter()
import asyncio, json, os, sys
kind, path = sys.argv[1], sys.argv[2]
counted = sys.argv[3:] == ["exit"]  # counted in instructions: the process ends at the first paint
if kind == "hello":
    sys.path.insert(0, path)
    from hello import Hello
    app = Hello()
else:
    import gc
    gc.disable()  # as the vtm-tui command starts the app (vtm_tui.cli.run_app)
    from vtm_tui.ui.app import VtmApp
    app = VtmApp(path=path)
from textual.app import App

shown = []
original = App._display

def display(self, screen, renderable):
    if not shown and screen.children:  # the first paint of a screen with something on it
        shown.append(time.perf_counter() - t0)
        if counted:
            os._exit(0)
    return original(self, screen, renderable)

App._display = display

async def main():
    async with app.run_test(size=(80, 24)) as pilot:
        while not shown:
            await asyncio.sleep(0.001)
    print(json.dumps({"seconds": shown[0]}))

asyncio.run(main())
'''

#: The real command on a terminal, counted: the driver hands the frame with the first screen's text (``needle``) to
#: Textual's writer thread, and the process ends there, where the timed run stops reading. Not when that thread has
#: written it: until then the app's thread goes on drawing for as long as the interpreter lets it (a time, under
#: valgrind too), and two counts of the same code ended 45 M instructions apart.
PTY_COUNTED_CHILD = '''
import os, runpy, sys
kind, target, needle = sys.argv[1], sys.argv[2], sys.argv[3]
from textual.drivers import _writer_thread

original = _writer_thread.WriterThread.write
seen = [""]

def write(self, text):
    seen[0] = seen[0][-len(needle):] + text
    if needle in seen[0]:
        os._exit(0)
    return original(self, text)

_writer_thread.WriterThread.write = write
if kind == "hello":
    sys.argv = [target]
    runpy.run_path(target, run_name="__main__")
else:
    sys.argv = ["vtm_tui", target]
    runpy.run_module("vtm_tui", run_name="__main__", alter_sys=True)
'''


def _headless(kind: str, path: Path, env: dict[str, str]) -> float:
    out = subprocess.run(
        [sys.executable, "-c", HEADLESS_CHILD, kind, str(path)],
        capture_output=True, text=True, check=True, env=env,
    )  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])["seconds"]


def _whole_process(argv: list[str], needle: bytes, env: dict[str, str]) -> float:
    program = PtyProgram(argv, env=env).start()
    try:
        return program.read_until(needle, quiet=0.05)
    finally:
        program.stop()


def _counted(quick: bool, root: Path, chronicle: Path, env: dict[str, str]) -> tuple[str, dict[str, int]]:
    """Instructions to the first paint (headless) and to the first frame written (pty) of each app, or why they
    were not counted. Once each: a count does not move from run to run as a time does."""
    if quick:
        return "skipped: --quick", {}
    if not have_valgrind():
        return "skipped: no valgrind", {}
    env = {**env, "PYTHONHASHSEED": "0"}  # the same string hashes, so the same dict and set probing, every run
    # Caches warm as a user's second start finds them: the parsed styles are kept once the first paint is past.
    warm = PtyProgram([sys.executable, "-m", "vtm_tui", str(chronicle)], env=env).start()
    try:
        warm.read_until(b"Benchmark Nights", quiet=1.0)
    finally:
        warm.stop()
    headless = [sys.executable, "-c", HEADLESS_CHILD]
    pty = [sys.executable, "-c", PTY_COUNTED_CHILD]
    return "", {
        "hello headless": count_instructions([*headless, "hello", str(root), "exit"], env),
        "vtm headless": count_instructions([*headless, "vtm", str(chronicle), "exit"], env),
        "hello pty": count_instructions([*pty, "hello", str(root / "hello.py"), "Hello, night"], env, on_pty=True),
        "vtm pty": count_instructions([*pty, "vtm", str(chronicle), "Benchmark Nights"], env, on_pty=True),
    }


def _count_rows(where: str, skipped: str, counts: dict[str, int], size: str) -> list[Figure]:
    """The instruction counts of one way of starting, in millions, and their ratio against the budget."""
    hello, vtm = counts.get(f"hello {where}", 0), counts.get(f"vtm {where}", 0)
    label = "headless" if where == "headless" else "whole process"
    return [
        Figure(f"start: hello, {label}, instructions", hello / 1e6, "M", None, "callgrind", skipped),
        Figure(f"start: vtm-tui, {label}, instructions", vtm / 1e6, "M", None, size, skipped),
        Figure(f"start: ratio {label} in instructions", vtm / hello if hello else 0.0, "x", RATIO_BUDGET,
               "the deterministic one: callgrind's count, within 0.5 % run to run", skipped),
    ]


def figures(quick: bool) -> list[Figure]:
    repeat = 1 if quick else 11
    entries, sessions = (2_000, 10) if quick else (100_000, 300)
    with tempfile.TemporaryDirectory(prefix="vtm-bench-start-") as temp:
        root = Path(temp)
        chronicle = build_chronicle(root / "chronicle", characters=100, sessions=sessions, entries=entries)
        (root / "hello.py").write_text(HELLO_APP)
        env = {**os.environ, "VTM_TUI_CACHE": str(root / "cache"), "PYTHONPATH": os.getcwd()}
        # A user's Python keeps compiled bytecode; this sandbox sets PYTHONDONTWRITEBYTECODE, which made
        # every start compile vtm-tui's changed modules again (Textual's come compiled from pip).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        # Warm the OS file cache and the index once, as a second start would find them.
        _headless("vtm", chronicle, env)
        size = f"100 characters, {entries:,} rolls, {sessions} sessions"

        # Interleaved (hello, vtm, hello, vtm, ...) and compared pair by pair: on a shared machine the
        # speed drifts by a third within a minute, and two blocks measured one after the other drifted apart.
        pairs_h = [(_headless("hello", root, env), _headless("vtm", chronicle, env)) for _ in range(repeat)]
        hello_argv = [sys.executable, str(root / "hello.py")]
        vtm_argv = [sys.executable, "-m", "vtm_tui", str(chronicle)]
        pairs_p = [(_whole_process(hello_argv, b"Hello, night", env), _whole_process(vtm_argv, b"Benchmark Nights", env))
                   for _ in range(repeat)]
        hello_h, vtm_h = (statistics.median(side) for side in zip(*pairs_h))
        hello_p, vtm_p = (statistics.median(side) for side in zip(*pairs_p))
        ratio_h = statistics.median(vtm / hello for hello, vtm in pairs_h)
        ratio_p = statistics.median(vtm / hello for hello, vtm in pairs_p)
        skipped, counts = _counted(quick, root, chronicle, env)
    return [
        Figure("start: bare Textual hello, headless", hello_h * 1000, "ms", None, "baseline"),
        Figure("start: vtm-tui first screen, headless", vtm_h * 1000, "ms", None, size),
        Figure("start: ratio headless (vtm / hello)", ratio_h, "x", RATIO_BUDGET, "median of interleaved pairs"),
        *_count_rows("headless", skipped, counts, size),
        Figure("start: bare Textual hello, whole process", hello_p * 1000, "ms", None, "pty 80x24"),
        Figure("start: vtm-tui first screen, whole process", vtm_p * 1000, "ms", None, size),
        Figure("start: ratio whole process (vtm / hello)", ratio_p, "x", RATIO_BUDGET, "median of interleaved pairs"),
        *_count_rows("pty", skipped, counts, size),
    ]
