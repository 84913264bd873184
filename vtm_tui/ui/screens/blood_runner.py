"""Running a Blood dialog choice from any screen: the action, the log entries, the saved sheet.

The coterie's ``b`` and the roll dialog's ``k`` (a compulsion after a messy critical or a bestial
failure) both go through :func:`record_choice`, so a choice is logged and saved the same way
wherever it is made, and a refused one (bad input, Hunger 5, another login's change) is said,
never raised to the terminal.
"""

from __future__ import annotations

from typing import Any

from vtm_tui.errors import VtmError
from vtm_tui.model.character import Character
from vtm_tui.store.errors import ConflictError


def record_choice(screen: Any, character: Character, choice: str, answer: dict[str, Any],
                  on_session_started: Any = None) -> tuple[Any, Character] | str:
    """Run ``choice`` for ``character`` and record it: ``(upkeep, saved character)``, or why it was not done."""
    from vtm_tui.play.record import Recorder
    from vtm_tui.ui.screens.blood_dialog import run_choice

    app = screen.app
    store = app.chronicle_store
    if store is None:
        return "no chronicle is open"
    recorder = Recorder(store, app.clock, on_session_started)
    try:
        done = run_choice(character, choice, answer, app.dice, session=recorder.session(), now=app.clock(),
                          oblivion_stains=bool(store.chronicle.option("oblivion_stains")))
        saved = recorder.record(done, character)
    except ConflictError as exc:
        app.notify(f"{exc}\nThe sheets were reloaded from disk; make the change again if it is still needed.",
                   title="Changed by another process", severity="error", timeout=12, markup=False)
        return "another process changed this sheet: reloaded, nothing changed"
    except VtmError as exc:
        return str(exc)
    app.notify(done.summary, title="Blood", markup=False)
    return done, saved
