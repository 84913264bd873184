"""One row of the log view laid out in columns: which words go where, padded, and which style each takes.

:func:`line_pieces` decides the layout (pure: no Textual, no styles, only component names);
:func:`pieces_strip` turns the pieces into one strip with the view's styles. The strip is built from
segments directly: going through a ``rich.text.Text`` (spans, sorted, their styles combined on render) was
most of what drawing one new line cost, and every app of the table draws one for every roll anyone makes.
The segments are the ones ``Text.render`` gives (control codes stripped the same way, neighbouring unstyled
words in one segment), so the screen is the same to the byte.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.cells import cell_len
from rich.control import strip_control_codes
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from vtm_tui.review.lines import EntryLine

#: Cells per column at a comfortable width and at 80 columns: (actor, what, dice, outcome).
WIDE = (16, 22, 20, 15)
NARROW = (11, 14, 18, 15)
VIRTUAL_WIDTH = 240  # lines are cut here; ←/→ scroll to the comments

#: A piece of a line: its text and the component class it is styled with ("" unstyled).
Piece = tuple[str, str]


def column_widths(width: int) -> tuple[int, int, int, int]:
    """(actor, what, dice, outcome) cells for a view ``width`` wide: past 130 columns the room goes to the
    pool and the actor, so a wide terminal shows ``Dexterity 3 + Firearms 2 + Blood Surge 2`` whole."""
    if width < 100:
        return NARROW
    extra = max(0, width - 130)
    actor, what, dice, outcome = WIDE
    return actor + min(8, extra // 5), what + min(34, extra // 2), dice, outcome


def line_pieces(line: EntryLine, width: int, secret_width: bool) -> list[Piece]:
    """The pieces of ``line`` for a view ``width`` wide; ``secret_width`` leaves room for "3 secret"."""
    actor_w, what_w, dice_w, outcome_w = column_widths(width)
    pieces: list[Piece] = [(line.time, "log-view--time"), (" ", ""), (_fit(line.actor, actor_w), "log-view--actor"),
                           (" ", "")]
    if not line.result:  # notes, changes, session marks: the comment follows at once
        pieces.append((line.what + ("  " if line.comment and line.what else ""), ""))
        pieces.append((line.comment, "log-view--comment"))
        return pieces
    pieces += [(_fit(line.what, what_w), ""), (" ", "")]
    used = 0
    for number, die in enumerate(line.dice):
        if number:
            pieces.append((" ", ""))
            used += 1
        pieces.append((die.text, "log-view--hunger" if die.hunger else ""))
        used += len(die.text)
    pieces.append((" " * max(1, dice_w - used + 1), ""))
    narrow = width < 100
    diff_w = (6 if narrow else 9) if secret_width else 3
    secret = line.difficulty.endswith("secret")
    difficulty = line.difficulty.replace(" secret", " sec") if narrow else line.difficulty
    pieces += [(_fit(difficulty, diff_w), "log-view--secret" if secret else ""), (" ", ""),
               (_fit(line.outcome, outcome_w), f"log-view--{line.tone}" if line.tone else ""), (" ", ""),
               (f"{line.margin:>3}", "")]
    if line.comment:
        pieces += [("  ", ""), (line.comment, "log-view--comment")]
    return pieces


def pieces_strip(pieces: list[Piece], style_of: Callable[[str], Style], base: Style) -> Strip:
    """The pieces as one strip :data:`VIRTUAL_WIDTH` cells wide over ``base`` (the view's own style)."""
    segments: list[Segment] = []
    plain = ""  # unstyled text waiting for the next styled piece (one segment, as Text.render makes it)
    total = 0
    for text, component in pieces:
        if not text:
            continue
        text = strip_control_codes(text.replace("\r\n", " ↵ ").replace("\n", " ↵ ").replace("\t", " "))
        total += cell_len(text)
        if not component:
            plain += text
            continue
        if plain:  # a styled piece ends the unstyled run, even one that was all control codes
            segments.append(Segment(plain, base))
            plain = ""
        if text:
            segments.append(Segment(text, base + style_of(component)))
    if plain:
        segments.append(Segment(plain, base))
    return Strip(segments, total).extend_cell_length(VIRTUAL_WIDTH, base).crop(0, VIRTUAL_WIDTH)


def with_cursor(strip: Strip, cursor: Style) -> Strip:
    """``strip`` with the cursor's style over every segment."""
    return Strip([Segment(s.text, (s.style or Style()) + cursor, s.control) for s in strip], strip.cell_length)


def _fit(text: str, width: int) -> str:
    """``text`` cut with an ellipsis or padded to exactly ``width`` cells."""
    if len(text) > width:
        return text[: width - 1] + "…"
    return text.ljust(width)
