"""What a seat may read of a message: files named as the chronicle names them, never server paths.

Store errors name the file they are about with its full path, which the
storyteller needs and a player must not see (issue 14: where the server keeps
the chronicle is nobody's business at the table). Every place that shows a
message on a seat passes it through :func:`seat_text`.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.store.paths import hide_root


def seat_text(app: Any, text: str) -> str:
    """``text`` as ``app`` may show it: unchanged for the storyteller, the chronicle's folder cut out on a seat."""
    chronicle = app.start_path
    if app.player is None or chronicle is None:
        return text
    return hide_root(text, chronicle)
