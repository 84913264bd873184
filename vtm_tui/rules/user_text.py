"""Text that enters a chronicle: the one set of checks for names, notes, comments, titles and imported files.

Everything a person types or a file brings in is checked here before it is
saved, by the store (names, notes), the headless layer (comments, titles,
ledger entries, templates) and the importers (every format, this tool's own
JSON included), so one door cannot let in what another refuses:

- typed text holding a terminal control (see :data:`vtm_tui.terminal_text.UNSAFE`:
  escapes, C1 controls, bidirectional overrides, line separators) is refused
  with one line naming the field (:func:`refuse_unsafe`); tab and newline are
  text where a field has lines;
- an imported file's text has whole escape sequences (CSI, OSC, DCS, ended by
  ST or BEL) and every other unsafe character removed (:func:`clean_imported`,
  applied to every string and key of the converted document): another tool's
  export is not the storyteller's typing, so it is cleaned, not refused;
- a character's name is normalised (:func:`normal_name`: NFC, whitespace
  collapsed) and refused when it holds a control, bidirectional or separator
  character; two names are the same name when their :func:`name_key` is (NFC,
  whitespace, case), so an NFD "Inês" or a double space is not a second Inês.

It lives in ``rules`` (the lowest layer the importers share) and needs only
:mod:`vtm_tui.terminal_text`, which says what a terminal may act on.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.terminal_text import UNSAFE, UNSAFE_CHARS

#: A whole escape sequence, 7-bit or 8-bit: CSI (``ESC [`` or 0x9b) to its final byte; OSC, DCS, SOS, PM and APC
#: (``ESC ]``, ``ESC P`` ... or 0x9d, 0x90 ...) to ST (``ESC \\`` or 0x9c) or BEL, or to the end of the text; any
#: other two-byte escape.
SEQUENCE = re.compile(r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
                      r"|(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
                      r"|\x1b[ -~]?")
#: In a name, tab, newline and carriage return are spaces (a pasted line end), collapsed with the others.
_LINE_ENDS = str.maketrans("\t\n\r", "   ")
#: In notes, a carriage return is a line end too (see :func:`refuse_unsafe`).
_UNSAFE_IN_LINES = re.compile(f"(?!\r)[{UNSAFE_CHARS}]")
#: What a refused field is told where the caller names the field itself (the ledger's and templates' loaders).
REFUSED = "holds a control character (an escape, a bidirectional or line-separator character); it must be plain text"
_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def _refusal(field: str, text: str, found: re.Match[str]) -> VtmError:
    """The one message for a refused character: the field, what kind of character, which and where."""
    char = found.group()
    kind = ("an escape" if char == "\x1b" else "a bidirectional control" if char in _BIDI
            else "a line separator" if char in "\u2028\u2029\n" else "a terminal control")
    return VtmError(f"{field} holds a control character ({kind}, U+{ord(char):04X} at character "
                    f"{found.start() + 1}); it must be plain text")


def clean_imported(text: str) -> str:
    """``text`` from a file another tool wrote: escape sequences and other unsafe characters removed."""
    if text.isprintable():
        return text
    return UNSAFE.sub("", SEQUENCE.sub("", text))


def clean_document(value: Any) -> Any:
    """``value`` (a converted character document) with :func:`clean_imported` applied to every string and key."""
    if isinstance(value, str):
        return clean_imported(value)
    if isinstance(value, Mapping):
        return {clean_imported(str(k)): clean_document(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean_document(item) for item in value]
    return value


def refuse_unsafe(text: str, field: str, *, lines: bool = False) -> str:
    """``text`` if it holds no unsafe character, else a :class:`VtmError` naming ``field``. With ``lines`` (notes)
    a carriage return is a line end as well (a note pasted from Windows keeps its ``\\r\\n``; screens lay
    lines out themselves and the command line shows it escaped)."""
    found = (UNSAFE if not lines else _UNSAFE_IN_LINES).search(text)
    if found:
        raise _refusal(field, text, found)
    return text


def normal_name(name: str, field: str = "The name") -> str:
    """``name`` in NFC with its whitespace collapsed (tab and line ends too); any other control, a bidirectional
    or a separator character is refused."""
    name = unicodedata.normalize("NFC", name).translate(_LINE_ENDS)
    found = UNSAFE.search(name)
    if found:
        raise _refusal(field, name, found)
    return " ".join(name.split())


def name_key(name: str) -> str:
    """What two names are compared by: the same key is the same name (NFC, whitespace collapsed, case folded)."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()
