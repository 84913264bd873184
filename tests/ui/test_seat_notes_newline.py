"""A newline in notes stays inside its pane on a player's seat (issue 27).

A notes edit is logged with the text before and after; the seat's log drew it raw, and the terminal took the
newline for one: what followed was drawn at column 0 of the next row, over the sheet pane. Each row the app draws
is one row: the log shows a line break as ``↵`` and no row sent to the terminal holds a newline or a tab."""

from __future__ import annotations

import asyncio
import shutil
from datetime import datetime, timezone
from pathlib import Path

from tests.ui.ui_support import EXAMPLES, make_app, no_polling
from vtm_tui.model.log_entry import LogEntry
from vtm_tui.store.session_log import append_entry

WHEN = datetime(2026, 10, 3, 23, 0, tzinfo=timezone.utc)


def test_a_notes_edit_with_line_breaks_stays_in_the_seats_log_pane(tmp_path: Path, monkeypatch) -> None:
    no_polling()
    monkeypatch.setenv("VTM_TUI_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "lisboa"
    shutil.copytree(EXAMPLES / "lisboa-nocturna", folder)
    append_entry(folder, LogEntry.new("edit", session=3, ruleset="v5", now=WHEN, actor="Inês Valadares",
                                      change={"field": "notes", "before": "old", "after": "LINEONE\nLINETWO\tX"},
                                      comment="notes\nCOMMENTTWO"))

    async def scene() -> tuple[list[str], str]:
        app = make_app(folder, player="Marta")
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            rows = ["".join(segment.text for segment in strip) for strip in strips]
            sent = app.screen._compositor.render_full_update().render_segments(app.console)
            return rows, sent

    rows, sent = asyncio.run(scene())
    assert any("LINEONE" in row for row in rows)  # the entry is on the seat's screen
    assert not [row for row in rows if "\n" in row or "\t" in row]
    assert sent.count("\n") == len(rows) - 1 and "\t" not in sent  # Textual's own row ends, and no other
    assert any("LINEONE ↵ LINETWO X" in row for row in rows)
