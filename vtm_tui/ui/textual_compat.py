"""Where the app leans on Textual's private parts, each for a reason a seat makes real, all behind one version check.

A seat is a terminal on a player's screen, fed by a player's keyboard. Textual
8.2 gets three things wrong there, and no public hook reaches them (the safety overrides):

- **Crash reports.** ``App._handle_exception`` → ``_fatal_error`` prints a Rich
  traceback *with local variables* (a secret Difficulty, private notes, server
  paths) to the terminal. :class:`CrashGuard` overrides ``_handle_exception``:
  the report goes to a file (:mod:`vtm_tui.crash`), the terminal gets one line
  through the public ``App.panic``.
- **Input.** ``LinuxDriver.run_input_thread`` decodes stdin as strict UTF-8, so
  one ``0xff`` byte kills the input thread (and the app, with a traceback); and
  when stdin reaches its end (the terminal went away without a SIGHUP) it spins
  on an always-readable descriptor forever. :class:`SeatDriver` copies that
  method with a lenient decoder and treats end of input (or EIO) as a hang-up.
- **Sizes.** A terminal may report any size (``CSI 48;3000;3000 t`` or a window
  change over SSH); laying out 3000×3000 cells takes hundreds of MB and seconds
  per frame. :class:`SeatDriver` clamps every size to :data:`MAX_SIZE`.

The speed overrides, each kept for a figure it buys (docs/textual.md has them, measured):

- **Restyles.** Textual counts its stylesheet's generations in a private ``_css_update_count`` on the app and
  on each screen, and restyles a whole screen whose count lags. A mode's screen is styled as it mounts, so it
  is current from the start; :func:`mark_styles_current` says so, and :func:`css_generation` reads the count,
  so that what was drawn or styled under one generation is reused until it moves on
  (:mod:`vtm_tui.ui.screens.mode_screen`, the roll dialog opened again, the log's painted lines).
- **Frames.** A screen whose layout and whole repaint are both due in one update (a kept dialog shown again
  with another page than it closed on) is sent twice in that update: the layout's changed part, then the
  whole screen. :class:`OneFrameScreen` skips the first (it is drawn again at once).
- **Parsed styles.** :func:`install_css_cache` has the stylesheet look its parsed rules up in
  :mod:`vtm_tui.ui.css_cache` before parsing.

Everything else in ``vtm_tui/ui`` uses Textual's public API only (``tests/ui/test_textual_public.py`` checks).

**The version check.** These overrides copy or lean on the internals of the Textual releases the tests were run
against: :data:`TESTED_RANGE`, the same range as pyproject's dependency. :func:`require_tested_textual` is the one
check: under any other Textual the app refuses to start with one line saying so (``CrashGuard.run``), so no
override is ever switched off silently. ``tests/adversarial/test_terminal*.py`` and ``test_crash*.py`` fail if a
release in the range breaks any of this.
"""

from __future__ import annotations

import functools
import os
import re
import selectors
import signal
import sys
import threading
from codecs import getincrementaldecoder
from pathlib import Path
from functools import lru_cache
from typing import Any

import textual
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import App
from textual.content import Content
from textual.driver import Driver
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from vtm_tui.errors import VtmError
from vtm_tui.terminal_text import drop_unsafe

#: The Textual releases these overrides were written for and the tests were run against: at least the first,
#: below the second. pyproject's dependency states the same range (tests/ui/test_textual_public.py keeps the
#: two equal); widen it only after running the UI, snapshot and adversarial tests under the new release.
TESTED_RANGE = ((8, 2, 7), (8, 3, 0))
#: The largest terminal the app lays out (columns, rows): far beyond any real screen, small enough to stay cheap.
MAX_SIZE = (500, 200)


@functools.cache
def textual_version() -> str:
    """The installed Textual's version, read from its ``dist-info`` beside the package when it is there.

    ``textual.__version__`` asks ``importlib.metadata``, whose import (email parsing, zip files) took
    20-50 ms of every start, before the first screen (``python -m benchmarks startup``). Read once: the
    search of the packages folder took about 5 ms.
    """
    package = Path(textual.__file__).parent
    for info in sorted(package.parent.glob("textual-*.dist-info")):
        try:
            with open(info / "METADATA", encoding="utf-8") as metadata:
                for line in metadata:
                    if line.startswith("Version:"):
                        return line.partition(":")[2].strip()
                    if not line.strip():
                        break  # the headers end here
        except OSError:
            continue
    return str(textual.__version__)  # another layout (a source checkout): ask the slow way


def check_version(version: str | None = None) -> bool:
    """Whether ``version`` (default: the installed one) is a Textual release in :data:`TESTED_RANGE`.

    A pre-release or a development build (``8.2.9rc1``, ``8.2.9.dev0``) is not one the tests have seen."""
    if version is None:
        version = textual_version()
    found = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", version.strip())
    if found is None:
        return False
    lowest, beyond = TESTED_RANGE
    return lowest <= tuple(int(part) for part in found.groups()) < beyond


def tested_range_text() -> str:
    """:data:`TESTED_RANGE` as a pip requirement (``textual>=8.2.7,<8.3``), as pyproject states it."""
    lowest, beyond = TESTED_RANGE
    return f"textual>={_release(lowest)},<{_release(beyond)}"


def _release(version: tuple[int, int, int]) -> str:
    return ".".join(str(part) for part in (version if version[2] else version[:2]))


def require_tested_textual() -> None:
    """Refuse to run the app under a Textual the tests have not seen: its safety overrides (crash report, input,
    sizes) lean on internals that may have moved, and they are never switched off silently."""
    if not check_version():
        raise VtmError(f"this vtm-tui was tested with {tested_range_text()}, and Textual {textual_version()} is "
                       f"installed; install a tested one: pip install '{tested_range_text()}'")


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size the app can afford to lay out (at least 1×1, at most :data:`MAX_SIZE`)."""
    return max(1, min(int(width), MAX_SIZE[0])), max(1, min(int(height), MAX_SIZE[1]))


def css_generation(app: App[Any]) -> int:
    """How many times the app's stylesheet has changed (themes, variables); a screen that saw an older
    generation is restyled when it is next shown.

    Textual private API: ``App._css_update_count``."""
    return int(app._css_update_count)


def mark_styles_current(screen: Any, app: App[Any]) -> None:
    """Tell Textual that ``screen`` already has the app's current styles (it is styled as it mounts), so that
    showing it the first time does not re-parse the stylesheet and restyle it again: about 30 ms of CPU on the
    first visit of each mode's screen (:mod:`vtm_tui.ui.screens.mode_screen`). Textual private API
    (``_css_update_count`` on the screen and the app)."""
    screen._css_update_count = app._css_update_count


class CrashGuard(App[None]):
    """Mixed into the app: an unexpected error ends it with one line on the terminal and a report in a file."""

    def _handle_exception(self, error: Exception) -> None:  # Textual private API, see the module docstring
        from vtm_tui.crash import report_crash

        self._return_code = 1
        if self._exception is None:  # as Textual does: run_test() re-raises it for the test framework
            self._exception = error
            self._exception_event.set()
        self.panic(Text(report_crash(error)))

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Refuse to start under a Textual the tests have not seen, or without a terminal (before a seat is taken
        or a screen drawn), then run.

        A headless run (snapshots, tools) needs none."""
        require_tested_textual()
        if not kwargs.get("headless"):
            needs_terminal()
        from vtm_tui.crash import install_thread_hook

        install_thread_hook()
        return super().run(*args, **kwargs)

    def get_driver_class(self) -> type[Driver]:
        """The seat-safe driver wherever Textual would pick its Linux driver (not the web or test drivers)."""
        driver = super().get_driver_class()
        if SeatDriver is not None and driver is SeatDriver.__mro__[1]:
            return SeatDriver
        return driver


#: The exit status of a process whose terminal went away (as if a SIGHUP had ended it).
HANGUP_STATUS = 128 + signal.SIGHUP


def _hang_up() -> None:
    """The terminal is gone (end of input without a SIGHUP, e.g. SIGHUP ignored): leave the seats and end now.

    Called from the input thread; nothing can be drawn any more, and the main thread may be blocked writing
    to the dead terminal, so the process ends here rather than asking the app to shut down.
    """
    from vtm_tui.store.seats import leave_all_seats

    leave_all_seats()
    os._exit(HANGUP_STATUS)


if sys.platform != "win32":
    from textual._parser import ParseError
    from textual._xterm_parser import XTermParser
    from textual.drivers.linux_driver import LinuxDriver

    def input_timeout(parser: Any, woken_on_exit: bool) -> float | None:
        """How long the input thread may wait for a byte: for ever while the parser has no half-read
        sequence (a lone Esc waits 0.1 s for what may follow it, as in Textual) and the exit wakes it."""
        return 0.1 if not woken_on_exit or getattr(parser, "_timeout_time", 0.0) is not None else None

    class _WakingEvent(threading.Event):
        """The driver's ``exit_event`` that also wakes the input thread's select (see ``run_input_thread``)."""

        def __init__(self) -> None:
            super().__init__()
            self.wake_r, self.wake_w = os.pipe()
            os.set_blocking(self.wake_r, False)

        def set(self) -> None:
            super().set()
            try:
                os.write(self.wake_w, b"x")
            except OSError:
                pass

        def drain(self) -> None:
            try:
                while os.read(self.wake_r, 64):
                    pass
            except OSError:
                pass

    class SeatDriver(LinuxDriver):
        """Textual's Linux driver, safe against what a remote terminal can send (see the module docstring).

        It also sends a frame's colour codes only where they change, and its input thread sleeps while
        nothing is typed: Textual's wakes ten times a second to time out
        a lone Esc, which was most of an idle seat's CPU (a few hundred seats on one server); here it waits
        with no timeout unless the parser is in the middle of a sequence, and the exit wakes it."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.exit_event = _WakingEvent()
            from vtm_tui.ui.sgr_compact import SgrCompactor

            self._compactor = SgrCompactor()

        def write(self, data: str) -> None:
            """What Textual writes, its colour codes sent only when they change (:mod:`vtm_tui.ui.sgr_compact`):
            about half the bytes over SSH."""
            super().write(self._compactor.feed(data))

        def _get_terminal_size(self) -> tuple[int, int]:
            return clamp_size(*super()._get_terminal_size())

        def process_message(self, message: Any) -> None:
            if isinstance(message, events.Resize):
                width, height = clamp_size(*message.size)
                if (width, height) != tuple(message.size):
                    size = Size(width, height)
                    message = events.Resize(size, size, size, message.pixel_size)
            super().process_message(message)

        def _run_input_thread(self) -> None:
            try:
                self.run_input_thread()
            except Exception as error:  # noqa: BLE001 - reported like any crash, never as a traceback
                self._app.call_later(self._app._handle_exception, error)

        def run_input_thread(self) -> None:
            """Textual 8.2's loop, with invalid UTF-8 replaced and the end of input treated as a hang-up."""
            selector = selectors.SelectSelector()
            selector.register(self.fileno, selectors.EVENT_READ)
            waking = self.exit_event if isinstance(self.exit_event, _WakingEvent) else None
            if waking is not None:
                selector.register(waking.wake_r, selectors.EVENT_READ, data="wake")
            fileno = self.fileno
            parser = XTermParser(self._debug)
            decode = getincrementaldecoder("utf-8")(errors="replace").decode

            def read_events(ready: list[Any], final: bool = False) -> bool:
                for key, mask in ready:
                    if key.data == "wake":
                        assert waking is not None
                        waking.drain()
                        continue
                    if mask & selectors.EVENT_READ:
                        try:
                            data = os.read(fileno, 1024 * 4)
                        except OSError:  # EIO: the terminal's other end is closed
                            data = b""
                        if not data:
                            return False
                        for event in parser.feed(decode(data, final=final)):
                            self.process_message(event)
                for event in parser.tick():
                    self.process_message(event)
                return True

            try:
                while not self.exit_event.is_set():
                    if not read_events(selector.select(input_timeout(parser, waking is not None))):
                        _hang_up()
                        return
                selector.unregister(fileno)
                read_events(selector.select(0.1), final=True)
            finally:
                selector.close()
                try:
                    for _event in parser.feed(""):
                        pass
                except (EOFError, ParseError):
                    pass
else:  # pragma: no cover - Windows has no seats over SSH to protect
    SeatDriver = None  # type: ignore[assignment,misc]


def needs_terminal() -> None:
    """Refuse to start the app without a terminal (``ssh -T``, a pipe): it would draw into nothing and never
    see its input end. Textual's own web and test drivers (``TEXTUAL_DRIVER``) bring their own I/O."""
    from textual import constants

    if constants.DRIVER:
        return
    streams = (sys.__stdin__, sys.__stderr__)
    if all(stream is not None and stream.isatty() for stream in streams):
        return
    from vtm_tui.errors import VtmError

    raise VtmError("the app needs a terminal and this login has none; connect with 'ssh -t' "
                   "(and give a seat's key the 'pty' option)")


def install_css_cache(stylesheet: Any, cache: Any) -> bool:
    """Have ``stylesheet`` (the app's) look its parsed rules up in ``cache`` (a
    :class:`~vtm_tui.ui.css_cache.ParsedCss`) before parsing; False (and nothing changed) on another Textual.

    Textual private API: ``Stylesheet._parse_rules`` (what :meth:`Stylesheet.parse` calls for each source)
    and ``Stylesheet._variables`` (the theme's values, substituted while parsing, hence part of the key).
    """
    if not hasattr(stylesheet, "_parse_rules") or not hasattr(stylesheet, "_variables"):
        return False
    from vtm_tui.model.digest import sha1

    parse_rules = stylesheet._parse_rules
    digests: dict[int, tuple[object, str]] = {}

    def variables_digest() -> str:
        variables = stylesheet._variables  # replaced, never changed in place, by set_variables
        found = digests.get(id(variables))
        if found is None or found[0] is not variables:
            text = repr(sorted(variables.items()))
            found = (variables, sha1(text.encode("utf-8", "surrogatepass")).hexdigest())
            digests.clear()
            digests[id(variables)] = found
        return found[1]

    def cached_parse_rules(css: str, read_from: Any, is_default_rules: bool = False, tie_breaker: int = 0,
                           scope: str = "") -> Any:
        key = (css, tuple(read_from), is_default_rules, tie_breaker, scope, variables_digest())
        return cache.get(key, lambda: parse_rules(css, read_from, is_default_rules, tie_breaker, scope))

    stylesheet._parse_rules = cached_parse_rules
    return True


class OneFrameScreen:
    """Mixed into a screen (before its Screen base): one frame per update, so that the roll dialog opened again is
    sent once (about 3.5 KB at 80×24, where Textual sends 6.1 KB, and 7.0 KB the first time: the 4 KB budget of
    docs/architecture.md). A layout's own frame is skipped
    when the whole screen is repainted in the same update (Textual 8.2's ``_on_timer_update`` lays out,
    drawing what moved, then draws everything); the repaint still pending keeps the update coming, so
    nothing is left undrawn. Not a Screen itself: Textual takes a class's CSS from its first DOM base.
    Textual private API (``_compositor_refresh``, ``_layout_required``, ``_repaint_required``)."""

    _layout_required: bool
    _repaint_required: bool

    def _compositor_refresh(self) -> None:
        if self._layout_required and self._repaint_required:
            return
        super()._compositor_refresh()  # type: ignore[misc]


# -- the screen's last word on user text (a safety override: see docs/textual.md) -------------------------------
# The app's last word on user text: no character a terminal obeys is drawn as itself.
#
# A sheet may hold an escape sequence (edited by hand, or from before the entering
# checks of :mod:`vtm_tui.rules.user_text`), and every widget shows names, notes
# and comments as plain text; plain text, to Textual, is still written to the
# terminal byte for byte. So the one place where the text of a line and its
# colour codes are still apart, :meth:`textual.strip.Strip.render`, drops what
# :mod:`vtm_tui.terminal_text` calls unsafe (escapes, C1 controls, bidirectional
# overrides, line separators): they take no cell in Textual's layout, so nothing
# moves, and the printable rest (``]0;title``) is shown as typed. The storyteller's
# app and every seat (SSH or browser) draw through it.
#
# It also makes every border title (and tab title) text, never markup: Textual reads a
# ``str`` title as markup (:meth:`textual.widget.Widget.render_str`), so a dialog titled
# with a character's name (``Blood — Aaa [/oops]``) ended the app with a MarkupError,
# and ``[@click=app.quit]`` became a link. No title in the app is markup; a widget
# that wants styling in one passes a :class:`~textual.content.Content`.

def install_screen_text() -> None:
    """Wrap :meth:`Strip.render` and :meth:`Widget.render_str` once per process (the app calls it as it starts)."""
    original = Strip.render
    if getattr(original, "drops_unsafe", False):
        return
    Widget.render_str = _plain_title  # type: ignore[method-assign]

    def render(self: Strip, console: Any) -> str:
        if all(segment.text.isprintable() for segment in self):  # the usual line: nothing to look at
            return original(self, console)
        clean = Strip([Segment(drop_unsafe(s.text), s.style, s.control) for s in self], self.cell_length)
        return original(clean, console)

    render.drops_unsafe = True  # type: ignore[attr-defined]
    Strip.render = render  # type: ignore[method-assign]


def _plain_title(self: Widget, text_content: str | Content) -> Content:
    """A title as given: text, never markup (see the module docstring)."""
    return text_content if isinstance(text_content, Content) else _content(text_content)


@lru_cache(maxsize=256)
def _content(text: str) -> Content:
    """One :class:`Content` per title text: a dialog's border is drawn again on every frame, and a title made anew
    each time is parsed anew each time."""
    return Content(text)
