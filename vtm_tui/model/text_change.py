"""What a log entry says about a change of a long text (notes): the changed span, not both whole texts.

A notes edit used to log the text before and after, whole: one seat with 49,000 four-byte characters in its
notes and 656 one-key edits grew the session log by 68 MB, past what any reader took, and nobody could read
the session again. An entry now holds, for a text of more than :data:`WHOLE_UP_TO` characters on either side,
only the span that differs with :data:`CONTEXT` characters of context each side (each side cut to
:data:`MAX_SPAN` characters, ``…`` marking what is left out), and under ``span`` the offset where the change
starts, the lengths of both whole texts and a digest of each (SHA-256, the first 16 hex digits), so the entry
still says which texts it went between. Short texts are logged whole, as before.

Every reader shows ``before``/``after`` as it did (``notes …old words…→…new words…``); undo never reads them
(:class:`~vtm_tui.play.sheet_save.SheetKeeper` keeps both sheets), so it restores the whole text exactly.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.model.digest import sha256

#: A text up to this many characters is logged whole.
WHOLE_UP_TO = 200
#: Characters of unchanged text kept each side of the changed span.
CONTEXT = 40
#: The most characters one side of a change may log (the changed span cut in its middle beyond it).
MAX_SPAN = 400
ELLIPSIS = "…"


def digest(text: str) -> str:
    """A short digest naming a whole text (SHA-256 of its UTF-8, the first 16 hex digits)."""
    return sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def bounded_change(change: dict[str, Any]) -> dict[str, Any]:
    """``change`` with every long text (its ``before``/``after``, or a batch's values) cut to its changed span.

    A change with nothing long is returned as it is; one with long texts gets ``span`` (one text) or ``spans``
    (a batch, by field) saying where the change is and what the whole texts were."""
    before, after = change.get("before"), change.get("after")
    if isinstance(before, str) and isinstance(after, str):
        if not _long(before, after):
            return change
        old, new, span = excerpt(before, after)
        return {**change, "before": old, "after": new, "span": span}
    if isinstance(before, dict) and isinstance(after, dict):
        old_values, new_values, spans = dict(before), dict(after), {}
        for key, value in after.items():
            was = before.get(key, "")
            if isinstance(value, str) and isinstance(was, str) and _long(was, value):
                old_values[key], new_values[key], spans[key] = excerpt(was, value)
        if spans:
            return {**change, "before": old_values, "after": new_values, "spans": spans}
    return change


def excerpt(before: str, after: str) -> tuple[str, str, dict[str, Any]]:
    """The changed span of ``before`` and of ``after`` with context, and the ``span`` table describing them."""
    limit = min(len(before), len(after))
    start = 0
    while start < limit and before[start] == after[start]:
        start += 1
    end = 0  # characters equal at the end, not overlapping the start
    while end < limit - start and before[-1 - end] == after[-1 - end]:
        end += 1
    span = {"at": start, "before_length": len(before), "after_length": len(after),
            "before_digest": digest(before), "after_digest": digest(after)}
    return _side(before, start, end), _side(after, start, end), span


def _side(text: str, start: int, end: int) -> str:
    """``text``'s changed part (``start`` to ``len - end``) with context, cut to :data:`MAX_SPAN` characters."""
    lo, hi = max(0, start - CONTEXT), min(len(text), len(text) - end + CONTEXT)
    middle = text[lo:hi]
    if len(middle) > MAX_SPAN:
        half = (MAX_SPAN - 1) // 2
        middle = middle[:half] + ELLIPSIS + middle[-half:]
    return (ELLIPSIS if lo > 0 else "") + middle + (ELLIPSIS if hi < len(text) else "")


def _long(*texts: str) -> bool:
    return any(len(text) > WHOLE_UP_TO for text in texts)
