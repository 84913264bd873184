"""Fewer bytes to a remote terminal: colour codes sent only when the colour changes.

Textual writes every run of text as ``ESC[<all its colours and attributes>m text ESC[0m``: after each run it
resets, and the next run names its colours again, usually the same background and often the same
foreground. In true colour each such code is about 35 bytes, most of a frame: the roll dialog at 80×24
was 8–13 KB, over half of it colour codes. :class:`SgrCompactor` rewrites the stream a driver writes so
that the terminal is only told what changes (``ESC[38;2;…m`` for a new foreground, nothing for the same
style again). What the terminal shows is the same cell for cell: every printed character, and every erase
(which paints with the current background), happens under the very attributes the original stream set.

Codes it does not understand (an underline colour, a colon form) are passed on as written, after which it
resets before the next change (it no longer knows the terminal's state). Nothing here knows Textual: it is
a filter on text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

#: One token of a terminal stream: an SGR code (group 1: its parameters), another CSI sequence (group 2:
#: its final byte), an OSC / DCS / other escape, or a run of text.
TOKEN = re.compile(
    r"\x1b\[([0-9;]*)m"
    r"|\x1b\[[0-9;?<>=!]*[ -/]*([@-~])"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1bP[^\x1b]*(?:\x1b\\)?"
    r"|\x1b[^\[\]P]?"
    r"|[^\x1b]+",
)
#: CSI finals that paint cells with the current background (erase, insert, delete, scroll).
PAINTS = frozenset("@JKLMPSTX")
#: Runs of blanks longer than this are erased and stepped over rather than sent as spaces.
LONG_BLANK = 12
#: Attribute codes and the codes that turn them off.
ATTRIBUTES = {"1", "2", "3", "4", "5", "7", "8", "9", "21", "53"}
ATTRIBUTE_OFF = {"22": {"1", "2"}, "23": {"3"}, "24": {"4", "21"}, "25": {"5"}, "27": {"7"}, "28": {"8"},
                 "29": {"9"}, "55": {"53"}}


class Sgr(NamedTuple):
    """What SGR codes have set: foreground, background (each a code string, or "" for the default) and the
    attributes on. A named tuple: the seat's driver imports this module before the first frame, and a frozen
    dataclass compiled 4 M instructions of methods there."""

    fg: str = ""
    bg: str = ""
    attributes: frozenset[str] = frozenset()

    def codes(self) -> list[str]:
        return sorted(self.attributes, key=int) + [c for c in (self.fg, self.bg) if c]


DEFAULT = Sgr()


@lru_cache(maxsize=4096)  # a frame names the same few styles over and over: each answered once
def apply_sgr(state: Sgr, parameters: str) -> Sgr | None:
    """The state after ``ESC[parameters m``; None for a code this module does not follow."""
    parts = parameters.split(";") if parameters else ["0"]
    fg, bg, attributes = state.fg, state.bg, set(state.attributes)
    index = 0
    while index < len(parts):
        code = parts[index] or "0"
        if code == "0":
            fg, bg, attributes = "", "", set()
        elif code in ATTRIBUTES:
            attributes.add(code)
        elif code in ATTRIBUTE_OFF:
            attributes -= ATTRIBUTE_OFF[code]
        elif code in ("38", "48"):
            kind = parts[index + 1] if index + 1 < len(parts) else ""
            size = {"5": 3, "2": 5}.get(kind)
            if size is None or index + size > len(parts):
                return None
            colour = ";".join(parts[index:index + size])
            index += size - 1
            if code == "38":
                fg = colour
            else:
                bg = colour
        elif code == "39":
            fg = ""
        elif code == "49":
            bg = ""
        elif code.isdigit() and (30 <= int(code) <= 37 or 90 <= int(code) <= 97):
            fg = code
        elif code.isdigit() and (40 <= int(code) <= 47 or 100 <= int(code) <= 107):
            bg = code
        else:
            return None
        index += 1
    return Sgr(fg, bg, frozenset(attributes))


@lru_cache(maxsize=4096)
def transition(shown: Sgr | None, wanted: Sgr) -> str:
    """The shortest code this module writes to go from ``shown`` (None: unknown) to ``wanted``."""
    if shown == wanted:
        return ""
    if wanted == DEFAULT:
        return "\x1b[0m"
    if shown is None or shown.attributes - wanted.attributes or (shown.fg and not wanted.fg) \
            or (shown.bg and not wanted.bg):
        return "\x1b[0;" + ";".join(wanted.codes()) + "m"
    codes = sorted(wanted.attributes - shown.attributes, key=int)
    codes += [wanted.fg] if wanted.fg != shown.fg else []
    codes += [wanted.bg] if wanted.bg != shown.bg else []
    return "\x1b[" + ";".join(codes) + "m"


class SgrCompactor:
    """Rewrites a terminal stream, one write at a time, keeping what the terminal's attributes are between
    writes. After each write the terminal is in the state the original stream left it in."""

    def __init__(self) -> None:
        self.shown: Sgr | None = DEFAULT  # what the terminal has (None: unknown)
        self.wanted: Sgr | None = DEFAULT  # what the stream asked for (None: a code not followed, passed on)

    def feed(self, data: str) -> str:
        out: list[str] = []
        for match in TOKEN.finditer(data):
            token = match.group(0)
            parameters, final = match.group(1), match.group(2)
            if parameters is not None:
                self._sgr(token, parameters, out)
                continue
            if self.wanted is not None and final is None and not token.startswith("\x1b") and token.strip("\r\n"):
                if token.strip(" ") == "" and self._blank(token, out):
                    continue
                self._sync(out)  # text is printed under the attributes asked for
            elif self.wanted is not None and final in PAINTS:
                self._sync(out)  # cells are painted with the background asked for
            out.append(token)
        if self.wanted is not None:
            self._sync(out)
        return "".join(out)

    def _sgr(self, token: str, parameters: str, out: list[str]) -> None:
        if self.wanted is None:  # passing codes on until one starts from a reset
            restarted = apply_sgr(DEFAULT, parameters) if parameters.split(";")[0] in ("", "0") else None
            if restarted is None:
                out.append(token)
            else:
                self.wanted, self.shown = restarted, None
            return
        after = apply_sgr(self.wanted, parameters)
        if after is None:
            self._sync(out)
            out.append(token)
            self.wanted = self.shown = None
        else:
            self.wanted = after

    def _blank(self, spaces: str, out: list[str]) -> bool:
        """Spaces show no foreground and no bold, dim or italic: when only those differ from what the
        terminal has, print them as they are (True); a long run is erased in place (``ESC[nX``, which
        paints the background, as a space does) and stepped over (``ESC[nC``)."""
        shown, wanted = self.shown, self.wanted
        assert wanted is not None
        visible = {"4", "7", "9", "21", "53"}  # underline, reverse, strike, double underline, overline
        if shown is None or shown.bg != wanted.bg or (shown.attributes ^ wanted.attributes) & visible \
                or (wanted.attributes & {"7"} and shown.fg != wanted.fg):
            return False
        count = len(spaces)
        out.append(f"\x1b[{count}X\x1b[{count}C" if count > LONG_BLANK else spaces)
        return True

    def _sync(self, out: list[str]) -> None:
        assert self.wanted is not None
        code = transition(self.shown, self.wanted)
        if code:
            out.append(code)
        self.shown = self.wanted
