"""A notes edit logs a bounded change: the changed span with some context, the lengths and digests of both
whole texts; never both whole texts (49,000 four-byte characters and 656 one-key edits grew a session log by
68 MB, past what any reader took). Undo still restores the whole text exactly: it keeps both sheets."""

from __future__ import annotations

import copy
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.log_entry import describe_change
from vtm_tui.model.text_change import CONTEXT, MAX_SPAN, WHOLE_UP_TO, bounded_change, digest
from vtm_tui.play import sheet_edits
from vtm_tui.play.sheet_batch import batch_edit
from vtm_tui.play.sheet_save import SheetKeeper
from vtm_tui.store.chronicle_store import open_chronicle
from vtm_tui.store.session_log import read_session

from tests.merged_saves import NOW
from tests.merged_saves import copy_in_session as _copy

BAT = "\U0001F987"


def _entries(chronicle: Path) -> list:
    store = open_chronicle(chronicle)
    return read_session(chronicle, store.chronicle.current_session, recover=False).entries


def test_a_one_key_edit_of_huge_notes_logs_a_few_hundred_bytes_and_undo_restores_it_whole(tmp_path) -> None:
    chronicle = _copy(tmp_path, "lisboa-nocturna")
    keeper = SheetKeeper(open_chronicle(chronicle), lambda: NOW, player=True)
    ines = keeper.store.character("Inês")
    pasted = BAT * 49_000
    saved, _ = keeper.apply(ines, sheet_edits.set_text(ines, "notes", pasted))
    path = chronicle / "sessions" / f"{keeper.store.chronicle.current_session:04d}.toml"
    size = path.stat().st_size
    saved, entry = keeper.apply(saved, sheet_edits.set_text(saved, "notes", pasted[:20_000] + "x" + pasted[20_000:]))
    assert path.stat().st_size - size < 4_000  # the whole texts would be 2 × 49,000 × 10 bytes escaped
    change = dict(entry.change)
    assert change["span"] == {"at": 20_000, "before_length": 49_000, "after_length": 49_001,
                              "before_digest": digest(pasted), "after_digest": digest(saved.notes)}
    assert "x" in change["after"] and "x" not in change["before"]
    assert describe_change(change).startswith("notes …")
    _character, undo_entry, _said = keeper.undo()
    assert open_chronicle(chronicle).character("Inês").notes == pasted  # exactly, from the kept sheet
    assert undo_entry.change["span"]["after_digest"] == digest(pasted)
    assert [e.id for e in _entries(chronicle)][-1] == undo_entry.id


def test_a_batch_from_the_sheet_editor_bounds_its_notes_too(tmp_path) -> None:
    chronicle = _copy(tmp_path, "lisboa-nocturna")
    keeper = SheetKeeper(open_chronicle(chronicle), lambda: NOW)
    ines = keeper.store.character("Inês")
    edited = copy.deepcopy(ines)
    edited.notes, edited.concept = "n" * 30_000, "Fado singer"
    edit = batch_edit(ines, edited)
    _saved, entry = keeper.apply(ines, edit)
    assert len(entry.change["after"]["notes"]) <= MAX_SPAN + 2
    assert entry.change["after"]["concept"] == "Fado singer"
    assert entry.change["spans"]["notes"]["after_length"] == 30_000
    keeper.undo()
    assert open_chronicle(chronicle).character("Inês").notes == ines.notes


def test_short_texts_are_logged_whole() -> None:
    change = {"field": "notes", "before": "old", "after": "new words"}
    assert bounded_change(change) is change


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=600), st.text(max_size=600), st.text(max_size=600), st.text(max_size=600))
def test_the_span_is_bounded_and_holds_what_changed(head, old, new, tail) -> None:
    before, after = head + old + tail, head + new + tail
    change = bounded_change({"field": "notes", "before": before, "after": after})
    if max(len(before), len(after)) <= WHOLE_UP_TO:
        assert change["before"] == before and change["after"] == after
        return
    for side, whole in (("before", before), ("after", after)):
        logged = change[side]
        assert len(logged) <= MAX_SPAN + 2
        assert change["span"][f"{side}_length"] == len(whole)
        assert change["span"][f"{side}_digest"] == digest(whole)
        at = change["span"]["at"]
        assert whole[:at] == before[:at] == after[:at]
        if len(logged.strip("…")) < MAX_SPAN:  # not cut in its middle: the context and the span are there
            assert whole[max(0, at - CONTEXT):at] in logged
