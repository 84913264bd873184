"""The roll form's text fields drawn as one line: always exactly their width, the caret shown once, in view."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rich.style import Style

from vtm_tui.ui.widgets.field_text import text_segments

FIELD, DIM, CARET = Style(color="white"), Style(dim=True), Style(reverse=True)


@given(value=st.text(alphabet="abc +", max_size=40), cursor=st.integers(0, 45), size=st.integers(1, 30),
       suggestion=st.text(alphabet="xyz", max_size=10), here=st.booleans())
def test_a_field_is_its_width_with_one_caret_in_view(value, cursor, size, suggestion, here) -> None:
    segments = text_segments(value, cursor, size, placeholder="type here", suggestion=suggestion, here=here,
                             field=FIELD, dim=DIM, caret=CARET)
    text = "".join(segment.text for segment in segments)
    assert len(text) == size
    carets = [segment for segment in segments if segment.style and segment.style.reverse]
    if here:
        assert len(carets) == 1 and len(carets[0].text) == 1  # one cell, within the field's width
    else:
        assert not carets
    if value and not here:
        assert text.rstrip() == value[:size].rstrip()


def test_the_caret_follows_the_end_of_a_long_value() -> None:
    segments = text_segments("Manipulation + Subterfuge", 25, 10, here=True, field=FIELD, dim=DIM, caret=CARET)
    assert "".join(s.text for s in segments).startswith("ubterfuge")  # the end in view, the caret after it
    assert segments[-1].text == " " and segments[-1].style.reverse


def _per_character(value: str, cursor: int, size: int, suggestion: str, selected: tuple[int, int],
                   mark: Style) -> list[tuple[str, Style]]:
    """What a focused field shows, one cell at a time: the drawing it must equal (merged into runs)."""
    cursor = min(cursor, len(value))
    start = max(0, cursor - size + 1)
    shown = (value + suggestion)[start:start + size].ljust(size)
    typed = max(0, min(size, len(value) - start))
    cells = []
    for i, char in enumerate(shown):
        style = FIELD if i < typed else FIELD + DIM
        if selected[0] <= start + i < selected[1]:
            style += mark
        if i == cursor - start:
            style += CARET
        cells.append((char, style))
    return cells


@given(value=st.text(alphabet="ab +", min_size=1, max_size=40), cursor=st.integers(0, 45), size=st.integers(1, 30),
       suggestion=st.text(alphabet="xyz", max_size=10), first=st.integers(0, 45), last=st.integers(0, 45))
def test_a_focused_field_is_drawn_in_runs_that_match_each_cell(value, cursor, size, suggestion, first, last) -> None:
    """Drawn in runs of one style (cut where the typed text, the selection or the caret begin or end), a field
    shows every cell in the style it would have drawn one character at a time, with no two runs alike."""
    mark = Style(underline=True)
    selected = (min(first, last), max(first, last))
    segments = text_segments(value, cursor, size, suggestion=suggestion, here=True, field=FIELD, dim=DIM,
                             caret=CARET, selected=selected, mark=mark)
    cells = [(char, segment.style) for segment in segments for char in segment.text]
    assert cells == _per_character(value, cursor, size, suggestion, selected, mark)
    assert all(a.style != b.style for a, b in zip(segments, segments[1:]))
