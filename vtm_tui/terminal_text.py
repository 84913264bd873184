"""Text that leaves for a terminal: the one filter every write of user text passes through.

A name, a note or a comment is data, and a terminal obeys some characters as
commands: an escape sequence can set the clipboard (OSC 52), the window title
(OSC 0), leave the alternate screen (``CSI ?1049l``) or draw anywhere; a
right-to-left override or a line separator makes text read as something else.
Whatever a chronicle holds (a sheet edited by hand, a file from before the
entering checks of :mod:`vtm_tui.rules.user_text`), none of those characters
reaches a terminal as itself:

- the command line's stdout and stderr are wrapped by :func:`guarded` (every
  verb, every message, JSON and exports included), which writes each such
  character as a visible escape, ``\\u001b``: the same text JSON and TOML use,
  so a JSON document stays valid and means the same;
- the app (the storyteller's and every seat) drops them from the text of each
  line it draws (:func:`drop_unsafe`, installed by ``ui.textual_compat``): they
  take no cell, so nothing moves, and the printable rest is shown as typed.

Tab and newline are text, not commands, and pass on the command line (a note
keeps its lines); the app lays lines out itself, so a row it draws never holds one.
"""

from __future__ import annotations

import re
from typing import Any, TextIO

#: Characters a terminal may act on: C0 controls but tab and newline, DEL and the C1 controls (0x80-0x9f, which
#: 8-bit terminals read as ESC [, ESC ] ...), the bidirectional controls (U+061C, U+200E/F, U+202A-202E,
#: U+2066-2069) and the line and paragraph separators (U+2028, U+2029).
UNSAFE_CHARS = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
UNSAFE = re.compile(f"[{UNSAFE_CHARS}]")
#: On a screen a line is one row: a tab or a newline inside it would move the cursor as well.
_OFF_SCREEN = re.compile(f"[\t\n{UNSAFE_CHARS}]")


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def visible(text: str) -> str:
    """``text`` with every unsafe character written as ``\\uXXXX`` (tab and newline kept)."""
    return text if text.isprintable() or not UNSAFE.search(text) else UNSAFE.sub(_escaped, text)


def drop_unsafe(text: str) -> str:
    """One row of a screen without its unsafe characters, tab and newline included: the layout gave them no
    cell, and a newline in a row would draw what follows at column 0 of the next row, over another pane."""
    return text if text.isprintable() else _OFF_SCREEN.sub("", text)


class GuardedStream:
    """A text stream that writes through :func:`visible`; everything else is the wrapped stream's."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(visible(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding ...
        return getattr(self._stream, name)


def guarded(stream: TextIO) -> TextIO:
    """``stream`` wrapped by :class:`GuardedStream` (once: a guarded stream is returned as it is)."""
    return stream if isinstance(stream, GuardedStream) else GuardedStream(stream)  # type: ignore[return-value]
