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
