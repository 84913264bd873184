"""A conflict's damage never says what the disk does not hold (issue 27: "sup 5 agg 0" said while the disk held
4 + 1). The tracker worked the damage out on the sheet it had read; another login's damage saved meanwhile was
merged in by the save (a full track turns a Superficial box Aggravated), so the message and the log entry said
``/////`` over a file holding ``X////``. Now such a change is refused whole, the sheet shown as it is, and the
same key then says and logs what is saved."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from ui_support import make_app, screen_text

from tests.ui.conflict_scenes import _Scene
from vtm_tui.conflict.wounds import apply_damage
from vtm_tui.play import sheet_edits
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session
from vtm_tui.ui.screens.conflict import ConflictScreen

INES = "Inês Valadares"
NOW = datetime(2026, 11, 29, 21, 30, tzinfo=timezone.utc)


def _health(chronicle: Path) -> dict:
    return sheet_edits.get_value(open_chronicle(chronicle).character(INES), "health")


def _conflict_damage(chronicle: Path) -> list[dict]:
    """The conflict's damage entries (a seat's own damage edits are logged as ``damage`` too)."""
    return [e.change for e in read_session(chronicle, 3, recover=False).entries
            if e.kind == "damage" and e.comment.startswith("takes ")]


async def test_damage_over_another_logins_merged_damage_says_what_is_saved(lisboa_in_session: Path) -> None:
    chronicle = lisboa_in_session
    keeper = SheetKeeper(open_chronicle(chronicle), lambda: NOW)
    for _ in range(4):  # Health 4 Superficial of 5
        character = keeper.store.character(INES)
        keeper.apply(character, sheet_edits.damage(character, "health", "superficial"))
    _Scene(chronicle, "Alfama rooftops").join(INES)
    app = make_app(chronicle)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConflictScreen)
        other = SheetKeeper(open_chronicle(chronicle), lambda: NOW)  # a seat marks one more meanwhile: full
        theirs = other.store.character(INES)
        other.apply(theirs, sheet_edits.damage(theirs, "health", "superficial"))
        screen.run(lambda t: apply_damage(screen.conflict, t, INES, 1, "superficial"))  # as its key does
        await pilot.pause()
        assert "changed at another login meanwhile; nothing was saved" in " ".join(screen_text(app).split())
        assert _health(chronicle) == {"superficial": 5, "aggravated": 0}  # theirs only
        assert _conflict_damage(chronicle) == []
        screen.run(lambda t: apply_damage(screen.conflict, t, INES, 1, "superficial"))  # again, on what is saved
        await pilot.pause()
        said = " ".join(screen_text(app).split())
    assert _health(chronicle) == {"superficial": 4, "aggravated": 1}
    [logged] = _conflict_damage(chronicle)
    assert logged["after"] == "X////" and f"{INES}: ///// → X////" in said
