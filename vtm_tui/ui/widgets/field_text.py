"""A text field drawn as segments of one line: its value (scrolled to keep the caret in view), a completion
offered after it, or its placeholder; the caret in its own style. Used by the roll form's one widget
(:mod:`vtm_tui.ui.widgets.roll_fields`), which owns the cursor; kept apart because it is pure drawing."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style


def text_segments(value: str, cursor: int, size: int, *, placeholder: str = "", suggestion: str = "",
                  here: bool = False, field: Style, dim: Style, caret: Style, selected: tuple[int, int] = (0, 0),
                  mark: Style = Style()) -> list[Segment]:
    """``size`` cells of a text field. ``here``: the cursor is on it (the caret shows at ``cursor``, the text
    scrolls to keep it in view, ``suggestion``, what completion would add, shows dim after the value, and the
    characters from ``selected[0]`` to ``selected[1]`` are marked)."""
    if size <= 0:
        return []
    if not value:
        shown = placeholder[:size].ljust(size)
        if here:
            return [Segment(shown[:1], field + caret), Segment(shown[1:], field + dim)]
        return [Segment(shown, field + dim)]
    if not here:
        shown = value[:size]
        return [Segment(shown, field), *([Segment(" " * (size - len(shown)), field)] if len(shown) < size else [])]
    cursor = min(cursor, len(value))
    start = max(0, cursor - size + 1)
    shown = (value + suggestion)[start:start + size].ljust(size)
    typed = max(0, min(size, len(value) - start))
    at = cursor - start
    # Cut where a style may change (typed text / suggestion, selection, caret), not at every character.
    cuts = sorted({0, size, typed, at, at + 1, *(min(size, max(0, edge - start)) for edge in selected)} &
                  set(range(size + 1)))
    segments: list[Segment] = []
    for left, right in zip(cuts, cuts[1:]):
        style = field if left < typed else field + dim
        if selected[0] <= start + left < selected[1]:
            style += mark
        if left == at:
            style += caret
        if segments and segments[-1].style == style:
            segments[-1] = Segment(segments[-1].text + shown[left:right], style)
        else:
            segments.append(Segment(shown[left:right], style))
    return segments
