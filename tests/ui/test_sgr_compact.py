"""The colour-code compactor: a terminal shows, cell for cell, what the stream Textual wrote would show."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.ui.sgr_compact import DEFAULT, Sgr, SgrCompactor, apply_sgr

VISIBLE_ON_BLANK = {"4", "7", "9", "21", "53"}


class Screen:
    """A tiny terminal: SGR, cursor position, CR, LF, erase characters (ECH) and cursor forward (CUF)."""

    def __init__(self, columns: int = 40, rows: int = 6) -> None:
        self.columns, self.rows = columns, rows
        self.cells: dict[tuple[int, int], tuple[str, Sgr]] = {}
        self.x = self.y = 0
        self.sgr = DEFAULT

    def feed(self, data: str) -> None:
        for match in re.finditer(r"\x1b\[([0-9;]*)([A-Za-z])|([^\x1b])", data):
            parameters, final, char = match.groups()
            if char is not None:
                if char == "\r":
                    self.x = 0
                elif char == "\n":
                    self.y += 1
                else:
                    self.cells[(self.y, self.x)] = (char, self.sgr)
                    self.x += 1
            elif final == "m":
                after = apply_sgr(self.sgr, parameters)
                assert after is not None
                self.sgr = after
            elif final == "H":
                row, column = (int(p) for p in parameters.split(";"))
                self.y, self.x = row - 1, column - 1
            elif final == "X":
                for offset in range(int(parameters)):
                    self.cells[(self.y, self.x + offset)] = (" ", self.sgr)
            elif final == "C":
                self.x += int(parameters)

    def seen(self) -> dict[tuple[int, int], tuple]:
        """What a person sees in each cell: a blank shows only its background and the attributes that draw."""
        shown = {}
        for place, (char, sgr) in self.cells.items():
            if char == " ":
                reverse = "7" in sgr.attributes
                shown[place] = (" ", sgr.bg, sgr.attributes & VISIBLE_ON_BLANK, sgr.fg if reverse else "")
            else:
                shown[place] = (char, sgr.fg, sgr.bg, sgr.attributes)
        return shown


def _both(stream: list[str]) -> tuple[Screen, Screen, str]:
    original, compacted = Screen(), Screen()
    compactor = SgrCompactor()
    out = ""
    for write in stream:
        original.feed(write)
        out += compactor.feed(write)
    compacted.feed(out)
    return original, compacted, out


COLOURS = ["38;2;230;220;211", "38;2;163;22;26", "38;5;196", "31", ""]
BACKS = ["48;2;23;18;19", "48;2;33;28;28", "44", ""]
ATTRS = ["", "1", "3", "7", "4", "1;3"]


@st.composite
def textual_frames(draw) -> list[str]:
    """Writes shaped as Textual's: cursor moves, then runs of ``ESC[style m text ESC[0m``, lines ended by CRLF."""
    writes = []
    for _ in range(draw(st.integers(1, 3))):
        parts = []
        for row in range(draw(st.integers(1, 4))):
            parts.append(f"\x1b[{row + 1};{draw(st.integers(1, 5))}H")
            for _ in range(draw(st.integers(1, 5))):
                style = ";".join(p for p in (draw(st.sampled_from(ATTRS)), draw(st.sampled_from(COLOURS)),
                                             draw(st.sampled_from(BACKS))) if p)
                text = draw(st.sampled_from(["ab", " ", "   ", " " * 15, "█", "x y", " " * 30]))
                parts.append(f"\x1b[{style}m{text}\x1b[0m" if style else text)
            if draw(st.booleans()):
                parts.append("\r\n")
        writes.append("".join(parts))
    return writes


@settings(max_examples=300, deadline=None)
@given(textual_frames())
def test_the_compacted_stream_shows_the_same_cells(stream: list[str]) -> None:
    original, compacted, _ = _both(stream)
    assert compacted.seen() == original.seen()
    assert (compacted.x, compacted.y) == (original.x, original.y)
    assert compacted.sgr == original.sgr  # the next write starts where the original would have


def test_a_textual_line_loses_most_of_its_colour_codes() -> None:
    bg = "48;2;23;18;19"
    line = (f"\x1b[1;1H\x1b[38;2;163;22;26;{bg}m█\x1b[0m\x1b[{bg}m \x1b[0m\x1b[38;2;162;160;160;{bg}mPool\x1b[0m"
            f"\x1b[{bg}m" + " " * 30 + f"\x1b[0m\x1b[38;2;163;22;26;{bg}m█\x1b[0m\r\n")
    original, compacted, out = _both([line])
    assert compacted.seen() == original.seen()
    assert len(out) < 0.6 * len(line)
    assert out.count("\x1b[0m") <= 1


def test_codes_it_does_not_follow_are_passed_on() -> None:
    line = "\x1b[38;2;1;2;3mab\x1b[0m\x1b[58;2;9;9;9mcd\x1b[0m\x1b[31mef\x1b[0m"
    out = SgrCompactor().feed(line)
    assert "\x1b[58;2;9;9;9m" in out and "cd" in out and out.endswith("\x1b[0m")


def test_the_state_is_a_named_tuple_not_a_dataclass():
    """The seat's driver imports this module before the first frame reaches the terminal; defining a frozen
    dataclass there compiled 4 M instructions of methods (``python -m benchmarks startup``, whole process)."""
    import dataclasses

    assert not dataclasses.is_dataclass(Sgr)
    assert Sgr("38;5;1") == Sgr(fg="38;5;1", bg="", attributes=frozenset()) and hash(Sgr()) == hash(DEFAULT)


def test_a_style_named_again_is_not_parsed_again() -> None:
    """Textual names a run's whole style before every run: a frame holds a few styles hundreds of times. Each
    (state, code) is worked out once (the first frame at 80×24 took 2.3 ms to compact, 1.4 ms with this)."""
    run = "\x1b[38;2;200;200;200;48;2;20;20;30m{}\x1b[0m"
    frame = "".join(run.format(f"cell {i}") for i in range(200))
    apply_sgr.cache_clear()
    compacted = SgrCompactor().feed(frame)
    info = apply_sgr.cache_info()
    assert info.misses <= 2 and info.hits >= 398
    assert compacted.count("\x1b[38;2;200;200;200;48;2;20;20;30m") == 1  # what the terminal sees is unchanged
